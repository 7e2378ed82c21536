//! Edge cases of the PDN reader: tokenising traps, deep nesting, arbitrary bytes, oversized games,
//! byte-at-a-time sources, line ends, code pages, and the real corpus (skipped when absent).
//!
//! Tests marked `#[ignore = "reader bug: ..."]` show a bug in `src/reader/`: they state the correct
//! behaviour and fail today.

use pdnkit::finding::{Code, Level};
use pdnkit::reader::{
    Annotation, Game, Line, MoveKind, ReadOptions, Reader, ResultKind, Span, read_str,
};
use pdnkit::variant::Variant;
use proptest::prelude::*;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::support::fixtures as support_fixtures;

fn lenient(text: &str) -> Vec<Game> {
    read_str(text, ReadOptions::default())
}

fn read_bytes(bytes: &[u8], options: ReadOptions) -> Vec<Game> {
    Reader::new(bytes, options)
        .collect::<std::io::Result<Vec<_>>>()
        .expect("in memory")
}

fn codes(game: &Game) -> Vec<Code> {
    game.diagnostics.iter().map(|d| d.code).collect()
}

fn has(game: &Game, code: Code) -> bool {
    game.diagnostics.iter().any(|d| d.code == code)
}

/// Moves of the main line as written (canonical text).
fn main_moves(game: &Game) -> Vec<String> {
    game.moves.iter().map(|m| m.canonical()).collect()
}

// ------------------------------------------------------------------ tokenising traps

#[test]
fn one_one_is_a_result_one_eighteen_a_move() {
    let games = lenient("1. 32-28 1-18 1-1");
    assert_eq!(games.len(), 1);
    assert_eq!(main_moves(&games[0]), ["32-28", "1-18"]);
    assert_eq!(games[0].result.as_ref().unwrap().kind, ResultKind::OneOne);
}

#[test]
fn two_zero_is_a_result_two_oh_seven_a_move() {
    let games = lenient("1. 32-28 2-07 2-0");
    assert_eq!(games.len(), 1);
    let game = &games[0];
    let second = game.moves.get(1).unwrap();
    assert_eq!(second.squares().len(), 2);
    assert_eq!(second.raw(), Some("2-07"));
    assert_eq!(game.result.as_ref().unwrap().kind, ResultKind::TwoZero);
    assert!(has(game, Code::ZeroPaddedSquare));
    // `2-0` followed directly by a digit is not a result either.
    let games = lenient("1. 2-01 *");
    assert_eq!(main_moves(&games[0]), ["2-1"]);
}

#[test]
fn results_are_not_cut_out_of_longer_tokens() {
    // `1-0x` is not a result followed by junk; `1/2-1/2` is one token.
    let games = lenient("1. 32-28 1/2-1/2");
    assert_eq!(games[0].result.as_ref().unwrap().kind, ResultKind::Half);
    assert_eq!(games[0].moves.len(), 1);
}

#[test]
fn strength_in_parentheses_versus_variation() {
    let games = lenient("1. 32-28 (?) 19-23 (18-23) 2. 28x19 (!?) (2. 33-29) *");
    let game = &games[0];
    assert_eq!(main_moves(game), ["32-28", "19-23", "28x19"]);
    let m = game.moves.to_nodes();
    assert_eq!(m[0].strength.as_ref().unwrap().text, "(?)");
    assert!(m[0].after.is_empty());
    assert!(m[1].strength.is_none());
    assert!(matches!(&m[1].after[..], [Annotation::Variation(v)] if v.line.len() == 1));
    assert_eq!(m[2].strength.as_ref().unwrap().text, "(!?)");
    assert!(matches!(&m[2].after[..], [Annotation::Variation(_)]));
    assert!(
        !game.diagnostics.iter().any(|d| d.level == Level::Error),
        "{:?}",
        codes(game)
    );
}

#[test]
fn star_as_terminator_versus_forced_move_mark() {
    // Glued to a move: the old forced-move mark; standing alone: the terminator.
    let games = lenient("1. 32-28* 19-23 *\n1. 33-29 *");
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(main_moves(first), ["32-28", "19-23"]);
    assert_eq!(first.moves.first().unwrap().strength().unwrap().text, "*");
    assert!(has(first, Code::ForcedMoveMark));
    assert_eq!(first.result.as_ref().unwrap().kind, ResultKind::Unknown);
    assert_eq!(main_moves(&games[1]), ["33-29"]);
    // After a space it ends the game, even right after a move.
    let games = lenient("1. 32-28 * 1. 33-29 *");
    assert_eq!(games.len(), 2);
    assert!(!has(&games[0], Code::ForcedMoveMark));
}

// ------------------------------------------------------------------ deep nesting

#[test]
fn ten_thousand_open_parentheses() {
    let text = format!("[Event \"deep\"]\n1. 32-28 {} 19-23 *", "(".repeat(10_000));
    let games = lenient(&text);
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert!(has(game, Code::NestingTooDeep), "{:?}", codes(game));
    // The text beyond the limit is kept: an unread item whose span reaches the end of the `(`s.
    let first_paren = text.find('(').unwrap() as u64;
    let last_paren = text.rfind('(').unwrap() as u64;
    let mut unread_spans = Vec::new();
    collect_unread(&game.moves, &mut unread_spans);
    assert!(
        unread_spans
            .iter()
            .any(|(s, t)| s.offset > first_paren && s.end() > last_paren && t.starts_with('(')),
        "no unread item covers the deep parentheses: {unread_spans:?}"
    );
    // And the model serialises (walkers recurse over it).
    let json = serde_json::to_string(&games).expect("serialises");
    assert!(json.len() > 100);
}

