//! `pdnkit check` on every file of `fixtures/dialects/` (PDN, FEN and gzip), as a user runs it:
//! one snapshot per file with the exit code, the game count and every finding (game, line and
//! column, level, code, message). Update with `INSTA_UPDATE=always cargo test --test
//! integration dialects_check::`, then read every changed `.snap` file before committing it.

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
        let name = path.file_name().unwrap().to_string_lossy();
        if name.starts_with("variant-") || name.starts_with("infer-") {
            return; // variant inference: tests/variant_snapshots.rs snapshots these
        }
        insta::assert_snapshot!("check", check(path));
    });
}

/// A fresh directory under the system temp dir for this test.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pdnkit-dialects-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn check_dir_takes_records_by_extension_and_content_and_names_what_it_skips() {
    let dir = temp_dir("walk");
    let game = "[Event \"e\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n";
    std::fs::write(dir.join("a.pdn"), game).unwrap();
    std::fs::write(dir.join("b.fen"), "W:W31-50:B1-20\n").unwrap();
    std::fs::write(dir.join("c.txt"), game).unwrap();
    std::fs::write(dir.join("d.txt"), "W:W31-50:B1-20\nB:W31-50:B1-20\n").unwrap();
    std::fs::write(dir.join("notes.md"), "# not games\n").unwrap();
    std::fs::write(dir.join("e.png"), b"\x89PNG\r\n\x1a\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(["check", "--format", "jsonl"])
        .arg(&dir)
        .output()
        .expect("run pdnkit");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let files: Vec<String> = stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r["type"] == "game")
        .map(|r| {
            let file = r["file"].as_str().unwrap();
            Path::new(file)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(files, ["a.pdn", "b.fen", "c.txt", "d.txt", "d.txt"]);
    assert!(
        stderr.contains("skipped 2 files that hold no PDN or FEN (--verbose names them)")
            && !stderr.contains("e.png"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn encoding_utf16_reads_utf16_without_a_byte_order_mark() {
    let dir = temp_dir("utf16");
    let text = "[Event \"Café\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n";
    let path = dir.join("le.pdn");
    let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    std::fs::write(&path, bytes).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_pdnkit"))
            .args(args)
            .arg(&path)
            .output()
            .expect("run pdnkit")
    };
    let asked = run(&["check", "--format", "jsonl", "--encoding", "utf-16"]);
    let stdout = String::from_utf8(asked.stdout).unwrap();
    assert!(
        stdout.contains("N-UTF16") && stdout.contains("Café"),
        "{stdout}"
    );
    assert_eq!(asked.status.code(), Some(0));
    // Without the option, the NUL bytes are reported, not silently read.
    let plain = run(&["check", "--format", "jsonl"]);
    assert_ne!(plain.status.code(), Some(0));
    std::fs::remove_dir_all(&dir).ok();
}
