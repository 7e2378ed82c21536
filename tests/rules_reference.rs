//! The bitboard generator against the plain reference generator, on random games and random
//! positions of every supported variant.

use crate::support::convert as convert_support;
use crate::support::rules as common;

use convert_support::random_game as random_pdn_game;
use pdnkit::finding::Code;
use pdnkit::notation::Color;
use pdnkit::reader::{ReadOptions, read_str};
use pdnkit::replay;
use pdnkit::replay::matcher::{self, Reading};
use pdnkit::rules::movegen::{self, Duplicates, Relax};
use pdnkit::rules::reference;
use pdnkit::rules::rulebook::{ALL, CANADIAN, THAI};
use pdnkit::rules::{Bits, Cell, KingRun, Move, MoveList, Position, Precedence, Rules};
use proptest::prelude::*;

pub(crate) fn assert_same(pos: &Position) -> Result<(), TestCaseError> {
    let fast = common::as_reference(pos);
    let slow = reference::legal_moves(pos);
    prop_assert_eq!(
        &fast,
        &slow,
        "{} {}",
        pos.rules().variant,
        pdnkit::fen::FenSetup::to_string(&pos.to_setup())
    );
    Ok(())
}

/// Plays a random game (choices from `picks`) and compares the generators at every ply.
fn random_game(rules: &'static Rules, picks: &[u16]) -> Result<(), TestCaseError> {
    let mut pos = Position::initial(rules);
    for &p in picks {
        assert_same(&pos)?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(&moves[p as usize % moves.len()]);
    }
    Ok(())
}

/// A random position: each cell empty or holding a man or king of either side; men on their
/// own promotion row are left out. Where the variant limits a king's consecutive moves
/// (Frisian), the side to move gets a run of 1 to 4 moves on one of its kings.
fn random_position(rules: &'static Rules, cells: &[u8], black_to_move: bool) -> Position {
    let geo = &rules.board;
    let mut men: [Bits; 2] = [0; 2];
    let mut kings: [Bits; 2] = [0; 2];
    for (i, cell) in pdnkit::rules::board::CellIter(geo.cells).enumerate() {
        let bit: Bits = 1 << cell;
        match cells.get(i).copied().unwrap_or(0) % 10 {
            0 => men[0] |= bit & !rules.promotion_cells(Color::White),
            1 => men[1] |= bit & !rules.promotion_cells(Color::Black),
            2 => kings[0] |= bit,
            3 => kings[1] |= bit,
            _ => {}
        }
    }
    let to_move = if black_to_move {
        Color::Black
    } else {
        Color::White
    };
    let pos = Position::from_parts(rules, to_move, men, kings);
    let mine: Vec<u8> = pdnkit::rules::board::CellIter(pos.kings(to_move)).collect();
    if rules.king_move_limit == 0 || mine.is_empty() {
        return pos;
    }
    let pick = cells.get(60).copied().unwrap_or(0);
    let run = KingRun {
        cell: mine[pick as usize % mine.len()],
        moves: 1 + pick % 4,
    };
    pos.with_king_run(to_move, run)
}

