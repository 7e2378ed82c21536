//! Notation squares (`32`, `c3`) to internal cells and back, driven by the GameType.
//!
//! PDN's GameType gives the notation (`N`/`A`), the corner of square 1 *seen from the starting
//! player's side* (0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right) and whether the
//! bottom-left corner is a playing square (`inverted`). White always sits at the bottom of the
//! "White's view" used here. Numeric squares count playing squares row by row, starting in the
//! corner of square 1 and moving away from it; algebraic squares are file `a..` from White's left
//! and rank `1..` from White's side.
//!
//! Checked against the start positions: International `N2` from White puts 1-5 on the top row and
//! 46 bottom-left; English `N1` from Black (who starts) is White's top-left, so Black's men are on
//! 1-12; Italian `N2,1` puts square 1 in White's top-left corner and White's men on 21-32.

use super::board::{Cell, Geometry, Layout};
use super::rulebook::Rules;
use crate::notation::{Color, Square};
use crate::variant::{GameType, SquareNotation};

/// How a variant's squares are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbering {
    pub notation: SquareNotation,
    /// Corner of square 1 of the *numeric* squares in White's view: 0 bottom-left, 1 bottom-right,
    /// 2 top-left, 3 top-right.
    pub corner_white_view: u8,
    /// Corner of `a1` in White's view (same codes). 0 everywhere but in a record whose `A`
    /// GameType puts a1 elsewhere: `21,B,8,8,A0,0` is a1 at the bottom-left *of Black*, who
    /// starts, so White's top-right (playstrategy's English, Black's men on ranks 1-3).
    pub a1_corner: u8,
    /// The bottom-left corner (White's view) is not a playing square: the internal board is the
    /// mirror image of the real one.
    pub mirrored: bool,
}

/// Why a notation square names no cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareError {
    /// Outside the board (number too high, file or rank too far).
    NotOnBoard,
    /// On the board but a light square.
    NotPlayingSquare,
}

impl Numbering {
    /// The numbering a GameType describes. Its board size is the caller's business (the rules
    /// decide the board); only notation, corner and inversion are taken from it.
    pub fn from_game_type(game_type: &GameType) -> Numbering {
        let corner = match game_type.first_mover {
            Color::White => game_type.corner,
            // Seen from the other side: bottom-left <-> top-right, bottom-right <-> top-left.
            Color::Black => 3 - game_type.corner,
        };
        // Numbers on an algebraic board (FENs such as `W:W21-32:B1-12` in Russian archives)
        // count from White's top-left like English and International; the corner digit of an
        // `A` GameType only says where a1 is.
        let (corner, a1_corner) = match game_type.notation {
            SquareNotation::Numeric => (corner, 0),
            SquareNotation::Algebraic => (2, corner),
        };
        Numbering {
            notation: game_type.notation,
            corner_white_view: corner,
            a1_corner,
            mirrored: game_type.inverted,
        }
    }

    /// The same numbering with the algebraic squares read from the other side of the board
    /// (a1 in the opposite corner): what a record means when its moves fit only that way.
    pub fn turned(self) -> Numbering {
        self.with_a1_corner(3 - self.a1_corner)
    }

    /// The same numbering with a1 in `corner` (White's view).
    pub fn with_a1_corner(self, corner: u8) -> Numbering {
        Numbering {
            a1_corner: corner,
            ..self
        }
    }

    /// White's-view `(row, col)` of the algebraic square `(file, rank)` counted from `a1_corner`,
    /// if it is on the board.
    fn algebraic(self, geo: &Geometry, file: u8, rank: u8) -> Option<(u8, u8)> {
        if file >= geo.width || rank >= geo.height {
            return None;
        }
        let row = if self.a1_corner >= 2 {
            rank
        } else {
            geo.height - 1 - rank
        };
        let col = if self.a1_corner % 2 == 1 {
            geo.width - 1 - file
        } else {
            file
        };
        Some((row, col))
    }

    /// The numbering of the variant's default GameType.
    pub fn for_rules(rules: &Rules) -> Numbering {
        let mut n = Numbering::from_game_type(&rules.variant.board_type());
        if rules.board.layout != Layout::Diagonal {
            n.mirrored = false;
        }
        n
    }

    /// Internal `(row, col)` of a square in White's view.
    fn to_internal(self, geo: &Geometry, row: u8, col: u8) -> (u8, u8) {
        if self.mirrored {
            (row, geo.width - 1 - col)
        } else {
            (row, col)
        }
    }

    fn is_playing(self, geo: &Geometry, row: u8, col: u8) -> bool {
        let (r, c) = self.to_internal(geo, row, col);
        geo.cell(r, c).is_some()
    }

    /// White's-view `(row, col)` of the `n`-th playing square (1-based) in numbering order.
    fn numbered(self, geo: &Geometry, n: u8) -> Option<(u8, u8)> {
        let from_top = self.corner_white_view >= 2;
        let from_left = self.corner_white_view.is_multiple_of(2);
        let mut count = 0u8;
        for i in 0..geo.height {
            let row = if from_top { i } else { geo.height - 1 - i };
            for j in 0..geo.width {
                let col = if from_left { j } else { geo.width - 1 - j };
                if self.is_playing(geo, row, col) {
                    count += 1;
                    if count == n {
                        return Some((row, col));
                    }
                }
            }
        }
        None
    }

