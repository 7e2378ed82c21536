//! `check --fix`: the findings with a safe edit fixed by editing only their bytes, every other
//! byte of the file kept; `--diff` instead of writing; games with errors held back; inputs that
//! are not plain bytes of a file refused; and each fixable code not found again once fixed.

use crate::support::cli::{assert_code, pdnkit, stderr, stdout, temp_dir};
use crate::support::schema;
use serde_json::Value;
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::Output;

fn check(args: &[&str], file: &Path) -> Output {
    pdnkit()
        .arg("check")
        .arg("--no-config")
        .args(args)
        .arg(file)
        .output()
        .expect("pdnkit runs")
}

/// The codes `check` reports on `file` (notes too), by the JSON report.
fn codes(file: &Path) -> BTreeSet<String> {
    let out = check(&["--format", "json"], file);
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let mut found = BTreeSet::new();
    for game in report["files"][0]["games"].as_array().expect("games") {
        for f in game["findings"].as_array().expect("findings") {
            found.insert(f["code"].as_str().expect("a code").to_string());
        }
    }
    found
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = dir.join(name);
    fs::write(&path, bytes).expect("writes");
    path
}

/// `code` is reported on `before`; `check --fix --notes` turns it into `after` exactly, says
/// it fixed that code (at least once), and `check` does not find it again.
fn fixes_and_stays_fixed(code: &str, before: &str, after: &str) {
    let dir = temp_dir(&code.to_ascii_lowercase());
    let file = write(&dir, "game.pdn", before.as_bytes());
    assert!(
        codes(&file).contains(code),
        "{code} is reported on {before:?}"
    );
    let out = check(&["--fix", "--notes"], &file);
    let said = stderr(&out);
    assert!(
        said.lines().any(|l| l.starts_with(&format!("  {code} "))),
        "the summary counts {code} fixed: {said}"
    );
    assert_eq!(fs::read_to_string(&file).expect("reads"), after, "{said}");
    assert!(
        !codes(&file).contains(code),
        "{code} is found again after --fix: {}",
        fs::read_to_string(&file).unwrap()
    );
    let _ = fs::remove_dir_all(dir);
}

/// One test a fixable code (see [`FIXED`], which must name them all).
macro_rules! fixed {
    ($($name:ident: $code:literal, $before:expr => $after:expr;)*) => {
        $(
            #[test]
            fn $name() {
                fixes_and_stays_fixed($code, $before, $after);
            }
        )*
        /// The codes the tests above fix.
        const FIXED: &[&str] = &[$($code),*];
    };
}