/// An illegal token for `pos` and the finding it must draw: a shorter capture where the
/// variant wants the longest, a plain move while a capture is due, or else a step by a piece
/// of the side not to move. `None` when there is none of these (the side not to move is
/// blocked).
fn mutation(pos: &Position, pick: usize) -> Option<(String, Code)> {
    let legal = pos.legal_moves();
    let relaxed = |relax: Relax| {
        let mut all = MoveList::new();
        movegen::generate_relaxed(pos, &mut all, Duplicates::Merge, relax);
        all.into_iter()
            .filter(|m| !legal.contains(m))
            .collect::<Vec<_>>()
    };
    if legal.first().is_some_and(|m| m.is_capture()) {
        let shorter: Vec<_> = relaxed(Relax {
            precedence: true,
            ..Relax::default()
        })
        .into_iter()
        .filter(|m| m.capture_count() < legal[0].capture_count())
        // A shorter route whose squares a legal capture also lands on may be read as that
        // capture's path with landing squares left out (W-CAPTURE-PATH, a flying king's long
        // route through the same squares): not a clean mutation. The matcher says which.
        .filter(|m| {
            let cells: Vec<Cell> = std::iter::once(m.from)
                .chain(m.path().iter().copied())
                .collect();
            matches!(
                matcher::find_in(pos, &legal, Relax::default(), &cells),
                matcher::Found::None
            )
        })
        .collect();
        if !shorter.is_empty() {
            let m = shorter[pick % shorter.len()];
            // Where a king must capture if it can (Czech and its BrainKing kin), a man's capture
            // breaks that rule, however many it takes.
            let code = match pos.rules().precedence {
                Precedence::KingFirst => Code::CapturePrecedence,
                _ => Code::LongerCaptureRequired,
            };
            return Some((pos.move_full_text(&m), code));
        }
        // A quiet move between the same squares as a legal capture (a king's straight run
        // beside a capture that turns) names that capture with the wrong separator
        // (W-SEPARATOR-MISMATCH): not a clean mutation either.
        let quiet: Vec<_> = relaxed(Relax {
            quiet_with_captures: true,
            ..Relax::default()
        })
        .into_iter()
        .filter(|m| legal.iter().all(|l| (l.from, l.to) != (m.from, m.to)))
        .collect();
        if !quiet.is_empty() {
            return Some((
                pos.move_text(&quiet[pick % quiet.len()]),
                Code::CaptureMandatory,
            ));
        }
    }
    // The other side's moves, played out of turn.
    let other = Position::from_parts(
        pos.rules(),
        pos.to_move().opposite(),
        [pos.men(Color::White), pos.men(Color::Black)],
        [pos.kings(Color::White), pos.kings(Color::Black)],
    );
    let theirs = other.legal_moves();
    let m = theirs.get(pick % theirs.len().max(1))?;
    Some((other.move_text(m), Code::WrongSide))
}

