//! The `pdnkit` binary as a user runs it: exit codes, standard input, directories, every
//! report format, `--output`, `--max-findings`, `--quiet`, `--jobs` and a closed pipe.

use crate::support::cli as cli_support;
use crate::support::corpus;
use cli_support::{assert_code, manifest, pdnkit, run, stderr, stdout, temp_dir};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;

// ---- exit codes ----

#[test]
fn exit_code_0_on_a_clean_file() {
    let out = run(&["check", "fixtures/check/clean.pdn"]);
    assert_code(&out, 0, "clean.pdn");
    assert!(stdout(&out).contains("0 errors"), "{}", stdout(&out));
}

#[test]
fn exit_code_1_on_a_file_with_errors() {
    let out = run(&["check", "fixtures/check/international.pdn"]);
    assert_code(&out, 1, "international.pdn");
    assert!(stdout(&out).contains("error[E-NO-PIECE]"));
}

#[test]
fn exit_code_when_only_warnings_is_0() {
    // Warnings and notes about replayed games alone do not fail the run.
    let dir = temp_dir("warnings-only");
    let file = dir.join("zero-padded.pdn");
    std::fs::write(
        &file,
        "[GameType \"20\"]\n1. 32-28 16-21 2. 37-32 11-16 3. 41-37 06-11 *\n",
    )
    .unwrap();
    let out = run(&["check", file.to_str().unwrap()]);
    assert_code(&out, 0, "a zero-padded square");
    assert!(
        stdout(&out).contains("0 errors in 0 games, 1 warning"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn exit_code_2_on_a_missing_file() {
    let out = run(&["check", "fixtures/check/no-such-file.pdn"]);
    assert_code(&out, 2, "missing file");
    assert!(
        stderr(&out).contains("no-such-file.pdn"),
        "the error names the file: {}",
        stderr(&out)
    );
    // Said once: on standard error, not again in the report; the summary counts it.
    assert_eq!(stderr(&out).matches("no-such-file.pdn").count(), 1);
    assert!(
        !stdout(&out).contains("no-such-file.pdn"),
        "{}",
        stdout(&out)
    );
    assert!(
        stdout(&out).contains("(1 could not be read)"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn exit_code_2_on_a_bad_flag_or_value() {
    for args in [
        vec!["check", "--no-such-flag", "fixtures/check/clean.pdn"],
        vec!["check", "--format", "xml", "fixtures/check/clean.pdn"],
        vec!["check", "--variant", "chess", "fixtures/check/clean.pdn"],
        vec!["check"],
    ] {
        let out = run(&args);
        assert_code(&out, 2, &format!("{args:?}"));
        assert!(!stderr(&out).is_empty(), "{args:?}: no usage message");
    }
}

// ---- inputs ----

#[test]
fn dash_reads_standard_input() {
    for (file, code) in [("clean.pdn", 0), ("english.pdn", 1)] {
        let text = std::fs::read(manifest().join("fixtures/check").join(file)).unwrap();
        let mut child = pdnkit()
            .args(["check", "-", "--format", "json"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        let mut stdin = child.stdin.take().unwrap();
        std::thread::spawn(move || stdin.write_all(&text).unwrap());
        let out = child.wait_with_output().unwrap();
        assert_code(&out, code, &format!("{file} on stdin"));
        let doc: Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(doc["files"][0]["path"], "<stdin>");
        let from_file: Value = serde_json::from_str(&stdout(&run(&[
            "check",
            &format!("fixtures/check/{file}"),
            "--format",
            "json",
        ])))
        .unwrap();
        assert_eq!(
            doc["files"][0]["games"], from_file["files"][0]["games"],
            "{file}: the same games from stdin as from the file"
        );
    }
}

/// Every record file (`*.pdn`, `*.pdn.gz`, `*.fen`) below `dir`, sorted, as `dir/...` paths.
fn pdn_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.to_string_lossy();
            if path.is_dir() {
                walk(&path, out);
            } else if [".pdn", ".pdn.gz", ".fen"]
                .iter()
                .any(|e| name.ends_with(e))
            {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

#[test]
fn directories_are_searched_recursively_in_sorted_order() {
    let out = run(&["check", "fixtures", "--format", "json"]);
    let doc: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let listed: Vec<String> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_string())
        .collect();
    // The binary ran in the crate directory: name the files the same way.
    let root = manifest().join("fixtures");
    let expected: Vec<String> = pdn_files(&root)
        .iter()
        .map(|p| {
            Path::new("fixtures")
                .join(p.strip_prefix(&root).unwrap())
                .display()
                .to_string()
        })
        .collect();
    assert_eq!(listed, expected);
    assert!(listed.iter().any(|p| p.ends_with("check/clean.pdn")));
    assert!(listed.iter().any(|p| p.ends_with("variants/english.pdn")));
}

// ---- formats ----

#[test]
fn human_format_lists_findings_with_source_and_summary() {
    let out = run(&["check", "fixtures/check/italian.pdn"]);
    let text = stdout(&out);
    assert!(text.contains("fixtures/check/italian.pdn:18:4: error[E-CAPTURE-PRECEDENCE]"));
    assert!(text.contains("1. 22x13 *"), "the source line is shown");
    assert!(text.contains("legal moves: 24x15"));
    assert!(text.contains("checked 1 file"), "summary: {text}");
}

/// Players come from the standard tags, or the localised ones that stand for them (`Bianco`,
/// `Nero`); the JSON report keeps both names of such a tag.
#[test]
fn players_are_found_under_localised_tag_names() {
    let dir = temp_dir("localised-players");
    let file = dir.join("italiano.pdn");
    std::fs::write(
        &file,
        "[Bianco \"Rossi, M.\"]\n[Nero \"Verdi, L.\"]\n[GameType \"22\"]\n1. 22-18 9-14 *\n",
    )
    .expect("write");
    let path = file.to_str().expect("UTF-8 path");
    let human = stdout(&run(&["check", path]));
    assert!(human.contains("(game 1, Rossi, M. - Verdi, L.)"), "{human}");
    let json: Value =
        serde_json::from_str(&stdout(&run(&["check", path, "--format", "json"]))).expect("JSON");
    let tags = &json["files"][0]["games"][0]["tags"];
    assert_eq!(tags[0]["name"], "Bianco");
    assert_eq!(tags[0]["standard_name"], "White");
    assert_eq!(tags[2]["name"], "GameType");
    assert!(tags[2].get("standard_name").is_none(), "{tags}");
}

#[test]
fn sarif_format_is_sarif_2_1_0() {
    let out = run(&["check", "fixtures/check", "--format", "sarif"]);
    assert_code(&out, 1, "sarif");
    let doc: Value = serde_json::from_str(&stdout(&out)).expect("SARIF is JSON");
    assert_eq!(doc["version"], "2.1.0");
    let run = &doc["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "pdnkit");
    let results = run["results"].as_array().expect("results");
    assert!(!results.is_empty());
    for r in results {
        assert!(r["ruleId"].is_string(), "ruleId: {r}");
        assert!(
            matches!(r["level"].as_str(), Some("error" | "warning" | "note")),
            "level: {r}"
        );
        let loc = &r["locations"][0]["physicalLocation"];
        assert!(
            loc["artifactLocation"]["uri"]
                .as_str()
                .is_some_and(|u| u.starts_with("fixtures/check/")),
            "uri: {r}"
        );
        assert!(loc["region"]["startLine"].as_u64().is_some_and(|l| l >= 1));
        assert!(r["message"]["text"].is_string());
    }
    // Every rule a result names is in the driver's rule list.
    let rules: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    for r in results {
        assert!(rules.contains(&r["ruleId"].as_str().unwrap()));
    }
}

#[test]
fn github_format_prints_workflow_commands() {
    let out = run(&[
        "check",
        "fixtures/check/english.pdn",
        "fixtures/dialects/habits.pdn",
        "--format",
        "github",
    ]);
    assert_code(&out, 1, "github");
    let text = stdout(&out);
    let commands: Vec<&str> = text.lines().filter(|l| l.starts_with("::")).collect();
    assert!(
        commands.iter().any(|l| l.starts_with(
            "::error file=fixtures/check/english.pdn,line=17,col=19,title=E-CAPTURE-MANDATORY::"
        )),
        "{text}"
    );
    assert!(
        commands
            .iter()
            .any(|l| l.starts_with("::warning file=") && l.contains("title=W-SEPARATOR-MISMATCH::")),
        "{text}"
    );
    for l in &commands {
        assert!(
            l.starts_with("::error file=")
                || l.starts_with("::warning file=")
                || l.starts_with("::notice file="),
            "{l}"
        );
    }
    let notes = run(&[
        "check",
        "fixtures/check/others.pdn",
        "--format",
        "github",
        "--notes",
    ]);
    assert!(
        stdout(&notes).lines().any(
            |l| l.starts_with("::notice file=") && l.contains("title=N-VARIANT-NOT-REPLAYED::")
        )
    );
}

// ---- games that cannot be replayed are never reported clean ----

#[test]
fn a_game_that_is_not_replayed_is_a_warning_and_makes_the_run_not_clean() {
    let out = run(&["check", "fixtures/check/others.pdn"]);
    assert_code(&out, 1, "others.pdn");
    let text = stdout(&out);
    assert!(
        text.contains("warning[W-NOT-REPLAYED]: the variant is not known (the Variant tag names none pdnkit knows), so its 2 plies are not checked"),
        "{text}"
    );
    assert!(text.contains("2 games not replayed (unknown 2)"), "{text}");
    // The game without moves leaves nothing unchecked: a note, not listed by default.
    assert!(!text.contains("N-VARIANT-NOT-REPLAYED"), "{text}");
}

#[test]
fn an_unknown_gametype_number_is_named_as_such_in_the_unreplayed_warning() {
    let dir = temp_dir("unknown-gametype-number");
    let file = dir.join("future.pdn");
    std::fs::write(
        &file,
        "[GameType \"42,W,8,8,A0,0\"]\n1. c3-d4 f6-e5 *\n\n[GameType \"Killer\"]\n1. c3-d4 *\n",
    )
    .unwrap();
    let out = run(&["check", file.to_str().unwrap(), "--color", "never"]);
    assert_code(&out, 1, "unknown GameTypes");
    let text = stdout(&out);
    assert!(
        text.contains("W-NOT-REPLAYED]: the variant is not known (GameType 42 names none pdnkit knows), so its 2 plies are not checked"),
        "{text}"
    );
    assert!(
        text.contains("W-NOT-REPLAYED]: the variant is not known (the GameType cannot be read), so its 1 ply is not checked"),
        "{text}"
    );
}

#[test]
fn a_game_with_nothing_to_check_is_not_a_reason_to_fail() {
    // Only unknown moves (abatsiev.pdn game 36), or an empty setup (bridges.pdn game 14): even a
    // known variant would check nothing, so a note, not W-NOT-REPLAYED.
    let dir = temp_dir("nothing-to-check");
    let file = dir.join("unknown.pdn");
    std::fs::write(
        &file,
        "[GameType \"Killer\"]\n1. - - - - 2. - - *\n\n[FEN \"W::.\"]\n1/2-1/2\n",
    )
    .unwrap();
    let out = run(&["check", file.to_str().unwrap(), "--format", "json"]);
    let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(report["totals"]["not_replayed"], 0, "{}", stdout(&out));
    let codes: Vec<&str> = report["files"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["findings"].as_array().unwrap())
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes
            .iter()
            .filter(|&&c| c == "N-VARIANT-NOT-REPLAYED")
            .count(),
        2,
        "{codes:?}"
    );
    assert!(!codes.contains(&"W-NOT-REPLAYED"), "{codes:?}");
}

#[test]
fn allow_unreplayed_accepts_unreplayed_games_but_still_reports_them() {
    let dir = temp_dir("allow-unreplayed");
    let file = dir.join("killer.pdn");
    std::fs::write(&file, "[Variant \"Killer Checkers\"]\n1. c3-d4 f6-e5 *\n").unwrap();
    let file = file.to_str().unwrap();
    // (The unknown Variant tag's own warning is allowed, to leave W-NOT-REPLAYED alone.)
    let strict = run(&["check", file, "--allow", "W-UNKNOWN-VARIANT-TAG"]);
    assert_code(&strict, 1, "without --allow-unreplayed");
    let allowed = run(&[
        "check",
        file,
        "--allow",
        "W-UNKNOWN-VARIANT-TAG",
        "--allow-unreplayed",
    ]);
    assert_code(&allowed, 0, "with --allow-unreplayed");
    assert!(
        stdout(&allowed).contains("1 game not replayed (unknown 1)"),
        "{}",
        stdout(&allowed)
    );
}

#[test]
fn json_reports_count_unreplayed_games_and_give_each_reason() {
    let out = run(&["check", "fixtures/check/others.pdn", "--format", "json"]);
    assert_code(&out, 1, "others.pdn as JSON");
    let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let totals = &report["totals"];
    assert_eq!(totals["not_replayed"], 2);
    assert_eq!(totals["not_replayed_by_variant"]["unknown"], 2);
    let reasons: Vec<&Value> = report["files"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["not_replayed"])
        .collect();
    assert_eq!(
        reasons,
        [
            &Value::from("unknown-variant"),
            &Value::from("unknown-variant"),
            &Value::Null,
            &Value::Null
        ]
    );
}

#[test]
fn jsonl_and_sarif_carry_the_unreplayed_count() {
    let jsonl = run(&["check", "fixtures/check/others.pdn", "--format", "jsonl"]);
    assert_code(&jsonl, 1, "others.pdn as JSON Lines");
    let summary: Value = serde_json::from_str(stdout(&jsonl).lines().last().unwrap()).unwrap();
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["totals"]["not_replayed"], 2);
    let sarif = run(&["check", "fixtures/check/others.pdn", "--format", "sarif"]);
    assert_code(&sarif, 1, "others.pdn as SARIF");
    let log: Value = serde_json::from_str(&stdout(&sarif)).unwrap();
    let run = &log["runs"][0];
    assert_eq!(run["properties"]["totals"]["not_replayed"], 2);
    let unreplayed = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["ruleId"] == "W-NOT-REPLAYED" && r["level"] == "warning")
        .count();
    assert_eq!(unreplayed, 2);
}

#[test]
fn check_help_documents_the_exit_codes() {
    let out = run(&["check", "--help"]);
    assert_code(&out, 0, "check --help");
    let text = stdout(&out);
    assert!(text.contains("Exit codes:"), "{text}");
    assert!(text.contains("--allow-unreplayed"), "{text}");
}

#[test]
fn jsonl_format_prints_one_game_per_line_then_a_summary() {
    let out = run(&["check", "fixtures/check/english.pdn", "--format", "jsonl"]);
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 9, "8 games and a summary");
    assert!(lines[..8].iter().all(|l| l["type"] == "game"));
    assert_eq!(lines[8]["type"], "summary");
    assert_eq!(lines[8]["totals"]["games"], 8);
}

// ---- options ----

#[test]
fn output_writes_the_report_to_a_file() {
    let dir = temp_dir("output");
    let file = dir.join("report.json");
    let out = run(&[
        "check",
        "fixtures/check/english.pdn",
        "--format",
        "json",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_code(&out, 1, "--output");
    assert!(out.stdout.is_empty(), "nothing on stdout with --output");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(doc["totals"]["games"], 8);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn max_findings_limits_the_list_not_the_count() {
    let out = run(&[
        "check",
        "fixtures/check/international.pdn",
        "--max-findings",
        "2",
    ]);
    assert_code(&out, 1, "--max-findings");
    let text = stdout(&out);
    let listed = text
        .lines()
        .filter(|l| l.contains(": error[") || l.contains(": warning["))
        .count();
    assert_eq!(listed, 2, "{text}");
    assert!(text.contains("12 errors"), "the summary counts all: {text}");

    let sarif = run(&[
        "check",
        "fixtures/check/international.pdn",
        "--format",
        "sarif",
        "--max-findings",
        "3",
    ]);
    let doc: Value = serde_json::from_str(&stdout(&sarif)).unwrap();
    assert_eq!(doc["runs"][0]["results"].as_array().unwrap().len(), 3);
}

#[test]
fn quiet_prints_only_the_summary() {
    let out = run(&["check", "fixtures/check/international.pdn", "--quiet"]);
    assert_code(&out, 1, "--quiet still fails on errors");
    let text = stdout(&out);
    assert!(!text.contains("error["), "{text}");
    assert!(text.contains("checked 1 file"), "{text}");
}

/// The standard output of a run that may find errors (exit 0 or 1).
fn output_of(args: &[&str]) -> String {
    let out = run(args);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    stdout(&out)
}

#[test]
fn jobs_do_not_change_the_output() {
    let corpus = manifest().join("../shared/corpus/pdn-standard/succeed");
    let mut dirs = vec![manifest().join("fixtures")];
    if corpus.is_dir() {
        dirs.push(corpus);
    } else {
        corpus::skip(format_args!("the corpus: {} is absent", corpus.display()));
    }
    for dir in dirs {
        let dir = dir.to_str().unwrap();
        for format in ["json", "jsonl", "sarif"] {
            let one = output_of(&["check", dir, "--format", format, "--jobs", "1"]);
            let two = output_of(&["check", dir, "--format", format, "--jobs", "2"]);
            assert!(
                one == two,
                "{dir}: --format {format} differs between --jobs 1 and 2"
            );
        }
    }
}

/// An archive of 4000 International games, each with a warning (a `1-0` result, where
/// International writes 2-0), so every format writes as it goes.
fn many_games(dir: &Path) -> PathBuf {
    let file = dir.join("many.pdn");
    let mut text = String::new();
    for i in 0..4000 {
        text.push_str(&format!(
            "[Event \"{i}\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 1-0\n\n"
        ));
    }
    std::fs::write(&file, text).unwrap();
    file
}

/// Reads one line of `pdnkit check FILE --format FORMAT --jobs JOBS`, closes the pipe, and
/// checks that the process exits 0 within 60 seconds without a panic (killed otherwise).
fn close_pipe_after_one_line(file: &Path, format: &str, jobs: &str) {
    let mut child = pdnkit()
        .args(["check", "--format", format, "--jobs", jobs])
        .arg(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    assert!(!line.is_empty(), "{format}: a first line");
    drop(reader); // closes the pipe
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{format} --jobs {jobs}: still running 60 s after its output pipe closed");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert!(!err.contains("panicked"), "{format} --jobs {jobs}: {err}");
    assert_eq!(
        status.code(),
        Some(0),
        "{format} --jobs {jobs}: a closed pipe exits 0; stderr: {err}"
    );
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    let dir = temp_dir("pipe");
    let file = many_games(&dir);
    for format in ["jsonl", "human", "github"] {
        close_pipe_after_one_line(&file, format, "1");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// With several jobs, closing the pipe leaves the process hanging: the sink's error returns
/// from the ordering loop, but the reader and worker threads stay blocked on the bounded
/// channels and `thread::scope` waits for them forever (seen: `--jobs 2 --format jsonl`, no
/// CPU, never exits).
#[test]
fn a_closed_pipe_is_not_an_error_with_several_jobs() {
    let dir = temp_dir("pipe-jobs");
    let file = many_games(&dir);
    for format in ["jsonl", "human"] {
        close_pipe_after_one_line(&file, format, "2");
    }
    let _ = std::fs::remove_dir_all(dir);
}

// ---- the progress bar ----

/// On a terminal (a pseudo-terminal from util-linux `script`, 100 columns), a run draws its bar
/// (at once, by `PDNKIT_PROGRESS_DELAY_MS=0`, rather than after the usual second): the file being reported, its start cut to fit, and the bytes read in
/// the summary's unit (MB, not MiB).
#[test]
fn the_progress_bar_names_the_file_and_counts_in_the_summarys_unit() {
    let has_script = std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_script {
        corpus::skip(format_args!(
            "no `script` (util-linux) to give the run a terminal"
        ));
        return;
    }
    let dir = temp_dir("progress");
    let long = dir.join(format!(
        "{}-end-of-a-long-name",
        "a-very-long-directory-name".repeat(6)
    ));
    std::fs::create_dir_all(&long).unwrap();
    let file = long.join("many-games.pdn");
    // Enough games that the bar is drawn a few times before the run ends.
    let game = "[Event \"e\"]\n[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17x10 4. 7x14 25-22 *\n\n";
    std::fs::write(&file, game.repeat(60_000)).unwrap();
    let command = format!(
        "stty cols 100 rows 40; exec {} check -q {}",
        env!("CARGO_BIN_EXE_pdnkit"),
        file.display()
    );
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("TERM", "xterm")
        .env("PDNKIT_PROGRESS_DELAY_MS", "0")
        .env_remove("NO_COLOR")
        .output()
        .expect("run script");
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(screen.contains(" MB/"), "no MB count in the bar:\n{screen}");
    assert!(
        !screen.contains("MiB") && !screen.contains("KiB"),
        "{screen}"
    );
    assert!(
        screen.contains("long-name/many-games.pdn █"),
        "the file is not named before the bar:\n{screen}"
    );
    // The name is cut to fit the 100 columns, keeping its end.
    assert!(!screen.contains(&file.display().to_string()), "{screen}");
    assert!(!screen.contains("a-very-long-directory-name"), "{screen}");
    // The summary counts in the same unit.
    assert!(screen.contains(" MB in "), "{screen}");
}
