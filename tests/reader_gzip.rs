//! Gzip input (`.pdn.gz`): detected by its magic bytes, decompressed on the fly, and read exactly
//! as the plain text would be.

use flate2::Compression;
use flate2::write::GzEncoder;
use pdnkit::reader::{self, Game, ReadOptions, Reader};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::support::fixtures;

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn read_all(source: impl Read) -> std::io::Result<Vec<Game>> {
    Reader::new(source, ReadOptions::default()).collect()
}

/// A file in a folder of its own under the system's temporary folder.
fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pdnkit-gzip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn some_fixture() -> (PathBuf, Vec<u8>) {
    let path = fixtures::dir().join("variants/international.pdn");
    let bytes = std::fs::read(&path).unwrap();
    (path, bytes)
}

#[test]
fn gzip_file_reads_like_the_plain_file() {
    let (_, plain) = some_fixture();
    let expected = read_all(plain.as_slice()).unwrap();
    assert!(!expected.is_empty());
    // The name does not matter: the magic bytes do.
    for name in ["international.pdn.gz", "international.pdn"] {
        let path = temp_file(name, &gzip(&plain));
        let games = read_all(reader::open_path(&path).unwrap()).unwrap();
        assert_eq!(games, expected, "{name}");
        std::fs::remove_file(&path).ok();
    }
}

#[test]
fn plain_file_passes_through() {
    let (path, plain) = some_fixture();
    let games = read_all(reader::open_path(&path).unwrap()).unwrap();
    assert_eq!(games, read_all(plain.as_slice()).unwrap());
}

#[test]
fn every_fixture_survives_compression() {
    for path in fixtures::all() {
        let plain = std::fs::read(&path).unwrap();
        let games = read_all(reader::decompressed(std::io::Cursor::new(gzip(&plain))).unwrap());
        assert_eq!(
            games.unwrap(),
            read_all(plain.as_slice()).unwrap(),
            "{}",
            path.display()
        );
    }
}

#[test]
fn concatenated_members_are_one_stream() {
    let first = b"[Event \"a\"]\n1. 32-28 *\n";
    let second = b"[Event \"b\"]\n1. 33-29 *\n";
    let mut both = gzip(first);
    both.extend(gzip(second));
    let games = read_all(reader::decompressed(std::io::Cursor::new(both)).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tag("Event"), Some("b"));
}

#[test]
fn tiny_and_empty_inputs_pass_through() {
    for text in [&b""[..], b"*", b"\x1f"] {
        let mut out = Vec::new();
        reader::decompressed(std::io::Cursor::new(text.to_vec()))
            .unwrap()
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, text);
    }
}

#[test]
fn corrupt_gzip_is_an_io_error() {
    let (_, plain) = some_fixture();
    let mut bytes = gzip(&plain);
    let middle = bytes.len() / 2;
    bytes.truncate(middle);
    let result = read_all(reader::decompressed(std::io::Cursor::new(bytes)).unwrap());
    assert!(
        result.is_err(),
        "a truncated archive must not read as complete"
    );
}

#[test]
fn missing_file_is_an_error() {
    assert!(reader::open_path(Path::new("/nonexistent/x.pdn.gz")).is_err());
}

#[test]
fn trailing_bytes_keep_every_game_and_are_reported() {
    let (_, plain) = some_fixture();
    let expected = read_all(plain.as_slice()).unwrap();
    for trailing in [&b"\0\0\0\0"[..], b"garbage after the archive\n", b"\x1f"] {
        let mut bytes = gzip(&plain);
        bytes.extend_from_slice(trailing);
        let path = temp_file("trailing.pdn.gz", &bytes);
        let games = read_all(reader::open_path(&path).unwrap());
        std::fs::remove_file(&path).ok();
        if trailing == b"\x1f" {
            // A first magic byte starts a member: a truncated one is an I/O error, as any
            // corrupt member is.
            assert!(games.is_err());
            continue;
        }
        let games = games.unwrap();
        assert_eq!(games.len(), expected.len(), "{trailing:?}");
        let last = games.last().unwrap();
        let reports: Vec<_> = last
            .diagnostics
            .iter()
            .filter(|d| d.code == pdnkit::finding::Code::CompressedTrailingData)
            .collect();
        assert_eq!(reports.len(), 1, "{trailing:?}");
        assert!(
            reports[0]
                .message
                .starts_with(&format!("{} bytes", trailing.len())),
            "{}",
            reports[0].message
        );
        // Apart from that report, the games are the plain file's. (The report's place is one
        // more mark in the last game's line index: its own spans are located as before.)
        let mut without = games.clone();
        let last = without.last_mut().unwrap();
        last.diagnostics
            .retain(|d| d.code != pdnkit::finding::Code::CompressedTrailingData);
        let plain = expected.last().unwrap();
        let places = |g: &reader::Game| -> Vec<_> {
            std::iter::once(g.span)
                .chain(g.tags.iter().map(|t| t.span))
                .chain(g.moves.iter().map(|m| m.span()))
                .map(|s| g.locate(s))
                .collect()
        };
        assert_eq!(places(last), places(plain), "{trailing:?}");
        last.lines = plain.lines.clone();
        assert_eq!(without, expected);
    }
}
