//! Every supported variant as one table row of switches (the dctl way): adding a variant is adding
//! a `const`, never a code path. The comment beside each value names the rule it implements and
//! where it is written (the federation's rulebook and article, or the program or site whose rules
//! pdnkit follows); `docs/rules.md` describes every variant for users, with its sources.

use super::board::{Dir, DirSet, Geometry, Layout, dir_set};
use crate::notation::Color;
use crate::variant::Variant;

/// How men step and capture, and how kings move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Movement {
    /// Along the diagonals of the dark squares.
    Diagonal,
    /// Orthogonally; men forward or sideways (Turkish).
    Orthogonal,
}

/// How far a king goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KingRange {
    /// One square (English, Italian).
    Short,
    /// Any distance; after a capture it lands on any free square behind the piece.
    Flying,
    /// Any distance, but a capturing king lands on the square right behind the piece (Thai).
    FlyingLandsBehind,
}

/// Which of the available captures may be chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precedence {
    /// Free choice among all complete capture sequences.
    None,
    /// Only sequences taking the most pieces; men and kings count the same.
    MaxPieces,
    /// Most pieces, then most kings (Spanish, Portuguese).
    MaxPiecesThenKings,
    /// If a king can capture, a king must capture (Czech).
    KingFirst,
    /// Italian four steps: most pieces; with a king rather than a man; most kings; a king taken
    /// earliest.
    Italian,
    /// Highest value taken, a man worth 100 and a king 199; among equal values a capture by a
    /// king (Frisian; lidraughts' scale).
    Value,
}

/// How the game is won (what the position decides, apart from draws).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// The side that cannot move (no pieces, or all blocked) loses.
    Standard,
    /// The side that cannot move wins (Antidraughts).
    CannotMoveWins,
    /// The first side to crown a man wins at once; otherwise as `Standard` (Breakthrough).
    FirstKingWins,
}

/// What happens when a man reaches the last row in the middle of a capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CapturePromotion {
    /// It is crowned and the move ends there (English, Italian).
    EndsMove,
    /// It is crowned at once and goes on capturing as a king (Russian).
    ContinuesAsKing,
    /// It goes on capturing as a man; crowned only if the move ends on the last row.
    OnlyAtEnd,
}

/// When jumped pieces leave the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// After the whole sequence: jumped pieces block and cannot be jumped twice ("Turkish strike").
    AfterSequence,
    /// As each piece is jumped (Turkish, Thai).
    Immediate,
}

/// One variant's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub variant: Variant,
    pub board: Geometry,
    /// Rows of men per side at the start.
    pub men_rows: u8,
    /// Empty rows between a side's back edge and its men at the start (Turkish: 1).
    pub back_rows_empty: u8,
    /// Rows beyond `men_rows` a FEN setup may fill with pieces (Thai: 1, so that the published
    /// perft from 12 men each can be set up).
    pub extra_setup_rows: u8,
    pub first_mover: Color,
    pub movement: Movement,
    pub men_capture_backward: bool,
    pub king_range: KingRange,
    pub man_captures_king: bool,
    pub precedence: Precedence,
    pub capture_promotion: CapturePromotion,
    pub removal: Removal,
    /// A capture sequence may not reverse direction (Turkish).
    pub no_180_turn: bool,
    /// Men and kings also capture orthogonally, over the next dark square along a row or column
    /// (Frisian); kings still move diagonally only.
    pub orthogonal_captures: bool,
    /// Most consecutive non-capturing moves one king may make while its side still has men
    /// (Frisian: 3); 0 = no limit. The count is part of the [`super::Position`].
    pub king_move_limit: u8,
    pub goal: Goal,
}

const B8: Geometry = Geometry::new(8, 8, Layout::Diagonal);
const B10: Geometry = Geometry::new(10, 10, Layout::Diagonal);
const B12: Geometry = Geometry::new(12, 12, Layout::Diagonal);

