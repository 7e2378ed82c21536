//! Which variant each game is read in, and how sure the tool says it is: `pdnkit check` over
//! `fixtures/dialects/variant-*.pdn` and `infer-*.pdn` (Variant tags, GameType values, inferred variants), one compact
//! snapshot per file with the exit code, the game count, each game's variant and where it came
//! from, and every finding (notes included). A fixture's first line may give extra arguments:
//! `% args: --variant english`.
//!
//! Update with `INSTA_UPDATE=always cargo test --test integration variant_snapshots::`, then read every
//! changed `.snap` against the fixture's comments before committing it.

use serde_json::Value;
use std::fmt::Write;
use std::path::Path;
use std::process::Command;

/// The extra arguments a fixture asks for on its first line.
fn fixture_args(text: &str) -> Vec<String> {
    text.lines()
        .next()
        .and_then(|l| l.strip_prefix("% args:"))
        .map(|a| a.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// Runs `check --format jsonl --level note` on `path` and writes what it found compactly.
fn summary(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("fixture readable");
    let args = fixture_args(&text);
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .arg("check")
        .arg(path)
        .args(["--format", "jsonl", "--level", "note"])
        .args(&args)
        .output()
        .expect("run pdnkit");
    let mut s = String::new();
    if !args.is_empty() {
        writeln!(s, "args: {}", args.join(" ")).unwrap();
    }
    writeln!(s, "exit: {}", out.status.code().expect("exit code")).unwrap();
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let mut games = 0;
    for line in stdout.lines() {
        let v: Value = serde_json::from_str(line).expect("JSON line");
        if v["type"] == "summary" {
            let t = &v["totals"];
            writeln!(
                s,
                "summary: {} games, {} errors, {} warnings",
                t["games"], t["errors"], t["warnings"]
            )
            .unwrap();
            continue;
        }
        let g = &v["game"];
        games += 1;
        let event = g["tags"]
            .as_array()
            .and_then(|tags| tags.iter().find(|t| t["name"] == "Event"))
            .and_then(|t| t["value"].as_str())
            .unwrap_or("?");
        writeln!(
            s,
            "game {} `{event}`: {} ({}), {}/{} plies replayed",
            g["index"],
            g["variant"].as_str().unwrap_or("no variant"),
            g["variant_source"].as_str().unwrap_or("?"),
            g["plies_replayed"],
            g["plies_recorded"]
        )
        .unwrap();
        for f in g["findings"].as_array().expect("findings") {
            writeln!(
                s,
                "  {}:{} {} {} {}",
                f["span"]["line"],
                f["span"]["column"],
                f["level"].as_str().unwrap(),
                f["code"].as_str().unwrap(),
                f["message"].as_str().unwrap()
            )
            .unwrap();
        }
    }
    assert!(games > 0, "{}: no games", path.display());
    writeln!(s, "games: {games}").unwrap();
    s
}

#[test]
fn variant_and_infer_fixture_snapshots() {
    let mut seen = 0;
    insta::glob!("../fixtures/dialects", "*.pdn", |path| {
        let name = path.file_name().unwrap().to_string_lossy();
        if !(name.starts_with("variant-") || name.starts_with("infer-")) {
            return; // a dialect fixture of another test
        }
        seen += 1;
        insta::assert_snapshot!("check", summary(path));
    });
    assert!(seen >= 2, "no variant-*/infer-* fixtures");
}

/// The findings of the human report of `path` (relative to the crate) at `--level error`: the
/// summary after them is left out.
fn human_errors(path: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["check", path, "--level", "error"])
        .output()
        .expect("run pdnkit");
    String::from_utf8(out.stdout)
        .expect("UTF-8 output")
        .lines()
        .take_while(|l| !l.starts_with("checked "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A guessed variant is said beside the first error, not only in the hidden
/// N-VARIANT-INFERRED note; a game whose variant is known says nothing of the kind.
#[test]
fn a_guessed_variant_is_said_beside_the_first_error() {
    let text = human_errors("fixtures/dialects/infer-moves.pdn");
    let error = text
        .find("error[E-ILLEGAL-MOVE]")
        .expect("the error is listed");
    let guess = text
        .find("= the variant is only inferred (no GameType tag; inferred international")
        .expect("the guess is said");
    assert!(error < guess);
    assert_eq!(text.matches("the variant is only inferred").count(), 1);
    insta::assert_snapshot!("human_infer_moves", text);

    let known = human_errors("fixtures/dialects/variant-tag.pdn");
    assert!(known.contains("error[E-UNKNOWN-GAMETYPE]"));
    assert!(!known.contains("only inferred"));
}
