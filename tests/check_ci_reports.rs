//! Around CI: JUnit XML (Jenkins, GitLab), the GitHub job summary, shell completions and the
//! manual page.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn pdnkit(args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pdnkit"));
    command.current_dir(manifest()).args(args);
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("run pdnkit")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pdnkit-ci-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn junit_has_a_testcase_per_game_and_a_failure_per_game_with_errors() {
    let out = pdnkit(
        &["check", "fixtures/check/english.pdn", "--format", "junit"],
        &[],
    );
    assert_eq!(out.status.code(), Some(1));
    let xml = String::from_utf8(out.stdout).unwrap();
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    let json = pdnkit(
        &["check", "fixtures/check/english.pdn", "--format", "json"],
        &[],
    );
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let totals = &report["totals"];
    assert_eq!(cases.len() as u64, totals["games"].as_u64().unwrap());
    let failed = cases
        .iter()
        .filter(|c| c.children().any(|n| n.has_tag_name("failure")))
        .count();
    assert_eq!(failed as u64, totals["games_with_errors"].as_u64().unwrap());
    let failure = doc
        .descendants()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert_eq!(failure.attribute("type"), Some("E-CAPTURE-MANDATORY"));
    assert!(failure.text().unwrap().contains("english.pdn:17:19"));
}

/// The attributes of the common JUnit schema (Jenkins' junit-10.xsd): `tests`, `failures`,
/// `errors` and `time` on `testsuites` and every `testsuite`, `name`, `classname` and `time` on
/// every `testcase`; the counts are those of the elements they hold.
#[test]
fn junit_counts_tests_failures_errors_and_time_on_every_suite() {
    let dir = temp_dir("junit-counts");
    let missing = dir.join("missing.pdn");
    let out = pdnkit(
        &[
            "check",
            "fixtures/check/english.pdn",
            "fixtures/check/clean.pdn",
            missing.to_str().unwrap(),
            "--format",
            "junit",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2), "an unreadable input");
    let xml = String::from_utf8(out.stdout).unwrap();
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    let number = |n: roxmltree::Node, name: &str| -> f64 {
        let value = n
            .attribute(name)
            .unwrap_or_else(|| panic!("{} has no {name}: {xml}", n.tag_name().name()));
        let parsed: f64 = value.parse().expect("a number");
        assert!(parsed >= 0.0 && parsed.is_finite(), "{name}={value}");
        parsed
    };
    fn children<'a, 'i>(n: roxmltree::Node<'a, 'i>, tag: &str) -> Vec<roxmltree::Node<'a, 'i>> {
        n.children().filter(|c| c.has_tag_name(tag)).collect()
    }
    let suites = children(root, "testsuite");
    assert_eq!(suites.len(), 3, "one suite a file");
    let (mut tests, mut failures, mut errors) = (0.0, 0.0, 0.0);
    for suite in &suites {
        assert!(suite.attribute("name").is_some());
        let cases = children(*suite, "testcase");
        let failed = cases
            .iter()
            .filter(|c| !children(**c, "failure").is_empty())
            .count();
        let errored = cases
            .iter()
            .filter(|c| !children(**c, "error").is_empty())
            .count();
        assert_eq!(number(*suite, "tests"), cases.len() as f64);
        assert_eq!(number(*suite, "failures"), failed as f64);
        assert_eq!(number(*suite, "errors"), errored as f64);
        let times: f64 = cases.iter().map(|c| number(*c, "time")).sum();
        assert!(
            (number(*suite, "time") - times).abs() < 1e-3,
            "a suite's time is its cases'"
        );
        for case in &cases {
            assert!(case.attribute("name").is_some() && case.attribute("classname").is_some());
        }
        tests += number(*suite, "tests");
        failures += number(*suite, "failures");
        errors += number(*suite, "errors");
    }
    assert_eq!(number(root, "tests"), tests);
    assert_eq!(number(root, "failures"), failures);
    assert_eq!(number(root, "errors"), errors);
    number(root, "time");
    assert_eq!(number(suites[0], "tests"), 8.0, "english.pdn's games");
    assert!(number(suites[0], "failures") >= 1.0);
    assert_eq!(number(suites[1], "failures"), 0.0, "clean.pdn");
    assert_eq!(number(suites[2], "errors"), 1.0, "the missing file");
    assert!(
        suites[0].attribute("time") != Some("0.000000"),
        "checking games takes time: {xml}"
    );
}

