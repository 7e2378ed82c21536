//! One set of conventions across commands, as a user meets them: `--format` (and the old
//! `--to`), `json` and `jsonl`, `-q`/`-qq`, `--jobs 0`/`auto`, `-o`, `pdnkit man --dir` and the
//! finding codes in the shell completions. (The unit tests of src/cli/conventions walk the
//! clap definitions of every command; these run the binary.)

use crate::support::cli::{assert_code, run, stderr, stdout, temp_dir};
use pdnkit::finding::Code;
use std::fs;
use std::path::Path;

const FINDINGS: &str = "fixtures/check/international.pdn";
const ARCHIVE: &str = "fixtures/archive/filter.pdn";
const COPIES: &str = "fixtures/archive/";

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn convert_and_filter_choose_their_output_with_format_and_keep_to() {
    // convert's old `--to json` was a game a line: the same bytes as `--format jsonl`.
    let old = run(&["convert", "-qq", "--to", "json", ARCHIVE]);
    let new = run(&["convert", "-qq", "--format", "jsonl", ARCHIVE]);
    assert!(!new.stdout.is_empty(), "convert --format jsonl");
    assert_eq!(old.status.code(), new.status.code());
    assert_eq!(old.stdout, new.stdout);
    for (to, format) in [("pdn", "pdn"), ("positions", "positions")] {
        let old = run(&["convert", "-qq", "--to", to, ARCHIVE]);
        let new = run(&["convert", "-qq", "--format", format, ARCHIVE]);
        assert_eq!(old.stdout, new.stdout, "convert --to {to}");
    }
    // `json` names one document in every command; convert writes none, and says what to use.
    let refused = run(&["convert", "--format", "json", ARCHIVE]);
    assert_code(&refused, 2, "convert --format json");
    assert!(stderr(&refused).contains("jsonl"), "{}", stderr(&refused));
    let both = run(&["convert", "--to", "pdn", "--format", "pdn", ARCHIVE]);
    assert_code(&both, 2, "convert --to with --format");

    for format in ["source", "pdn", "json", "jsonl"] {
        let old = run(&[
            "filter", "-qq", "--to", format, "--event", "glasgow", ARCHIVE,
        ]);
        let new = run(&[
            "filter", "-qq", "--format", format, "--event", "glasgow", ARCHIVE,
        ]);
        assert_code(&new, 0, &format!("filter --format {format}"));
        assert!(!new.stdout.is_empty());
        assert_eq!(old.stdout, new.stdout, "filter --to {format}");
    }
    // The old name is kept but not offered.
    for command in ["convert", "filter"] {
        let help = stdout(&run(&[command, "--help"]));
        assert!(help.contains("--format <FORMAT>"), "{help}");
        assert!(!help.contains("--to <"), "{command}: --to shown\n{help}");
    }
}

#[test]
fn json_is_one_document_and_jsonl_a_line_each_in_every_command() {
    let json_runs: [&[&str]; 5] = [
        &["check", "--format", "json", FINDINGS],
        &["parse", "--format", "json", FINDINGS],
        &["filter", "-qq", "--format", "json", ARCHIVE],
        &["dedup", "--format", "json", COPIES],
        &["stats", "-qq", "--format", "json", ARCHIVE],
    ];
    for args in json_runs {
        let out = run(args);
        let text = stdout(&out);
        let document: Result<serde_json::Value, _> = serde_json::from_str(&text);
        assert!(
            document.is_ok_and(|d| d.is_object()),
            "{args:?}: not one JSON document\n{text}"
        );
    }
    let jsonl_runs: [&[&str]; 4] = [
        &["check", "--format", "jsonl", FINDINGS],
        &["parse", "--format", "jsonl", FINDINGS],
        &["filter", "-qq", "--format", "jsonl", ARCHIVE],
        &["convert", "-qq", "--format", "jsonl", ARCHIVE],
    ];
    for args in jsonl_runs {
        let text = stdout(&run(args));
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() > 1, "{args:?}: {text}");
        for line in lines {
            let value: Result<serde_json::Value, _> = serde_json::from_str(line);
            assert!(
                value.is_ok_and(|v| v.is_object()),
                "{args:?}: not a JSON object a line: {line}"
            );
        }
    }
}