/// International draughts (FMJD Annex 1, Official FMJD Rules for International Draughts; PDN
/// GameType 20; docs/rules.md "International").
pub const INTERNATIONAL: Rules = Rules {
    variant: Variant::International,
    board: B10,  // 10x10, squares 1-50 (FMJD art. 2.1, 2.6)
    men_rows: 4, // 20 men on the 4 nearest rows (FMJD art. 2)
    back_rows_empty: 0,
    extra_setup_rows: 0,
    first_mover: Color::White, // White moves first (FMJD art. 3)
    movement: Movement::Diagonal,
    men_capture_backward: true, // men capture forward and backward (FMJD art. 4.1)
    king_range: KingRange::Flying, // flying kings, may turn and go on (FMJD art. 3, 4.3)
    man_captures_king: true,
    precedence: Precedence::MaxPieces, // most pieces, men and kings count the same (FMJD art. 4)
    // passing the last row in mid-capture does not crown (FMJD art. 4)
    capture_promotion: CapturePromotion::OnlyAtEnd,
    removal: Removal::AfterSequence, // lifted after the capture: Turkish strike (FMJD art. 4.5)
    no_180_turn: false,
    orthogonal_captures: false,
    king_move_limit: 0,
    goal: Goal::Standard,
};

/// English / American checkers (EDA / WCDF laws of the game; PDN GameType 21; docs/rules.md
/// "English").
pub const ENGLISH: Rules = Rules {
    variant: Variant::English,
    board: B8,
    men_rows: 3, // 12 men each
    back_rows_empty: 0,
    extra_setup_rows: 0,
    first_mover: Color::Black, // Black (1-12) moves first (EDA laws)
    movement: Movement::Diagonal,
    men_capture_backward: false,  // men move and capture forward only
    king_range: KingRange::Short, // kings one square, all four directions
    man_captures_king: true,
    precedence: Precedence::None, // any capture, not necessarily the longest
    capture_promotion: CapturePromotion::EndsMove, // crowned and the move ends
    removal: Removal::AfterSequence,
    no_180_turn: false,
    orthogonal_captures: false,
    king_move_limit: 0,
    goal: Goal::Standard,
};

/// Italian draughts (FID, Federazione Italiana Dama, rules of the game; PDN GameType 22;
/// docs/rules.md "Italian").
pub const ITALIAN: Rules = Rules {
    variant: Variant::Italian,
    board: B8, // turned board: stored mirrored
    men_rows: 3,
    back_rows_empty: 0,
    extra_setup_rows: 0,
    first_mover: Color::White, // White moves first
    movement: Movement::Diagonal,
    men_capture_backward: false,     // men capture forward only
    king_range: KingRange::Short,    // kings one square
    man_captures_king: false,        // FID: a man may not capture a king
    precedence: Precedence::Italian, // FID: the order of precedence among captures
    capture_promotion: CapturePromotion::EndsMove, // FID: crowned, the move ends there
    removal: Removal::AfterSequence, // the same piece may not be jumped twice
    no_180_turn: false,
    orthogonal_captures: false,
    king_move_limit: 0,
    goal: Goal::Standard,
};

/// Russian draughts (FMJD-64 rules of Russian draughts; PDN GameType 25; docs/rules.md
/// "Russian").
pub const RUSSIAN: Rules = Rules {
    variant: Variant::Russian,
    board: B8,
    men_rows: 3,
    back_rows_empty: 0,
    extra_setup_rows: 0,
    first_mover: Color::White,
    movement: Movement::Diagonal,
    men_capture_backward: true, // men capture forward and backward
    king_range: KingRange::Flying,
    man_captures_king: true,
    precedence: Precedence::None, // a shorter capture may be chosen
    capture_promotion: CapturePromotion::ContinuesAsKing, // crowned at once, goes on as a king
    removal: Removal::AfterSequence, // may not pass a square already jumped
    no_180_turn: false,
    orthogonal_captures: false,
    king_move_limit: 0,
    goal: Goal::Standard,
};

/// Turkish draughts (TUDAF, the Turkish draughts federation; PDN GameType 30; docs/rules.md
/// "Turkish").
pub const TURKISH: Rules = Rules {
    variant: Variant::Turkish,
    board: Geometry::new(8, 8, Layout::Full), // all 64 squares
    men_rows: 2,                              // 16 men on rows 2-3 (6-7 for Black)
    back_rows_empty: 1,                       // the back row starts empty
    extra_setup_rows: 0,
    first_mover: Color::White,
    movement: Movement::Orthogonal, // men forward or sideways, kings orthogonal
    men_capture_backward: false,    // never backward
    king_range: KingRange::Flying,  // kings move and capture at any distance
    man_captures_king: true,
    precedence: Precedence::MaxPieces, // only sequences taking the most pieces
    capture_promotion: CapturePromotion::OnlyAtEnd, // promotion when the move ends on the last row
    removal: Removal::Immediate,       // removed as they are jumped
    no_180_turn: true,                 // no reversing inside a sequence
    orthogonal_captures: false,
    king_move_limit: 0,
    goal: Goal::Standard,
};

