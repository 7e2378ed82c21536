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
            b'%' if lex::at_line_start(bytes, i) => i = lex::line_end(bytes, i),
            b';' => i = lex::line_end(bytes, i),
            b'[' => {
                i = match lex::plain_tag(bytes, i, true) {
                    Some(tag) => tag.end,
                    None => lex::skip_literal_escapes(bytes, lex::tag_extent(bytes, i).end),
                }
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
    // Move text: only `[`, `{` and `;` matter (and `%` lines, checked at each hit). Whether a
    // hit is in a `%` line is remembered for the rest of its line: asked afresh, each of many
    // hits on one long line looked back to the line's start (quadratic).
    let mut known: Option<(usize, bool)> = None;
    loop {
        let at = i + memchr::memchr3(b'[', b'{', b';', &bytes[i..])?;
        let percent = match known {
            Some((last, percent)) if memchr::memchr2(b'\n', b'\r', &bytes[last..at]).is_none() => {
                percent
            }
            _ => lex::in_percent_line(bytes, at),
        };
        known = Some((at, percent));
        if percent {
            i = lex::line_end(bytes, at);
            continue;
        }
        match bytes[at] {
            b'[' => return Some(at),
            b'{' => match lex::comment_end(bytes, at) {
                CommentEnd::Closed { end, .. } => i = end,
                CommentEnd::Runaway { end } => return Some(end),
                CommentEnd::Unclosed => return None,
            },
            _ => i = lex::line_end(bytes, at),
        }
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
    fn runaway_comment_ends_at_next_game() {
        let text = "[Event \"a\"]\n1. 32-28 { open\n\n[Event \"b\"]\n1. 33-29 *";
        assert_eq!(starts(text), vec![text.find("[Event \"b").unwrap()]);
    }
}
