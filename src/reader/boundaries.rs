//! Finding game boundaries fast, without parsing: a new game starts at a `[` outside any comment,
//! once the current game has had some move text. Comments are skipped with `memchr`, move text is
//! jumped over three delimiters at a time. The parser ends games at exactly the same places
//! (both use `lex`), so a chunk between two boundaries holds whole games.

use super::lex::{self, CommentEnd};

/// Where the header of a game (tags, comments, blank lines) ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeaderEnd {
    /// Move text starts here.
    Body(usize),
    /// A runaway comment ends here, where the next game starts.
    NextGame(usize),
}

/// Scans the header of the game that starts at `from`. `None` means the bytes end first.
pub fn header_end(bytes: &[u8], from: usize) -> Option<HeaderEnd> {
    let mut i = from;
    loop {
        let b = *bytes.get(i)?;
        match b {
            _ if lex::is_space(b) => i += 1,
            b'\\' if lex::is_literal_escape(bytes, i) => i += 2,
            b'%' if lex::at_line_start(bytes, i) => i = lex::line_end(bytes, i),
            b';' => i = lex::line_end(bytes, i),
            b'[' => {
                i = match lex::plain_tag(bytes, i, true) {
                    Some(tag) => tag.end,
                    None => lex::skip_literal_escapes(bytes, lex::tag_extent(bytes, i).end),
                }
            }
            b'A'..=b'Z'
                if lex::at_line_start(bytes, i) && lex::bracketless_tag_before_tags(bytes, i) =>
            {
                i = lex::skip_literal_escapes(bytes, lex::tag_extent(bytes, i).end);
            }
            b'{' => match lex::comment_end(bytes, i) {
                CommentEnd::Closed { end, .. } => i = end,
                CommentEnd::Runaway { end } => return Some(HeaderEnd::NextGame(end)),
                CommentEnd::Unclosed => return None,
            },
            _ => return Some(HeaderEnd::Body(i)),
        }
    }
}

/// Looks for the start of the next game after the game that starts at `from`. `None` means the
/// bytes end first (read more, or at the end of the input the rest is the last game).
pub fn next_game_start(bytes: &[u8], from: usize) -> Option<usize> {
    // Header: tags, comments and blank lines until the first move text.
    let mut i = match header_end(bytes, from)? {
        HeaderEnd::Body(i) => i,
        HeaderEnd::NextGame(end) => return Some(end),
    };
    // Move text: only `[`, `{` and `;` matter (and `%` lines, checked at each hit). Where a
    // hit's line starts is remembered for the rest of its line: asked afresh, each of many hits
    // on one long line looked back to the line's start (quadratic).
    let mut known: Option<(usize, usize)> = None;
    loop {
        let at = i + memchr::memchr3(b'[', b'{', b';', &bytes[i..])?;
        let line_start = match known {
            Some((last, start)) if memchr::memchr2(b'\n', b'\r', &bytes[last..at]).is_none() => {
                start
            }
            _ => lex::line_start(bytes, at),
        };
        known = Some((at, line_start));
        if lex::percent_line_from(bytes, line_start, i, at) {
            i = lex::line_end(bytes, at);
            continue;
        }
        match bytes[at] {
            b'[' => {
                // A `[` inside the value of a tag line that lost its own `[`: the line is the cut.
                let line_start = memchr::memrchr2(b'\n', b'\r', &bytes[..at]).map_or(0, |p| p + 1);
                let cut = if line_start >= i
                    && line_start < at
                    && lex::bracketless_tag_before_tags(bytes, line_start)
                {
                    line_start
                } else {
                    at
                };
                return Some(bracketless_tags_before(bytes, i, cut));
            }
            b'{' => match lex::comment_end(bytes, at) {
                CommentEnd::Closed { end, .. } => i = end,
                CommentEnd::Runaway { end } => return Some(end),
                CommentEnd::Unclosed => return None,
            },
            _ => i = lex::line_end(bytes, at),
        }
    }
}

