//! The productions of comments: `{...}` (nested **\[ext\]**, and one never closed, which runs to
//! a tag line after a blank line), `%` lines and `;` comments. The splitter and the parser both
//! run them, so they agree on where a comment ends.

use super::{Res, line_end, miss};
use nom::Parser;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::combinator::verify;
use nom::sequence::preceded;

/// How a `{` comment ends (positions counted from its `{`).
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

/// Production `comment`: `"{" { any } "}"`, with **\[ext\]** nested comments (a `{` opens one,
/// closed by its own `}`: `W-NESTED-COMMENT`). A comment never closed is read to a tag line after
/// a blank line or to the end of the input, and reported (`E-UNCLOSED-COMMENT`): the recovery
/// is this production's, so the splitter and the parser cut it alike. Returns the text between
/// the braces and how it ended. `memchr` jumps to each brace or bracket.
pub fn comment(input: &[u8]) -> Res<'_, (&[u8], CommentEnd)> {
    if input.first() != Some(&b'{') {
        return miss(input, None);
    }
    let mut depth = 0usize;
    let mut nested = false;
    let mut i = 0;
    while let Some(off) = memchr::memchr3(b'{', b'}', b'[', &input[i..]) {
        let at = i + off;
        match input[at] {
            b'{' => {
                depth += 1;
                nested |= depth > 1;
            }
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    let end = CommentEnd::Closed {
                        end: at + 1,
                        nested,
                    };
                    return Ok((&input[at + 1..], (&input[1..at], end)));
                }
            }
            _ => {
                if after_blank_line(&input[..at]) && tag_line(&input[at..]).is_ok() {
                    return Ok((
                        &input[at..],
                        (&input[1..at], CommentEnd::Runaway { end: at }),
                    ));
                }
            }
        }
        i = at + 1;
    }
    Ok((&input[input.len()..], (&input[1..], CommentEnd::Unclosed)))
}

/// Whether `before` ends with a blank line.
fn after_blank_line(before: &[u8]) -> bool {
    before.ends_with(b"\n\n") || before.ends_with(b"\r\n\r\n") || before.ends_with(b"\r\r")
}

/// The start of a tag pair, `[Name "`: a name (a capital or a non-ASCII byte first), spaces, a
/// quote. (Where a runaway comment stops.)
fn tag_line(input: &[u8]) -> Res<'_, &[u8]> {
    let name = verify(
        take_while1(|b: u8| b.is_ascii_alphanumeric() || b == b'_' || !b.is_ascii()),
        |name: &[u8]| super::tags::starts_tag_name(name[0]),
    );
    let (rest, (_, name, _, _)) = (
        tag("["),
        name,
        take_while1(|b| b == b' ' || b == b'\t'),
        tag("\""),
    )
        .parse(input)?;
    Ok((rest, name))
}

/// Production `line-comment`: `"%" { any } line-end` (the `%` in the first column: the caller
/// looks). Returns the text after the `%`, up to the line end (not included).
pub fn line_comment(input: &[u8]) -> Res<'_, &[u8]> {
    preceded(tag("%"), line_end).parse(input)
}

/// Production `semicolon`: `";" { any } line-end` (**\[ext\]** `W-SEMICOLON-COMMENT`). Returns
/// the text after the `;`, up to the line end (not included).
pub fn semicolon(input: &[u8]) -> Res<'_, &[u8]> {
    match preceded(tag(";"), line_end).parse(input) {
        Ok(read) => Ok(read),
        Err(_) => miss(input, None),
    }
}

/// Spaces and tabs.
pub fn blanks(input: &[u8]) -> Res<'_, &[u8]> {
    take_while(|b| b == b' ' || b == b'\t').parse(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(text: &[u8]) -> CommentEnd {
        comment(text).expect("a comment").1.1
    }

    #[test]
    fn comments_end_where_expected() {
        assert_eq!(
            end(b"{a} b"),
            CommentEnd::Closed {
                end: 3,
                nested: false
            }
        );
        assert_eq!(
            end(b"{ nested { c } } x"),
            CommentEnd::Closed {
                end: 16,
                nested: true
            }
        );
        assert_eq!(end(b"{ open"), CommentEnd::Unclosed);
        assert_eq!(
            end(b"{ open\n\n[Event \"x\"]\n1. 32-28 *"),
            CommentEnd::Runaway { end: 8 }
        );
        // A bracket in a comment that is not a tag line is just text.
        assert_eq!(
            end(b"{ a\n\n[b] }"),
            CommentEnd::Closed {
                end: 10,
                nested: false
            }
        );
        assert_eq!(comment(b"{a}").unwrap().1.0, b"a");
        assert!(comment(b"a}").is_err());
        assert_eq!(line_comment(b"% x\ny").unwrap(), (&b"\ny"[..], &b" x"[..]));
        assert_eq!(semicolon(b"; x").unwrap(), (&b""[..], &b" x"[..]));
    }
}
