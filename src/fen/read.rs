//! The FEN reader: the grammar of `grammar/fen.md` as nom combinators, one function per
//! production, each quoting its EBNF line; then a small semantic pass for the rules the EBNF does
//! not show. `tests/fen_grammar.rs` holds it to the hand-written reader it replaced
//! (`fen::reference`) and checks that each production of the document has its function here.
//!
//! How the text is cut follows from the grammar: no field holds a `:` and no item a `,`, so a
//! field is the text up to the next `:` and an item the text up to the next `,`; the end of the
//! FEN is found before its parts (an optional closing `"`, then an optional `.`). Each part is
//! read with its surrounding `ws` (see [`trimmed`]), which is also what places the errors of the
//! spec's table: "the token" of a square is the text up to the next separator.
//!
//! A field or an item that fails to read is kept as an error in the syntax tree, so the semantic
//! pass meets errors in reading order: an earlier duplicate colour or mixed notation is reported
//! before a later bad square.

use super::{Fen, FenError, FenPiece, FenSetup, FenWarning, codes, quote};
use crate::notation::{Color, Square};
use crate::variant::SquareNotation;
use nom::branch::alt;
use nom::bytes::complete::{take_till, take_while, take_while_m_n};
use nom::character::complete::{char, one_of, satisfy};
use nom::combinator::{all_consuming, eof, map, map_opt, opt, recognize, verify};
use nom::multi::separated_list1;
use nom::sequence::preceded;
use nom::{IResult, Parser};

/// Reads a PDN FEN (see [`crate::fen::parse`]).
pub fn parse(text: &str) -> Result<Fen, FenError> {
    let located = |e: Expected| FenError {
        message: e.message,
        offset: offset(text, e.at),
    };
    let (_, syntax) = input(text).map_err(|e| match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => located(e),
        nom::Err::Incomplete(_) => unreachable!("complete parsers only"),
    })?;
    check(text, syntax).map_err(located)
}

// ---------------------------------------------------------------- what the grammar reads

/// A syntax error: the place (a slice of the text) and the message of the spec's table.
#[derive(Debug)]
struct Expected<'a> {
    at: &'a str,
    message: String,
}

impl<'a> nom::error::ParseError<&'a str> for Expected<'a> {
    fn from_error_kind(input: &'a str, _: nom::error::ErrorKind) -> Self {
        Expected {
            at: input,
            message: String::new(),
        }
    }

    fn append(_: &'a str, _: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

type Res<'a, T> = IResult<&'a str, T, Expected<'a>>;

/// A part read on its own (a field, an item): its value, or why it could not be read.
type Part<'a, T> = Result<T, Expected<'a>>;

/// The syntax tree: every token is a slice of the text, so its offset is known.
struct Syntax<'a> {
    quote: Option<&'a str>,
    side: &'a str,
    fields: Vec<Part<'a, Field<'a>>>,
    dot: Option<&'a str>,
    /// The (empty) end of the FEN, before any trailing `.`, `"` or whitespace.
    end: &'a str,
}

enum Field<'a> {
    /// The colour letter and the items after it.
    Colour(&'a str, Vec<Part<'a, Item<'a>>>),
    /// The whole field, letter and value.
    Extra(&'a str),
    /// Where the empty field is.
    Empty(&'a str),
}

struct Item<'a> {
    /// From the `K` (if any) to the end of the item.
    text: &'a str,
    king: bool,
    /// One square, or the two ends of a range.
    from: Token<'a>,
    to: Option<Token<'a>>,
}

/// A square and the text it was read from.
#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    square: Square,
}

fn offset(text: &str, part: &str) -> usize {
    part.as_ptr() as usize - text.as_ptr() as usize
}

fn fail<'a, T>(at: &'a str, message: impl Into<String>) -> Res<'a, T> {
    Err(failure(at, message))
}

fn failure<'a>(at: &'a str, message: impl Into<String>) -> nom::Err<Expected<'a>> {
    nom::Err::Failure(Expected {
        at,
        message: message.into(),
    })
}

