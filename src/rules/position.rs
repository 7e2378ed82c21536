//! A validated position: the rules, the side to move, and men and kings of each side as bitboards.
//! [`FenSetup`] is what a FEN says; [`Position::from_setup`] checks it against the variant.

use super::board::{Bits, CellIter};
use super::movegen;
use super::moves::{Move, MoveList, PieceKind};
use super::numbering::{Numbering, SquareError};
use super::rulebook::Rules;
use crate::fen::{FenPiece, FenSetup};
use crate::notation::{Color, Square};
use std::fmt;

#[derive(Debug, Clone, Copy, Eq)]
pub struct Position {
    rules: &'static Rules,
    to_move: Color,
    /// Indexed by [`side`]: White 0, Black 1.
    men: [Bits; 2],
    kings: [Bits; 2],
    /// Per side, the king making consecutive non-capturing moves and how many it made (only
    /// tracked where [`Rules::king_move_limit`] is set; a FEN setup starts with none).
    king_runs: [KingRun; 2],
}

/// One side's run of non-capturing moves by the same king (Frisian's three-moves limit).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct KingRun {
    /// Where that king stands now.
    pub cell: super::board::Cell,
    /// Its consecutive non-capturing moves; 0 = no run.
    pub moves: u8,
}

/// Equal pieces, side to move, king runs and rules. (The pieces are compared first, and the rules by address
/// before their contents: the derived comparison walked both rule tables on every move the draw
/// tracker saw.)
impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        // One test for all four bit sets: the draw tracker compares positions on every move.
        let pieces = (self.men[0] ^ other.men[0])
            | (self.men[1] ^ other.men[1])
            | (self.kings[0] ^ other.kings[0])
            | (self.kings[1] ^ other.kings[1]);
        pieces == 0
            && self.to_move == other.to_move
            && self.king_runs == other.king_runs
            && (std::ptr::eq(self.rules, other.rules) || self.rules == other.rules)
    }
}

