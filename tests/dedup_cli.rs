//! `pdnkit dedup`: copies found across files, what differs said, the archive written without
//! them (each kept game byte for byte as written), and OCA_2.0 concatenated twice deduplicated
//! back to OCA_2.0 deduplicated.

use crate::support::cli;
use crate::support::corpus;
use crate::support::schema;

use cli::{assert_code, run, stderr, stdout, temp_dir};

const FIXTURES: &str = "fixtures/archive/";
// The two archives of copies by name: `fixtures/archive/` holds other commands' fixtures too.
const DUPS_A: &str = "fixtures/archive/dups-a.pdn";
const DUPS_B: &str = "fixtures/archive/dups-b.pdn";

#[test]
fn copies_across_files_are_listed_with_what_differs_and_exit_1() {
    let out = run(&["dedup", DUPS_A, DUPS_B]);
    assert_code(&out, 1, "duplicates found");
    let text = stdout(&out);
    assert!(
        text.contains("4 copies of a 7-ply game: Ames - Brown"),
        "{text}"
    );
    assert!(
        text.contains("dups-a.pdn:20  game 3  differs: Date\n"),
        "{text}"
    );
    assert!(
        text.contains("dups-b.pdn:10  game 2  differs: Date, Round, White, Black, Result"),
        "{text}"
    );
    assert!(
        text.contains("3 distinct games; 3 copies of 1 of them"),
        "{text}"
    );
}

#[test]
fn json_counts_the_groups_and_copies() {
    let out = run(&["dedup", "--format", "json", DUPS_A, DUPS_B]);
    assert_code(&out, 1, "duplicates found");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["schema"], "pdnkit-dedup/1");
    assert_eq!(doc["totals"]["games"], 6);
    assert_eq!(doc["totals"]["distinct"], 3);
    assert_eq!(doc["totals"]["duplicates"], 3);
    let copies = doc["groups"][0]["copies"].as_array().expect("copies");
    assert_eq!(copies.len(), 4);
    assert_eq!(copies[0]["file"], "fixtures/archive/dups-a.pdn");
    assert_eq!(copies[1]["game"], 3);
    assert_eq!(copies[1]["differs"], serde_json::json!(["Date"]));
}

#[test]
fn json_matches_its_schema_and_the_schema_rejects_drift() {
    let validator = schema::validator("dedup-report.json", None);
    for args in [
        &["dedup", "--format", "json", FIXTURES][..],
        &["dedup", "--format", "json", "--near", FIXTURES][..],
    ] {
        let out = run(args);
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        schema::assert_valid(&validator, &doc, &format!("{args:?}"));
        let mut drifted = doc.clone();
        drifted["totals"]["copies"] = serde_json::json!(3);
        assert!(!validator.is_valid(&drifted), "an unknown total is refused");
        let mut drifted = doc;
        drifted["groups"][0]["copies"][0]["game"] = serde_json::json!(0);
        assert!(!validator.is_valid(&drifted), "games count from 1");
    }
}

#[test]
fn with_tags_only_exact_copies_count() {
    let out = run(&["dedup", "--tags", DUPS_A, DUPS_B]);
    assert_code(&out, 1, "one exact copy");
    let text = stdout(&out);
    assert!(text.contains("2 copies of a 7-ply game"), "{text}");
    assert!(!text.contains("differs"), "{text}");
}

#[test]
fn near_lists_only_copies_that_differ() {
    let a = "[White \"x\"]\n1. 32-28 19-23 *\n\n[White \"x\"]\n1. 32-28 19-23 *\n\n\
             [White \"y\"]\n1. 31-27 *\n\n[White \"z\"]\n1. 31-27 *\n";
    let dir = temp_dir("near");
    let path = dir.join("near.pdn");
    std::fs::write(&path, a).expect("write");
    let path = path.to_str().expect("utf-8");
    let all = stdout(&run(&["dedup", "--variant", "international", path]));
    let groups = |text: &str| text.lines().filter(|l| l.contains(" copies of a ")).count();
    assert_eq!(groups(&all), 2, "{all}");
    let near = run(&["dedup", "--near", "--variant", "international", path]);
    assert_code(&near, 1, "a near duplicate");
    let text = stdout(&near);
    assert_eq!(groups(&text), 1, "{text}");
    assert!(text.contains("differs: White"), "{text}");
}

