//! The productions of move text that do not depend on what came before: move numbers, moves and
//! their squares, strength marks, NAGs, setups, the ellipsis, results, and text that is none of
//! them. The game parser decides what each means in its place and what to report.

use super::{Res, is_delimiter, is_space, miss};
use crate::finding::Code;
use crate::notation::Square;
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, take, take_while, take_while_m_n, take_while1};
use nom::character::complete::digit1;
use nom::combinator::{not, opt, peek, recognize, verify};
use nom::multi::many0_count;
use nom::sequence::{preceded, terminated};
use smallvec::SmallVec;

/// A delimiter, or the end of the input, follows (nothing is consumed).
fn delimited(input: &[u8]) -> Res<'_, ()> {
    match input.first() {
        Some(&b) if !is_delimiter(b) => miss(input, None),
        _ => Ok((input, ())),
    }
}

/// Production `result`: `"1-0" | "0-1" | "1/2-1/2" | "2-0" | "0-2" | "1-1" | "0-0" | "*"`,
/// followed by a delimiter (except `*`, itself one: `*5` is the terminator, then `5`).
pub fn result(input: &[u8]) -> Res<'_, &[u8]> {
    alt((
        tag("*"),
        terminated(
            alt((
                tag("1-0"),
                tag("0-1"),
                tag("1/2-1/2"),
                tag("2-0"),
                tag("0-2"),
                tag("1-1"),
                tag("0-0"),
            )),
            delimited,
        ),
    ))
    .parse(input)
}

/// Production `dash-terminator` **\[ext\]**: `"-"` standing alone, followed by a delimiter: some
/// exporters end a game whose result is not known with it, as PDN ends one with `*`.
pub fn dash_terminator(input: &[u8]) -> Res<'_, &[u8]> {
    terminated(tag("-"), delimited).parse(input)
}

/// Fast path of production `result`: the same tokens told apart by a match on their bytes.
/// The terminator is tried on every token that may be one (`*`, letters, `0`-`2` before `-` or
/// `/`), and there the production's `alt` of eight literals cost about 300 instructions a token
/// against this match's 20 (7 M of the 529 M instructions of parsing OCA_2.0). Held to the
/// production by the test `plain_results_read_as_the_production_does`.
#[inline]
pub fn plain_result(input: &[u8]) -> Option<(usize, &[u8])> {
    let len = match input {
        [b'*', ..] => return Some((1, &input[..1])),
        [b'1', b'/', b'2', b'-', b'1', b'/', b'2', ..] => 7,
        [b'1', b'-', b'0' | b'1', ..] | [b'0', b'-', b'1' | b'0', ..] => 3,
        [b'2', b'-', b'0', ..] | [b'0', b'-', b'2', ..] => 3,
        _ => return None,
    };
    let (token, rest) = input.split_at(len);
    rest.first()
        .is_none_or(|b| is_delimiter(*b))
        .then_some((len, token))
}

/// Whether the text may start a result: `0`, `1` or `2` followed by `-` or `/` (a quick test
/// before trying [`result`] on a token that starts with a digit).
#[inline]
pub fn may_be_result(input: &[u8]) -> bool {
    matches!(input, [b'0'..=b'2', b'-' | b'/', ..])
}

/// Production `move-number`: `digit+ ( "." | ".." | "..." )` (more dots are not its own).
/// Returns (digits, dots).
pub fn move_number(input: &[u8]) -> Res<'_, (&[u8], &[u8])> {
    (digit1, take_while_m_n(1, 3, |b| b == b'.')).parse(input)
}

/// Fast path of production `move-number`: the digits and up to three dots counted by hand.
/// Tried on every token that starts with a digit outside the plain runs; the production cost
/// 50 more instructions a token (0.2 M of the 132 M of parsing the International set). Held to
/// the production by `move_numbers_read_as_the_production_does`.
#[inline]
pub fn move_number_fast(input: &[u8]) -> Option<(&[u8], &[u8], &[u8])> {
    let digits = input.iter().take_while(|b| b.is_ascii_digit()).count();
    let dots = input[digits..]
        .iter()
        .take(3)
        .take_while(|b| **b == b'.')
        .count();
    if digits == 0 || dots == 0 {
        return None;
    }
    let end = digits + dots;
    Some((&input[end..], &input[..digits], &input[digits..end]))
}

