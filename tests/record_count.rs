//! Every game is counted once: for every fixture and corpus file, the reader yields as many games
//! as the file has records. The records are counted here the plain way, independently of the
//! reader: a record starts at a tag line (`[Name ...`) that follows a line that is not a tag line
//! (blank lines and `%` lines aside), outside `{...}` comments, and bare numbers in front of one
//! (a lone `3` line) are no record of their own; a FEN file has one record a line
//! with text. A fixture whose records do not all start with tags says how many it holds in a
//! `% records: N` line (with the reason beside it). Corpus files are skipped, saying so, when the
//! corpus is absent.

use pdnkit::reader::{ReadOptions, Reader};
use std::path::{Path, PathBuf};

use crate::support::corpus;
use crate::support::fixtures;

/// Records in `bytes`, counted without the reader.
fn records(bytes: &[u8]) -> usize {
    let text = match bytes {
        [0xFF, 0xFE, rest @ ..] => {
            let units: Vec<u16> = rest
                .chunks_exact(2)
                .map(|p| u16::from_le_bytes([p[0], p[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        }
        _ => String::from_utf8_lossy(bytes).into_owned(),
    };
    let text = text.trim_start_matches('\u{feff}');
    if let Some(declared) = text
        .lines()
        .find_map(|l| l.strip_prefix("% records: "))
        .and_then(|rest| rest.split_whitespace().next())
    {
        return declared.parse().expect("a number after `% records:`");
    }
    let lines: Vec<&str> = text
        .split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('%') && !l.starts_with(';'))
        .collect();
    if lines
        .first()
        .is_some_and(|l| pdnkit::reader::is_fen_line(l.as_bytes()))
    {
        return lines.len();
    }
    // Outside any record, in its tags, or in its moves.
    #[derive(PartialEq)]
    enum State {
        Idle,
        Header,
        Body,
        Stray,
    }
    let mut count = 0;
    let mut state = State::Idle;
    let mut in_comment = 0usize;
    let mut first_tag = "";
    for line in lines {
        // A tag line (`[`, or one that lost its `[`: `Event "b"]`; literal `\r` noise aside).
        let bare = line.trim_end_matches("\\r").trim_end();
        let name = bare
            .trim_start_matches('[')
            .split([' ', '"'])
            .next()
            .unwrap_or("");
        let tag = line.starts_with('[')
            || (bare.ends_with("\"]") && line.starts_with(|c: char| c.is_ascii_uppercase()));
        if tag && in_comment > 0 && bare.contains('"') {
            in_comment = 0; // a comment never closed ends at the next game's tags
        }
        let starts_in_comment = in_comment > 0 || line.starts_with('{');
        for c in line.chars() {
            match c {
                '{' => in_comment += 1,
                '}' => in_comment = in_comment.saturating_sub(1),
                _ => {}
            }
        }
        if starts_in_comment {
            continue;
        }
        if tag {
            // Tags after moves, or a header's first tag name again: a new record.
            if state != State::Header || name == first_tag {
                count += 1;
                first_tag = name;
            }
            state = State::Header;
            continue;
        }
        // Bare numbers before any record opens (a lone `3` line, a page number): noise in front
        // of the next record, not a record, unless move text or the end of the file follows.
        if matches!(state, State::Idle | State::Stray)
            && line
                .split_whitespace()
                .all(|t| t.bytes().all(|b| b.is_ascii_digit()))
        {
            state = State::Stray;
            continue;
        }
        // Move text: it opens a record of its own when none is open.
        if matches!(state, State::Idle | State::Stray) {
            count += 1;
        }
        state = State::Body;
        let last = line.split_whitespace().last().unwrap_or("");
        if ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"].contains(&last) {
            state = State::Idle;
        }
    }
    count + usize::from(state == State::Stray)
}

fn games(bytes: &[u8]) -> usize {
    Reader::new(bytes, ReadOptions::default())
        .collect::<std::io::Result<Vec<_>>>()
        .expect("reading from memory cannot fail")
        .len()
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a directory") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            files_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "pdn" || e == "fen") {
            out.push(path);
        }
    }
}

fn mismatches(files: &[PathBuf]) -> Vec<String> {
    let mut wrong = Vec::new();
    for path in files {
        let bytes = std::fs::read(path).expect("readable");
        let (expected, read) = (records(&bytes), games(&bytes));
        if expected != read {
            wrong.push(format!(
                "{}: {read} games, {expected} records",
                path.display()
            ));
        }
    }
    wrong
}

#[test]
fn every_fixture_has_one_game_a_record() {
    let mut files = Vec::new();
    files_under(&fixtures::dir(), &mut files);
    files.sort();
    assert!(files.len() > 40, "fixtures found: {}", files.len());
    let wrong = mismatches(&files);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn every_corpus_file_has_one_game_a_record() {
    let Some(dir) = corpus::corpus("") else {
        return;
    };
    let mut files = Vec::new();
    files_under(&dir, &mut files);
    files.sort();
    assert!(!files.is_empty(), "no corpus files under {}", dir.display());
    let wrong = mismatches(&files);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_plain_count_counts_records() {
    assert_eq!(
        records(b"[Event \"a\"]\n[Site \"b\"]\n1. 32-28 *\n\n[Event \"c\"]\n*\n"),
        2
    );
    assert_eq!(records(b"{ [Event \"x\"] }\n[Event \"a\"]\n*\n"), 1);
    assert_eq!(records(b"W:W31-50:B1-20\n\nB:W28:B19\n"), 2);
    assert_eq!(
        records(b"% records: 3 (no tags)\n1. 32-28 * 1. 33-28 * 1. 31-27 *\n"),
        3
    );
    assert_eq!(records(b"1. 32-28 19-23\n2. 33-28 *\n1. 31-27 1-0\n"), 2);
    assert_eq!(
        records(b"[Event \"a\"]\n1. 32-28 *\n{ between }\n[Event \"b\"]\n1-0\n"),
        2
    );
}