#[test]
fn an_archive_without_copies_is_clean() {
    let dir = temp_dir("clean");
    let path = dir.join("clean.pdn");
    std::fs::write(
        &path,
        "1. 32-28 19-23 *\n\n1. 32-28 19-24 *\n\n[Event \"a\"]\n*\n\n[Event \"b\"]\n*\n",
    )
    .expect("write");
    let out = run(&[
        "dedup",
        "--variant",
        "international",
        path.to_str().expect("utf-8"),
    ]);
    let text = stdout(&out);
    assert_code(&out, 0, "no copies");
    assert!(text.starts_with("read 1 file, 4 games"), "{text}");
    assert!(
        text.contains("4 distinct games; 0 copies of 0 of them"),
        "{text}"
    );
}

#[test]
fn keep_first_writes_each_game_once_as_written() {
    let dir = temp_dir("keep");
    let kept = dir.join("kept.pdn");
    let out = run(&[
        "dedup",
        "--keep",
        "first",
        "-o",
        kept.to_str().expect("utf-8"),
        DUPS_A,
        DUPS_B,
    ]);
    assert_code(&out, 0, "keep first");
    assert!(
        stderr(&out).contains("kept 3 games, dropped 3 duplicates"),
        "{}",
        stderr(&out)
    );
    let text = std::fs::read_to_string(&kept).expect("written");
    // The first copy of the repeated game, the other two games, byte for byte as written.
    let a = std::fs::read_to_string("fixtures/archive/dups-a.pdn").expect("fixture");
    let b = std::fs::read_to_string("fixtures/archive/dups-b.pdn").expect("fixture");
    let a_games: Vec<&str> = a.split("\n\n").collect();
    let b_games: Vec<&str> = b.split("\n\n").collect();
    let expected = format!("{}\n\n{}\n\n{}", a_games[0], a_games[1], b_games[2]);
    assert_eq!(text, expected);
    // Nothing left to drop in what was kept.
    let again = run(&["dedup", kept.to_str().expect("utf-8")]);
    assert_code(&again, 0, "kept archive has no copies");
}

