//! The hand-written FEN reader pdnkit used before the grammar became the reader ([`super::read`]),
//! kept for tests only: a second, independent reading of the same text that the property tests
//! (`tests/fen_grammar.rs`) hold the grammar to, on random and mutated text and on every FEN tag
//! of the fixtures and the corpus.

use super::{Fen, FenError, FenPiece, FenSetup, FenWarning, codes, quote};
use crate::notation::{Color, Square};
use crate::variant::SquareNotation;
use std::collections::HashSet;

/// Reads a PDN FEN as [`super::parse`] does, by hand.
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
