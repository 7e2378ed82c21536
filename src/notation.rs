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

    /// Appends the square as text (`32`, `c3`): what `Display` writes, without the formatting
    /// machinery, which was a tenth of `convert`'s time.
    pub fn push_to(self, out: &mut String) {
        match self {
            Square::Num(n) => push_decimal(u32::from(n), out),
            Square::Alg { file, rank } => {
                out.push(char::from(b'a' + file));
                push_decimal(u32::from(rank) + 1, out);
            }
        }
    }
}

/// Appends `n` in decimal.
#[inline]
pub fn push_decimal(n: u32, out: &mut String) {
    // Squares and move numbers: one or two digits nearly always.
    if n < 100 {
        if n >= 10 {
            out.push(char::from(b'0' + (n / 10) as u8));
        }
        out.push(char::from(b'0' + (n % 10) as u8));
        return;
    }
    let mut digits = [0u8; 10];
    let text = decimal_digits(n, &mut digits);
    out.push_str(std::str::from_utf8(text).expect("ASCII digits"));
}

/// `n` in decimal ASCII digits, written at the end of `buf` (ten digits hold any `u32`).
pub fn decimal_digits(n: u32, buf: &mut [u8; 10]) -> &[u8] {
    let mut at = buf.len();
    let mut rest = n;
    loop {
        at -= 1;
        buf[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    &buf[at..]
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
    fn pushed_text_is_the_displayed_text() {
        let mut squares = vec![
            Square::Num(1),
            Square::Num(9),
            Square::Num(10),
            Square::Num(255),
        ];
        squares.extend(
            [(0, 0), (2, 2), (9, 9), (25, 25)].map(|(file, rank)| Square::Alg { file, rank }),
        );
        for square in squares {
            let mut text = String::new();
            square.push_to(&mut text);
            assert_eq!(text, square.to_string());
        }
        for n in [0, 7, 10, 99, 100, 12345, u32::MAX] {
            let mut text = String::new();
            push_decimal(n, &mut text);
            assert_eq!(text, n.to_string());
        }
    }

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
