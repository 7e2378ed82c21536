//! PDN FEN: `W:W31-50:B1-20`, as the standard writes it and as real files bend it.
//! See `grammar/fen.md` for exactly what is accepted.
//!
//! This is the *unvalidated* setup (what the text says). Whether it is a possible position for a
//! variant (men on their own promotion row, too many pieces, ...) is for `rules` to judge.

use crate::notation::{Color, Square};
use serde::{Deserialize, Serialize};

/// One piece as a FEN lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FenPiece {
    pub square: Square,
    pub king: bool,
}

/// What a FEN string says, before any variant validates it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FenSetup {
    /// Side to move; `None` when the FEN says `?`.
    pub to_move: Option<Color>,
    /// White's pieces in the order written (ranges expanded).
    pub white: Vec<FenPiece>,
    /// Black's pieces in the order written (ranges expanded).
    pub black: Vec<FenPiece>,
    /// Fields after the two colours that pdnkit keeps but does not interpret, such as lidraughts'
    /// `H0` (half-move clock) and `F1` (full-move number), as (letter, value) text.
    pub extra: Vec<(String, String)>,
}

use crate::variant::SquareNotation;
use std::collections::HashSet;
use std::fmt;

/// The warning codes `parse` can report (see `grammar/fen.md`), by what they are about; the
/// reader reports them as they are.
pub mod codes {
    use crate::finding::Code;

    /// A `.` after the last field (PDN 3.0's reading grammar allows it; writers must not emit it).
    pub const TRAILING_DOT: Code = Code::FenTrailingDot;
    /// A field other than the two colours, such as lidraughts' `H0` / `F1`; kept in `extra`.
    pub const EXTRA_FIELD: Code = Code::FenExtraField;
    /// An empty field with no colour letter (`W::.`); stands for a colour that has no pieces, or
    /// is ignored when both colours are present.
    pub const EMPTY_FIELD: Code = Code::FenEmptyField;
    /// A square written with a leading zero, such as `06`.
    pub const ZERO_PADDED_SQUARE: Code = Code::FenZeroPaddedSquare;
    /// A lower-case side or colour letter (`w`, `b`).
    pub const LOWERCASE: Code = Code::FenLowercase;
    /// The whole FEN wrapped in double quotes.
    pub const QUOTED: Code = Code::FenQuoted;
    /// Whitespace around a token (reported once per FEN, at the first place it occurs).
    pub const WHITESPACE: Code = Code::FenWhitespace;
    /// The same square listed twice, in one colour or across both.
    pub const DUPLICATE_SQUARE: Code = Code::FenDuplicateSquare;

    /// Every code above.
    pub const ALL: &[Code] = &[
        TRAILING_DOT,
        EXTRA_FIELD,
        EMPTY_FIELD,
        ZERO_PADDED_SQUARE,
        LOWERCASE,
        QUOTED,
        WHITESPACE,
        DUPLICATE_SQUARE,
    ];
}

/// A parsed FEN: the setup plus every dialect oddity met on the way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fen {
    pub setup: FenSetup,
    /// In order of `offset`.
    pub warnings: Vec<FenWarning>,
}

/// Something the FEN bends but that could still be read. `code` is one of [`codes`].
/// (Deserializing accepts only the codes in [`codes::ALL`].)
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FenWarning {
    pub code: crate::finding::Code,
    pub message: String,
    /// Byte offset in the text given to [`parse`].
    pub offset: usize,
}

#[derive(Deserialize)]
struct RawWarning {
    code: String,
    message: String,
    offset: usize,
}

impl<'de> Deserialize<'de> for FenWarning {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = RawWarning::deserialize(deserializer)?;
        FenWarning::try_from(raw).map_err(serde::de::Error::custom)
    }
}

impl TryFrom<RawWarning> for FenWarning {
    type Error = String;