fixed! {
    date_format: "W-DATE-FORMAT",
        "[Event \"e\"]\n[Date \"27.10.2004\"]\n1. 11-15 23-19 *\n"
        => "[Event \"e\"]\n[Date \"2004.10.27\"]\n1. 11-15 23-19 *\n";
    zero_padded_square_every_place: "W-ZERO-PADDED-SQUARE",
        "[GameType \"21\"]\n1. 09-14 22-18 2. 05-09 24-19 *\n"
        => "[GameType \"21\"]\n1. 9-14 22-18 2. 5-9 24-19 *\n";
    // Each padded square of the tag (one finding each), range ends too.
    fen_zero_padded_square: "W-FEN-ZERO-PADDED-SQUARE",
        "[GameType \"21\"]\n[FEN \"B:W018,K22:B01-03,K010\"]\n1. 1-6 *\n"
        => "[GameType \"21\"]\n[FEN \"B:W18,K22:B1-3,K10\"]\n1. 1-6 *\n";
    colon_capture: "N-COLON-CAPTURE",
        "[GameType \"21\"]\n1. 11-15 24-20 2. 15-19 23:16 *\n"
        => "[GameType \"21\"]\n1. 11-15 24-20 2. 15-19 23x16 *\n";
    mixed_separators: "W-MIXED-SEPARATORS",
        "[GameType \"21\"]\n[FEN \"W:W23:B19,11\"]\n1. 23-16x7 *\n"
        => "[GameType \"21\"]\n[FEN \"W:W23:B19,11\"]\n1. 23x16x7 *\n";
    // Both ways in one game: a move without a capture written with `x`, a capture with `-`.
    separator_mismatch_each_way: "W-SEPARATOR-MISMATCH",
        "[GameType \"21\"]\n1. 11x15 24-20 2. 15-19 23-16 *\n"
        => "[GameType \"21\"]\n1. 11-15 24-20 2. 15-19 23x16 *\n";
    missing_terminator: "W-MISSING-TERMINATOR",
        "[Result \"1-0\"]\n1. 11-15 23-19\n\n[Result \"*\"]\n1. 9-13 22-18 *\n"
        => "[Result \"1-0\"]\n1. 11-15 23-19 1-0\n\n[Result \"*\"]\n1. 9-13 22-18 *\n";
    // After a `;` comment the terminator goes on a line of its own.
    no_terminator_at_end: "N-NO-TERMINATOR-AT-END",
        "[Result \"0-1\"]\n1. 11-15 23-19 ; resigned\n"
        => "[Result \"0-1\"]\n1. 11-15 23-19 ; resigned\n0-1\n";
    // Black (the first mover in English) takes White's last man: `1-0` is certain.
    result_mismatch_where_certain: "E-RESULT-MISMATCH",
        "[GameType \"21\"]\n[FEN \"B:W18:B14\"]\n[Result \"0-1\"]\n1. 14x23 1-0\n"
        => "[GameType \"21\"]\n[FEN \"B:W18:B14\"]\n[Result \"1-0\"]\n1. 14x23 1-0\n";
    result_incomplete_where_certain: "W-RESULT-INCOMPLETE",
        "[GameType \"21\"]\n[FEN \"B:W18:B14\"]\n[Result \"*\"]\n1. 14x23 1-0\n"
        => "[GameType \"21\"]\n[FEN \"B:W18:B14\"]\n[Result \"1-0\"]\n1. 14x23 1-0\n";
    tag_padding: "W-TAG-PADDING",
        "[  Event \"e\"]\n1. 11-15 23-19 *\n"
        => "[Event \"e\"]\n1. 11-15 23-19 *\n";
    tag_missing_bracket: "W-TAG-MISSING-BRACKET",
        "[Event \"a\"]\n1. 11-15 23-19 *\n\nEvent \"b\"]\n[Site \"s\"]\n1. 11-15 23-19 *\n"
        => "[Event \"a\"]\n1. 11-15 23-19 *\n\n[Event \"b\"]\n[Site \"s\"]\n1. 11-15 23-19 *\n";
    // A doubled `[`, and one alone on its line (the line goes with it).
    stray_bracket: "W-STRAY-BRACKET",
        "[[Event \"e\"]\n[\n[Site \"s\"]\n1. 11-15 23-19 *\n"
        => "[Event \"e\"]\n[Site \"s\"]\n1. 11-15 23-19 *\n";
    // Written for a line end: a line end where none is next to it, nothing where one is.
    literal_escape: "W-LITERAL-ESCAPE",
        "[Event \"e\"]\\r[Site \"s\"]\\r\\n\n1. 11-15 23-19 *\n"
        => "[Event \"e\"]\n[Site \"s\"]\n1. 11-15 23-19 *\n";
}

/// Every code `explain` calls fixable has its test above, and no other.
#[test]
fn every_fixable_code_has_a_test() {
    let out = pdnkit()
        .args(["explain", "--all", "--markdown"])
        .output()
        .expect("runs");
    let fixable: BTreeSet<&str> = std::str::from_utf8(&out.stdout)
        .expect("text")
        .lines()
        .filter(|l| l.starts_with("- [`") && l.contains(", fixable)"))
        .filter_map(|l| l.split('`').nth(1))
        .collect();
    assert!(!fixable.is_empty());
    assert_eq!(fixable, FIXED.iter().copied().collect::<BTreeSet<_>>());
}

const ARCHIVE: &str = "[Event \"One\"]\n[Date \"2004-05-01\"]\n[Result \"1-0\"]\n\
    1. 09-14 22-18 2. 05-09 24-19 { a comment,  kept  as it is } 1-0\n\n\
    [ Event \"Two\"]\r\n[Date \"2004/1/5\"]\n[Result \"0-1\"]\n1. 11-15 23-19    2. 8-11 22-17\n\n\
    [Event \"Three\"]\n[Date \"10/27/2004\"]\n[Result \"*\"]\n1. 11-15 23-19 *\n";

