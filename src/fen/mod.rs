//! PDN FEN: `W:W31-50:B1-20`, as the standard writes it and as real files bend it.
//! See `grammar/fen.md` for exactly what is accepted.
//!
//! This is the *unvalidated* setup (what the text says). Whether it is a possible position for a
//! variant (men on their own promotion row, too many pieces, ...) is for `rules` to judge.
//!
//! [`read`] is the reader: the grammar as nom combinators, one function per production. Beside
//! it, for tests only, `reference` is the hand-written reader it replaced, which the property
//! tests hold it to.

mod read;
#[cfg(feature = "test-support")]
pub mod reference;

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

/// Reads a PDN FEN (the value of a `FEN` tag, with or without its quotes), by the grammar of
/// `grammar/fen.md` written as nom combinators ([`read`]). Never panics.
pub fn parse(text: &str) -> Result<Fen, FenError> {
    read::parse(text)
}

/// At most 16 characters of `text`, escaped, for quoting in a message.
pub(crate) fn quote(text: &str) -> String {
    let mut out: String = text.chars().take(16).flat_map(char::escape_debug).collect();
    if text.chars().nth(16).is_some() {
        out.push_str("...");
    }
    out
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
