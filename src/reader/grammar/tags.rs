//! The productions of tags: `tag` (its extent on its line), `name` and `letter`, `value` with
//! its escapes, `bracketless-tag`; and [`plain_tag`], the fast path of `tag`.

use super::comments::blanks;
use super::{Res, line_end, miss};
use crate::reader::encoding::Encoding;
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag as literal, take, take_till, take_while_m_n, take_while1};
use nom::combinator::{not, recognize};
use nom::multi::{fold_many0, many0_count};
use nom::sequence::preceded;
use std::borrow::Cow;

/// How a tag pair ends (positions counted from its first byte, the `[`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagExtent {
    /// Just past the closing `]`, or the end of the line when the tag is not closed.
    pub end: usize,
    /// Whether a `]` closed it.
    pub closed: bool,
    /// The value's quotes: positions of the opening and closing `"`, if quoted.
    pub quotes: Option<(usize, usize)>,
}

/// Production `tag`: `"[" name ws+ value "]" | bracketless-tag`, read as far as its extent on its
/// line (a tag never spans lines): the first `"`, `]` or line end decides; a quoted value ends at
/// the first `"` not escaped by `\` that is followed (after spaces) by `]`, so **\[ext\]**
/// unescaped quotes stay inside the value. A tag not closed on its line ends at the line end
/// (`E-UNCLOSED-TAG`): the recovery is this production's, so the splitter and the parser agree.
/// What is between the brackets ([`name`], [`value`]) the parser reads from the extent.
pub fn tag(input: &[u8]) -> Res<'_, TagExtent> {
    // The head is short: a scan beats a memchr set-up.
    let (rest, head) = take_till(|b| matches!(b, b'"' | b']' | b'\n' | b'\r')).parse(input)?;
    let q = head.len();
    match rest.first() {
        Some(b']') => Ok((
            &rest[1..],
            TagExtent {
                end: q + 1,
                closed: true,
                quotes: None,
            },
        )),
        Some(b'"') => {
            let (after_line, line) = line_end(rest)?;
            match quoted(line) {
                Ok((after, close)) => {
                    let end = line.len() - after.len();
                    Ok((
                        &rest[end..],
                        TagExtent {
                            end: q + end,
                            closed: true,
                            quotes: Some((q, q + close)),
                        },
                    ))
                }
                Err(_) => Ok((
                    after_line,
                    TagExtent {
                        end: input.len() - after_line.len(),
                        closed: false,
                        quotes: None,
                    },
                )),
            }
        }
        _ => Ok((
            rest,
            TagExtent {
                end: q,
                closed: false,
                quotes: None,
            },
        )),
    }
}

/// A quoted value and the `]` after it, on one line: `'"' { char | '\"' | '\\' } '"' ws* "]"`.
/// Returns the position of the closing quote.
fn quoted(line: &[u8]) -> Res<'_, usize> {
    let closing = || (literal("\""), blanks, literal("]"));
    let text = take_while1(|b| b != b'"' && b != b'\\');
    let escape = recognize((literal("\\"), take(1usize)));
    let piece = preceded(not(closing()), alt((text, escape, literal("\""))));
    let (rest, _) = (literal("\""), many0_count(piece)).parse(line)?;
    let at = line.len() - rest.len();
    let (rest, _) = closing().parse(rest)?;
    Ok((rest, at))
}

/// Production `letter`: `"A".."Z" | "a".."z" | any Unicode letter` (`W-LOCALISED-TAG`): one
/// letter, decoded in the chunk's character set (a digit of any script counts too, as in names).
pub fn letter(encoding: Encoding) -> impl Fn(&[u8]) -> Res<'_, &[u8]> {
    move |input: &[u8]| {
        let Some(&b) = input.first() else {
            return miss(input, None);
        };
        if b.is_ascii_alphabetic() {
            return Ok((&input[1..], &input[..1]));
        }
        let width: usize = match (encoding.is_utf8(), b) {
            (_, 0..=0x7F) => return miss(input, None),
            (false, _) => 1,
            (true, 0xF0..) => 4,
            (true, 0xE0..) => 3,
            (true, 0xC0..) => 2,
            _ => return miss(input, None),
        };
        let (rest, piece) = take(width).parse(input)?;
        let letter = encoding
            .decode(piece)
            .chars()
            .next()
            .is_some_and(|c| c != char::REPLACEMENT_CHARACTER && c.is_alphanumeric());
        if !letter {
            return miss(input, None);
        }
        Ok((rest, piece))
    }
}

