//! The FEN reader (`pdnkit::fen::parse`, the grammar of `grammar/fen.md` as nom combinators) held
//! to the hand-written reader it replaced (`pdnkit::fen::reference::parse`): the same setup,
//! warnings (codes, offsets, messages) and errors on random text, on mutated valid FENs, and on
//! every FEN tag of the fixtures and the corpus. And every production of the document has its
//! function in the reader.
//! `PROPTEST_CASES` raises the case counts.

use crate::support::cases;
use crate::support::corpus;
use pdnkit::fen;
use proptest::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

/// Both readers give exactly the same answer.
fn same(text: &str) -> Result<(), TestCaseError> {
    let grammar = fen::parse(text);
    let by_hand = fen::reference::parse(text);
    prop_assert_eq!(&grammar, &by_hand, "the two readers differ on {:?}", text);
    Ok(())
}

/// The FEN-ish alphabet, `\n` and `\t` included.
const ALPHABET: &[char] = &[
    'W', 'B', 'w', 'b', 'K', 'k', '?', ':', ',', '-', '.', '"', '0', '1', '2', '3', '4', '5', '6',
    '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'x', ' ', '\t',
    '\n', ':', ',', '1', '2', 'H', 'F',
];

/// Mostly the alphabet, sometimes anything (non-ASCII, controls, `\r`, `\f`).
fn fenish_char() -> impl Strategy<Value = char> {
    prop_oneof![
        12 => prop::sample::select(ALPHABET),
        1 => prop::sample::select(&['\r', '\u{c}', '\u{b}', 'é', '€', '\u{0}', 'A', 'Z', '+']),
        1 => any::<char>(),
    ]
}

