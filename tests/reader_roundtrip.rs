//! Printing a game as canonical PDN (`convert::pdn`, the one PDN writer) and reading it back gives
//! the same model (spans, raw spellings, diagnostics and what the writer changes on purpose
//! aside): on generated games, and on every game of the fixtures and of the corpus.

use crate::support::corpus;
use pdnkit::convert::pdn;
use pdnkit::finding::Level;
use pdnkit::reader::{self, ReadOptions};
use proptest::prelude::*;
use serde_json::{Value, json};
use std::path::Path;

use crate::support::fixtures;

/// The model without what legitimately changes when text is rewritten: positions, the original
/// spelling of tokens, and what the reader said about that spelling; and with what the canonical
/// writer changes on purpose (see `convert::pdn`) changed the same way: a missing terminator is
/// written `*`, and a `{}` comment holding `}` (nested braces) is written as a `;` comment.
fn essence(game: &reader::Game) -> Value {
    fn strip(value: &mut Value) {
        match value {
            Value::Object(map) => {
                map.remove("span");
                map.remove("raw");
                map.remove("diagnostics");
                // A comment (the model's only `style`).
                if map.get("style").is_some_and(|s| s == "brace")
                    && map
                        .get("text")
                        .and_then(Value::as_str)
                        .is_some_and(|t| t.contains('}'))
                {
                    map.insert("style".into(), json!("semicolon"));
                }
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut value = serde_json::to_value(game).expect("the model serialises");
    strip(&mut value);
    if value["result"].is_null() {
        value["result"] = json!({ "kind": "*" });
    }
    value
}

/// The games as canonical PDN, and those the writer refuses (a part that would not read back
/// the same, such as a tag without a name).
fn print<'a>(games: impl IntoIterator<Item = &'a reader::Game>) -> (String, Vec<&'a reader::Game>) {
    let mut text = String::new();
    let mut refused = Vec::new();
    for game in games {
        if pdn::write_game(game, &mut text).is_err() {
            refused.push(game);
        }
    }
    (text, refused)
}

fn assert_round_trip(text: &str, what: &str) {
    let first = reader::read_str(text, ReadOptions::default());
    let (printed, refused) = print(&first);
    // Only a game the reader found an error in may be refused: what was read cleanly is written.
    for game in &refused {
        assert!(
            game.diagnostics.iter().any(|d| d.level == Level::Error),
            "{what}, game {}: read without an error, yet not writable",
            game.index
        );
    }
    let written: Vec<&reader::Game> = first
        .iter()
        .filter(|g| !refused.iter().any(|r| std::ptr::eq(*r, *g)))
        .collect();
    let second = reader::read_str(&printed, ReadOptions::default());
    assert_eq!(
        written.len(),
        second.len(),
        "{what}: game count changed; printed:\n{printed}"
    );
    for (a, b) in written.into_iter().zip(&second) {
        let (mut before, after) = (essence(a), essence(b));
        // Refused games leave no game behind them: those after them are numbered anew.
        before["index"] = after["index"].clone();
        assert_eq!(
            before,
            after,
            "{what}, game {}: printed as\n{}",
            a.index,
            print([a]).0
        );
    }
}

fn corpus_files() -> Option<Vec<std::path::PathBuf>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !root.is_dir() {
        corpus::skip(format_args!(
            "{} is absent (the corpus sits beside the checkout in CI)",
            root.display()
        ));
        return None;
    }
    let mut files = Vec::new();
    for folder in ["pdn-standard/succeed", "pdn-standard/fail", "english"] {
        for entry in std::fs::read_dir(root.join(folder)).expect("corpus folder reads") {
            files.push(entry.expect("entry").path());
        }
    }
    files.sort();
    Some(files)
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn every_corpus_game_round_trips() {
    let Some(files) = corpus_files() else { return };
    for file in files {
        let bytes = std::fs::read(&file).expect("corpus file reads");
        let text = String::from_utf8_lossy(&bytes);
        assert_round_trip(&text, &file.display().to_string());
    }
}

/// Fixtures whose reading is known to be wrong (ignored tests in reader_edge_cases.rs pin each).
const KNOWN_BUGS: &[&str] = &[];

#[test]
fn fixtures_round_trip() {
    for path in fixtures::all() {
        if KNOWN_BUGS.iter().any(|bug| path.ends_with(bug)) {
            continue;
        }
        let bytes = std::fs::read(&path).expect("fixture reads");
        assert_round_trip(
            &String::from_utf8_lossy(&bytes),
            &path.display().to_string(),
        );
    }
}

// ---- generated games ------------------------------------------------------------------------

fn square() -> impl Strategy<Value = String> {
    prop_oneof![
        (1u8..=50).prop_map(|n| n.to_string()),
        (0u8..8, 1u8..=8).prop_map(|(f, r)| format!("{}{}", (b'a' + f) as char, r)),
    ]
}

fn mv() -> impl Strategy<Value = String> {
    (
        square(),
        prop::collection::vec(square(), 1..4),
        prop::bool::ANY,
        prop::sample::select(vec!["", "!", "?", "!?", "(?)", "(!!)"]),
    )
        // A move to its own square is no move, and `1-1` is a result token.
        .prop_filter("a move goes somewhere", |(from, rest, _, _)| {
            rest[0] != *from
        })
        .prop_map(|(from, rest, capture, mark)| {
            let sep = if capture { "x" } else { "-" };
            let mut text = from;
            for sq in rest {
                text.push_str(sep);
                text.push_str(&sq);
            }
            text + mark
        })
}

fn comment() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 .,!?*()\\[\\]%-]{0,20}".prop_map(|t| format!("{{{t}}}"))
}

/// A move-text item; variations nest.
fn item() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        4 => mv(),
        1 => comment(),
        1 => (0u16..300).prop_map(|n| format!("${n}")),
        1 => (1u32..80, prop::bool::ANY).prop_map(|(n, black)| if black { format!("{n}...") } else { format!("{n}.") }),
    ];
    leaf.prop_recursive(4, 24, 6, |inner| {
        prop::collection::vec(inner, 1..6).prop_map(|items| format!("({})", items.join(" ")))
    })
}

fn tag() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "Event",
            "Site",
            "White",
            "Black",
            "Round",
            "Annotator",
        ]),
        "[a-zA-Z0-9 .,'\\\\\"éд-]{0,16}",
    )
        .prop_map(|(name, value)| {
            format!(
                "[{name} \"{}\"]",
                value.replace('\\', "\\\\").replace('"', "\\\"")
            )
        })
}

fn game() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(tag(), 0..4),
        mv(),
        prop::collection::vec(item(), 0..12),
        prop::sample::select(vec![
            "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*",
        ]),
    )
        .prop_map(|(tags, first, items, result)| {
            let mut text = tags.join("\n");
            text.push_str("\n\n");
            text.push_str(&first);
            for item in items {
                text.push(' ');
                text.push_str(&item);
            }
            format!("{text} {result}\n\n")
        })
}

proptest! {
    #[test]
    fn generated_games_round_trip(games in prop::collection::vec(game(), 1..4)) {
        let text = games.concat();
        let first = reader::read_str(&text, ReadOptions::default());
        prop_assert_eq!(first.len(), games.len());
        assert_round_trip(&text, "generated");
    }
}
