//! Lexical rules shared by the game splitter and the parser, so that both agree on where
//! comments, tags and lines end.

pub use super::grammar::comments::CommentEnd;
pub use super::grammar::is_space;
pub use super::grammar::tags::{TagExtent, plain_tag, starts_tag_name};

/// Where the comment whose `{` is at `open` ends: production `comment`, positions in `bytes`.
#[inline]
pub fn comment_end(bytes: &[u8], open: usize) -> CommentEnd {
    match super::grammar::comments::comment(&bytes[open..]) {
        Ok((_, (_, CommentEnd::Closed { end, nested }))) => CommentEnd::Closed {
            end: open + end,
            nested,
        },
        Ok((_, (_, CommentEnd::Runaway { end }))) => CommentEnd::Runaway { end: open + end },
        Ok((_, (_, CommentEnd::Unclosed))) | Err(_) => CommentEnd::Unclosed,
    }
}

/// Whether `at` is the first byte of a line.
pub fn at_line_start(bytes: &[u8], at: usize) -> bool {
    at == 0 || matches!(bytes[at - 1], b'\n' | b'\r')
}

/// Whether the line holding `at`, which starts at `line_start`, is a `%` line comment (the `%`
/// in its first column), its `%` at or after `from` (a `%` before it is inside a comment that
/// ended since). The splitter remembers `line_start` along a line: looking back from each of
/// many hits on one long line was quadratic.
pub fn percent_line_from(bytes: &[u8], line_start: usize, from: usize, at: usize) -> bool {
    bytes[line_start] == b'%' && line_start < at && line_start >= from
}

/// Position of the first byte of the line holding `at`.
pub fn line_start(bytes: &[u8], at: usize) -> usize {
    memchr::memrchr2(b'\n', b'\r', &bytes[..at]).map_or(0, |p| p + 1)
}

/// Position of the end of the line holding `at` (the line-break byte, or the end of bytes):
/// production `line-end`.
#[inline]
pub fn line_end(bytes: &[u8], at: usize) -> usize {
    match super::grammar::line_end(&bytes[at..]) {
        Ok((rest, _)) => bytes.len() - rest.len(),
        Err(_) => bytes.len(),
    }
}

/// Skips the literal two-character `\r` or `\n` texts some programs wrote right after a tag
/// (`[Event "x"]\r`); returns the position after them. Splitter and parser both use it, so the
/// escapes never look like move text.
pub fn skip_literal_escapes(bytes: &[u8], mut at: usize) -> usize {
    while is_literal_escape(bytes, at) {
        at += 2;
    }
    at
}

/// Whether `bytes[at..]` starts with the two characters `\r` or `\n`: line-end noise that some
/// tournament programs write at the end of every line (after tags, moves and the terminator).
/// Outside tag values and comments it is read as whitespace, by the splitter and the parser.
#[inline]
pub fn is_literal_escape(bytes: &[u8], at: usize) -> bool {
    matches!(bytes.get(at..at + 2), Some(b"\\r" | b"\\n"))
}

/// The end of the whitespace (and literal `\r`/`\n` noise) that starts at `at`: production
/// `ws`, repeated, written as a byte loop (its fast path; the splitter and the parser run it
/// between nearly all tokens).
pub fn space_end(bytes: &[u8], mut at: usize) -> usize {
    while let Some(&b) = bytes.get(at) {
        if is_space(b) {
            at += 1;
        } else if b == b'\\' && is_literal_escape(bytes, at) {
            at += 2;
        } else {
            break;
        }
    }
    at
}

/// A tag line that lost its `[` (production `bracketless-tag`) starting at `at`, the start of
/// a line: the position just past its `]`.
pub fn bracketless_tag(bytes: &[u8], at: usize) -> Option<usize> {
    // (The production's first test, made before the call: most lines looked at start with `[`.)
    if !bytes.get(at).is_some_and(u8::is_ascii_uppercase) {
        return None;
    }
    super::grammar::tags::bracketless_tag(&bytes[at..])
        .ok()
        .map(|(_, len)| at + len)
}

/// Whether a run of [`bracketless_tag`] lines starts at `at` and is followed, across whitespace
/// only, by a `[`: only then is such a line read as a tag (by the splitter and the parser), so
/// that the splitter can find the run from that `[`, looking back.
pub fn bracketless_tag_before_tags(bytes: &[u8], mut at: usize) -> bool {
    while let Some(end) = bracketless_tag(bytes, at) {
        at = space_end(bytes, end);
        if bytes.get(at) == Some(&b'[') {
            return true;
        }
        if !at_line_start(bytes, at) {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The fast path of `{ ws }` ends where the production, repeated, does.
        #[test]
        fn space_end_reads_as_the_production_does(
            picks in proptest::collection::vec(0..9usize, 0..12),
        ) {
            const PIECES: [&str; 9] = [" ", "\t", "\n", "\r", "\\r", "\\n", "\\x", "\\", "a"];
            let text: String = picks.iter().map(|&p| PIECES[p]).collect();
            let bytes = text.as_bytes();
            let mut rest = bytes;
            while let Ok((after, _)) = crate::reader::grammar::ws(rest) {
                rest = after;
            }
            proptest::prop_assert_eq!(space_end(bytes, 0), bytes.len() - rest.len(), "{:?}", text);
        }
    }

    #[test]
    fn percent_lines() {
        let text = b"% a [b]\n[Event";
        let in_percent_line = |from, at| percent_line_from(text, line_start(text, at), from, at);
        assert!(in_percent_line(0, 4));
        assert!(!in_percent_line(0, 8));
        assert!(!in_percent_line(1, 4));
        assert_eq!(line_start(text, 4), 0);
        assert_eq!(line_start(text, 10), 8);
        assert!(at_line_start(text, 8));
    }
}

/// How the tag pair starting at `open` ends: production `tag`, positions in `bytes`.
#[inline]
pub fn tag_extent(bytes: &[u8], open: usize) -> TagExtent {
    let (_, extent) = super::grammar::tags::tag(&bytes[open..]).unwrap_or((
        &[],
        TagExtent {
            end: bytes.len() - open,
            closed: false,
            quotes: None,
        },
    ));
    TagExtent {
        end: open + extent.end,
        closed: extent.closed,
        quotes: extent.quotes.map(|(q1, q2)| (open + q1, open + q2)),
    }
}

#[cfg(test)]
mod tag_tests {
    use super::*;

    #[test]
    fn extents_are_placed_in_the_bytes() {
        assert_eq!(tag_extent(b"x [A] \"b\"]", 2).end, 5);
        let t = b"x [Event \"a\"] x";
        assert_eq!(
            tag_extent(t, 2),
            TagExtent {
                end: 13,
                closed: true,
                quotes: Some((9, 11))
            }
        );
        assert_eq!(
            comment_end(b"a {b} c", 2),
            CommentEnd::Closed {
                end: 5,
                nested: false
            }
        );
        assert_eq!(bracketless_tag(b"\nEvent \"b\"]\n[", 1), Some(11));
        assert_eq!(line_end(b"ab\ncd", 1), 2);
    }
}