#[test]
fn ten_thousand_balanced_parentheses() {
    let text = format!(
        "1. 32-28 {}{} 19-23 *\n1. 33-29 *",
        "(33-29 ".repeat(10_000),
        ")".repeat(10_000)
    );
    let games = lenient(&text);
    assert_eq!(games.len(), 2);
    assert!(has(&games[0], Code::NestingTooDeep));
    assert_eq!(main_moves(&games[0]), ["32-28", "19-23"]);
    assert!(!has(&games[0], Code::StrayParenthesis));
}

/// NAGs written one after another are one item of the model, and each keeps its value and
/// span: a move number between them (with no move after it) goes back where it was written,
/// between the NAGs, and a game's JSON lists each NAG and reads back as the same game.
#[test]
fn nags_in_a_row_keep_their_order_spans_and_json() {
    let text = "[GameType \"20\"]\n\n1. 32-28 $1 $22 1. $3  $44 {c} $5 *\n";
    let games = lenient(text);
    let after = games[0]
        .moves
        .iter()
        .next()
        .expect("a move")
        .after()
        .to_vec();
    let items: Vec<String> = after
        .iter()
        .flat_map(|a| match a {
            Annotation::Nags(nags) => nags
                .iter()
                .map(|n| {
                    format!(
                        "${}@{}",
                        n.value,
                        &text[n.span.offset as usize..n.span.end() as usize]
                    )
                })
                .collect(),
            Annotation::Unread(u) => vec![format!("unread {}", u.text)],
            Annotation::Comment(c) => vec![format!("comment {}", c.text)],
            other => vec![format!("{other:?}")],
        })
        .collect();
    assert_eq!(
        items,
        [
            "$1@$1",
            "$22@$22",
            "unread 1.",
            "$3@$3",
            "$44@$44",
            "comment c",
            "$5@$5"
        ]
    );
    // Runs: [$1 $22], the number, [$3 $44], the comment, [$5].
    assert_eq!(after.len(), 5, "{after:?}");
    let json = serde_json::to_value(&games[0]).expect("JSON");
    let nags = json["moves"]["moves"][0]["after"]
        .as_array()
        .expect("a list")
        .iter()
        .filter(|item| item["type"] == "nag")
        .count();
    assert_eq!(nags, 5, "each NAG is an item of the JSON");
    let read = pdnkit::convert::json::read_game(json.to_string().as_bytes(), 1).expect("reads");
    assert_eq!(read.moves, games[0].moves);
}

fn collect_unread(line: &Line, out: &mut Vec<(Span, String)>) {
    let visit = |a: &Annotation, out: &mut Vec<(Span, String)>| match a {
        Annotation::Unread(u) => out.push((u.span, u.text.clone())),
        Annotation::Variation(v) => collect_unread(&v.line, out),
        _ => {}
    };
    for a in &line.before {
        visit(a, out);
    }
    for m in line {
        for a in m.after() {
            visit(a, out);
        }
    }
}

// ------------------------------------------------------------------ every byte accounted for

/// Every span the model holds (items and diagnostics), over all games.
fn all_spans(games: &[Game]) -> Vec<Span> {
    fn line(l: &Line, out: &mut Vec<Span>) {
        for a in &l.before {
            annotation(a, out);
        }
        for m in l {
            if let Some(n) = m.number() {
                out.push(n.span);
            }
            out.push(m.span());
            if let Some(s) = m.strength() {
                out.push(s.span);
            }
            for a in m.after() {
                annotation(a, out);
            }
        }
    }
    fn annotation(a: &Annotation, out: &mut Vec<Span>) {
        match a {
            Annotation::Comment(c) => out.push(c.span),
            Annotation::Nags(nags) => out.extend(nags.iter().map(|n| n.span)),
            Annotation::Variation(v) => {
                out.push(Span { len: 1, ..v.span });
                // The closing `)`, if any, is the last byte of the span.
                if v.span.len > 0 {
                    out.push(Span::new(v.span.end() - 1, 1));
                }
                line(&v.line, out);
            }
            Annotation::Setup(s) => out.push(s.span),
            Annotation::Unread(u) => out.push(u.span),
        }
    }
    let mut out = Vec::new();
    for game in games {
        out.extend(game.header_comments.iter().map(|c| c.span));
        out.extend(game.tags.iter().map(|t| t.span));
        line(&game.moves, &mut out);
        if let Some(r) = &game.result {
            out.push(r.span);
        }
        out.extend(game.diagnostics.iter().map(|d| d.span));
    }
    out
}