/// Production `square`: `digit [ digit [ digit ] ] | lower-letter digit [ digit ]` (`x` is a
/// separator, not a file). Which squares exist is [`square_value`]'s matter.
pub fn square(input: &[u8]) -> Res<'_, &[u8]> {
    // (Chosen by the first byte rather than by `alt`: a move's squares are read one after the
    // other, and trying the numeric form first cost every algebraic square a failure.)
    match input.first() {
        Some(b'0'..=b'9') => take_while_m_n(1, 3, |b: u8| b.is_ascii_digit()).parse(input),
        Some(_) => recognize((
            take_while_m_n(1, 1, |b: u8| b.is_ascii_lowercase() && b != b'x'),
            take_while_m_n(1, 2, |b: u8| b.is_ascii_digit()),
        ))
        .parse(input),
        None => miss(input, None),
    }
}

/// Production `sep`: `"-" | "x" | "X" | ":"`.
pub fn sep(input: &[u8]) -> Res<'_, u8> {
    match input.first() {
        Some(&b @ (b'-' | b'x' | b'X' | b':')) => Ok((&input[1..], b)),
        _ => miss(input, None),
    }
}

/// What [`r#move`] read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawMove<'a> {
    pub squares: SmallVec<[&'a [u8]; 4]>,
    /// Separators between consecutive squares (`0` for none, as in `a3b4`).
    pub separators: SmallVec<[u8; 4]>,
    /// Whether spaces were found after a separator (`35x 4`).
    pub spaced: bool,
}

/// Spaces and tabs (**\[ext\]** after a separator: `35x 4`).
fn blanks(input: &[u8]) -> Res<'_, &[u8]> {
    take_while(|b| b == b' ' || b == b'\t').parse(input)
}

/// Production `move`: `square sep square { sep square } | alg-square alg-square { alg-square }
/// | alg-square` (`32-28`, `28x19x10`, `c3:e5`, `a3b4`, and **\[ext\]** `d5`, one algebraic
/// square before a delimiter), with **\[ext\]** spaces after a separator (`35x 4`).
/// What may follow it, its squares' values and its strength mark are the parser's matter. (The
/// `"-" { " " } "-"` alternative is [`unknown_move`].)
pub fn r#move(input: &[u8]) -> Res<'_, RawMove<'_>> {
    let (mut rest, first) = square(input)?;
    let algebraic = first[0].is_ascii_lowercase();
    let mut mv = RawMove {
        squares: SmallVec::from_elem(first, 1),
        separators: SmallVec::new(),
        spaced: false,
    };
    // `{ sep square }`, or `{ alg-square }` after an algebraic square: one step at a time, as
    // `many0` would, without its per-step closures (a move not plain is read here, and the
    // combinators cost about five times as much).
    loop {
        let step = match sep(rest) {
            Ok((after_sep, separator)) => {
                let (after_blanks, spaces) = blanks(after_sep)?;
                square(after_blanks).map(|(after, sq)| (after, separator, !spaces.is_empty(), sq))
            }
            // Algebraic squares written without a separator: `a3b4`.
            Err(_) if algebraic => verify(square, |sq: &[u8]| sq[0].is_ascii_lowercase())
                .parse(rest)
                .map(|(after, sq)| (after, 0, false, sq)),
            Err(error) => Err(error),
        };
        let Ok((after, separator, spaced, sq)) = step else {
            break;
        };
        mv.squares.push(sq);
        mv.separators.push(separator);
        mv.spaced |= spaced;
        rest = after;
    }
    if mv.squares.len() < 2 && !(algebraic && one_square_ends(rest)) {
        return miss(input, None);
    }
    Ok((rest, mv))
}

/// Whether an algebraic square read alone ends a move token here (**\[ext\]** a move of one
/// square, `d5`: a Hawaiian opening removal as a person writes it). A delimiter must follow it,
/// so `d5-`, `d5x` and `d5.` stay what they were. Numbers alone are no such move: `12` with its
/// dot forgotten is a move number, and must read as it always has.
#[inline]
fn one_square_ends(rest: &[u8]) -> bool {
    rest.first().is_none_or(|b| is_delimiter(*b))
}

