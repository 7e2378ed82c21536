//! The nom parsers for PDN's small tokens: move numbers, results, squares, moves, NAGs, strength
//! marks. Each takes the bytes at the current position and returns what it read; the game parser
//! (`parse.rs`) decides what the token means in context and what to report.

use crate::notation::Square;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::digit1;
use nom::combinator::{opt, recognize};
use nom::{IResult, Parser};
use smallvec::SmallVec;

type Res<'a, T> = IResult<&'a [u8], T>;

/// True for bytes that may follow a complete token (a result cannot be followed by a digit, so
/// `1-18` is a move and `1-1` a result).
pub fn is_delimiter(b: u8) -> bool {
    !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'x' | b'X' | b':' | b'/' | b'.'))
}

fn delimited_end(rest: &[u8]) -> bool {
    rest.first().is_none_or(|b| is_delimiter(*b))
}

fn fail<T>(input: &[u8], kind: nom::error::ErrorKind) -> Res<'_, T> {
    Err(nom::Err::Error(nom::error::Error::new(input, kind)))
}

/// `1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`, `1-1`, `0-0`, `*` followed by a delimiter.
/// (Hand-written rather than nom: it is tried on every token of every game.)
pub fn result(input: &[u8]) -> Res<'_, &[u8]> {
    let len = match input {
        [b'*', ..] => return Ok((&input[1..], &input[..1])),
        [b'1', b'/', b'2', b'-', b'1', b'/', b'2', ..] => 7,
        [b'1', b'-', b'0' | b'1', ..] | [b'0', b'-', b'1' | b'0', ..] => 3,
        [b'2', b'-', b'0', ..] | [b'0', b'-', b'2', ..] => 3,
        _ => return fail(input, nom::error::ErrorKind::Tag),
    };
    let (token, rest) = input.split_at(len);
    if !delimited_end(rest) {
        return fail(input, nom::error::ErrorKind::Verify);
    }
    Ok((rest, token))
}

/// Whether the text may start a result: `0`, `1` or `2` followed by `-` or `/` (a quick test
/// before trying [`result`] on a token that starts with a digit).
#[inline]
pub fn may_be_result(input: &[u8]) -> bool {
    matches!(input, [b'0'..=b'2', b'-' | b'/', ..])
}

/// A move number: digits then `.` or `...` (also `..`); returns (number text, dots).
pub fn move_number(input: &[u8]) -> Res<'_, (&[u8], &[u8])> {
    let digits = input.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return fail(input, nom::error::ErrorKind::Digit);
    }
    let dots = input[digits..]
        .iter()
        .take(3)
        .take_while(|b| **b == b'.')
        .count();
    if dots == 0 {
        return fail(&input[digits..], nom::error::ErrorKind::Tag);
    }
    let end = digits + dots;
    Ok((&input[end..], (&input[..digits], &input[digits..end])))
}

/// A square as written: up to three digits, or a letter and one or two digits.
pub fn square_text(input: &[u8]) -> Res<'_, &[u8]> {
    let len = match input.first() {
        Some(b'0'..=b'9') => input
            .iter()
            .take(3)
            .take_while(|b| b.is_ascii_digit())
            .count(),
        Some(&b) if b.is_ascii_lowercase() && b != b'x' => {
            let digits = input[1..]
                .iter()
                .take(2)
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits == 0 {
                return fail(input, nom::error::ErrorKind::TakeWhileMN);
            }
            1 + digits
        }
        _ => return fail(input, nom::error::ErrorKind::TakeWhileMN),
    };
    Ok((&input[len..], &input[..len]))
}

/// What `move_text` read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawMove<'a> {
    pub squares: SmallVec<[&'a [u8]; 4]>,
    /// Separators between consecutive squares (`0` for none, as in `a3b4`).
    pub separators: SmallVec<[u8; 4]>,
    /// Whether spaces were found after a separator (`35x 4`).
    pub spaced: bool,
}

fn separator(input: &[u8]) -> Option<u8> {
    input
        .first()
        .copied()
        .filter(|b| matches!(b, b'-' | b'x' | b'X' | b':'))
}

/// `32-28`, `28x19x10`, `c3:e5`, `a3b4`, and the spaced dialect `35x 4`.
pub fn move_text(input: &[u8]) -> Res<'_, RawMove<'_>> {
    let (mut rest, first) = square_text(input)?;
    let mut mv = RawMove {
        squares: SmallVec::from_elem(first, 1),
        separators: SmallVec::new(),
        spaced: false,
    };
    loop {
        if let Some(sep) = separator(rest) {
            let after_sep = &rest[1..];
            let spaces = after_sep
                .iter()
                .take_while(|b| **b == b' ' || **b == b'\t')
                .count();
            if let Ok((after, sq)) = square_text(&after_sep[spaces..]) {
                mv.spaced |= spaces > 0;
                mv.squares.push(sq);
                mv.separators.push(sep);
                rest = after;
                continue;
            }
            break;
        }
        // Algebraic squares written without a separator: `a3b4`.
        if first[0].is_ascii_lowercase()
            && let Ok((after, sq)) = square_text(rest)
            && sq[0].is_ascii_lowercase()
        {
            mv.squares.push(sq);
            mv.separators.push(0);
            rest = after;
            continue;
        }
        break;
    }
    if mv.squares.len() < 2 {
        return fail(input, nom::error::ErrorKind::Count);
    }
    Ok((rest, mv))
}

