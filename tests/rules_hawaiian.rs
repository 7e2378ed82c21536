//! Hawaiian checkers, Konane, as BrainKing plays it (docs/rules.md, "Hawaiian";
//! https://brainking.com/en/GameRules?tp=94): the full start, the two opening removals, jumps
//! held to one line with an optional stop, and the bitboard generator against the reference at
//! every node of the tree. (Its random games, replayed clean and flagged where one move is made
//! illegal, are in tests/rules_brainking.rs with the family's.)

use crate::support::convert::main_line;
use crate::support::rules as common;
use pdnkit::notation::Color;
use pdnkit::reader::{ReadOptions, read_str};
use pdnkit::rules::rulebook::HAWAIIAN;
use pdnkit::rules::{Position, perft};

#[test]
fn hawaiian_starts_on_a_full_board_black_to_remove_first() {
    let start = Position::initial(&HAWAIIAN);
    assert_eq!(
        start.to_move(),
        Color::Black,
        "\"Black player starts the game\""
    );
    assert_eq!(start.pieces(Color::White).count_ones(), 32);
    assert_eq!(start.pieces(Color::Black).count_ones(), 32);
    // White on the dark squares (a1, file + rank even), Black on the light ones.
    let white = common::position(&HAWAIIAN, "B:Wa1,c1,h8:Ba8,b1,h1");
    assert_eq!(white.pieces(Color::White) & !start.pieces(Color::White), 0);
    assert_eq!(white.pieces(Color::Black) & !start.pieces(Color::Black), 0);
}

#[test]
fn the_opening_removals_are_four_then_twelve_two_ply_sequences() {
    let start = Position::initial(&HAWAIIAN);
    // The corners a8, h1 and the centre squares d5, e4 of the long diagonal.
    assert_eq!(common::full(&start), ["a8xa8", "d5xd5", "e4xe4", "h1xh1"]);
    let after_d5 = start.play(&start.legal_moves()[0]);
    let second: Vec<String> = {
        let first = start
            .legal_moves()
            .into_iter()
            .find(|m| start.move_text(m) == "d5xd5")
            .unwrap();
        common::full(&start.play(&first))
    };
    assert_eq!(second, ["c5xc5", "d4xd4", "d6xd6", "e5xe5"]);
    assert!(after_d5.legal_moves().iter().all(|m| m.is_removal()));
    // A corner has two neighbours, a centre square four: 2 + 2 + 4 + 4.
    assert_eq!(perft(&start, 2), 12);
}

#[test]
fn a_jump_goes_on_in_one_line_only_and_may_stop_after_any_jump() {
    // White a1 jumps b1 to c1, d1 to e1, f1 to g1 along the first rank, stopping after any of
    // them; it may not turn up the c-file over c2 (c3 is empty).
    let pos = common::position(&HAWAIIAN, "W:Wa1,h8:Bb1,d1,c2,f1");
    assert_eq!(common::full(&pos), ["a1xc1", "a1xc1xe1", "a1xc1xe1xg1"]);
    // Vertical too, in all four directions, and no promotion on the far row.
    let pos = common::position(&HAWAIIAN, "W:Wd4:Bd5,d3,c4,e4,d7");
    assert_eq!(
        common::full(&pos),
        ["d4xb4", "d4xd2", "d4xd6", "d4xd6xd8", "d4xf4"]
    );
    let crowned = pos.legal_moves().iter().filter(|m| m.promotes).count();
    assert_eq!(crowned, 0);
}