    /// White's-view `(row, col)` of a cell (row 0 at the top, far from White): where a diagram
    /// draws it.
    pub fn white_view(self, geo: &Geometry, cell: Cell) -> (u8, u8) {
        let (r, c) = geo.coords(cell);
        self.to_internal(geo, r, c)
    }

    /// The cell a notation square names. Both notations are accepted on every board.
    pub fn cell(self, geo: &Geometry, square: Square) -> Result<Cell, SquareError> {
        let (row, col) = match square {
            Square::Num(n) => self.numbered(geo, n).ok_or(SquareError::NotOnBoard)?,
            Square::Alg { file, rank } => self
                .algebraic(geo, file, rank)
                .ok_or(SquareError::NotOnBoard)?,
        };
        let (r, c) = self.to_internal(geo, row, col);
        geo.cell(r, c).ok_or(SquareError::NotPlayingSquare)
    }

    /// The square naming `cell`, in this numbering's notation.
    pub fn square(self, geo: &Geometry, cell: Cell) -> Square {
        let (r, c) = geo.coords(cell);
        let (row, col) = self.to_internal(geo, r, c); // the mirror is its own inverse
        match self.notation {
            SquareNotation::Algebraic => {
                // The inverse of `algebraic`.
                let rank = if self.a1_corner >= 2 {
                    row
                } else {
                    geo.height - 1 - row
                };
                let file = if self.a1_corner % 2 == 1 {
                    geo.width - 1 - col
                } else {
                    col
                };
                Square::Alg { file, rank }
            }
            SquareNotation::Numeric => {
                let from_top = self.corner_white_view >= 2;
                let from_left = self.corner_white_view.is_multiple_of(2);
                let mut n = 0u8;
                for i in 0..geo.height {
                    let rr = if from_top { i } else { geo.height - 1 - i };
                    for j in 0..geo.width {
                        let cc = if from_left { j } else { geo.width - 1 - j };
                        if self.is_playing(geo, rr, cc) {
                            n += 1;
                            if (rr, cc) == (row, col) {
                                return Square::Num(n);
                            }
                        }
                    }
                }
                Square::Num(0) // unreachable for cells of this board
            }
        }
    }
}

/// A numbering's numeric squares resolved once: replaying looks up every square of every move,
/// and [`Numbering::cell`] walks the board for a number.
#[derive(Debug, Clone)]
pub struct SquareMap {
    numbering: Numbering,
    /// Cell of square `n`, or [`SquareMap::NONE`].
    numeric: [Cell; 256],
}

impl SquareMap {
    const NONE: Cell = Cell::MAX;

    pub fn new(geo: &Geometry, numbering: Numbering) -> SquareMap {
        let mut numeric = [Self::NONE; 256];
        for (n, slot) in numeric.iter_mut().enumerate().skip(1) {
            match numbering.cell(geo, Square::Num(n as u8)) {
                Ok(cell) => *slot = cell,
                Err(_) => break, // numbers run out together
            }
        }
        SquareMap { numbering, numeric }
    }

    pub fn numbering(&self) -> Numbering {
        self.numbering
    }

    /// [`Numbering::cell`], without the walk for numbers.
    #[inline]
    pub fn cell(&self, geo: &Geometry, square: Square) -> Result<Cell, SquareError> {
        match square {
            Square::Num(n) => match self.numeric[n as usize] {
                Self::NONE => Err(SquareError::NotOnBoard),
                cell => Ok(cell),
            },
            Square::Alg { .. } => self.numbering.cell(geo, square),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::CellIter;
    use crate::rules::rulebook::{ENGLISH, RUSSIAN};
    use crate::variant::GameType;

    #[test]
    fn algebraic_squares_from_every_corner_name_their_cell_back() {
        for rules in [&ENGLISH, &RUSSIAN] {
            let geo = &rules.board;
            for corner in 0..4 {
                let mut n = Numbering::for_rules(rules).with_a1_corner(corner);
                n.notation = SquareNotation::Algebraic;
                for cell in CellIter(geo.cells) {
                    let square = n.square(geo, cell);
                    assert_eq!(n.cell(geo, square), Ok(cell), "{corner} {square}");
                }
            }
        }
    }

    #[test]
    fn a_gametype_corner_is_seen_from_the_first_mover() {
        let numbering = |text| Numbering::from_game_type(&GameType::parse(text).unwrap());
        let geo = &ENGLISH.board;
        let a1 = Square::Alg { file: 0, rank: 0 };
        // Russian `A0`, White first: a1 at White's bottom-left.
        assert_eq!(numbering("25,W,8,8,A0,0").a1_corner, 0);
        // English `A0`, Black first: a1 at Black's bottom-left, White's top-right, where
        // English square 4 is (White's view: 1-4 on the top row, left to right).
        let playstrategy = numbering("21,B,8,8,A0,0");
        assert_eq!(playstrategy.a1_corner, 3);
        let square_4 = Numbering::for_rules(&ENGLISH).cell(geo, Square::Num(4));
        assert_eq!(playstrategy.cell(geo, a1), square_4);
        assert_eq!(playstrategy.turned().a1_corner, 0);
        // `A1` from Black: White's top-left, a light square on the English board.
        let light = numbering("21,B,8,8,A1,0");
        assert_eq!(light.cell(geo, a1), Err(SquareError::NotPlayingSquare));
    }
}
