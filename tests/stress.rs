//! Inputs built to find quadratic paths in the reader and the checker, at ten times the sizes
//! that took 17-18 s before the paths were made linear (issue 12): each must be checked within
//! a time budget. Ignored by default (they need release mode); CI runs them with
//! `cargo test --release --test stress -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Generous for a linear pass over ~10 MB on a loaded machine; a quadratic one takes minutes.
const BUDGET: Duration = Duration::from_secs(20);

fn write(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("pdnkit-stress-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("write");
    path
}

/// Runs `pdnkit check FILE` and returns how long it took; the run must end normally (exit 0
/// or 1), having read one game.
fn check_time(path: &Path) -> Duration {
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(["check", "--quiet", "--format", "json", "--jobs", "1"])
        .arg(path)
        .output()
        .expect("run pdnkit");
    let elapsed = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}: exit {:?}: {stderr}",
        path.display(),
        out.status.code()
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert_eq!(
        doc["totals"]["games"],
        1,
        "{}: one game read",
        path.display()
    );
    elapsed
}

#[track_caller]
fn assert_within_budget(name: &str, text: &str) {
    let path = write(name, text);
    let elapsed = check_time(&path);
    let _ = std::fs::remove_file(&path);
    eprintln!("{name}: {} bytes checked in {elapsed:?}", text.len());
    assert!(elapsed < BUDGET, "{name}: {elapsed:?} (budget {BUDGET:?})");
}

/// 800,000 tags in one game (80,000 took 17 s: each name was looked up in a list of the
/// names before it).
#[test]
#[ignore = "stress: run in release mode"]
fn many_tags_are_linear() {
    let mut text = String::with_capacity(16 << 20);
    for i in 0..800_000 {
        text.push_str(&format!("[T{i} \"v\"]\n"));
    }
    text.push_str("[GameType \"20\"]\n\n1. 32-28 19-23 *\n");
    assert_within_budget("tags.pdn", &text);
}

/// 70 nested `(`, then 400,000 `{` never closed (40,000 took 18 s: the end of the comment was
/// searched again from every `{`).
#[test]
#[ignore = "stress: run in release mode"]
fn unclosed_comments_in_deep_variations_are_linear() {
    let text = format!(
        "[GameType \"20\"]\n\n1. 32-28 {}{}",
        "(1. 33-29 ".repeat(70),
        "{".repeat(400_000)
    );
    assert_within_budget("braces.pdn", &text);
}

/// 400,000 closed comments on one line of move text, and as many on one line inside a deep
/// variation (each `{` found asks what line it is on).
#[test]
#[ignore = "stress: run in release mode"]
fn many_comments_on_one_line_are_linear() {
    let comments = "{}".repeat(400_000);
    let text = format!("[GameType \"20\"]\n\n1. 32-28 {comments} 19-23 *\n");
    assert_within_budget("comments.pdn", &text);
    let text = format!(
        "[GameType \"20\"]\n\n1. 32-28 {}{comments}{} *\n",
        "(1. 33-29 ".repeat(70),
        ")".repeat(70)
    );
    assert_within_budget("deep-comments.pdn", &text);
}

/// 400,000 `(` never closed, and as many unreadable words.
#[test]
#[ignore = "stress: run in release mode"]
fn open_parentheses_and_junk_are_linear() {
    let text = format!("[GameType \"20\"]\n\n1. 32-28 {}", "(".repeat(400_000));
    assert_within_budget("parens.pdn", &text);
    let text = format!(
        "[GameType \"20\"]\n\n1. 32-28 {} *\n",
        "zz ".repeat(400_000)
    );
    assert_within_budget("junk.pdn", &text);
}
