//! A habit of the record (a code marked once a game, `Code::once_per_game`) is reported once a
//! game, with its count and its other places, over every fixture and the public corpus; and a
//! game that writes every move so gets one finding whatever its length.

use crate::support::{corpus, fixtures};
use pdnkit::check::{CheckOptions, check_game};
use pdnkit::finding::Code;
use pdnkit::reader::{ReadOptions, Reader, read_str};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// `file game code count` for each habit code found more than once in a game of `files`.
fn repeated_habits(files: &[PathBuf]) -> Vec<String> {
    let mut out = Vec::new();
    for path in files {
        let source = pdnkit::reader::open_path(path).unwrap();
        for game in Reader::new(source, ReadOptions::default()) {
            let game = game.unwrap();
            let report = check_game(&game, &CheckOptions::default());
            let mut counts: BTreeMap<Code, usize> = BTreeMap::new();
            for f in game.diagnostics.iter().chain(&report.findings) {
                *counts.entry(f.code).or_default() += 1;
            }
            // The reader's findings are in both lists: a habit among them counts twice.
            for f in &game.diagnostics {
                *counts.entry(f.code).or_default() -= 1;
            }
            for (code, n) in counts {
                if code.once_per_game() && n > 1 {
                    out.push(format!("{} {} {code} {n}", path.display(), game.index));
                }
            }
        }
    }
    out
}

#[test]
fn no_fixture_reports_a_habit_twice_in_a_game() {
    assert_eq!(repeated_habits(&fixtures::all()), Vec::<String>::new());
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn no_corpus_game_reports_a_habit_twice() {
    let Some(root) = corpus::corpus("") else {
        return;
    };
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pdn") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() > 40, "{} files", files.len());
    assert_eq!(repeated_habits(&files), Vec::<String>::new());
}

/// A game that writes an `x` on every non-capture and a space in every move: one finding of each,
/// its count in the message and every other place in `also`, at any length.
#[test]
fn a_habit_of_every_move_is_one_finding() {
    for moves in [2usize, 40, 3000] {
        let mut text = String::from("[GameType \"20\"]\n");
        // Back and forth with kings on diagonals that never meet: every move quiet, White's
        // written with `x`, Black's with a space.
        text.push_str("[FEN \"W:WK46:BK1\"]\n");
        for i in 0..moves {
            let (white, black) = if i % 2 == 0 {
                ("46x41", "1- 6")
            } else {
                ("41x46", "6- 1")
            };
            text.push_str(&format!("{}. {white} {black} ", i + 1));
        }
        text.push('*');
        let game = read_str(&text, ReadOptions::default()).remove(0);
        let report = check_game(&game, &CheckOptions::default());
        let all: Vec<_> = report.findings.iter().collect();
        for (code, expected) in [(Code::SeparatorMismatch, moves), (Code::SpaceInMove, moves)] {
            let of_code: Vec<_> = all.iter().filter(|f| f.code == code).collect();
            assert_eq!(of_code.len(), 1, "{code} of {moves} moves: {of_code:#?}");
            let f = of_code[0];
            assert_eq!(f.also.len(), expected - 1, "{code} of {moves} moves");
            if expected > 1 {
                assert!(
                    f.message
                        .contains(&format!("and {} more like it", expected - 1)),
                    "{}",
                    f.message
                );
            }
            let mut places: Vec<u64> = f.also.iter().map(|s| s.offset).collect();
            places.insert(0, f.span.offset);
            assert!(places.windows(2).all(|w| w[0] < w[1]), "in order");
        }
    }
}
