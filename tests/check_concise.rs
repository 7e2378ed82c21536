//! `pdnkit check` on an archive where one finding repeats in every game: `--format concise` (a
//! line a finding) and the human report's limit per code (`--max-per-code`), which shows the
//! first of each code in full and only counts the rest.

use crate::support::cli::{assert_code, pdnkit, run, stdout, temp_dir};
use std::path::{Path, PathBuf};

/// `dated` International games with a date in another form (W-DATE-FORMAT each), then one game
/// with a capture left out (E-CAPTURE-MANDATORY), in `dir/archive.pdn`.
fn archive(dir: &Path, dated: usize) -> PathBuf {
    let file = dir.join("archive.pdn");
    let mut text = String::new();
    for i in 1..=dated {
        text.push_str(&format!(
            "[Event \"{i}\"]\n[GameType \"20\"]\n[Date \"2004-05-01\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
        ));
    }
    text.push_str("[Event \"last\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 31-27 *\n");
    std::fs::write(&file, text).unwrap();
    file
}

/// The standard output of `pdnkit check FILE ARGS` (exit 1: the archive has an error).
fn check(file: &Path, args: &[&str]) -> String {
    let mut all = vec!["check", file.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = run(&all);
    assert_code(&out, 1, &format!("{args:?}"));
    stdout(&out)
}

/// The headlines of findings: `file:line:col: level[CODE]: ...`.
fn headlines<'a>(text: &'a str, code: &str) -> Vec<&'a str> {
    let code = format!("[{code}]: ");
    text.lines().filter(|l| l.contains(&code)).collect()
}

/// The summary from its findings line on (the run line above it says how long the run took).
fn counts(text: &str) -> &str {
    let at = text.find("\n0 errors").or_else(|| text.find("\n1 error"));
    &text[at.expect("a findings line")..]
}

#[test]
fn concise_prints_a_line_a_finding_then_the_summary() {
    let dir = temp_dir("concise");
    let file = archive(&dir, 3);
    let path = file.to_str().unwrap();
    let text = check(&file, &["--format", "concise"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "{path}:3:1: warning[W-DATE-FORMAT]: [*] date `2004-05-01` is not in the PDN form \
             YYYY.MM.DD (game 1)"
        ),
        "{text}"
    );
    // Four findings, each on its one line; no source lines, carets or boards; then what the
    // `[*]` of the three fixable ones means.
    let findings: Vec<&str> = lines
        .iter()
        .copied()
        .take_while(|l| !l.starts_with("checked ") && !l.starts_with("[*] "))
        .collect();
    assert!(
        text.contains(
            "\n[*] 3 of the findings shown can be fixed in place by `pdnkit check --fix`"
        ),
        "{text}"
    );
    assert_eq!(findings.len(), 4, "{text}");
    assert!(findings.iter().all(|l| l.starts_with(&format!("{path}:"))));
    assert!(
        findings[3].contains(": error[E-CAPTURE-MANDATORY]: "),
        "{text}"
    );
    assert!(findings[3].ends_with("(game 4, move 2)"), "{text}");
    // The summary the human report ends with.
    let human = check(&file, &[]);
    assert_eq!(counts(&text), counts(&human));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn concise_lists_every_finding_and_honours_the_other_listing_flags() {
    let dir = temp_dir("concise-flags");
    let file = archive(&dir, 25);
    let all = check(&file, &["--format", "concise"]);
    assert_eq!(headlines(&all, "W-DATE-FORMAT").len(), 25, "{all}");
    let errors = check(&file, &["--format", "concise", "--level", "error"]);
    assert!(headlines(&errors, "W-DATE-FORMAT").is_empty(), "{errors}");
    assert_eq!(headlines(&errors, "E-CAPTURE-MANDATORY").len(), 1);
    let two = check(&file, &["--format", "concise", "--max-findings", "2"]);
    assert_eq!(headlines(&two, "W-DATE-FORMAT").len(), 2, "{two}");
    assert!(two.contains("(24 findings not listed: --max-findings 2)"));
    let quiet = check(&file, &["--format", "concise", "--quiet"]);
    assert!(quiet.starts_with("checked "), "{quiet}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn human_shows_the_first_ten_of_a_code_in_full_and_counts_the_rest() {
    let dir = temp_dir("per-code");
    let file = archive(&dir, 25);
    let text = check(&file, &[]);
    let shown = headlines(&text, "W-DATE-FORMAT");
    assert_eq!(shown.len(), 10, "{text}");
    assert!(shown[9].ends_with("(game 10)"), "the first ten: {text}");
    // Each shown in full, its source line under it.
    assert_eq!(
        text.matches("| [Date \"2004-05-01\"]").count(),
        10,
        "{text}"
    );
    // Another code is shown though it comes after the ten.
    assert_eq!(headlines(&text, "E-CAPTURE-MANDATORY").len(), 1, "{text}");
    assert!(
        text.ends_with(
            "and 15 more W-DATE-FORMAT\n(the first 10 findings of each code shown in full: \
             --max-per-code 0 shows them all)\n"
        ),
        "{text}"
    );
    // The counts are of every finding.
    let summary = counts(&text);
    assert!(
        summary.contains("1 error in 1 game, 25 warnings"),
        "{summary}"
    );
    assert!(summary.contains("  W-DATE-FORMAT  ") && summary.contains("25\n"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn max_per_code_sets_the_limit_and_0_shows_every_finding() {
    let dir = temp_dir("per-code-flag");
    let file = archive(&dir, 25);
    let three = check(&file, &["--max-per-code", "3"]);
    assert_eq!(headlines(&three, "W-DATE-FORMAT").len(), 3, "{three}");
    assert!(three.contains("\nand 22 more W-DATE-FORMAT\n(the first 3 findings"));
    let all = check(&file, &["--max-per-code", "0"]);
    assert_eq!(headlines(&all, "W-DATE-FORMAT").len(), 25, "{all}");
    assert!(!all.contains(" more W-DATE-FORMAT"), "{all}");
    assert!(!all.contains("--max-per-code"), "{all}");
    // The limit changes what is shown, never what is counted.
    let default = check(&file, &[]);
    let before_folded = |text: &str| {
        let summary = counts(text);
        summary[..summary.find("\nand ").map_or(summary.len(), |at| at + 1)].to_string()
    };
    assert_eq!(before_folded(&three), before_folded(&all));
    assert_eq!(before_folded(&default), before_folded(&all));
    // The machine formats list every finding whatever the limit.
    let json = check(&file, &["--format", "jsonl", "--max-per-code", "1"]);
    assert_eq!(json.matches("\"code\":\"W-DATE-FORMAT\"").count(), 25);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_human_and_concise_reports_are_the_same_for_any_jobs() {
    let dir = temp_dir("per-code-jobs");
    let file = archive(&dir, 3000);
    for args in [vec![], vec!["--format", "concise"]] {
        let output = |jobs: &str| {
            let out = pdnkit()
                .arg("check")
                .arg(&file)
                .args(&args)
                .args(["--jobs", jobs])
                .output()
                .expect("run pdnkit");
            let text = stdout(&out);
            // All but the run line, which says how long the run took.
            let lines: Vec<String> = text
                .lines()
                .filter(|l| !l.starts_with("checked "))
                .map(str::to_string)
                .collect();
            lines
        };
        assert!(output("1") == output("2"), "{args:?}: differs with --jobs");
    }
    let _ = std::fs::remove_dir_all(dir);
}
