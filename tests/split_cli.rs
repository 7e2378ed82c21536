//! `pdnkit split`: files of N games and files per tag value, every game written as it was
//! written, names made safe, nothing overwritten without `--force`, the same files for any
//! `--jobs`, and OCA_2.0 split and read back whole.

use crate::support::cli;
use crate::support::corpus;

use cli::{assert_code, run, stderr, stdout, temp_dir};
use std::collections::BTreeMap;
use std::path::Path;

/// A game of English draughts with the given Event, Round and Date (one opening move each, so
/// every game replays clean).
fn game(event: &str, round: &str, date: &str, opening: &str) -> String {
    format!(
        "[Event \"{event}\"]\n[Date \"{date}\"]\n[Round \"{round}\"]\n[White \"W\"]\n[Black \"B\"]\n\
         [Result \"*\"]\n[GameType \"21\"]\n1. {opening} *\n"
    )
}

/// The files of `dir` (not hidden ones) with their text.
fn files(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .expect("out dir")
        .map(|e| e.expect("entry"))
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(e.path()).expect("read output");
            (name, text)
        })
        .collect()
}

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 temp path")
}

/// `pdnkit split --by event --out-dir OUT INPUT`.
fn split_by_event(out_dir: &Path, input: &Path) -> std::process::Output {
    run(&["split", "--by", "event", "--out-dir", s(out_dir), s(input)])
}

#[test]
fn by_count_cuts_in_order_and_the_parts_rejoin_to_the_input() {
    let dir = temp_dir("count");
    let input = dir.join("in.pdn");
    let games: Vec<String> = ["11-15", "9-14", "10-15", "12-16", "11-16"]
        .iter()
        .enumerate()
        .map(|(i, m)| game("Open", &(i + 1).to_string(), "2001.05.01", m))
        .collect();
    std::fs::write(&input, games.join("\n")).expect("write");
    let out_dir = dir.join("out");
    let out = run(&["split", "--games", "2", "--out-dir", s(&out_dir), s(&input)]);
    assert_code(&out, 0, "split by count");
    let written = files(&out_dir);
    let names: Vec<&str> = written.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        ["games-0001.pdn", "games-0002.pdn", "games-0003.pdn"]
    );
    // Each game as written, the blank line after it its own: the parts, concatenated, are
    // the input byte for byte.
    assert_eq!(
        written["games-0001.pdn"],
        format!("{}\n{}\n", games[0], games[1])
    );
    assert_eq!(written["games-0003.pdn"], games[4]);
    let rejoined: String = written.values().map(String::as_str).collect();
    assert_eq!(rejoined, std::fs::read_to_string(&input).unwrap());
    let text = stdout(&out);
    assert!(text.contains("wrote 5 games to 3 files"), "{text}");
    assert!(
        text.contains("2  "),
        "the listing counts games per file: {text}"
    );
}

#[test]
fn by_event_names_files_safely_and_keeps_hostile_values_apart() {
    let dir = temp_dir("event");
    let input = dir.join("in.pdn");
    let text = [
        game("../../etc/passwd", "1", "2001.05.01", "11-15"),
        game("CON", "1", "2001.05.01", "9-14"),
        game("Club: A/B", "1", "2001.05.01", "10-15"),
        game("Club  A B", "2", "2001.05.01", "12-16"),
        game("club: a/b", "3", "2001.05.01", "11-16"),
        game("?", "1", "2001.05.01", "9-13"),
        game("Club: A/B", "2", "2001.05.02", "10-14"),
    ]
    .join("\n");
    std::fs::write(&input, &text).expect("write");
    let out_dir = dir.join("out");
    let out = split_by_event(&out_dir, &input);
    assert_code(&out, 0, "split by event");
    let written = files(&out_dir);
    // Nothing escaped the directory, no hidden or temporary file is left behind.
    assert!(!dir.join("etc").exists());
    for name in written.keys() {
        assert!(!name.starts_with('.'), "{name}");
        assert!(name.ends_with(".pdn"), "{name}");
        assert!(
            name.chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.')),
            "{name}"
        );
    }
    // Seven games, six distinct values (three spell `Club A B` alike but differ): each value its
    // own file, the Windows device name `CON` renamed, the `?` game in unknown.pdn.
    assert_eq!(written.len(), 6, "{:?}", written.keys());
    assert!(written.contains_key("unknown.pdn"), "{:?}", written.keys());
    assert!(!written.contains_key("CON.pdn"), "{:?}", written.keys());
    let club: Vec<&String> = written
        .iter()
        .filter(|(_, t)| t.contains("[Event \"Club: A/B\"]"))
        .map(|(n, _)| n)
        .collect();
    assert_eq!(club.len(), 1, "both Club: A/B games in one file");
    assert_eq!(written[club[0]].matches("[Event").count(), 2);
    let all: usize = written.values().map(|t| t.matches("[Event").count()).sum();
    assert_eq!(all, 7);
}