const FIXED_ARCHIVE: &str = "[Event \"One\"]\n[Date \"2004.05.01\"]\n[Result \"1-0\"]\n\
    1. 9-14 22-18 2. 5-9 24-19 { a comment,  kept  as it is } 1-0\n\n\
    [Event \"Two\"]\r\n[Date \"2004.01.05\"]\n[Result \"0-1\"]\n1. 11-15 23-19    2. 8-11 22-17 0-1\n\n\
    [Event \"Three\"]\n[Date \"10/27/2004\"]\n[Result \"*\"]\n1. 11-15 23-19 *\n";

/// Only the bytes of the findings change (spacing, line ends and the comment are kept); the
/// date that cannot be read for certain stays; the summary says what changed; the file keeps
/// its permissions; the exit code is about what remains.
#[test]
fn fix_edits_only_the_bytes_of_each_finding() {
    let dir = temp_dir("only-their-bytes");
    let file = write(&dir, "archive.pdn", ARCHIVE.as_bytes());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).expect("chmod");
    }
    let out = check(&["--fix"], &file);
    assert_code(&out, 0, "a warning remains, which does not fail the run");
    assert_eq!(fs::read_to_string(&file).unwrap(), FIXED_ARCHIVE);
    let said = stderr(&out);
    assert!(
        said.contains("pdnkit: fixed 5 findings in 2 games of 1 file:\n"),
        "{said}"
    );
    for line in [
        "  W-DATE-FORMAT                2\n",
        "  W-MISSING-TERMINATOR         1\n",
        "  W-TAG-PADDING                1\n",
        "  W-ZERO-PADDED-SQUARE         1\n",
    ] {
        assert!(said.contains(line), "{line:?} in {said}");
    }
    // The report is of what remains: the one date no rule reads for certain.
    let report = stdout(&out);
    assert!(
        report.contains("0 errors in 0 games, 1 warning\n"),
        "{report}"
    );
    assert!(
        report
            .lines()
            .any(|l| l.starts_with("  W-DATE-FORMAT ") && l.ends_with(" 1")),
        "{report}"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }
    // Nothing left to fix: the file is not written again (the same inode, not a rename).
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let inode = fs::metadata(&file).unwrap().ino();
        let again = check(&["--fix"], &file);
        assert!(
            stderr(&again).contains("nothing fixed"),
            "{}",
            stderr(&again)
        );
        assert_eq!(fs::metadata(&file).unwrap().ino(), inode);
    }
    // No temporary file is left beside it.
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    let _ = fs::remove_dir_all(dir);
}

/// `--diff` writes the changes as a unified diff, touches nothing, and exits 1 while there is
/// something to fix, 0 once there is not.
#[test]
fn diff_shows_the_changes_and_writes_nothing() {
    let dir = temp_dir("diff");
    let file = write(&dir, "archive.pdn", ARCHIVE.as_bytes());
    let out = check(&["--diff"], &file);
    assert_code(&out, 1, "a diff to apply");
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        ARCHIVE,
        "nothing written"
    );
    let diff = stdout(&out);
    let name = file.display().to_string();
    assert!(
        diff.starts_with(&format!("--- {name}\n+++ {name}\n@@ -1,")),
        "{diff}"
    );
    let removed: Vec<&str> = diff
        .lines()
        .filter(|l| l.starts_with("-[") || l.starts_with("-1"))
        .collect();
    let added: Vec<&str> = diff
        .lines()
        .filter(|l| l.starts_with("+[") || l.starts_with("+1"))
        .collect();
    assert_eq!(
        removed,
        [
            "-[Date \"2004-05-01\"]",
            "-1. 09-14 22-18 2. 05-09 24-19 { a comment,  kept  as it is } 1-0",
            "-[ Event \"Two\"]",
            "-[Date \"2004/1/5\"]",
            "-1. 11-15 23-19    2. 8-11 22-17",
        ],
        "{diff}"
    );
    assert_eq!(
        added,
        [
            "+[Date \"2004.05.01\"]",
            "+1. 9-14 22-18 2. 5-9 24-19 { a comment,  kept  as it is } 1-0",
            "+[Event \"Two\"]",
            "+[Date \"2004.01.05\"]",
            "+1. 11-15 23-19    2. 8-11 22-17 0-1",
        ],
        "{diff}"
    );
    assert!(
        stderr(&out).contains("the diff fixes 5 findings"),
        "{}",
        stderr(&out)
    );
    // Applied, the diff gives what --fix writes.
    assert_code(&check(&["--fix"], &file), 0, "fixed");
    assert_eq!(fs::read_to_string(&file).unwrap(), FIXED_ARCHIVE);
    let after = check(&["--diff"], &file);
    assert_code(&after, 0, "nothing to fix");
    assert_eq!(stdout(&after), "");
    let _ = fs::remove_dir_all(dir);
}