    fn try_from(raw: RawWarning) -> Result<FenWarning, String> {
        let code = crate::finding::Code::from_name(&raw.code)
            .filter(|c| codes::ALL.contains(c))
            .ok_or_else(|| format!("unknown FEN warning code `{}`", raw.code))?;
        Ok(FenWarning {
            code,
            message: raw.message,
            offset: raw.offset,
        })
    }
}

/// Why a FEN could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FenError {
    pub message: String,
    /// Byte offset in the text given to [`parse`].
    pub offset: usize,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

impl std::error::Error for FenError {}

impl fmt::Display for FenWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} (at byte {})",
            self.code, self.message, self.offset
        )
    }
}

/// Reads a PDN FEN (the value of a `FEN` tag, with or without its quotes).
/// Never panics; see `grammar/fen.md` for exactly what is accepted.
pub fn parse(text: &str) -> Result<Fen, FenError> {
    let mut parser = Parser {
        text,
        bytes: text.as_bytes(),
        warnings: Vec::new(),
        first_whitespace: None,
        notation: None,
        seen: HashSet::new(),
    };
    let setup = parser.fen()?;
    if let Some(offset) = parser.first_whitespace {
        parser.warn(
            codes::WHITESPACE,
            offset,
            "whitespace inside the FEN".to_string(),
        );
    }
    let mut warnings = parser.warnings;
    warnings.sort_by_key(|w| w.offset);
    Ok(Fen { setup, warnings })
}

fn err<T>(offset: usize, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError {
        message: message.into(),
        offset,
    })
}

/// At most 16 characters of `text`, escaped, for quoting in a message.
pub(crate) fn quote(text: &str) -> String {
    let mut out: String = text.chars().take(16).flat_map(char::escape_debug).collect();
    if text.chars().nth(16).is_some() {
        out.push_str("...");
    }
    out
}

/// What an extra field's value may contain (lidraughts writes digits only).
fn is_extra_value_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'+' || b == b'-'
}

fn is_ws(b: u8) -> bool {
    b.is_ascii_whitespace()
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    warnings: Vec<FenWarning>,
    first_whitespace: Option<usize>,
    /// Notation of the first square read, and where.
    notation: Option<SquareNotation>,
    seen: HashSet<Square>,
}

