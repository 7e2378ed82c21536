//! Directory walks, as ripgrep walks: `.gitignore` (in a git repository), `.ignore` and hidden
//! names leave files out, `--exclude GLOB` too; `--no-ignore` and `--hidden` read them. What a
//! walk left out is counted on one line of standard error, named with `--verbose`; every command
//! that reads games walks the same way; a file named on the command line is always read.

use crate::support::cli::{assert_code, pdnkit, stderr, stdout, temp_dir};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

fn game(event: &str) -> String {
    format!("[Event \"{event}\"]\n[GameType \"21\"]\n1. 11-15 23-19 *\n\n")
}

/// A repository: `kept.pdn` and `sub/also.pdn` are read; `build/` (in .gitignore),
/// `scratch.pdn` (in .ignore), `.hidden/` and `drafts/old.pdn` (for `--exclude`) are not, and
/// `notes.txt` holds no games.
fn repository(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    fs::create_dir(dir.join(".git")).unwrap();
    fs::write(dir.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    fs::write(dir.join(".gitignore"), "build/\n").unwrap();
    fs::write(dir.join(".ignore"), "scratch.pdn\n").unwrap();
    for (path, event) in [
        ("kept.pdn", "Kept"),
        ("sub/also.pdn", "Also"),
        ("build/generated.pdn", "Generated"),
        ("scratch.pdn", "Scratch"),
        (".hidden/secret.pdn", "Secret"),
        ("drafts/old.pdn", "Old"),
    ] {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, game(event)).unwrap();
    }
    fs::write(dir.join("notes.txt"), "not games\n").unwrap();
    dir
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn merged(args: &[&str]) -> (Output, String) {
    let out = pdnkit().args(["merge", "-qq"]).args(args).output().unwrap();
    let events = stdout(&out)
        .lines()
        .filter_map(|l| l.strip_prefix("[Event \""))
        .map(|l| l.trim_end_matches("\"]").to_string())
        .collect::<Vec<_>>()
        .join(",");
    (out, events)
}

#[test]
fn ignore_files_hidden_names_and_excludes_leave_files_out() {
    let dir = repository("rules");
    let (out, events) = merged(&[s(&dir), "--exclude", "drafts"]);
    assert_code(&out, 0, "merge");
    assert_eq!(events, "Kept,Also");
    let err = stderr(&out);
    // One line of counts, nothing of .git named.
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(
            "skipped 1 file that holds no PDN or FEN, 4 hidden, 2 ignored by .gitignore or \
             .ignore and 1 matching --exclude (--verbose names them)"
        ),
        "{err}"
    );
    assert!(!err.contains(".git/"), "{err}");
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn no_ignore_and_hidden_read_them() {
    let dir = repository("all");
    let (out, events) = merged(&[s(&dir), "--no-ignore"]);
    assert_code(&out, 0, "--no-ignore");
    assert_eq!(events, "Generated,Old,Kept,Scratch,Also");
    let (out, events) = merged(&[s(&dir), "--hidden"]);
    assert_code(&out, 0, "--hidden");
    assert_eq!(events, "Secret,Old,Kept,Also");
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn outside_a_git_repository_gitignore_is_not_read_but_ignore_is() {
    let dir = repository("nogit");
    fs::remove_dir_all(dir.join(".git")).unwrap();
    let (out, events) = merged(&[s(&dir)]);
    assert_code(&out, 0, "merge");
    assert_eq!(events, "Generated,Old,Kept,Also");
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn verbose_names_each_entry_left_out_and_why() {
    let dir = repository("verbose");
    let (out, _) = merged(&[s(&dir), "--exclude", "old.pdn", "--verbose"]);
    assert_code(&out, 0, "merge");
    let err = stderr(&out);
    let root = s(&dir).to_string();
    for (entry, why) in [
        (".git/", "hidden (--hidden reads it)"),
        (".hidden/", "hidden (--hidden reads it)"),
        (".gitignore", "hidden (--hidden reads it)"),
        (
            "build/",
            "ignored by .gitignore or .ignore (--no-ignore reads it)",
        ),
        (
            "scratch.pdn",
            "ignored by .gitignore or .ignore (--no-ignore reads it)",
        ),
        ("drafts/old.pdn", "matches --exclude"),
        ("notes.txt", "holds no PDN or FEN"),
    ] {
        let line = format!("pdnkit: {root}/{entry}: skipped: {why}\n");
        assert!(err.contains(&line), "{line}\n{err}");
    }
    // Eight entries named (.ignore too; .git once, not its files), then the counts.
    assert_eq!(err.lines().count(), 9, "{err}");
    assert!(!err.contains("--verbose names them"), "{err}");
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_file_named_is_read_even_when_ignored_or_hidden() {
    let dir = repository("named");
    let (out, events) = merged(&[
        s(&dir.join("build/generated.pdn")),
        s(&dir.join(".hidden/secret.pdn")),
        "--exclude",
        "*.pdn",
    ]);
    assert_code(&out, 0, "merge");
    assert_eq!(events, "Generated,Secret");
    assert_eq!(stderr(&out), "", "nothing walked, nothing skipped");
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_command_that_reads_games_walks_the_same_way() {
    let dir = repository("commands");
    let out_dir = dir.join("build/parts");
    let commands: [&[&str]; 8] = [
        &["check", "--format", "jsonl"],
        &["parse", "--format", "jsonl"],
        &["convert"],
        &["filter", "--event", "Kept"],
        &["dedup"],
        &["merge"],
        &["split", "--games", "1", "--out-dir", s(&out_dir)],
        &["stats", "--format", "json"],
    ];
    for args in commands {
        let out = pdnkit()
            .args(args)
            .args([s(&dir), "--exclude", "drafts/"])
            .output()
            .unwrap();
        let err = stderr(&out);
        assert!(
            err.contains("4 hidden, 2 ignored by .gitignore or .ignore and 1 matching --exclude"),
            "{args:?}: {err}"
        );
        let text = stdout(&out);
        for left_out in ["Generated", "Scratch", "Secret", "Old"] {
            assert!(!text.contains(left_out), "{args:?}: {text}");
        }
        assert!(out.status.code().is_some_and(|c| c < 2), "{args:?}: {err}");
    }
    let parts = fs::read_dir(&out_dir).unwrap().count();
    assert_eq!(parts, 2, "split wrote the two games read");
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bad_exclude_glob_is_a_usage_error() {
    let dir = repository("glob");
    let out = pdnkit()
        .args(["check", s(&dir), "--exclude", "[a"])
        .output()
        .unwrap();
    assert_code(&out, 2, "bad glob");
    let err = stderr(&out);
    assert!(err.starts_with("pdnkit: --exclude [a: "), "{err}");
    assert_eq!(stdout(&out), "");
    fs::remove_dir_all(&dir).ok();
}
