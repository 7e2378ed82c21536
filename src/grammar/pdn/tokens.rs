//! The context-free productions of `grammar/pdn.md`: the tokens of move text and of comments.
//! Each is a nom parser over the text at the current position.

use crate::notation::Square;
use crate::reader::model::ResultKind;
use nom::branch::alt;
use nom::bytes::complete::{is_a, tag, take_till, take_while, take_while_m_n, take_while1};
use nom::character::complete::{digit1, one_of, satisfy};
use nom::combinator::{eof, map, map_opt, map_res, peek, recognize, value, verify};
use nom::multi::{many0, many0_count};
use nom::sequence::preceded;
use nom::{IResult, Parser};

pub type R<'a, T> = IResult<&'a str, T>;

/// `ws = " " | "\t" | "\r" | "\n" | VT | FF | (* [ext] *) "\r" | "\n" (the two characters)`
pub fn ws(i: &str) -> R<'_, &str> {
    alt((take_while1(is_space), tag("\\r"), tag("\\n"))).parse(i)
}

/// `{ ws }`
pub fn gap(i: &str) -> R<'_, &str> {
    recognize(many0_count(ws)).parse(i)
}

/// PDN whitespace: space, tab, CR, LF, VT, FF.
pub fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0B' | '\x0C')
}

/// A character that may follow a complete token: anything but a letter, a digit or one of
/// `- x X : / .` (what could continue a move or a result).
pub fn is_delimiter(c: char) -> bool {
    !(c.is_ascii_alphanumeric() || matches!(c, '-' | 'x' | 'X' | ':' | '/' | '.'))
}

/// A delimiter, or the end of the text, follows (nothing is consumed).
fn delimited(i: &str) -> R<'_, ()> {
    alt((value((), eof), value((), peek(satisfy(is_delimiter))))).parse(i)
}

/// `result = "1-0" | "0-1" | "1/2-1/2" | "2-0" | "0-2" | "1-1" | "0-0" | "*" ;`
/// (a delimiter after it, except after `*`, itself one).
pub fn result(i: &str) -> R<'_, ResultKind> {
    let standard = map(
        alt((
            tag("1/2-1/2"),
            tag("1-0"),
            tag("0-1"),
            tag("2-0"),
            tag("0-2"),
            tag("1-1"),
            tag("0-0"),
        )),
        |t| ResultKind::parse(t).expect("a result"),
    );
    alt((
        value(ResultKind::Unknown, tag("*")),
        (standard, delimited).map(|(kind, ())| kind),
    ))
    .parse(i)
}

/// `move-number = digit+ ( "." | ".." | "..." ) ;` Returns the number and whether it has more
/// than one dot (the second player's move). A number that does not fit 32 bits is not one.
pub fn move_number(i: &str) -> R<'_, (u32, bool)> {
    map_opt(
        (digit1, take_while_m_n(1, 3, |c| c == '.')),
        |(digits, dots): (&str, &str)| Some((digits.parse::<u32>().ok()?, dots.len() >= 2)),
    )
    .parse(i)
}

/// `square = digit [ digit [ digit ] ] | lower-letter digit [ digit ] ;` (`x` is a separator,
/// not a file). Which squares exist is [`square_value`]'s matter.
pub fn square(i: &str) -> R<'_, &str> {
    alt((
        take_while_m_n(1, 3, |c: char| c.is_ascii_digit()),
        recognize((
            satisfy(|c| c.is_ascii_lowercase() && c != 'x'),
            take_while_m_n(1, 2, |c: char| c.is_ascii_digit()),
        )),
    ))
    .parse(i)
}

/// The square a written square names: numbers 1 to 255 (zero-padded allowed), files `a`-`z`
/// with ranks 1 to 26 written without a leading zero.
pub fn square_value(text: &str) -> Option<Square> {
    Square::parse(text)
}

/// `sep = "-" | "x" | "X" | ":" ;`
pub fn sep(i: &str) -> R<'_, char> {
    one_of("-xX:").parse(i)
}

/// A move's shape as written: its squares, and the separator before each square after the
/// first (`None` between algebraic squares written together, `a3b4`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveText<'a> {
    pub squares: Vec<&'a str>,
    pub separators: Vec<Option<char>>,
}

/// `square sep square { sep square } | alg-square alg-square { alg-square }`, with **\[ext\]**
/// spaces or tabs after a separator (`35x 4`) and the two shapes mixed; no check of what
/// follows.
pub fn move_text(i: &str) -> R<'_, MoveText<'_>> {
    let (rest, first) = square(i)?;
    let algebraic = first.starts_with(|c: char| c.is_ascii_lowercase());
    let separated = map(
        (sep, take_while(|c| c == ' ' || c == '\t'), square),
        |(s, _, sq)| (Some(s), sq),
    );
    let together = map(
        verify(square, move |sq: &str| {
            algebraic && sq.starts_with(|c: char| c.is_ascii_lowercase())
        }),
        |sq| (None, sq),
    );
    let (rest, more) = verify(many0(alt((separated, together))), |v: &Vec<_>| {
        !v.is_empty()
    })
    .parse(rest)?;
    let mut text = MoveText {
        squares: vec![first],
        separators: Vec::new(),
    };
    for (s, sq) in more {
        text.separators.push(s);
        text.squares.push(sq);
    }
    Ok((rest, text))
}

