//! The reader is the grammar of `grammar/pdn.md`, written as nom productions
//! (`src/reader/grammar`); its fast paths (plain tags, plain moves, runs of plain tokens) are
//! optimisations of productions. Here they are held to them: each chunk read with the fast paths
//! and with the productions alone gives the same games, on random token soups, on every fixture
//! and corpus game as is and mutated. And every production the document names has its function.

use crate::support::cases;
use crate::support::outline::{Outline, outline_of_game};
use pdnkit::reader::Encoding;
use pdnkit::reader::model::Game;
use pdnkit::reader::parse::{Chunk, parse_chunk, parse_chunk_by_productions};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::support::corpus;

/// The games of `text` read as one chunk, with the fast paths or without.
fn read(text: &str, fast_paths: bool) -> Vec<Game> {
    let chunk = Chunk {
        bytes: text.as_bytes(),
        base: 0,
        first_line: 1,
        first_column: 0,
        newline: b'\n',
        encoding: Encoding::Utf8,
        at_end_of_input: true,
        around: None,
    };
    let games = if fast_paths {
        parse_chunk(&chunk)
    } else {
        parse_chunk_by_productions(&chunk)
    };
    games.into_iter().map(|g| *g.game).collect()
}

fn outlines(games: &[Game]) -> Vec<Outline> {
    games.iter().map(outline_of_game).collect()
}

/// The first game where the two readings differ, for a readable failure: outlines first, then
/// the whole games (diagnostics included).
fn compare(text: &str) -> Result<(), TestCaseError> {
    let (fast, productions) = (read(text, true), read(text, false));
    for (i, (f, g)) in outlines(&fast)
        .iter()
        .zip(&outlines(&productions))
        .enumerate()
    {
        if f != g {
            prop_assert_eq!(difference(f, g), None, "game {} of {:?}", i, text);
        }
    }
    prop_assert_eq!(fast.len(), productions.len(), "game count of {:?}", text);
    prop_assert_eq!(fast, productions, "{:?}", text);
    Ok(())
}

/// Where two outlines first differ, for a short report.
fn difference(fast: &Outline, productions: &Outline) -> Option<String> {
    if (fast.offset, fast.len) != (productions.offset, productions.len) {
        return Some(format!(
            "game span: fast paths {:?} productions {:?}",
            (fast.offset, fast.len),
            (productions.offset, productions.len)
        ));
    }
    for (part, f, g) in [
        ("header", &fast.header, &productions.header),
        ("body", &fast.body, &productions.body),
    ] {
        if let Some(i) = (0..f.len().max(g.len())).find(|&i| f.get(i) != g.get(i)) {
            return Some(format!(
                "{part} item {i}: fast paths {:?} productions {:?}",
                &f[i.saturating_sub(1)..(i + 2).min(f.len())],
                &g[i.saturating_sub(1)..(i + 2).min(g.len())]
            ));
        }
    }
    (fast.terminator != productions.terminator).then(|| {
        format!(
            "terminator: fast paths {:?} productions {:?}",
            fast.terminator, productions.terminator
        )
    })
}

/// Tokens of move text and of headers, plain and in every dialect the reader reads.
const TOKENS: &[&str] = &[
    "26x17x10x1",
    "1-5-9",
    "26x17-10",
    "26x17x",
    "9x18x27!",
    "c3-d4",
    "a1xc3",
    "e3:g5",
    "h2-g1!",
    "a10-b9",
    "x3-d4",
    "c0-d1",
    "C3-D4",
    "c3xd4xe5",
    "c3d4",
    "a3b4xc5",
    "c3-d4x",
    "c3X d4",
    "c3-",
    "12.",
    "1.",
    "9999.",
    "3...",
    "7..",
    "12....",
    "32-28",
    "28x19",
    "9-14",
    "1-15",
    "1-0",
    "1-1",
    "2-0",
    "0-1",
    "0-2",
    "0-0",
    "1/2-1/2",
    "1/2",
    "*",
    "*5",
    "32-28!",
    "9x18?!",
    "05-09",
    "46-100",
    "0-5",
    "32x28(!)",
    "(?)",
    "(!?)",
    "(1-5)",
    "a3-b4",
    "{note}",
    "{a {nested} b}",
    "{open",
    "}",
    "(",
    ")",
    "$3",
    "$",
    "$99999",
    "--",
    "- -",
    "-",
    "...",
    ".",
    "..",
    "%c",
    ";semi",
    "10x",
    "x",
    "35x 4",
    "1- 7",
    "32-28x19",
    "32-28*",
    "4-6",
    "4-6!",
    "/FEN \"W:W31:B1\"/",
    "2-1",
    "2-1!",
    "4-6 {c}",
    "/ FEN \"B:W5:B9\" /",
    "/FEN x/",
    "\\r",
    "\\n",
    "\\x",
    "é",
    "Zz",
    "foo",
    "!",
    "?",
    "*!",
    "[Event \"x\"]",
    "[Result \"4-6\"]",
    "[Result \"1-0\"]",
    "Event \"b\"]",
    "[Type de jeu \"21\"]",
    "[R&#x00e9;sultat \"0-2\"]",
    "[White-Elo \"2000\"]",
    "[Event x]",
    "[Empty]",
    "[Event \"a \"b\" c\"]",
    "[Event \"a\\\"b\"]",
    "[ Site \"s\"]",
    "[Event \"open",
    "[event \"x\"]",
    "[Белые \"Ив\"]",
    "[%clk 1:00]",
    "]",
    "0-2.",
    "2-07",
    // One square alone: a Hawaiian removal (`d5`), and what only looks like one.
    "d5",
    "e4!",
    "h1{c}",
    "a10",
    "d0",
    "d5x",
    "d5.",
    "32",
];

