//! `pdnkit filter` on `fixtures/archive/filter.pdn` (seven games, one per row below), one test
//! per predicate, `--not`, combinations, each output format, and OCA_2.0 split by result.
//!
//! | game | event, site, date | White - Black | result | variant, plies |
//! |---|---|---|---|---|
//! | 1 | Glasgow Open 1905, Glasgow, 1905.03.12 | Jordan - Ferrie | 1-0 | English, 42 |
//! | 2 | Glasgow Open 1905, Glasgow, 1905.??.?? | Ferrie - Stewart | 1/2-1/2 | English, 40 |
//! | 3 | Manchester Club Championship, Manchester, 1888.06.?? | Wyllie - Martins | 0-1 | English, 22 |
//! | 4 | Edinburgh Match, Edinburgh, 1847.??.?? | Anderson - Wyllie | 1/2-1/2 | English, 67 |
//! | 5 | Dutch Championship, Amsterdam, 1950.05.20 | Roozenburg - Keller | 2-0 | International, 10 |
//! | 6 | World Championship, Moscow, 1964.??.?? | Shchegolev - Sijbrands | 0-2 | International, 10 |
//! | 7 | Casual game, London, ????.??.?? | Stewart - Jordan | * | English, 3 (E-ILLEGAL-MOVE) |

use crate::support::cli;
use crate::support::corpus;
use crate::support::schema;

use cli::{assert_code, run, stderr, stdout, temp_dir};
use serde_json::Value;

const FIXTURE: &str = "fixtures/archive/filter.pdn";

/// The indices of the games `filter ARGS FIXTURE` writes (read from its JSON Lines).
#[track_caller]
fn matched(args: &[&str]) -> Vec<u64> {
    let out = run(&[&["filter", "--to", "jsonl", "-q"], args, &[FIXTURE]].concat());
    let code = out.status.code();
    assert!(
        code == Some(0) || code == Some(1),
        "{args:?}: exit {code:?}\n{}",
        stderr(&out)
    );
    let indices: Vec<u64> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
        .filter(|v| v["type"] == "game")
        .map(|v| v["game"]["index"].as_u64().expect("index"))
        .collect();
    // Exit code 0 exactly when something matched, as grep.
    assert_eq!(
        code,
        Some(if indices.is_empty() { 1 } else { 0 }),
        "{args:?}"
    );
    indices
}

/// `filter ARGS FIXTURE` must be refused as a usage error saying `message`.
#[track_caller]
fn refused(args: &[&str], message: &str) {
    let out = run(&[&["filter"], args, &[FIXTURE]].concat());
    assert_code(&out, 2, &format!("{args:?}"));
    assert!(stdout(&out).is_empty(), "{args:?} wrote games");
    assert!(
        stderr(&out).contains(message),
        "{args:?}: expected `{message}` in\n{}",
        stderr(&out)
    );
}