/// Brazilian draughts: International rules on 8x8 (PDN GameType 26; dctl; docs/rules.md
/// "Brazilian").
pub const BRAZILIAN: Rules = Rules {
    variant: Variant::Brazilian,
    board: B8,
    men_rows: 3,
    ..INTERNATIONAL
};

/// Canadian draughts: International rules on 12x12 (PDN GameType `27,W,12,12,N2,0`; docs/rules.md
/// "Canadian").
pub const CANADIAN: Rules = Rules {
    variant: Variant::Canadian,
    board: B12,  // 12x12, squares 1-72
    men_rows: 5, // 30 men on the 5 nearest rows
    ..INTERNATIONAL
};

/// American pool checkers: Black first, flying kings, men capture backward, free choice,
/// crowned only at the end of a capture (PDN GameType 23; dctl; docs/rules.md "American pool").
pub const POOL: Rules = Rules {
    variant: Variant::Pool,
    first_mover: Color::Black,
    precedence: Precedence::None, // free choice
    ..BRAZILIAN
};

/// Spanish draughts: men capture forward only, most pieces then most kings (PDN GameType 24;
/// dctl; docs/rules.md "Spanish and Portuguese").
pub const SPANISH: Rules = Rules {
    variant: Variant::Spanish,
    men_capture_backward: false,
    precedence: Precedence::MaxPiecesThenKings,
    ..BRAZILIAN
};

/// Portuguese draughts: as Spanish (PDN GameType 28; dctl; docs/rules.md "Spanish and
/// Portuguese").
pub const PORTUGUESE: Rules = Rules {
    variant: Variant::Portuguese,
    ..SPANISH
};

/// Czech draughts: men capture forward only; a king must capture if it can (FMJD, "Brief Rules of
/// Czech Draughts"; PDN GameType 29; docs/rules.md "Czech").
pub const CZECH: Rules = Rules {
    variant: Variant::Czech,
    men_capture_backward: false,       // "pieces can jump only forwards"
    precedence: Precedence::KingFirst, // "priority of king's jump to a piece's jump"
    ..BRAZILIAN
};

/// Thai draughts: 8 men each on two rows, Black first, men capture forward only, a capturing
/// king lands right behind the piece, immediate removal, free choice (PDN GameType 31; dctl;
/// docs/rules.md "Thai").
pub const THAI: Rules = Rules {
    variant: Variant::Thai,
    board: B8,
    men_rows: 2,         // 8 men each on the two rows nearest the player (1-8, 25-32)
    back_rows_empty: 0,  // every rules text: the back row is occupied
    extra_setup_rows: 1, // a FEN may hold 12 men each (dctl's Thai perft starts from 12)
    first_mover: Color::Black,
    movement: Movement::Diagonal,
    men_capture_backward: false,
    king_range: KingRange::FlyingLandsBehind,
    man_captures_king: true,
    precedence: Precedence::None,
    capture_promotion: CapturePromotion::OnlyAtEnd,
    removal: Removal::Immediate,
    no_180_turn: false,
    orthogonal_captures: false,
    king_move_limit: 0,
    goal: Goal::Standard,
};

/// Frisian draughts (KNDB Frisian rules; lidraughts; PDN GameType 40; docs/rules.md "Frisian"):
/// International setup and men's moves,
/// captures in eight directions, precedence by value, the three-moves limit for one king.
/// Everything else as International ("International setup and men's moves"): men capture
/// backward too, a man passing the last row mid-capture is not crowned, Turkish strike.
pub const FRISIAN: Rules = Rules {
    variant: Variant::Frisian,
    orthogonal_captures: true, // men and kings capture diagonally and orthogonally
    king_range: KingRange::Flying, // kings fly, and move diagonally only (lidraughts)
    precedence: Precedence::Value, // by value: man 100, king 199; then a king's capture
    king_move_limit: 3, // one king at most 3 moves in a row without capturing, while men remain
    ..INTERNATIONAL
};

