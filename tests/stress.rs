//! Inputs built to find quadratic paths in the reader and the checker: each family is
//! checked at a size `n` and at `8n`, where `8n` is the size that took 17-18 s while the path
//! was quadratic. A linear pass takes at most about eight times as long at eight times the size
//! (less, with the process's start-up in both); a quadratic one takes about 64 times as long.
//! The ratio is measured in one run, so a slow or busy machine does not change it much.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Eight times the input may take at most this many times as long: three times what a linear
/// pass takes, a third of what a quadratic one takes.
const MAX_GROWTH: f64 = 24.0;

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

/// The shortest of three checks of `text` (the others may have waited for the machine).
fn best_time(name: &str, text: &str) -> Duration {
    let path = write(name, text);
    let best = (0..3).map(|_| check_time(&path)).min().expect("three runs");
    let _ = std::fs::remove_file(&path);
    best
}

/// Checks `input(n / 8)` and `input(n)`, and fails when the larger took more than
/// [`MAX_GROWTH`] times as long.
#[track_caller]
fn assert_linear(name: &str, n: usize, input: impl Fn(usize) -> String) {
    let (small, large) = (input(n / 8), input(n));
    let small_time = best_time(name, &small);
    let large_time = best_time(name, &large);
    let growth = large_time.as_secs_f64() / small_time.as_secs_f64();
    eprintln!(
        "{name}: {} bytes in {small_time:?}, {} bytes in {large_time:?}: {growth:.1}x",
        small.len(),
        large.len()
    );
    assert!(
        growth < MAX_GROWTH,
        "{name}: eight times the input took {growth:.1} times as long \
         ({small_time:?}, then {large_time:?}): a path that is not linear"
    );
}

/// 80,000 tags in one game took 17 s: each name was looked up in a list of the names before it.
#[test]
fn many_tags_are_linear() {
    assert_linear("tags.pdn", 80_000, |n| {
        let mut text = String::with_capacity(n * 16);
        for i in 0..n {
            text.push_str(&format!("[T{i} \"v\"]\n"));
        }
        text.push_str("[GameType \"20\"]\n\n1. 32-28 19-23 *\n");
        text
    });
}

/// 70 nested `(`, then 40,000 `{` never closed, took 18 s: the end of the comment was searched
/// again from every `{`.
#[test]
fn unclosed_comments_in_deep_variations_are_linear() {
    assert_linear("braces.pdn", 40_000, |n| {
        format!(
            "[GameType \"20\"]\n\n1. 32-28 {}{}",
            "(1. 33-29 ".repeat(70),
            "{".repeat(n)
        )
    });
}

/// Closed comments on one line of move text, and on one line inside a deep variation (each `{`
/// found asks what line it is on).
#[test]
fn many_comments_on_one_line_are_linear() {
    assert_linear("comments.pdn", 40_000, |n| {
        format!("[GameType \"20\"]\n\n1. 32-28 {} 19-23 *\n", "{}".repeat(n))
    });
    assert_linear("deep-comments.pdn", 40_000, |n| {
        format!(
            "[GameType \"20\"]\n\n1. 32-28 {}{}{} *\n",
            "(1. 33-29 ".repeat(70),
            "{}".repeat(n),
            ")".repeat(70)
        )
    });
}

/// `(` never closed, and unreadable words.
#[test]
fn open_parentheses_and_junk_are_linear() {
    assert_linear("parens.pdn", 40_000, |n| {
        format!("[GameType \"20\"]\n\n1. 32-28 {}", "(".repeat(n))
    });
    assert_linear("junk.pdn", 40_000, |n| {
        format!("[GameType \"20\"]\n\n1. 32-28 {} *\n", "zz ".repeat(n))
    });
}