#[test]
fn the_fixture_is_legal_but_for_its_one_finding() {
    let out = run(&["check", "--format", "json", FIXTURE]);
    assert_code(&out, 1, "one error");
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    let games = doc["files"][0]["games"].as_array().expect("games");
    assert_eq!(games.len(), 7);
    let codes: Vec<(u64, &str)> = games
        .iter()
        .flat_map(|g| {
            let index = g["index"].as_u64().unwrap();
            g["findings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|f| f["level"] != "note")
                .map(move |f| (index, f["code"].as_str().unwrap()))
        })
        .collect();
    assert_eq!(codes, vec![(7, "E-ILLEGAL-MOVE")]);
}

#[test]
fn player_is_white_or_black_in_any_case() {
    assert_eq!(matched(&["--player", "JORDAN"]), [1, 7]);
    assert_eq!(matched(&["--player", "wyllie"]), [3, 4]);
    assert_eq!(matched(&["--player", "Alexander"]), [2, 7]);
    assert_eq!(matched(&["--player", "Tinsley"]), [] as [u64; 0]);
}

#[test]
fn white_and_black_look_at_one_side() {
    assert_eq!(matched(&["--white", "wyllie"]), [3]);
    assert_eq!(matched(&["--black", "wyllie"]), [4]);
    assert_eq!(matched(&["--white", "jordan", "--black", "ferrie"]), [1]);
}

#[test]
fn event_and_site_are_substrings() {
    assert_eq!(matched(&["--event", "glasgow open"]), [1, 2]);
    assert_eq!(matched(&["--event", "championship"]), [3, 5, 6]);
    assert_eq!(matched(&["--site", "EDINBURGH"]), [4]);
}

#[test]
fn regex_makes_the_text_predicates_patterns() {
    assert_eq!(
        matched(&["--regex", "--player", "^(jordan|stewart),"]),
        [1, 2, 7]
    );
    // The same text without --regex is a substring nobody's name holds.
    assert_eq!(matched(&["--player", "^(jordan|stewart),"]), [] as [u64; 0]);
    assert_eq!(
        matched(&["--regex", "--event", "^(?-i)world"]),
        [] as [u64; 0]
    );
    assert_eq!(matched(&["--regex", "--site", "^m"]), [3, 6]);
}

#[test]
fn date_ranges_open_closed_and_partial() {
    assert_eq!(matched(&["--date", "1900.."]), [1, 2, 5, 6]);
    assert_eq!(matched(&["--date", "..1900"]), [3, 4]);
    assert_eq!(matched(&["--date", "1905"]), [1, 2]);
    // 1905.??.?? may be any day of 1905: not wholly in March.
    assert_eq!(matched(&["--date", "1905.03..1905.03"]), [1]);
    assert_eq!(matched(&["--date", "1888-06-01..1888-06-30"]), [3]);
    assert_eq!(matched(&["--date", "1950.05.20"]), [5]);
    // A game without a known year is in no range, and so in every negated one.
    assert_eq!(matched(&["--not", "--date", "1800.."]), [7]);
}

#[test]
fn results_as_tokens_or_by_colour() {
    assert_eq!(matched(&["--result", "1-0"]), [1]);
    assert_eq!(matched(&["--result", "2-0"]), [5]);
    assert_eq!(matched(&["--result", "1/2-1/2"]), [2, 4]);
    assert_eq!(matched(&["--result", "*"]), [7]);
    // A token names the first mover's win: English `1-0` (game 1) is Black's, `0-1` (game 3)
    // White's; International `2-0` (game 5) White's, `0-2` (game 6) Black's.
    assert_eq!(matched(&["--result", "white"]), [3, 5]);
    assert_eq!(matched(&["--result", "Black"]), [1, 6]);
    assert_eq!(matched(&["--result", "draw"]), [2, 4]);
}

/// `--winner` and `--loser` read the player of the side that won or lost, by the result as
/// `--result` reads it (English `1-0` is Black's win, International `2-0` White's), whichever
/// colour that player had; a draw or an unfinished game has neither.
#[test]
fn winner_and_loser_are_the_players_of_the_result() {
    // Game 1, English 1-0: Ferrie (Black) beat Jordan; game 2, a draw, had Ferrie as White.
    assert_eq!(matched(&["--winner", "ferrie"]), [1]);
    assert_eq!(matched(&["--loser", "JORDAN"]), [1]);
    // Game 3, English 0-1: Wyllie (White) beat Martins; game 4, Wyllie's draw, is neither.
    assert_eq!(matched(&["--winner", "wyllie"]), [3]);
    assert_eq!(matched(&["--loser", "martins"]), [3]);
    // International: 2-0 is White's (game 5), 0-2 Black's (game 6).
    assert_eq!(matched(&["--winner", "roozenburg"]), [5]);
    assert_eq!(matched(&["--winner", "sijbrands"]), [6]);
    assert_eq!(matched(&["--loser", "shchegolev"]), [6]);
    // Stewart drew game 2 and left game 7 unfinished: no win, no loss.
    assert_eq!(matched(&["--winner", "stewart"]), Vec::<u64>::new());
    assert_eq!(matched(&["--loser", "stewart"]), Vec::<u64>::new());
    // With --regex, patterns; with --not, negated as every predicate.
    assert_eq!(
        matched(&["--regex", "--winner", "^(wyllie|ferrie),"]),
        [1, 3]
    );
    assert_eq!(matched(&["--not", "--loser", "jordan"]), [2, 3, 4, 5, 6, 7]);
}

#[test]
fn variant_is_the_variant_the_game_is_read_in() {
    assert_eq!(matched(&["--variant-is", "international"]), [5, 6]);
    assert_eq!(matched(&["--variant-is", "21"]), [1, 2, 3, 4, 7]);
    assert_eq!(matched(&["--variant-is", "russian"]), [] as [u64; 0]);
}

#[test]
fn plies_count_the_main_line_as_recorded() {
    assert_eq!(matched(&["--plies", "..10"]), [5, 6, 7]);
    assert_eq!(matched(&["--plies", "40..42"]), [1, 2]);
    assert_eq!(matched(&["--plies", "67"]), [4]);
    assert_eq!(matched(&["--plies", "60.."]), [4]);
}

#[test]
fn has_finds_games_with_a_finding_of_that_code() {
    assert_eq!(matched(&["--has", "E-ILLEGAL-MOVE"]), [7]);
    assert_eq!(matched(&["--has", "e-illegal-move"]), [7]);
    assert_eq!(matched(&["--has", "W-DATE-FORMAT"]), [] as [u64; 0]);
    assert_eq!(
        matched(&["--not", "--has", "E-ILLEGAL-MOVE"]),
        [1, 2, 3, 4, 5, 6]
    );
}

#[test]
fn position_reached_on_the_main_line_with_its_side_to_move() {
    // After 1. 11-15 23-18: games 2 and 3.
    let after_two = "B:W18,21,22,24-32:B1-10,12,15";
    assert_eq!(matched(&["--position", after_two]), [2, 3]);
    assert_eq!(
        matched(&["--position", "W:W18,21,22,24-32:B1-10,12,15"]),
        [] as [u64; 0],
        "the same squares with the other side to move"
    );
    // The start position counts; game 7 reaches it before its illegal move.
    assert_eq!(matched(&["--position", "B:W21-32:B1-12"]), [1, 2, 3, 4, 7]);
    // Deep in game 4 (ply 10), and an International position (ply 4 of game 5), pieces listed
    // in any order.
    assert_eq!(
        matched(&[
            "--position",
            "B:W32,31,30,29,27,26,25,21,20,19,13:B18,12,10,9,8,7,6,4,3,2,1"
        ]),
        [4]
    );
    assert_eq!(
        matched(&["--position", "W:W28,31-36,38-50:B1-11,13-20,23"]),
        [5]
    );
}

#[test]
fn opening_compares_moves_not_text() {
    assert_eq!(
        matched(&["--opening", "1. 11-15 23-18 2. 8-11 26-23 3. 10-14 30-26"]),
        [2, 3]
    );
    assert_eq!(matched(&["--opening", "11-15 23-19"]), [4]);
    // `15-24` names the capture 15x24: the same move, written otherwise.
    assert_eq!(matched(&["--opening", "1.11-15 24-19 2.15-24"]), [1]);
    assert_eq!(matched(&["--opening", "1. 32-28"]), [5]);
    // Longer than the game's main line as replayed (game 7 stops at its illegal move).
    assert_eq!(matched(&["--opening", "11-15 24-20 15-11"]), [] as [u64; 0]);
}

#[test]
fn not_negates_only_the_next_predicate() {
    assert_eq!(matched(&["--not", "--player", "wyllie"]), [1, 2, 5, 6, 7]);
    assert_eq!(
        matched(&["--not", "--player", "jordan", "--event", "glasgow"]),
        [2]
    );
    assert_eq!(
        matched(&["--event", "glasgow", "--not", "--player", "jordan"]),
        [2]
    );
    assert_eq!(
        matched(&["--player", "jordan", "--not", "--event", "glasgow"]),
        [7]
    );
    assert_eq!(
        matched(&[
            "--not",
            "--result",
            "draw",
            "--not",
            "--variant-is",
            "english"
        ]),
        [5, 6]
    );
    // Options between `--not` and its predicate do not matter.
    assert_eq!(
        matched(&["--not", "--regex", "--site", "^g"]),
        [3, 4, 5, 6, 7]
    );
}

#[test]
fn predicates_combine_with_and_and_may_repeat() {
    assert_eq!(matched(&["--player", "ferrie", "--player", "jordan"]), [1]);
    assert_eq!(matched(&["--event", "glasgow", "--result", "draw"]), [2]);
    assert_eq!(matched(&["--date", "1800..", "--date", "..1900"]), [3, 4]);
    assert_eq!(
        matched(&[
            "--variant-is",
            "english",
            "--plies",
            "20..",
            "--position",
            "B:W21-32:B1-12"
        ]),
        [1, 2, 3, 4]
    );
    assert_eq!(matched(&[]), [1, 2, 3, 4, 5, 6, 7]);
}

#[test]
fn source_output_is_the_games_as_written() {
    let input = std::fs::read_to_string(FIXTURE).expect("fixture");
    let all = run(&["filter", FIXTURE]);
    assert_code(&all, 0, "every game");
    assert_eq!(stdout(&all), input, "no predicate: the archive itself");
    let some = run(&["filter", "--site", "glasgow", "--site", "o", FIXTURE]);
    let text = stdout(&some);
    let games: Vec<&str> = text.split_terminator("\n\n").collect();
    assert_eq!(games.len(), 2, "{text}");
    for game in games {
        assert!(input.contains(game), "not a slice of the input:\n{game}");
    }
    assert!(
        text.starts_with("% source:"),
        "game 1 keeps its header comment"
    );
}

#[test]
fn pdn_output_is_what_convert_writes_of_the_same_games() {
    let dir = temp_dir("pdn");
    let picked = dir.join("picked.pdn");
    let out = run(&[
        "filter",
        "--not",
        "--has",
        "E-ILLEGAL-MOVE",
        "-o",
        picked.to_str().unwrap(),
        FIXTURE,
    ]);
    assert_code(&out, 0, "six games");
    let filtered = run(&[
        "filter",
        "--to",
        "pdn",
        "--not",
        "--has",
        "E-ILLEGAL-MOVE",
        FIXTURE,
    ]);
    assert_code(&filtered, 0, "six games as canonical PDN");
    let converted = run(&["convert", "-q", picked.to_str().unwrap()]);
    assert_code(&converted, 0, "convert");
    assert_eq!(stdout(&filtered), stdout(&converted));
    assert!(stdout(&filtered).contains("[GameType \"20,W,10,10,N2,0\"]"));
}

#[test]
fn json_output_is_one_document_of_game_models() {
    let out = run(&[
        "filter",
        "--to",
        "json",
        "--variant-is",
        "international",
        FIXTURE,
    ]);
    assert_code(&out, 0, "two games");
    let doc: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["schema"], "pdnkit-filter/1");
    let report = schema::validator("filter-report.json", None);
    schema::assert_valid(&report, &doc, "filter --to json");
    let mut drifted = doc.clone();
    drifted["totals"]["copies"] = serde_json::json!(1);
    assert!(!report.is_valid(&drifted), "an unknown total is refused");
    let games = doc["games"].as_array().expect("games");
    assert_eq!(games.len(), 2);
    let validator = schema::validator("game.json", None);
    for entry in games {
        assert_eq!(entry["file"], FIXTURE);
        schema::assert_valid(&validator, &entry["game"], "a filtered game");
    }
    assert_eq!(games[1]["game"]["index"], 6);
    assert_eq!(
        doc["totals"],
        serde_json::json!({"files": 1, "games": 7, "matched": 2, "unreadable_files": 0})
    );
    // Nothing matched: still a document, with no games.
    let none = run(&["filter", "--to", "json", "--player", "nobody", FIXTURE]);
    assert_code(&none, 1, "nothing matched");
    let doc: Value = serde_json::from_slice(&none.stdout).expect("JSON");
    assert_eq!(doc["games"], serde_json::json!([]));
}

