//! Lexical rules shared by the game splitter and the parser, so that both agree on where
//! comments, tags and lines end.

/// Where a `{` comment ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommentEnd {
    /// Closed by `}`; `end` is just past it. `nested` when a `{` was seen inside.
    Closed { end: usize, nested: bool },
    /// Never closed, but a line that starts a new game's tags follows a blank line: the comment is
    /// taken to run away and end there (`end` is the start of that line).
    Runaway { end: usize },
    /// Not closed before the end of the bytes.
    Unclosed,
}

/// Finds the end of the comment whose `{` is at `open`. Braces nest (a lenient reading: PDN 3.0
/// comments do not nest, and the parser reports it).
pub fn comment_end(bytes: &[u8], open: usize) -> CommentEnd {
    let mut depth = 0usize;
    let mut nested = false;
    let mut i = open;
    while let Some(off) = memchr::memchr3(b'{', b'}', b'[', &bytes[i..]) {
        let at = i + off;
        match bytes[at] {
            b'{' => {
                depth += 1;
                nested |= depth > 1;
            }
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return CommentEnd::Closed {
                        end: at + 1,
                        nested,
                    };
                }
            }
            _ => {
                if starts_tag_line_after_blank(bytes, at) {
                    return CommentEnd::Runaway { end: at };
                }
            }
        }
        i = at + 1;
    }
    CommentEnd::Unclosed
}

/// True when `bytes[at]` is a `[` at the start of a line, after a blank line, that looks like a tag
/// pair (`[Name "`).
fn starts_tag_line_after_blank(bytes: &[u8], at: usize) -> bool {
    let before = &bytes[..at];
    let blank_line_before =
        before.ends_with(b"\n\n") || before.ends_with(b"\r\n\r\n") || before.ends_with(b"\r\r");
    if !blank_line_before {
        return false;
    }
    let rest = &bytes[at + 1..];
    let name_len = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_' || !b.is_ascii())
        .count();
    name_len > 0
        && starts_tag_name(rest[0])
        && rest[name_len..]
            .iter()
            .take_while(|b| **b == b' ' || **b == b'\t')
            .count()
            > 0
        && rest[name_len..]
            .iter()
            .find(|b| **b != b' ' && **b != b'\t')
            == Some(&b'"')
}

/// Whether `b` may start a tag name at the start of a line: a capital letter, or a non-ASCII byte
/// (tag names in Cyrillic and other scripts).
pub fn starts_tag_name(b: u8) -> bool {
    b.is_ascii_uppercase() || b >= 0x80
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

/// Position of the end of the line holding `at` (the line-break byte, or the end of bytes).
pub fn line_end(bytes: &[u8], at: usize) -> usize {
    memchr::memchr2(b'\n', b'\r', &bytes[at..]).map_or(bytes.len(), |p| at + p)
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

/// The end of the whitespace (and literal `\r`/`\n` noise) that starts at `at`.
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

/// Classes of bytes in a [`plain_tag`], looked up in [`TAG_BYTES`] (one load a byte, where the
/// tests they stand for took several comparisons).
const NAME: u8 = 1;
/// Printable ASCII other than `"` and `\\`.
const VALUE: u8 = 2;
/// Above ASCII.
const HIGH: u8 = 4;

const TAG_BYTES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if byte.is_ascii_alphanumeric() || byte == b'_' {
            table[b] |= NAME;
        }
        if byte >= 0x20 && byte < 0x7F && byte != b'"' && byte != b'\\' {
            table[b] |= VALUE;
        }
        if byte >= 0x80 {
            table[b] |= HIGH;
        }
        b += 1;
    }
    table
};

/// Where the parts of a [`plain_tag`] are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlainTag {
    /// Just past the name (the name starts after the `[`).
    pub name_end: usize,
    /// The value, between the quotes.
    pub value: std::ops::Range<usize>,
    /// Just past the `]`.
    pub end: usize,
}

