//! Files of one FEN per line (`.fen`, as engines and opening books ship them): each line is a
//! position, read as a game with that FEN tag and no moves, so it is validated like any setup.
//! The splitter decides by content: the first line with text is a FEN (`W:W31-50:B1-20`).

use super::encoding::Encoding;
use super::lex;
use super::model::{Game, Line, Tag, VariantSource};
use super::span::{LineIndex, Span};

/// Whether `line` (one line of text) looks like a FEN: a side (`W`, `B`, `?`), `:`, then a
/// colour letter. No PDN text starts so.
pub fn is_fen_line(line: &[u8]) -> bool {
    let line = line.trim_ascii_start();
    matches!(
        line,
        [
            b'W' | b'B' | b'w' | b'b' | b'?',
            b':',
            b'W' | b'B' | b'w' | b'b',
            ..
        ]
    )
}

/// Whether the text starting at `from` is a FEN file, judged on its first line with text; `None`
/// when that line is not complete in `bytes` (and `at_end` is false).
pub fn starts_fen_file(bytes: &[u8], at_end: bool) -> Option<bool> {
    let first = bytes.iter().position(|&b| !lex::is_space(b))?;
    let end = memchr::memchr2(b'\n', b'\r', &bytes[first..]);
    if end.is_none() && !at_end {
        return None;
    }
    let end = end.map_or(bytes.len(), |e| first + e);
    Some(is_fen_line(&bytes[first..end]))
}

/// One game per line with text in `bytes` (whole lines), the first offset of which is at `base`;
/// `lines` is their line index.
pub fn games(bytes: &[u8], base: u64, lines: &LineIndex, encoding: Encoding) -> Vec<Game> {
    let mut games = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let end = lex::line_end(bytes, at);
        let text = &bytes[at..end];
        let start = at + (text.len() - text.trim_ascii_start().len());
        let stop = at + text.trim_ascii_end().len();
        if start < stop {
            let span = Span::new(base + start as u64, stop - start);
            games.push(Game {
                index: 0,
                span,
                header_comments: Vec::new(),
                tags: vec![Tag {
                    name: "FEN".into(),
                    standard_name: None,
                    value: encoding.decode(&bytes[start..stop]).as_ref().into(),
                    raw: None,
                    span,
                }],
                moves: Line::default(),
                result: None,
                game_type: None,
                variant: None,
                variant_source: VariantSource::Unknown,
                setup: None,
                diagnostics: Vec::new(),
                source: None,
                encoding,
                // The game's text is its line.
                lines: lines.part(base + at as u64, base + end as u64),
            });
        }
        at = end + 1;
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_lines_are_told_from_pdn() {
        assert!(is_fen_line(b"W:W31-50:B1-20"));
        assert!(is_fen_line(b"  B:BK4:W30"));
        assert!(!is_fen_line(b"[FEN \"W:W31-50:B1-20\"]"));
        assert!(!is_fen_line(b"1. 32-28 19-23"));
        assert_eq!(starts_fen_file(b"\n\nW:W31:B1\n", false), Some(true));
        assert_eq!(starts_fen_file(b"\n[Event \"x\"]\n", false), Some(false));
        assert_eq!(starts_fen_file(b"W:W31", false), None);
        assert_eq!(starts_fen_file(b"W:W31", true), Some(true));
        assert_eq!(starts_fen_file(b"  ", true), None);
    }

    #[test]
    fn one_game_a_line() {
        let text = b"W:W31-50:B1-20\n\n  B:W28:B19 \nnot a fen\n";
        let lines = LineIndex::build(text, 0, (1, 0), b'\n', true);
        let games = games(text, 0, &lines, Encoding::Utf8);
        let values: Vec<_> = games.iter().map(|g| g.tags[0].value.as_str()).collect();
        assert_eq!(values, ["W:W31-50:B1-20", "B:W28:B19", "not a fen"]);
        let at = games[1].locate(games[1].span);
        assert_eq!((at.line, at.column), (3, 3));
    }
}