/// `p`, with any failure reported at the start of `i` with `message`.
fn expect<'a, T>(
    message: &'static str,
    mut p: impl Parser<&'a str, Output = T, Error = Expected<'a>>,
) -> impl FnMut(&'a str) -> Res<'a, T> {
    move |i| p.parse(i).or_else(|_| fail(i, message))
}

/// The text before the first place where `end` matches (all of it if none). (What
/// `recognize(many0(preceded(not(end), anychar)))` reads, without collecting each character.)
fn until<'a, O>(
    mut end: impl Parser<&'a str, Output = O, Error = Expected<'a>>,
) -> impl FnMut(&'a str) -> Res<'a, &'a str> {
    move |i: &'a str| {
        let at = i
            .char_indices()
            .map(|(at, _)| at)
            .find(|&at| end.parse(&i[at..]).is_ok())
            .unwrap_or(i.len());
        Ok((&i[at..], &i[..at]))
    }
}

/// `until((ws, eof))` found in one step: the text before the whitespace that ends `i`, and that
/// whitespace.
fn before_trailing_ws(i: &str) -> (&str, &str) {
    let end = i.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
    (&i[end..], &i[..end])
}

/// `until((ws, opt(char('.')), ws, eof))` found in one step: the text before an optional `.`
/// between the whitespace that ends `i`, and what follows it.
fn before_final_dot(i: &str) -> (&str, &str) {
    let (_, text) = before_trailing_ws(i);
    let end = match text.strip_suffix('.') {
        Some(before_dot) => before_trailing_ws(before_dot).1.len(),
        None => text.len(),
    };
    (&i[end..], &i[..end])
}

/// `ws, p, ws` around a whole part: `p` reads the text between the whitespace, all of it.
fn trimmed<'a, T>(
    mut p: impl Parser<&'a str, Output = T, Error = Expected<'a>>,
) -> impl FnMut(&'a str) -> Res<'a, T> {
    move |i| {
        let (i, _) = ws(i)?;
        let (i, inner) = before_trailing_ws(i);
        let (_, value) = p.parse(inner)?;
        let (i, _) = ws(i)?;
        Ok((i, value))
    }
}

/// A part: the text up to the next `stop`, read by `p` and kept, read or not.
fn part<'a, T>(
    stop: char,
    mut p: impl Parser<&'a str, Output = T, Error = Expected<'a>>,
) -> impl FnMut(&'a str) -> Res<'a, Part<'a, T>> {
    move |i| {
        let (rest, text) = take_till(|c| c == stop).parse(i)?;
        let read = match p.parse(text) {
            Ok((_, value)) => Ok(value),
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(e),
            Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers only"),
        };
        Ok((rest, read))
    }
}

// ---------------------------------------------------------------- the productions

const EXPECT_SIDE: &str = "expected side to move `W`, `B` or `?`";

/// `input = ws, ( '"', ws, fen, ws, '"' | fen ), ws ;`
fn input(i: &str) -> Res<'_, Syntax<'_>> {
    if all_consuming(ws).parse(i).is_ok() {
        return fail(i, "empty FEN: expected side to move `W`, `B` or `?`");
    }
    let (i, _) = ws(i)?;
    let (i, fen) = alt((quoted, fen)).parse(i)?;
    let (i, _) = (ws, eof).parse(i)?;
    Ok((i, fen))
}

/// The `'"', ws, fen, ws, '"'` of `input`: the closing quote is the last byte before the final
/// whitespace, and is looked for before the FEN inside is read.
fn quoted(i: &str) -> Res<'_, Syntax<'_>> {
    let (i, open) = recognize(char('"')).parse(i)?;
    let closing = (char('"'), ws, eof);
    let (i, inside) = until(alt((map(closing, |_| ()), map((ws, eof), |_| ())))).parse(i)?;
    let (i, _) = expect("expected a closing `\"`", char('"'))(i)?;
    let (_, mut syntax) = all_consuming((ws, fen, ws))
        .parse(inside)
        .map(|(rest, (_, syntax, _))| (rest, syntax))?;
    syntax.quote = Some(open);
    Ok((i, syntax))
}

