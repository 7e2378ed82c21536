//! Compressed input beyond gzip: zstd, xz and bzip2 told by their content (any name, standard
//! input), members joined, trailing bytes a warning with every game kept (the code's old name
//! still read), corrupt or truncated data a located error and never a panic, and directory
//! walks taking `*.pdn.zst`, `*.pdn.xz` and `*.pdn.bz2`.

use crate::support::cli::{assert_code, pdnkit, stderr, stdout, temp_dir};
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Output, Stdio};

const GAMES: &str = "[Event \"a\"]\n[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n\n\
                     [Event \"b\"]\n[GameType \"21\"]\n1. 9-13 22-18 *\n\n";

const FORMATS: [&str; 4] = ["gzip", "zstd", "xz", "bzip2"];

fn compress(format: &str, text: &[u8]) -> Vec<u8> {
    match format {
        "gzip" => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
        "zstd" => zstd::encode_all(text, 3).unwrap(),
        "xz" => {
            let mut e = liblzma::write::XzEncoder::new(Vec::new(), 6);
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
        "bzip2" => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
        _ => unreachable!("{format}"),
    }
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn events(out: &Output) -> String {
    stdout(out)
        .lines()
        .filter_map(|l| l.strip_prefix("[Event \""))
        .map(|l| l.trim_end_matches("\"]"))
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn each_format_is_read_by_its_content_whatever_its_name() {
    let dir = temp_dir("by-content");
    for format in FORMATS {
        // No telling extension: the bytes decide.
        let path = dir.join(format!("{format}.data"));
        fs::write(&path, compress(format, GAMES.as_bytes())).unwrap();
        let out = pdnkit().args(["merge", "-qq", s(&path)]).output().unwrap();
        assert_code(&out, 0, format);
        assert_eq!(events(&out), "a,b", "{format}");
        // Standard input too.
        let mut child = pdnkit()
            .args(["merge", "-qq", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(&compress(format, GAMES.as_bytes()))
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert_code(&out, 0, format);
        assert_eq!(events(&out), "a,b", "{format} on standard input");
    }
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn members_one_after_another_read_as_one_text() {
    let dir = temp_dir("members");
    for format in FORMATS {
        let mut bytes = compress(format, GAMES.as_bytes());
        bytes.extend(compress(format, GAMES.replace("\"a\"", "\"c\"").as_bytes()));
        let path = dir.join(format!("joined.{format}"));
        fs::write(&path, bytes).unwrap();
        let out = pdnkit().args(["merge", "-qq", s(&path)]).output().unwrap();
        assert_code(&out, 0, format);
        assert_eq!(events(&out), "a,b,c,b", "{format}");
    }
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn trailing_bytes_are_a_warning_every_game_kept_and_the_old_name_reads() {
    let dir = temp_dir("trailing");
    for format in FORMATS {
        let mut bytes = compress(format, GAMES.as_bytes());
        bytes.extend(b"debris from a transfer\n");
        let path = dir.join(format!("t.pdn.{format}"));
        fs::write(&path, bytes).unwrap();
        let out = pdnkit()
            .args([
                "check",
                "--format",
                "concise",
                "--fail-on",
                "warning",
                s(&path),
            ])
            .output()
            .unwrap();
        assert_code(&out, 1, format);
        let text = stdout(&out);
        let want = format!(
            "warning[W-COMPRESSED-TRAILING-DATA]: 23 bytes after the end of the {format} data, \
             ignored; every game before them was read"
        );
        assert!(text.contains(&want), "{want}\n{text}");
        assert!(text.contains("checked 1 file, 2 games"), "{text}");
        let out = pdnkit()
            .args([
                "check",
                "--fail-on",
                "warning",
                "--allow",
                "W-GZIP-TRAILING-DATA",
                s(&path),
            ])
            .output()
            .unwrap();
        assert_code(&out, 0, "allowed by its old name");
    }
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn truncated_or_corrupt_input_is_a_located_error_the_games_before_kept() {
    let dir = temp_dir("broken");
    // Games that differ (a repeated text compresses to a few bytes, all of them needed).
    let text: String = (0..20_000u64)
        .map(|i| {
            format!(
                "[Event \"{i}\"]\n[Round \"{}\"]\n[GameType \"21\"]\n1. 11-15 23-19 *\n\n",
                i * 7919 % 10007
            )
        })
        .collect();
    for format in FORMATS {
        let whole = compress(format, text.as_bytes());
        let path = dir.join(format!("cut.pdn.{format}"));
        fs::write(&path, &whole[..whole.len() * 2 / 3]).unwrap();
        let out = pdnkit().args(["check", "-q", s(&path)]).output().unwrap();
        assert_code(&out, 2, format);
        let err = stderr(&out);
        let want = format!(
            "pdnkit: {}: corrupt or truncated {format} data near byte ",
            s(&path)
        );
        assert!(err.starts_with(&want), "{want}\n{err}");
        assert!(err.contains(" bytes of text: "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        // The games before the cut were read (bzip2 gives nothing of a block cut short: the
        // text here is one block).
        let games: u64 = stdout(&out)
            .split(", ")
            .find_map(|part| part.strip_suffix(" games"))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(
            games > 1000 || format == "bzip2",
            "{format}: {}",
            stdout(&out)
        );

        // Bytes changed in the middle: an error or other text, never a crash.
        let mut corrupt = whole.clone();
        let middle = corrupt.len() / 2;
        for b in &mut corrupt[middle..middle + 64] {
            *b ^= 0xA5;
        }
        fs::write(&path, corrupt).unwrap();
        let out = pdnkit().args(["check", "-q", s(&path)]).output().unwrap();
        assert!(
            matches!(out.status.code(), Some(0..=2)),
            "{format}: {:?}\n{}",
            out.status,
            stderr(&out)
        );
    }
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_directory_walk_takes_every_compressed_game_file() {
    let dir = temp_dir("walk");
    for (format, extension) in [
        ("gzip", "gz"),
        ("zstd", "zst"),
        ("xz", "xz"),
        ("bzip2", "bz2"),
    ] {
        let text = GAMES.replace("\"a\"", &format!("\"{format}\""));
        fs::write(
            dir.join(format!("{format}.pdn.{extension}")),
            compress(format, text.as_bytes()),
        )
        .unwrap();
    }
    let out = pdnkit().args(["merge", "-qq", s(&dir)]).output().unwrap();
    assert_code(&out, 0, "walk");
    assert_eq!(events(&out), "bzip2,b,gzip,b,xz,b,zstd,b");
    assert_eq!(stderr(&out), "", "nothing skipped");
    fs::remove_dir_all(&dir).ok();
}