/// Gaps between tokens: none, spaces, line ends, blank lines, literal `\r`/`\n` noise.
const GAPS: &[&str] = &[
    " ", " ", " ", "  ", "\n", "\n", "\n\n", " \n ", "\t", "\r\n", "\r\n\r\n", "", "", "\\r\n",
    "\\n ", "\r",
];

fn soup(picks: &[(usize, usize)]) -> String {
    let mut text = String::new();
    for &(token, gap) in picks {
        text.push_str(TOKENS[token % TOKENS.len()]);
        text.push_str(GAPS[gap % GAPS.len()]);
    }
    text
}

/// Every `.pdn` file under `dir`, sorted.
fn pdn_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "pdn"))
        .map(|e| e.into_path())
        .collect();
    files.sort();
    files
}

/// A file's text as one UTF-8 chunk (a byte order mark dropped); `None` for other encodings,
/// which are decided before a chunk is parsed.
fn read_text(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    Some(text.strip_prefix('\u{feff}').unwrap_or(&text).to_string())
}

fn fixture_files() -> Vec<PathBuf> {
    pdn_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"))
}

/// The corpus files, or why there are none.
fn corpus_files() -> Result<Vec<PathBuf>, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let mut files = Vec::new();
    for sub in ["english", "pdn-standard/succeed", "pdn-standard/fail"] {
        let dir = root.join(sub);
        if !dir.is_dir() {
            return Err(format!("{} not found", dir.display()));
        }
        files.extend(pdn_files(&dir));
    }
    Ok(files)
}

/// The games of these files, each its own text (cut where the reader cuts).
fn games_of(files: &[PathBuf]) -> Vec<String> {
    let mut games = Vec::new();
    for file in files {
        let Some(text) = read_text(file) else {
            continue;
        };
        for game in read(&text, true) {
            let (offset, len) = (game.span.offset as usize, game.span.len as usize);
            games.push(text[offset..offset + len].to_string());
        }
    }
    games
}

fn fixture_games() -> &'static [String] {
    static GAMES: OnceLock<Vec<String>> = OnceLock::new();
    GAMES.get_or_init(|| games_of(&fixture_files()))
}

fn corpus_games() -> Result<&'static [String], String> {
    static GAMES: OnceLock<Result<Vec<String>, String>> = OnceLock::new();
    GAMES
        .get_or_init(|| {
            let games = corpus_files().map(|files| games_of(&files));
            if let Err(why) = &games {
                corpus::skip(format_args!("corpus games: {why}"));
            }
            games
        })
        .as_deref()
        .map_err(Clone::clone)
}

/// A change to a game's text.
#[derive(Debug, Clone)]
enum Mutation {
    DeleteChar(usize),
    InsertChar(usize, char),
    ReplaceChar(usize, char),
    DeleteToken(usize),
    InsertToken(usize, usize),
    ReplaceToken(usize, usize),
    /// Removes the whitespace after a token: two tokens glued.
    Glue(usize),
    DropTerminator,
}

const CHARS: &[char] = &[
    ' ', '\n', '\r', '{', '}', '(', ')', '[', ']', '"', '\\', '*', '!', '?', '-', 'x', ':', '.',
    '/', '$', ';', '%', '0', '1', '5', 'a', 'E', 'é',
];

