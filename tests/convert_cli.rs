//! `pdnkit convert` as a command: exit codes, standard input, `-o`, JSON in and out, the
//! positions export, and the schema of the JSON it writes.

use crate::support::corpus;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn fixture(name: &str) -> String {
    format!("{}/fixtures/convert/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn pdnkit(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pdnkit runs");
    let input = stdin.unwrap_or_default().to_vec();
    let mut pipe = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("pdnkit ends");
    writer.join().expect("writer");
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

#[test]
fn a_clean_file_converts_with_exit_code_0() {
    let out = pdnkit(&["convert", &fixture("russian.pdn")], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let pdn = text(&out.stdout);
    assert!(pdn.contains("[GameType \"25,W,8,8,A0,0\"]"), "{pdn}");
    assert!(pdn.contains("6. d4:b6 {forced} 6... a5:c7"), "{pdn}");
}

#[test]
fn an_unreplayable_line_is_kept_reported_and_exits_1() {
    let out = pdnkit(&["convert", &fixture("international.pdn")], None);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("international.pdn:33:16: error[E-ILLEGAL-MOVE]"),
        "{err}"
    );
    let pdn = text(&out.stdout);
    assert!(pdn.contains("{pdnkit-unreplayed: 23-18"), "{pdn}");
}

#[test]
fn a_missing_file_exits_2() {
    let out = pdnkit(&["convert", "no/such/file.pdn"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = pdnkit(
        &[
            "convert",
            "--notation",
            "hexagonal",
            &fixture("russian.pdn"),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn standard_input_and_json_round_trip_give_the_same_pdn() {
    let direct = pdnkit(&["convert", &fixture("english.pdn")], None);
    let bytes = std::fs::read(fixture("english.pdn")).unwrap();
    let piped = pdnkit(&["convert", "-"], Some(&bytes));
    assert_eq!(text(&direct.stdout), text(&piped.stdout));
    let json = pdnkit(&["convert", "--to", "json", "-"], Some(&bytes));
    assert_eq!(json.status.code(), Some(0));
    assert_eq!(text(&json.stdout).lines().count(), 2, "one game a line");
    let back = pdnkit(&["convert", "-"], Some(&json.stdout));
    assert_eq!(text(&direct.stdout), text(&back.stdout));
}

#[test]
fn output_file_and_positions_export() {
    let dir = std::env::temp_dir().join(format!("pdnkit-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("positions.jsonl");
    let out = pdnkit(
        &[
            "convert",
            "--to",
            "positions",
            "-o",
            path.to_str().unwrap(),
            &fixture("turkish.pdn"),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let lines = std::fs::read_to_string(&path).unwrap();
    let rows: Vec<serde_json::Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // 24 plies: 25 positions, the last without a move.
    assert_eq!(rows.len(), 25);
    assert_eq!(
        rows[0]["fen"],
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    );
    assert_eq!(rows[0]["legal_moves"], 8);
    assert_eq!(rows[0]["move"], "e3-e4");
    assert_eq!(rows[24]["ply"], 24);
    assert!(rows[24]["move"].is_null());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every key the JSON output uses is described by `schema/game.json` (tests/parse_schema.rs
/// validates the games of every fixture against it).
#[test]
fn json_keys_are_in_the_schema() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{}/schema/game.json", env!("CARGO_MANIFEST_DIR")))
            .unwrap(),
    )
    .expect("the schema is JSON");
    fn properties(v: &serde_json::Value, out: &mut std::collections::BTreeSet<String>) {
        match v {
            serde_json::Value::Object(map) => {
                if let Some(serde_json::Value::Object(props)) = map.get("properties") {
                    out.extend(props.keys().cloned());
                }
                map.values().for_each(|v| properties(v, out));
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| properties(v, out)),
            _ => {}
        }
    }
    fn keys(v: &serde_json::Value, out: &mut std::collections::BTreeSet<String>) {
        match v {
            serde_json::Value::Object(map) => {
                out.extend(map.keys().cloned());
                map.values().for_each(|v| keys(v, out));
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
            _ => {}
        }
    }
    let mut described = Default::default();
    properties(&schema, &mut described);
    let mut used = std::collections::BTreeSet::new();
    for name in [
        "international.pdn",
        "english.pdn",
        "russian.pdn",
        "czech.pdn",
    ] {
        let out = pdnkit(
            &["convert", "--to", "json", "--fen-comments", &fixture(name)],
            None,
        );
        for line in text(&out.stdout).lines() {
            keys(&serde_json::from_str(line).unwrap(), &mut used);
        }
    }
    let missing: Vec<_> = used.difference(&described).collect();
    assert!(missing.is_empty(), "keys not in the schema: {missing:?}");
}

/// Games are converted on several threads and written in input order: output, notices and exit
/// code are the same for any number of jobs, in every output format. Over the fixtures, and the
/// PDN standard's corpus when it is there (files that fail to read included).
#[test]
fn jobs_do_not_change_the_output() {
    let root = env!("CARGO_MANIFEST_DIR");
    let corpus = format!("{root}/../shared/corpus/pdn-standard");
    let mut paths = vec![format!("{root}/fixtures")];
    if std::path::Path::new(&corpus).is_dir() {
        paths.push(corpus);
    } else {
        corpus::skip(format_args!("the corpus: {corpus} is absent"));
    }
    for to in ["pdn", "json", "positions"] {
        let run = |jobs: &str| {
            let mut args = vec!["convert", "--to", to, "--jobs", jobs];
            args.extend(paths.iter().map(String::as_str));
            pdnkit(&args, None)
        };
        let one = run("1");
        assert!(!one.stdout.is_empty(), "--to {to}: {}", text(&one.stderr));
        for jobs in ["2", "3"] {
            let many = run(jobs);
            assert_eq!(
                many.status.code(),
                one.status.code(),
                "--to {to} --jobs {jobs}"
            );
            assert!(
                many.stdout == one.stdout,
                "--to {to}: output differs with --jobs {jobs}"
            );
            assert_eq!(
                without_timing(&text(&many.stderr)),
                without_timing(&text(&one.stderr)),
                "--to {to} --jobs {jobs}"
            );
        }
    }
}

/// A reader that stops after the first line (`| head -1`) is not an error, with one job or
/// several.
#[test]
fn a_closed_pipe_ends_the_conversion_quietly() {
    let dir = std::env::temp_dir().join(format!("pdnkit-convert-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("many.pdn");
    let game = "[Event \"e\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n";
    std::fs::write(&file, game.repeat(20_000)).expect("write");
    for jobs in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
            .args([
                "convert",
                "--jobs",
                jobs,
                file.to_str().expect("UTF-8 path"),
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("pdnkit runs");
        let mut first = [0u8; 1];
        std::io::Read::read_exact(child.stdout.as_mut().expect("stdout"), &mut first)
            .expect("some output");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("pdnkit ends");
        assert_eq!(
            out.status.code(),
            Some(0),
            "--jobs {jobs}: {}",
            text(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "--jobs {jobs}: {}",
            text(&out.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Standard error with the summary's time and rate cut (`... in 0.12s (1000 games/s)`): they are
/// the only part of it that may differ between runs.
fn without_timing(stderr: &str) -> String {
    stderr
        .lines()
        .map(|line| match line.find(" MB in ") {
            Some(at) if line.starts_with("converted ") => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `convert` ends with the summary `check` prints (on standard error: standard output holds the
/// games), counting what it converted, found and repaired; `-q` lists nothing but keeps it,
/// `-qq` leaves it out too, and neither changes the games.
#[test]
fn convert_ends_with_checks_summary_on_standard_error() {
    let file = format!("{}/fixtures/check/english.pdn", env!("CARGO_MANIFEST_DIR"));
    let out = pdnkit(&["convert", &file], None);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("converted 1 file, 8 games, "))
        .unwrap_or_else(|| panic!("no summary line: {err}"));
    assert_eq!(lines[at + 1], "4 errors in 4 games, 0 warnings", "{err}");
    assert!(
        lines[at + 2..].iter().all(|l| l.starts_with("  E-")),
        "counts by code close it: {err}"
    );
    assert_eq!(lines.len() - at - 2, 4, "{err}");
    let located = err.lines().filter(|l| l.contains(": error[")).count();
    assert_eq!(located, 4, "each error is located above the summary: {err}");

    // -q: the findings are not listed, the summary is kept, the games are the same.
    let quiet = pdnkit(&["convert", "-q", &file], None);
    assert_eq!(quiet.status.code(), Some(1));
    assert_eq!(quiet.stdout, out.stdout);
    let quiet_err = text(&quiet.stderr);
    assert!(
        quiet_err.starts_with("converted 1 file, 8 games, "),
        "{quiet_err}"
    );
    // (The first line has the time taken.)
    let quiet_lines: Vec<&str> = quiet_err.lines().skip(1).collect();
    assert_eq!(quiet_lines, lines[at + 1..], "only the summary");
    // -qq: not even the summary.
    let quieter = pdnkit(&["convert", "-qq", &file], None);
    assert_eq!(quieter.status.code(), Some(1));
    assert_eq!(quieter.stdout, out.stdout);
    assert_eq!(text(&quieter.stderr), "");

    // Repairs are counted too.
    let dates = format!("{}/fixtures/dialects/dates.pdn", env!("CARGO_MANIFEST_DIR"));
    let fixed = text(&pdnkit(&["convert", "--fix", &dates], None).stderr);
    let repairs = fixed.matches("note[W-DATE-FORMAT]: repaired:").count();
    assert!(repairs > 0, "{fixed}");
    assert!(
        fixed.contains(&format!(
            "\n{repairs} repair{} (--fix)\n",
            if repairs == 1 { "" } else { "s" }
        )),
        "{fixed}"
    );
}

/// `parse` ends with the same two lines.
#[test]
fn parse_ends_with_checks_summary() {
    let file = format!("{}/fixtures/check/others.pdn", env!("CARGO_MANIFEST_DIR"));
    let parse = text(&pdnkit(&["parse", &file], None).stdout);
    let check = text(&pdnkit(&["check", &file, "--allow-unreplayed"], None).stdout);
    let shape = |report: &str, verb: &str| {
        let line = report
            .lines()
            .find(|l| l.starts_with(verb))
            .unwrap_or_else(|| panic!("no `{verb}` line: {report}"));
        // Files and games, and the same parts after them (plies are plies read for `parse`,
        // plies replayed for `check`).
        let parts: Vec<&str> = line[verb.len()..].split(", ").collect();
        assert_eq!(parts.len(), 4, "{line}");
        assert!(
            parts[2].ends_with(" plies") && parts[3].contains(" MB in "),
            "{line}"
        );
        parts[..2].join(", ")
    };
    assert_eq!(shape(&parse, "read"), shape(&check, "checked"));
    let second = |report: &str, verb: &str| {
        let lines: Vec<&str> = report.lines().collect();
        let at = lines.iter().position(|l| l.starts_with(verb)).unwrap();
        lines[at + 1].to_string()
    };
    assert!(second(&parse, "read").contains(" in "), "{parse}");
    assert!(
        second(&parse, "read").ends_with(" warnings")
            || second(&parse, "read").ends_with(" warning")
    );
}
