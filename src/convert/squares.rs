//! Output numberings: which numbering a conversion writes, the GameType that announces it, and
//! a cell-to-square table so that writing a move never walks the board.

use crate::notation::Square;
use crate::rules::board::{Bits, CellIter};
use crate::rules::{Cell, Numbering, Rules};
use crate::variant::{GameType, SquareNotation};

/// The numbering a game is written in: the variant's standard one, switched to the requested
/// square notation. Numbers on a board whose standard is algebraic count from White's top-left
/// (as the reader reads them, see [`Numbering::from_game_type`]).
pub fn output_numbering(rules: &Rules, notation: Option<SquareNotation>) -> Numbering {
    let standard = Numbering::for_rules(rules);
    match notation {
        None => standard,
        Some(n) if n == standard.notation => standard,
        Some(SquareNotation::Numeric) => Numbering {
            notation: SquareNotation::Numeric,
            corner_white_view: 2,
            a1_corner: 0,
            mirrored: standard.mirrored,
        },
        Some(SquareNotation::Algebraic) => Numbering {
            notation: SquareNotation::Algebraic,
            // Ignored for algebraic squares; 2 is what the reader makes of any `A` GameType.
            corner_white_view: 2,
            a1_corner: 0, // White's bottom-left
            mirrored: standard.mirrored,
        },
    }
}

/// The long GameType that describes `numbering` for `rules`: reading it back gives the same
/// numbering. The corner digit is seen from the starting player's side; for algebraic squares
/// it is where a1 is. `None` for a variant without a GameType number (BrainKing's): a record
/// names it with its Variant tag.
pub fn game_type(rules: &Rules, numbering: Numbering) -> Option<GameType> {
    let standard = rules.variant.default_game_type()?;
    if numbering == Numbering::for_rules(rules) {
        return Some(GameType {
            short_form: false,
            ..standard
        });
    }
    let white_view = match numbering.notation {
        SquareNotation::Numeric => numbering.corner_white_view,
        SquareNotation::Algebraic => numbering.a1_corner,
    };
    let corner = match rules.first_mover {
        crate::notation::Color::White => white_view,
        crate::notation::Color::Black => 3 - white_view,
    };
    Some(GameType {
        notation: numbering.notation,
        corner,
        inverted: numbering.mirrored,
        short_form: false,
        ..standard
    })
}

/// Cell to square, for one (rules, numbering) pair.
#[derive(Debug, Clone)]
pub struct SquareTable {
    rules: &'static Rules,
    numbering: Numbering,
    squares: Vec<Square>,
}

impl SquareTable {
    pub fn new(rules: &'static Rules, numbering: Numbering) -> SquareTable {
        let geo = &rules.board;
        let mut squares = vec![Square::Num(0); Bits::BITS as usize];
        for cell in CellIter(geo.cells) {
            squares[cell as usize] = numbering.square(geo, cell);
        }
        SquareTable {
            rules,
            numbering,
            squares,
        }
    }

    pub fn numbering(&self) -> Numbering {
        self.numbering
    }

    pub fn is_for(&self, rules: &'static Rules, numbering: Numbering) -> bool {
        std::ptr::eq(self.rules, rules) && self.numbering == numbering
    }

    #[inline]
    pub fn square(&self, cell: Cell) -> Square {
        self.squares[cell as usize]
    }
}

/// A few tables kept across games (an archive rarely mixes more than one or two).
#[derive(Debug, Default)]
pub struct TableCache {
    tables: Vec<SquareTable>,
}

impl TableCache {
    pub fn get(&mut self, rules: &'static Rules, numbering: Numbering) -> &SquareTable {
        let at = match self.tables.iter().position(|t| t.is_for(rules, numbering)) {
            Some(at) => at,
            None => {
                self.tables.push(SquareTable::new(rules, numbering));
                self.tables.len() - 1
            }
        };
        &self.tables[at]
    }
}