fn mutation() -> impl Strategy<Value = Mutation> {
    let any = 0..100_000usize;
    prop_oneof![
        any.clone().prop_map(Mutation::DeleteChar),
        (any.clone(), 0..CHARS.len()).prop_map(|(a, c)| Mutation::InsertChar(a, CHARS[c])),
        (any.clone(), 0..CHARS.len()).prop_map(|(a, c)| Mutation::ReplaceChar(a, CHARS[c])),
        any.clone().prop_map(Mutation::DeleteToken),
        (any.clone(), 0..TOKENS.len()).prop_map(|(a, t)| Mutation::InsertToken(a, t)),
        (any.clone(), 0..TOKENS.len()).prop_map(|(a, t)| Mutation::ReplaceToken(a, t)),
        any.clone().prop_map(Mutation::Glue),
        Just(Mutation::DropTerminator),
    ]
}

/// The byte ranges of the whitespace-separated tokens of `text`.
fn token_ranges(text: &str) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                ranges.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        ranges.push((s, text.len()));
    }
    ranges
}

fn mutate(text: &mut String, m: &Mutation) {
    let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    let tokens = token_ranges(text);
    let char_at = |a: usize| boundaries.get(a % boundaries.len().max(1)).copied();
    let token_at = |a: usize| tokens.get(a % tokens.len().max(1)).copied();
    match *m {
        Mutation::DeleteChar(a) => {
            if let Some(at) = char_at(a) {
                text.remove(at);
            }
        }
        Mutation::InsertChar(a, c) => text.insert(char_at(a).unwrap_or(0), c),
        Mutation::ReplaceChar(a, c) => {
            if let Some(at) = char_at(a) {
                text.remove(at);
                text.insert(at, c);
            }
        }
        Mutation::DeleteToken(a) => {
            if let Some((s, e)) = token_at(a) {
                text.replace_range(s..e, "");
            }
        }
        Mutation::InsertToken(a, t) => {
            let at = token_at(a).map_or(0, |r| r.0);
            text.insert_str(at, &format!("{} ", TOKENS[t]));
        }
        Mutation::ReplaceToken(a, t) => {
            if let Some((s, e)) = token_at(a) {
                text.replace_range(s..e, TOKENS[t]);
            }
        }
        Mutation::Glue(a) => {
            if let Some((_, e)) = token_at(a) {
                let spaces = text[e..].len() - text[e..].trim_start().len();
                text.replace_range(e..e + spaces, "");
            }
        }
        Mutation::DropTerminator => {
            if let Some(&(s, e)) = tokens.last()
                && matches!(
                    &text[s..e],
                    "1-0" | "0-1" | "2-0" | "0-2" | "1-1" | "0-0" | "*" | "1/2-1/2"
                )
            {
                text.replace_range(s..e, "");
            }
        }
    }
}

/// A few games (1 to 3) picked from `games`, each mutated, joined by line ends.
fn sample(games: &[String], picks: &[(usize, Vec<Mutation>)]) -> String {
    let mut text = String::new();
    for (pick, mutations) in picks {
        let mut game = games[pick % games.len()].clone();
        for m in mutations {
            mutate(&mut game, m);
        }
        text.push_str(&game);
        text.push('\n');
    }
    text
}

fn picks() -> impl Strategy<Value = Vec<(usize, Vec<Mutation>)>> {
    prop::collection::vec(
        (0..1_000_000usize, prop::collection::vec(mutation(), 0..4)),
        1..4,
    )
}

proptest! {
    #![proptest_config(cases::cases(3000))]

    /// (a) Random sequences of tokens and gaps.
    #[test]
    fn token_soups_read_the_same(
        declared in prop::option::of(prop::sample::select(&["4-6", "2-1", "1-0", " 1-0", "*"][..])),
        head in prop::collection::vec((0..TOKENS.len(), 0..GAPS.len()), 0..4),
        picks in prop::collection::vec((0..TOKENS.len(), 0..GAPS.len()), 1..50),
    ) {
        let mut text = String::from("[Event \"e\"]\n");
        if let Some(result) = declared {
            // A Result tag, PDN or not: a last move token written as it ends the game.
            text.push_str(&format!("[Result \"{result}\"]\n"));
        }
        text.push_str(&soup(&head));
        text.push_str(&soup(&picks));
        compare(&text)?;
        compare(&soup(&picks))?;
    }

    /// (b) Fixture games, as they are and mutated.
    #[test]
    fn mutated_fixture_games_read_the_same(picks in picks()) {
        compare(&sample(fixture_games(), &picks))?;
    }
}