/// Index of a colour in the per-side arrays.
#[inline(always)]
pub const fn side(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Why a setup is not a position of this variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The FEN says `?` for the side to move.
    MissingSideToMove,
    /// A number or file/rank outside this board.
    NotOnBoard(Square),
    /// A light square (or a square this variant does not play on).
    NotPlayingSquare(Square),
    /// Two pieces on one square.
    SameSquareTwice(Square),
    /// A man standing where it would already have been crowned.
    ManOnPromotionRow { color: Color, square: Square },
    /// A man on one of the named squares that crown it (Corner's a7, b8, g1, h2).
    ManOnCrowningSquare { color: Color, square: Square },
    /// More pieces than the side starts with.
    TooManyPieces { color: Color, count: u32, max: u32 },
    /// The variant's board is not supported by this engine.
    UnsupportedBoard,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::MissingSideToMove => write!(f, "side to move is unknown"),
            SetupError::NotOnBoard(s) => write!(f, "square {s} is not on this board"),
            SetupError::NotPlayingSquare(s) => write!(f, "square {s} is not a playing square"),
            SetupError::SameSquareTwice(s) => write!(f, "square {s} holds two pieces"),
            SetupError::ManOnPromotionRow { color, square } => {
                write!(f, "{color} man on {square}, its own promotion row")
            }
            SetupError::ManOnCrowningSquare { color, square } => {
                write!(f, "{color} man on {square}, a square that crowns it")
            }
            SetupError::TooManyPieces { color, count, max } => {
                write!(f, "{color} has {count} pieces, at most {max} allowed")
            }
            SetupError::UnsupportedBoard => write!(f, "this variant's board is not supported yet"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Position {
    /// The start position.
    pub fn initial(rules: &'static Rules) -> Position {
        let g = &rules.board;
        let mut white = 0;
        let mut black = 0;
        for i in 0..rules.men_rows {
            let depth = rules.back_rows_empty + i;
            white |= g.row(g.height - 1 - depth);
            black |= g.row(depth);
        }
        if let Some([w, b]) = rules.start_squares {
            (white, black) = (w, b);
        }
        Position {
            rules,
            to_move: rules.first_mover,
            men: [white, black],
            kings: [0, 0],
            king_runs: [KingRun::default(); 2],
        }
    }

    /// A position from raw bitboards (no validation beyond masking to the board).
    pub fn from_parts(
        rules: &'static Rules,
        to_move: Color,
        men: [Bits; 2],
        kings: [Bits; 2],
    ) -> Position {
        let cells = rules.board.cells;
        Position {
            rules,
            to_move,
            men: [men[0] & cells, men[1] & cells],
            kings: [kings[0] & cells, kings[1] & cells],
            king_runs: [KingRun::default(); 2],
        }
    }

    /// This position with `color`'s run of king moves set (history a FEN cannot carry). A run
    /// whose cell holds no king of that colour is dropped.
    pub fn with_king_run(mut self, color: Color, run: KingRun) -> Position {
        let holds = run.cell < 64 && self.kings[side(color)] & (1 << run.cell) != 0;
        self.king_runs[side(color)] = if holds { run } else { KingRun::default() };
        self
    }

    /// `color`'s run of consecutive non-capturing moves by one king.
    pub fn king_run(&self, color: Color) -> KingRun {
        self.king_runs[side(color)]
    }

    /// The king of the side to move that may not move again without capturing (it has made
    /// the variant's limit of consecutive moves and its side still has men), as a bit set.
    #[inline(always)]
    pub fn frozen_king(&self) -> Bits {
        let limit = self.rules.king_move_limit;
        let me = side(self.to_move);
        let run = self.king_runs[me];
        if limit == 0 || run.moves < limit || self.men[me] == 0 {
            return 0;
        }
        self.kings[me] & (1 << run.cell)
    }

    /// Validates a FEN setup written in the variant's default numbering.
    pub fn from_setup(rules: &'static Rules, setup: &FenSetup) -> Result<Position, SetupError> {
        Position::from_setup_numbered(rules, Numbering::for_rules(rules), setup)
    }

    /// Validates a FEN setup written in `numbering` (e.g. from the game's GameType tag).
    pub fn from_setup_numbered(
        rules: &'static Rules,
        numbering: Numbering,
        setup: &FenSetup,
    ) -> Result<Position, SetupError> {
        let g = &rules.board;
        if !g.fits() {
            return Err(SetupError::UnsupportedBoard);
        }
        let to_move = setup.to_move.ok_or(SetupError::MissingSideToMove)?;
        let mut pos = Position {
            rules,
            to_move,
            men: [0, 0],
            kings: [0, 0],
            king_runs: [KingRun::default(); 2],
        };
        for (color, pieces) in [(Color::White, &setup.white), (Color::Black, &setup.black)] {
            let max = rules.max_pieces();
            if pieces.len() as u32 > max {
                return Err(SetupError::TooManyPieces {
                    color,
                    count: pieces.len() as u32,
                    max,
                });
            }
            for &FenPiece { square, king } in pieces {
                let cell = numbering.cell(g, square).map_err(|e| match e {
                    SquareError::NotOnBoard => SetupError::NotOnBoard(square),
                    SquareError::NotPlayingSquare => SetupError::NotPlayingSquare(square),
                })?;
                let bit = 1 << cell;
                if pos.occupied() & bit != 0 {
                    return Err(SetupError::SameSquareTwice(square));
                }
                if king {
                    pos.kings[side(color)] |= bit;
                } else {
                    // (Parachute's parachutists are men on their far row.)
                    if rules.promotion_cells(color) & !rules.parachutist_cells(color) & bit != 0 {
                        return Err(match rules.promotion_squares {
                            Some(_) => SetupError::ManOnCrowningSquare { color, square },
                            None => SetupError::ManOnPromotionRow { color, square },
                        });
                    }
                    pos.men[side(color)] |= bit;
                }
            }
        }
        Ok(pos)
    }

    /// The setup of this position in the variant's default numbering.
    pub fn to_setup(&self) -> FenSetup {
        self.to_setup_numbered(Numbering::for_rules(self.rules))
    }

    /// The setup of this position in `numbering`, pieces in numbering order.
    pub fn to_setup_numbered(&self, numbering: Numbering) -> FenSetup {
        let g = &self.rules.board;
        let pieces = |c: Color| {
            let mut v: Vec<FenPiece> = CellIter(self.men[side(c)])
                .map(|cell| (cell, false))
                .chain(CellIter(self.kings[side(c)]).map(|cell| (cell, true)))
                .map(|(cell, king)| FenPiece {
                    square: numbering.square(g, cell),
                    king,
                })
                .collect();
            v.sort_by_key(|p| p.square);
            v
        };
        FenSetup {
            to_move: Some(self.to_move),
            white: pieces(Color::White),
            black: pieces(Color::Black),
            extra: Vec::new(),
        }
    }

    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn men(&self, c: Color) -> Bits {
        self.men[side(c)]
    }

    pub fn kings(&self, c: Color) -> Bits {
        self.kings[side(c)]
    }

    pub fn pieces(&self, c: Color) -> Bits {
        self.men[side(c)] | self.kings[side(c)]
    }

    pub fn occupied(&self) -> Bits {
        self.men[0] | self.men[1] | self.kings[0] | self.kings[1]
    }

    /// The legal moves (mandatory capture and the variant's precedence applied, duplicates merged).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        movegen::generate(self, &mut list);
        list
    }

    /// The position after `m`, which must be one of [`Position::legal_moves`]; anything else gives
    /// an unspecified (but valid, panic-free) position.
    pub fn play(&self, m: &Move) -> Position {
        let me = side(self.to_move);
        let opp = 1 - me;
        let mut next = *self;
        let from: Bits = 1 << m.from;
        let to: Bits = 1 << m.to;
        next.men[me] &= !from;
        next.kings[me] &= !from;
        next.men[opp] &= !m.captured;
        next.kings[opp] &= !m.captured;
        if m.piece == PieceKind::King || m.promotes {
            next.kings[me] |= to;
        } else {
            // `captured` holds the mover's own piece only in a removal (Hawaiian), whose `to`
            // is its `from`: the piece leaves the board.
            next.men[me] = (next.men[me] | to) & !m.captured;
        }
        next.to_move = self.to_move.opposite();
        if self.rules.king_move_limit > 0 {
            let run = self.king_runs[me];
            next.king_runs[me] = if m.piece == PieceKind::King && !m.is_capture() {
                let moves = if run.moves > 0 && run.cell == m.from {
                    run.moves.saturating_add(1)
                } else {
                    1
                };
                KingRun { cell: m.to, moves }
            } else {
                KingRun::default() // a man moved or a piece captured
            };
            // A king taken ends its side's run.
            if m.captured & (1 << self.king_runs[opp].cell) != 0 {
                next.king_runs[opp] = KingRun::default();
            }
        }
        next
    }

    /// Character separating the squares of a capture in this variant's notation (`:` Russian).
    pub fn capture_separator(&self) -> char {
        match self.rules.variant {
            crate::variant::Variant::Russian | crate::variant::Variant::Spantsiretti => ':',
            _ => 'x',
        }
    }

    /// `m` in the variant's short notation (`32-28`, `47x36`, `c3-d4`, `c3:e5`).
    pub fn move_text(&self, m: &Move) -> String {
        m.notation(
            &self.rules.board,
            Numbering::for_rules(self.rules),
            self.capture_separator(),
        )
    }

    /// `m` with every landing square (`47x38x24x13x36`).
    pub fn move_full_text(&self, m: &Move) -> String {
        m.full_notation(
            &self.rules.board,
            Numbering::for_rules(self.rules),
            self.capture_separator(),
        )
    }
}