/// The tag shape of nearly every archive, `[Name "value"]`: a capitalised ASCII name, one space,
/// a value of printable text without quotes or backslashes (bytes above ASCII allowed when
/// `high_bytes`), and after the `]` a line break, space, `[` or `{`. Such a tag has nothing to
/// report, and ends where [`tag_extent`] (with [`skip_literal_escapes`]) says; anything else is
/// `None`. Splitter and parser both take this short cut.
#[inline]
pub fn plain_tag(bytes: &[u8], open: usize, high_bytes: bool) -> Option<PlainTag> {
    if !bytes.get(open + 1)?.is_ascii_uppercase() {
        return None;
    }
    let name_end = open
        + 1
        + bytes[open + 1..]
            .iter()
            .position(|&b| TAG_BYTES[usize::from(b)] & NAME == 0)?;
    if bytes.get(name_end..name_end + 2)? != b" \"" {
        return None;
    }
    let value_start = name_end + 2;
    let value_bytes = if high_bytes { VALUE | HIGH } else { VALUE };
    let value_len = bytes[value_start..]
        .iter()
        .position(|&b| TAG_BYTES[usize::from(b)] & value_bytes == 0)?;
    let value_end = value_start + value_len;
    let end = value_end + 2;
    let follower_ok = bytes
        .get(end)
        .is_none_or(|b| matches!(b, b'\n' | b'\r' | b' ' | b'\t' | b'[' | b'{'));
    if bytes.get(value_end..end)? != b"\"]" || !follower_ok {
        return None;
    }
    Some(PlainTag {
        name_end,
        value: value_start..value_end,
        end,
    })
}