proptest! {
    #![proptest_config(cases::cases(1000))]

    /// Variations nested around the depth bound (64), with token soups inside and after.
    #[test]
    fn deep_variations_read_the_same(
        depth in 60..70usize,
        inside in prop::collection::vec((0..TOKENS.len(), 0..GAPS.len()), 0..12),
        closes in 0..72usize,
        after in prop::collection::vec((0..TOKENS.len(), 0..GAPS.len()), 0..12),
    ) {
        let mut text = String::from("[Event \"e\"]\n1. 32-28 ");
        for level in 0..depth {
            text.push_str(if level % 3 == 0 { "( 9-14 " } else { "(" });
        }
        text.push_str(&soup(&inside));
        text.push_str(&")".repeat(closes));
        text.push(' ');
        text.push_str(&soup(&after));
        compare(&text)?;
    }

    /// (c) Corpus games, as they are and mutated.
    #[test]
    fn mutated_corpus_games_read_the_same(picks in picks()) {
        match corpus_games() {
            Ok(games) if !games.is_empty() => compare(&sample(games, &picks))?,
            // (Said once, when the games are first looked for.)
            Ok(_) | Err(_) => {}
        }
    }
}

/// Every fixture file and every corpus file, whole.
#[test]
fn whole_files_read_the_same() {
    let mut files = fixture_files();
    match corpus_files() {
        Ok(corpus) => files.extend(corpus),
        Err(why) => corpus::skip(format_args!("the corpus: {why}")),
    }
    let mut read_files = 0;
    for file in &files {
        let Some(text) = read_text(file) else {
            continue;
        };
        let (fast, productions) = (read(&text, true), read(&text, false));
        assert_eq!(fast.len(), productions.len(), "{}", file.display());
        for (f, g) in fast.iter().zip(&productions) {
            assert_eq!(outline_of_game(f), outline_of_game(g), "{}", file.display());
            assert_eq!(f, g, "{}", file.display());
        }
        read_files += 1;
    }
    assert!(read_files > 50, "only {read_files} files read");
}

#[test]
fn the_productions_read_the_dialects() {
    let text = "[Event \"x\"]\n1. 32-28 {c} 19-23 2. 28x19 (2. 33-29) 14x23 1-0\n";
    let games = read(text, false);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tags.len(), 1);
    assert_eq!(games, read(text, true));
    assert!(games[0].result.is_some());
}

/// Each production of `grammar/pdn.md` (`name = ...` in its EBNF blocks) is a function of the
/// reader, its name with `_` for `-` (`move` is `r#move`): a nom production in
/// `src/reader/grammar`, or for the productions that depend on what came before (`game`,
/// `header`, `body`, `body-item`, `terminator`, `variation`) the game parser's method in
/// `src/reader/parse`. The document and the code say the same.
#[test]
fn every_production_of_the_document_has_its_function() {
    let document = include_str!("../grammar/pdn.md");
    let code = [
        include_str!("../src/reader/grammar/mod.rs"),
        include_str!("../src/reader/grammar/moves.rs"),
        include_str!("../src/reader/grammar/tags.rs"),
        include_str!("../src/reader/grammar/comments.rs"),
        include_str!("../src/reader/parse/mod.rs"),
        include_str!("../src/reader/parse/tag.rs"),
        include_str!("../src/reader/parse/annotation.rs"),
    ]
    .concat();
    let ebnf: String = document
        .split("```")
        .skip(1)
        .step_by(2)
        .collect::<Vec<_>>()
        .join("\n");
    let productions: Vec<&str> = ebnf
        .lines()
        .filter_map(|line| line.split_once(" = ").or_else(|| line.split_once(" =")))
        .map(|(name, _)| name.trim())
        .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .collect();
    assert!(productions.len() >= 20, "{productions:?}");
    for production in productions {
        let name = production.replace('-', "_");
        let raw = format!("fn r#{name}(");
        let plain = format!("fn {name}(");
        assert!(
            code.contains(&plain) || code.contains(&raw),
            "grammar/pdn.md names `{production}`, and the reader has no `{plain}`"
        );
        // Its doc comment names it.
        assert!(
            code.contains(&format!("Production `{production}`")),
            "no doc comment names the production `{production}`"
        );
    }
}