/// The common move shape, read without building a [`RawMove`]: a square of one or two digits (no
/// leading zero), `-` or `x`, the same again, then a byte that ends a move token (a delimiter,
/// `*`, `!`, `?` or the end). Returns (length, from, separator, to), the squares as numbers. Anything else (`:`, `X`,
/// three-digit squares, multi-captures, algebraic squares, spaces, padding) is `None`: the caller
/// falls back to [`move_text`], which reads the same text the same way when this returns `Some`.
#[inline]
pub fn plain_move(input: &[u8]) -> Option<(usize, u8, u8, u8)> {
    fn number(input: &[u8], at: usize) -> Option<(u8, usize)> {
        let first = *input.get(at)?;
        if !(b'1'..=b'9').contains(&first) {
            return None;
        }
        match input.get(at + 1) {
            Some(&d) if d.is_ascii_digit() => Some(((first - b'0') * 10 + (d - b'0'), at + 2)),
            _ => Some((first - b'0', at + 1)),
        }
    }
    let (from, at) = number(input, 0)?;
    let separator = *input.get(at)?;
    if separator != b'-' && separator != b'x' {
        return None;
    }
    let (to, end) = number(input, at + 1)?;
    match input.get(end) {
        None => {}
        Some(&b) if b.is_ascii_digit() || matches!(b, b'-' | b'x' | b'X' | b':') => return None,
        Some(&b) if !(is_delimiter(b) || matches!(b, b'*' | b'!' | b'?')) => return None,
        Some(_) => {}
    }
    Some((end, from, separator, to))
}

/// `- -` or `--`: a move whose squares are not known.
pub fn unknown_move(input: &[u8]) -> Res<'_, &[u8]> {
    recognize((
        tag("-"),
        take_while(|b: u8| b == b' ' || b == b'\t'),
        tag("-"),
    ))
    .parse(input)
}

/// `!`, `?`, `!?`, ... or the same in parentheses: `(!?)`.
pub fn strength(input: &[u8]) -> Res<'_, &[u8]> {
    alt((
        recognize((
            tag("("),
            take_while1(|b: u8| b == b'!' || b == b'?'),
            tag(")"),
        )),
        take_while1(|b: u8| b == b'!' || b == b'?'),
    ))
    .parse(input)
}

/// `$12`
pub fn nag(input: &[u8]) -> Res<'_, &[u8]> {
    let (rest, (_, digits)) = (tag("$"), digit1).parse(input)?;
    Ok((rest, digits))
}

/// A tag name, roughly: ASCII letters, digits, `_` and non-ASCII bytes (letters of other scripts;
/// the parser checks them in the file's encoding).
pub fn tag_name(input: &[u8]) -> Res<'_, &[u8]> {
    take_while1(|b: u8| b.is_ascii_alphanumeric() || b == b'_' || !b.is_ascii()).parse(input)
}

/// Parses a square token as `Square::parse` does (zero-padded numbers are accepted and reported
/// by the caller), without going through `str`.
pub fn square(text: &[u8]) -> Option<Square> {
    fn number(digits: &[u8]) -> Option<u16> {
        if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Some(
            digits
                .iter()
                .fold(0u16, |n, d| n * 10 + u16::from(d - b'0')),
        )
    }
    match *text.first()? {
        b'0'..=b'9' => {
            let n = number(text)?;
            (1..=255).contains(&n).then_some(Square::Num(n as u8))
        }
        letter @ b'a'..=b'z' => {
            let rank_text = &text[1..];
            if rank_text.len() > 2 || rank_text.first() == Some(&b'0') {
                return None;
            }
            let rank = number(rank_text)?;
            (1..=26).contains(&rank).then_some(Square::Alg {
                file: letter - b'a',
                rank: rank as u8 - 1,
            })
        }
        _ => None,
    }
}

