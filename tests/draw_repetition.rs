//! The draw tracker's threefold repetition (Zobrist hashes, computed only once a reversible move
//! could bring a position back) held to a slow obvious reference: every position since the last
//! irreversible move kept whole and compared piece by piece.

use crate::support::cases;
use pdnkit::draw_rules::{DrawProfile, DrawRule, DrawTracker};
use pdnkit::notation::Color;
use pdnkit::rules::board::{Bits, CellIter};
use pdnkit::rules::{Move, PieceKind, Position, Rules, rulebook};
use proptest::prelude::*;

/// What threefold compares: the pieces and the side to move (not Frisian's king runs).
type Key = (Color, [Bits; 2], [Bits; 2]);

fn key(p: &Position) -> Key {
    (
        p.to_move(),
        [p.men(Color::White), p.men(Color::Black)],
        [p.kings(Color::White), p.kings(Color::Black)],
    )
}

/// The ply of the first third occurrence and the ply the position was first seen, by brute force.
fn reference_threefold(start: &Position, moves: &[Move]) -> Option<(u32, u32)> {
    let mut seen: Vec<(Key, u32)> = vec![(key(start), 0)];
    let mut pos = *start;
    for (i, mv) in moves.iter().enumerate() {
        let ply = i as u32 + 1;
        let after = pos.play(mv);
        let geo = &after.rules().board;
        let man_advanced =
            mv.piece == PieceKind::Man && geo.coords(mv.from).0 != geo.coords(mv.to).0;
        if mv.is_capture() || mv.promotes || man_advanced {
            seen.clear();
        }
        let k = key(&after);
        seen.push((k, ply));
        let same: Vec<u32> = seen
            .iter()
            .filter(|(s, _)| *s == k)
            .map(|&(_, p)| p)
            .collect();
        if same.len() >= 3 {
            return Some((ply, same[0]));
        }
        pos = after;
    }
    None
}

/// Mostly kings, and a few men, of each side on random cells (so that king shuffles repeat).
fn position(rules: &'static Rules, cells: &[u8], black_to_move: bool) -> Position {
    let geo = &rules.board;
    let (mut men, mut kings): ([Bits; 2], [Bits; 2]) = ([0; 2], [0; 2]);
    for (i, cell) in CellIter(geo.cells).enumerate() {
        let bit: Bits = 1 << cell;
        match cells.get(i).copied().unwrap_or(0) % 40 {
            0 | 1 => kings[0] |= bit,
            2 | 3 => kings[1] |= bit,
            4 => men[0] |= bit & !rules.promotion_cells(Color::White),
            5 => men[1] |= bit & !rules.promotion_cells(Color::Black),
            _ => {}
        }
    }
    let side = if black_to_move {
        Color::Black
    } else {
        Color::White
    };
    Position::from_parts(rules, side, men, kings)
}

/// The move to play at a ply: when `back` and the side's own move two plies ago can be undone
/// (a king moving back), that; else the legal move `pick` chooses. Undoing makes repetitions.
fn choose(pos: &Position, played: &[Move], back: bool, pick: u16) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    if back && played.len() >= 2 {
        let own = played[played.len() - 2];
        if let Some(undo) = moves
            .iter()
            .find(|m| m.from == own.to && m.to == own.from && !m.is_capture())
        {
            return Some(*undo);
        }
    }
    Some(moves[pick as usize % moves.len()])
}

proptest! {
    #![proptest_config(cases::cases(600))]

    /// The tracker flags threefold at the ply the reference finds, naming the same first ply.
    #[test]
    fn threefold_matches_the_reference(
        which in 0..rulebook::ALL.len(),
        cells in prop::collection::vec(any::<u8>(), 144),
        black_to_move in any::<bool>(),
        picks in prop::collection::vec((prop::bool::weighted(0.8), any::<u16>()), 0..200),
    ) {
        let rules = rulebook::ALL[which];
        let start = position(rules, &cells, black_to_move);
        let mut tracker = DrawTracker::new(DrawProfile::Official, &start);
        let mut pos = start;
        let mut played = Vec::new();
        for &(back, pick) in &picks {
            let Some(mv) = choose(&pos, &played, back, pick) else {
                break;
            };
            let after = pos.play(&mv);
            tracker.record(&pos, &mv, &after);
            played.push(mv);
            pos = after;
        }
        let flagged = tracker
            .flags()
            .iter()
            .find(|f| f.rule == DrawRule::Threefold)
            .map(|f| (f.ply, f.detail.clone()));
        match reference_threefold(&start, &played) {
            None => prop_assert_eq!(flagged, None),
            Some((ply, first)) => {
                let (at, detail) = flagged.expect("the reference finds a threefold repetition");
                prop_assert_eq!(at, ply);
                let names_first = if first == 0 {
                    detail.contains("start position")
                } else {
                    detail.ends_with(&format!("first seen after ply {first}"))
                };
                prop_assert!(names_first, "{detail} (first seen at ply {first})");
            }
        }
    }
}

/// The generator above does make repetitions (else the property would prove little): of 200
/// games drawn the same way, many repeat a position three times.
#[test]
fn the_generated_games_do_repeat() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut repeated = 0;
    for _ in 0..200 {
        let rules = rulebook::ALL[next() as usize % rulebook::ALL.len()];
        let cells: Vec<u8> = (0..144).map(|_| next() as u8).collect();
        let start = position(rules, &cells, next() % 2 == 0);
        let mut pos = start;
        let mut played = Vec::new();
        for _ in 0..200 {
            let Some(mv) = choose(&pos, &played, next() % 5 != 0, next() as u16) else {
                break;
            };
            played.push(mv);
            pos = pos.play(&mv);
        }
        repeated += usize::from(reference_threefold(&start, &played).is_some());
    }
    eprintln!("{repeated} of 200 games repeat");
    assert!(repeated >= 40, "only {repeated} of 200 games repeat");
}

/// A `/FEN/` inside the moves that only confirms the position the moves reached keeps the
/// count going; one that sets another position starts a new count there.
#[test]
fn a_fen_inside_the_moves_restarts_the_count_only_when_it_moves_the_pieces() {
    use pdnkit::check::{CheckOptions, check_game};
    use pdnkit::reader::{ReadOptions, Reader};
    let game = |fen: &str, rest: &str| {
        format!(
            "[GameType \"21\"]\n[FEN \"W:WK29:BK4\"]\n[Result \"*\"]\n\
             1. 29-25 4-8 {fen} {rest} *\n\n"
        )
    };
    // After ply 2 the board is W:WK25:BK8.
    let on = "2. 25-29 8-4 3. 29-25 4-8 4. 25-29 8-4";
    let again = "2. 29-25 4-8 3. 25-29 8-4 4. 29-25 4-8 5. 25-29 8-4";
    let text = [
        // The start position comes back at plies 4 and 8.
        game("", on),
        // The FEN confirms the board: the same count.
        game("/FEN \"W:WK25:BK8\"/", on),
        // The FEN moves the pieces back to the start: counted from ply 2, again at 6 and 10.
        game("/FEN \"W:WK29:BK4\"/", again),
    ]
    .concat();
    let plies: Vec<Vec<u32>> = Reader::new(text.as_bytes(), ReadOptions::default())
        .map(|g| {
            let report = check_game(&g.unwrap(), &CheckOptions::default());
            assert_eq!(report.plies_replayed, report.plies_recorded);
            let threefold = report
                .draws
                .iter()
                .filter(|d| d.rule == DrawRule::Threefold);
            threefold.map(|d| d.ply).collect()
        })
        .collect();
    assert_eq!(plies, [vec![8], vec![8], vec![10]]);
}