/// Production `name`: `letter { letter | digit | "_" }`, read leniently (a lower-case or digit
/// first is reported by the parser: `W-TAG-NAME-CASE`). This is the name of a tag whose value is
/// not quoted; a quoted value's name is **\[ext\]** all the text before it.
pub fn name(encoding: Encoding) -> impl Fn(&[u8]) -> Res<'_, &[u8]> {
    move |input: &[u8]| {
        recognize(many0_count(alt((
            take_while1(|b: u8| b.is_ascii_alphanumeric() || b == b'_'),
            letter(encoding),
        ))))
        .parse(input)
    }
}

/// A tag name, roughly: ASCII letters, digits, `_` and non-ASCII bytes (letters of other scripts;
/// the parser checks them in the file's encoding).
pub fn tag_name(input: &[u8]) -> Res<'_, &[u8]> {
    take_while1(|b: u8| b.is_ascii_alphanumeric() || b == b'_' || !b.is_ascii()).parse(input)
}

/// What [`value`] read: the value with `\"` and `\\` resolved (borrowed when nothing was
/// escaped), and the offset of the first quote not escaped (**\[ext\]** `W-UNESCAPED-QUOTE`).
pub type Value<'a> = (Cow<'a, [u8]>, Option<usize>);

/// Production `value`: `'"' { char | '\"' | '\\' } '"'`, the text between the quotes (all of
/// `input`): escapes resolved, any other backslash kept.
pub fn value(input: &[u8]) -> Res<'_, Value<'_>> {
    let inner_quote = input
        .iter()
        .enumerate()
        .find(|(i, b)| **b == b'"' && (*i == 0 || input[i - 1] != b'\\'))
        .map(|(i, _)| i);
    if memchr::memchr(b'\\', input).is_none() {
        return Ok((&input[input.len()..], (Cow::Borrowed(input), inner_quote)));
    }
    let escaped = (
        literal("\\"),
        take_while_m_n(1, 1, |b| b == b'"' || b == b'\\'),
    )
        .map(|(_, b): (&[u8], &[u8])| b);
    let (rest, out) = fold_many0(
        alt((escaped, take_while1(|b| b != b'\\'), take(1usize))),
        || Vec::with_capacity(input.len()),
        |mut out, piece: &[u8]| {
            out.extend_from_slice(piece);
            out
        },
    )
    .parse(input)?;
    Ok((rest, (Cow::Owned(out), inner_quote)))
}

/// Production `bracketless-tag`: `capital name-char* ws+ value "]"`, alone on its line at a line
/// start (spaces and literal `\r`/`\n` may follow): a tag line that lost its `[`
/// (`W-TAG-MISSING-BRACKET`). Returns the length to just past the `]`.
pub fn bracketless_tag(input: &[u8]) -> Res<'_, usize> {
    let name_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || !b.is_ascii();
    let (_, _) = (
        take_while_m_n(1, 1, |b: u8| b.is_ascii_uppercase()),
        take_till(move |b| !name_byte(b)),
        take_while1(|b| b == b' ' || b == b'\t'),
        literal("\""),
    )
        .parse(input)?;
    let (rest, extent) = tag(input)?;
    if extent.quotes.is_none() || !extent.closed {
        return miss(input, None);
    }
    let escape = alt((literal("\\r"), literal("\\n")));
    let (after, _) = (blanks, many0_count((escape, blanks))).parse(rest)?;
    match after.first() {
        None | Some(b'\n' | b'\r') => Ok((rest, extent.end)),
        Some(_) => miss(input, None),
    }
}

