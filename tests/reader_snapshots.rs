//! Snapshots of the reader over every fixture in `fixtures/**/*.pdn`: the whole lossless model
//! (lenient mode), and a compact list of the strict-mode diagnostics. Plus a test that the
//! fixtures, together, make the reader emit every diagnostic code.
//!
//! Update with `INSTA_UPDATE=always cargo test --test integration reader_snapshots::` (or `cargo insta review`),
//! then read every changed `.snap` file before committing it.

use pdnkit::finding::{Code, Group};
use pdnkit::reader::{Game, ReadOptions, Reader};
use std::collections::BTreeSet;
use std::path::Path;

use crate::support::fixtures;

/// Fixtures whose current reading is wrong (a reader bug): not snapshotted, so that no wrong
/// behaviour is recorded as expected. Each bug has an ignored test in `reader_edge_cases.rs`;
/// when it is fixed, remove the entry here and review the new snapshots.
const KNOWN_BUGS: &[(&str, &str)] = &[];

/// The fixture's path relative to `fixtures/`, with `/` separators.
fn relative(path: &Path) -> String {
    path.strip_prefix(fixtures::dir())
        .expect("fixture under fixtures/")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

fn read(bytes: &[u8], strict: bool) -> Vec<Game> {
    let options = ReadOptions {
        strict,
        ..ReadOptions::default()
    };
    Reader::new(bytes, options)
        .collect::<std::io::Result<Vec<_>>>()
        .expect("reading from memory cannot fail")
}

/// One line per diagnostic: `game N line:col severity CODE`.
fn compact_diagnostics(games: &[Game]) -> String {
    let mut out = String::new();
    for game in games {
        for d in &game.diagnostics {
            out.push_str(&format!(
                "game {} {}:{} {} {}\n",
                game.index,
                game.locate(d.span).line,
                game.locate(d.span).column,
                d.level,
                d.code
            ));
        }
    }
    if out.is_empty() {
        out.push_str("(no diagnostics)\n");
    }
    out
}

#[test]
fn fixtures_snapshots() {
    insta::glob!("../fixtures", "**/*.pdn", |path| {
        let name = relative(path);
        if KNOWN_BUGS.iter().any(|(file, _)| *file == name) {
            return;
        }
        let bytes = std::fs::read(path).expect("fixture readable");
        let lenient = read(&bytes, false);
        assert!(!lenient.is_empty(), "{name}: no games");
        insta::assert_yaml_snapshot!("lenient", lenient);
        let strict = read(&bytes, true);
        insta::assert_snapshot!("strict", compact_diagnostics(&strict));
    });
}

#[test]
fn known_bug_entries_name_real_fixtures() {
    for (file, _) in KNOWN_BUGS {
        assert!(
            fixtures::dir().join(file).is_file(),
            "{file} does not exist"
        );
    }
}

/// Codes the reader never emits (each with the reason). Empty: every code has a fixture.
const NEVER_EMITTED: &[(Code, &str)] = &[];

#[test]
fn every_code_is_produced_by_some_fixture() {
    let mut seen: BTreeSet<Code> = BTreeSet::new();
    let mut by_code: Vec<(Code, String)> = Vec::new();
    for path in fixtures::all() {
        let bytes = std::fs::read(&path).expect("fixture readable");
        for strict in [false, true] {
            for game in read(&bytes, strict) {
                for d in &game.diagnostics {
                    if seen.insert(d.code) {
                        by_code.push((d.code, relative(&path)));
                    }
                }
            }
        }
    }
    // The FEN file and the gzip file with trailing bytes (read as a user's file is: opened and
    // decompressed).
    for name in ["dialects/positions.fen", "dialects/trailing_bytes.pdn.gz"] {
        let source = pdnkit::reader::open_path(&fixtures::dir().join(name)).expect("opens");
        for game in Reader::new(source, ReadOptions::default()) {
            for d in game.expect("reads").diagnostics {
                seen.insert(d.code);
            }
        }
    }
    // E-GAME-TOO-LARGE needs a low `max_game_bytes` (the 20 MB case is in reader_edge_cases.rs).
    let options = ReadOptions {
        max_game_bytes: 64,
        ..ReadOptions::default()
    };
    let text = format!(
        "[Event \"big\"]\n1. {}*\n[Event \"small\"]\n1. 32-28 *\n",
        "32-28 19-23 ".repeat(20)
    );
    for game in Reader::new(text.as_bytes(), options) {
        for d in game.expect("in memory").diagnostics {
            seen.insert(d.code);
        }
    }

    let never: BTreeSet<Code> = NEVER_EMITTED.iter().map(|(c, _)| *c).collect();
    let missing: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| c.group() == Group::Reader)
        .filter(|c| !seen.contains(c) && !never.contains(c))
        .map(|c| c.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "codes no fixture produces (add a fixture): {missing:?}"
    );
    // When a listed code starts being emitted, it must get a fixture and leave the list.
    let now_emitted: Vec<&str> = never
        .iter()
        .filter(|c| seen.contains(c))
        .map(|c| c.as_str())
        .collect();
    assert!(
        now_emitted.is_empty(),
        "codes listed as never emitted are now produced; remove them from NEVER_EMITTED: {now_emitted:?}"
    );
}
