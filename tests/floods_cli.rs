//! No floods: a file that holds no game records (pdnkit's own positions or reports, JSON games
//! for a command that reads PDN, other JSON, an image, an archive, binary data, UTF-16 without a
//! byte order mark) is not read as PDN, which would report every line of it: one line says what
//! it seems to be and what the command reads, the run counts it with the files that could not be
//! read and exits 2, as for those. Every command that reads games does so, also for files of a
//! directory, also compressed.

use crate::support::cli::{assert_code, pdnkit, stderr, stdout, temp_dir};
use flate2::Compression;
use flate2::write::GzEncoder;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Output;

const GAMES: &str = "[Event \"a\"]\n[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n\n\
                     [Event \"b\"]\n[GameType \"21\"]\n1. 9-13 22-18 *\n";

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn convert_to(dir: &Path, to: &str) -> PathBuf {
    let input = dir.join("games.pdn");
    fs::write(&input, GAMES).unwrap();
    let output = dir.join(format!("{to}.jsonl"));
    let out = pdnkit()
        .args(["convert", "--to", to, "-q", s(&input), "-o", s(&output)])
        .output()
        .unwrap();
    assert_code(&out, 0, "convert");
    output
}

/// Files of every shape that holds no game records, with what the message should call each.
fn not_records(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    let positions = convert_to(dir, "positions");
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    png.extend((0..2000u32).map(|i| (i * 7) as u8));
    let mut utf16 = Vec::new();
    for unit in GAMES.encode_utf16() {
        utf16.extend(unit.to_le_bytes());
    }
    let mut shapes = vec![
        (
            positions,
            "pdnkit's positions (`convert --format positions`)",
        ),
        (dir.join("image.png"), "a PNG image"),
        (dir.join("program"), "an executable"),
        (dir.join("archive.zip"), "a zip archive (unpack it first)"),
        (dir.join("data.bin"), "binary data"),
        (dir.join("report.json"), "a pdnkit report in JSON"),
        (dir.join("other.json"), "a JSON array"),
        (dir.join("report.html"), "HTML"),
        (dir.join("chart.svg"), "an SVG image"),
        (
            dir.join("utf16.pdn"),
            "UTF-16 text without a byte order mark (`--encoding utf-16` reads it)",
        ),
    ];
    fs::write(&shapes[1].0, &png).unwrap();
    fs::write(&shapes[2].0, b"\x7FELF\x02\x01\x01\0\0\0\0\0").unwrap();
    fs::write(&shapes[3].0, b"PK\x03\x04\x14\0\0\0\x08\0").unwrap();
    fs::write(&shapes[4].0, b"1. 11-15\0\0\x01\x02 23-19 *\n".repeat(50)).unwrap();
    fs::write(
        &shapes[5].0,
        "{\"schema\":\"pdnkit-check/2\",\"tool\":{\"name\":\"pdnkit\"}}\n",
    )
    .unwrap();
    fs::write(&shapes[6].0, "[\n  {\"white\": \"a\"}\n]\n").unwrap();
    fs::write(
        &shapes[7].0,
        "<!DOCTYPE html>\n<html><body>[Event \"x\"]</body></html>\n",
    )
    .unwrap();
    fs::write(
        &shapes[8].0,
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>1. 11-15</text></svg>\n",
    )
    .unwrap();
    fs::write(&shapes[9].0, &utf16).unwrap();
    // Compressed, what it holds is still seen.
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    gz.write_all(&png).unwrap();
    let gz_path = dir.join("image.png.gz");
    fs::write(&gz_path, gz.finish().unwrap()).unwrap();
    shapes.push((gz_path, "a PNG image"));
    shapes
}

#[track_caller]
fn assert_one_line_about(out: &Output, path: &Path, seems: &str, reads: &str) {
    assert_code(out, 2, s(path));
    let err = stderr(out);
    let about: Vec<&str> = err.lines().filter(|l| l.contains(s(path))).collect();
    let want = format!(
        "pdnkit: {}: not read: it seems to be {seems}; this command reads {reads}",
        s(path)
    );
    assert_eq!(about, [want.as_str()], "{err}");
    // Nothing else of the file: a summary at most.
    assert!(err.lines().count() <= 3, "{err}");
}

