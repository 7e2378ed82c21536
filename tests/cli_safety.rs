//! The CLI is safe on any input and any invocation: no input is destroyed or lost,
//! nothing hangs, nothing from the input reaches the terminal raw, and every failure says which
//! path it is about and fails the run.

use crate::support::cli as cli_support;
use crate::support::corpus;
use cli_support::{assert_code, manifest, pdnkit, run, stderr, stdout, temp_dir};
#[path = "cli_safety/files.rs"]
mod files;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn path_str(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// A copy of a fixture in `dir`.
fn copy_fixture(dir: &Path, fixture: &str, name: &str) -> PathBuf {
    let to = dir.join(name);
    std::fs::copy(manifest().join("fixtures").join(fixture), &to).expect("copy");
    to
}

// ---- 1. -o naming an input ----

#[test]
fn output_naming_an_input_is_refused_and_the_input_kept() {
    let dir = temp_dir("o-input");
    let input = copy_fixture(&dir, "check/english.pdn", "x.pdn");
    let before = std::fs::read(&input).unwrap();
    let link = dir.join("link.pdn");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&input, &link).unwrap();
    #[cfg(not(unix))]
    std::fs::hard_link(&input, &link).unwrap();
    for (command, target) in [
        ("convert", &input),
        ("check", &input),
        ("convert", &link),
        ("check", &link),
    ] {
        let out = run(&[command, path_str(&input), "-o", path_str(target)]);
        assert_code(&out, 2, &format!("{command} -o {}", target.display()));
        assert!(
            stderr(&out).contains(path_str(target)) && stderr(&out).contains("input"),
            "{}",
            stderr(&out)
        );
        assert_eq!(
            std::fs::read(&input).unwrap(),
            before,
            "the input is intact"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `-o` is written through a temporary file: while the run is going (or if it dies) the old
/// file is as it was; when it finishes, the file is replaced and no temporary file is left.
#[test]
fn output_is_replaced_only_when_the_run_finishes() {
    use std::io::Write;
    let dir = temp_dir("o-atomic");
    let target = dir.join("out.pdn");
    std::fs::write(&target, "old\n").unwrap();
    let mut child = pdnkit()
        .args(["convert", "-", "-o", path_str(&target)])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"[GameType \"21\"]\n1. 11-15 23-19 *\n\n")
        .unwrap();
    stdin.flush().unwrap();
    // The run is under way (its input still open); give it time to open its output.
    std::thread::sleep(std::time::Duration::from_millis(700));
    let during = std::fs::read_to_string(&target).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(
        during, "old\n",
        "the old file is untouched while the run is going"
    );
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "old\n",
        "nor after it died"
    );
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name();
        if name.to_string_lossy().ends_with(".partial") {
            std::fs::remove_file(dir.join(name)).unwrap(); // what a killed run leaves
        }
    }

    let input = copy_fixture(&dir, "check/english.pdn", "in.pdn");
    let out = run(&["convert", path_str(&input), "-o", path_str(&target)]);
    assert_code(&out, 1, "convert english.pdn (it has errors)");
    let written = std::fs::read_to_string(&target).unwrap();
    assert!(written.contains("[Event"), "{written}");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".pdnkit-") || n.ends_with(".partial"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
    let _ = std::fs::remove_dir_all(dir);
}

// ---- 2. a missing path ----

#[test]
fn a_missing_path_is_reported_and_the_rest_is_checked() {
    let good = "fixtures/check/english.pdn";
    let out = run(&["check", "nosuch.pdn", good, "--format", "json"]);
    assert_code(&out, 2, "a missing path");
    assert!(stderr(&out).contains("nosuch.pdn"), "{}", stderr(&out));
    let doc: Value = serde_json::from_str(&stdout(&out)).expect("a whole JSON document");
    assert_eq!(doc["totals"]["games"], 8, "the good file is checked");
    for command in [
        ["parse", "nosuch.pdn", good],
        ["convert", "nosuch.pdn", good],
    ] {
        let out = run(&command);
        assert_code(&out, 2, &format!("{command:?}"));
        assert!(stderr(&out).contains("nosuch.pdn"), "{}", stderr(&out));
    }
    let converted = run(&["convert", "nosuch.pdn", good]);
    assert_eq!(stdout(&converted).matches("[Event").count(), 8);
}

/// The run line counts the files read, and says apart how many could not be: one missing of
/// three is "read 2 files (1 could not be read)", never "read 3 files".
#[test]
fn the_run_line_counts_only_the_files_read() {
    let (good, other) = ("fixtures/check/english.pdn", "fixtures/check/clean.pdn");
    for (command, verb) in [
        ("check", "checked"),
        ("parse", "read"),
        ("convert", "converted"),
        ("stats", "read"),
        ("filter", "read"),
        ("dedup", "read"),
    ] {
        let out = run(&[command, "nosuch.pdn", good, other]);
        assert_code(&out, 2, command);
        // (check's summary ends its report, on standard output; the others' is on stderr.)
        let err = stderr(&out) + &stdout(&out);
        assert!(
            err.contains(&format!("{verb} 2 files (1 could not be read), ")),
            "{command}: {err}"
        );
        assert!(!err.contains("3 files"), "{command}: {err}");
    }
}