/// `/FEN "..."/`: returns the FEN text between the quotes.
pub fn setup(input: &[u8]) -> Res<'_, &[u8]> {
    let (rest, (_, _, _, _, fen, _, _)) = (
        tag("/"),
        opt(take_while(|b: u8| b == b' ')),
        tag("FEN"),
        take_while(|b: u8| b == b' '),
        recognize((
            tag("\""),
            take_while(|b: u8| b != b'"' && b != b'\n'),
            tag("\""),
        )),
        opt(take_while(|b: u8| b == b' ')),
        tag("/"),
    )
        .parse(input)?;
    Ok((rest, &fen[1..fen.len() - 1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok<T>(r: Res<'_, T>) -> (&[u8], T) {
        r.expect("parses")
    }

    #[test]
    fn result_versus_move_traps() {
        assert_eq!(ok(result(b"1-1 ")).1, b"1-1");
        assert!(result(b"1-18").is_err());
        assert!(result(b"2-07").is_err());
        assert_eq!(ok(result(b"2-0")).1, b"2-0");
        assert_eq!(ok(result(b"1/2-1/2\r\n")).1, b"1/2-1/2");
        assert_eq!(ok(result(b"0-0[")).1, b"0-0");
        assert!(result(b"1-0x").is_err());
        let (rest, mv) = ok(move_text(b"1-18 "));
        assert_eq!(
            (rest, mv.squares.as_slice()),
            (&b" "[..], &[&b"1"[..], b"18"][..])
        );
    }

    #[test]
    fn moves() {
        let (_, mv) = ok(move_text(b"47x38x24x13x36"));
        assert_eq!(mv.squares.len(), 5);
        let (rest, mv) = ok(move_text(b"a3b4$"));
        assert_eq!((rest, mv.separators.as_slice()), (&b"$"[..], &[0u8][..]));
        let (_, mv) = ok(move_text(b"35x 4"));
        assert!(mv.spaced);
        let (_, mv) = ok(move_text(b"c3:e5"));
        assert_eq!(mv.separators.as_slice(), b":");
        assert!(move_text(b"32").is_err());
        // `32-` with nothing after: not a move.
        assert!(move_text(b"32- ").is_err());
        assert_eq!(ok(unknown_move(b"- -")).1, b"- -");
    }

    #[test]
    fn numbers_marks_and_setups() {
        assert_eq!(ok(move_number(b"12...")).1, (&b"12"[..], &b"..."[..]));
        assert_eq!(ok(move_number(b"1.32-28")).0, b"32-28");
        assert!(move_number(b"32-28").is_err());
        assert_eq!(ok(strength(b"(!?)")).1, b"(!?)");
        assert!(strength(b"(12-16)").is_err());
        assert_eq!(ok(nag(b"$14 ")).1, b"14");
        assert_eq!(ok(setup(b"/FEN \"W:W31:B1\"/ x")).1, b"W:W31:B1");
        assert_eq!(
            ok(move_number(b"3....")),
            (&b"."[..], (&b"3"[..], &b"..."[..]))
        );
        assert!(move_number(b"3 .").is_err());
    }

    #[test]
    fn square_agrees_with_notation() {
        let alphabet = b"0123456789abhxz-A";
        let mut texts: Vec<Vec<u8>> = vec![vec![]];
        for _ in 0..4 {
            let longer: Vec<Vec<u8>> = texts
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| [&t[..], &[*c]].concat()))
                .collect();
            texts.extend(longer);
        }
        for text in texts {
            let expected = std::str::from_utf8(&text).ok().and_then(Square::parse);
            assert_eq!(
                square(&text),
                expected,
                "{:?}",
                String::from_utf8_lossy(&text)
            );
        }
    }

    #[test]
    fn plain_moves_read_as_move_text_does() {
        let alphabet = b"01239x-X: a!*.(";
        let mut texts: Vec<Vec<u8>> = vec![vec![]];
        for _ in 0..5 {
            let longer: Vec<Vec<u8>> = texts
                .iter()
                .filter(|t| t.len() == texts.last().map_or(0, Vec::len))
                .flat_map(|t| alphabet.iter().map(move |c| [&t[..], &[*c]].concat()))
                .collect();
            texts.extend(longer);
        }
        let mut plain = 0;
        for text in texts {
            let Some((len, from, sep, to)) = plain_move(&text) else {
                continue;
            };
            plain += 1;
            let (rest, mv) = move_text(&text).expect("a plain move is a move");
            assert_eq!(
                text.len() - rest.len(),
                len,
                "{:?}",
                String::from_utf8_lossy(&text)
            );
            assert_eq!(mv.separators.as_slice(), &[sep][..]);
            assert!(!mv.spaced);
            assert_eq!(square(mv.squares[0]), Some(Square::Num(from)));
            assert_eq!(square(mv.squares[1]), Some(Square::Num(to)));
            assert!(mv.squares.iter().all(|s| s[0] != b'0'));
            assert!(
                rest.first()
                    .is_none_or(|b| is_delimiter(*b) || matches!(b, b'*' | b'!' | b'?'))
            );
        }
        assert!(plain > 100);
        assert_eq!(plain_move(b"32-28 "), Some((5, 32, b'-', 28)));
        assert_eq!(plain_move(b"9x18!"), Some((4, 9, b'x', 18)));
        assert!(plain_move(b"28x19x10").is_none());
        assert!(plain_move(b"32-08").is_none());
        assert!(plain_move(b"46-100").is_none());
    }

    #[test]
    fn results_by_hand() {
        for token in ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"] {
            assert_eq!(
                ok(result(format!("{token} ").as_bytes())).1,
                token.as_bytes()
            );
            assert_eq!(ok(result(token.as_bytes())).1, token.as_bytes());
        }
        assert!(result(b"1-2").is_err());
        assert!(result(b"2-1").is_err());
        assert!(result(b"1/2-1").is_err());
        assert_eq!(ok(result(b"*5")).0, b"5");
    }
}