/// Offsets of the non-whitespace bytes of `bytes` that no span covers.
fn uncovered(bytes: &[u8], games: &[Game]) -> Vec<usize> {
    let mut covered = vec![false; bytes.len()];
    for span in all_spans(games) {
        let from = (span.offset as usize).min(bytes.len());
        let to = (span.end() as usize).min(bytes.len());
        covered[from..to].iter_mut().for_each(|c| *c = true);
    }
    // Literal `\r`/`\n` noise is whitespace, reported once for the game that holds it.
    for game in games {
        if game
            .diagnostics
            .iter()
            .any(|d| d.code == Code::LiteralEscape)
        {
            let from = (game.span.offset as usize).min(bytes.len());
            let to = (game.span.end() as usize).min(bytes.len());
            for i in from..to.saturating_sub(1) {
                if bytes[i] == b'\\' && matches!(bytes[i + 1], b'r' | b'n') && !covered[i] {
                    covered[i] = true;
                    covered[i + 1] = true;
                }
            }
        }
    }
    bytes
        .iter()
        .enumerate()
        .filter(|(i, b)| !covered[*i] && !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C))
        .map(|(i, _)| i)
        .collect()
}

/// The text spans count: UTF-16 (either byte order, with its mark) is read transcoded to UTF-8
/// without the mark.
fn as_read(bytes: &[u8]) -> Vec<u8> {
    type Unit = fn([u8; 2]) -> u16;
    let (rest, unit): (&[u8], Unit) = match bytes {
        [0xFF, 0xFE, rest @ ..] => (rest, u16::from_le_bytes),
        [0xFE, 0xFF, rest @ ..] => (rest, u16::from_be_bytes),
        _ => return bytes.to_vec(),
    };
    let units: Vec<u16> = rest.chunks_exact(2).map(|p| unit([p[0], p[1]])).collect();
    let mut text = String::from_utf16_lossy(&units);
    // A last odd byte is half a code unit: the reader's decoder makes it U+FFFD too.
    if rest.len() % 2 == 1 {
        text.push(char::REPLACEMENT_CHARACTER);
    }
    text.into_bytes()
}

fn assert_accounted(bytes: &[u8], games: &[Game]) {
    let bytes = &as_read(bytes)[..];
    let missing = uncovered(bytes, games);
    assert!(
        missing.is_empty(),
        "bytes not covered by any span: {:?} (first at {}: {:?})",
        missing.len(),
        missing[0],
        String::from_utf8_lossy(&bytes[missing[0]..(missing[0] + 20).min(bytes.len())])
    );
    for game in games {
        for d in &game.diagnostics {
            let at = game.locate(d.span);
            assert!(at.line >= 1 && at.column >= 1, "{d:?}");
            assert!(d.span.end() <= bytes.len() as u64, "{d:?} past the end");
        }
    }
}

fn fixtures() -> Vec<PathBuf> {
    let out = support_fixtures::all();
    assert!(out.len() > 20, "fixtures missing");
    out
}

#[test]
fn every_fixture_byte_is_accounted_for() {
    for path in fixtures() {
        let bytes = std::fs::read(&path).unwrap();
        let games = read_bytes(&bytes, ReadOptions::default());
        let bytes = as_read(&bytes);
        let missing = uncovered(&bytes, &games);
        assert!(
            missing.is_empty(),
            "{}: {} bytes not covered, first at {}: {:?}",
            path.display(),
            missing.len(),
            missing[0],
            String::from_utf8_lossy(&bytes[missing[0]..(missing[0] + 20).min(bytes.len())])
        );
    }
}

// ------------------------------------------------------------------ lines and columns

/// The 1-based line and column of byte `at` of a UTF-8 file, counted from its start: the plain
/// reference for the line index each game keeps. (Lines end at `\n`, or at a lone `\r` when
/// the file's first line end is one.)
fn counted(bytes: &[u8], at: usize) -> (u64, u32) {
    let first_end = bytes.iter().position(|&b| b == b'\n' || b == b'\r');
    let newline = match first_end {
        Some(i) if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') => b'\r',
        _ => b'\n',
    };
    let before = &bytes[..at.min(bytes.len())];
    let line = 1 + before.iter().filter(|&&b| b == newline).count() as u64;
    let line_start = before
        .iter()
        .rposition(|&b| b == newline)
        .map_or(0, |i| i + 1);
    let column = 1 + before[line_start..]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count() as u32;
    (line, column)
}

/// The offsets of the last byte of each variation of `game`.
fn variation_ends(game: &Game) -> Vec<u64> {
    fn line(l: &Line, out: &mut Vec<u64>) {
        let annotations = l
            .before
            .iter()
            .chain(l.iter().flat_map(|m| m.after().iter()));
        for a in annotations {
            if let Annotation::Variation(v) = a {
                out.push(v.span.end().saturating_sub(1));
                line(&v.line, out);
            }
        }
    }
    let mut out = Vec::new();
    line(&game.moves, &mut out);
    out
}