/// `pdnkit.toml` and baselines are read with a size limit: `/dev/zero` (endless) or a huge
/// file is an error naming the file and the limit, not a process growing without bound.
#[cfg(unix)]
#[test]
fn config_and_baseline_files_are_read_with_a_size_limit() {
    let good = "fixtures/check/clean.pdn";
    let out = run(&["check", good, "--baseline", "/dev/zero"]);
    assert_code(&out, 2, "--baseline /dev/zero");
    assert!(stderr(&out).contains("/dev/zero"), "{}", stderr(&out));
    assert!(stderr(&out).contains("256 MiB"), "{}", stderr(&out));
    let out = run(&["check", good, "--config", "/dev/zero"]);
    assert_code(&out, 2, "--config /dev/zero");
    assert!(stderr(&out).contains("/dev/zero"), "{}", stderr(&out));
    assert!(stderr(&out).contains("1 MiB"), "{}", stderr(&out));
    // Just over the limit, in a file: the same.
    let dir = temp_dir("limits");
    let big = dir.join("pdnkit.toml");
    std::fs::write(&big, format!("# {}\n", "x".repeat(1 << 20))).unwrap();
    let out = run(&["check", good, "--config", path_str(&big)]);
    assert_code(&out, 2, "a 1 MiB + 4 bytes config");
    assert!(
        stderr(&out).contains("longer than the limit of 1 MiB"),
        "{}",
        stderr(&out)
    );
    // Hostile JSON in a baseline: nested a million deep is an error, not a stack overflow
    // (the process would die of a signal, with no exit code).
    let deep = dir.join("deep.json");
    for hostile in [
        "[".repeat(1_000_000),
        format!("{{\"schema\":{}", "[".repeat(1_000_000)),
        format!(
            "{{\"schema\":\"pdnkit-baseline/1\",\"findings\":[{{\"file\":{}",
            "{\"a\":[".repeat(500_000)
        ),
    ] {
        std::fs::write(&deep, hostile).unwrap();
        let out = run(&["check", good, "--baseline", path_str(&deep)]);
        assert_code(&out, 2, "a deeply nested baseline");
        assert!(stderr(&out).contains("deep.json: "), "{}", stderr(&out));
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A JSON game whose values PDN could not hold (here the GameType's corner 4, which
/// underflowed in the numbering) is refused with an error located at its line; the games
/// around it are converted.
#[test]
fn a_json_game_with_a_value_pdn_cannot_hold_is_a_located_error() {
    let dir = temp_dir("json-corner");
    let games = to_json_lines(
        &dir,
        "[Event \"one\"]\n[GameType \"21\"]\n1. 11-15 23-19 *\n\n\
         [Event \"two\"]\n[GameType \"21\"]\n1. 9-13 22-18 *\n",
    );
    let mut bad: Value = serde_json::from_str(&games[0]).unwrap();
    bad["game_type"]["corner"] = serde_json::json!(4);
    let file = dir.join("games.json");
    std::fs::write(&file, format!("{}\n{bad}\n{}\n", games[0], games[1])).unwrap();
    let out = run(&["convert", path_str(&file)]);
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert_code(&out, 1, "a bad JSON game is an error");
    assert!(err.contains(&format!("{}:2:1: ", path_str(&file))), "{err}");
    assert!(err.contains("game_type.corner 4 is not 0..3"), "{err}");
    assert_eq!(stdout(&out).matches("[Event").count(), 2);
    let _ = std::fs::remove_dir_all(dir);
}

// ---- 7. a closed standard output ----

/// `>&-` (the shell closes standard output) must not pass; `| head` (a broken pipe) must.
#[cfg(unix)]
#[test]
fn a_closed_stdout_fails_the_run() {
    for command in ["check", "convert", "parse"] {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "exec \"$0\" {command} fixtures/check/clean.pdn >&-"
            ))
            .arg(env!("CARGO_BIN_EXE_pdnkit"))
            .current_dir(manifest())
            .output()
            .expect("sh");
        assert_code(&out, 2, &format!("{command} >&-"));
        assert!(stderr(&out).contains("standard output"), "{}", stderr(&out));
    }
    // The commands that write only to standard output, and --help and --version, fail the
    // same way: a closed standard output is not a success.
    for command in [
        "explain E-ILLEGAL-MOVE",
        "perft --variant english 2",
        "completions bash",
        "man",
        "--help",
        "check --help",
        "--version",
        "split --games 1 --out-dir target/split-closed-stdout fixtures/check/clean.pdn",
    ] {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" {command} >&-"))
            .arg(env!("CARGO_BIN_EXE_pdnkit"))
            .current_dir(manifest())
            .output()
            .expect("sh");
        assert_code(&out, 2, &format!("{command} >&-"));
        assert!(stderr(&out).contains("standard output"), "{}", stderr(&out));
    }
    // A broken pipe (`| head`: the reader goes away) is not an error.
    for args in [&["explain", "--all"][..], &["man"], &["--help"]] {
        let mut child = pdnkit()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_code(&out, 0, &format!("{args:?} | (closed)"));
    }
    // Sent to /dev/null on purpose: a success.
    for args in [&["explain", "E-ILLEGAL-MOVE"][..], &["--help"], &["man"]] {
        let out = pdnkit().args(args).stdout(Stdio::null()).output().unwrap();
        assert_code(&out, 0, &format!("{args:?} > /dev/null"));
    }
    let out = pdnkit()
        .args(["check", "fixtures/check/clean.pdn"])
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert_code(&out, 0, "> /dev/null");
}