/// `fen = side, ws, ':', field, { ':', field }, [ ws, '.' ] ;`
fn fen(i: &str) -> Res<'_, Syntax<'_>> {
    let (i, body) = before_final_dot(i);
    let (i, dot) = opt(preceded(ws, recognize(char('.')))).parse(i)?;
    let (end, side) = expect(EXPECT_SIDE, side)(body)?;
    let (rest, _) = ws(end)?;
    if rest.is_empty() {
        return fail(
            rest,
            "expected `:` and the colour fields after the side to move",
        );
    }
    let (rest, _) = expect("expected `:` after the side to move", char(':'))(rest)?;
    let (end, fields) = separated_list1(char(':'), field).parse(rest)?;
    let syntax = Syntax {
        quote: None,
        side,
        fields,
        dot,
        end,
    };
    Ok((i, syntax))
}

/// `side = 'W' | 'B' | '?' | 'w' | 'b' ;`
fn side(i: &str) -> Res<'_, &str> {
    recognize(one_of("WB?wb")).parse(i)
}

/// `field = ws, ( colour-field | extra-field | (* empty *) ), ws ;`
fn field(i: &str) -> Res<'_, Part<'_, Field<'_>>> {
    let empty = map(eof, Field::Empty);
    let neither = |i| fail(i, "expected a colour field `W` or `B`");
    part(
        ':',
        trimmed(alt((colour_field, extra_field, empty, neither))),
    )(i)
}

/// `colour-field = colour, ws, [ item, { ws, ',', ws, item } ] ;`
fn colour_field(i: &str) -> Res<'_, Field<'_>> {
    let (i, letter) = colour(i)?;
    let (i, _) = ws(i)?;
    if i.is_empty() {
        return Ok((i, Field::Colour(letter, Vec::new())));
    }
    let (i, items) = separated_list1(char(','), part(',', trimmed(item))).parse(i)?;
    Ok((i, Field::Colour(letter, items)))
}

/// `colour = 'W' | 'B' | 'w' | 'b' ;`
fn colour(i: &str) -> Res<'_, &str> {
    recognize(one_of("WBwb")).parse(i)
}

/// `item = [ 'K' ], square | [ 'K' ], number, ws, '-', ws, number ;`
///
/// Both ends of a range are read as squares first, then must be numbers (so `a1-3x` is a bad
/// square, `a1-c3` a range that needs numbers).
fn item(text: &str) -> Res<'_, Item<'_>> {
    if text.is_empty() {
        return fail(text, "expected a square");
    }
    let (i, king) = opt(char('K')).parse(text)?;
    let (i, low) = until((ws, char('-'))).parse(i)?;
    let Ok((high, _)) = (ws, char('-'), ws).parse(i) else {
        let from = token(low)?;
        let item = Item {
            text,
            king: king.is_some(),
            from,
            to: None,
        };
        return Ok((&text[text.len()..], item));
    };
    let from = token(low)?;
    if high.is_empty() {
        return fail(high, "expected a square after `-`");
    }
    let to = token(high)?;
    for end in [from, to] {
        if all_consuming(number).parse(end.text).is_err() {
            return fail(end.text, "a range needs numeric squares");
        }
    }
    let item = Item {
        text,
        king: king.is_some(),
        from,
        to: Some(to),
    };
    Ok((&text[text.len()..], item))
}

/// A whole token read as a `square`.
fn token(text: &str) -> Result<Token<'_>, nom::Err<Expected<'_>>> {
    if text.is_empty() {
        return Err(failure(text, "expected a square"));
    }
    match all_consuming(square).parse(text) {
        Ok((_, square)) => Ok(Token { text, square }),
        Err(_) => Err(failure(
            text,
            format!("expected a square, found `{}`", quote(text)),
        )),
    }
}

