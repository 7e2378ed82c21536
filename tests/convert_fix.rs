//! `convert --fix` claims repairs; checking its output must not find what it claims to have
//! repaired. Over every PDN fixture, and for dates in particular.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn pdnkit(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pdnkit runs");
    let input = stdin.to_vec();
    let mut pipe = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("pdnkit ends");
    writer.join().expect("writer");
    out
}

/// The games and codes `convert --fix` says it repaired
/// (`...: note[CODE]: repaired: ... (game N)` on stderr).
fn repaired(stderr: &str) -> BTreeSet<(u64, String)> {
    stderr
        .lines()
        .filter(|l| l.contains("]: repaired:"))
        .filter_map(|l| {
            let start = l.find("note[")? + 5;
            let end = start + l[start..].find(']')?;
            let game = l.rsplit("(game ").next()?.trim_end_matches(')');
            Some((game.parse().ok()?, l[start..end].to_string()))
        })
        .collect()
}

/// Every game and code `check` reports on `pdn`.
fn checked(pdn: &[u8]) -> BTreeSet<(u64, String)> {
    let out = pdnkit(&["check", "-", "--format", "json", "--no-config"], pdn);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let mut found = BTreeSet::new();
    for file in report["files"].as_array().unwrap() {
        for game in file["games"].as_array().unwrap() {
            for f in game["findings"].as_array().unwrap() {
                let code = f["code"].as_str().unwrap().to_string();
                found.insert((game["index"].as_u64().unwrap(), code));
            }
        }
    }
    found
}

/// Every code `check` reports on `pdn`.
fn checked_codes(pdn: &[u8]) -> BTreeSet<String> {
    let out = pdnkit(&["check", "-", "--format", "json", "--no-config"], pdn);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let mut codes = BTreeSet::new();
    for file in report["files"].as_array().unwrap() {
        for game in file["games"].as_array().unwrap() {
            for f in game["findings"].as_array().unwrap() {
                codes.insert(f["code"].as_str().unwrap().to_string());
            }
        }
    }
    codes
}

fn pdn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            pdn_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pdn") {
            out.push(path);
        }
    }
}

#[test]
fn checking_fix_output_finds_nothing_fix_claims_to_have_repaired() {
    let mut files = Vec::new();
    pdn_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        &mut files,
    );
    assert!(files.len() > 20, "the fixtures are there");
    let mut claims = 0;
    for file in &files {
        let out = pdnkit(&["convert", "--fix", file.to_str().unwrap()], b"");
        if out.status.code() == Some(2) {
            continue; // not convertible at all (reported; nothing claimed)
        }
        let claimed = repaired(&String::from_utf8_lossy(&out.stderr));
        claims += claimed.len();
        let still = checked(&out.stdout);
        let broken: Vec<&(u64, String)> = claimed.intersection(&still).collect();
        assert!(
            broken.is_empty(),
            "{}: --fix claims to repair {broken:?} (game, code), and checking its output still finds them",
            file.display()
        );
    }
    assert!(claims > 0, "some fixture needs repairs");
}

#[test]
fn fix_writes_dates_in_the_pdn_form_and_says_so() {
    let input = "[Event \"x\"]\n[Date \"1841-??-??\"]\n[GameType \"21\"]\n1. 11-15 23-19 *\n";
    let out = pdnkit(&["convert", "--fix", "-"], input.as_bytes());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pdn = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(pdn.contains("[Date \"1841.??.??\"]"), "{pdn}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("note[W-DATE-FORMAT]: repaired: date `1841-??-??` written `1841.??.??`"),
        "{err}"
    );
    assert!(!checked_codes(&out.stdout).contains("W-DATE-FORMAT"));
    // Without --fix the date is kept as written.
    let kept = pdnkit(&["convert", "-"], input.as_bytes());
    assert!(String::from_utf8_lossy(&kept.stdout).contains("[Date \"1841-??-??\"]"));
}
