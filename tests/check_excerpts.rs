//! The line a report shows under a finding is the game's own text: right for a UTF-16 file
//! (whose spans count the text transcoded to UTF-8, not the file's bytes), standard input and
//! gzip, which a report reading the file again at the span's offset could not show. The same
//! for every command that shows findings: `check`, `parse`, and `convert`'s notices on
//! standard error.

use crate::support::cli::{pdnkit, run, stderr, stdout, temp_dir};
use flate2::Compression;
use flate2::write::GzEncoder;
use std::io::Write;
use std::path::Path;
use std::process::Stdio;

/// A date to report on line 4, and a move that is not legal (a capture is mandatory) on line 5,
/// after a name with a character outside ASCII.
const GAME: &str = "[Event \"x\"]\n[White \"Bert\u{e8}\"]\n[GameType \"20\"]\n[Date \"1841-01-01\"]\n1. 32-28 19-23 2. 28-22 *\n";

/// The excerpts of both findings, each with its caret.
const EXCERPTS: [&str; 2] = [
    "4 | [Date \"1841-01-01\"]\n  | ^^^^^^^^^^^^^^^^^^^\n",
    "5 | 1. 32-28 19-23 2. 28-22 *\n  |                   ^^^^^\n",
];

fn path_str(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// Both excerpts in `check`'s report and `convert --fix`'s notices (the date repaired, the
/// line cut at the illegal move); the first in `parse`'s (which replays no move).
#[track_caller]
fn assert_excerpts(report: &str, what: &str) {
    let shown = if what.starts_with("parse") { 1 } else { 2 };
    for excerpt in &EXCERPTS[..shown] {
        assert!(
            report.contains(excerpt),
            "{what}: no {excerpt:?} in\n{report}"
        );
    }
}

fn utf16(text: &str, big_endian: bool, mark: bool) -> Vec<u8> {
    let mut units: Vec<u16> = text.encode_utf16().collect();
    if mark {
        units.insert(0, 0xFEFF);
    }
    units
        .into_iter()
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect()
}

#[test]
fn a_utf16_file_shows_its_own_lines() {
    let dir = temp_dir("excerpt-utf16");
    for (name, bytes, encoding) in [
        ("le-mark.pdn", utf16(GAME, false, true), None),
        ("be-mark.pdn", utf16(GAME, true, true), None),
        ("le.pdn", utf16(GAME, false, false), Some("utf-16le")),
        ("be.pdn", utf16(GAME, true, false), Some("utf-16")),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, bytes).unwrap();
        let mut args = vec!["check", path_str(&file)];
        if let Some(encoding) = encoding {
            args.extend(["--encoding", encoding]);
        }
        assert_excerpts(&stdout(&run(&args)), &format!("check {name}"));
        args[0] = "parse";
        assert_excerpts(&stdout(&run(&args)), &format!("parse {name}"));
        args[0] = "convert";
        args.push("--fix");
        assert_excerpts(&stderr(&run(&args)), &format!("convert {name}"));
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn standard_input_shows_its_lines() {
    for command in ["check", "parse", "convert"] {
        let mut args = vec![command, "-"];
        if command == "convert" {
            args.push("--fix");
        }
        let mut child = pdnkit()
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run pdnkit");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(GAME.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let report = if command == "convert" {
            stderr(&out)
        } else {
            stdout(&out)
        };
        assert_excerpts(&report, &format!("{command} -"));
    }
}

#[test]
fn a_gzip_file_shows_its_lines() {
    let dir = temp_dir("excerpt-gzip");
    let file = dir.join("game.pdn.gz");
    let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(GAME.as_bytes()).unwrap();
    std::fs::write(&file, encoder.finish().unwrap()).unwrap();
    assert_excerpts(&stdout(&run(&["check", path_str(&file)])), "check .gz");
    assert_excerpts(&stdout(&run(&["parse", path_str(&file)])), "parse .gz");
    let convert = run(&["convert", path_str(&file), "--fix"]);
    assert_excerpts(&stderr(&convert), "convert .gz");
    // And the HTML report shows the record.
    let html = dir.join("report.html");
    run(&[
        "check",
        path_str(&file),
        "--format",
        "html",
        "-o",
        path_str(&html),
    ]);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<pre class=\"record\">[Event"), "{page}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A game that starts on the line where the one before it ends, its text split from the other's
/// at any size of chunk: the whole line is shown, with the caret under the finding.
#[test]
fn a_line_two_games_share_is_shown_whole() {
    let dir = temp_dir("excerpt-shared-line");
    let file = dir.join("shared.pdn");
    std::fs::write(
        &file,
        "[GameType \"20\"]\n1. 32-28 *[GameType \"20\"] [Date \"1841-01-01\"]\n1. 32-28 *\n",
    )
    .unwrap();
    for command in ["check", "parse"] {
        let out = stdout(&run(&[command, path_str(&file)]));
        assert!(
            out.contains(
                "2 | 1. 32-28 *[GameType \"20\"] [Date \"1841-01-01\"]\n  |                           ^^^^^^^^^^^^^^^^^^^\n"
            ),
            "{command}: {out}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// The caret stands under the move on a terminal: a CJK comment before it on the line takes
/// two columns a character, and the caret is placed by columns, not characters.
#[test]
fn the_caret_is_placed_by_terminal_columns() {
    let dir = temp_dir("caret-columns");
    let file = dir.join("wide.pdn");
    std::fs::write(
        &file,
        "[GameType \"20\"]\n1. 32-28 {金东焕 박영철} 19-23 2. 34-30 23x32 *\n",
    )
    .unwrap();
    let out = run(&["check", path_str(&file)]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let source = lines
        .iter()
        .position(|l| l.contains("2. 34-30"))
        .unwrap_or_else(|| panic!("no excerpt in\n{text}"));
    let width = |s: &str| unicode_width::UnicodeWidthStr::width(s);
    let move_at = width(&lines[source][..lines[source].find("34-30").unwrap()]);
    let caret = lines[source + 1];
    let caret_at = width(&caret[..caret.find('^').expect("a caret")]);
    assert_eq!(caret_at, move_at, "\n{}\n{}", lines[source], caret);
    assert_eq!(caret.trim_end().matches('^').count(), 5, "{caret}");
}

/// dedup's listing aligns the places of copies by terminal columns (a file named in CJK).
#[test]
fn dedup_aligns_places_by_terminal_columns() {
    let dir = temp_dir("dedup-columns");
    let game = "[GameType \"21\"]\n1. 11-15 23-19 *\n";
    let wide = dir.join("棋谱.pdn");
    let plain = dir.join("plain-name.pdn");
    std::fs::write(&wide, game).unwrap();
    std::fs::write(&plain, game).unwrap();
    let out = run(&["dedup", path_str(&wide), path_str(&plain)]);
    let text = stdout(&out);
    let width = |s: &str| unicode_width::UnicodeWidthStr::width(s);
    let places: Vec<usize> = text
        .lines()
        .filter(|l| l.contains("  game "))
        .map(|l| width(&l[..l.find("  game ").unwrap()]))
        .collect();
    assert_eq!(places.len(), 2, "{text}");
    assert_eq!(places[0], places[1], "{text}");
}
