//! Parachute Checkers as BrainKing plays it (docs/rules.md, "Parachute";
//! https://brainking.com/en/GameRules?tp=32): the start with four parachutists a side on the
//! opponent's first row, the parachutist's one move (a jump backward off that row, after which
//! it is a man), and the bitboard generator against the reference at every node of the tree
//! under both readings of what the landed man may do. (Its random games, replayed clean and
//! flagged where one move is made illegal, are in tests/rules_brainking.rs with the family's.)

use crate::support::rules as common;
use pdnkit::notation::Color;
use pdnkit::rules::rulebook::{CZECH, PARACHUTE, Parachutists};
use pdnkit::rules::{Position, Rules, SetupError, perft};

/// The other reading of `PARACHUTE_LANDING`: the landed man's move ends with its one jump.
static ONE_JUMP: Rules = Rules {
    parachutists: Parachutists::OneJump,
    ..PARACHUTE
};

#[test]
fn parachute_starts_with_four_parachutists_on_the_opponents_first_row() {
    let expected = common::position(
        &PARACHUTE,
        "W:Wb8,d8,f8,h8,b2,d2,f2,h2,a3,c3,e3,g3:Ba1,c1,e1,g1,b6,d6,f6,h6,a7,c7,e7,g7",
    );
    let start = Position::initial(&PARACHUTE);
    assert_eq!(start, expected);
    assert_eq!(start.to_move(), Color::White);
}

#[test]
fn parachute_has_seven_first_moves_and_agrees_with_the_reference_to_depth_6() {
    let start = Position::initial(&PARACHUTE);
    // a3-b4; c3-b4, d4; e3-d4, f4; g3-f4, h4: the parachutists have nothing to jump yet.
    assert_eq!(perft(&start, 1), 7);
    // Not published: counted here, and by the reference generator at every node.
    assert_eq!(
        common::agreed_perfts(&start, 6),
        [7, 11, 42, 126, 368, 1146]
    );
    // Every White opening empties a square of rank 3 that a Black parachutist can jump to
    // (over b2, d2, f2 or h2), and the jump is compulsory: every reply is one.
    for m in start.legal_moves() {
        let after = start.play(&m);
        for reply in after.legal_moves() {
            let rank = after.move_text(&reply).as_bytes()[1];
            assert!(
                reply.is_capture() && rank == b'1',
                "{}",
                after.move_text(&reply)
            );
        }
    }
}

#[test]
fn the_one_jump_reading_agrees_with_the_reference_too() {
    let start = Position::initial(&ONE_JUMP);
    common::agreed_perfts(&start, 6);
}

#[test]
fn a_parachutists_jump_is_compulsory_and_lands_right_behind_the_piece() {
    // White's man on c3 could step, but the parachutist on d8 can take c7: it must.
    let pos = common::position(&PARACHUTE, "W:Wd8,c3:Bc7,h6");
    assert_eq!(common::full(&pos), ["d8xb6"]);
    // A Black parachutist jumps up off rank 1 the same way.
    let pos = common::position(&PARACHUTE, "B:Wd2,h4:Be1,a7");
    assert_eq!(common::full(&pos), ["e1xc3"]);
}

#[test]
fn the_landed_man_goes_on_capturing_forward_and_is_crowned_on_the_far_row() {
    let fen = "W:Wd8:Be7,g7";
    let pos = common::position(&PARACHUTE, fen);
    assert_eq!(common::full(&pos), ["d8xf6xh8"]);
    let moves = pos.legal_moves();
    assert!(
        moves[0].promotes,
        "a man that ends its capture on rank 8 is crowned"
    );
    let after = pos.play(&moves[0]);
    assert_eq!(after.kings(Color::White).count_ones(), 1);
    assert_eq!(after.men(Color::White), 0);
    // Under the other reading the man stops where it lands.
    let pos = common::position(&ONE_JUMP, fen);
    assert_eq!(common::full(&pos), ["d8xf6"]);
    let after = pos.play(&pos.legal_moves()[0]);
    assert_eq!(after.men(Color::White).count_ones(), 1, "a man on f6 now");
}

