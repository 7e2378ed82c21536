//! Conversions keep a game's meaning: PDN -> canonical PDN, PDN -> JSON -> PDN and numeric ->
//! algebraic -> numeric give back the same tags, legal moves, comments, NAGs and variations, on
//! every game of the corpus and on random games from the engine. Canonical output is a fixed
//! point and its lines fit in 79 columns.

use crate::support::convert as support;

use pdnkit::convert::{Captures, Options};
use pdnkit::reader::{Game, ReadOptions, read_str};
use pdnkit::rules::rulebook;
use pdnkit::variant::SquareNotation;
use proptest::prelude::*;
use support::*;

fn notation(n: SquareNotation) -> Options {
    Options {
        notation: Some(n),
        ..Options::default()
    }
}

fn other(n: SquareNotation) -> SquareNotation {
    match n {
        SquareNotation::Numeric => SquareNotation::Algebraic,
        SquareNotation::Algebraic => SquareNotation::Numeric,
    }
}

/// Every line of canonical output fits, unless it holds part of a comment or a tag (units that
/// are never broken).
fn assert_wrapped(text: &str, what: &str) {
    let mut depth = 0u32;
    for line in text.lines() {
        let mut in_comment = depth > 0;
        for c in line.chars() {
            match c {
                '{' => {
                    depth += 1;
                    in_comment = true;
                }
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        if line.chars().count() > 79 {
            let allowed = in_comment
                || line.starts_with('[')
                || line.starts_with('%')
                || line.starts_with(';');
            assert!(allowed, "{what}: line over 79 columns:\n{line}");
        }
    }
}

/// The round trips for the games of one text.
fn check_text(text: &str, what: &str) {
    let original = read_str(text, ReadOptions::default());
    let meanings: Vec<_> = original.iter().map(meaning).collect();
    let compare = |games: &[Game], how: &str| {
        assert_eq!(games.len(), meanings.len(), "{what} ({how}): game count");
        for (m, g) in meanings.iter().zip(games) {
            assert_eq!(m, &meaning(g), "{what} ({how}), game {}", g.index);
        }
    };

    // PDN -> canonical PDN.
    let (canonical, _) = convert_games(original.clone(), &Options::default());
    assert_wrapped(&canonical, what);
    let reread = read_str(&canonical, ReadOptions::default());
    compare(&reread, "canonical");
    // Canonical output is a fixed point.
    let (again, _) = convert_games(reread, &Options::default());
    assert_eq!(
        canonical, again,
        "{what}: canonical PDN converts to something else"
    );

    // PDN -> JSON -> PDN.
    let from_json = via_json(original.clone(), &Options::default());
    let (text_from_json, _) = convert_games(from_json, &Options::default());
    assert_eq!(
        canonical, text_from_json,
        "{what}: PDN -> JSON -> PDN differs"
    );

    // Long captures.
    let long = Options {
        captures: Captures::Long,
        ..Options::default()
    };
    let (long_text, _) = convert_games(original.clone(), &long);
    compare(
        &read_str(&long_text, ReadOptions::default()),
        "long captures",
    );

    // The other notation and back (8x8 boards).
    let eight: Vec<bool> = original
        .iter()
        .map(|g| {
            pdnkit::replay::replay(g, &mut ())
                .rules
                .is_some_and(|r| r.board.width == 8)
        })
        .collect();
    if eight.iter().any(|&e| e) {
        for n in [SquareNotation::Numeric, SquareNotation::Algebraic] {
            let (there, _) = convert_games(original.clone(), &notation(n));
            let (back, _) = convert_games(
                read_str(&there, ReadOptions::default()),
                &notation(other(n)),
            );
            compare(
                &read_str(&back, ReadOptions::default()),
                "notation round trip",
            );
        }
    }
}

#[test]
fn fixtures_round_trip() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    for folder in ["variants", "standard", "dialects", "convert"] {
        let Ok(entries) = std::fs::read_dir(dir.join(folder)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            // (Gzip is the reader's input layer: reader_gzip.rs.)
            if path.extension().is_some_and(|e| e == "gz") {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            // Code-page files decode through the reader; the lossy text is enough here. UTF-16
            // is read as text.
            let utf16 = |rest: &[u8], unit: fn([u8; 2]) -> u16| {
                let units: Vec<u16> = rest.chunks_exact(2).map(|p| unit([p[0], p[1]])).collect();
                String::from_utf16_lossy(&units)
            };
            let text = match bytes.as_slice() {
                [0xFF, 0xFE, le @ ..] => utf16(le, u16::from_le_bytes),
                [0xFE, 0xFF, be @ ..] => utf16(be, u16::from_be_bytes),
                _ => String::from_utf8_lossy(&bytes).into_owned(),
            };
            check_text(&text, &path.display().to_string());
        }
    }
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn corpus_round_trips() {
    let Some(root) = corpus() else { return };
    let mut files = Vec::new();
    for folder in ["pdn-standard/succeed", "pdn-standard/fail"] {
        for entry in std::fs::read_dir(root.join(folder)).expect("corpus folder reads") {
            files.push(entry.expect("entry").path());
        }
    }
    files.sort();
    for file in files {
        let bytes = std::fs::read(&file).expect("corpus file reads");
        check_text(
            &String::from_utf8_lossy(&bytes),
            &file.display().to_string(),
        );
    }
}

/// OCA_2.0's games, every `step`-th, through every conversion.
fn oca_round_trips(step: usize) {
    let Some(root) = corpus() else { return };
    let bytes = std::fs::read(root.join("english/OCA_2.0.pdn")).expect("OCA reads");
    let text = String::from_utf8_lossy(&bytes);
    let games = read_str(&text, ReadOptions::default());
    let sample: Vec<Game> = games.into_iter().step_by(step).collect();
    let mut pdn = String::new();
    for game in &sample {
        pdnkit::convert::pdn::write_game(game, &mut pdn).expect("writable");
    }
    check_text(&pdn, &format!("OCA_2.0, every {step}th game"));
}

/// OCA_2.0 is 11 MB: every 16th game in the suite; the whole file below.
#[test]
fn oca_sample_round_trips() {
    oca_round_trips(16);
}

#[test]
#[ignore = "all 22,621 games: run with --release -- --ignored"]
fn oca_every_game_round_trips() {
    oca_round_trips(1);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// A random legal game survives canonical PDN, JSON and both notations with its moves.
    #[test]
    fn random_games_round_trip(seed in any::<u64>(), which in 0..rulebook::ALL.len(), plies in 0usize..120) {
        let rules = rulebook::ALL[which];
        let (text, played) = random_game(rules, seed, plies);
        let games = read_str(&text, ReadOptions::default());
        prop_assert_eq!(main_line(&games[0]), played.clone(), "generated:\n{}", text);
        let (canonical, reports) = convert_games(games.clone(), &Options::default());
        prop_assert_eq!(reports[0].errors, 0);
        let reread = read_str(&canonical, ReadOptions::default());
        prop_assert_eq!(main_line(&reread[0]), played.clone(), "canonical:\n{}", canonical);
        prop_assert_eq!(meaning(&games[0]), meaning(&reread[0]));
        let json = via_json(games.clone(), &Options::default());
        prop_assert_eq!(main_line(&json[0]), played.clone());
        for n in [SquareNotation::Numeric, SquareNotation::Algebraic] {
            let (there, _) = convert_games(games.clone(), &notation(n));
            let there_games = read_str(&there, ReadOptions::default());
            prop_assert_eq!(main_line(&there_games[0]), played.clone(), "{:?}:\n{}", n, there);
            let (back, _) = convert_games(there_games, &notation(other(n)));
            prop_assert_eq!(main_line(&read_str(&back, ReadOptions::default())[0]), played.clone());
        }
    }
}
