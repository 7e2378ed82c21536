//! Tests for `pdnkit::fen`: every accepted form, every warning code, every error (with offsets),
//! the FENs of the real corpus, and property tests.

use crate::support::corpus;
use pdnkit::fen::{Fen, FenError, FenPiece, FenSetup, codes, parse};
use pdnkit::finding::Code;
use pdnkit::notation::{Color, Square};
use pdnkit::variant::SquareNotation;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::path::Path;

fn ok(text: &str) -> Fen {
    parse(text).unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

fn error(text: &str) -> FenError {
    match parse(text) {
        Ok(fen) => panic!("{text:?} should fail, got {:?}", fen.setup),
        Err(e) => e,
    }
}

/// The (code, offset) pairs of the warnings.
fn warnings(fen: &Fen) -> Vec<(Code, usize)> {
    fen.warnings.iter().map(|w| (w.code, w.offset)).collect()
}

fn man(n: u8) -> FenPiece {
    FenPiece::man(Square::Num(n))
}

fn king(n: u8) -> FenPiece {
    FenPiece::king(Square::Num(n))
}

fn alg(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn men(range: std::ops::RangeInclusive<u8>) -> Vec<FenPiece> {
    range.map(man).collect()
}

// ---------------------------------------------------------------- accepted forms

#[test]
fn start_position_with_ranges() {
    let fen = ok("W:W31-50:B1-20");
    assert_eq!(warnings(&fen), []);
    assert_eq!(
        fen.setup,
        FenSetup {
            to_move: Some(Color::White),
            white: men(31..=50),
            black: men(1..=20),
            extra: vec![],
        }
    );
}

#[test]
fn side_to_move_black_and_unknown() {
    assert_eq!(ok("B:W1:B2").setup.to_move, Some(Color::Black));
    let unknown = ok("?:W29,13,11:B22,4,2");
    assert_eq!(unknown.setup.to_move, None);
    assert_eq!(warnings(&unknown), []);
    assert_eq!(unknown.setup.to_string(), "?:W11,13,29:B2,4,22");
}

#[test]
fn squares_keep_the_written_order() {
    let fen = ok("W:W29,13,11:B22,4,2");
    assert_eq!(fen.setup.white, vec![man(29), man(13), man(11)]);
    assert_eq!(fen.setup.black, vec![man(22), man(4), man(2)]);
}

#[test]
fn colour_fields_in_either_order() {
    let fen = ok("B:B1,2:W3");
    assert_eq!(warnings(&fen), []);
    assert_eq!(fen.setup.white, vec![man(3)]);
    assert_eq!(fen.setup.black, vec![man(1), man(2)]);
    assert_eq!(fen.setup.to_string(), "B:W3:B1,2");
}

#[test]
fn kings_and_king_ranges() {
    let fen = ok("W:WK15,3:BK1-3,7");
    assert_eq!(fen.setup.white, vec![king(15), man(3)]);
    assert_eq!(fen.setup.black, vec![king(1), king(2), king(3), man(7)]);
    assert_eq!(fen.setup.to_string(), "W:W3,K15:BK1-3,7");
}

#[test]
fn single_square_range() {
    let fen = ok("W:W5-5:B9");
    assert_eq!(warnings(&fen), []);
    assert_eq!(fen.setup.white, vec![man(5)]);
}

#[test]
fn algebraic_squares() {
    let fen = ok("W:Wa1,c1,Kh8:Bb8");
    assert_eq!(warnings(&fen), []);
    assert_eq!(
        fen.setup.white,
        vec![
            FenPiece::man(Square::Alg { file: 0, rank: 0 }),
            FenPiece::man(Square::Alg { file: 2, rank: 0 }),
            FenPiece::king(Square::Alg { file: 7, rank: 7 }),
        ]
    );
    assert_eq!(fen.setup.notation(), Some(SquareNotation::Algebraic));
    // Wider boards use further letters and two-digit ranks.
    let wide = ok("B:Wj10,l12:Ba1");
    assert_eq!(
        wide.setup.white,
        vec![FenPiece::man(alg("j10")), FenPiece::man(alg("l12"))]
    );
}

#[test]
fn empty_side_is_legal_without_warning() {
    let fen = ok("W:W31:B");
    assert_eq!(warnings(&fen), []);
    assert!(fen.setup.black.is_empty());
    assert_eq!(fen.setup.to_string(), "W:W31:B");
    let both = ok("B:W:B");
    assert!(both.setup.white.is_empty() && both.setup.black.is_empty());
    assert_eq!(both.setup.notation(), None);
    assert_eq!(ok("W:W1:B").setup.notation(), Some(SquareNotation::Numeric));
}

// ---------------------------------------------------------------- printing

#[test]
fn printing_sorts_and_compresses_runs_of_three_or_more() {
    let fen = ok("B:W9,7,K4-6,2,1,50,49,48,47:BK10,K11");
    assert_eq!(fen.setup.to_string(), "B:W1,2,K4-6,7,9,47-50:BK10,K11");
    assert_eq!(fen.setup.to_fen_string(), fen.setup.to_string());
    // A run is broken by a change of kind.
    assert_eq!(ok("W:W1,2,K3,4,5:B9").setup.to_string(), "W:W1,2,K3,4,5:B9");
    // Two in a row stay a list.
    assert_eq!(ok("W:W1-2:B3").setup.to_string(), "W:W1,2:B3");
    // The top of the number range does not overflow.
    assert_eq!(ok("W:W255,254,253:B1").setup.to_string(), "W:W253-255:B1");
}

#[test]
fn printing_algebraic_by_rank_then_file() {
    let fen = ok("W:Wc3,b2,Ka1,e1:Bh8,g7");
    assert_eq!(fen.setup.to_string(), "W:WKa1,e1,b2,c3:Bg7,h8");
}

#[test]
fn printing_unknown_side_and_extras() {
    let fen = ok("?:W31-50:B1-20:H0:F1");
    assert_eq!(fen.setup.to_string(), "?:W31-50:B1-20:H0:F1");
}

#[test]
fn printing_keeps_duplicates() {
    let fen = ok("W:W1,1,2,3:B9");
    assert_eq!(fen.setup.to_string(), "W:W1,1-3:B9");
    assert_eq!(ok(&fen.setup.to_string()).setup.white.len(), 4);
}

#[test]
fn sorted_orders_like_the_printer() {
    let fen = ok("W:W3,K1,2:B2,1");
    let sorted = fen.setup.sorted();
    assert_eq!(sorted.white, vec![king(1), man(2), man(3)]);
    assert_eq!(sorted.black, vec![man(1), man(2)]);
}

// ---------------------------------------------------------------- warnings

#[test]
fn warning_trailing_dot() {
    let fen = ok("W:W7,26,28:B8,14,17.");
    assert_eq!(warnings(&fen), [(codes::TRAILING_DOT, 19)]);
    assert_eq!(fen.setup.black, vec![man(8), man(14), man(17)]);
}

#[test]
fn warning_extra_fields_are_kept() {
    let fen = ok("W:W31-50:B1-20:H0:F1");
    assert_eq!(
        warnings(&fen),
        [(codes::EXTRA_FIELD, 15), (codes::EXTRA_FIELD, 18)]
    );
    assert_eq!(
        fen.setup.extra,
        vec![
            ("H".to_string(), "0".to_string()),
            ("F".to_string(), "1".to_string())
        ]
    );
    assert_eq!(fen.setup.white.len(), 20);
    // Before the colours too; printed after them.
    let early = ok("B:H12:W1:B2");
    assert_eq!(warnings(&early), [(codes::EXTRA_FIELD, 2)]);
    assert_eq!(early.setup.to_string(), "B:W1:B2:H12");
}

#[test]
fn warning_empty_fields() {
    // bridges.pdn: an empty board.
    let fen = ok("W::.");
    assert_eq!(
        warnings(&fen),
        [
            (codes::EMPTY_FIELD, 2),
            (codes::TRAILING_DOT, 3),
            (codes::EMPTY_FIELD, 3)
        ]
    );
    assert!(fen.setup.white.is_empty() && fen.setup.black.is_empty());
    assert_eq!(fen.setup.to_string(), "W:W:B");
    // An empty field stands for the colour that is missing.
    let white_empty = ok("W::B3");
    assert_eq!(warnings(&white_empty), [(codes::EMPTY_FIELD, 2)]);
    assert_eq!(white_empty.setup.black, vec![man(3)]);
    let black_empty = ok("W:W3:");
    assert_eq!(warnings(&black_empty), [(codes::EMPTY_FIELD, 5)]);
    assert_eq!(black_empty.setup.white, vec![man(3)]);
    // With both colours present it is ignored.
    let extra_colon = ok("W:W1::B2");
    assert_eq!(warnings(&extra_colon), [(codes::EMPTY_FIELD, 5)]);
    assert_eq!(extra_colon.setup.black, vec![man(2)]);
    assert!(extra_colon.warnings[0].message.contains("ignored"));
}

#[test]
fn warning_zero_padded_squares() {
    let fen = ok("W:W06,7:B1");
    assert_eq!(warnings(&fen), [(codes::ZERO_PADDED_SQUARE, 3)]);
    assert_eq!(fen.setup.white, vec![man(6), man(7)]);
    let range = ok("W:W01-03:B9");
    assert_eq!(
        warnings(&range),
        [
            (codes::ZERO_PADDED_SQUARE, 3),
            (codes::ZERO_PADDED_SQUARE, 6)
        ]
    );
    assert_eq!(range.setup.white, men(1..=3));
    let king = ok("W:WK09:B1");
    assert_eq!(warnings(&king), [(codes::ZERO_PADDED_SQUARE, 4)]);
}

#[test]
fn warning_lowercase_letters() {
    let fen = ok("w:w1:b2");
    assert_eq!(
        warnings(&fen),
        [
            (codes::LOWERCASE, 0),
            (codes::LOWERCASE, 2),
            (codes::LOWERCASE, 5)
        ]
    );
    assert_eq!(fen.setup.to_string(), "W:W1:B2");
    assert_eq!(ok("b:W1:B2").setup.to_move, Some(Color::Black));
}

#[test]
fn warning_quoted() {
    let fen = ok("\"W:W1:B2\"");
    assert_eq!(warnings(&fen), [(codes::QUOTED, 0)]);
    assert_eq!(fen.setup.white, vec![man(1)]);
    // The trailing dot inside the quotes.
    let dotted = ok("\"B:W1:B2.\"");
    assert_eq!(
        warnings(&dotted),
        [(codes::QUOTED, 0), (codes::TRAILING_DOT, 8)]
    );
}

#[test]
fn warning_whitespace_once_at_first_occurrence() {
    let fen = ok("W: W31 - 33 ,34 :B1 ");
    assert_eq!(warnings(&fen), [(codes::WHITESPACE, 2)]);
    assert_eq!(fen.setup.white, men(31..=34));
    let outer = ok("  W:W1:B2\n");
    assert_eq!(warnings(&outer), [(codes::WHITESPACE, 0)]);
    let before_colon = ok("W :W1:B2");
    assert_eq!(warnings(&before_colon), [(codes::WHITESPACE, 1)]);
    let before_dot = ok("W:W1:B2 .");
    assert_eq!(
        warnings(&before_dot),
        [(codes::WHITESPACE, 7), (codes::TRAILING_DOT, 8)]
    );
}

#[test]
fn warning_duplicate_squares() {
    let fen = ok("W:W1,1:B1");
    assert_eq!(
        warnings(&fen),
        [(codes::DUPLICATE_SQUARE, 5), (codes::DUPLICATE_SQUARE, 8)]
    );
    assert_eq!(fen.setup.white, vec![man(1), man(1)]);
    assert_eq!(fen.setup.black, vec![man(1)]);
    // A man and a king on one square; a range overlapping the other colour.
    let fen = ok("W:W1-3,K2:B3");
    assert_eq!(
        warnings(&fen),
        [(codes::DUPLICATE_SQUARE, 7), (codes::DUPLICATE_SQUARE, 11)]
    );
    assert!(fen.warnings[1].message.contains('3'));
}

#[test]
fn every_warning_code_is_produced_by_some_input() {
    let samples = [
        "W:W1:B2.",
        "W:W1:B2:H0",
        "W::B2",
        "W:W01:B2",
        "w:W1:B2",
        "\"W:W1:B2\"",
        " W:W1:B2",
        "W:W1:B1",
    ];
    let produced: BTreeSet<Code> = samples
        .iter()
        .flat_map(|s| ok(s).warnings.into_iter().map(|w| w.code))
        .collect();
    let all: BTreeSet<Code> = codes::ALL.iter().copied().collect();
    assert_eq!(produced, all);
}

// ---------------------------------------------------------------- errors

/// Asserts the error offset and a fragment of its message.
#[track_caller]
fn assert_error(text: &str, offset: usize, fragment: &str) {
    let e = error(text);
    assert_eq!(e.offset, offset, "{text:?}: {e}");
    assert!(e.message.contains(fragment), "{text:?}: {e}");
}

#[test]
fn error_empty_input() {
    assert_error("", 0, "empty");
    assert_error("   \t", 0, "empty");
    assert_error("\"\"", 1, "expected side to move");
    assert_error(".", 0, "expected side to move");
}

#[test]
fn error_unknown_side_letter() {
    assert_error("X:W1:B2", 0, "expected side to move");
    assert_error(":W1:B2", 0, "expected side to move");
    assert_error("É:W1:B2", 0, "expected side to move");
}

#[test]
fn error_nothing_or_junk_after_side() {
    assert_error("W", 1, "expected `:`");
    assert_error("W.", 1, "expected `:`");
    assert_error("W;W1:B2", 1, "expected `:`");
    assert_error("WW1:B2", 1, "expected `:`");
}

#[test]
fn error_missing_colour_field() {
    assert_error("W:W1", 4, "black field");
    assert_error("W:B1", 4, "white field");
    assert_error("W:W1:B2:W3", 8, "second white field");
    assert_error("W:B1:W2:B3", 8, "second black field");
}

#[test]
fn error_unknown_field() {
    assert_error("W:W1:B2:x", 8, "colour field");
    assert_error("W:W1:B2:K5", 8, "colour field");
    assert_error("W:W1:B2:3", 8, "colour field");
    assert_error("W:W1:B2:H0 1", 10, "extra field");
}

#[test]
fn error_unparsable_square() {
    assert_error("W:W1,x:B2", 5, "expected a square, found `x`");
    assert_error("W:W0:B1", 3, "found `0`");
    assert_error("W:W256:B1", 3, "found `256`");
    assert_error("W:WA1:B1", 3, "found `A1`");
    assert_error("W:WK 1:B2", 4, "expected a square");
    assert_error("W:WK:B2", 4, "expected a square");
    assert_error("W:W1,,2:B3", 5, "expected a square");
    assert_error("W:W1,:B3", 5, "expected a square");
    assert_error("W:W1:B2..", 6, "found `2.`");
    assert_error("W:W1:B2é", 6, "found `2é`");
    assert_error("W:W3 1:B2", 3, "found `3 1`");
}

#[test]
fn error_ranges() {
    assert_error("W:W50-31:B1", 3, "reversed range `50-31`");
    assert_error("W:WK5-1:B9", 4, "reversed range `5-1`");
    assert_error("W:Wa1-c3:B", 3, "range needs numeric squares");
    assert_error("W:W1-c3:B", 5, "range needs numeric squares");
    assert_error("W:W1-:B2", 5, "after `-`");
    assert_error("W:W-5:B2", 3, "expected a square");
    assert_error("W:W1-K5:B2", 5, "found `K5`");
    assert_error("W:W1-2-3:B2", 5, "found `2-3`");
}

#[test]
fn error_mixed_notation() {
    assert_error("W:W1:Ba1", 6, "mixed numeric and algebraic");
    assert_error("W:Wa1,1:B", 6, "mixed numeric and algebraic");
    assert_error("W:WKa1:BK3", 8, "mixed numeric and algebraic");
}

#[test]
fn error_quotes_and_garbage() {
    assert_error("\"W:W1:B2", 8, "closing `\"`");
    assert_error("\"", 1, "closing `\"`");
    assert_error("W:W1:B2\"", 6, "found `2\\\"`");
    assert_error("\u{0}\u{1}\u{ff}", 0, "expected side to move");
    assert_error("W:W1:B\u{0}", 6, "found `\\0`");
}

#[test]
fn error_display_and_messages() {
    let e = error("X");
    assert_eq!(
        e.to_string(),
        "expected side to move `W`, `B` or `?` (at byte 0)"
    );
    let boxed: Box<dyn std::error::Error> = Box::new(e);
    assert!(boxed.to_string().starts_with("expected"));
    // Long garbage is shortened in the message.
    let e = error(&format!("W:W{}:B1", "x".repeat(100)));
    assert!(e.message.len() < 60, "{}", e.message);
}

#[test]
fn serializes_to_json() {
    let fen = ok("W:W1:B2.");
    let json = serde_json::to_value(&fen).unwrap();
    assert_eq!(json["warnings"][0]["code"], "N-FEN-TRAILING-DOT");
    assert_eq!(json["setup"]["to_move"], "white");
    let back: Fen = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, fen);
    let mut unknown = json;
    unknown["warnings"][0]["code"] = "W-NOT-A-CODE".into();
    assert!(serde_json::from_value::<Fen>(unknown).is_err());
    let e: FenError = serde_json::from_str(&serde_json::to_string(&error("X")).unwrap()).unwrap();
    assert_eq!(e.offset, 0);
}

// ---------------------------------------------------------------- the real corpus

/// The values of every `[FEN "..."]` tag in the corpus files (lossy UTF-8), with their file.
fn corpus_fens(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pdn"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("[FEN \"") {
            rest = &rest[i + 6..];
            let end = rest.find("\"]").expect("FEN tag closes");
            out.push((name.clone(), rest[..end].to_string()));
            rest = &rest[end..];
        }
    }
    out
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn corpus_fens_all_parse_and_round_trip() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pdn-standard/succeed");
    if !dir.is_dir() {
        corpus::skip(format_args!("corpus folder {} is absent", dir.display()));
        return;
    }
    let fens = corpus_fens(&dir);
    assert!(fens.len() > 100, "only {} FENs found", fens.len());
    let mut dots = 0;
    for (file, text) in &fens {
        let fen = parse(text).unwrap_or_else(|e| panic!("{file}: {text:?}: {e}"));
        for w in &fen.warnings {
            assert!(
                [codes::TRAILING_DOT, codes::EMPTY_FIELD].contains(&w.code),
                "{file}: {text:?}: unexpected {w}"
            );
        }
        let dot = text.ends_with('.');
        dots += usize::from(dot);
        assert_eq!(
            fen.warnings.iter().any(|w| w.code == codes::TRAILING_DOT),
            dot,
            "{file}: {text:?}"
        );
        let printed = fen.setup.to_string();
        let again = parse(&printed).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
        assert!(
            again.warnings.is_empty(),
            "{printed:?}: {:?}",
            again.warnings
        );
        assert_eq!(again.setup, fen.setup.sorted(), "{file}: {text:?}");
    }
    assert!(dots > 0);
    // The odd ones among them read as expected.
    let find = |s: &str| fens.iter().find(|(_, t)| t == s).map(|(_, t)| ok(t).setup);
    let unknown = find("?:W29,13,11:B22,4,2").expect("fen.pdn is in the corpus");
    assert_eq!(unknown.to_move, None);
    if let Some(empty) = find("W::.") {
        assert!(empty.white.is_empty() && empty.black.is_empty());
    }
}