/// `move = square sep square { sep square } | alg-square alg-square { alg-square }`, ending at a
/// delimiter (or a mark glued to it: `*`, `!`, `?`), every square one that exists.
pub fn move_(i: &str) -> R<'_, (MoveText<'_>, Vec<Square>)> {
    let ends = alt((delimited, value((), peek(one_of("*!?")))));
    map_opt((move_text, ends), |(text, ())| {
        let squares = text
            .squares
            .iter()
            .map(|s| square_value(s))
            .collect::<Option<Vec<_>>>()?;
        Some((text, squares))
    })
    .parse(i)
}

/// `"-" { " " } "-"` (tabs too): the unknown move.
pub fn unknown_move(i: &str) -> R<'_, &str> {
    recognize((tag("-"), take_while(|c| c == ' ' || c == '\t'), tag("-"))).parse(i)
}

/// `strength = ( "!" | "?" ) { "!" | "?" } | "(" ( "!" | "?" ) { "!" | "?" } ")" ;`
pub fn strength(i: &str) -> R<'_, &str> {
    alt((recognize((tag("("), is_a("!?"), tag(")"))), is_a("!?"))).parse(i)
}

/// `nag = "$" digit+ ;` (a value that fits 16 bits).
pub fn nag(i: &str) -> R<'_, u16> {
    preceded(tag("$"), map_res(digit1, str::parse::<u16>)).parse(i)
}

/// `setup = "/" { " " } "FEN" " "* '"' fen '"' " "* "/" ;` (the FEN on one line).
pub fn setup(i: &str) -> R<'_, &str> {
    let spaces = || take_while(|c| c == ' ');
    map(
        (
            tag("/"),
            spaces(),
            tag("FEN"),
            spaces(),
            tag("\""),
            take_while(|c| c != '"' && c != '\n'),
            tag("\""),
            spaces(),
            tag("/"),
        ),
        |(_, _, _, _, _, fen, _, _, _)| fen,
    )
    .parse(i)
}

/// `ellipsis = "..." ;` A run of dots is read whole: `Some` when it is the ellipsis, `None`
/// for any other count (a lone dot).
pub fn ellipsis(i: &str) -> R<'_, Option<&str>> {
    map(take_while1(|c| c == '.'), |dots: &str| {
        (dots.len() == 3).then_some(dots)
    })
    .parse(i)
}

/// `line-comment = "%" { any } line-end ;` (the `%` in the first column: the caller's matter).
/// Returns the text after the `%`, up to the line end (not included).
pub fn line_comment(i: &str) -> R<'_, &str> {
    preceded(tag("%"), take_till(|c| c == '\n' || c == '\r')).parse(i)
}

/// `semicolon = ";" { any } line-end ;`
pub fn semicolon(i: &str) -> R<'_, &str> {
    preceded(tag(";"), take_till(|c| c == '\n' || c == '\r')).parse(i)
}

/// Text the grammar cannot read: `any` up to the next whitespace, `{ [ ( ) ;` or literal
/// `\r`/`\n` (at least one character).
pub fn unreadable(i: &str) -> R<'_, &str> {
    let stop = |j: &str| {
        j.starts_with(|c: char| is_space(c) || "{[();".contains(c))
            || j.starts_with("\\r")
            || j.starts_with("\\n")
    };
    let mut end = i.chars().next().map_or(0, char::len_utf8);
    if end == 0 {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Eof,
        )));
    }
    while end < i.len() && !stop(&i[end..]) {
        end += i[end..].chars().next().map_or(1, char::len_utf8);
    }
    Ok((&i[end..], &i[..end]))
}

/// The end of the line holding `at` (its line-end byte, or the end of the text).
pub fn line_end(text: &str, at: usize) -> usize {
    text[at..].find(['\n', '\r']).map_or(text.len(), |p| at + p)
}

/// Whether `at` starts a line.
pub fn at_line_start(text: &str, at: usize) -> bool {
    at == 0 || matches!(text.as_bytes()[at - 1], b'\n' | b'\r')
}

/// The end of the whitespace (literal `\r`/`\n` included) at `at`.
pub fn space_end(text: &str, at: usize) -> usize {
    let (rest, _) = gap(&text[at..]).expect("gap never fails");
    text.len() - rest.len()
}