#[test]
fn convert_given_its_own_positions_says_so_once() {
    let dir = temp_dir("own-positions");
    let positions = convert_to(&dir, "positions");
    let out = pdnkit().args(["convert", s(&positions)]).output().unwrap();
    assert_one_line_about(
        &out,
        &positions,
        "pdnkit's positions (`convert --format positions`)",
        "PDN or FEN or pdnkit's JSON games",
    );
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains("converted 0 files (1 could not be read)"),
        "{}",
        stderr(&out)
    );
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_command_says_once_what_a_file_seems_to_be() {
    let dir = temp_dir("shapes");
    let shapes = not_records(&dir);
    let out_dir = dir.join("parts");
    let commands: [&[&str]; 8] = [
        &["check"],
        &["parse"],
        &["convert"],
        &["filter", "--event", "a"],
        &["dedup"],
        &["merge"],
        &["split", "--games", "1", "--out-dir", s(&out_dir)],
        &["stats"],
    ];
    for (path, seems) in &shapes {
        for args in commands {
            let out = pdnkit().args(args).arg(path).output().unwrap();
            let reads = if args[0] == "convert" {
                "PDN or FEN or pdnkit's JSON games"
            } else {
                "PDN or FEN"
            };
            assert_one_line_about(&out, path, seems, reads);
        }
        let out = pdnkit()
            .args(["show", s(path), "--svg", "-"])
            .output()
            .unwrap();
        assert_one_line_about(&out, path, seems, "PDN or FEN");
    }
    let parts = fs::read_dir(&out_dir).map_or(0, |d| d.count());
    assert_eq!(parts, 0, "split wrote nothing");
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn json_games_are_read_by_convert_and_named_by_the_others() {
    let dir = temp_dir("json-games");
    let games = convert_to(&dir, "json");
    let out = pdnkit().args(["convert", s(&games)]).output().unwrap();
    assert_code(&out, 0, "convert reads its JSON games");
    assert!(stdout(&out).contains("[Event \"b\"]"), "{}", stdout(&out));
    for command in ["check", "stats", "merge"] {
        let out = pdnkit().args([command, s(&games)]).output().unwrap();
        assert_one_line_about(
            &out,
            &games,
            "pdnkit's JSON games (`convert --format jsonl`; `pdnkit convert FILE` turns them back \
             into PDN)",
            "PDN or FEN",
        );
    }
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_directory_of_such_files_gives_a_line_each_and_reads_the_rest() {
    let dir = temp_dir("directory");
    let games = dir.join("games");
    fs::create_dir(&games).unwrap();
    fs::write(games.join("a.pdn"), GAMES).unwrap();
    fs::write(games.join("b.pdn"), b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").unwrap();
    fs::write(games.join("c.pdn"), b"\x7FELF\x02\x01\x01\0\0\0").unwrap();
    // Not named as games and not starting like them: left out by the walk, counted.
    fs::write(games.join("d.jsonl"), "{\"game\":\"x:1\",\"ply\":0}\n").unwrap();
    let out = pdnkit().args(["check", s(&games)]).output().unwrap();
    assert_code(&out, 2, "two files not read");
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(
        err.contains("b.pdn: not read: it seems to be a PNG image"),
        "{err}"
    );
    assert!(
        err.contains("c.pdn: not read: it seems to be an executable"),
        "{err}"
    );
    assert!(
        err.contains("skipped 1 file that holds no PDN or FEN"),
        "{err}"
    );
    let text = stdout(&out);
    assert!(
        text.contains("checked 1 file (2 could not be read), 2 games"),
        "{text}"
    );
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn json_lines_that_are_not_games_are_said_ten_times_then_counted() {
    let dir = temp_dir("mixed");
    let games = convert_to(&dir, "json");
    let positions = convert_to(&dir, "positions");
    let mut mixed = fs::read(&games).unwrap();
    for _ in 0..5 {
        mixed.extend(fs::read(&positions).unwrap());
    }
    let rows = fs::read_to_string(&positions).unwrap().lines().count() * 5;
    assert!(rows > 10);
    let path = dir.join("mixed.jsonl");
    fs::write(&path, mixed).unwrap();
    let out = pdnkit()
        .args(["convert", s(&path), "-o", "/dev/null"])
        .output()
        .unwrap();
    assert_code(&out, 1, "lines not games are errors");
    let err = stderr(&out);
    let said = err
        .lines()
        .filter(|l| l.contains("not a pdnkit JSON game"))
        .count();
    assert_eq!(said, 10, "{err}");
    let more = format!(
        "mixed.jsonl: {} more lines that are not pdnkit JSON games, not listed ({rows} in all)",
        rows - 10
    );
    assert!(err.contains(&more), "{more}\n{err}");
    assert!(err.contains("converted 1 file, 2 games"), "{err}");
    fs::remove_dir_all(&dir).ok();
}