#[test]
fn jsonl_output_is_a_game_a_line_then_a_summary() {
    let out = run(&["filter", "--to", "jsonl", "--result", "draw", FIXTURE]);
    assert_code(&out, 0, "two games");
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 3);
    let record = schema::validator("filter-report.json", Some("jsonl_record"));
    for line in &lines {
        schema::assert_valid(&record, line, "a filter --to jsonl line");
    }
    let validator = schema::validator("game.json", None);
    for line in &lines[..2] {
        assert_eq!(line["type"], "game");
        assert_eq!(line["schema"], "pdnkit-filter/1");
        assert_eq!(line["file"], FIXTURE);
        schema::assert_valid(&validator, &line["game"], "a filtered game");
    }
    assert_eq!(lines[2]["type"], "summary");
    assert_eq!(lines[2]["totals"]["matched"], 2);
}

#[test]
fn the_summary_is_on_stderr_and_quiet_leaves_it_out() {
    let out = run(&["filter", "--event", "glasgow", FIXTURE]);
    assert!(
        stderr(&out).starts_with("read 1 file, 7 games"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).ends_with("matched 2 of 7 games\n"),
        "{}",
        stderr(&out)
    );
    // -q lists nothing (filter lists nothing anyway): the summary stays; -qq leaves it out.
    let quiet = run(&["filter", "-q", "--event", "glasgow", FIXTURE]);
    assert!(stderr(&quiet).ends_with("matched 2 of 7 games\n"));
    assert_eq!(quiet.stdout, out.stdout);
    let quieter = run(&["filter", "-qq", "--event", "glasgow", FIXTURE]);
    assert_eq!(stderr(&quieter), "");
    assert_eq!(quieter.stdout, out.stdout);
}