/// `-q` lists nothing and keeps the summary; `-qq` leaves the summary out too; neither changes
/// the output asked for, nor the exit code.
#[test]
fn quiet_means_the_same_in_every_command() {
    // Commands whose standard output is a listing and a summary.
    for (args, summary) in [
        (&["check", FINDINGS][..], "checked 1 file"),
        (&["parse", FINDINGS][..], "read 1 file"),
        (&["dedup", COPIES][..], "read "),
    ] {
        let plain = run(args);
        let quiet = run(&[args, &["-q"]].concat());
        let quieter = run(&[args, &["-qq"]].concat());
        let code = plain.status.code();
        assert_eq!(quiet.status.code(), code, "{args:?} -q");
        assert_eq!(quieter.status.code(), code, "{args:?} -qq");
        let (plain, quiet) = (stdout(&plain), stdout(&quiet));
        assert!(
            quiet.starts_with(summary),
            "{args:?} -q: only the summary\n{quiet}"
        );
        assert!(quiet.lines().count() < plain.lines().count(), "{args:?}");
        let summary_at = plain.find(summary).unwrap();
        assert!(summary_at > 0, "{args:?}: listed something\n{plain}");
        assert_eq!(stdout(&quieter), "", "{args:?} -qq");
        assert_eq!(stderr(&quieter), "", "{args:?} -qq");
    }
    // Commands whose standard output is games or statistics: the summary is on standard error.
    for args in [
        &["convert", FINDINGS][..],
        &["filter", "--event", "glasgow", ARCHIVE],
        &["merge", ARCHIVE],
        &["stats", ARCHIVE],
        &["dedup", "--keep", "first", COPIES],
    ] {
        let plain = run(args);
        let quiet = run(&[args, &["-q"]].concat());
        let quieter = run(&[args, &["-qq"]].concat());
        assert!(!plain.stdout.is_empty(), "{args:?}");
        for out in [&quiet, &quieter] {
            assert_eq!(out.stdout, plain.stdout, "{args:?}: the output is the same");
            assert_eq!(out.status.code(), plain.status.code(), "{args:?}");
        }
        assert!(!stderr(&quiet).is_empty(), "{args:?} -q keeps the summary");
        assert!(
            stderr(&quiet).lines().count() <= stderr(&plain).lines().count(),
            "{args:?}"
        );
        assert_eq!(stderr(&quieter), "", "{args:?} -qq");
    }
    // convert -q: the findings are counted, not listed.
    let convert = stderr(&run(&["convert", "-q", FINDINGS]));
    assert!(!convert.contains("warning["), "{convert}");
    // split: its list of the files written is its listing.
    let dir = temp_dir("quiet-split");
    for quiet in ["-q", "-qq"] {
        let out = run(&[
            "split",
            quiet,
            "--force",
            "--games",
            "3",
            "-o",
            s(&dir),
            ARCHIVE,
        ]);
        assert_code(&out, 0, &format!("split {quiet}"));
        assert_eq!(stdout(&out), "", "split {quiet}");
    }
    let listed = run(&["split", "--force", "--games", "3", "-o", s(&dir), ARCHIVE]);
    assert!(
        stdout(&listed).contains("games-0001.pdn"),
        "{}",
        stdout(&listed)
    );
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn jobs_zero_and_auto_are_one_per_core_in_every_command() {
    let runs: [&[&str]; 6] = [
        &["check", "--format", "jsonl", FINDINGS],
        &["convert", "-qq", ARCHIVE],
        &[
            "filter", "-qq", "--format", "jsonl", "--plies", "10..", ARCHIVE,
        ],
        &["dedup", "--format", "json", COPIES],
        &["merge", "-qq", ARCHIVE, ARCHIVE],
        &["stats", "-qq", "--format", "json", ARCHIVE],
    ];
    for args in runs {
        let one = run(&[args, &["-j", "1"]].concat());
        assert!(!one.stdout.is_empty(), "{args:?}");
        for jobs in ["0", "auto", "AUTO"] {
            let out = run(&[args, &["--jobs", jobs]].concat());
            assert_eq!(
                out.status.code(),
                one.status.code(),
                "{args:?} --jobs {jobs}"
            );
            // stats and dedup time the run in their JSON: compare without it.
            let strip = |bytes: &[u8]| {
                String::from_utf8_lossy(bytes)
                    .lines()
                    .map(|l| l.split("\"elapsed").next().unwrap().to_string())
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                strip(&out.stdout),
                strip(&one.stdout),
                "{args:?} --jobs {jobs}"
            );
        }
    }
    let dir = temp_dir("jobs-split");
    let out = run(&["split", "-j", "0", "--games", "3", "-o", s(&dir), ARCHIVE]);
    assert_code(&out, 0, "split -j 0");
    let bad = run(&["check", "--jobs", "some", FINDINGS]);
    assert_code(&bad, 2, "--jobs some");
    assert!(stderr(&bad).contains("auto"), "{}", stderr(&bad));
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn every_command_that_writes_games_takes_o() {
    let dir = temp_dir("dash-o");
    let runs: [&[&str]; 5] = [
        &["convert", "-qq", ARCHIVE],
        &["filter", "-qq", "--event", "glasgow", ARCHIVE],
        &["dedup", "-qq", "--keep", "first", COPIES],
        &["merge", "-qq", ARCHIVE],
        &["parse", "--format", "jsonl", ARCHIVE],
    ];
    for args in runs {
        let to_stdout = run(args);
        assert!(!to_stdout.stdout.is_empty(), "{args:?}");
        let file = dir.join(format!("{}.out", args[0]));
        let to_file = run(&[args, &["-o", s(&file)]].concat());
        assert_eq!(
            to_file.status.code(),
            to_stdout.status.code(),
            "{args:?} -o"
        );
        assert_eq!(
            stdout(&to_file),
            "",
            "{args:?} -o: nothing on standard output"
        );
        assert_eq!(fs::read(&file).unwrap(), to_stdout.stdout, "{args:?} -o");
    }
    // split's output is a directory: -o and --output name it as --out-dir does.
    for (flag, name) in [("-o", "short"), ("--output", "long"), ("--out-dir", "old")] {
        let out_dir = dir.join(name);
        let out = run(&["split", "-q", "--games", "4", flag, s(&out_dir), ARCHIVE]);
        assert_code(&out, 0, &format!("split {flag}"));
        assert!(out_dir.join("games-0001.pdn").is_file(), "split {flag}");
    }
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn man_dir_writes_a_page_per_command_and_replaces_only_its_own() {
    let dir = temp_dir("man");
    let out = run(&["man", "--dir", s(&dir)]);
    assert_code(&out, 0, "man --dir");
    let help = stdout(&run(&["--help"]));
    // Every command listed by --help has its page.
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 13, "{commands:?}");
    for command in &commands {
        let page = fs::read_to_string(dir.join(format!("pdnkit-{command}.1")))
            .unwrap_or_else(|e| panic!("pdnkit-{command}.1: {e}"));
        assert!(page.contains(".SH \"EXIT STATUS\""), "{command}");
        assert!(
            page.contains(".SH ENVIRONMENT") && page.contains("NO_COLOR"),
            "{command}"
        );
        assert!(page.contains("\\fBpdnkit\\fR(1)"), "{command}: SEE ALSO");
    }
    let check = fs::read_to_string(dir.join("pdnkit-check.1")).unwrap();
    for key in [
        "variant",
        "draw-rules",
        "encoding",
        "fail-on",
        "[codes]",
        "[[paths]]",
        "glob",
    ] {
        assert!(
            check.contains(key),
            "pdnkit.toml key {key} in pdnkit-check(1)"
        );
    }
    assert!(
        fs::read_to_string(dir.join("pdnkit.1"))
            .unwrap()
            .contains(".SH FILES")
    );
    // `pdnkit man` alone still prints pdnkit(1).
    let top = run(&["man"]);
    assert_eq!(top.stdout, fs::read(dir.join("pdnkit.1")).unwrap());

    // Its own pages are replaced; a file it did not write is not, and nothing is written.
    let ours = dir.join("pdnkit-check.1");
    let marker = check.lines().next().unwrap();
    fs::write(&ours, format!("{marker}\nstale\n")).unwrap();
    assert_code(
        &run(&["man", "--dir", s(&dir)]),
        0,
        "man --dir over its own pages",
    );
    assert_eq!(fs::read_to_string(&ours).unwrap(), check);
    let theirs = dir.join("pdnkit-stats.1");
    fs::write(&theirs, ".TH MINE 1\nsomeone's own page\n").unwrap();
    fs::write(&ours, format!("{marker}\nstale\n")).unwrap();
    let refused = run(&["man", "--dir", s(&dir)]);
    assert_code(&refused, 2, "man --dir over a page it did not write");
    assert!(
        stderr(&refused).contains("pdnkit-stats.1"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(
        fs::read_to_string(&theirs).unwrap(),
        ".TH MINE 1\nsomeone's own page\n"
    );
    assert!(
        fs::read_to_string(&ours).unwrap().ends_with("stale\n"),
        "nothing written when one page is refused"
    );
    // Only pdnkit's page names are looked at: other files in DIR are left alone.
    let other = dir.join("ls.1");
    fs::write(&other, "not ours").unwrap();
    fs::remove_file(&theirs).unwrap();
    assert_code(
        &run(&["man", "--dir", s(&dir)]),
        0,
        "man --dir beside other pages",
    );
    assert_eq!(fs::read_to_string(&other).unwrap(), "not ours");
    // pdnkit(1) as `pdnkit man > pdnkit.1` wrote it before the pages had their first line.
    let old_top =
        ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n.TH pdnkit 1  \"pdnkit 0.1.0\" \n.SH NAME\n";
    fs::write(dir.join("pdnkit.1"), old_top).unwrap();
    assert_code(
        &run(&["man", "--dir", s(&dir)]),
        0,
        "man --dir over an older pdnkit.1",
    );
    assert_eq!(fs::read(dir.join("pdnkit.1")).unwrap(), top.stdout);
    // A link in a page's place is not followed, nor replaced.
    #[cfg(unix)]
    {
        let target = dir.join("target.txt");
        fs::write(&target, "kept").unwrap();
        let link = dir.join("pdnkit-merge.1");
        fs::remove_file(&link).unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert_code(&run(&["man", "--dir", s(&dir)]), 2, "man --dir over a link");
        assert_eq!(fs::read_to_string(&target).unwrap(), "kept");
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
        fs::remove_file(&link).unwrap();
    }
    // DIR that is a file: said, exit 2.
    let file = dir.join("target.txt");
    let out = run(&["man", "--dir", s(&file)]);
    assert_code(&out, 2, "man --dir FILE");
    assert!(stderr(&out).contains("target.txt"), "{}", stderr(&out));
    let leftovers: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn completions_offer_every_code_for_allow_deny_has_and_explain() {
    for shell in ["bash", "zsh", "fish"] {
        let out = run(&["completions", shell]);
        assert_code(&out, 0, shell);
        let script = stdout(&out);
        for code in Code::checked() {
            // Offered for --allow, --warn, --deny, filter --has and explain: five places.
            let places = script.matches(code.as_str()).count();
            assert!(places >= 5, "{shell}: {code} offered {places} times");
        }
        for group in ["reader", "style", "moves", "result", "draws"] {
            assert!(script.contains(group), "{shell}: group {group}");
        }
    }
    // Completion offers codes; the parser still takes any case and prefixes.
    let out = run(&["check", "--allow", "W-DATE-*", "--deny", "style", FINDINGS]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    assert_code(
        &run(&["explain", "e-illegal-move"]),
        0,
        "explain in lower case",
    );
}