/// Every span of every game is located where counting from the file's start puts it, and is
/// written so in the game's JSON (read back, the game locates its spans where the JSON said).
fn assert_located(bytes: &[u8], games: &[Game]) {
    for game in games {
        let json = serde_json::to_string(game).unwrap();
        let read = pdnkit::convert::json::read_game(json.as_bytes(), 1).unwrap();
        for span in all_spans(std::slice::from_ref(game)) {
            let expected = counted(bytes, span.offset as usize);
            let mut places = vec![("located", game.locate(span))];
            // (A variation's last byte, which `all_spans` adds, is not a span of the JSON.)
            if !variation_ends(game).contains(&span.offset) {
                places.push(("JSON", read.locate(span)));
            }
            for (what, at) in places {
                assert_eq!(
                    (at.line, at.column),
                    expected,
                    "{what}: game {} span {span:?} in {:?}",
                    game.index,
                    String::from_utf8_lossy(bytes)
                );
            }
        }
    }
}

#[test]
fn every_fixture_span_is_located_as_counting_finds_it() {
    let mut checked = 0;
    for path in fixtures() {
        let bytes = std::fs::read(&path).unwrap();
        // Counting characters needs UTF-8 text; a byte order mark is not a column.
        if std::str::from_utf8(&bytes).is_err() || bytes.starts_with(b"\xEF\xBB\xBF") {
            continue;
        }
        let games = read_bytes(&bytes, ReadOptions::default());
        assert_located(&bytes, &games);
        checked += 1;
    }
    assert!(checked > 20, "only {checked} fixtures checked");
}

/// Text made of PDN pieces, to reach deeper into the parser than random bytes do.
fn pdn_soup() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just("[Event \"x\"]\n".to_string()),
        Just("[Result \"4-6\"]\n".to_string()),
        Just("[ Bianco  \"a\"b\"]".to_string()),
        Just("\\r".to_string()),
        Just("1.".to_string()),
        Just("12...".to_string()),
        Just("...".to_string()),
        Just(".".to_string()),
        Just("32-28".to_string()),
        Just("28x19x10".to_string()),
        Just("c3:e5".to_string()),
        Just("a3b4".to_string()),
        Just("35x 4".to_string()),
        Just("06-11".to_string()),
        Just("- -".to_string()),
        Just("4-6".to_string()),
        Just("1-1".to_string()),
        Just("1/2-1/2".to_string()),
        Just("*".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("(!?)".to_string()),
        Just("!?".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just("{c [%clk 1:00]}".to_string()),
        Just(";c\n".to_string()),
        Just("\n%c\n".to_string()),
        Just("$3".to_string()),
        Just("/FEN \"W:W31:B1\"/".to_string()),
        Just("\n\n".to_string()),
        Just("\r".to_string()),
        Just(" ".to_string()),
        Just("\u{0}".to_string()),
        Just("è".to_string()),
        Just("\\n".to_string()),
        Just("*\\r\n".to_string()),
        Just("\nEvent \"b\"]\\r\n".to_string()),
        Just("[Type de jeu \"20\"]".to_string()),
        Just("[R&#x00e9;sultat \"0-2\"]".to_string()),
        Just("[Empty]".to_string()),
        Just("W:W31-50:B1-20\n".to_string()),
    ];
    prop::collection::vec(piece, 0..60).prop_map(|v| v.concat().into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(256)
    ))]

    /// Games in one chunk or many, after comments carried between them, with `\r` line
    /// ends and multi-byte characters: every span is located as counting from the start does.
    #[test]
    fn soup_spans_are_located_as_counting_finds_them(bytes in pdn_soup()) {
        let games = read_bytes(&bytes, ReadOptions::default());
        assert_located(&bytes, &games);
    }

    #[test]
    fn arbitrary_bytes_never_panic_and_are_accounted_for(
        bytes in prop::collection::vec(any::<u8>(), 0..400)
    ) {
        for strict in [false, true] {
            let games = read_bytes(&bytes, ReadOptions { strict, ..ReadOptions::default() });
            assert_accounted(&bytes, &games);
        }
    }

    #[test]
    fn pdn_soup_never_panics_and_is_accounted_for(bytes in pdn_soup()) {
        let games = read_bytes(&bytes, ReadOptions::default());
        assert_accounted(&bytes, &games);
        // Byte-at-a-time reading agrees.
        let slow: Vec<Game> = Reader::new(OneByte(&bytes), ReadOptions::default())
            .collect::<std::io::Result<_>>()
            .unwrap();
        prop_assert_eq!(slow, games);
    }
}

// ------------------------------------------------------------------ oversized games

/// A 20 MB game (`header` then moves) followed by a small one.
fn huge_then_small(header: &str) -> String {
    let mut text = format!("{header}1. ");
    let unit = "32-28 19-23 28x19 14x23\n";
    while text.len() < 20 << 20 {
        text.push_str(unit);
    }
    text.push_str("*\n\n[Event \"after\"]\n[Result \"*\"]\n1. 33-29 18-23 *\n");
    text
}

#[test]
fn twenty_megabyte_game_is_skipped_and_the_next_one_read() {
    check_huge_game(&huge_then_small("[Event \"huge\"]\n"));
}

#[test]
fn twenty_megabyte_game_with_several_tags() {
    check_huge_game(&huge_then_small("[Event \"huge\"]\n[Result \"*\"]\n"));
}