/// A game with an error the fixes leave (an illegal move) is not touched, and the summary says
/// how many fixes were held back; `--fix-games-with-errors` makes them.
#[test]
fn games_with_errors_are_held_back_unless_asked() {
    let dir = temp_dir("held-back");
    let text =
        "[Date \"2004-05-01\"]\n1. 09-14 22-18 2. 14-23 *\n\n[Date \"2004-05-02\"]\n1. 11-15 *\n";
    let file = write(&dir, "errors.pdn", text.as_bytes());
    let human = stdout(&check(&[], &file));
    assert_eq!(
        human.matches("[*]").count(),
        2,
        "the clean game's date, and the line: {human}"
    );
    let out = check(&["--fix"], &file);
    assert_code(&out, 1, "the illegal move remains");
    let said = stderr(&out);
    assert!(
        said.contains("held back 2 fixes in 1 game with an error"),
        "{said}"
    );
    assert!(
        said.contains("fixed 1 finding in 1 game of 1 file"),
        "{said}"
    );
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        text.replace("2004-05-02", "2004.05.02")
    );
    let out = check(&["--fix", "--fix-games-with-errors"], &file);
    assert_code(&out, 1, "the illegal move remains");
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        "[Date \"2004.05.01\"]\n1. 9-14 22-18 2. 14-23 *\n\n[Date \"2004.05.02\"]\n1. 11-15 *\n"
    );
    // The flag means nothing without --fix or --diff.
    assert_code(&check(&["--fix-games-with-errors"], &file), 2, "usage");
    let _ = fs::remove_dir_all(dir);
}

/// A Result tag is only rewritten where the final position decides the game and the
/// terminator agrees with it: not where the game is undecided, nor where the tag is the one
/// the position agrees with.
#[test]
fn a_result_tag_is_fixed_only_where_certain() {
    let dir = temp_dir("result-uncertain");
    for text in [
        "[GameType \"21\"]\n[Result \"0-1\"]\n1. 11-15 23-19 1-0\n",
        "[GameType \"21\"]\n[FEN \"B:W18:B14\"]\n[Result \"1-0\"]\n1. 14x23 0-1\n",
    ] {
        let file = write(&dir, "game.pdn", text.as_bytes());
        let out = check(&["--fix"], &file);
        assert_code(&out, 1, "the mismatch remains");
        assert!(!stdout(&out).contains("[*]"), "{}", stdout(&out));
        assert_eq!(fs::read_to_string(&file).unwrap(), text);
    }
    let _ = fs::remove_dir_all(dir);
}