/// The start of the tag lines that lost their `[` (`Event "b"]`) right before `at` (a tag, or
/// such a line), after `from`: they open the next game's header (the parser ends the move text
/// at the first of them, [`lex::bracketless_tag_before_tags`]). `at` itself when there are none.
fn bracketless_tags_before(bytes: &[u8], from: usize, at: usize) -> usize {
    let mut start = at;
    loop {
        // The previous line with text, if only whitespace (and literal `\r`/`\n` noise)
        // separates it from `start`, across a line break.
        let mut end = start;
        loop {
            if end > from && lex::is_space(bytes[end - 1]) {
                end -= 1;
            } else if end >= from + 2 && lex::is_literal_escape(bytes, end - 2) {
                end -= 2;
            } else {
                break;
            }
        }
        if end == from || !bytes[end..start].iter().any(|&b| b == b'\n' || b == b'\r') {
            return start;
        }
        let line_start = memchr::memrchr2(b'\n', b'\r', &bytes[..end]).map_or(0, |p| p + 1);
        if line_start < from || lex::bracketless_tag(bytes, line_start).is_none() {
            return start;
        }
        start = line_start;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starts(text: &str) -> Vec<usize> {
        let bytes = text.as_bytes();
        let mut found = vec![];
        let mut from = 0;
        while let Some(next) = next_game_start(bytes, from) {
            found.push(next);
            from = next;
        }
        found
    }

    #[test]
    fn splits_at_tags_after_moves() {
        let text = "[Event \"a\"]\n[Site \"b\"]\n1. 32-28 *\n\n[Event \"c\"]\n1. 33-29 *\n";
        assert_eq!(starts(text), vec![text.find("[Event \"c").unwrap()]);
    }

    #[test]
    fn brackets_in_comments_and_percent_lines_do_not_split() {
        let text =
            "1. 32-28 {see [a] and [%clk 1:00]} 19-23\n% [not a tag]\n; [nor this]\n2. 33-29 *";
        assert!(starts(text).is_empty());
    }

    #[test]
    fn games_without_terminator_still_split() {
        let text = "[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n1. 33-29";
        assert_eq!(starts(text), vec![text.find("[Event \"b").unwrap()]);
    }

    #[test]
    fn literal_escapes_after_tags_stay_in_the_header() {
        let text =
            "[Event \"a\"]\\r\n[Result \"1-0\"]\\r[Site \"b\"]\\n\n1. 32-28 1-0\n[Event \"c\"]";
        assert_eq!(starts(text), vec![text.find("[Event \"c").unwrap()]);
    }

    #[test]
    fn tag_lines_without_bracket_open_the_next_game() {
        let text = "[Event \"a\"]\n1. 32-28 *\\r\nEvent \"b\"]\\r\n[Site \"c\"]\n1. 33-29 *";
        assert_eq!(starts(text), vec![text.find("Event \"b").unwrap()]);
        // Not at a line start, or not alone on its line: move text.
        let text = "[Event \"a\"]\n1. 32-28 x Event \"b\"]\n[Site \"c\"]\n1. 33-29 *";
        assert_eq!(starts(text), vec![text.find("[Site").unwrap()]);
    }

    /// Pieces of PDN near the edges of what decides a boundary.
    const PIECES: &[&str] = &[
        "[Event \"a\"]",
        "Event \"b\"]",
        "Site \"a[b\"]",
        "[Site \"c\"]\\r",
        "[",
        "1. 32-28",
        "19-23",
        "*",
        "1-0",
        "\\r",
        "\\n",
        "{c}",
        "{",
        "}",
        ";x",
        "%x",
        "\n",
        "\n\n",
        " ",
        "\r\n",
    ];

    proptest::proptest! {
        /// Every boundary the splitter finds is where the parser, reading the whole text as one
        /// chunk, starts a game, or inside the comments that open a game's header (which the
        /// reader carries over to that game): cutting there changes no game.
        #[test]
        fn splitter_cuts_where_the_parser_starts_games(
            picks in proptest::collection::vec(0..PIECES.len(), 0..40)
        ) {
            let text: String = picks.iter().map(|&p| PIECES[p]).collect();
            let bytes = text.as_bytes();
            let chunk = crate::reader::parse::Chunk {
                bytes,
                base: 0,
                first_line: 1,
                first_column: 0,
                newline: b'\n',
                encoding: crate::reader::Encoding::Utf8,
                at_end_of_input: true,
                around: None,
            };
            let games = crate::reader::parse::parse_chunk(&chunk);
            for boundary in starts(&text) {
                let b = boundary as u64;
                let holder = games
                    .iter()
                    .map(|g| &g.game)
                    .find(|g| g.span.offset <= b && b < g.span.end().max(g.span.offset + 1));
                let clean_cut = holder.is_none_or(|g| {
                    g.span.offset == b
                        || (g.tags.iter().all(|t| t.span.offset >= b)
                            && g.moves.iter().all(|m| m.span().offset >= b)
                            && g.result.as_ref().is_none_or(|r| r.span.offset >= b))
                });
                proptest::prop_assert!(clean_cut, "boundary {} inside a game of {:?}", boundary, text);
            }
        }
    }

    #[test]
    fn runaway_comment_ends_at_next_game() {
        let text = "[Event \"a\"]\n1. 32-28 { open\n\n[Event \"b\"]\n1. 33-29 *";
        assert_eq!(starts(text), vec![text.find("[Event \"b").unwrap()]);
    }
}