/// A random legal game of `rules` replays without a finding; the same game with the move at
/// `cut` replaced by an illegal one is flagged there, with the code the mutation calls for.
pub(crate) fn replay_random_game(
    rules: &'static Rules,
    seed: u64,
    cut: usize,
) -> Result<(), TestCaseError> {
    let (text, played) = random_pdn_game(rules, seed, 120);
    let games = read_str(&text, ReadOptions::default());
    let r = replay::replay(&games[0], &mut ());
    prop_assert!(r.findings.is_empty(), "{text}\n{:#?}", r.findings);
    prop_assert!(r.main_line_complete);
    prop_assert_eq!(r.main_line_plies as usize, played.len());

    let cut = cut % played.len().max(1);
    let mut pos = Position::initial(rules);
    let mut moves = String::new();
    for (ply, m) in played.iter().take(cut).enumerate() {
        if ply % 2 == 0 {
            moves.push_str(&format!("{}. ", ply / 2 + 1));
        }
        moves.push_str(&pos.move_full_text(m));
        moves.push(' ');
        pos = pos.play(m);
    }
    if pos.legal_moves().is_empty() {
        return Ok(()); // the game had ended: nothing to mutate
    }
    let Some((token, kind)) = mutation(&pos, seed as usize) else {
        return Ok(()); // no illegal move of the kinds above to write here
    };
    let algebraic = pdnkit::rules::Numbering::for_rules(rules).notation
        == pdnkit::variant::SquareNotation::Algebraic;
    if cut == 0 && kind == Code::WrongSide && algebraic {
        // The other side's first move, on an algebraic board, fits the board seen from the
        // other side, and a first move that fits only so is read so (W-NUMBERING-MISMATCH:
        // playstrategy writes English with Black on ranks 1-3): not a clean mutation.
        return Ok(());
    }
    if cut.is_multiple_of(2) {
        moves.push_str(&format!("{}. ", cut / 2 + 1));
    }
    let text = format!("{}\n{moves}{token} *\n", rules.variant.header_tag());
    let r = replay::replay(&read_str(&text, ReadOptions::default())[0], &mut ());
    prop_assert_eq!(r.findings.len(), 1, "{}\n{:#?}", text, r.findings);
    let f = &r.findings[0];
    prop_assert_eq!(f.code, kind, "{}\n{}", text, f.message);
    prop_assert_eq!(f.ply, Some(cut as u32 + 1), "{}", text);
    prop_assert_eq!(r.main_line_plies as usize, cut);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_canadian_and_thai_games_replay_and_a_mutated_move_is_flagged_at_its_ply(
        seed in any::<u64>(),
        cut in any::<usize>(),
    ) {
        for rules in [&CANADIAN, &THAI] {
            replay_random_game(rules, seed, cut)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn generators_agree_on_random_games(picks in prop::collection::vec(any::<u16>(), 150)) {
        for rules in ALL {
            random_game(rules, &picks)?;
        }
    }

    #[test]
    fn generators_agree_on_random_positions(
        cells in prop::collection::vec(any::<u8>(), 72),
        black in any::<bool>(),
    ) {
        // One ply further too, where captures often chain.
        for_random_positions(&cells, black, 8, assert_same)?;
    }
}

/// `check` holds for a random position of every variant, and after each of its first
/// `follow` legal moves.
fn for_random_positions(
    cells: &[u8],
    black: bool,
    follow: usize,
    check: impl Fn(&Position) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    for rules in ALL {
        let pos = random_position(rules, cells, black);
        check(&pos)?;
        for m in pos.legal_moves().iter().take(follow) {
            check(&pos.play(m))?;
        }
    }
    Ok(())
}

/// `generate_from(cell)` is `generate` kept to what a replay needs for a move from `cell`:
/// every move when captures are due (which are legal depends on all), else the moves from
/// `cell`, in the same order. In Hawaiian no jump constrains another: the moves from `cell`.
fn assert_from_is_a_filter(pos: &Position) -> Result<(), TestCaseError> {
    let mut all = MoveList::new();
    movegen::generate(pos, &mut all);
    let independent = pos.rules().movement == pdnkit::rules::Movement::Konane;
    let capturing = all.first().is_some_and(Move::is_capture) && !independent;
    for cell in pdnkit::rules::board::CellIter(pos.rules().board.cells) {
        let mut from = MoveList::new();
        movegen::generate_from(pos, &mut from, cell);
        let expected: Vec<Move> = all
            .iter()
            .filter(|m| capturing || m.from == cell)
            .copied()
            .collect();
        prop_assert_eq!(
            &from[..],
            &expected[..],
            "{} cell {}",
            pos.rules().variant,
            cell
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn generating_from_one_square_keeps_what_a_replay_needs(
        cells in prop::collection::vec(any::<u8>(), 72),
        black in any::<bool>(),
    ) {
        for_random_positions(&cells, black, 4, assert_from_is_a_filter)?;
    }
}

/// What a [`matcher::Found`] names, routes compared in full (`Move`'s `==` ignores the route).
fn named(moves: &MoveList, found: matcher::Found) -> Option<(Cell, Vec<Cell>, Reading)> {
    let route = |m: &Move, reading| Some((m.from, m.path().to_vec(), reading));
    match found {
        matcher::Found::At(i, reading) => route(&moves[i], reading),
        matcher::Found::Route(m, reading) => route(&m, reading),
        matcher::Found::Many(_) | matcher::Found::None => None,
    }
}

/// `find_in`'s shortcut (a route written in full, found in the legal list) names the move the
/// full search of every route names: each route of `pos` written in full, and written with a
/// landing square left out (which the shortcut passes on).
fn assert_full_routes_match_the_search(pos: &Position) -> Result<(), TestCaseError> {
    let relax = Relax::default();
    let mut legal = MoveList::new();
    movegen::generate(pos, &mut legal);
    let mut routes = MoveList::new();
    movegen::generate_with(pos, &mut routes, Duplicates::Keep);
    for route in routes.iter().filter(|m| m.capture_count() >= 2) {
        let full: Vec<Cell> = std::iter::once(route.from)
            .chain(route.path().iter().copied())
            .collect();
        let mut short = full.clone();
        short.remove(1);
        for cells in [full, short] {
            let fast = matcher::find_in(pos, &legal, relax, &cells);
            let slow = matcher::find_among_routes(pos, &legal, relax, &cells);
            prop_assert_eq!(
                named(&legal, fast),
                named(&legal, slow),
                "{} {} {:?}",
                pos.rules().variant,
                pdnkit::fen::FenSetup::to_string(&pos.to_setup()),
                cells
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn a_route_written_in_full_names_what_the_search_of_every_route_names(
        cells in prop::collection::vec(any::<u8>(), 72),
        black in any::<bool>(),
    ) {
        for_random_positions(&cells, black, 4, assert_full_routes_match_the_search)?;
    }
}

/// A move keeps only its landing squares, on the ground that each leg, from one landing square
/// to the next along one line, passes exactly one captured piece not jumped by an earlier leg
/// (it may pass the empty square of one that was, where pieces are removed at once): every
/// route of `pos` (duplicates kept) names its captured set so, leg by leg. (An opening removal
/// of Hawaiian takes its own square and has no leg.)
fn assert_landing_squares_name_the_captures(pos: &Position) -> Result<(), TestCaseError> {
    let geo = &pos.rules().board;
    let mut routes = MoveList::new();
    movegen::generate_with(pos, &mut routes, Duplicates::Keep);
    for m in routes.iter().filter(|m| m.is_capture() && !m.is_removal()) {
        let mut named: Bits = 0;
        let mut at = m.from;
        for &land in m.path() {
            // The line from `at` that reaches `land`, and the squares strictly between.
            let between = (0..8u8).find_map(|d| {
                let (mut s, mut passed) = (geo.step(1 << at, d), 0 as Bits);
                while s != 0 && s != 1 << land {
                    passed |= s;
                    s = geo.step(s, d);
                }
                (s != 0).then_some(passed)
            });
            prop_assert!(between.is_some(), "{:?}: no line from {at} to {land}", m);
            let jumped = between.unwrap_or(0) & m.captured & !named;
            prop_assert_eq!(jumped.count_ones(), 1, "{:?}: leg {} to {}", m, at, land);
            named |= jumped;
            at = land;
        }
        prop_assert_eq!(named, m.captured, "{:?}", m);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn a_route_s_landing_squares_name_its_captures(
        cells in prop::collection::vec(any::<u8>(), 72),
        black in any::<bool>(),
    ) {
        for_random_positions(&cells, black, 4, assert_landing_squares_name_the_captures)?;
    }
}

/// `Generator::quiet_move` (a quiet move found legal without a list) names the quiet move
/// `generate` lists for the same squares, piece and promotion included, and finds every one
/// of them except where `capture_may_be_due` (which must hold wherever a capture is due).
fn assert_quiet_move_is_the_listed_one(pos: &Position) -> Result<(), TestCaseError> {
    let rules = pos.rules();
    let generator = movegen::Generator::new(rules);
    let setup = || pdnkit::fen::FenSetup::to_string(&pos.to_setup());
    let mut all = MoveList::new();
    movegen::generate(pos, &mut all);
    let me = pos.to_move();
    let may_capture = generator.capture_may_be_due(pos);
    if all.first().is_some_and(Move::is_capture) {
        prop_assert!(may_capture, "{} {}", rules.variant, setup());
    }
    let whole = |m: &Move| {
        (
            m.from,
            m.to,
            m.piece,
            m.promotes,
            m.captured,
            m.path().to_vec(),
        )
    };
    for from in pdnkit::rules::board::CellIter(pos.pieces(me)) {
        for to in pdnkit::rules::board::CellIter(rules.board.cells) {
            let listed: Vec<&Move> = all
                .iter()
                .filter(|m| !m.is_capture() && m.from == from && m.to == to)
                .collect();
            match generator.quiet_move(pos, from, to) {
                Some(found) => {
                    prop_assert_eq!(
                        listed.len(),
                        1,
                        "{} {} {}-{}",
                        rules.variant,
                        setup(),
                        from,
                        to
                    );
                    prop_assert_eq!(
                        whole(&found),
                        whole(listed[0]),
                        "{} {}",
                        rules.variant,
                        setup()
                    );
                }
                None => prop_assert!(
                    listed.is_empty() || may_capture,
                    "{} {}: {}-{} is listed but not found",
                    rules.variant,
                    setup(),
                    from,
                    to
                ),
            }
        }
    }
    // Squares beyond any board are no move, not a panic.
    prop_assert!(generator.quiet_move(pos, 200, 0).is_none());
    prop_assert!(generator.quiet_move(pos, 0, 255).is_none());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn a_quiet_move_found_without_a_list_is_the_one_generate_lists(
        cells in prop::collection::vec(any::<u8>(), 72),
        black in any::<bool>(),
        picks in prop::collection::vec(any::<u16>(), 120),
    ) {
        // Random positions (captures often due) and the positions of a random game of each
        // variant (mostly quiet, kings late).
        for_random_positions(&cells, black, 4, assert_quiet_move_is_the_listed_one)?;
        for rules in ALL {
            let mut pos = Position::initial(rules);
            for &p in &picks {
                assert_quiet_move_is_the_listed_one(&pos)?;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(&moves[p as usize % moves.len()]);
            }
        }
    }
}

/// A replay that asks for every legal move at each ply, and so never takes the quiet-move
/// shortcut: the reference for a replay that does.
struct EveryLegalMove;

impl replay::Visitor for EveryLegalMove {
    fn on_move(&mut self, _: &replay::MoveEvent) {}
}

/// A random game of `rules` with the token at `cut` rewritten: a random `a-b`, `axb` or `a:b`
/// (legal or not, quiet or not), or the token that was there with its separator swapped.
fn rewritten_game(rules: &'static Rules, seed: u64, cut: usize, pick: u32) -> String {
    let (text, _) = random_pdn_game(rules, seed, 90);
    let (header, moves) = text.split_once("\n\n").expect("a header");
    let mut tokens: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    let plies: Vec<usize> = (0..tokens.len())
        .filter(|&i| {
            tokens[i].starts_with(|c: char| c.is_ascii_digit()) && !tokens[i].ends_with('.')
        })
        .collect();
    if let Some(&at) = plies.get(cut % plies.len().max(1)) {
        let squares = rules.board.cells.count_ones();
        let (a, b) = (1 + pick % squares, 1 + pick / 64 % squares);
        tokens[at] = match pick % 4 {
            0 => format!("{a}-{b}"),
            1 => format!("{a}x{b}"),
            2 => format!("{a}:{b}"),
            _ if tokens[at].contains('-') => tokens[at].replace('-', "x"),
            _ => tokens[at].replace(['x', ':'], "-"),
        };
    }
    format!("{header}\n\n{}\n", tokens.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn replaying_with_the_quiet_move_shortcut_finds_what_the_full_generator_finds(
        seed in any::<u64>(),
        cut in any::<usize>(),
        pick in any::<u32>(),
    ) {
        for rules in ALL {
            // Numeric notation only: the rewrites above are written in numbers.
            let text = rewritten_game(rules, seed, cut, pick);
            // (A rewrite can read as a result, `1-1`, and end the game there: each is compared.)
            for game in read_str(&text, ReadOptions::default()) {
                let fast = replay::replay(&game, &mut ());
                let full = replay::replay(&game, &mut EveryLegalMove);
                prop_assert_eq!(&fast.findings, &full.findings, "{}", text);
                prop_assert_eq!(fast.main_line_plies, full.main_line_plies, "{}", text);
                prop_assert_eq!(fast.end, full.end, "{}", text);
            }
        }
    }
}