#[cfg(target_os = "linux")]
#[test]
fn a_write_error_fails_the_run_naming_the_output() {
    let full = std::fs::File::create("/dev/full").expect("/dev/full");
    let out = pdnkit()
        .args(["check", "fixtures/check/clean.pdn"])
        .stdout(full)
        .output()
        .unwrap();
    assert_code(&out, 2, "> /dev/full");
    assert!(
        stderr(&out).contains("standard output:"),
        "{}",
        stderr(&out)
    );
}

// ---- 8. an empty run ----

#[test]
fn an_empty_run_is_not_a_clean_pass() {
    let dir = temp_dir("empty");
    let empty_dir = dir.join("nothing");
    std::fs::create_dir(&empty_dir).unwrap();
    let no_pdn = dir.join("no-pdn");
    std::fs::create_dir(&no_pdn).unwrap();
    // Not named like a record, and not starting like one (a tag or a FEN) either.
    std::fs::write(no_pdn.join("notes.txt"), "notes: 1. 11-15 *").unwrap();
    let empty_file = dir.join("empty.pdn");
    std::fs::write(&empty_file, "").unwrap();
    for command in ["check", "parse", "convert"] {
        for path in [&empty_dir, &no_pdn, &empty_file] {
            let out = run(&[command, path_str(path)]);
            assert_code(&out, 2, &format!("{command} {}", path.display()));
            assert!(stderr(&out).contains("no games found"), "{}", stderr(&out));
        }
        let out = pdnkit()
            .args([command, "-"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_code(&out, 2, &format!("{command} - (empty)"));
        assert!(stderr(&out).contains("no games found"), "{}", stderr(&out));
    }
    let _ = std::fs::remove_dir_all(dir);
}

// ---- 11. --jobs ----

#[test]
fn jobs_is_bounded_and_not_a_number_is_a_usage_error() {
    for command in ["check", "convert"] {
        let out = run(&[command, "--jobs", "two", "fixtures/check/clean.pdn"]);
        assert_code(&out, 2, &format!("{command} --jobs two"));
        assert!(stderr(&out).contains("--jobs"), "{}", stderr(&out));
        // Far more threads than any machine has cores: capped, so it neither panics nor eats
        // memory.
        let out = run(&[command, "--jobs", "100000", "fixtures/check/clean.pdn"]);
        assert_code(&out, 0, &format!("{command} --jobs 100000"));
    }
    let help = stdout(&run(&["check", "--help"]));
    assert!(help.contains("one per core"), "{help}");
}

// ---- 16. paths in I/O errors, `-o -` ----

#[test]
fn output_errors_name_the_path_and_dash_is_stdout() {
    let dir = temp_dir("o-dir");
    for command in ["check", "convert"] {
        let out = run(&[command, "fixtures/check/clean.pdn", "-o", path_str(&dir)]);
        assert_code(&out, 2, &format!("{command} -o DIR"));
        assert!(stderr(&out).contains(path_str(&dir)), "{}", stderr(&out));
        let out = run(&[command, "fixtures/check/clean.pdn", "-o", "-"]);
        assert_code(&out, 0, &format!("{command} -o -"));
        assert!(
            !out.stdout.is_empty(),
            "{command} -o - writes to standard output"
        );
        assert!(!manifest().join("-").exists(), "no file named `-`");
    }
    let _ = std::fs::remove_dir_all(dir);
}

// ---- 12. perft ----

#[test]
fn perft_reports_leaves_per_second() {
    let out = run(&["perft", "--variant", "english", "4"]);
    assert_code(&out, 0, "perft");
    assert_eq!(stdout(&out).trim(), "1469"); // English perft(4), as published (dctl)
    assert!(stderr(&out).contains("leaves/s"), "{}", stderr(&out));
    let divided = run(&["perft", "--variant", "english", "--divide", "2"]);
    let text = stdout(&divided);
    assert_eq!(text.lines().last(), Some("49"), "{text}");
    let per_move: Vec<u64> = text
        .lines()
        .filter(|l| l.contains('-'))
        .map(|l| l.split_whitespace().last().unwrap().parse().unwrap())
        .collect();
    assert_eq!(per_move.len(), 7, "{text}");
    assert_eq!(per_move.iter().sum::<u64>(), 49, "{text}");
}

// ---- 3. JSON input ----

/// `pdnkit convert --to json` of `pdn`, as lines.
fn to_json_lines(dir: &Path, pdn: &str) -> Vec<String> {
    let file = dir.join("source.pdn");
    std::fs::write(&file, pdn).unwrap();
    let out = run(&["convert", "--to", "json", path_str(&file)]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    stdout(&out).lines().map(str::to_string).collect()
}

#[test]
fn a_bad_json_game_is_reported_and_the_rest_converted() {
    let dir = temp_dir("json-bad");
    let games = to_json_lines(
        &dir,
        "[Event \"one\"]\n[GameType \"21\"]\n1. 11-15 23-19 *\n\n\
         [Event \"two\"]\n[GameType \"21\"]\n1. 9-13 22-18 *\n\n\
         [Event \"three\"]\n[GameType \"21\"]\n1. 10-14 24-20 *\n",
    );
    assert_eq!(games.len(), 3);
    // Line 2: not a game at all; line 3: a move naming no square (panicked in explain).
    let mut empty_move: Value = serde_json::from_str(&games[2]).unwrap();
    empty_move["moves"]["moves"][0]["token"]["squares"] = serde_json::json!([]);
    let text = format!(
        "{}\n{{\"index\": \"two\"}}\n{}\n{}\n",
        games[0], empty_move, games[1]
    );
    let file = dir.join("games.json");
    std::fs::write(&file, text).unwrap();
    let out = run(&["convert", path_str(&file)]);
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert_code(&out, 1, "bad JSON games are errors");
    let name = path_str(&file);
    assert!(err.contains(&format!("{name}:2:")), "{err}");
    assert!(err.contains(&format!("{name}:3:")), "{err}");
    let written = stdout(&out);
    assert!(written.contains("[Event \"one\"]"), "{written}");
    assert!(
        written.contains("[Event \"two\"]"),
        "the game after the bad ones: {written}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// The reader takes variations 64 deep; JSON of such a game reads back (serde_json alone stops
/// at 128 levels of nesting, about 25 variations).
#[test]
fn deeply_nested_variations_survive_json() {
    let dir = temp_dir("json-deep");
    let depth = 60;
    let pdn = format!(
        "[GameType \"20\"]\n1. 32-28 {}{} *\n",
        "(1. 33-29 ".repeat(depth),
        ")".repeat(depth)
    );
    let games = to_json_lines(&dir, &pdn);
    let file = dir.join("deep.json");
    std::fs::write(&file, format!("{}\n", games[0])).unwrap();
    for jobs in ["1", "2"] {
        let out = run(&["convert", path_str(&file), "--jobs", jobs]);
        assert_code(&out, 0, "60 nested variations from JSON");
        assert_eq!(
            stdout(&out).matches("33-29").count(),
            depth,
            "{}",
            stdout(&out)
        );
    }
    // Deeper than any reader output: refused with a located error, not a crash.
    let mut line = games[0].clone();
    line.insert_str(
        line.len() - 1,
        &format!(",\"x\":{}{}", "[".repeat(5000), "]".repeat(5000)),
    );
    std::fs::write(&file, format!("{line}\n{}\n", games[0])).unwrap();
    let out = run(&["convert", path_str(&file)]);
    assert_code(&out, 1, "nesting beyond the bound");
    assert!(stderr(&out).contains("nested deeper"), "{}", stderr(&out));
    assert_eq!(stdout(&out).matches("[GameType").count(), 1);
    let _ = std::fs::remove_dir_all(dir);
}

// ---- 4. PDN written from hand-made JSON ----

#[test]
fn pdn_written_from_json_reads_back_the_same_or_is_refused() {
    let dir = temp_dir("json-escape");
    let games = to_json_lines(
        &dir,
        "[Event \"e\"]\n[GameType \"21\"]\n1. 11-15 {note} 23-19 *\n",
    );
    let game: Value = serde_json::from_str(&games[0]).unwrap();
    // A `}` in a comment: written so that it reads back as the same text.
    let mut brace = game.clone();
    brace["moves"]["moves"][0]["after"][0]["text"] = "a } b".into();
    // A line break in a tag value, and a tag name that is not a name: refused.
    let mut newline = game.clone();
    newline["tags"][0]["value"] = "x\"]\n[Result \"1-0".into();
    let mut name = game.clone();
    name["tags"][0]["name"] = "Ev ent\"]".into();
    let file = dir.join("hand.json");
    std::fs::write(&file, format!("{brace}\n{newline}\n{name}\n")).unwrap();
    let out = run(&["convert", path_str(&file)]);
    assert_code(&out, 1, "unwritable games are errors");
    let err = stderr(&out);
    assert_eq!(err.matches("error[E-NOT-WRITABLE]").count(), 2, "{err}");
    assert!(
        err.contains("2 errors in 2 games"),
        "the summary counts them: {err}"
    );
    let written = stdout(&out);
    assert_eq!(written.matches("[GameType").count(), 1, "{written}");
    assert!(!written.contains("[Result \"1-0"), "{written}");
    // Read back, the comment is the same text.
    let back = dir.join("back.pdn");
    std::fs::write(&back, &written).unwrap();
    let parsed = run(&["parse", "--format", "json", path_str(&back)]);
    let doc: Value = serde_json::from_str(&stdout(&parsed)).unwrap();
    let comment = &doc["files"][0]["games"][0]["moves"]["moves"][0]["after"][0];
    assert_eq!(
        comment["text"].as_str().map(str::trim),
        Some("a } b"),
        "{written}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

// ---- 5. long unreadable text ----

#[test]
fn long_unreadable_text_is_kept_whole() {
    let dir = temp_dir("unread");
    let junk = "zq".repeat(1500);
    let file = dir.join("junk.pdn");
    std::fs::write(&file, format!("[GameType \"20\"]\n1. 32-28 {junk} *\n")).unwrap();
    let out = run(&["convert", path_str(&file)]);
    assert_code(&out, 1, "unreadable text is an error");
    assert!(stdout(&out).contains(&junk), "{}", stdout(&out));
    let _ = std::fs::remove_dir_all(dir);
}

// ---- 6. the opening comment ----

#[test]
fn a_comment_after_the_tags_stays_after_them() {
    let dir = temp_dir("intro");
    let file = dir.join("intro.pdn");
    std::fs::write(
        &file,
        "{file note}\n[Event \"a\"]\n[GameType \"20\"]\n\n{intro} 1. 32-28 19-23 *\n",
    )
    .unwrap();
    let out = run(&["convert", path_str(&file)]);
    assert_code(&out, 0, "convert");
    let text = stdout(&out);
    let at = |needle: &str| {
        text.find(needle)
            .unwrap_or_else(|| panic!("{needle}: {text}"))
    };
    assert!(at("{file note}") < at("[Event"), "{text}");
    assert!(at("[GameType") < at("{intro}"), "{text}");
    assert!(at("{intro}") < at("32-28"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

// ---- 10. the directory walk ----

#[cfg(unix)]
#[test]
fn the_walk_skips_loops_and_fifos_in_sorted_order() {
    let dir = temp_dir("walk");
    let root = dir.join("root");
    std::fs::create_dir_all(root.join("b")).unwrap();
    copy_fixture(&root, "check/clean.pdn", "c.pdn");
    copy_fixture(&root.join("b"), "check/clean.pdn", "a.pdn");
    copy_fixture(&root, "check/clean.pdn", "a.pdn");
    // A link back up the tree: followed naively it is a loop.
    std::os::unix::fs::symlink(&root, root.join("b").join("up")).unwrap();
    // A FIFO named like an archive: opening it blocks until someone writes.
    let fifo = root.join("pipe.pdn");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let mut child = pdnkit()
        .args(["check", "--format", "json", path_str(&root)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(30) {
            let _ = child.kill();
            let _ = child.wait();
            // Unblock nothing else: the FIFO is removed with the directory.
            panic!("the walk hung (on the FIFO?)");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    assert_code(&out, 0, "three clean files");
    let doc: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let listed: Vec<String> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_string())
        .collect();
    let root_name = path_str(&root);
    assert_eq!(
        listed,
        [
            format!("{root_name}/a.pdn"),
            format!("{root_name}/b/a.pdn"),
            format!("{root_name}/c.pdn"),
        ],
        "each file once, sorted"
    );
    let err = stderr(&out);
    assert!(
        err.contains("pipe.pdn") && err.contains("not a regular file"),
        "{err}"
    );
    assert!(err.contains("loop"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

// ---- 13. control characters from the input ----

#[test]
fn control_characters_from_the_input_are_escaped() {
    let dir = temp_dir("controls");
    let file = dir.join("evil.pdn");
    // An OSC title sequence and a BEL in a tag value, ESC and a bidi override in the move text.
    std::fs::write(
        &file,
        "[Event \"\x1b]0;pwned\x07\"]\n[White \"W\x1b[2J\"]\n[Black \"B\"]\n[GameType \"20\"]\n\
         1. 32-28 \x1b[31m\u{202e}zz 19-23 *\n",
    )
    .unwrap();
    for format in ["human", "concise", "github"] {
        let out = run(&[
            "check",
            "--format",
            format,
            "--notes",
            "--color",
            "never",
            path_str(&file),
        ]);
        let text = stdout(&out);
        assert!(!text.contains('\x1b'), "{format}: raw ESC in {text:?}");
        assert!(!text.contains('\x07'), "{format}: raw BEL in {text:?}");
        assert!(
            !text.contains('\u{202e}'),
            "{format}: raw bidi override in {text:?}"
        );
    }
    let human = stdout(&run(&["check", "--color", "never", path_str(&file)]));
    assert!(human.contains("\\x1b"), "the ESC is shown escaped: {human}");
    let parse = run(&["parse", "--color", "never", path_str(&file)]);
    assert!(!stdout(&parse).contains('\x1b'), "{}", stdout(&parse));
    let convert = run(&["convert", "--color", "never", path_str(&file)]);
    assert!(!stderr(&convert).contains('\x1b'), "{}", stderr(&convert));
    let _ = std::fs::remove_dir_all(dir);
}

// ---- 14 and 15: the terminal (run under a pseudo-terminal with `script`) ----

/// Runs `pdnkit ARGS` on a pseudo-terminal (util-linux `script`), with `env` set; returns what
/// the terminal received, or `None` (said on stderr) where `script` is missing.
fn on_terminal(args: &str, env: &[(&str, &str)]) -> Option<String> {
    let has_script = Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_script {
        corpus::skip(format_args!(
            "util-linux `script` is not installed (no pseudo-terminal)"
        ));
        return None;
    }
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_pdnkit"));
    let mut c = Command::new("script");
    c.args(["-qec", &command, "/dev/null"])
        .current_dir(manifest())
        .env_remove("NO_COLOR")
        .env("TERM", "xterm-256color")
        .stdin(Stdio::null());
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().expect("script");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn colour_follows_the_terminal_no_color_term_dumb_and_the_flag() {
    let check = "check fixtures/check/english.pdn";
    let Some(coloured) = on_terminal(check, &[]) else {
        return;
    };
    assert!(
        coloured.contains("\x1b[1;31m"),
        "a terminal gets colour: {coloured:?}"
    );
    for env in [[("NO_COLOR", "1")], [("TERM", "dumb")]] {
        let text = on_terminal(check, &env).unwrap();
        assert!(!text.contains("\x1b[1;31m"), "{env:?}: {text:?}");
    }
    let never = on_terminal(&format!("{check} --color never"), &[]).unwrap();
    assert!(!never.contains("\x1b[1;31m"), "{never:?}");
    // The concise report colours as the human one does.
    let concise = format!("{check} --format concise");
    assert!(on_terminal(&concise, &[]).unwrap().contains("\x1b[1;31m"));
    let no_color = on_terminal(&concise, &[("NO_COLOR", "1")]).unwrap();
    assert!(!no_color.contains("\x1b[1;31m"), "{no_color:?}");
    let always = run(&["check", "fixtures/check/english.pdn", "--color", "always"]);
    assert!(
        stdout(&always).contains("\x1b[1;31m"),
        "--color always, not a terminal"
    );
    let auto = run(&["check", "fixtures/check/english.pdn"]);
    assert!(!stdout(&auto).contains('\x1b'), "a pipe gets no colour");
}

/// Each line as the terminal shows it: what follows the last carriage return, without styles
/// and line clearing.
fn displayed_lines(raw: &str) -> Vec<String> {
    raw.split('\n')
        .map(|segment| {
            let segment = segment.strip_suffix('\r').unwrap_or(segment); // the terminal's CR LF
            let shown = segment.rsplit('\r').next().unwrap_or("");
            let mut out = String::new();
            let mut chars = shown.chars();
            while let Some(c) = chars.next() {
                if c == '\x1b' {
                    // CSI: ESC [ parameters final-byte
                    if chars.next() == Some('[') {
                        for c in chars.by_ref() {
                            if c.is_ascii_alphabetic() {
                                break;
                            }
                        }
                    }
                } else {
                    out.push(c);
                }
            }
            out
        })
        .collect()
}

#[test]
fn the_progress_bar_never_cuts_a_finding() {
    let dir = temp_dir("bar");
    // Enough games (each with a warning) to run for seconds, so the bar is up while findings
    // are printed.
    let file = dir.join("many.pdn");
    let mut text = String::new();
    for i in 0..30_000 {
        text.push_str(&format!(
            "[Event \"{i}\"]\n[GameType \"20\"]\n[Date \"2024-01-01\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 2-0\n\n"
        ));
    }
    std::fs::write(&file, text).unwrap();
    let command = format!("check --jobs 1 --max-per-code 0 {}", path_str(&file));
    let Some(raw) = on_terminal(&command, &[]) else {
        return;
    };
    let lines = displayed_lines(&raw);
    let findings: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("W-DATE-FORMAT]"))
        .collect();
    assert_eq!(findings.len(), 30_000, "findings shown");
    let prefix = format!("{}:", path_str(&file));
    for line in findings {
        assert!(
            line.starts_with(&prefix),
            "a finding cut by the bar: {line:?}"
        );
    }
    // A run that ends within a second draws no bar at all.
    let short = on_terminal("check fixtures/check/clean.pdn", &[]).unwrap();
    assert!(!short.contains("eta"), "{short:?}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `parse` and `convert` draw the same bar as `check`, and print through it too: every finding
/// keeps its `file:line:col`, and the summary line comes after the last of them.
#[test]
fn parse_and_convert_print_findings_through_the_bar() {
    let dir = temp_dir("bar-parse-convert");
    // Each game: a date written in another form (a reader warning, for parse) and a move that
    // is not legal (an error, for convert).
    let file = dir.join("many.pdn");
    let mut text = String::new();
    for i in 0..20_000 {
        text.push_str(&format!(
            "[Event \"{i}\"]\n[Date \"1841-??-??\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 31-27 *\n\n"
        ));
    }
    std::fs::write(&file, text).unwrap();
    let converted = dir.join("out.pdn");
    for (command, code, verb) in [
        (
            format!("parse {}", path_str(&file)),
            "W-DATE-FORMAT]",
            "read ",
        ),
        (
            format!(
                "convert -j 1 {} -o {}",
                path_str(&file),
                path_str(&converted)
            ),
            "E-CAPTURE-MANDATORY]",
            "converted ",
        ),
    ] {
        let Some(raw) = on_terminal(&command, &[]) else {
            return;
        };
        let lines = displayed_lines(&raw);
        let findings: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].contains(code))
            .collect();
        assert_eq!(findings.len(), 20_000, "{command}: findings shown");
        let prefix = format!("{}:", path_str(&file));
        for &i in &findings {
            assert!(
                lines[i].starts_with(&prefix),
                "{command}: a finding cut by the bar: {:?}",
                lines[i]
            );
        }
        let summary = lines.iter().position(|l| l.starts_with(verb));
        assert!(
            summary.is_some_and(|s| s > findings[findings.len() - 1]),
            "{command}: the summary line `{verb}...` after the findings"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// On a terminal, perft says which root move it is on (a deep count can run for minutes).
#[test]
fn perft_shows_progress_on_a_terminal() {
    let Some(shown) = on_terminal("perft --variant english 7", &[]) else {
        return;
    };
    assert!(shown.contains("root move"), "{shown:?}");
    assert!(
        shown.contains("179740"),
        "the count is still printed: {shown:?}"
    );
    let piped = run(&["perft", "--variant", "english", "3"]);
    assert!(
        !stderr(&piped).contains("root move"),
        "no bar off a terminal"
    );
}

/// `-o` naming a device is written to directly (renaming a file over `/dev/null` would replace
/// it), and `-o` naming a link replaces the file it points to, not the link.
#[cfg(unix)]
#[test]
fn output_to_a_device_or_through_a_link() {
    let out = run(&["check", "fixtures/check/clean.pdn", "-o", "/dev/null"]);
    assert_code(&out, 0, "-o /dev/null");
    use std::os::unix::fs::FileTypeExt;
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(
        null.file_type().is_char_device(),
        "/dev/null is still a device"
    );

    let dir = temp_dir("o-link");
    let real = dir.join("real.txt");
    std::fs::write(&real, "old\n").unwrap();
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let out = run(&["check", "fixtures/check/clean.pdn", "-o", path_str(&link)]);
    assert_code(&out, 0, "-o LINK");
    assert!(
        std::fs::symlink_metadata(&link).unwrap().is_symlink(),
        "the link stays"
    );
    assert!(
        std::fs::read_to_string(&real)
            .unwrap()
            .contains("checked 1 file")
    );
    let _ = std::fs::remove_dir_all(dir);
}

// ---- encodings ----

/// `[White "Bertè"]` and a date to report, as a game.
const BERTE: &str = "[Event \"x\"]\n[White \"Bert\u{e8}\"]\n[GameType \"20\"]\n[Date \"1841-01-01\"]\n1. 32-28 19-23 *\n";

fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    text.encode_utf16()
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect()
}

/// The source line under a finding is the file's line decoded as its game was: a
/// Windows-1252 `è` shows as `è` (it showed as U+FFFD, read as UTF-8), in the human report
/// and in the HTML one.
#[test]
fn source_lines_are_decoded_as_the_game_was_read() {
    let dir = temp_dir("excerpt-1252");
    let file = dir.join("w1252.pdn");
    let bytes: Vec<u8> = BERTE
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    std::fs::write(&file, &bytes).unwrap();
    let out = run(&["check", path_str(&file)]);
    let text = stdout(&out);
    assert!(text.contains("2 | [White \"Bert\u{e8}\"]"), "{text}");
    assert!(!text.contains('\u{fffd}'), "{text}");
    let html = dir.join("report.html");
    let out = run(&[
        "check",
        path_str(&file),
        "--format",
        "html",
        "-o",
        path_str(&html),
    ]);
    assert_code(&out, 0, "check --format html (warnings only)");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("Bert\u{e8}"), "the record in the HTML report");
    assert!(!page.contains('\u{fffd}'), "no U+FFFD in the HTML report");
    let _ = std::fs::remove_dir_all(dir);
}

/// `--encoding utf-16` reads the byte order from the zero bytes, so big-endian text without a
/// byte order mark reads (it was read as little-endian: garbage); `utf-16be` and `utf-16le`
/// give the order.
#[test]
fn utf16_without_a_byte_order_mark_is_read_in_either_order() {
    let dir = temp_dir("utf16-order");
    for (big_endian, explicit) in [(true, "utf-16be"), (false, "utf-16le")] {
        let file = dir.join(format!("{explicit}.pdn"));
        std::fs::write(&file, utf16(BERTE, big_endian)).unwrap();
        for encoding in ["utf-16", explicit] {
            let out = run(&[
                "parse",
                "--encoding",
                encoding,
                "--format",
                "json",
                path_str(&file),
            ]);
            let doc: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
            let game = &doc["files"][0]["games"][0];
            assert_eq!(
                game["tags"][1]["value"], "Bert\u{e8}",
                "{explicit} file read with --encoding {encoding}"
            );
            assert_eq!(game["moves"]["moves"].as_array().map(Vec::len), Some(2));
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A lone UTF-16 surrogate is read as U+FFFD with a warning located at it (it was replaced
/// silently); SARIF gives such a game's findings by line and column only, as its byte offsets
/// would count the transcoded text, not the file; in a Windows-1252 file it gives the file's
/// own byte offsets.
#[test]
fn a_lone_surrogate_is_a_warning_and_sarif_offsets_are_the_files() {
    let dir = temp_dir("utf16-lone");
    let file = dir.join("lone.pdn");
    let mut bytes = utf16(BERTE, false);
    let at = bytes
        .windows(2)
        .position(|w| w == b"B\0")
        .expect("the B of Bertè");
    bytes.splice(at..at, [0x00, 0xD8]); // a high surrogate, alone
    std::fs::write(&file, &bytes).unwrap();
    let out = run(&["check", "--encoding", "utf-16", path_str(&file)]);
    let text = stdout(&out);
    assert!(
        text.contains(":2:9: warning[W-UTF16-LONE-SURROGATE]: 1 lone UTF-16 surrogate"),
        "{text}"
    );
    let out = run(&[
        "check",
        "--encoding",
        "utf-16",
        "--format",
        "sarif",
        path_str(&file),
    ]);
    let doc: Value = serde_json::from_str(&stdout(&out)).expect("SARIF");
    assert_eq!(doc["runs"][0]["columnKind"], "unicodeCodePoints");
    let results = doc["runs"][0]["results"].as_array().unwrap();
    assert!(!results.is_empty());
    for r in results {
        let region = &r["locations"][0]["physicalLocation"]["region"];
        assert!(region.get("byteOffset").is_none(), "{region}");
        assert!(region["startLine"].as_u64().unwrap() >= 1, "{region}");
    }
    // Windows-1252: the offset of the `è` is its byte in the file.
    let w1252 = dir.join("w1252.pdn");
    let bytes: Vec<u8> = BERTE
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    std::fs::write(&w1252, &bytes).unwrap();
    let out = run(&["check", "--format", "sarif", path_str(&w1252)]);
    let doc: Value = serde_json::from_str(&stdout(&out)).expect("SARIF");
    let results = doc["runs"][0]["results"].as_array().unwrap();
    let encoding = results
        .iter()
        .find(|r| r["ruleId"] == "W-ENCODING-WINDOWS-1252")
        .expect("the encoding warning");
    let region = &encoding["locations"][0]["physicalLocation"]["region"];
    let e_grave = bytes.iter().position(|&b| b == 0xE8).unwrap() as u64;
    assert_eq!(region["byteOffset"].as_u64(), Some(e_grave), "{region}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A JSON file is read a line (a game) at a time with a limit, as the PDN reader reads a game:
/// one endless line is an error located at it (the rest of the line skipped), not a process
/// growing without bound, and the games after it are converted.
#[test]
fn an_endless_json_line_is_refused_and_the_rest_converted() {
    use std::io::Write as _;
    let dir = temp_dir("json-long-line");
    let games = to_json_lines(
        &dir,
        "[Event \"after\"]\n[GameType \"21\"]\n1. 11-15 23-19 *\n",
    );
    let mut child = pdnkit()
        .args(["convert", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let after = games[0].clone();
    let writer = std::thread::spawn(move || {
        // 257 MiB of one line, past the 256 MiB limit, then a game.
        let chunk = vec![b' '; 1 << 20];
        stdin.write_all(b"{\"index\":")?;
        for _ in 0..257 {
            stdin.write_all(&chunk)?;
        }
        stdin.write_all(format!("\n{after}\n").as_bytes())
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().expect("all written");
    let err = stderr(&out);
    assert!(err.contains("<stdin>:1:1: "), "{err}");
    assert!(err.contains("longer than 256 MiB"), "{err}");
    assert_code(&out, 1, "a line too long is an error");
    assert!(
        stdout(&out).contains("[Event \"after\"]"),
        "{}",
        stdout(&out)
    );
    let _ = std::fs::remove_dir_all(dir);
}