#[test]
fn junit_escapes_markup_and_control_bytes_from_the_record() {
    let dir = temp_dir("junit-escape");
    let file = dir.join("a.pdn");
    std::fs::write(
        &file,
        "[Event \"<b>&\u{1b}[31m\"]\n[White \"A\"]\n[Black \"B\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 37-32 *\n",
    )
    .unwrap();
    let out = pdnkit(&["check", file.to_str().unwrap(), "--format", "junit"], &[]);
    let xml = String::from_utf8(out.stdout).unwrap();
    assert!(!xml.contains('\u{1b}'), "{xml}");
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let case = doc
        .descendants()
        .find(|n| n.has_tag_name("testcase"))
        .unwrap();
    assert_eq!(
        case.attribute("name"),
        Some("game 1: A - B (<b>&\\x1b[31m)")
    );
}

#[test]
fn junit_fails_warnings_too_under_fail_on_warning() {
    let out = pdnkit(
        &[
            "check",
            "fixtures/dialects/habits.pdn",
            "--format",
            "junit",
            "--fail-on",
            "warning",
        ],
        &[],
    );
    let xml = String::from_utf8(out.stdout).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let style = doc
        .descendants()
        .find(|n| n.has_tag_name("failure") && n.attribute("type") == Some("W-SEPARATOR-MISMATCH"));
    assert!(style.is_some(), "{xml}");
}

#[test]
fn github_format_appends_a_job_summary_with_counts_by_code() {
    let dir = temp_dir("step-summary");
    let summary = dir.join("summary.md");
    std::fs::write(&summary, "earlier step\n").unwrap();
    let out = pdnkit(
        &["check", "fixtures/check/english.pdn", "--format", "github"],
        &[("GITHUB_STEP_SUMMARY", &summary)],
    );
    assert_eq!(out.status.code(), Some(1));
    let md = std::fs::read_to_string(&summary).unwrap();
    assert!(md.starts_with("earlier step\n### pdnkit check\n"), "{md}");
    assert!(md.contains("| games | 8 |"), "{md}");
    assert!(
        md.contains("| `E-RESULT-CONTRADICTS-POSITION` | 2 |"),
        "{md}"
    );
}

#[test]
fn completions_and_man_page_come_from_the_command_definitions() {
    for shell in ["bash", "zsh", "fish"] {
        let out = pdnkit(&["completions", shell], &[]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(
            script.contains("allow-unreplayed") && script.contains("convert"),
            "{shell}: {script}"
        );
    }
    let bad = pdnkit(&["completions", "cmd.exe"], &[]);
    assert_eq!(bad.status.code(), Some(2));
    let man = pdnkit(&["man"], &[]);
    assert_eq!(man.status.code(), Some(0));
    let page = String::from_utf8(man.stdout).unwrap();
    assert!(page.contains(".TH pdnkit 1"), "{page}");
    assert!(page.contains("check"), "{page}");
}

#[test]
fn max_findings_says_how_many_it_left_out_in_every_listing_format() {
    let json = pdnkit(
        &[
            "check",
            "fixtures/check/international.pdn",
            "--format",
            "json",
        ],
        &[],
    );
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let totals = &report["totals"];
    // Listed by default: errors and warnings.
    let listable = totals["errors"].as_u64().unwrap() + totals["warnings"].as_u64().unwrap();
    let left_out = listable - 2;
    let args = [
        "check",
        "fixtures/check/international.pdn",
        "--max-findings",
        "2",
    ];
    let human = pdnkit(&args, &[]);
    let text = String::from_utf8(human.stdout).unwrap();
    assert!(
        text.contains(&format!(
            "({left_out} findings not listed: --max-findings 2)"
        )),
        "{text}"
    );
    let github = pdnkit(&[&args[..], &["--format", "github"]].concat(), &[]);
    let text = String::from_utf8(github.stdout).unwrap();
    assert!(
        text.contains(&format!(
            "({left_out} findings not listed: --max-findings 2)"
        )),
        "{text}"
    );
    let sarif = pdnkit(&[&args[..], &["--format", "sarif"]].concat(), &[]);
    let log: serde_json::Value = serde_json::from_slice(&sarif.stdout).unwrap();
    assert_eq!(log["runs"][0]["properties"]["findingsNotListed"], left_out);
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 2);
}

/// `check --format sarif --notes --max-results CAP` of the International fixture: the process
/// output and its SARIF log.
fn international_sarif(cap: &str) -> (std::process::Output, serde_json::Value) {
    let out = pdnkit(
        &[
            "check",
            "fixtures/check/international.pdn",
            "--format",
            "sarif",
            "--notes",
            "--max-results",
            cap,
        ],
        &[],
    );
    let log = serde_json::from_slice(&out.stdout).unwrap();
    (out, log)
}

/// The fixture's errors, warnings and notes: the levels of its uncapped SARIF results.
fn international_totals() -> (u64, u64, u64) {
    let (_, log) = international_sarif("0");
    let results = log["runs"][0]["results"].as_array().unwrap();
    let count = |level: &str| results.iter().filter(|r| r["level"] == level).count() as u64;
    (count("error"), count("warning"), count("note"))
}