/// A tag line that lost its `[`, `Event "b"]`, starting at `at` (the start of a line): a name
/// (capital first), spaces, a quoted value and `]` ending the line (spaces and literal `\r`/`\n`
/// may follow). Returns the position just past the `]`. The splitter and the parser both read
/// such a line as a tag that starts a header (`W-TAG-MISSING-BRACKET`).
pub fn bracketless_tag(bytes: &[u8], at: usize) -> Option<usize> {
    if !bytes.get(at).is_some_and(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let eol = line_end(bytes, at);
    let line = &bytes[at..eol];
    let name = line
        .iter()
        .take_while(|&&b| TAG_BYTES[usize::from(b)] & (NAME | HIGH) != 0)
        .count();
    let spaces = line[name..]
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    if spaces == 0 || line.get(name + spaces) != Some(&b'"') {
        return None;
    }
    // A quoted value closed by `]`, and nothing after it on the line but spaces and escapes.
    let extent = tag_extent(bytes, at);
    extent.quotes?;
    if !extent.closed {
        return None;
    }
    let mut rest = extent.end;
    loop {
        while matches!(bytes.get(rest), Some(b' ' | b'\t')) {
            rest += 1;
        }
        if !is_literal_escape(bytes, rest) {
            break;
        }
        rest += 2;
    }
    (rest == eol).then_some(extent.end)
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

/// PDN whitespace.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_end_where_expected() {
        assert_eq!(
            comment_end(b"{a} b", 0),
            CommentEnd::Closed {
                end: 3,
                nested: false
            }
        );
        assert_eq!(
            comment_end(b"{ nested { c } } x", 0),
            CommentEnd::Closed {
                end: 16,
                nested: true
            }
        );
        assert_eq!(
            comment_end(b"{ [%clk 1:00] }", 0),
            CommentEnd::Closed {
                end: 15,
                nested: false
            }
        );
        assert_eq!(comment_end(b"{ open", 0), CommentEnd::Unclosed);
        let runaway = b"{ open\n\n[Event \"x\"]\n1. 32-28 *";
        assert_eq!(comment_end(runaway, 0), CommentEnd::Runaway { end: 8 });
        // A bracket in a comment that is not a tag line is just text.
        assert_eq!(
            comment_end(b"{ a\n\n[b] }", 0),
            CommentEnd::Closed {
                end: 10,
                nested: false
            }
        );
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

/// How a tag pair starting with `[` at `open` ends. Shared by the splitter and the parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagExtent {
    /// Just past the closing `]`, or the end of the line when the tag is not closed.
    pub end: usize,
    /// Whether a `]` closed it.
    pub closed: bool,
    /// The value's quotes: positions of the opening and closing `"`, if quoted.
    pub quotes: Option<(usize, usize)>,
}

/// Finds the end of a tag pair. The value ends at the first unescaped `"` followed (after spaces)
/// by `]`, so that unescaped quotes inside a value (a common dialect) stay inside it. Tags never
/// span lines.
pub fn tag_extent(bytes: &[u8], open: usize) -> TagExtent {
    // The first quote, `]` or line end decides; the name before it is short, so a plain scan
    // beats three memchr set-ups.
    let mut at = open;
    let q = loop {
        match bytes.get(at) {
            None | Some(b'\n' | b'\r') => {
                return TagExtent {
                    end: at,
                    closed: false,
                    quotes: None,
                };
            }
            Some(b']') => {
                return TagExtent {
                    end: at + 1,
                    closed: true,
                    quotes: None,
                };
            }
            Some(b'"') => break at - open,
            Some(_) => at += 1,
        }
    };
    let eol = line_end(bytes, at);
    let line = &bytes[open..eol];
    let mut i = q + 1;
    while i < line.len() {
        match line[i] {
            b'\\' => i += 2,
            b'"' => {
                let after = &line[i + 1..];
                let spaces = after
                    .iter()
                    .take_while(|b| **b == b' ' || **b == b'\t')
                    .count();
                if after.get(spaces) == Some(&b']') {
                    return TagExtent {
                        end: open + i + 1 + spaces + 1,
                        closed: true,
                        quotes: Some((open + q, open + i)),
                    };
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    TagExtent {
        end: eol,
        closed: false,
        quotes: None,
    }
}

#[cfg(test)]
mod tag_tests {
    use super::*;

    /// Pieces of tag text, near the edges of the plain shape.
    const PIECES: &[&str] = &[
        "[", "]", "\"", " ", "Event", "e", "_", "\\", "\\\"", "\n", "\r", "é", "\t", "{", "x", "2",
        "\u{1}", "\"]", "\" ]",
    ];

    proptest::proptest! {
        /// Wherever the short cut applies, it ends the tag where the general reading does, with
        /// the value between the quotes that reading finds.
        #[test]
        fn plain_tags_end_where_tag_extent_says(
            name in proptest::collection::vec(0..PIECES.len(), 0..3),
            value in proptest::collection::vec(0..PIECES.len(), 0..8),
            after in 0..PIECES.len(),
        ) {
            let mut text = String::from("[E");
            name.iter().for_each(|&p| text.push_str(PIECES[p]));
            text.push_str(" \"");
            value.iter().for_each(|&p| text.push_str(PIECES[p]));
            text.push_str("\"]");
            text.push_str(PIECES[after]);
            let bytes = text.as_bytes();
            if let Some(tag) = plain_tag(bytes, 0, true) {
                let extent = tag_extent(bytes, 0);
                proptest::prop_assert_eq!(skip_literal_escapes(bytes, extent.end), tag.end);
                let (q1, q2) = extent.quotes.expect("quoted");
                proptest::prop_assert_eq!(q1 + 1..q2, tag.value);
            }
        }
    }

    #[test]
    fn plain_tags() {
        let tag = plain_tag(b"[Event \"a b\"]\n", 0, false).expect("plain");
        assert_eq!((tag.name_end, tag.value, tag.end), (6, 8..11, 13));
        assert!(plain_tag(b"[Event \"a\\\"b\"]", 0, true).is_none());
        assert!(plain_tag(b"[event \"a\"]", 0, true).is_none());
        assert!(plain_tag(b"[Event \"a\"]\\r", 0, true).is_none());
        assert!(plain_tag("[Event \"é\"]".as_bytes(), 0, false).is_none());
        assert!(plain_tag("[Event \"é\"]".as_bytes(), 0, true).is_some());
    }

    #[test]
    fn tag_extents() {
        let t = b"[Event \"a\"] x";
        assert_eq!(
            tag_extent(t, 0),
            TagExtent {
                end: 11,
                closed: true,
                quotes: Some((7, 9))
            }
        );
        let t = b"[Event \"The \"Big\" one\"][Site \"b\"]";
        let e = tag_extent(t, 0);
        assert_eq!((e.end, e.quotes), (23, Some((7, 21))));
        assert_eq!(tag_extent(t, 23).end, t.len());
        let t = b"[White \"a \\\" b\"]";
        assert_eq!(tag_extent(t, 0).quotes, Some((7, 14)));
        assert_eq!(
            tag_extent(b"[Event Foo]\n", 0),
            TagExtent {
                end: 11,
                closed: true,
                quotes: None
            }
        );
        assert!(!tag_extent(b"[Event \"Foo\n\"]", 0).closed);
        assert_eq!(
            tag_extent(b"[Event\r\n]", 0),
            TagExtent {
                end: 6,
                closed: false,
                quotes: None
            }
        );
        assert_eq!(
            tag_extent(b"[Event", 0),
            TagExtent {
                end: 6,
                closed: false,
                quotes: None
            }
        );
        assert_eq!(tag_extent(b"x [A] \"b\"]", 2).end, 5);
        assert_eq!(tag_extent(b"[A \"b\\", 0).quotes, None);
    }
}