// ---------------------------------------------------------------- properties

/// Each colour's pieces as a sorted multiset.
fn multiset(pieces: &[FenPiece]) -> Vec<(Square, bool)> {
    let mut v: Vec<_> = pieces.iter().map(|p| (p.square, p.king)).collect();
    v.sort();
    v
}

fn piece_strategy(algebraic: bool) -> BoxedStrategy<FenPiece> {
    let square = if algebraic {
        (0u8..26, 0u8..26)
            .prop_map(|(file, rank)| Square::Alg { file, rank })
            .boxed()
    } else {
        // Mostly small numbers so that runs and duplicates happen.
        prop_oneof![3 => 1u8..=60, 1 => 1u8..=255]
            .prop_map(Square::Num)
            .boxed()
    };
    (square, any::<bool>())
        .prop_map(|(square, king)| FenPiece { square, king })
        .boxed()
}

fn setup_strategy() -> impl Strategy<Value = FenSetup> {
    let side = prop_oneof![
        Just(None),
        Just(Some(Color::White)),
        Just(Some(Color::Black))
    ];
    let extra = prop::collection::vec(("[ACDEFGHIJLMNOPQRSTUVXYZ]", "[0-9A-Za-z+-]{0,4}"), 0..3);
    any::<bool>().prop_flat_map(move |algebraic| {
        (
            side.clone(),
            prop::collection::vec(piece_strategy(algebraic), 0..25),
            prop::collection::vec(piece_strategy(algebraic), 0..25),
            extra.clone(),
        )
            .prop_map(|(to_move, white, black, extra)| FenSetup {
                to_move,
                white,
                black,
                extra,
            })
    })
}