fn check_huge_game(text: &str) {
    let options = ReadOptions {
        max_game_bytes: 1 << 20,
        ..ReadOptions::default()
    };
    let games = read_bytes(text.as_bytes(), options);
    let too_large: Vec<&Game> = games
        .iter()
        .filter(|g| has(g, Code::GameTooLarge))
        .collect();
    assert_eq!(
        too_large.len(),
        1,
        "{:?}",
        games.iter().map(codes).collect::<Vec<_>>()
    );
    let big = too_large[0];
    assert_eq!(big.span.offset, 0);
    assert_eq!(big.locate(big.span).line, 1);
    let d = big
        .diagnostics
        .iter()
        .find(|d| d.code == Code::GameTooLarge)
        .unwrap();
    assert_eq!(d.level, Level::Error);
    assert_eq!(games.len(), 2);
    let after = text.find("[Event \"after\"]").unwrap() as u64;
    assert_eq!(
        big.span.end(),
        after,
        "the skip ends where the next game starts"
    );
    let last = games.last().unwrap();
    assert_eq!(last.tag("Event"), Some("after"));
    assert_eq!(main_moves(last), ["33-29", "18-23"]);
    // The next game's position in the file is still right.
    let after_line = text[..text.find("[Event \"after\"]").unwrap()]
        .matches('\n')
        .count() as u64
        + 1;
    assert_eq!(last.locate(last.tags[0].span).line, after_line);
    assert_eq!(
        last.tags[0].span.offset,
        text.find("[Event \"after\"]").unwrap() as u64
    );
}

#[test]
fn small_game_over_the_limit_is_reported() {
    let text = format!(
        "[Event \"big\"]\n1. {}*\n[Event \"small\"]\n1. 32-28 *\n",
        "32-28 19-23 ".repeat(20)
    );
    let options = ReadOptions {
        max_game_bytes: 64,
        ..ReadOptions::default()
    };
    let games = read_bytes(text.as_bytes(), options);
    assert!(has(&games[0], Code::GameTooLarge), "{:?}", codes(&games[0]));
    assert_eq!(games.last().unwrap().tag("Event"), Some("small"));
}

// ------------------------------------------------------------------ byte-at-a-time sources

/// A source that gives one byte per `read` call.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() || buf.is_empty() {
            return Ok(0);
        }
        buf[0] = self.0[0];
        self.0 = &self.0[1..];
        Ok(1)
    }
}

/// Fixtures whose first bytes matter (BOM, lone CR).
const FIRST_READ_FIXTURES: &[&str] = &["bom.pdn", "cr_only.pdn"];

#[test]
fn one_byte_reads_give_the_same_games() {
    for path in fixtures() {
        let bytes = std::fs::read(&path).unwrap();
        for strict in [false, true] {
            let options = ReadOptions {
                strict,
                ..ReadOptions::default()
            };
            let whole = read_bytes(&bytes, options.clone());
            let slow: Vec<Game> = Reader::new(OneByte(&bytes), options)
                .collect::<std::io::Result<_>>()
                .unwrap();
            assert_eq!(slow, whole, "{} (strict: {strict})", path.display());
        }
    }
}

#[test]
fn one_byte_reads_detect_bom_and_cr_line_ends() {
    for text in [
        "\u{feff}[Event \"a\"]\n1. 32-28 *\n",
        "[Event \"a\"]\r1. 32-28 19-23\r2. 28x19 *\r",
        // A CRLF file whose first read ends between `\r` and `\n` is taken for a CR file.
        "\r\n\n[Event \"x\"]\n1. 32-28 *\n",
    ] {
        let whole = read_bytes(text.as_bytes(), ReadOptions::default());
        let slow: Vec<Game> = Reader::new(OneByte(text.as_bytes()), ReadOptions::default())
            .collect::<std::io::Result<_>>()
            .unwrap();
        assert_eq!(slow, whole, "{text:?}");
    }
    for name in FIRST_READ_FIXTURES {
        let path = fixtures().into_iter().find(|p| p.ends_with(name)).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let whole = read_bytes(&bytes, ReadOptions::default());
        let slow: Vec<Game> = Reader::new(OneByte(&bytes), ReadOptions::default())
            .collect::<std::io::Result<_>>()
            .unwrap();
        assert_eq!(slow, whole, "{name}");
    }
}

/// A FEN file after blank lines, read a byte at a time: the first region cut may hold only the
/// blank lines, and the file note still points at the first FEN (line 3, after one space), as
/// when the file is read whole.
#[test]
fn one_byte_reads_locate_the_fen_file_note_past_blank_lines() {
    let text = "\n\n W:W31-50:B1-20\nW:W31-50:B1-20\n";
    let whole = read_bytes(text.as_bytes(), ReadOptions::default());
    let slow: Vec<Game> = Reader::new(OneByte(text.as_bytes()), ReadOptions::default())
        .collect::<std::io::Result<_>>()
        .unwrap();
    assert_eq!(slow, whole);
    for games in [&whole, &slow] {
        let note = games[0]
            .diagnostics
            .iter()
            .find(|d| d.code == Code::FenFile)
            .expect("the FEN-file note");
        let at = games[0].locate(note.span);
        assert_eq!((at.line, at.column, at.offset), (3, 2, 3));
    }
}

// ------------------------------------------------------------------ line ends and code pages