/// `square = number | algebraic ;`
fn square(i: &str) -> Res<'_, Square> {
    alt((map(number, Square::Num), algebraic)).parse(i)
}

/// `number = digit, [ digit, [ digit ] ] ;` (value 1..255)
fn number(i: &str) -> Res<'_, u8> {
    let digits = take_while_m_n(1, 3, |c: char| c.is_ascii_digit());
    map_opt(digits, |d: &str| {
        d.parse::<u16>()
            .ok()
            .filter(|n| (1..=255).contains(n))
            .map(|n| n as u8)
    })
    .parse(i)
}

/// `algebraic = 'a'..'z', rank ;`
fn algebraic(i: &str) -> Res<'_, Square> {
    let (i, file) = satisfy(|c| c.is_ascii_lowercase()).parse(i)?;
    let (i, rank) = rank(i)?;
    let file = file as u8 - b'a';
    Ok((
        i,
        Square::Alg {
            file,
            rank: rank - 1,
        },
    ))
}

/// `rank = '1'..'9' | ('1' | '2'), digit ;` (value 1..26)
fn rank(i: &str) -> Res<'_, u8> {
    let digit = || satisfy(|c| c.is_ascii_digit());
    let two = recognize((one_of("12"), digit()));
    let one = recognize(one_of("123456789"));
    let value = map(alt((two, one)), |r: &str| r.parse::<u8>().unwrap_or(0));
    verify(value, |r| (1..=26).contains(r)).parse(i)
}

/// `extra-field = letter, { 'A'..'Z' | 'a'..'z' | digit | '+' | '-' } ;`
fn extra_field(text: &str) -> Res<'_, Field<'_>> {
    let (i, _) = letter(text)?;
    let (i, _) = take_while(|c: char| c.is_ascii_alphanumeric() || c == '+' || c == '-')(i)?;
    if !i.is_empty() {
        return fail(i, "expected letters, digits, `+` or `-` in an extra field");
    }
    Ok((i, Field::Extra(text)))
}

/// `letter = 'A'..'Z' - ('W' | 'B' | 'K') ;`
fn letter(i: &str) -> Res<'_, char> {
    satisfy(|c| c.is_ascii_uppercase() && !matches!(c, 'W' | 'B' | 'K')).parse(i)
}

/// `ws = { ' ' | '\t' | '\n' | '\r' | '\f' } ;`
fn ws(i: &str) -> Res<'_, &str> {
    take_while(|c: char| c.is_ascii_whitespace()).parse(i)
}

// ---------------------------------------------------------------- the rules the EBNF does not show

fn color_of(letter: &str) -> Color {
    if letter.eq_ignore_ascii_case("W") {
        Color::White
    } else {
        Color::Black
    }
}