/// Fast path of production `move` for the moves outside the plain shapes ([`plain_move`] and
/// the plain runs): the same reading with the squares and separators counted by hand. The
/// production cost twice as much a move (330 against 166 instructions; 0.6 M of the 132 M of
/// parsing the International set, whose games write many moves with marks and comments). Held
/// to the production by `moves_read_as_the_production_does`.
pub fn move_fast(input: &[u8]) -> Option<(&[u8], RawMove<'_>)> {
    fn square_fast(input: &[u8]) -> Option<(&[u8], &[u8])> {
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
                    return None;
                }
                1 + digits
            }
            _ => return None,
        };
        Some((&input[len..], &input[..len]))
    }
    let (mut rest, first) = square_fast(input)?;
    let mut mv = RawMove {
        squares: SmallVec::from_elem(first, 1),
        separators: SmallVec::new(),
        spaced: false,
    };
    loop {
        if let Some(&sep @ (b'-' | b'x' | b'X' | b':')) = rest.first() {
            let after_sep = &rest[1..];
            let spaces = after_sep
                .iter()
                .take_while(|b| **b == b' ' || **b == b'\t')
                .count();
            if let Some((after, sq)) = square_fast(&after_sep[spaces..]) {
                mv.spaced |= spaces > 0;
                mv.squares.push(sq);
                mv.separators.push(sep);
                rest = after;
                continue;
            }
            break;
        }
        if first[0].is_ascii_lowercase()
            && let Some((after, sq)) = square_fast(rest)
            && sq[0].is_ascii_lowercase()
        {
            mv.squares.push(sq);
            mv.separators.push(0);
            rest = after;
            continue;
        }
        break;
    }
    // (One square tested only when there is one: nothing added to a move of two or more.)
    (mv.squares.len() >= 2 || (first[0].is_ascii_lowercase() && one_square_ends(rest)))
        .then_some((rest, mv))
}

/// Fast path of production `move`, for its common shape: a square of one or two digits (no
/// leading zero), `-` or `x`, the same again, then a byte that ends a move token (a delimiter,
/// `*`, `!`, `?` or the end). Returns (length, from, separator, to), the squares as numbers.
/// Anything else (`:`, `X`, three-digit squares, multi-captures, algebraic squares, spaces,
/// padding) is `None`: the caller falls back to [`r#move`], which reads the same text the same
/// way when this returns `Some` (the test `plain_moves_read_as_the_production_does`). Kept by
/// hand: it builds no [`RawMove`] and no square list.
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

/// Production `move`, its `"-" { " " } "-"` alternative (tabs too): a move whose squares are
/// not known (`W-UNKNOWN-MOVE`).
pub fn unknown_move(input: &[u8]) -> Res<'_, &[u8]> {
    recognize((tag("-"), blanks, tag("-"))).parse(input)
}

/// Production `strength`: `( "!" | "?" ) { "!" | "?" } | "(" ( "!" | "?" ) { "!" | "?" } ")"`.
pub fn strength(input: &[u8]) -> Res<'_, &[u8]> {
    let marks = || take_while1(|b: u8| b == b'!' || b == b'?');
    alt((recognize((tag("("), marks(), tag(")"))), marks())).parse(input)
}

/// Production `nag`: `"$" digit+`, its value 16 bits (a larger one is unreadable text:
/// `E-UNREADABLE-TEXT`). Returns the value.
pub fn nag(input: &[u8]) -> Res<'_, u16> {
    let (rest, digits) = preceded(tag("$"), digit1).parse(input)?;
    match number::<u16>(digits) {
        Some(value) => Ok((rest, value)),
        None => miss(input, Some(Code::UnreadableText)),
    }
}

/// The number `digits` (ASCII digits) write, if it fits `T`.
pub fn number<T: TryFrom<u64>>(digits: &[u8]) -> Option<T> {
    let n = digits.iter().try_fold(0u64, |n, d| {
        n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })?;
    T::try_from(n).ok()
}

/// Production `setup`: `"/" " "* "FEN" " "* '"' fen '"' " "* "/"` (the FEN on one line).
/// Returns the FEN text between the quotes.
pub fn setup(input: &[u8]) -> Res<'_, &[u8]> {
    let spaces = || take_while(|b: u8| b == b' ');
    let (rest, (_, _, _, _, _, fen, _, _, _)) = (
        tag("/"),
        opt(spaces()),
        tag("FEN"),
        spaces(),
        tag("\""),
        take_while(|b: u8| b != b'"' && b != b'\n'),
        tag("\""),
        opt(spaces()),
        tag("/"),
    )
        .parse(input)?;
    Ok((rest, fen))
}

