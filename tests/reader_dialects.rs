//! Dialects of real archives read as their authors meant: `-` as the terminator, stray text in
//! front of a game, a `[` that opens no tag. Each reads its games, gives one finding of one
//! level, and `convert` keeps what was written or says what it repaired.

use serde_json::Value;
use std::process::Command;

fn pdnkit(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("pdnkit runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

/// Each game's findings in `file`, as (code, level) pairs, from `check --format json --notes`.
fn findings(file: &str) -> Vec<Vec<(String, String)>> {
    let (json, _) = pdnkit(&["check", file, "--format", "json", "--notes", "--no-config"]);
    let report: Value = serde_json::from_str(&json).expect("a JSON report");
    report["files"][0]["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| {
            g["findings"]
                .as_array()
                .expect("findings")
                .iter()
                .map(|f| {
                    let text = |k: &str| f[k].as_str().expect(k).to_string();
                    (text("code"), text("level"))
                })
                .collect()
        })
        .collect()
}

fn write(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("pdnkit-reader-dialects-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path.to_str().expect("UTF-8 path").to_string()
}

#[test]
fn a_dash_terminator_is_no_result_with_one_warning_and_fix_writes_a_star() {
    let file = write(
        "dash.pdn",
        "[Event \"a\"]\n[GameType \"20\"]\n[Result \"-\"]\n1. 32-28 19-23 -\n\n\
         [Event \"b\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n",
    );
    let games = findings(&file);
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(
        games[0],
        [(
            "W-NONSTANDARD-TERMINATOR".to_string(),
            "warning".to_string()
        )]
    );
    assert!(games[1].is_empty(), "{games:?}");
    let (pdn, notices) = pdnkit(&["convert", &file, "--to", "pdn", "--fix"]);
    assert!(
        pdn.contains("[Result \"*\"]") && pdn.contains("19-23 *"),
        "{pdn}"
    );
    assert!(!pdn.contains(" -\n"), "{pdn}");
    assert!(notices.contains("note[FIX-RESULT-TAG]"), "{notices}");
    assert!(notices.contains("note[FIX-RESULT-TOKEN]"), "{notices}");
    // Without --fix the terminator is written as it was.
    let (kept, _) = pdnkit(&["convert", &file, "--to", "pdn"]);
    assert!(kept.contains("19-23 -\n"), "{kept}");
}

#[test]
fn stray_text_before_a_game_is_one_warning_of_that_game_and_kept_as_a_comment() {
    let file = write(
        "stray.pdn",
        "3\n1\n[Event \"a\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n\n\
         12\n[Event \"b\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n",
    );
    let games = findings(&file);
    let stray = ("W-TEXT-BEFORE-GAME".to_string(), "warning".to_string());
    assert_eq!(games, [vec![stray.clone()], vec![stray]]);
    let (pdn, _) = pdnkit(&["convert", &file, "--to", "pdn"]);
    assert!(pdn.starts_with("{3\n1}\n[Event \"a\"]"), "{pdn}");
    assert!(pdn.contains("{12}\n[Event \"b\"]"), "{pdn}");
}

#[test]
fn a_bracket_that_opens_no_tag_is_one_warning_wherever_it_stands() {
    let file = write(
        "brackets.pdn",
        "[\n[Event \"a\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n\n\
         [[Event \"b\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n\n\
         [Event \"c\"]\n[\n[GameType \"20\"]\n1. 32-28 19-23 *\n",
    );
    let games = findings(&file);
    let stray = vec![("W-STRAY-BRACKET".to_string(), "warning".to_string())];
    assert_eq!(games, [stray.clone(), stray.clone(), stray], "{games:?}");
    let (json, _) = pdnkit(&["parse", &file, "--format", "json"]);
    let report: Value = serde_json::from_str(&json).expect("JSON");
    let events: Vec<&str> = report["files"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["tags"][0]["name"].as_str().unwrap())
        .collect();
    assert_eq!(events, ["Event", "Event", "Event"]);
}

#[test]
fn a_tag_that_contradicts_the_moves_stays_an_error_that_names_the_variant_that_fits() {
    let (json, _) = pdnkit(&[
        "check",
        "fixtures/dialects/tag_contradicts_moves.pdn",
        "--format",
        "json",
        "--no-config",
    ]);
    let report: Value = serde_json::from_str(&json).expect("a JSON report");
    let games = report["files"][0]["games"].as_array().expect("games");
    // Checked in the tagged variant all the same: never switched over a tag.
    assert!(games.iter().all(|g| g["variant"] == "international"));
    let fits: Vec<&Value> = games.iter().map(|g| &g["variant_that_fits"]).collect();
    assert_eq!(fits, [&Value::from("russian"), &Value::Null, &Value::Null]);
    let first = &games[0]["findings"][0];
    assert_eq!(first["code"], "E-ILLEGAL-MOVE");
    assert!(
        first["message"].as_str().unwrap().ends_with(
            "these moves replay cleanly as russian (GameType 25): is the GameType tag right?"
        ),
        "{first}"
    );
}
