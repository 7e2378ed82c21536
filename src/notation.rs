//! The small vocabulary shared by the reader, the rules and the reports:
//! colours and squares as PDN writes them.
//!
//! A [`Square`] here is *notation*, not a board index: `Num(32)` or `Alg { file: 0, rank: 0 }` (a1).
//! Which board cell it names depends on the variant's geometry (see `rules`).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A side. PDN calls the sides White and Black whatever their real colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The letter PDN's FEN uses for this side.
    pub fn fen_letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// A square as written in PDN: a number (1-based) or algebraic file and rank (0-based: a1 = 0,0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Square {
    Num(u8),
    Alg { file: u8, rank: u8 },
}

impl Square {
    /// Parses `32`, `06` (zero-padded, reported by the caller), `a1`, `h8`, `l12`.
    /// Returns `None` for anything else. Numbers must be 1..=255 and ranks 1..=26.
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        match bytes.first()? {
            b'0'..=b'9' => {
                if bytes.len() > 3 || !bytes.iter().all(u8::is_ascii_digit) {
                    return None;
                }
                let n: u16 = text.parse().ok()?;
                (1..=255).contains(&n).then_some(Square::Num(n as u8))
            }
            b'a'..=b'z' => {
                let rank_text = &text[1..];
                if rank_text.is_empty()
                    || rank_text.len() > 2
                    || !rank_text.bytes().all(|b| b.is_ascii_digit())
                    || rank_text.starts_with('0')
                {
                    return None;
                }
                let rank: u8 = rank_text.parse().ok()?;
                (1..=26).contains(&rank).then_some(Square::Alg {
                    file: bytes[0] - b'a',
                    rank: rank - 1,
                })
            }
            _ => None,
        }
    }

    pub fn is_algebraic(self) -> bool {
        matches!(self, Square::Alg { .. })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Square::Num(n) => write!(f, "{n}"),
            Square::Alg { file, rank } => write!(f, "{}{}", (b'a' + file) as char, rank + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        assert_eq!(Square::parse("32"), Some(Square::Num(32)));
        assert_eq!(Square::parse("06"), Some(Square::Num(6)));
        assert_eq!(Square::parse("a1"), Some(Square::Alg { file: 0, rank: 0 }));
        assert_eq!(Square::parse("h8").unwrap().to_string(), "h8");
        assert_eq!(Square::parse("l12").unwrap().to_string(), "l12");
        for bad in ["", "0", "a0", "a", "1a", "A1", "a01", "256", "1234"] {
            assert_eq!(Square::parse(bad), None, "{bad:?}");
        }
    }
}