#[test]
fn an_existing_file_is_never_replaced_without_force() {
    let dir = temp_dir("force");
    let input = dir.join("in.pdn");
    std::fs::write(
        &input,
        [
            game("A", "1", "2001", "11-15"),
            game("B", "1", "2001", "9-14"),
        ]
        .join("\n"),
    )
    .expect("write");
    let out_dir = dir.join("out");
    std::fs::create_dir_all(&out_dir).expect("mkdir");
    std::fs::write(out_dir.join("B.pdn"), "keep me").expect("write");
    let out = split_by_event(&out_dir, &input);
    assert_code(&out, 2, "B.pdn exists");
    assert!(stderr(&out).contains("B.pdn exists"), "{}", stderr(&out));
    // Nothing was written: not A.pdn, not a temporary file, and B.pdn untouched.
    let left = files(&out_dir);
    assert_eq!(left.len(), 1, "{:?}", left.keys());
    assert_eq!(left["B.pdn"], "keep me");
    let out = run(&[
        "split",
        "--by",
        "event",
        "--force",
        "--out-dir",
        s(&out_dir),
        s(&input),
    ]);
    assert_code(&out, 0, "--force");
    assert!(files(&out_dir)["B.pdn"].contains("[Event \"B\"]"));
}

#[test]
fn a_split_needs_a_way_to_cut_and_a_positive_count() {
    let dir = temp_dir("usage");
    let out_dir = dir.join("out");
    let out = run(&["split", "--out-dir", s(&out_dir), "fixtures/archive/"]);
    assert_code(&out, 2, "neither --games nor --by");
    let out = run(&[
        "split",
        "--games",
        "0",
        "--out-dir",
        s(&out_dir),
        "fixtures/archive/",
    ]);
    assert_code(&out, 2, "--games 0");
}

#[test]
fn the_same_files_for_any_jobs() {
    let dir = temp_dir("jobs");
    for by in ["event", "round", "variant", "date-year"] {
        let one = dir.join(format!("{by}-1"));
        let two = dir.join(format!("{by}-2"));
        for (jobs, out_dir) in [("1", &one), ("2", &two)] {
            let out = run(&[
                "split",
                "--by",
                by,
                "-j",
                jobs,
                "-q",
                "--out-dir",
                s(out_dir),
                "fixtures/archive/",
                "fixtures/standard/",
            ]);
            assert!(
                matches!(out.status.code(), Some(0 | 1)),
                "{by}: {}",
                stderr(&out)
            );
        }
        let (a, b) = (files(&one), files(&two));
        assert!(!a.is_empty(), "{by}");
        assert_eq!(a, b, "--by {by}");
    }
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn oca_split_by_year_reads_back_to_every_game() {
    let Some(oca) = corpus::corpus("english/OCA_2.0.pdn") else {
        return;
    };
    let dir = temp_dir("oca");
    let out_dir = dir.join("out");
    let out = run(&[
        "split",
        "--by",
        "date-year",
        "-q",
        "--out-dir",
        s(&out_dir),
        s(&oca),
    ]);
    assert_code(&out, 0, "OCA split");
    // Every game is in exactly one file: the files, checked together, hold as many games (and
    // as many errors) as OCA itself.
    let whole = run(&["check", "--format", "json", s(&oca)]);
    let parts = run(&["check", "--format", "json", s(&out_dir)]);
    let totals = |out: &std::process::Output| {
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        let totals = &doc["totals"];
        let count = |name: &str| totals[name].as_u64().unwrap_or_else(|| panic!("{name}"));
        (
            count("games"),
            count("moves"),
            count("errors"),
            count("warnings"),
        )
    };
    let (games, ..) = totals(&whole);
    assert_eq!(games, 22_621, "OCA_2.0 has 22,621 games");
    assert_eq!(totals(&whole), totals(&parts));
    assert!(files(&out_dir).len() > 10);
}