/// Strings over the FEN alphabet, so that deep paths get exercised.
fn fenish() -> impl Strategy<Value = String> {
    "[WBwbK?:,0-9a-lH. \"\\-]{0,40}"
}

/// A canonical FEN with a few bytes inserted, deleted or replaced (mostly still readable, with
/// dialect oddities), so that the properties also see many accepted inputs.
fn mutated_fen() -> impl Strategy<Value = String> {
    let edit = (
        any::<prop::sample::Index>(),
        0u8..3,
        prop::sample::select(" .:,-\"Kwb0H\ta".chars().collect::<Vec<_>>()),
    );
    (setup_strategy(), prop::collection::vec(edit, 1..4)).prop_map(|(setup, edits)| {
        let mut chars: Vec<char> = setup.to_string().chars().collect();
        for (at, kind, c) in edits {
            let i = at.index(chars.len() + 1);
            match kind {
                0 => chars.insert(i, c),
                1 if i < chars.len() => {
                    chars.remove(i);
                }
                _ if i < chars.len() => chars[i] = c,
                _ => chars.push(c),
            }
        }
        chars.into_iter().collect()
    })
}

fn check_invariants(text: &str) {
    match parse(text) {
        Ok(fen) => {
            for w in &fen.warnings {
                assert!(w.offset <= text.len(), "{text:?}: {w}");
                assert!(codes::ALL.contains(&w.code), "{text:?}: {w}");
            }
            assert!(fen.warnings.windows(2).all(|p| p[0].offset <= p[1].offset));
            // The canonical form reads back warning-free (except duplicates and extra fields,
            // which stay) and prints identically.
            let printed = fen.setup.to_string();
            let again = parse(&printed).unwrap_or_else(|e| panic!("{text:?} -> {printed:?}: {e}"));
            assert!(
                again
                    .warnings
                    .iter()
                    .all(|w| [codes::DUPLICATE_SQUARE, codes::EXTRA_FIELD].contains(&w.code)),
                "{printed:?}: {:?}",
                again.warnings
            );
            assert_eq!(again.setup, fen.setup.sorted(), "{text:?} -> {printed:?}");
            assert_eq!(again.setup.to_string(), printed);
        }
        Err(e) => {
            assert!(e.offset <= text.len(), "{text:?}: {e}");
            assert!(
                e.message.starts_with(|c: char| c.is_ascii_lowercase()),
                "{text:?}: {e}"
            );
        }
    }
}

/// 2000 cases, or `PROPTEST_CASES` when set (for longer runs).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_invariants(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        check_invariants(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn fen_like_strings_never_panic(text in fenish()) {
        check_invariants(&text);
    }

    #[test]
    fn mutated_fens_never_panic_and_print_canonically(text in mutated_fen()) {
        check_invariants(&text);
    }

    #[test]
    fn print_then_parse_gives_the_same_pieces(setup in setup_strategy()) {
        let printed = setup.to_string();
        let fen = parse(&printed).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
        prop_assert_eq!(fen.setup.to_move, setup.to_move);
        prop_assert_eq!(multiset(&fen.setup.white), multiset(&setup.white));
        prop_assert_eq!(multiset(&fen.setup.black), multiset(&setup.black));
        prop_assert_eq!(&fen.setup.extra, &setup.extra);
        prop_assert_eq!(fen.setup.to_string(), printed.clone());
        // Only dialect-free text comes out of the printer.
        for w in &fen.warnings {
            prop_assert!(
                w.code == codes::DUPLICATE_SQUARE || w.code == codes::EXTRA_FIELD,
                "{:?}: {}", printed, w
            );
        }
    }
}