#[test]
fn cr_only_file_has_correct_line_numbers() {
    let text = "[Event \"a\"]\r[Result \"*\"]\r1. 32-28 19-23\r2. 28x19 14x23 *\r\r[Event \"b\"]\r1. 33-29 *\r";
    let games = lenient(text);
    assert_eq!(games.len(), 2);
    let moves = games[0].moves.to_nodes();
    assert_eq!(
        (
            at(&games[0], moves[0].token.span).line,
            at(&games[0], moves[0].token.span).column
        ),
        (3, 4)
    );
    assert_eq!(
        (
            at(&games[0], moves[2].token.span).line,
            at(&games[0], moves[2].token.span).column
        ),
        (4, 4)
    );
    assert_eq!(
        at(&games[0], games[0].result.as_ref().unwrap().span).line,
        4
    );
    assert_eq!(at(&games[1], games[1].tags[0].span).line, 6);
    assert_eq!(
        at(&games[1], games[1].moves.first().unwrap().span()).line,
        7
    );
    assert!(has(&games[0], Code::CrLineEnds));
}

#[test]
fn cr_only_fixture_line_numbers() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/dialects/cr_only.pdn");
    let bytes = std::fs::read(path).unwrap();
    let games = read_bytes(&bytes, ReadOptions::default());
    assert_eq!(games.len(), 2);
    // The fixture's second game has `[White "line 10"]` on line 10 (counted by hand: comment,
    // three tags, three move lines, a blank line, Event, White).
    let white = games[1].tags.iter().find(|t| t.name == "White").unwrap();
    assert_eq!(white.value, "line 10");
    assert_eq!(
        (
            at(&games[1], white.span).line,
            at(&games[1], white.span).column
        ),
        (10, 1)
    );
}

#[test]
fn cr_line_ends_note_points_at_the_cr() {
    let games = lenient("[Event \"a\"]\r1. 32-28 *\r");
    let d = games[0]
        .diagnostics
        .iter()
        .find(|d| d.code == Code::CrLineEnds)
        .unwrap();
    assert_eq!(d.span.offset, 11);
    assert_eq!(
        (at(&games[0], d.span).line, at(&games[0], d.span).column),
        (1, 12)
    );
}

#[test]
fn crlf_and_lf_give_the_same_positions_per_line() {
    let lf = "[Event \"a\"]\n1. 32-28 19-23\n2. 28x19 *\n";
    let crlf = lf.replace('\n', "\r\n");
    let a = lenient(lf);
    let b = lenient(&crlf);
    let pos = |g: &Game| {
        g.moves
            .iter()
            .map(|m| (g.locate(m.span()).line, g.locate(m.span()).column))
            .collect::<Vec<_>>()
    };
    assert_eq!(pos(&a[0]), pos(&b[0]));
    assert_eq!(pos(&a[0]), [(2, 4), (2, 10), (3, 4)]);
    assert!(!has(&b[0], Code::CrLineEnds));
}

#[test]
fn windows_1252_file() {
    let bytes = b"[Event \"x\"]\n[White \"Bert\xe8 Daniele\"]\n1. 32-28 {tr\xe8s} *\n";
    let games = read_bytes(bytes, ReadOptions::default());
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(game.tag("White"), Some("Bertè Daniele"));
    let d = game
        .diagnostics
        .iter()
        .find(|d| d.code == Code::Windows1252)
        .expect("encoding reported");
    // `[White "Bert` is 12 bytes: the è is line 2, column 13, file offset 12 + 12.
    assert_eq!(
        (
            at(game, d.span).line,
            at(game, d.span).column,
            d.span.offset
        ),
        (2, 13, 24)
    );
    assert_eq!(d.level, Level::Warning);
    let strict = read_bytes(
        bytes,
        ReadOptions {
            strict: true,
            ..ReadOptions::default()
        },
    );
    assert!(strict[0].has_errors());
    // Reported once per file.
    let twice = b"[White \"Bert\xe8\"]\n1. 32-28 *\n[White \"Bert\xe8\"]\n1. 32-28 *\n";
    let games = read_bytes(twice, ReadOptions::default());
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tag("White"), Some("Bertè"));
    let count: usize = games
        .iter()
        .map(|g| {
            g.diagnostics
                .iter()
                .filter(|d| d.code == Code::Windows1252)
                .count()
        })
        .sum();
    assert_eq!(count, 1);
}

#[test]
fn windows_1252_fixture() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/dialects/windows1252.pdn");
    let bytes = std::fs::read(path).unwrap();
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "fixture must not be UTF-8"
    );
    let games = read_bytes(&bytes, ReadOptions::default());
    assert_eq!(games[0].tag("White"), Some("Bertè Daniele"));
    assert_eq!(games[0].tag("Black"), Some("Müller François"));
}

#[test]
fn windows_1251_fixture() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/dialects/windows1251.pdn");
    let bytes = std::fs::read(path).unwrap();
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "fixture must not be UTF-8"
    );
    let games = read_bytes(&bytes, ReadOptions::default());
    assert_eq!(games[0].tag("White"), Some("Абаулин В."));
    assert!(has(&games[0], Code::Windows1251));
}