impl Parser<'_> {
    fn warn(&mut self, code: crate::finding::Code, offset: usize, message: String) {
        self.warnings.push(FenWarning {
            code,
            message,
            offset,
        });
    }

    fn note_whitespace(&mut self, offset: usize) {
        self.first_whitespace = Some(self.first_whitespace.map_or(offset, |o| o.min(offset)));
    }

    /// Trims ASCII whitespace from both ends of `start..end`, noting any.
    /// All slicing below happens at ASCII bytes, so every index is a char boundary.
    fn trim(&mut self, start: usize, end: usize) -> (usize, usize) {
        let s = self.trim_start(start, end);
        let e = self.trim_end(s, end);
        (s, e)
    }

    fn trim_start(&mut self, mut start: usize, end: usize) -> usize {
        if start < end && is_ws(self.bytes[start]) {
            self.note_whitespace(start);
            while start < end && is_ws(self.bytes[start]) {
                start += 1;
            }
        }
        start
    }

    fn trim_end(&mut self, start: usize, mut end: usize) -> usize {
        let mut ws_at = None;
        while end > start && is_ws(self.bytes[end - 1]) {
            end -= 1;
            ws_at = Some(end);
        }
        if let Some(at) = ws_at {
            self.note_whitespace(at);
        }
        end
    }

    fn find(&self, byte: u8, start: usize, end: usize) -> Option<usize> {
        self.bytes[start..end]
            .iter()
            .position(|&b| b == byte)
            .map(|i| start + i)
    }

    fn fen(&mut self) -> Result<FenSetup, FenError> {
        const EXPECT_SIDE: &str = "expected side to move `W`, `B` or `?`";
        let (mut start, mut end) = self.trim(0, self.bytes.len());
        if start == end {
            return err(0, "empty FEN: expected side to move `W`, `B` or `?`");
        }
        if self.bytes[start] == b'"' {
            if end - start >= 2 && self.bytes[end - 1] == b'"' {
                self.warn(codes::QUOTED, start, "FEN wrapped in quotes".to_string());
                (start, end) = self.trim(start + 1, end - 1);
            } else {
                return err(end, "expected a closing `\"`");
            }
        }
        if start < end && self.bytes[end - 1] == b'.' {
            self.warn(
                codes::TRAILING_DOT,
                end - 1,
                "`.` after the last field".to_string(),
            );
            end = self.trim_end(start, end - 1);
        }
        if start == end {
            return err(start, EXPECT_SIDE);
        }
        let to_move = match self.bytes[start] {
            b'W' => Some(Color::White),
            b'B' => Some(Color::Black),
            b'?' => None,
            c @ (b'w' | b'b') => {
                self.warn(
                    codes::LOWERCASE,
                    start,
                    format!("lower-case side letter `{}`", c as char),
                );
                Some(if c == b'w' {
                    Color::White
                } else {
                    Color::Black
                })
            }
            _ => return err(start, EXPECT_SIDE),
        };
        let colon = self.trim_start(start + 1, end);
        if colon == end {
            return err(
                colon,
                "expected `:` and the colour fields after the side to move",
            );
        }
        if self.bytes[colon] != b':' {
            return err(colon, "expected `:` after the side to move");
        }

        let mut white: Option<Vec<FenPiece>> = None;
        let mut black: Option<Vec<FenPiece>> = None;
        let mut extra = Vec::new();
        let mut empty_fields = Vec::new();
        let mut field_start = colon + 1;
        loop {
            let field_end = self.find(b':', field_start, end).unwrap_or(end);
            let (s, e) = self.trim(field_start, field_end);
            if s == e {
                empty_fields.push(s);
            } else {
                match self.bytes[s] {
                    c @ (b'W' | b'w' | b'B' | b'b') => {
                        let color = if c.eq_ignore_ascii_case(&b'W') {
                            Color::White
                        } else {
                            Color::Black
                        };
                        if c.is_ascii_lowercase() {
                            self.warn(
                                codes::LOWERCASE,
                                s,
                                format!("lower-case colour letter `{}`", c as char),
                            );
                        }
                        let slot = match color {
                            Color::White => &white,
                            Color::Black => &black,
                        };
                        if slot.is_some() {
                            return err(s, format!("second {color} field"));
                        }
                        let pieces = self.squares(s + 1, e)?;
                        match color {
                            Color::White => white = Some(pieces),
                            Color::Black => black = Some(pieces),
                        }
                    }
                    c @ b'A'..=b'Z' if c != b'K' => {
                        let value = &self.text[s + 1..e];
                        if let Some(bad) = value.bytes().position(|b| !is_extra_value_byte(b)) {
                            return err(
                                s + 1 + bad,
                                "expected letters, digits, `+` or `-` in an extra field",
                            );
                        }
                        self.warn(
                            codes::EXTRA_FIELD,
                            s,
                            format!(
                                "extra field `{}` kept but not interpreted",
                                &self.text[s..e]
                            ),
                        );
                        extra.push(((c as char).to_string(), value.to_string()));
                    }
                    _ => return err(s, "expected a colour field `W` or `B`"),
                }
            }
            if field_end == end {
                break;
            }
            field_start = field_end + 1;
        }

        // Empty unlabelled fields stand for the missing colours, White first; the rest are ignored.
        let mut empty_fields = empty_fields.into_iter();
        for (slot, color) in [(&mut white, Color::White), (&mut black, Color::Black)] {
            if slot.is_none()
                && let Some(at) = empty_fields.next()
            {
                *slot = Some(Vec::new());
                self.warn(
                    codes::EMPTY_FIELD,
                    at,
                    format!("empty field without a colour letter read as {color} with no pieces"),
                );
            }
        }
        for at in empty_fields {
            self.warn(codes::EMPTY_FIELD, at, "empty field ignored".to_string());
        }
        let Some(white) = white else {
            return err(end, "expected a white field `:W...`");
        };
        let Some(black) = black else {
            return err(end, "expected a black field `:B...`");
        };
        Ok(FenSetup {
            to_move,
            white,
            black,
            extra,
        })
    }

    /// The comma-separated list after a colour letter (may be empty).
    fn squares(&mut self, start: usize, end: usize) -> Result<Vec<FenPiece>, FenError> {
        let (start, end) = self.trim(start, end);
        let mut pieces = Vec::new();
        if start == end {
            return Ok(pieces);
        }
        let mut item_start = start;
        loop {
            let item_end = self.find(b',', item_start, end).unwrap_or(end);
            self.item(item_start, item_end, &mut pieces)?;
            if item_end == end {
                return Ok(pieces);
            }
            item_start = item_end + 1;
        }
    }

    /// `K? square` or `K? number - number`.
    fn item(&mut self, start: usize, end: usize, out: &mut Vec<FenPiece>) -> Result<(), FenError> {
        let (s, e) = self.trim(start, end);
        if s == e {
            return err(s, "expected a square");
        }
        let king = self.bytes[s] == b'K';
        let first = s + usize::from(king);
        let Some(dash) = self.find(b'-', first, e) else {
            let square = self.square(first, e)?;
            return self.push(FenPiece { square, king }, s, out);
        };
        let low_end = self.trim_end(first, dash);
        let high_start = self.trim_start(dash + 1, e);
        let low = self.square(first, low_end)?;
        if high_start == e {
            return err(e, "expected a square after `-`");
        }
        let high = self.square(high_start, e)?;
        let (Square::Num(a), Square::Num(b)) = (low, high) else {
            let at = if low.is_algebraic() {
                first
            } else {
                high_start
            };
            return err(at, "a range needs numeric squares");
        };
        if a > b {
            return err(
                first,
                format!("reversed range `{a}-{b}`: the lower square comes first"),
            );
        }
        for n in a..=b {
            self.push(
                FenPiece {
                    square: Square::Num(n),
                    king,
                },
                s,
                out,
            )?;
        }
        Ok(())
    }

    fn square(&mut self, start: usize, end: usize) -> Result<Square, FenError> {
        let token = &self.text[start..end];
        if token.is_empty() {
            return err(start, "expected a square");
        }
        match Square::parse(token) {
            Some(square) => {
                if token.len() > 1 && token.starts_with('0') {
                    self.warn(
                        codes::ZERO_PADDED_SQUARE,
                        start,
                        format!("zero-padded square `{token}`"),
                    );
                }
                Ok(square)
            }
            None => err(
                start,
                format!("expected a square, found `{}`", quote(token)),
            ),
        }
    }

    fn push(
        &mut self,
        piece: FenPiece,
        at: usize,
        out: &mut Vec<FenPiece>,
    ) -> Result<(), FenError> {
        let notation = if piece.square.is_algebraic() {
            SquareNotation::Algebraic
        } else {
            SquareNotation::Numeric
        };
        match self.notation {
            None => self.notation = Some(notation),
            Some(n) if n != notation => {
                return err(at, "mixed numeric and algebraic squares");
            }
            Some(_) => {}
        }
        if !self.seen.insert(piece.square) {
            self.warn(
                codes::DUPLICATE_SQUARE,
                at,
                format!("square {} listed more than once", piece.square),
            );
        }
        out.push(piece);
        Ok(())
    }
}

