//! `pdnkit check` on every file of `fixtures/dialects/` (PDN, FEN and gzip), as a user runs it:
//! one snapshot per file with the exit code, the game count and every finding (game, line and
//! column, level, code, message). Update with `INSTA_UPDATE=always cargo test --test
//! dialects_check`, then read every changed `.snap` file before committing it.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn check(path: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(["check", "--format", "jsonl", "--jobs", "1"])
        .arg(path)
        .output()
        .expect("run pdnkit");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let mut games = 0;
    let mut findings = String::new();
    for line in stdout.lines() {
        let record: Value = serde_json::from_str(line).expect("a JSON line");
        match record["type"].as_str() {
            Some("game") => {
                games += 1;
                let game = &record["game"];
                for f in game["findings"].as_array().expect("findings") {
                    findings.push_str(&format!(
                        "game {} {}:{} {} {} {}\n",
                        game["index"],
                        f["span"]["line"],
                        f["span"]["column"],
                        f["level"].as_str().unwrap_or("?"),
                        f["code"].as_str().unwrap_or("?"),
                        f["message"].as_str().unwrap_or("?"),
                    ));
                }
            }
            Some("file-error") => findings.push_str(&format!("file error: {}\n", record["error"])),
            _ => {}
        }
    }
    format!(
        "exit code: {}\ngames: {games}\n{findings}",
        out.status
            .code()
            .map_or("none".to_string(), |c| c.to_string())
    )
}

#[test]
fn dialect_fixtures_checked() {
    insta::glob!("../fixtures/dialects", "*.*", |path| {
        insta::assert_snapshot!("check", check(path));
    });
}