#[test]
fn bom_is_reported_and_skipped() {
    let games = lenient("\u{feff}[Event \"a\"]\n1. 32-28 *");
    assert_eq!(games[0].tags[0].name, "Event");
    assert_eq!(games[0].tags[0].span.offset, 3);
    assert!(has(&games[0], Code::Bom));
}

// ------------------------------------------------------------------ reader bugs found

#[test]
fn literal_escape_after_tags_keeps_one_game() {
    let games = lenient("[Event \"a\"]\\r\n[Result \"1-0\"]\\r\n1. 32-28 19-23 1-0\n");
    assert_eq!(
        games.len(),
        1,
        "{:?}",
        games.iter().map(codes).collect::<Vec<_>>()
    );
    assert_eq!(games[0].tags.len(), 2);
    assert!(!has(&games[0], Code::MissingTerminator));
}

#[test]
fn columns_of_a_game_starting_mid_line() {
    let text = "1. 32-28 19-23 [Event \"b\"] 1. 33-29 *";
    let games = lenient(text);
    assert_eq!(games.len(), 2);
    let tag = &games[1].tags[0];
    assert_eq!(tag.span.offset, 15);
    assert_eq!(
        (at(&games[1], tag.span).line, at(&games[1], tag.span).column),
        (1, 16)
    );
}

#[test]
fn cyrillic_tag_names_are_localised() {
    let games = lenient("[Белые \"Абаулин В.\"]\n[Результат \"1-0\"]\n1. c3-d4 f6-g5 1-0\n");
    let game = &games[0];
    assert!(!has(game, Code::UnreadableText), "{:?}", codes(game));
    assert_eq!(game.tag("White"), Some("Абаулин В."));
    assert_eq!(game.tag("Result"), Some("1-0"));
    assert!(has(game, Code::LocalisedTag));
}

#[test]
fn rank_capture_does_not_make_russian_turkish() {
    let games = lenient(
        "1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. e3-f4 e5:g3 4. h2:f4 c7-d6 5. b2-c3 d6-c5 6. c1-b2 c5:g5 *",
    );
    // Every step in the game is diagonal: nothing says Turkish.
    assert_eq!(games[0].variant, Some(Variant::Russian));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/variants/russian.pdn");
    let games = read_bytes(&std::fs::read(path).unwrap(), ReadOptions::default());
    assert_eq!(games[0].variant, Some(Variant::Russian));
}

#[test]
fn nonstandard_terminator_followed_by_a_comment() {
    let text = "[Result \"4-6\"]\n1. 32-28 19-23 4-6\n% next game\n[Event \"b\"]\n1. 33-29 *\n";
    let games = lenient(text);
    assert_eq!(games.len(), 2);
    assert!(
        has(&games[0], Code::NonstandardTerminator),
        "{:?}",
        codes(&games[0])
    );
    assert!(!has(&games[0], Code::MissingTerminator));
    assert_eq!(main_moves(&games[0]), ["32-28", "19-23"]);
}

#[test]
fn mark_after_a_nonstandard_terminator_is_kept() {
    let text = "[Result \"4-6\"]\n1. 32-28 4-6!\n[Event \"b\"]\n1. 33-29 *\n";
    let games = lenient(text);
    assert_eq!(games.len(), 2);
    assert_accounted(text.as_bytes(), &games);
}

#[test]
fn control_character_in_a_tag_value() {
    let games = lenient("[Event \"a\u{0}b\"]\n1. 32-28 *\n");
    let d = games[0]
        .diagnostics
        .iter()
        .find(|d| d.code == Code::ControlCharacter)
        .expect("W-CONTROL-CHARACTER");
    assert_eq!(
        (at(&games[0], d.span).line, at(&games[0], d.span).column),
        (1, 10)
    );
}

#[test]
fn move_number_out_of_sequence() {
    let games = lenient("1. 32-28 19-23 5. 28x19 14x23 *");
    let d = games[0]
        .diagnostics
        .iter()
        .find(|d| d.code == Code::MoveNumberSequence)
        .expect("W-MOVE-NUMBER-SEQUENCE");
    assert_eq!(at(&games[0], d.span).column, 16);
}

#[test]
fn lone_terminator_is_an_empty_game() {
    let games = lenient("1. 32-28 *\n*\n");
    assert_eq!(games.len(), 2);
    assert!(has(&games[1], Code::EmptyGame), "{:?}", codes(&games[1]));
}

#[test]
fn encoding_note_belongs_to_the_game_holding_the_byte() {
    let bytes = b"1. 32-28 *\n1. 33-29 {tr\xe8s} *\n";
    let games = read_bytes(bytes, ReadOptions::default());
    assert_eq!(games.len(), 2);
    assert!(!has(&games[0], Code::Windows1252));
    assert!(has(&games[1], Code::Windows1252));
}

// ------------------------------------------------------------------ the corpus

use crate::support::corpus;
use corpus::corpus;

fn pdn_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdn"))
        .collect();
    files.sort();
    files
}

fn read_file(path: &Path, strict: bool) -> Vec<Game> {
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    Reader::new(
        file,
        ReadOptions {
            strict,
            ..ReadOptions::default()
        },
    )
    .collect::<std::io::Result<_>>()
    .unwrap()
}