/// Whether `b` may start a tag name at the start of a line: a capital letter, or a non-ASCII byte
/// (tag names in Cyrillic and other scripts).
pub fn starts_tag_name(b: u8) -> bool {
    b.is_ascii_uppercase() || b >= 0x80
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

/// Fast path of production `tag`, for the shape of nearly every archive, `[Name "value"]`: a
/// capitalised ASCII name, one space, a value of printable text without quotes or backslashes
/// (bytes above ASCII allowed when `high_bytes`), and after the `]` a line break, space, `[` or
/// `{`. Such a tag has nothing to report, and ends where [`tag`] (with the literal escapes after
/// it) says (the property test `plain_tags_end_where_the_production_says`); anything else is
/// `None`. Splitter and parser both take this short cut: one table look-up a byte, where the
/// production's general reading of name, quotes and escapes costs more on every tag.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn extent(text: &[u8]) -> TagExtent {
        tag(text).expect("a tag always reads").1
    }

    /// Pieces of tag text, near the edges of the plain shape.
    const PIECES: &[&str] = &[
        "[", "]", "\"", " ", "Event", "e", "_", "\\", "\\\"", "\n", "\r", "é", "\t", "{", "x", "2",
        "\u{1}", "\"]", "\" ]",
    ];

    proptest::proptest! {
        /// Wherever the short cut applies, it ends the tag where the production does, with the
        /// value between the quotes that production finds.
        #[test]
        fn plain_tags_end_where_the_production_says(
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
            if let Some(plain) = plain_tag(bytes, 0, true) {
                let read = extent(bytes);
                let end = crate::reader::lex::skip_literal_escapes(bytes, read.end);
                proptest::prop_assert_eq!(end, plain.end);
                let (q1, q2) = read.quotes.expect("quoted");
                proptest::prop_assert_eq!(q1 + 1..q2, plain.value);
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
            extent(t),
            TagExtent {
                end: 11,
                closed: true,
                quotes: Some((7, 9))
            }
        );
        let t = b"[Event \"The \"Big\" one\"][Site \"b\"]";
        let e = extent(t);
        assert_eq!((e.end, e.quotes), (23, Some((7, 21))));
        assert_eq!(extent(&t[23..]).end, t.len() - 23);
        let t = b"[White \"a \\\" b\"]";
        assert_eq!(extent(t).quotes, Some((7, 14)));
        assert_eq!(
            extent(b"[Event Foo]\n"),
            TagExtent {
                end: 11,
                closed: true,
                quotes: None
            }
        );
        assert!(!extent(b"[Event \"Foo\n\"]").closed);
        assert_eq!(
            extent(b"[Event\r\n]"),
            TagExtent {
                end: 6,
                closed: false,
                quotes: None
            }
        );
        assert_eq!(
            extent(b"[Event"),
            TagExtent {
                end: 6,
                closed: false,
                quotes: None
            }
        );
        assert_eq!(extent(b"[A] \"b\"]").end, 3);
        assert_eq!(extent(b"[A \"b\\").quotes, None);
        assert_eq!(extent(b"[A \"b\\").end, 6);
    }

    #[test]
    fn names_values_and_bracketless_tags() {
        let utf8 = Encoding::Utf8;
        assert_eq!(
            name(utf8)("Белые x".as_bytes()).unwrap().1,
            "Белые".as_bytes()
        );
        assert_eq!(name(utf8)(b"White_2 x").unwrap().1, b"White_2");
        assert_eq!(name(utf8)(b"-x").unwrap().1, b"");
        let (_, (read, quote)) = value(b"a \\\"b\\\" \\\\ \\x").unwrap();
        assert_eq!((&read[..], quote), (&b"a \"b\" \\ \\x"[..], None));
        let (_, (read, quote)) = value(b"The \"Big\" one").unwrap();
        assert!(matches!(read, Cow::Borrowed(_)));
        assert_eq!(quote, Some(4));
        assert_eq!(bracketless_tag(b"Event \"b\"]\n[").unwrap().1, 10);
        assert_eq!(bracketless_tag(b"Event \"b\"] \\r\n").unwrap().1, 10);
        assert!(bracketless_tag(b"Event \"b\"] x\n").is_err());
        assert!(bracketless_tag(b"event \"b\"]").is_err());
        assert!(bracketless_tag(b"Event b]").is_err());
    }
}