impl FenPiece {
    pub fn man(square: Square) -> FenPiece {
        FenPiece {
            square,
            king: false,
        }
    }

    pub fn king(square: Square) -> FenPiece {
        FenPiece { square, king: true }
    }
}

/// The canonical order: numeric squares by number, then algebraic squares by rank then file
/// (a1, c1, ..., b2, ...); a man before a king on the same square.
fn canonical_key(piece: &FenPiece) -> (u8, u8, u8, bool) {
    match piece.square {
        Square::Num(n) => (0, 0, n, piece.king),
        Square::Alg { file, rank } => (1, rank, file, piece.king),
    }
}

impl FenSetup {
    /// The canonical PDN FEN (same as `Display`).
    pub fn to_fen_string(&self) -> String {
        self.to_string()
    }

    /// The pieces of one colour, in the order written.
    pub fn pieces(&self, color: Color) -> &[FenPiece] {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The notation of the squares, or `None` when there are no pieces.
    /// (`parse` never returns a setup that mixes both.)
    pub fn notation(&self) -> Option<SquareNotation> {
        self.white.iter().chain(&self.black).next().map(|p| {
            if p.square.is_algebraic() {
                SquareNotation::Algebraic
            } else {
                SquareNotation::Numeric
            }
        })
    }

    /// A copy with each colour's pieces in canonical order (the order `Display` prints), for
    /// comparing positions regardless of the order written.
    pub fn sorted(&self) -> FenSetup {
        let mut copy = self.clone();
        copy.white.sort_by_key(canonical_key);
        copy.black.sort_by_key(canonical_key);
        copy
    }
}

fn write_pieces(f: &mut fmt::Formatter<'_>, pieces: &[FenPiece]) -> fmt::Result {
    let mut sorted = pieces.to_vec();
    sorted.sort_by_key(canonical_key);
    let number = |p: &FenPiece| match p.square {
        Square::Num(n) => Some(u16::from(n)),
        Square::Alg { .. } => None,
    };
    let mut i = 0;
    let mut first = true;
    while i < sorted.len() {
        // The longest run sorted[i..=j] of consecutive numbers of the same kind.
        let mut j = i;
        while j + 1 < sorted.len()
            && sorted[j + 1].king == sorted[i].king
            && matches!((number(&sorted[j]), number(&sorted[j + 1])), (Some(a), Some(b)) if b == a + 1)
        {
            j += 1;
        }
        if !first {
            f.write_str(",")?;
        }
        first = false;
        let k = if sorted[i].king { "K" } else { "" };
        if j - i + 1 >= 3 {
            write!(f, "{k}{}-{}", sorted[i].square, sorted[j].square)?;
            i = j + 1;
        } else {
            write!(f, "{k}{}", sorted[i].square)?;
            i += 1;
        }
    }
    Ok(())
}

impl fmt::Display for FenSetup {
    /// Canonical PDN FEN: side (`?` when unknown), `:W` and `:B` fields with squares in canonical
    /// order, runs of three or more consecutive numeric squares of the same kind as ranges, then
    /// the extra fields in their original order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.to_move {
            Some(color) => match color {
                Color::White => "W",
                Color::Black => "B",
            },
            None => "?",
        })?;
        f.write_str(":W")?;
        write_pieces(f, &self.white)?;
        f.write_str(":B")?;
        write_pieces(f, &self.black)?;
        for (letter, value) in &self.extra {
            write!(f, ":{letter}{value}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_start_position_round_trips() {
        let fen = parse("W:W31-50:B1-20").unwrap();
        assert!(fen.warnings.is_empty());
        assert_eq!(fen.setup.to_move, Some(Color::White));
        assert_eq!(fen.setup.white.len(), 20);
        assert_eq!(fen.setup.white[0], FenPiece::man(Square::Num(31)));
        assert_eq!(fen.setup.black.len(), 20);
        assert_eq!(fen.setup.to_fen_string(), "W:W31-50:B1-20");
    }

    #[test]
    fn ranges_compress_only_runs_of_three_of_one_kind() {
        let fen = parse("B:W9,7,K4-6,2,1:BK10,K11").unwrap();
        assert_eq!(fen.setup.to_string(), "B:W1,2,K4-6,7,9:BK10,K11");
    }
}