#[test]
fn the_side_that_cannot_jump_has_no_move() {
    // Black to move, nothing of White's next to a Black piece with a hole behind it.
    let pos = common::position(&HAWAIIAN, "B:Wa1,c3:Bh8,a2");
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn hawaiian_agrees_with_the_reference_at_every_node_to_depth_6() {
    let start = Position::initial(&HAWAIIAN);
    let counts = common::agreed_perfts(&start, 6);
    println!("hawaiian perft 1-6: {counts:?}");
    // The two removals (4, then 12 sequences), then jumps; beyond depth 2 the figures are the
    // two generators' agreement, not a published table (none was found).
    assert_eq!(counts, [4, 12, 28, 172, 892, 7124]);
}

/// The fixture's clean game, its removals written `e4xe4 e3xe3` or as one square each.
fn fixture_game(removals: &str) -> pdnkit::reader::Game {
    let text = std::fs::read_to_string("fixtures/check/hawaiian.pdn").unwrap();
    let text = text.replacen("1. e4xe4 e3xe3 2.", &format!("1. {removals} 2."), 1);
    assert!(text.contains(removals), "{removals}");
    read_str(&text, ReadOptions::default()).remove(0)
}

#[test]
fn a_removal_written_as_one_square_is_the_move_from_that_square_to_itself() {
    let bare = fixture_game("e4 e3");
    let first = bare.moves.iter().next().unwrap();
    assert_eq!(first.squares().len(), 1);
    assert_eq!(first.canonical(), "e4");
    let written = main_line(&fixture_game("e4xe4 e3xe3"));
    assert_eq!(written.len(), 45, "the whole game replays");
    assert!(written[0].is_removal() && written[1].is_removal());
    assert_eq!(main_line(&bare), written);
    // Either way round, and the two forms mixed.
    assert_eq!(main_line(&fixture_game("e4 e3xe3")), written);
    assert_eq!(main_line(&fixture_game("e4xe4 e3")), written);
    // A strength mark or a comment glued to the square ends it as it ends any move.
    assert_eq!(main_line(&fixture_game("e4! e3{removed}")), written);
}

mod cli {
    use crate::support::cli::{
        assert_code, converted, draws_its_board, perft, run, stdout, temp_dir,
    };

    /// The codes of a game's errors and warnings (notes left out) in a JSON report.
    fn faults(game: &serde_json::Value) -> Vec<&str> {
        game["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["level"] == "error" || f["level"] == "warning")
            .filter_map(|f| f["code"].as_str())
            .collect()
    }

    #[test]
    fn the_fixture_checks_draws_and_converts_and_its_rules_file_counts_the_same() {
        let fixture = "fixtures/check/hawaiian.pdn";
        let out = run(&["check", fixture, "--format", "json"]);
        assert_code(&out, 1, "check: the second game's turning jump");
        let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        let games = &report["files"][0]["games"];
        assert_eq!(games[0]["variant"], "hawaiian");
        assert_eq!(games[0]["plies_replayed"], 45);
        assert_eq!(faults(&games[0]), Vec::<&str>::new());
        assert_eq!(faults(&games[1]), ["E-ILLEGAL-MOVE"]);

        let dir = temp_dir("hawaiian");
        draws_its_board(fixture, "hawaiian", &dir);

        // Converted, the removals keep their capture separator and the clean game reads back
        // clean.
        let (text, first) = converted(fixture, "hawaiian", &dir, 1);
        assert!(text.contains("1. e4xe4 e3xe3 2. c4xe4"), "{text:.900}");
        assert_eq!(first["plies_replayed"], first["plies_recorded"]);
        assert_eq!(faults(&first), Vec::<&str>::new());

        // The row written as a rules file and read back counts as the row does.
        let rules = stdout(&run(&["rules", "--variant", "hawaiian"]));
        assert!(rules.contains("movement = \"konane\""), "{rules}");
        let file = dir.join("hawaiian.toml");
        std::fs::write(&file, &rules).unwrap();
        assert_eq!(
            perft(&["--rules", file.to_str().unwrap(), "4"]),
            perft(&["--variant", "hawaiian", "4"])
        );
        assert_eq!(perft(&["--variant", "hawaiian", "4"]), "172");
    }

    #[test]
    fn a_removal_out_of_place_or_written_as_a_step_is_reported_as_such() {
        let dir = temp_dir("hawaiian-removals");
        let file = dir.join("removals.pdn");
        std::fs::write(
            &file,
            "[Variant \"Hawaiian\"]\n\n1. b1xb1 *\n\n\
             [Variant \"Hawaiian\"]\n\n1. d5-d5 d4xd4 2. f5xd5 *\n",
        )
        .unwrap();
        let out = run(&["check", file.to_str().unwrap()]);
        assert_code(&out, 1, "one error, one warning");
        let text = stdout(&out);
        assert!(
            text.contains("E-ILLEGAL-MOVE") && text.contains("b1 may not be removed here"),
            "{text}"
        );
        assert!(
            text.contains("W-SEPARATOR-MISMATCH") && text.contains("PDN writes it d5xd5"),
            "{text}"
        );
    }

    /// A one-square move outside Hawaiian's removals: a located E-ILLEGAL-MOVE that says only
    /// the removals are written so and lists the legal moves; the rest of the line is not
    /// replayed. A number alone reads as it always has (unreadable text, replay going on).
    #[test]
    fn a_move_of_one_square_elsewhere_is_a_located_illegal_move() {
        let dir = temp_dir("hawaiian-one-square");
        let file = dir.join("one-square.pdn");
        std::fs::write(
            &file,
            "[GameType \"21\"]\n\n1. 11-15 d5 2. 22-17 *\n\n\
             [GameType \"20\"]\n\n1. 32-28 e4 2. 28-22 *\n\n\
             [Variant \"Hawaiian\"]\n\n1. e4 e3 2. c4 *\n\n\
             [GameType \"21\"]\n\n1. 11-15 32 23-19 *\n",
        )
        .unwrap();
        let out = run(&["check", file.to_str().unwrap(), "--format", "json"]);
        assert_code(&out, 1, "three illegal moves");
        let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        let games = report["files"][0]["games"].as_array().unwrap();
        for (game, line, column, token, says) in [
            (
                &games[0],
                3,
                10,
                "d5",
                "in english, a move names its from and to squares",
            ),
            (&games[1], 7, 10, "e4", "in international, a move names"),
            (
                &games[2],
                11,
                13,
                "c4",
                "a move written as one square is a removal",
            ),
        ] {
            assert_eq!(faults(game), ["E-ILLEGAL-MOVE"], "{game}");
            let finding = &game["findings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|f| f["code"] == "E-ILLEGAL-MOVE")
                .unwrap();
            assert_eq!(finding["token"], token);
            assert_eq!(finding["span"]["line"], line);
            assert_eq!(finding["span"]["column"], column);
            let message = finding["message"].as_str().unwrap();
            assert!(message.contains(says), "{message}");
            assert!(message.contains("not replayed"), "{message}");
            if token != "c4" {
                assert!(
                    message.contains("only Hawaiian's opening removals"),
                    "{message}"
                );
            }
            assert!(!finding["legal_moves"].as_array().unwrap().is_empty());
            assert_eq!(game["plies_replayed"], if token == "c4" { 2 } else { 1 });
        }
        let mut legal: Vec<&str> = games[2]["findings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["code"] == "E-ILLEGAL-MOVE")
            .unwrap()["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        legal.sort_unstable();
        assert_eq!(legal, ["c4xe4", "e6xe4", "g4xe4"]);
        // `32` alone is no move: unreadable text, as before, and the replay goes on past it.
        assert_eq!(faults(&games[3]), ["E-UNREADABLE-TEXT"]);
        assert_eq!(games[3]["plies_replayed"], 2);
    }

    /// `convert` writes a removal `e4xe4` whichever way it was read (the form pdnkit has always
    /// written; `d5` reads too): to PDN, JSON and positions, and each reads back to the same
    /// moves.
    #[test]
    fn removals_read_as_one_square_convert_to_from_square_to_itself_and_back() {
        let dir = temp_dir("hawaiian-convert-one-square");
        let bare = dir.join("bare.pdn");
        let text = std::fs::read_to_string("fixtures/check/hawaiian.pdn").unwrap();
        let first_game = &text[..text.find("% 2.").unwrap()];
        std::fs::write(&bare, first_game.replacen("1. e4xe4 e3xe3", "1. e4 e3", 1)).unwrap();

        let pdn = dir.join("bare-converted.pdn");
        let out = run(&[
            "convert",
            bare.to_str().unwrap(),
            "-o",
            pdn.to_str().unwrap(),
        ]);
        assert_code(&out, 0, "convert to PDN");
        let written = std::fs::read_to_string(&pdn).unwrap();
        assert!(written.contains("1. e4xe4 e3xe3 2. c4xe4"), "{written}");

        let jsonl = dir.join("bare.jsonl");
        let out = run(&[
            "convert",
            bare.to_str().unwrap(),
            "--format",
            "jsonl",
            "-o",
            jsonl.to_str().unwrap(),
        ]);
        assert_code(&out, 0, "convert to JSON");
        let back = stdout(&run(&["convert", jsonl.to_str().unwrap()]));
        assert!(back.contains("1. e4xe4 e3xe3 2. c4xe4"), "{back}");

        let positions = stdout(&run(&[
            "convert",
            bare.to_str().unwrap(),
            "--format",
            "positions",
        ]));
        let played: Vec<String> = positions
            .lines()
            .take(2)
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["move"].to_string())
            .collect();
        assert_eq!(played, ["\"e4xe4\"", "\"e3xe3\""]);

        // A game not replayed (its variant not known) keeps `d5` as written, through the JSON
        // model too, and `--fix` has no separator to add to it.
        let unknown = dir.join("unknown.pdn");
        std::fs::write(&unknown, "[Event \"x\"]\n\n1. d5 e5 *\n").unwrap();
        let unknown_json = dir.join("unknown.jsonl");
        let out = run(&[
            "convert",
            unknown.to_str().unwrap(),
            "--format",
            "jsonl",
            "-o",
            unknown_json.to_str().unwrap(),
        ]);
        assert_code(&out, 0, "not replayed: a warning");
        let back = run(&["convert", unknown_json.to_str().unwrap()]);
        assert_code(&back, 0, "the JSON game reads back");
        assert!(stdout(&back).contains("1. d5 e5 *"), "{}", stdout(&back));
        let fixed = stdout(&run(&["convert", unknown.to_str().unwrap(), "--fix"]));
        assert!(fixed.contains("1. d5 e5 *"), "{fixed}");

        // Each reads back clean, every ply replayed.
        for file in [&bare, &pdn] {
            let out = run(&["check", file.to_str().unwrap(), "--format", "json"]);
            assert_code(&out, 0, "clean");
            let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
            assert_eq!(report["files"][0]["games"][0]["plies_replayed"], 45);
        }
    }

    /// `e4` and `e4xe4` are one move to the archive tools too: `dedup` finds the two writings
    /// one game, `stats` one opening (written `e4xe4`), and `filter --opening` matches both.
    #[test]
    fn archive_tools_read_a_one_square_removal_as_the_removal() {
        let dir = temp_dir("hawaiian-one-square-archive");
        let file = dir.join("two-writings.pdn");
        std::fs::write(
            &file,
            "[Event \"a\"]\n[Variant \"Hawaiian\"]\n\n1. e4 e3 2. c4xe4 d6xd4 *\n\n\
             [Event \"a\"]\n[Variant \"Hawaiian\"]\n\n1. e4xe4 e3xe3 2. c4xe4 d6xd4 *\n\n\
             [Event \"a\"]\n[Variant \"Hawaiian\"]\n\n1. d5 e5 2. b5xd5 *\n",
        )
        .unwrap();
        let path = file.to_str().unwrap();
        let json = |args: &[&str]| -> serde_json::Value {
            serde_json::from_str(&stdout(&run(args))).unwrap()
        };
        let dedup = json(&["dedup", path, "--format", "json"]);
        assert_eq!(dedup["totals"]["groups"], 1, "{dedup}");
        assert_eq!(dedup["totals"]["duplicates"], 1, "{dedup}");

        let stats = json(&["stats", path, "--format", "json"]);
        let top = &stats["openings"]["top"];
        assert_eq!(top[0]["moves"], "e4xe4 e3xe3 c4xe4", "{stats}");
        assert_eq!(top[0]["games"], 2, "{stats}");
        assert_eq!(stats["openings"]["distinct"], 2, "{stats}");

        for opening in ["1. e4 e3", "1. e4xe4 e3"] {
            let filtered = json(&["filter", path, "--opening", opening, "--to", "json"]);
            assert_eq!(filtered["totals"]["matched"], 2, "{opening}: {filtered}");
        }
    }

    #[test]
    fn explain_and_help_name_hawaiians_readings() {
        let out = run(&["explain", "hawaiian"]);
        assert_code(&out, 0, "explain hawaiian");
        let text = stdout(&out);
        assert!(text.contains("hawaiian: replayed"), "{text}");
        assert!(
            text.contains("HAWAIIAN_FIRST_MOVER") && text.contains("1-0 means Black won"),
            "{text}"
        );
        let help = stdout(&run(&["rules", "--help"]));
        for name in ["HAWAIIAN_FIRST_MOVER", "HAWAIIAN_FIRST_REMOVALS"] {
            assert!(help.contains(name), "{name}: {help}");
        }
    }
}