/// Inputs whose bytes are not the text read are not edited, each said in one line with its
/// reason, and the file is left byte for byte: standard input, gzip, UTF-16.
#[test]
fn inputs_that_are_not_plain_text_are_refused() {
    let dir = temp_dir("refused");
    let text = "[Date \"2004-05-01\"]\n1. 11-15 23-19 *\n";
    let gz = {
        use flate2::write::GzEncoder;
        use std::io::Write;
        let mut encoder = GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(text.as_bytes()).unwrap();
        write(&dir, "a.pdn.gz", &encoder.finish().unwrap())
    };
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let utf16_file = write(&dir, "b.pdn", &utf16);
    for (file, bytes, reason) in [
        (&gz, fs::read(&gz).unwrap(), "gzip-compressed"),
        (&utf16_file, utf16.clone(), "UTF-16"),
    ] {
        let out = check(&["--fix", "--fail-on", "warning"], file);
        assert_code(&out, 1, "the finding remains");
        let said = stderr(&out);
        let lines: Vec<&str> = said.lines().filter(|l| l.contains("not fixed")).collect();
        assert_eq!(lines.len(), 1, "{said}");
        assert!(lines[0].contains(reason), "{said}");
        assert_eq!(fs::read(file).unwrap(), bytes);
        assert!(stdout(&out).contains("W-DATE-FORMAT"), "still reported");
    }
    let mut child = pdnkit()
        .args(["check", "--no-config", "--fix", "--fail-on", "warning", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert_code(&out, 1, "the finding remains");
    assert!(
        stderr(&out).contains("<stdin>: not fixed (1 finding): standard input has no file"),
        "{}",
        stderr(&out)
    );
    let _ = fs::remove_dir_all(dir);
}

/// A Windows-1252 file is fixed in its own bytes: the edits are ASCII, its other bytes stay.
#[test]
fn a_windows_1252_file_keeps_its_bytes() {
    let dir = temp_dir("cp1252");
    let before = b"[Event \"Caf\xe9\"]\n[Date \"2004-05-01\"]\n1. 11-15 23-19 *\n";
    let file = write(&dir, "cp1252.pdn", before);
    assert_code(
        &check(&["--fix", "--fail-on", "warning"], &file),
        1,
        "the encoding warning remains",
    );
    assert_eq!(
        fs::read(&file).unwrap(),
        b"[Event \"Caf\xe9\"]\n[Date \"2004.05.01\"]\n1. 11-15 23-19 *\n"
    );
    let _ = fs::remove_dir_all(dir);
}

/// A link stays a link: the file it names is edited.
#[cfg(unix)]
#[test]
fn a_link_keeps_being_a_link() {
    let dir = temp_dir("link");
    let target = write(
        &dir,
        "target.pdn",
        b"[Date \"2004-05-01\"]\n1. 11-15 23-19 *\n",
    );
    let link = dir.join("link.pdn");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    assert_code(&check(&["--fix"], &link), 0, "all fixed");
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_to_string(&target).unwrap(),
        "[Date \"2004.05.01\"]\n1. 11-15 23-19 *\n"
    );
    let _ = fs::remove_dir_all(dir);
}

/// JSON says what the run changed in its totals (valid against the schema), and the findings
/// fixed are no longer in it.
#[test]
fn json_totals_say_what_was_fixed() {
    let dir = temp_dir("json");
    let file = write(&dir, "archive.pdn", ARCHIVE.as_bytes());
    let out = check(&["--fix", "--format", "json"], &file);
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let validator = schema::validator("check-report.json", None);
    schema::assert_valid(&validator, &report, "check --fix --format json");
    let fixes = &report["totals"]["fixes"];
    assert_eq!(fixes["files"], 1);
    assert_eq!(fixes["games"], 2);
    assert_eq!(fixes["findings"], 5);
    assert_eq!(fixes["diff_only"], false);
    assert_eq!(fixes["by_code"]["W-DATE-FORMAT"], 2);
    assert_eq!(report["totals"]["by_code"]["W-DATE-FORMAT"], 1);
    assert_eq!(stderr(&out), "", "JSON runs say it in the report");
    let plain = check(&["--format", "json"], &file);
    let plain: Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert!(plain["totals"].get("fixes").is_none());
    let _ = fs::remove_dir_all(dir);
}

/// SARIF gives each fixable finding its `fixes`: made to the file's bytes, the replacements
/// give what `--fix` writes.
#[test]
fn sarif_fixes_are_the_edits_of_fix() {
    let dir = temp_dir("sarif");
    let file = write(&dir, "archive.pdn", ARCHIVE.as_bytes());
    let out = check(&["--format", "sarif"], &file);
    let sarif: Value = serde_json::from_slice(&out.stdout).expect("SARIF");
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    let mut with_fixes = BTreeSet::new();
    for result in sarif["runs"][0]["results"].as_array().unwrap() {
        let Some(fixes) = result.get("fixes") else {
            continue;
        };
        with_fixes.insert(result["ruleId"].as_str().unwrap().to_string());
        for change in fixes[0]["artifactChanges"].as_array().unwrap() {
            for r in change["replacements"].as_array().unwrap() {
                let region = &r["deletedRegion"];
                edits.push((
                    region["byteOffset"].as_u64().unwrap() as usize,
                    region["byteLength"].as_u64().unwrap() as usize,
                    r["insertedContent"]["text"]
                        .as_str()
                        .unwrap_or("")
                        .to_string(),
                ));
            }
        }
    }
    assert_eq!(
        with_fixes,
        [
            "W-DATE-FORMAT",
            "W-MISSING-TERMINATOR",
            "W-TAG-PADDING",
            "W-ZERO-PADDED-SQUARE"
        ]
        .map(String::from)
        .into_iter()
        .collect()
    );
    edits.sort();
    let mut fixed = ARCHIVE.as_bytes().to_vec();
    for (offset, len, text) in edits.iter().rev() {
        fixed.splice(*offset..*offset + *len, text.bytes());
    }
    assert_eq!(String::from_utf8(fixed).unwrap(), FIXED_ARCHIVE);
    let _ = fs::remove_dir_all(dir);
}

/// `explain` says whether `check --fix` fixes a code, and how.
#[test]
fn explain_says_whether_a_code_is_fixable() {
    let explain = |code: &str| stdout(&pdnkit().args(["explain", code]).output().expect("runs"));
    let date = explain("W-DATE-FORMAT");
    assert!(
        date.contains("Fixable where certain: `pdnkit check --fix` edits it in place: the Date"),
        "{date}"
    );
    let padded = explain("W-ZERO-PADDED-SQUARE");
    assert!(
        padded.contains("Fixable: `pdnkit check --fix` edits it in place"),
        "{padded}"
    );
    let illegal = explain("E-ILLEGAL-MOVE");
    assert!(illegal.contains("Not fixable in place"), "{illegal}");
}

/// `check --fix` writes the date `convert --fix` writes, for every form either repairs.
#[test]
fn both_fixers_write_the_same_date() {
    let dir = temp_dir("same-date");
    let dates = [
        "2004-10-27",
        "27.10.2004",
        "2004/1/5",
        "1841-??-??",
        "5.3.1999",
    ];
    let text: String = dates
        .iter()
        .map(|d| format!("[Date \"{d}\"]\n1. 11-15 23-19 *\n\n"))
        .collect();
    let file = write(&dir, "dates.pdn", text.as_bytes());
    let converted = dir.join("converted.pdn");
    let out = pdnkit()
        .args(["convert", "--fix", "-o"])
        .arg(&converted)
        .arg(&file)
        .output()
        .expect("runs");
    assert_code(&out, 0, "convert --fix");
    check(&["--fix"], &file);
    let date_values = |path: &Path| -> Vec<String> {
        fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter_map(|l| l.strip_prefix("[Date \""))
            .map(|l| l.trim_end_matches("\"]").to_string())
            .collect()
    };
    let fixed = date_values(&file);
    assert_eq!(fixed, date_values(&converted));
    assert_eq!(fixed[0], "2004.10.27");
    assert_eq!(fixed.len(), dates.len());
    let _ = fs::remove_dir_all(dir);
}

/// The diff is the same for any `--jobs`; a baseline written while fixing records what remains.
#[test]
fn jobs_and_baselines_see_what_remains() {
    let dir = temp_dir("jobs-baseline");
    let text = ARCHIVE.repeat(70);
    let file = write(&dir, "archive.pdn", text.as_bytes());
    let one = check(&["--diff", "--jobs", "1"], &file);
    let two = check(&["--diff", "--jobs", "2"], &file);
    assert_eq!(stdout(&one), stdout(&two));
    assert!(
        stderr(&one).contains("the diff fixes 350 findings in 140 games"),
        "{}",
        stderr(&one)
    );
    let baseline = dir.join("known.json");
    let out = check(
        &["--fix", "--write-baseline", baseline.to_str().unwrap()],
        &file,
    );
    assert_code(&out, 0, "fixed");
    let known = fs::read_to_string(&baseline).unwrap();
    // (Identical games are one entry, counted.)
    assert!(
        known.contains("\"code\":\"W-DATE-FORMAT\",\"count\":70"),
        "{known}"
    );
    for fixed in [
        "W-ZERO-PADDED-SQUARE",
        "W-TAG-PADDING",
        "W-MISSING-TERMINATOR",
    ] {
        assert!(!known.contains(fixed), "{fixed} was fixed: {known}");
    }
    let _ = fs::remove_dir_all(dir);
}

/// Over every fixture, errors and notes too: a second `--fix` finds nothing left to fix (each
/// fix stays fixed and makes no new finding to fix), and the file holds as many games.
#[test]
fn every_fixture_stays_fixed() {
    let dir = temp_dir("fixtures");
    let games = |file: &Path| -> u64 {
        let out = check(&["--notes", "--format", "json"], file);
        let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        report["totals"]["games"].as_u64().expect("a count")
    };
    let mut fixed_files = 0;
    for (k, fixture) in crate::support::fixtures::all().iter().enumerate() {
        let file = dir.join(format!("{k}.pdn"));
        fs::copy(fixture, &file).expect("copies");
        let before = games(&file);
        let out = check(&["--fix", "--notes", "--fix-games-with-errors"], &file);
        fixed_files += u64::from(!stderr(&out).contains("nothing fixed"));
        let again = check(&["--diff", "--notes", "--fix-games-with-errors"], &file);
        assert_eq!(
            stdout(&again),
            "",
            "{}: fixed again after --fix",
            fixture.display()
        );
        assert_eq!(games(&file), before, "{}", fixture.display());
    }
    assert!(
        fixed_files > 10,
        "{fixed_files} fixtures had something to fix"
    );
    let _ = fs::remove_dir_all(dir);
}

/// A capture written with `X` gets `x`; a game with a comment left open gets no terminator
/// (it would be inside the comment).
#[test]
fn uncertain_places_are_left() {
    let dir = temp_dir("uncertain");
    let file = write(
        &dir,
        "x.pdn",
        b"[GameType \"20\"]\n1. 32-28 19-23 2. 28X19 14x23 *\n",
    );
    check(&["--fix"], &file);
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n"
    );
    let open = "[GameType \"20\"]\n1. 32-28 19-23 { never closed 2. 28x19\n";
    let file = write(&dir, "open.pdn", open.as_bytes());
    let out = check(&["--fix", "--notes", "--fix-games-with-errors"], &file);
    assert!(stderr(&out).contains("nothing fixed"), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(&file).unwrap(), open);
    let _ = fs::remove_dir_all(dir);
}