/// One edit of a FEN's text (as chars, so every position is a boundary).
#[derive(Debug, Clone)]
enum Mutation {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
    /// The n-th `:`-separated field written twice.
    DuplicateField(usize),
    Quote,
    Dot,
    Whitespace(usize, &'static str),
    Lowercase(usize),
    LowercaseAll,
    /// `K` before the n-th square.
    King(usize),
    /// An empty field after the n-th `:` (`W::W1:B2`, `W:W1::B2`, `W:W1:B2:`).
    EmptyField(usize),
    /// The n-th field emptied of its items but not of its colour (`W:W:B2`).
    EmptySide(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let ws = prop::sample::select(&[" ", "  ", "\t", "\n", " \r\n", "\u{c}"][..]);
    prop_oneof![
        (any::<usize>(), fenish_char()).prop_map(|(i, c)| Mutation::Insert(i, c)),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), fenish_char()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        any::<usize>().prop_map(Mutation::DuplicateField),
        Just(Mutation::Quote),
        Just(Mutation::Dot),
        (any::<usize>(), ws).prop_map(|(i, w)| Mutation::Whitespace(i, w)),
        any::<usize>().prop_map(Mutation::Lowercase),
        Just(Mutation::LowercaseAll),
        any::<usize>().prop_map(Mutation::King),
        any::<usize>().prop_map(Mutation::EmptyField),
        any::<usize>().prop_map(Mutation::EmptySide),
    ]
}

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for m in mutations {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
        match *m {
            Mutation::Insert(i, c) => chars.insert(at(i, chars.len() + 1), c),
            Mutation::Delete(i) if !chars.is_empty() => {
                chars.remove(at(i, chars.len()));
            }
            Mutation::Replace(i, c) if !chars.is_empty() => {
                let i = at(i, chars.len());
                chars[i] = c;
            }
            Mutation::DuplicateField(n) => {
                let s: String = chars.iter().collect();
                let mut fields: Vec<&str> = s.split(':').collect();
                let n = at(n, fields.len());
                fields.insert(n, fields[n]);
                chars = fields.join(":").chars().collect();
            }
            Mutation::Quote => {
                chars.insert(0, '"');
                chars.push('"');
            }
            Mutation::Dot => chars.push('.'),
            Mutation::Whitespace(i, ws) => {
                let i = at(i, chars.len() + 1);
                chars.splice(i..i, ws.chars());
            }
            Mutation::Lowercase(i) if !chars.is_empty() => {
                let i = at(i, chars.len());
                chars[i] = chars[i].to_ascii_lowercase();
            }
            Mutation::LowercaseAll => chars.iter_mut().for_each(|c| *c = c.to_ascii_lowercase()),
            Mutation::King(n) => {
                let starts: Vec<usize> = (0..chars.len())
                    .filter(|&i| {
                        chars[i].is_ascii_alphanumeric()
                            && (i == 0 || matches!(chars[i - 1], ',' | ':' | 'W' | 'B'))
                    })
                    .collect();
                if !starts.is_empty() {
                    chars.insert(starts[at(n, starts.len())], 'K');
                }
            }
            Mutation::EmptyField(n) => {
                let colons: Vec<usize> = (0..chars.len()).filter(|&i| chars[i] == ':').collect();
                let i = colons
                    .get(at(n, colons.len()))
                    .map_or(chars.len(), |&i| i + 1);
                chars.insert(i, ':');
            }
            Mutation::EmptySide(n) => {
                let s: String = chars.iter().collect();
                let mut fields: Vec<String> = s.split(':').map(str::to_string).collect();
                let n = at(n, fields.len());
                fields[n] = fields[n].chars().take(1).collect();
                chars = fields.join(":").chars().collect();
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    prop::collection::vec(mutation(), 0..4)
}

// ---------------------------------------------------------------- valid FENs

/// A square as written: numeric on a board of `size` squares, or algebraic on a `size` x `size`
/// board (sometimes zero-padded, as `06`).
fn square_text(numeric: bool, size: u8, n: u8, padded: bool) -> String {
    if numeric {
        let n = n % size + 1;
        if padded && n < 10 {
            format!("0{n}")
        } else {
            n.to_string()
        }
    } else {
        let file = (b'a' + n % size) as char;
        let rank = (n / size) % size + 1;
        format!("{file}{rank}")
    }
}

/// A colour field's items: squares, kings and (numeric) ranges.
fn items(numeric: bool, size: u8) -> impl Strategy<Value = Vec<String>> {
    let item = (any::<u8>(), any::<bool>(), 0u8..10, any::<u8>(), 0u8..4);
    prop::collection::vec(item, 0..12).prop_map(move |items| {
        items
            .into_iter()
            .map(|(n, king, kind, len, pad)| {
                let k = if king && kind < 4 { "K" } else { "" };
                let from = square_text(numeric, size, n, pad == 0);
                if numeric && kind == 0 {
                    let high = (n % size + 1).saturating_add(len % 6).min(size);
                    format!("{k}{from}-{high}")
                } else {
                    format!("{k}{from}")
                }
            })
            .collect()
    })
}

/// A FEN from random piece sets: numeric on 50, 32 or 72 squares, or algebraic on 8, 10 or 12
/// files; sometimes with extra fields or black first.
fn valid_fen() -> impl Strategy<Value = String> {
    let board = prop::sample::select(
        &[
            (true, 50u8),
            (true, 32),
            (true, 72),
            (false, 8),
            (false, 10),
            (false, 12),
        ][..],
    );
    board
        .prop_flat_map(|(numeric, size)| {
            (
                prop::sample::select(&["W", "B", "?"][..]),
                items(numeric, size),
                items(numeric, size),
                any::<bool>(),
                prop::sample::select(&["", ":H0:F1", ":H12", ":Z"][..]),
            )
        })
        .prop_map(|(side, white, black, black_first, extra)| {
            let (w, b) = (
                format!("W{}", white.join(",")),
                format!("B{}", black.join(",")),
            );
            let (first, second) = if black_first { (b, w) } else { (w, b) };
            format!("{side}:{first}:{second}{extra}")
        })
}

// ---------------------------------------------------------------- FEN tags of the files

/// The values of every `[FEN "..."]` tag in the `.pdn` files under `dir` (lossy UTF-8).
fn fen_tags(dir: &Path) -> Vec<String> {
    let mut files: Vec<_> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pdn")))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("[FEN \"") {
            rest = &rest[i + 6..];
            let Some(end) = rest.find("\"]") else { break };
            out.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    out
}

/// The fixtures' FEN tags (read once).
fn fixture_fens() -> &'static [String] {
    static FENS: OnceLock<Vec<String>> = OnceLock::new();
    FENS.get_or_init(|| {
        let fens = fen_tags(&Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"));
        assert!(fens.len() > 20, "only {} FEN tags in fixtures", fens.len());
        fens
    })
}

/// The corpus's FEN tags (read once), or `None` (said once) when the corpus is absent.
fn corpus_fens() -> Option<&'static [String]> {
    static FENS: OnceLock<Option<Vec<String>>> = OnceLock::new();
    let fens = FENS.get_or_init(|| {
        let dir = corpus::corpus("")?;
        let fens = fen_tags(&dir);
        if fens.is_empty() {
            corpus::skip(format_args!("no FEN tags under {}", dir.display()));
            return None;
        }
        Some(fens)
    });
    fens.as_deref()
}

#[test]
fn every_fen_tag_of_the_fixtures_reads_the_same() {
    for text in fixture_fens() {
        same(text).unwrap();
    }
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn every_fen_tag_of_the_corpus_reads_the_same() {
    let Some(fens) = corpus_fens() else { return };
    for text in fens {
        same(text).unwrap();
    }
}

proptest! {
    #![proptest_config(cases::cases(20000))]

    #[test]
    fn random_fenish_text_reads_the_same(
        start in prop::sample::select(&["", "", "W:", "B:W", "?:W1", "W:B", "\"W:", " W :", "b:w"][..]),
        chars in prop::collection::vec(fenish_char(), 0..40),
    ) {
        same(&format!("{start}{}", chars.into_iter().collect::<String>()))?;
    }

    #[test]
    fn random_fen_shaped_text_reads_the_same(
        parts in prop::collection::vec(
            prop::sample::select(&["W", "B", "w", "b", "?", ":", ",", "-", "K", "1", "12", "06",
                "50", "256", "0", "a1", "c3", "k12", "l5", "x", ".", "\"", " ", "\t", "H0", "F1",
                "Z", ""][..]),
            0..20,
        )
    ) {
        same(&parts.concat())?;
    }

    #[test]
    fn valid_fens_read_the_same(text in valid_fen()) {
        same(&text)?;
    }

    #[test]
    fn mutated_valid_fens_read_the_same(text in valid_fen(), edits in mutations()) {
        same(&mutate(&text, &edits))?;
    }

    #[test]
    fn mutated_fixture_fens_read_the_same(pick in any::<prop::sample::Index>(), edits in mutations()) {
        let fens = fixture_fens();
        same(&mutate(&fens[pick.index(fens.len())], &edits))?;
    }
}

proptest! {
    #![proptest_config(cases::cases(10000))]

    #[test]
    fn mutated_corpus_fens_read_the_same(pick in any::<prop::sample::Index>(), edits in mutations()) {
        let Some(fens) = corpus_fens() else { return Ok(()) };
        same(&mutate(&fens[pick.index(fens.len())], &edits))?;
    }
}

/// Each production of `grammar/fen.md` (`name = ...` in its EBNF) is a function of the reader
/// (`src/fen/read.rs`), its name with `_` for `-`: the document and the code say the same.
#[test]
fn every_production_of_the_document_has_its_function() {
    let document = include_str!("../grammar/fen.md");
    let code = include_str!("../src/fen/read.rs");
    let ebnf: String = document
        .split("```ebnf")
        .skip(1)
        .filter_map(|block| block.split("```").next())
        .collect();
    let productions: Vec<&str> = ebnf
        .lines()
        .filter_map(|line| line.split_once(" = ").or_else(|| line.split_once(" =")))
        .map(|(name, _)| name.trim())
        .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .collect();
    assert!(productions.len() >= 10, "{productions:?}");
    for production in productions {
        let function = format!("fn {}(", production.replace('-', "_"));
        assert!(
            code.contains(&function),
            "grammar/fen.md names `{production}`, and src/fen/read.rs has no `{function}`"
        );
    }
}