#[test]
fn the_same_output_for_any_jobs() {
    for args in [&["dedup"][..], &["dedup", "--keep", "first"][..]] {
        let one = run(&[args, &["-j", "1", FIXTURES, "fixtures/standard"]].concat());
        let two = run(&[args, &["-j", "2", FIXTURES, "fixtures/standard"]].concat());
        let strip = |s: String| {
            s.lines()
                .filter(|l| !l.starts_with("read "))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(strip(stdout(&one)), strip(stdout(&two)), "{args:?}");
        assert_eq!(one.status.code(), two.status.code());
    }
}

#[test]
fn an_input_is_never_the_output() {
    let out = run(&[
        "dedup",
        "--keep",
        "first",
        "-o",
        "fixtures/archive/dups-a.pdn",
        FIXTURES,
    ]);
    assert_code(&out, 2, "-o names an input");
    assert!(
        stderr(&out).contains("is also an input"),
        "{}",
        stderr(&out)
    );
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn oca_twice_dedups_back_to_oca_alone() {
    let Some(oca) = corpus::corpus("english/OCA_2.0.pdn") else {
        return;
    };
    let oca = oca.to_str().expect("utf-8");
    let once = run(&["dedup", "--keep", "first", oca]);
    let twice = run(&["dedup", "--keep", "first", oca, oca]);
    assert_code(&once, 0, "OCA once");
    assert_code(&twice, 0, "OCA twice");
    assert!(!once.stdout.is_empty());
    assert!(
        once.stdout == twice.stdout,
        "OCA twice keeps other games than OCA once"
    );
    // Every game of the second copy was dropped, besides the copies OCA holds itself.
    let count = |out: &std::process::Output, word: &str| -> u64 {
        let text = stderr(out);
        let at = text
            .find(word)
            .unwrap_or_else(|| panic!("{word} in {text}"));
        text[..at]
            .split_whitespace()
            .last()
            .unwrap()
            .parse()
            .unwrap()
    };
    let (kept, dropped) = (count(&once, " games, dropped"), count(&once, " duplicates"));
    assert_eq!(kept + dropped, 22_621, "every OCA game kept or dropped");
    assert_eq!(count(&twice, " games, dropped"), kept);
    assert_eq!(count(&twice, " duplicates"), dropped + 22_621);

    // The games kept are OCA's own text, byte for byte: OCA without the texts of the copies
    // the listing names.
    let listing = run(&["dedup", "--format", "json", oca]);
    let doc: serde_json::Value = serde_json::from_slice(&listing.stdout).expect("json");
    let dropped_games: std::collections::HashSet<u64> = doc["groups"]
        .as_array()
        .expect("groups")
        .iter()
        .flat_map(|g| g["copies"].as_array().expect("copies")[1..].to_vec())
        .map(|c| c["game"].as_u64().expect("game"))
        .collect();
    assert_eq!(dropped_games.len() as u64, dropped);
    let options = pdnkit::reader::ReadOptions {
        keep_source: true,
        ..Default::default()
    };
    let file = std::fs::File::open(oca).expect("OCA");
    let expected: String = pdnkit::reader::Reader::new(std::io::BufReader::new(file), options)
        .map(|g| g.expect("read"))
        .filter(|g| !dropped_games.contains(&g.index))
        .map(|g| g.source.expect("kept").into_string())
        .collect();
    assert!(
        once.stdout == expected.as_bytes(),
        "the games kept are not OCA's text as written"
    );

    // And what was kept, concatenated twice, deduplicates to itself.
    let dir = temp_dir("oca-kept");
    let kept_path = dir.join("kept.pdn");
    std::fs::write(&kept_path, [&once.stdout[..], &once.stdout[..]].concat()).expect("write");
    let again = run(&[
        "dedup",
        "--keep",
        "first",
        kept_path.to_str().expect("utf-8"),
    ]);
    assert_code(&again, 0, "kept twice");
    assert!(again.stdout == once.stdout, "kept twice is not kept once");
}

#[test]
fn keep_first_gives_an_archive_without_copies_back_byte_for_byte() {
    let dir = temp_dir("identity");
    // Odd spacing: comments before and between games, three blank lines, none, spaces after a
    // terminator, CRLF line ends in one game.
    let text = "{before all}\n[Event \"a\"]\n1. 11-15 23-19 *\n\n\n\n[Event \"b\"]\r\n1. 11-15 23-18 *\r\n   \n{between}\n[Event \"c\"]\n1. 9-13 22-18 1-0\n[Event \"d\"]\n1. 9-14 22-18 *\n";
    let path = dir.join("odd.pdn");
    std::fs::write(&path, text).expect("write");
    let twice = dir.join("twice.pdn");
    std::fs::write(&twice, text.repeat(2)).expect("write");
    for input in [&path, &twice] {
        let out = run(&["dedup", "--keep", "first", input.to_str().expect("utf-8")]);
        assert_code(&out, 0, "keep first");
        assert_eq!(stdout(&out), text, "{}", input.display());
    }
    // Other archive tools copy games the same way: every game filtered is the file.
    let out = run(&["filter", path.to_str().expect("utf-8")]);
    assert_code(&out, 0, "filter");
    assert_eq!(stdout(&out), text);
}