#[test]
fn a_queens_capture_comes_before_a_parachutists() {
    // BrainKing: "(***) It is mandatory to capture with a promoted piece if possible"; the
    // parachutist is not one.
    let pos = common::position(&PARACHUTE, "W:WKa1,d8:Bb2,c7");
    let moves = common::full(&pos);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.starts_with("a1x")), "{moves:?}");
}

#[test]
fn a_parachutist_has_no_other_move_and_cannot_be_jumped_on_its_edge() {
    // Nothing to jump: the parachutist cannot move, so White, with no other piece, has lost.
    let pos = common::position(&PARACHUTE, "W:Wd8:Bh2");
    assert!(pos.legal_moves().is_empty());
    // A Black king beside it cannot take it: there is no square behind it.
    let pos = common::position(&PARACHUTE, "B:Wd8,a3:BKc7");
    let moves = pos.legal_moves();
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|m| !m.is_capture()),
        "{:?}",
        common::full(&pos)
    );
}

#[test]
fn a_man_on_its_far_row_is_a_parachutist_in_parachute_and_an_error_in_czech() {
    let setup = pdnkit::fen::parse("W:Wd8:Bc7").unwrap().setup;
    assert!(Position::from_setup(&PARACHUTE, &setup).is_ok());
    assert!(matches!(
        Position::from_setup(&CZECH, &setup),
        Err(SetupError::ManOnPromotionRow { .. })
    ));
}

// ---- The reading as a rules-file switch ----

mod files {
    use crate::support::cli::{assert_code, perft, run, stdout, temp_dir};

    #[test]
    fn the_landing_reading_is_a_switch_of_the_rules_file() {
        let dir = temp_dir("parachute-rules");
        let written = stdout(&run(&["rules", "--variant", "parachute"]));
        assert!(
            written.contains("parachutists = \"jump-then-man\""),
            "{written}"
        );
        assert!(written.contains("PARACHUTE_LANDING"), "{written}");
        let same = dir.join("same.toml");
        std::fs::write(&same, &written).unwrap();
        let one_jump = dir.join("one-jump.toml");
        std::fs::write(
            &one_jump,
            written.replace("\"jump-then-man\"", "\"one-jump\""),
        )
        .unwrap();
        // A man crowned at the end of a parachutist's two jumps, or not, as the file says.
        let fen = ["--fen", "W:Wd8:Be7,g7", "--divide"];
        let row = perft(&[&["--variant", "parachute", "1"], &fen[..]].concat());
        let read_back = perft(&[&["--rules", same.to_str().unwrap(), "1"], &fen[..]].concat());
        let other = perft(&[&["--rules", one_jump.to_str().unwrap(), "1"], &fen[..]].concat());
        assert_eq!(row, read_back);
        assert!(row.starts_with("d8xf6xh8 "), "{row}");
        assert!(
            other.starts_with("d8xf6 ") && !other.contains("h8"),
            "{other}"
        );
    }

    #[test]
    fn the_report_board_says_which_men_are_parachutists() {
        let out = run(&["check", "--color", "never", "fixtures/check/parachute.pdn"]);
        assert_code(&out, 1, "the fixture's compulsory jump");
        let text = stdout(&out);
        assert!(text.contains("legal moves: e1xg3"), "{text}");
        assert!(
            text.contains("(a man on its own far row is a parachutist)"),
            "{text}"
        );
        // No such line under a Czech board, where no man stands on its far row.
        let czech = run(&["check", "--color", "never", "fixtures/check/czech.pdn"]);
        assert!(
            !stdout(&czech).contains("parachutist"),
            "{}",
            stdout(&czech)
        );
    }

    #[test]
    fn a_rules_file_written_before_parachutists_has_none() {
        let dir = temp_dir("parachute-older-file");
        let written = stdout(&run(&["rules", "--variant", "czech"]));
        let older: String = written
            .lines()
            .filter(|l| !l.starts_with("parachutists"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_ne!(older, written, "the line was there to drop");
        let file = dir.join("czech.toml");
        std::fs::write(&file, older).unwrap();
        for depth in ["4", "6"] {
            assert_eq!(
                perft(&["--rules", file.to_str().unwrap(), depth]),
                perft(&["--variant", "czech", depth])
            );
        }
    }
}