/// The semantic pass: one white and one black field, empty fields for missing colours, ranges,
/// one notation, duplicates, and every warning, sorted by offset.
fn check<'a>(text: &'a str, syntax: Syntax<'a>) -> Result<Fen, Expected<'a>> {
    let mut warnings = Vec::new();
    let mut warn = |code, at: &str, message: String| {
        warnings.push(FenWarning {
            code,
            message,
            offset: offset(text, at),
        });
    };
    if let Some(at) = syntax.quote {
        warn(codes::QUOTED, at, "FEN wrapped in quotes".to_string());
    }
    if let Some(at) = syntax.dot {
        warn(
            codes::TRAILING_DOT,
            at,
            "`.` after the last field".to_string(),
        );
    }
    let to_move = match syntax.side {
        "?" => None,
        side => {
            if side.chars().all(|c| c.is_ascii_lowercase()) {
                warn(
                    codes::LOWERCASE,
                    side,
                    format!("lower-case side letter `{side}`"),
                );
            }
            Some(color_of(side))
        }
    };
    let (mut white, mut black) = (None, None);
    let mut extra = Vec::new();
    let mut empty_fields = Vec::new();
    let mut notation = None;
    let mut seen = SquareSet::default();
    for field in syntax.fields {
        match field? {
            Field::Empty(at) => empty_fields.push(at),
            Field::Extra(field) => {
                warn(
                    codes::EXTRA_FIELD,
                    field,
                    format!("extra field `{field}` kept but not interpreted"),
                );
                extra.push((field[..1].to_string(), field[1..].to_string()));
            }
            Field::Colour(letter, items) => {
                let color = color_of(letter);
                if letter.chars().all(|c| c.is_ascii_lowercase()) {
                    warn(
                        codes::LOWERCASE,
                        letter,
                        format!("lower-case colour letter `{letter}`"),
                    );
                }
                let slot = match color {
                    Color::White => &mut white,
                    Color::Black => &mut black,
                };
                if slot.is_some() {
                    return Err(Expected {
                        at: letter,
                        message: format!("second {color} field"),
                    });
                }
                let mut pieces = Vec::new();
                for item in items {
                    let item = item?;
                    for end in std::iter::once(item.from).chain(item.to) {
                        if end.text.len() > 1 && end.text.starts_with('0') {
                            let message = format!("zero-padded square `{}`", end.text);
                            warn(codes::ZERO_PADDED_SQUARE, end.text, message);
                        }
                    }
                    // (Inline for a square or a short range: no allocation per item.)
                    let squares: smallvec::SmallVec<[Square; 8]> = match (item.from.square, item.to)
                    {
                        (Square::Num(a), Some(to)) => {
                            let Square::Num(b) = to.square else {
                                unreachable!("the grammar reads range ends as numbers")
                            };
                            if a > b {
                                return Err(Expected {
                                    at: item.from.text,
                                    message: format!(
                                        "reversed range `{a}-{b}`: the lower square comes first"
                                    ),
                                });
                            }
                            (a..=b).map(Square::Num).collect()
                        }
                        (square, _) => smallvec::smallvec![square],
                    };
                    for square in squares {
                        let kind = if square.is_algebraic() {
                            SquareNotation::Algebraic
                        } else {
                            SquareNotation::Numeric
                        };
                        if *notation.get_or_insert(kind) != kind {
                            return Err(Expected {
                                at: item.text,
                                message: "mixed numeric and algebraic squares".to_string(),
                            });
                        }
                        if !seen.insert(square) {
                            let message = format!("square {square} listed more than once");
                            warn(codes::DUPLICATE_SQUARE, item.text, message);
                        }
                        pieces.push(FenPiece {
                            square,
                            king: item.king,
                        });
                    }
                }
                *slot = Some(pieces);
            }
        }
    }
    // Empty fields stand for the missing colours, White first; the rest are ignored.
    let mut empty_fields = empty_fields.into_iter();
    for (slot, color) in [(&mut white, Color::White), (&mut black, Color::Black)] {
        if slot.is_none()
            && let Some(at) = empty_fields.next()
        {
            *slot = Some(Vec::new());
            let message =
                format!("empty field without a colour letter read as {color} with no pieces");
            warn(codes::EMPTY_FIELD, at, message);
        }
    }
    for at in empty_fields {
        warn(codes::EMPTY_FIELD, at, "empty field ignored".to_string());
    }
    let missing = |message: &str| Expected {
        at: syntax.end,
        message: message.to_string(),
    };
    let white = white.ok_or_else(|| missing("expected a white field `:W...`"))?;
    let black = black.ok_or_else(|| missing("expected a black field `:B...`"))?;
    // Reported once, at the first whitespace byte: only `ws` reads whitespace.
    if let Some(at) = text.find(|c: char| c.is_ascii_whitespace()) {
        warn(
            codes::WHITESPACE,
            &text[at..],
            "whitespace inside the FEN".to_string(),
        );
    }
    warnings.sort_by_key(|w| w.offset);
    let setup = FenSetup {
        to_move,
        white,
        black,
        extra,
    };
    Ok(Fen { setup, warnings })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole of `text` read by `p`, or the offset and message of the failure.
    fn whole<'a, T>(
        p: impl Parser<&'a str, Output = T, Error = Expected<'a>>,
        text: &'a str,
    ) -> Result<T, (usize, String)> {
        all_consuming(p)
            .parse(text)
            .map(|(_, v)| v)
            .map_err(|e| match e {
                nom::Err::Error(e) | nom::Err::Failure(e) => (offset(text, e.at), e.message),
                nom::Err::Incomplete(_) => unreachable!(),
            })
    }

    #[test]
    fn numbers_and_ranks_have_the_spec_ranges() {
        assert_eq!(whole(number, "6"), Ok(6));
        assert_eq!(whole(number, "06"), Ok(6));
        assert_eq!(whole(number, "255"), Ok(255));
        assert!(whole(number, "0").is_err());
        assert!(whole(number, "256").is_err());
        assert!(whole(number, "0001").is_err());
        assert_eq!(whole(rank, "26"), Ok(26));
        assert!(whole(rank, "27").is_err());
        assert!(whole(rank, "0").is_err());
        assert!(whole(rank, "01").is_err());
        assert_eq!(whole(square, "k12"), Ok(Square::Alg { file: 10, rank: 11 }));
        assert!(whole(square, "A1").is_err());
    }

    #[test]
    fn items_report_at_the_token() {
        let item_of = |text| {
            whole(trimmed(item), text).map(|i| (i.king, i.from.square, i.to.map(|t| t.square)))
        };
        assert_eq!(item_of("K5"), Ok((true, Square::Num(5), None)));
        assert_eq!(
            item_of(" 1 - 5 "),
            Ok((false, Square::Num(1), Some(Square::Num(5))))
        );
        assert_eq!(
            item_of("K 15"),
            Err((1, "expected a square, found ` 15`".to_string()))
        );
        assert_eq!(item_of("K"), Err((1, "expected a square".to_string())));
        assert_eq!(
            item_of("1 -"),
            Err((3, "expected a square after `-`".to_string()))
        );
        assert_eq!(
            item_of("1-c3"),
            Err((2, "a range needs numeric squares".to_string()))
        );
        assert_eq!(
            item_of("a1-3x"),
            Err((3, "expected a square, found `3x`".to_string()))
        );
    }

    #[test]
    fn warnings_at_one_offset_keep_the_order_found() {
        let fen = parse("W:W1:B2: .").unwrap();
        let found: Vec<_> = fen.warnings.iter().map(|w| (w.code, w.offset)).collect();
        assert_eq!(
            found,
            [
                (codes::EMPTY_FIELD, 8),
                (codes::WHITESPACE, 8),
                (codes::TRAILING_DOT, 9)
            ]
        );
    }

    #[test]
    fn errors_come_in_reading_order() {
        let error = |text| parse(text).map(|_| ()).map_err(|e| (e.offset, e.message));
        // The mixed notation of the second item is met before the bad black field.
        assert_eq!(
            error("W:Wa1,2:Bx"),
            Err((6, "mixed numeric and algebraic squares".to_string()))
        );
        // The closing quote is looked for before the side.
        assert_eq!(
            error("\"X:W1:B2 "),
            Err((8, "expected a closing `\"`".to_string()))
        );
        // A second white field before its bad items.
        assert_eq!(
            error("W:W1:Wx:B2"),
            Err((5, "second white field".to_string()))
        );
    }
}

/// The squares seen so far: one bit a square (numbers 1..=255, then the 26x26 algebraic squares),
/// where a hashed set cost more than the rest of the reading.
#[derive(Default)]
struct SquareSet([u64; 15]);

impl SquareSet {
    /// Adds `square`; false when it was there already.
    fn insert(&mut self, square: Square) -> bool {
        let bit = match square {
            Square::Num(n) => usize::from(n),
            Square::Alg { file, rank } => 256 + usize::from(rank) * 26 + usize::from(file),
        };
        let (word, mask) = (bit / 64, 1u64 << (bit % 64));
        let new = self.0[word] & mask == 0;
        self.0[word] |= mask;
        new
    }
}
