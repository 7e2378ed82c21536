//! The bitboard generator against the plain reference generator, on random games and random
//! positions of every supported variant.

mod common;

use pdnkit::notation::Color;
use pdnkit::rules::reference;
use pdnkit::rules::variants::ALL;
use pdnkit::rules::{KingRun, Position, Rules};
use proptest::prelude::*;

fn assert_same(pos: &Position) -> Result<(), TestCaseError> {
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
    let mut men = [0u64; 2];
    let mut kings = [0u64; 2];
    for (i, cell) in pdnkit::rules::board::CellIter(geo.cells).enumerate() {
        let bit = 1u64 << cell;
        match cells.get(i).copied().unwrap_or(0) % 10 {
            0 => men[0] |= bit & !geo.row(rules.promotion_row(Color::White)),
            1 => men[1] |= bit & !geo.row(rules.promotion_row(Color::Black)),
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
        cells in prop::collection::vec(any::<u8>(), 64),
        black in any::<bool>(),
    ) {
        for rules in ALL {
            let pos = random_position(rules, &cells, black);
            assert_same(&pos)?;
            // And one ply further, where captures often chain.
            for m in pos.legal_moves().iter().take(8) {
                assert_same(&pos.play(m))?;
            }
        }
    }
}
