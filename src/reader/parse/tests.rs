use super::*;
use proptest::prelude::*;
use std::io::Write;

fn parse(text: &str, plain_runs: bool) -> Vec<Game> {
    parse_bytes(text.as_bytes(), plain_runs)
}

fn parse_bytes(bytes: &[u8], plain_runs: bool) -> Vec<Game> {
    let chunk = Chunk {
        bytes,
        base: 0,
        first_line: 1,
        first_column: 0,
        newline: b'\n',
        encoding: Encoding::Utf8,
        at_end_of_input: true,
        around: None,
    };
    let games = parse_chunk_with(&chunk, plain_runs);
    games.into_iter().map(|g| *g.game).collect()
}

/// Tokens plain and not, near the shapes the plain run reads: results that look like moves,
/// marks glued to moves, numbers with more dots, padded and three-digit squares.
const TOKENS: &[&str] = &[
    "26x17x10x1",
    "26x17x10x1x5",
    "1-5-9",
    "1-1-5",
    "26x17-10",
    "26x17x",
    "9x18x27!",
    "46x37x28x19x10",
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
    "c3-d4x",
    "c3X d4",
    "j1-i2",
    "c3-",
    "12.",
    "1.",
    "9999.",
    "12345.",
    "3...",
    "7..",
    "32-28",
    "28x19",
    "9-14",
    "1-6",
    "1-15",
    "2-7",
    "1-0",
    "1-1",
    "2-0",
    "0-1",
    "0-2",
    "1/2-1/2",
    "*",
    "32-28!",
    "9x18?!",
    "28x19x10",
    "05-09",
    "46-100",
    "32x28(!)",
    "a3-b4",
    "c3:e5",
    "{note}",
    "(",
    ")",
    "$3",
    "--",
    "...",
    "[Event \"x\"]",
    "%c",
    "10x",
    "x",
    "-",
    "Event \"b\"]",
    "[Type de jeu \"21\"]",
    "[Event \"a b\"]",
    "[Event \"caf\u{e9}\"]",
    "[White-Elo \"2000\"]",
    "[Site  \"x\"]",
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
/// Gaps between tokens, literal `\r`/`\n` line-end noise among them.
const GAPS: &[&str] = &[
    " ", "  ", "\n", " \n ", "\t", "\r\n", "", "\\r\n", "\\r", "\\n ",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Reading plain runs (and plain tags) changes nothing in what is read, only how fast.
    #[test]
    fn plain_runs_read_what_the_body_loop_reads(
        picks in prop::collection::vec((0..TOKENS.len(), 0..GAPS.len()), 1..60)
    ) {
        let mut text = String::from("[Event \"e\"]\n");
        for (token, gap) in picks {
            text.push_str(TOKENS[token]);
            text.push_str(GAPS[gap]);
        }
        prop_assert_eq!(parse(&text, true), parse(&text, false), "{:?}", text);
    }
}

/// Unreadable text on both sides of a move number is two items, the number between them
/// (it was one item over the number, which was also kept on its own: overlapping items).
#[test]
fn junk_is_not_merged_across_a_move_number() {
    let text = "[Event \"e\"]\n14. 15-1817-13 15. 10-1526-23 *\n";
    let games = parse(text, true);
    assert_eq!(games, parse(text, false));
    let texts: Vec<&str> = games[0]
        .moves
        .before
        .iter()
        .map(|a| match a {
            Annotation::Unread(u) => u.text.as_str(),
            _ => "?",
        })
        .collect();
    assert_eq!(texts, ["14.", "15-1817-13", "15.", "10-1526-23"]);
}

/// A strength mark between two pieces of junk (the last move's) keeps them apart.
#[test]
fn junk_is_not_merged_across_a_strength_mark() {
    let text = "[Event \"e\"]\n1. 32-28 junk ! more *\n";
    let games = parse(text, true);
    let node = games[0].moves.first().expect("a move");
    assert_eq!(node.strength().map(|s| s.text.as_str()), Some("!"));
    let texts: Vec<&str> = node
        .after()
        .iter()
        .map(|a| match a {
            Annotation::Unread(u) => u.text.as_str(),
            _ => "?",
        })
        .collect();
    assert_eq!(texts, ["junk", "more"]);
}

/// A tag line that lost its `[` keeps its whole name (the short cut for plain tags took the
/// name to start one byte after the line start, `EN` for `FEN`).
#[test]
fn a_bracketless_tag_keeps_its_first_letter() {
    let text = "[Event \"e\"]\n\nFEN \"W:W31:B1\"]\n[Result \"*\"]\n1. 31-27 *\n";
    let games = parse(text, true);
    assert_eq!(games, parse(text, false));
    assert_eq!(games[0].tags[1].name, "FEN");
}

#[test]
fn plain_runs_are_read_in_a_long_game() {
    let text = "[Event \"e\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 33-29 1-0 2-0\n".repeat(3);
    let games = parse(&text, true);
    assert_eq!(games, parse(&text, false));
    assert_eq!(games[0].moves.len(), 5);
    let fifth = games[0].moves.get(4).expect("five moves");
    assert_eq!(fifth.number().map(|n| n.number), Some(3));
    assert_eq!(fifth.canonical(), "33-29");
}

/// The `.pdn` files under `dir`, sorted.
fn pdn_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a readable directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(pdn_files(&path));
        } else if path.extension().is_some_and(|e| e == "pdn") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// On real archives too: every fixture, and every archive of the public corpus when it is beside
/// the checkout in `../shared/corpus` (OCA_2.0's 22,621 games among them), each read whole as one chunk, reads the same
/// with plain runs as without.
#[test]
fn plain_runs_read_real_archives_as_the_body_loop_does() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = pdn_files(&root.join("fixtures"));
    let corpus = root.join("../shared/corpus");
    if corpus.is_dir() {
        files.extend(pdn_files(&corpus));
    } else {
        // (Written to standard error itself: the harness captures `eprintln!` of a passing test.)
        let _ = writeln!(std::io::stderr(), "skipped: {} not found", corpus.display());
    }
    assert!(files.len() > 20, "{files:?}");
    for file in files {
        let bytes = std::fs::read(&file).expect("a readable file");
        let (plain, general) = (parse_bytes(&bytes, true), parse_bytes(&bytes, false));
        assert_eq!(plain.len(), general.len(), "{}", file.display());
        for (index, (plain, general)) in plain.iter().zip(&general).enumerate() {
            assert!(plain == general, "{} game {index}", file.display());
        }
    }
}