fn errors(games: &[Game]) -> Vec<String> {
    games
        .iter()
        .flat_map(|g| {
            g.diagnostics
                .iter()
                .filter(|d| d.level == Level::Error)
                .map(move |d| {
                    format!(
                        "game {} {}:{} {}",
                        g.index,
                        g.locate(d.span).line,
                        g.locate(d.span).column,
                        d.code
                    )
                })
        })
        .collect()
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn standard_succeed_files_have_no_strict_errors() {
    let Some(dir) = corpus("pdn-standard/succeed") else {
        return;
    };
    let files = pdn_files(&dir);
    assert_eq!(files.len(), 39);
    for path in files {
        let games = read_file(&path, true);
        assert!(!games.is_empty(), "{}", path.display());
        let errors = errors(&games);
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
    }
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn standard_fail_files_fail_strict_and_read_leniently() {
    let Some(dir) = corpus("pdn-standard/fail") else {
        return;
    };
    let files = pdn_files(&dir);
    assert_eq!(files.len(), 8);
    for path in files {
        let strict = read_file(&path, true);
        assert!(
            !errors(&strict).is_empty(),
            "{}: no strict error",
            path.display()
        );
        let lenient = read_file(&path, false);
        let errors = errors(&lenient);
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
        assert!(lenient.iter().any(|g| !g.moves.is_empty()));
    }
}

fn count_captures(line: &Line, long: &mut usize, comments: &mut usize) {
    let visit = |a: &Annotation, long: &mut usize, comments: &mut usize| match a {
        Annotation::Comment(_) => *comments += 1,
        Annotation::Variation(v) => count_captures(&v.line, long, comments),
        _ => {}
    };
    for a in &line.before {
        visit(a, long, comments);
    }
    for m in line {
        if m.kind() == MoveKind::Capture && m.squares().len() > 2 {
            *long += 1;
        }
        for a in m.after() {
            visit(a, long, comments);
        }
    }
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn oca_archive_counts() {
    let Some(path) = corpus("english/OCA_2.0.pdn") else {
        return;
    };
    let games = read_file(&path, false);
    assert_eq!(games.len(), 22_621);
    let count = |kind: ResultKind| {
        games
            .iter()
            .filter(|g| g.result.as_ref().map(|r| r.kind) == Some(kind))
            .count()
    };
    assert_eq!(count(ResultKind::Half), 14_192);
    assert_eq!(count(ResultKind::OneZero), 3_626);
    assert_eq!(count(ResultKind::ZeroOne), 4_803);
    for game in &games {
        let result = game.result.as_ref().expect("every game has a terminator");
        assert_eq!(
            Some(result.kind.as_str()),
            game.tag("Result"),
            "game {}",
            game.index
        );
    }
    let (mut long, mut comments) = (0, 0);
    for game in &games {
        comments += game.header_comments.len();
        count_captures(&game.moves, &mut long, &mut comments);
    }
    assert_eq!(long, 27_818);
    assert_eq!(comments, 55);
    assert!(games.iter().all(|g| g.variant == Some(Variant::English)));
}

#[test]
fn utf16_is_read_with_a_byte_order_mark_or_when_asked() {
    let text = "[Event \"Café\"]\n1. 32-28 19-23 *\n";
    let utf8 = read_bytes(text.as_bytes(), ReadOptions::default());
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let with_bom = |bom: [u8; 2], body: &[u8]| [&bom[..], body].concat();
    let forced = ReadOptions {
        encoding: Some(pdnkit::reader::Encoding::Utf16),
        ..ReadOptions::default()
    };
    for (bytes, options) in [
        (with_bom([0xFF, 0xFE], &le), ReadOptions::default()),
        (with_bom([0xFE, 0xFF], &be), ReadOptions::default()),
        (le.clone(), forced.clone()),
        (with_bom([0xFF, 0xFE], &le), forced),
    ] {
        let games = read_bytes(&bytes, options);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("Event"), Some("Café"));
        assert!(has(&games[0], Code::Utf16), "{:?}", codes(&games[0]));
        assert_eq!(main_moves(&games[0]), main_moves(&utf8[0]));
        // One byte a read decides the same.
        let slow: Vec<Game> = Reader::new(OneByte(&bytes), ReadOptions::default())
            .collect::<std::io::Result<_>>()
            .unwrap();
        if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
            assert_eq!(slow, games);
        }
    }
}

#[test]
fn one_bad_byte_in_a_utf8_game_is_repaired_not_the_whole_game_recoded() {
    let text = b"[Event \"caf\xC3\xA9\"]\n[Site \"Bert\xE8\"]\n1. 32-28 19-23 *\n[Event \"caf\xC3\xA9\"]\n1. 32-28 *\n";
    let games = read_bytes(text, ReadOptions::default());
    assert_eq!(games[0].tag("Event"), Some("café"));
    assert_eq!(games[0].tag("Site"), Some("Bertè"));
    assert!(has(&games[0], Code::EncodingRepaired));
    assert_eq!(games[1].tag("Event"), Some("café"));
    assert_eq!(codes(&games[1]), [Code::VariantInferred]);
}

/// `span` of `game` with its line and column.
fn at(game: &Game, span: pdnkit::reader::Span) -> pdnkit::reader::Location {
    game.locate(span)
}