/// Frysk! (lidraughts, GameType 97; docs/rules.md "Frysk!"): Frisian rules from five men each
/// on the back row
/// (`W:W46,47,48,49,50:B1,2,3,4,5`).
pub const FRYSK: Rules = Rules {
    variant: Variant::Frysk,
    men_rows: 1, // the back row only
    ..FRISIAN
};

/// Antidraughts (lidraughts, GameType 98; docs/rules.md "Antidraughts"): International moves;
/// the side that cannot move wins.
pub const ANTIDRAUGHTS: Rules = Rules {
    variant: Variant::Antidraughts,
    goal: Goal::CannotMoveWins,
    ..INTERNATIONAL
};

/// Breakthrough (lidraughts, GameType 96; docs/rules.md "Breakthrough"): International moves;
/// the first king wins at once.
pub const BREAKTHROUGH: Rules = Rules {
    variant: Variant::Breakthrough,
    goal: Goal::FirstKingWins,
    ..INTERNATIONAL
};

/// Every supported variant.
pub const ALL: &[&Rules] = &[
    &INTERNATIONAL,
    &ENGLISH,
    &ITALIAN,
    &RUSSIAN,
    &TURKISH,
    &BRAZILIAN,
    &POOL,
    &SPANISH,
    &PORTUGUESE,
    &CZECH,
    &THAI,
    &CANADIAN,
    &FRISIAN,
    &FRYSK,
    &ANTIDRAUGHTS,
    &BREAKTHROUGH,
];

impl Rules {
    /// The rules of `variant`, or `None` if it has no table row yet.
    pub fn for_variant(variant: Variant) -> Option<&'static Rules> {
        ALL.iter().copied().find(|r| r.variant == variant)
    }

    /// Directions a man of `color` steps in without capturing.
    pub fn man_step_dirs(&self, color: Color) -> DirSet {
        match (self.movement, color) {
            (Movement::Diagonal, Color::White) => dir_set(&[Dir::NE, Dir::NW]),
            (Movement::Diagonal, Color::Black) => dir_set(&[Dir::SE, Dir::SW]),
            (Movement::Orthogonal, Color::White) => dir_set(&[Dir::N, Dir::E, Dir::W]),
            (Movement::Orthogonal, Color::Black) => dir_set(&[Dir::S, Dir::E, Dir::W]),
        }
    }

    /// Directions a man of `color` captures in.
    pub fn man_capture_dirs(&self, color: Color) -> DirSet {
        let forward = self.man_step_dirs(color);
        let diagonal = if self.men_capture_backward {
            forward | self.man_step_dirs(color.opposite())
        } else {
            forward
        };
        diagonal | self.orthogonal_capture_dirs()
    }

    /// Directions a king moves in without capturing.
    pub fn king_dirs(&self) -> DirSet {
        match self.movement {
            Movement::Diagonal => dir_set(&[Dir::NE, Dir::SE, Dir::SW, Dir::NW]),
            Movement::Orthogonal => dir_set(&[Dir::N, Dir::E, Dir::S, Dir::W]),
        }
    }

    /// Directions a king captures in.
    pub fn king_capture_dirs(&self) -> DirSet {
        self.king_dirs() | self.orthogonal_capture_dirs()
    }

    /// The four orthogonal directions where captures go that way too (Frisian), else none.
    fn orthogonal_capture_dirs(&self) -> DirSet {
        if self.orthogonal_captures {
            dir_set(&[Dir::N, Dir::E, Dir::S, Dir::W])
        } else {
            0
        }
    }

    /// The row where men of `color` are crowned (0 = top, White's far side).
    pub fn promotion_row(&self, color: Color) -> u8 {
        match color {
            Color::White => 0,
            Color::Black => self.board.height - 1,
        }
    }

    /// Most pieces a side may have in a FEN setup: its men at the start, and the rows of
    /// `extra_setup_rows`.
    pub fn max_pieces(&self) -> u32 {
        let per_row = match self.board.layout {
            Layout::Diagonal => self.board.width as u32 / 2,
            Layout::Full => self.board.width as u32,
        };
        per_row * (self.men_rows + self.extra_setup_rows) as u32
    }
}