/// A game with more findings of one code than a game lists: the listed ones are fixed, the one
/// standing for the rest is not (it names only the first of them), and the report still counts
/// what remains, so the run is never called clean while findings are left.
#[test]
fn findings_left_out_of_a_long_list_stay_reported() {
    let dir = temp_dir("left-out-fix");
    let over = pdnkit::finding::MAX_LISTED_PER_CODE + 200;
    let mut text: String = (0..over).map(|k| format!("[ Tag{k} \"x\"]\n")).collect();
    text.push_str("[GameType \"21\"]\n\n1. 11-15 23-19 *\n");
    let file = write(&dir, "many.pdn", text.as_bytes());
    let out = check(&["--fix"], &file);
    // Warnings alone do not fail a run (`--fail-on error`, the default).
    assert_code(&out, 0, "the first --fix");
    let report = stdout(&out);
    assert!(
        report.contains("more like this in this game, left out"),
        "the finding standing for the rest is still reported: {report}"
    );
    let after = fs::read_to_string(&file).expect("reads");
    let padded = after.lines().filter(|l| l.starts_with("[ ")).count();
    assert_eq!(
        padded, 200,
        "the listed findings are fixed, the rest are left"
    );
    // A second --fix reaches the rest.
    let again = check(&["--fix"], &file);
    assert_code(&again, 0, "a second --fix");
    assert!(!fs::read_to_string(&file).expect("reads").contains("[ "));
    assert!(stdout(&check(&[], &file)).contains("0 warnings"));
}