/// Production `ellipsis`: `"..."`. A run of dots is read whole: the caller takes three for the
/// ellipsis and any other count for a lone dot (`W-LONE-DOT`).
pub fn ellipsis(input: &[u8]) -> Res<'_, &[u8]> {
    take_while1(|b| b == b'.').parse(input)
}

/// Text no production reads: one byte and what follows up to the next whitespace, `{ [ ( ) ;`
/// or literal `\r`/`\n` (`E-UNREADABLE-TEXT`, or `E-BINARY-DATA` with control bytes).
pub fn unreadable(input: &[u8]) -> Res<'_, &[u8]> {
    let stop = |b: u8| is_space(b) || matches!(b, b'{' | b'[' | b'(' | b')' | b';' | b'\\');
    let lone_backslash = (
        tag("\\"),
        not(peek(take_while_m_n(1, 1, |b| b == b'r' || b == b'n'))),
    );
    recognize((
        take(1usize),
        many0_count(alt((
            take_while1(move |b| !stop(b)),
            recognize(lone_backslash),
        ))),
    ))
    .parse(input)
}

/// The square a written square names, as `Square::parse` reads it (zero-padded numbers are
/// accepted and reported by the caller), without going through `str`: numbers 1 to 255, files
/// `a`-`z` with ranks 1 to 26 written without a leading zero.
pub fn square_value(text: &[u8]) -> Option<Square> {
    let digits = |d: &[u8]| !d.is_empty() && d.len() <= 3 && d.iter().all(u8::is_ascii_digit);
    match *text.first()? {
        b'0'..=b'9' => {
            let n = digits(text).then(|| number::<u16>(text))??;
            (1..=255).contains(&n).then_some(Square::Num(n as u8))
        }
        letter @ b'a'..=b'z' => {
            let rank_text = &text[1..];
            if rank_text.len() > 2 || rank_text.first() == Some(&b'0') {
                return None;
            }
            let rank = digits(rank_text).then(|| number::<u16>(rank_text))??;
            (1..=26).contains(&rank).then_some(Square::Alg {
                file: letter - b'a',
                rank: rank as u8 - 1,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text of up to `len` bytes over `alphabet`, shortest first.
    fn every_text(alphabet: &[u8], len: usize) -> Vec<Vec<u8>> {
        let mut texts: Vec<Vec<u8>> = vec![vec![]];
        for _ in 0..len {
            let longer: Vec<Vec<u8>> = texts
                .iter()
                .filter(|t| t.len() == texts.last().map_or(0, Vec::len))
                .flat_map(|t| alphabet.iter().map(move |c| [&t[..], &[*c]].concat()))
                .collect();
            texts.extend(longer);
        }
        texts
    }

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
        let (rest, mv) = ok(r#move(b"1-18 "));
        assert_eq!(
            (rest, mv.squares.as_slice()),
            (&b" "[..], &[&b"1"[..], b"18"][..])
        );
    }

    #[test]
    fn moves() {
        let (_, mv) = ok(r#move(b"47x38x24x13x36"));
        assert_eq!(mv.squares.len(), 5);
        let (rest, mv) = ok(r#move(b"a3b4$"));
        assert_eq!((rest, mv.separators.as_slice()), (&b"$"[..], &[0u8][..]));
        let (_, mv) = ok(r#move(b"35x 4"));
        assert!(mv.spaced);
        let (_, mv) = ok(r#move(b"c3:e5"));
        assert_eq!(mv.separators.as_slice(), b":");
        assert!(r#move(b"32").is_err());
        // One algebraic square before a delimiter: a Hawaiian removal, `d5`.
        for text in [&b"d5"[..], b"d5 e5", b"d5!", b"d5{c}", b"h1)"] {
            let (rest, mv) = ok(r#move(text));
            assert_eq!(mv.squares.as_slice(), &[&text[..2]][..]);
            assert!(mv.separators.is_empty());
            assert_eq!(rest, &text[2..]);
        }
        for text in [
            &b"32 "[..],
            b"d5-",
            b"d5x",
            b"d5.",
            b"d5:",
            b"d5a",
            b"x5 ",
            b"d5/",
        ] {
            assert!(r#move(text).is_err(), "{:?}", String::from_utf8_lossy(text));
            assert!(
                move_fast(text).is_none(),
                "{:?}",
                String::from_utf8_lossy(text)
            );
        }
        // `32-` with nothing after: not a move.
        assert!(r#move(b"32- ").is_err());
        assert_eq!(ok(r#move(b"c3-d4xe5-")).0, b"-");
        assert_eq!(ok(unknown_move(b"- -")).1, b"- -");
    }

    #[test]
    fn numbers_marks_and_setups() {
        assert_eq!(ok(move_number(b"12...")).1, (&b"12"[..], &b"..."[..]));
        assert_eq!(ok(move_number(b"1.32-28")).0, b"32-28");
        assert!(move_number(b"32-28").is_err());
        assert_eq!(ok(strength(b"(!?)")).1, b"(!?)");
        assert!(strength(b"(12-16)").is_err());
        assert_eq!(ok(nag(b"$14 ")).1, 14);
        assert_eq!(
            nag(b"$65536").unwrap_err(),
            nom::Err::Error(super::super::Miss {
                at: b"$65536",
                code: Some(Code::UnreadableText)
            })
        );
        assert_eq!(ok(setup(b"/FEN \"W:W31:B1\"/ x")).1, b"W:W31:B1");
        assert_eq!(
            ok(move_number(b"3....")),
            (&b"."[..], (&b"3"[..], &b"..."[..]))
        );
        assert!(move_number(b"3 .").is_err());
        assert_eq!(ok(ellipsis(b"... x")).1, b"...");
    }

    #[test]
    fn unreadable_text_stops_at_delimiters() {
        assert_eq!(ok(unreadable(b"abc def")).1, b"abc");
        assert_eq!(ok(unreadable(b"a\\b\\rc")).1, b"a\\b");
        assert_eq!(ok(unreadable(b"((")).1, b"(");
        assert_eq!(ok(unreadable(b"x\\")).1, b"x\\");
        assert!(unreadable(b"").is_err());
    }

    #[test]
    fn square_values_agree_with_notation() {
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
                square_value(&text),
                expected,
                "{:?}",
                String::from_utf8_lossy(&text)
            );
        }
    }

    /// Every text of up to five bytes near the plain shape: where the fast path reads a move,
    /// the production reads the same move, to the same end.
    #[test]
    fn plain_moves_read_as_the_production_does() {
        let alphabet = b"01239x-X: a!*.(";
        let texts = every_text(alphabet, 5);
        let mut plain = 0;
        for text in texts {
            let Some((len, from, sep, to)) = plain_move(&text) else {
                continue;
            };
            plain += 1;
            let (rest, mv) = r#move(&text).expect("a plain move is a move");
            assert_eq!(
                text.len() - rest.len(),
                len,
                "{:?}",
                String::from_utf8_lossy(&text)
            );
            assert_eq!(mv.separators.as_slice(), &[sep][..]);
            assert!(!mv.spaced);
            assert_eq!(square_value(mv.squares[0]), Some(Square::Num(from)));
            assert_eq!(square_value(mv.squares[1]), Some(Square::Num(to)));
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

    /// Every text of up to eight bytes near the results: the fast path and the production read
    /// the same token, or none.
    #[test]
    fn plain_results_read_as_the_production_does() {
        let alphabet = b"012/-*x ";
        let texts = every_text(alphabet, 8);
        let mut read = 0;
        for text in &texts {
            let production = result(text)
                .ok()
                .map(|(rest, token)| (text.len() - rest.len(), token));
            read += usize::from(production.is_some());
            assert_eq!(
                plain_result(text),
                production,
                "{:?}",
                String::from_utf8_lossy(text)
            );
        }
        assert!(read > 1000, "{read}");
    }

    /// Every text of up to six bytes near the move shapes: the fast paths of `move` and
    /// `move-number` read what the productions read, to the same end.
    #[test]
    fn moves_read_as_the_production_does() {
        let alphabet = b"019ax-X: .!";
        let texts = every_text(alphabet, 6);
        let (mut moves, mut numbers) = (0, 0);
        for text in &texts {
            let production = r#move(text).ok();
            moves += usize::from(production.is_some());
            assert_eq!(
                move_fast(text),
                production,
                "{:?}",
                String::from_utf8_lossy(text)
            );
            let production = move_number(text)
                .ok()
                .map(|(rest, (digits, dots))| (rest, digits, dots));
            numbers += usize::from(production.is_some());
            assert_eq!(
                move_number_fast(text),
                production,
                "{:?}",
                String::from_utf8_lossy(text)
            );
        }
        assert!(moves > 10_000 && numbers > 1000, "{moves} {numbers}");
    }

    #[test]
    fn results() {
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