#[test]
fn nothing_matched_is_exit_code_1() {
    let out = run(&["filter", "--player", "nobody", FIXTURE]);
    assert_code(&out, 1, "no match");
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out).contains("matched 0 of 7 games"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn output_file_and_never_an_input() {
    let dir = temp_dir("output");
    let file = dir.join("out.pdn");
    let out = run(&[
        "filter",
        "-q",
        "--site",
        "moscow",
        "-o",
        file.to_str().unwrap(),
        FIXTURE,
    ]);
    assert_code(&out, 0, "-o FILE");
    assert!(out.stdout.is_empty());
    let written = std::fs::read_to_string(&file).expect("written");
    assert!(
        written.starts_with("[Event \"World Championship\"]"),
        "{written}"
    );
    let before = std::fs::read(FIXTURE).expect("fixture");
    let refused = run(&["filter", "--site", "moscow", "-o", FIXTURE, FIXTURE]);
    assert_code(&refused, 2, "-o names the input");
    assert!(
        stderr(&refused).contains("is also an input"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(
        std::fs::read(FIXTURE).expect("fixture"),
        before,
        "the input is intact"
    );
}

#[test]
fn the_same_output_for_any_jobs() {
    for to in ["source", "pdn", "json", "jsonl"] {
        for predicate in [
            &["--plies", "10.."][..],
            &["--not", "--has", "W-DATE-FORMAT"][..],
        ] {
            let args = |jobs| {
                [
                    &["filter", "-q", "--to", to, "-j", jobs][..],
                    predicate,
                    &["fixtures/"],
                ]
                .concat()
            };
            let one = run(&args("1"));
            let two = run(&args("2"));
            assert!(!one.stdout.is_empty(), "{to} {predicate:?}");
            assert!(
                one.stdout == two.stdout,
                "{to} {predicate:?}: -j1 and -j2 differ"
            );
            assert_eq!(one.status.code(), two.status.code());
        }
    }
}

#[test]
fn games_keep_their_numbers_across_chunks() {
    // 210 games: more than one chunk of the pipeline (64 games), so the workers see games
    // numbered within their chunk and the numbers must be put right for any jobs.
    let dir = temp_dir("chunks");
    let many = dir.join("many.pdn");
    let text = std::fs::read_to_string(FIXTURE).expect("fixture");
    std::fs::write(&many, vec![text.as_str(); 30].join("\n")).expect("write");
    let many = many.to_str().unwrap();
    for to in ["json", "jsonl"] {
        let one = run(&["filter", "-q", "--to", to, "-j", "1", many]);
        let two = run(&["filter", "-q", "--to", to, "-j", "2", many]);
        assert_code(&one, 0, to);
        assert!(one.stdout == two.stdout, "{to}: -j1 and -j2 differ");
    }
    let out = run(&[
        "filter",
        "-q",
        "--to",
        "jsonl",
        "-j",
        "2",
        "--has",
        "E-ILLEGAL-MOVE",
        many,
    ]);
    let indices: Vec<u64> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .filter(|v| v["type"] == "game")
        .map(|v| v["game"]["index"].as_u64().expect("index"))
        .collect();
    assert_eq!(indices, (0..30).map(|i| i * 7 + 7).collect::<Vec<u64>>());
}

#[test]
fn an_unreadable_path_is_reported_and_the_rest_still_filtered() {
    let out = run(&["filter", "--site", "moscow", "no/such/file.pdn", FIXTURE]);
    assert_code(&out, 2, "a path cannot be read");
    assert!(
        stderr(&out).contains("no/such/file.pdn"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).contains("[Site \"Moscow\"]"));
}

#[test]
fn bad_predicates_are_usage_errors() {
    refused(&["--regex", "--player", "(jordan"], "bad regex `(jordan`");
    refused(
        &["--position", "W:W21-32:B1-1x"],
        "bad FEN: expected a square",
    );
    refused(&["--position", "?:W21-32:B1-12"], "--position needs W or B");
    refused(
        &["--plies", "5..3"],
        "bad range `5..3`: the lower bound is above the upper one",
    );
    refused(
        &["--date", "1950..1900"],
        "the first date is after the second",
    );
    refused(&["--date", "1950.??"], "expected dates as YYYY");
    refused(&["--result", "3-0"], "bad result `3-0`");
    refused(
        &["--has", "E-ILLEGAL-MOV"],
        "did you mean `E-ILLEGAL-MOVE`?",
    );
    refused(&["--has", "X-NOTHING"], "unknown code `X-NOTHING`");
    refused(&["--opening", "[Event \"x\"]"], "bad opening");
    refused(&["--variant-is", "chess"], "chess");
    refused(
        &["--player", "x", "--not"],
        "--not must come before the predicate",
    );
    refused(
        &["--not", "--not", "--player", "x"],
        "two --not before one predicate",
    );
}

#[test]
fn hostile_patterns_neither_hang_nor_grow_without_bound() {
    // A backtracking engine takes exponential time on `(a*)*b` against a long run of `a`; the
    // regex crate's automata take linear time. A pattern whose automaton would be huge is
    // refused when it is compiled.
    let dir = temp_dir("hostile");
    let path = dir.join("long.pdn");
    let name = "a".repeat(100_000);
    std::fs::write(
        &path,
        format!("[White \"{name}\"]\n[GameType \"21\"]\n1. 11-15 *\n"),
    )
    .expect("write");
    let path = path.to_str().unwrap();
    let started = std::time::Instant::now();
    let out = run(&["filter", "-q", "--regex", "--player", "(a*)*b", path]);
    assert_code(&out, 1, "no match");
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    let out = run(&["filter", "--regex", "--player", "a{1000}{1000}", path]);
    assert_code(&out, 2, "too large a pattern");
    assert!(
        stderr(&out).contains("exceeds size limit"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn no_games_at_all_is_exit_code_2() {
    let dir = temp_dir("empty");
    let path = dir.join("empty.pdn");
    std::fs::write(&path, "").expect("write");
    let out = run(&["filter", path.to_str().unwrap()]);
    assert_code(&out, 2, "no games");
    assert!(stderr(&out).contains("no games found"), "{}", stderr(&out));
}

#[test]
fn the_bad_fen_message_points_at_the_error() {
    let out = run(&["filter", "--position", "W:W21-32:B1-1x", FIXTURE]);
    let text = stderr(&out);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim() == "W:W21-32:B1-1x")
        .expect("the FEN shown");
    let caret = lines[at + 1];
    assert_eq!(caret.find('^'), lines[at].find("1x"), "{text}");
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn oca_split_by_result() {
    let Some(oca) = corpus::corpus("english/OCA_2.0.pdn") else {
        return;
    };
    let oca = oca.to_str().expect("utf-8");
    let indices = |args: &[&str]| -> Vec<u64> {
        let out = run(&[&["filter", "--to", "jsonl", "-q"], args, &[oca]].concat());
        assert_code(&out, 0, &format!("{args:?}"));
        stdout(&out)
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
            .filter(|v| v["type"] == "game")
            .map(|v| v["game"]["index"].as_u64().expect("index"))
            .collect()
    };
    let won = indices(&["--result", "1-0"]);
    let rest = indices(&["--not", "--result", "1-0"]);
    assert_eq!(won.len(), 3_626);
    assert_eq!(rest.len(), 22_621 - 3_626);
    // Together, each game exactly once (compared without printing 22,621 numbers).
    let mut all: Vec<u64> = won.iter().chain(&rest).copied().collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 22_621, "a game in both or in neither");
    assert!(all.first() == Some(&1) && all.last() == Some(&22_621));
    // The summary says the same.
    let out = run(&["filter", "--result", "1-0", "-o", "/dev/null", oca]);
    assert!(
        stderr(&out).contains("matched 3626 of 22621 games"),
        "{}",
        stderr(&out)
    );
    // By colour: English `1-0` is a win for Black, who moves first; `0-1` for White.
    assert_eq!(indices(&["--result", "black"]), won);
    assert_eq!(indices(&["--result", "white"]).len(), 4_803);

    // A player's wins are his wins with Black and his wins with White (OCA writes Black's
    // tag before White's), and so for his losses.
    for name in ["lowder", "tinsley"] {
        let mut wins = indices(&["--black", name, "--result", "black"]);
        wins.extend(indices(&["--white", name, "--result", "white"]));
        wins.sort_unstable();
        assert!(!wins.is_empty(), "{name} won games");
        assert_eq!(indices(&["--winner", name]), wins, "{name}");
        let mut losses = indices(&["--black", name, "--result", "white"]);
        losses.extend(indices(&["--white", name, "--result", "black"]));
        losses.sort_unstable();
        assert_eq!(indices(&["--loser", name]), losses, "{name}");
    }
}
