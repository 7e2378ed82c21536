//! `pdnkit merge`: archives joined with every game as written, sorted by date and round on
//! request, rounds renumbered per event, never written over an input, and the same output for
//! any `--jobs`.

use crate::support::cli;

use cli::{assert_code, run, stderr, stdout, temp_dir};
use std::path::Path;

const A: &str = "fixtures/archive/dups-a.pdn";
const B: &str = "fixtures/archive/dups-b.pdn";

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 temp path")
}

/// The games of a file, as written (blank-line separated; the fixtures have no blank lines
/// inside a game).
fn games(text: &str) -> Vec<String> {
    text.split("\n\n")
        .map(|g| g.trim_end_matches('\n').to_string())
        .filter(|g| !g.is_empty())
        .collect()
}

fn tag<'a>(game: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("[{name} \"");
    game.lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .and_then(|rest| rest.strip_suffix("\"]"))
}

#[test]
fn merged_in_input_order_every_game_as_written() {
    let out = run(&["merge", A, B]);
    assert_code(&out, 0, "merge");
    let a = std::fs::read_to_string(A).expect("fixture");
    let b = std::fs::read_to_string(B).expect("fixture");
    let expected: Vec<String> = games(&a).into_iter().chain(games(&b)).collect();
    assert_eq!(games(&stdout(&out)), expected);
    assert!(stderr(&out).contains("merged 6 games"), "{}", stderr(&out));
}

#[test]
fn sort_orders_by_date_then_round_numerically_with_undated_games_last() {
    let dir = temp_dir("sort");
    let input = dir.join("in.pdn");
    let game = |date: &str, round: &str, white: &str| {
        format!(
            "[Event \"E\"]\n[Date \"{date}\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n\
             [Black \"B\"]\n[Result \"*\"]\n[GameType \"21\"]\n1. 11-15 *\n"
        )
    };
    let text = [
        game("????.??.??", "1", "undated"),
        game("2001.05.02", "10", "d2r10"),
        game("2001.05.02", "9", "d2r9"),
        game("2001.05.01", "2", "d1r2"),
        game("2001.??.??", "1", "year only"),
        game("2001.05.01", "1", "d1r1"),
    ]
    .join("\n");
    std::fs::write(&input, text).expect("write");
    let out = run(&["merge", "--sort", s(&input)]);
    assert_code(&out, 0, "merge --sort");
    let order: Vec<String> = games(&stdout(&out))
        .iter()
        .map(|g| tag(g, "White").expect("White").to_string())
        .collect();
    assert_eq!(
        order,
        ["year only", "d1r1", "d1r2", "d2r9", "d2r10", "undated"],
        "a partial date sorts before the full dates it covers; round 9 before 10"
    );
}

#[test]
fn renumber_rounds_numbers_each_event_in_output_order() {
    let dir = temp_dir("renumber");
    let output = dir.join("merged.pdn");
    let out = run(&[
        "merge",
        "--sort",
        "--renumber-rounds",
        "-o",
        s(&output),
        B,
        A,
    ]);
    assert_code(&out, 0, "merge --renumber-rounds");
    let text = std::fs::read_to_string(&output).expect("written");
    let merged = games(&text);
    assert_eq!(merged.len(), 6);
    // One event: dates 04.01 (three games, old round 1), 04.02 (old round 1), 04.08 (two games,
    // old round 2). Rounds keep one number per old value, in the order first met.
    let rounds: Vec<(&str, &str)> = merged
        .iter()
        .map(|g| {
            (
                tag(g, "Date").expect("Date"),
                tag(g, "Round").expect("Round"),
            )
        })
        .collect();
    assert_eq!(
        rounds,
        [
            ("1999.04.01", "1"),
            ("1999.04.01", "1"),
            ("1999.04.01", "1"),
            ("1999.04.02", "1"),
            ("1999.04.08", "2"),
            ("1999.04.08", "2"),
        ]
    );
    // Nothing else in a game changed: with the Round line set aside, each output game is an
    // input game.
    let strip = |g: &str| -> String {
        g.lines()
            .filter(|l| !l.starts_with("[Round "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let inputs: Vec<String> = [A, B]
        .iter()
        .flat_map(|p| games(&std::fs::read_to_string(p).expect("fixture")))
        .map(|g| strip(&g))
        .collect();
    for g in &merged {
        assert!(inputs.contains(&strip(g)), "changed beyond its Round:\n{g}");
    }
}

#[test]
fn renumber_gives_a_round_to_games_without_one_and_counts_per_event() {
    let dir = temp_dir("events");
    let input = dir.join("in.pdn");
    let text = "[Event \"X\"]\n[Round \"7\"]\n[Result \"*\"]\n[GameType \"21\"]\n1. 11-15 *\n\n\
                [Event \"Y\"]\n[Result \"*\"]\n[GameType \"21\"]\n1. 9-14 *\n\n\
                [Event \"X\"]\n[Round \"8\"]\n[Result \"*\"]\n[GameType \"21\"]\n1. 10-15 *\n";
    std::fs::write(&input, text).expect("write");
    let out = run(&["merge", "--renumber-rounds", s(&input)]);
    assert_code(&out, 0, "renumber");
    let merged = games(&stdout(&out));
    let rounds: Vec<(&str, &str)> = merged
        .iter()
        .map(|g| {
            (
                tag(g, "Event").expect("Event"),
                tag(g, "Round").expect("Round"),
            )
        })
        .collect();
    assert_eq!(rounds, [("X", "1"), ("Y", "1"), ("X", "2")]);
}

#[test]
fn the_output_is_never_an_input_and_an_empty_run_is_an_error() {
    let out = run(&["merge", "-o", A, A, B]);
    assert_code(&out, 2, "-o names an input");
    let before = std::fs::read_to_string(A).expect("fixture");
    assert!(before.starts_with("[Event \"Club championship\"]"));
    let dir = temp_dir("empty");
    let empty = dir.join("empty.pdn");
    std::fs::write(&empty, "").expect("write");
    let out = run(&["merge", s(&empty)]);
    assert_code(&out, 2, "no games: not a clean merge");
    assert!(stderr(&out).contains("no games found"), "{}", stderr(&out));
}

#[test]
fn the_same_output_for_any_jobs() {
    for flags in [&[][..], &["--sort", "--renumber-rounds"][..]] {
        let with = |jobs: &str| {
            let args = [
                &["merge", "-q", "-j", jobs][..],
                flags,
                &["fixtures/archive/", "fixtures/standard/"],
            ]
            .concat();
            run(&args)
        };
        let (one, two) = (with("1"), with("2"));
        assert!(!one.stdout.is_empty());
        assert_eq!(one.stdout, two.stdout, "{flags:?}");
        assert_eq!(one.status.code(), two.status.code());
    }
}