#[test]
fn sarif_max_results_keeps_the_most_severe_and_counts_the_rest() {
    let (errors, warnings, notes) = international_totals();
    assert!(errors > 3 && warnings > 0 && notes > 0);
    let (out, log) = international_sarif("3");
    let run = &log["runs"][0];
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    assert!(results.iter().all(|r| r["level"] == "error"), "{results:?}");
    let left_out = &run["properties"]["resultsLeftOut"];
    assert_eq!(left_out["error"], errors - 3);
    assert_eq!(left_out["warning"], warnings);
    assert_eq!(left_out["note"], notes);
    // The totals still count every finding.
    assert_eq!(run["properties"]["totals"]["errors"], errors);
    assert_eq!(run["properties"]["totals"]["warnings"], warnings);
    let left = errors - 3 + warnings + notes;
    let notice = run["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"]
        .as_str()
        .unwrap();
    assert!(notice.starts_with(&format!("{left} of ")), "{notice}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains(&format!("{left} of ")), "{stderr}");
}

#[test]
fn sarif_keeps_errors_before_notes_and_0_lifts_the_cap() {
    let (errors, warnings, notes) = international_totals();
    let (_, log) = international_sarif(&(errors + 1).to_string());
    let results = log["runs"][0]["results"].as_array().unwrap();
    let levels: Vec<_> = results
        .iter()
        .map(|r| r["level"].as_str().unwrap())
        .collect();
    assert_eq!(
        levels.iter().filter(|l| **l == "error").count() as u64,
        errors
    );
    assert_eq!(levels.iter().filter(|l| **l == "warning").count(), 1);
    let (_, log) = international_sarif("0");
    let run = &log["runs"][0];
    assert_eq!(
        run["results"].as_array().unwrap().len() as u64,
        errors + warnings + notes
    );
    assert!(run["properties"].get("resultsLeftOut").is_none());
    assert!(
        run["invocations"][0]
            .get("toolExecutionNotifications")
            .is_none()
    );
}

#[test]
fn sarif_and_github_caps_default_to_githubs_limits() {
    assert_eq!(pdnkit::report::sarif::DEFAULT_MAX_RESULTS, 25_000);
    assert_eq!(pdnkit::report::github::DEFAULT_MAX_PER_LEVEL, 10);
    let help = pdnkit(&["check", "--help"], &[]);
    let text = String::from_utf8(help.stdout).unwrap();
    assert!(text.contains("--max-results"), "{text}");
}

#[test]
fn github_annotations_are_capped_per_level_with_a_notice_of_the_rest() {
    let (errors, warnings, _) = international_totals();
    let out = pdnkit(
        &[
            "check",
            "fixtures/check/international.pdn",
            "--format",
            "github",
            "--max-results",
            "2",
        ],
        &[],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let count = |prefix: &str| lines.iter().filter(|l| l.starts_with(prefix)).count();
    assert_eq!(count("::error "), 2, "{text}");
    assert_eq!(count("::warning "), 2, "{text}");
    // Errors come first.
    assert!(lines[0].starts_with("::error ") && lines[1].starts_with("::error "));
    let left = errors - 2 + warnings - 2;
    let notice = lines
        .iter()
        .find(|l| l.starts_with("::notice title=pdnkit::"))
        .expect("a notice of what was left out");
    assert!(
        notice.contains(&format!("::{left} annotations not written")),
        "{notice}"
    );
    // The summary still counts every finding.
    assert!(text.contains(&format!("{errors} errors in ")), "{text}");
}

/// GitHub shows at most 50 annotations a job (10 of each level a step): with `--max-results 30`
/// a run writes 30 errors, then warnings up to 49, and its notice of the rest as the 50th.
#[test]
fn github_annotations_stay_within_the_jobs_fifty() {
    assert_eq!(pdnkit::report::github::MAX_PER_JOB, 50);
    let out = pdnkit(
        &[
            "check",
            "fixtures",
            "--notes",
            "--format",
            "github",
            "--max-results",
            "30",
        ],
        &[],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let count = |prefix: &str| text.lines().filter(|l| l.starts_with(prefix)).count();
    let (errors, warnings, notices) = (count("::error "), count("::warning "), count("::notice "));
    assert!(errors + warnings + notices <= 50, "{text}");
    assert_eq!((errors, warnings, notices), (30, 19, 1), "{text}");
    assert!(
        text.contains(
            "annotations not written, as GitHub shows only so many per step, and 50 per job"
        ),
        "{text}"
    );
    // No cap asked for: every finding is written.
    let all = pdnkit(
        &[
            "check",
            "fixtures",
            "--notes",
            "--format",
            "github",
            "--max-results",
            "0",
        ],
        &[],
    );
    let all = String::from_utf8(all.stdout).unwrap();
    assert!(all.lines().filter(|l| l.starts_with("::")).count() > 50);
}
