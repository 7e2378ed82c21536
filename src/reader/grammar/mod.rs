//! The PDN grammar of `grammar/pdn.md` as nom combinators: one function per production, named
//! after it (`-` written `_`, `move` as `r#move`), its doc comment naming the production. The
//! reader runs them: the splitter ([`super::boundaries`]) for tags and comments, the game parser
//! ([`super::parse`]) for everything else. Productions that depend on what came before (`game`,
//! `header`, `body`, `body-item`, `variation`, `terminator`) are the game parser's, which holds
//! the move tree on an explicit stack; they call the productions here for each item.
//!
//! Each production takes the bytes where it starts and returns the rest and what it read, as
//! slices of its input (zero-copy: a slice's place in the chunk is its offset, so a finding
//! points at it without counting). A production that fails says why in its error, [`Miss`],
//! with the finding code the parser reports when it keeps the text as unread.
//!
//! Fast paths, each an optimisation of one production where nom measured slower, held to it by a
//! property test (the figures are in `grammar/pdn.md`): [`tags::plain_tag`] (`tag`),
//! [`moves::plain_move`] and [`moves::move_fast`] (`move`), [`moves::move_number_fast`]
//! (`move-number`), [`moves::plain_result`] (`result`), the parser's space loop (`ws`), the run
//! of plain tokens (`parse::plain_run`, `body`), and the splitter's `memchr` jumps between game
//! boundaries (`file`). `parse::parse_chunk_by_productions` reads with none of them:
//! `tests/pdn_grammar.rs` compares the two readings, and fails when a production of the
//! document has no function.

pub mod comments;
pub mod moves;
pub mod tags;

use crate::finding::Code;
use nom::IResult;
use nom::Parser;
use nom::bytes::complete::{tag, take_till, take_while1};
use nom::combinator::opt;

/// Why a production did not read its input: where it stopped, and the finding the reader gives
/// when that text is kept as unread (`None`: the text is simply not this production).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Miss<'a> {
    pub at: &'a [u8],
    pub code: Option<Code>,
}

impl<'a> nom::error::ParseError<&'a [u8]> for Miss<'a> {
    fn from_error_kind(input: &'a [u8], _: nom::error::ErrorKind) -> Self {
        Miss {
            at: input,
            code: None,
        }
    }

    fn append(_: &'a [u8], _: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

/// What every production returns.
pub type Res<'a, T> = IResult<&'a [u8], T, Miss<'a>>;

/// A production's failure at `input`, with the code of the finding it stands for.
pub(crate) fn miss<T>(input: &[u8], code: Option<Code>) -> Res<'_, T> {
    Err(nom::Err::Error(Miss { at: input, code }))
}

/// PDN whitespace: space, tab, CR, LF, VT, FF.
#[inline]
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// True for bytes that may follow a complete token (a result cannot be followed by a digit, so
/// `1-18` is a move and `1-1` a result).
#[inline]
pub fn is_delimiter(b: u8) -> bool {
    !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'x' | b'X' | b':' | b'/' | b'.'))
}

/// Production `ws`: whitespace, or **\[ext\]** the two characters `\r` or `\n` (line-end noise),
/// one piece at a time (the caller counts the noise).
pub fn ws(input: &[u8]) -> Res<'_, &[u8]> {
    match input.first() {
        Some(&b) if is_space(b) => take_while1(is_space).parse(input),
        Some(b'\\') if matches!(input.get(1), Some(b'r' | b'n')) => Ok((&input[2..], &input[..2])),
        _ => miss(input, None),
    }
}

/// Production `bom`: `"\xEF\xBB\xBF"` (`N-UTF8-BOM`; the splitter reads it before the first
/// game).
pub fn bom(input: &[u8]) -> Res<'_, Option<&[u8]>> {
    opt(tag(&b"\xEF\xBB\xBF"[..])).parse(input)
}

/// Production `line-end`: `"\r\n" | "\n" | "\r"`. Returns the text of the line before it (up to
/// the end of the input when no line end follows) and the rest from the line end on.
#[inline]
pub fn line_end(input: &[u8]) -> Res<'_, &[u8]> {
    match memchr::memchr2(b'\n', b'\r', input) {
        Some(at) => Ok((&input[at..], &input[..at])),
        None => Ok((&input[input.len()..], input)),
    }
}

/// Production `variation` past the depth bound (`parse::MAX_VARIATION_DEPTH`): the text of
/// the variation whose `(` starts `input`, kept whole (`E-NESTING-TOO-DEEP`). It runs to the `)`
/// that closes it (nested parentheses counted, comments skipped), or to a `[` at a line start,
/// or the end of the text. Linear: each byte is looked at once.
pub fn deep_variation(input: &[u8]) -> Res<'_, &[u8]> {
    let mut depth = 0usize;
    let mut i = 0;
    loop {
        let (rest, _) = take_till(|b| matches!(b, b'(' | b')' | b'{' | b'[')).parse(&input[i..])?;
        i = input.len() - rest.len();
        match rest.first() {
            None => return Ok((rest, input)),
            Some(b'(') => depth += 1,
            Some(b')') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Ok((&input[i + 1..], &input[..=i]));
                }
            }
            // A comment that is never closed runs to the end, as the parser reads it.
            Some(b'{') => match comments::comment(rest) {
                Ok((
                    after,
                    (_, comments::CommentEnd::Closed { .. } | comments::CommentEnd::Runaway { .. }),
                )) => {
                    i = input.len() - after.len();
                    continue;
                }
                _ => return Ok((&input[input.len()..], input)),
            },
            Some(_) if i > 0 && matches!(input[i - 1], b'\n' | b'\r') => {
                return Ok((rest, &input[..i]));
            }
            Some(_) => {}
        }
        i += 1;
    }
}

/// The offset of `part` (a slice of `whole`) in `whole`.
#[inline]
pub fn offset_in(whole: &[u8], part: &[u8]) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_and_line_ends() {
        assert_eq!(ws(b" \t\nx").unwrap(), (&b"x"[..], &b" \t\n"[..]));
        assert_eq!(ws(b"\\r x").unwrap().1, b"\\r");
        assert!(ws(b"\\t").is_err());
        assert_eq!(line_end(b"ab\r\ncd").unwrap(), (&b"\r\ncd"[..], &b"ab"[..]));
        assert_eq!(line_end(b"ab").unwrap(), (&b""[..], &b"ab"[..]));
        assert_eq!(bom(b"\xEF\xBB\xBFx").unwrap().1, Some(&b"\xEF\xBB\xBF"[..]));
        assert_eq!(deep_variation(b"(a (b) {)} c) d").unwrap().0, b" d");
        assert_eq!(
            deep_variation(b"(a\n[Event").unwrap(),
            (&b"[Event"[..], &b"(a\n"[..])
        );
        assert_eq!(deep_variation(b"(a {b").unwrap().1, b"(a {b");
    }
}
