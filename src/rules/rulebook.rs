//! Every supported variant as one table row of switches (the dctl way): adding a variant is adding
//! a `const`, never a code path. The comment beside each value names the rule it implements and
//! where it is written (the federation's rulebook and article, or the program or site whose rules
//! pdnkit follows); `docs/rules.md` describes every variant for users, with its sources.
//!
//! # The switches, and how the variants still to come fit them
//!
//! A row says, for one variant:
//! - **board** ([`Geometry`]): size and layout. Dark squares only (`Layout::Diagonal`, 8x8,
//!   10x10, 12x12, and 10 wide by 8 high for Spantsiretti), or every square
//!   (`Layout::Full`: Turkish, Gothic, Dameo). Alquerque's 5x5 grid of points
//!   (`Layout::Alquerque`) is packed as `Full`, its diagonal steps leaving only the points with
//!   (file + rank) even: a mask of the cells each step may leave from, as every step has.
//! - **setup**: full rows of men (`men_rows`, `back_rows_empty`), or named squares
//!   ([`Rules::start_squares`]) where a site's picture is all there is (Corner, One Way,
//!   Alquerque, Dameo; Parachute next). A third-party reconstruction is a named constant with
//!   its source (`CORNER_START`, `ONE_WAY_START`, `ALQUERQUE_START`).
//! - **directions**: [`Movement`] and [`MenDirection`] give the directions each piece steps and
//!   captures in ([`Rules::man_step_dirs`], [`Rules::man_capture_dirs`], [`Rules::king_dirs`]);
//!   the generator reads only those sets, so Gothic's five directions for men and eight for
//!   kings, and Dameo's orthogonal captures, are `Movement` values, not new code paths.
//!   Dameo's value also makes a man's quiet move go over a line of its own men
//!   ([`Rules::men_move_in_lines`]), run with Alquerque's switches as the generator's rare kind.
//! - **promotion**: the far row, or named squares ([`Rules::promotion_squares`], Corner); no
//!   promotion is empty sets (Alquerque; Hawaiian next), where a man on its far row may be
//!   stopped ([`Rules::men_stop_on_far_row`]). What happens when a man reaches them
//!   mid-capture is [`CapturePromotion`]; where a man's jumps after its first may go,
//!   [`Rules::men_jump_any_way_after_first`].
//! - **precedence** ([`Precedence`]), **removal** ([`Removal`]), **king range** ([`KingRange`]).
//! - **ending** ([`Goal`]): the side that cannot move loses, or wins (Antidraughts, Anti
//!   Checkers).
//!
//! Still to come, each one more switch of this kind: a third kind of piece (Parachute's
//! parachutist, a third bit set in the position that only captures), removal plies before the
//! first move (Hawaiian), and capture sequences held to one line with an optional stop (Hawaiian).
//!
//! Where a source leaves a rule open (RULES doubts), the row reads a named constant whose
//! comment gives the reading chosen and its source; `docs/rules.md` lists them.

use super::board::{Bits, Dir, DirSet, Geometry, Layout, dir_set};
use crate::notation::Color;
use crate::variant::Variant;

/// How men step and capture, and how kings move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Movement {
    /// Along the diagonals of the dark squares.
    Diagonal,
    /// Orthogonally; men forward or sideways (Turkish).
    Orthogonal,
    /// On every square: men straight or diagonally forward, or sideways (five directions),
    /// kings in all eight (Gothic).
    Gothic,
    /// On every square (Dameo): men step straight or diagonally forward, over a line of their
    /// own men behind which the square is free ([`Rules::men_move_in_lines`]); men capture
    /// orthogonally forward, sideways and backward; kings move along all eight lines and
    /// capture orthogonally only.
    Dameo,
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

/// Which way men move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenDirection {
    /// Each side's men towards the other side (every variant but One Way).
    TowardsOpponent,
    /// Both sides' men towards rank 8, White's far side, where both are crowned (One Way:
    /// "The pawns of both players (white and black) move in the same direction",
    /// https://brainking.com/ro/GameRules?tp=31).
    SameWay,
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
    /// The men's squares at the start, White's then Black's, where they are not full rows
    /// (`men_rows` then only bounds a FEN setup).
    pub start_squares: Option<[Bits; 2]>,
    /// The squares that crown a man, White's then Black's, where they are not the far row
    /// (Corner). A man on its far row elsewhere stays a man.
    pub promotion_squares: Option<[Bits; 2]>,
    pub men_direction: MenDirection,
    /// After its first jump a man may jump in any direction, even backward (Alquerque).
    pub men_jump_any_way_after_first: bool,
    /// A man on its far row no longer steps (it may still jump): Alquerque, where nothing is
    /// crowned.
    pub men_stop_on_far_row: bool,
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
    start_squares: None,
    promotion_squares: None,
    men_direction: MenDirection::TowardsOpponent,
    men_jump_any_way_after_first: false,
    men_stop_on_far_row: false,
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
    start_squares: None,
    promotion_squares: None,
    men_direction: MenDirection::TowardsOpponent,
    men_jump_any_way_after_first: false,
    men_stop_on_far_row: false,
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
    start_squares: None,
    promotion_squares: None,
    men_direction: MenDirection::TowardsOpponent,
    men_jump_any_way_after_first: false,
    men_stop_on_far_row: false,
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
    start_squares: None,
    promotion_squares: None,
    men_direction: MenDirection::TowardsOpponent,
    men_jump_any_way_after_first: false,
    men_stop_on_far_row: false,
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
    start_squares: None,
    promotion_squares: None,
    men_direction: MenDirection::TowardsOpponent,
    men_jump_any_way_after_first: false,
    men_stop_on_far_row: false,
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
    start_squares: None,
    promotion_squares: None,
    men_direction: MenDirection::TowardsOpponent,
    men_jump_any_way_after_first: false,
    men_stop_on_far_row: false,
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

/// Spantsiretti: Russian rules on a board 10 files wide and 8 ranks high, 15 men each on the
/// three nearest rows (PDN GameType `41,W,10,8,A0,0`, PDN 3.0 GameType table; the rules and
/// setup as hcheckers plays "spancirety", which reuses its Russian rules: portnov/hcheckers
/// `src/Rules/Spancirety.hs`; docs/rules.md "Spantsiretti").
pub const SPANTSIRETTI: Rules = Rules {
    variant: Variant::Spantsiretti,
    board: Geometry::new(10, 8, Layout::Diagonal), // a1 dark; White a1-i3, Black b6-j8
    men_rows: 3,                                   // 15 men each (hcheckers' setup)
    ..RUSSIAN
};

/// The ending of Anti Checkers. BrainKing: "The object of this variation is to make opponent to
/// capture all your pieces. The other rules are the same as for normal checkers."
/// (https://brainking.com/en/SelectGameType?fid=6&p=2). A side left with pieces but no move is
/// not mentioned; inverting Checkers' object ("capture all opponent's pieces or reach a position
/// where your opponent cannot make a legal move", https://brainking.com/en/GameRules?tp=7), it
/// wins too. An inference: no source says it in words.
pub const ANTI_CHECKERS_GOAL: Goal = Goal::CannotMoveWins;

/// Anti Checkers (BrainKing, https://brainking.com/en/GameRules?tp=8): BrainKing's Checkers
/// played to lose. Checkers as BrainKing plays it: English moves, short kings, free choice of
/// captures (https://brainking.com/en/GameRules?tp=7), algebraic squares, White (a1-h3) first
/// ("the white player always starts a game (for all game types)",
/// https://brainking.com/en/OldFAQ?ht=3).
pub const ANTI_CHECKERS: Rules = Rules {
    variant: Variant::AntiCheckers,
    first_mover: Color::White, // BrainKing's FAQ: White always starts
    goal: ANTI_CHECKERS_GOAL,  // the side that loses every piece (or cannot move) wins
    ..ENGLISH
};

/// When jumped pieces leave the board in BrainKing's Czech family (Corner, One Way). Official
/// Czech rules lift them after the move; a 2009 BrainKing forum post says BrainKing removed them
/// during the jump, and that a fix was asked for (https://brainking.com/no/Board?bc=28&bms=200).
/// Read as the official rules: after the move. (The same forum says a king must land where it
/// can go on capturing, which every flying king here must.)
pub const BRAINKING_CZECH_REMOVAL: Removal = Removal::AfterSequence;

/// Corner Checkers' start: only a picture on BrainKing (https://brainking.com/en/GameRules?tp=30);
/// two independent reconstructions agree (piecepackr/ppdf `piecepack_corner_checkers`;
/// PirnaschW/BoardGames commit 52a7f71, `CheckersGame.cpp`): the long diagonal a1-h8 empty,
/// White below it and Black above.
pub const CORNER_START: [Bits; 2] = [
    B8.squares(&[
        "c1", "e1", "g1", "d2", "f2", "h2", "e3", "g3", "f4", "h4", "g5", "h6",
    ]),
    B8.squares(&[
        "a3", "a5", "a7", "b4", "b6", "b8", "c5", "c7", "d6", "d8", "e7", "f8",
    ]),
];

/// Corner Checkers (BrainKing, https://brainking.com/en/GameRules?tp=30): "a variation of Czech
/// Checkers with two important differences", the start and promotion: "a white pawn must go to
/// A7 or B8 to be promoted and a black pawn has to reach G1 or H2 squares."
pub const CORNER: Rules = Rules {
    variant: Variant::Corner,
    start_squares: Some(CORNER_START),
    promotion_squares: Some([B8.squares(&["a7", "b8"]), B8.squares(&["g1", "h2"])]),
    removal: BRAINKING_CZECH_REMOVAL,
    first_mover: Color::White, // BrainKing's FAQ: White always starts
    ..CZECH
};

/// One Way Checkers' start: only a picture on BrainKing (https://brainking.com/ro/GameRules?tp=31).
/// Both reconstructions put 12 men a side on the dark squares of ranks 1-6, one side on files
/// a-d, the other on e-h, but they disagree on colours: piecepackr/ppdf
/// (`piecepack_one_way_checkers`) puts White on a-d, PirnaschW/BoardGames (commit 52a7f71) on
/// e-h. ppdf's is taken: with the other, White's first move is a forced capture (e5xc7).
pub const ONE_WAY_START: [Bits; 2] = [
    B8.squares(&[
        "a1", "c1", "b2", "d2", "a3", "c3", "b4", "d4", "a5", "c5", "b6", "d6",
    ]),
    B8.squares(&[
        "e1", "g1", "f2", "h2", "e3", "g3", "f4", "h4", "e5", "g5", "f6", "h6",
    ]),
];

/// One Way Checkers (BrainKing, https://brainking.com/ro/GameRules?tp=31): Czech Checkers in
/// which "all pawns move in the same way and both players see the board from the same side"
/// (https://brainking.com/en/SelectGameType?fid=6&p=2): every man moves and captures towards
/// rank 8, where both sides are crowned.
pub const ONE_WAY: Rules = Rules {
    variant: Variant::OneWay,
    start_squares: Some(ONE_WAY_START),
    men_direction: MenDirection::SameWay,
    removal: BRAINKING_CZECH_REMOVAL,
    ..CZECH
};

/// What a Gothic man does when a capture reaches its last row and it could go on capturing
/// (sideways along that row). BrainKing says only "The other rules are the same as for
/// Checkers" (https://brainking.com/en/GameRules?tp=35), and a Checkers man reaching the last row
/// is crowned and its move ends (https://brainking.com/en/GameRules?tp=7; a BrainKing player's
/// table marks Checkers "Pe", https://brainking.com/cz/Board?bc=9&ngi=874286): so here too.
pub const GOTHIC_CAPTURE_PROMOTION: CapturePromotion = CapturePromotion::EndsMove;

/// Gothic Checkers (BrainKing, https://brainking.com/en/GameRules?tp=35): "the pieces are placed
/// on both dark and light fields"; "A pawn can move (and jump) in five directions - the standard
/// Checkers diagonally-forward moves are extended by horizontally-left, horizontally-right and
/// directly forward moves. When a pawn reaches the last row, it turns to a king that can move
/// (and jump) one space in any direction … The other rules are the same as for Checkers."
/// (BrainKing's own rules, which differ from the German Altdeutsches Damespiel it is named after.)
pub const GOTHIC: Rules = Rules {
    variant: Variant::Gothic,
    board: Geometry::new(8, 8, Layout::Full), // all 64 squares
    men_rows: 2, // 16 men each, White a1-h2, Black a7-h8 (the picture; piecepackr/ppdf agrees)
    back_rows_empty: 0,
    extra_setup_rows: 0,
    first_mover: Color::White,    // BrainKing's FAQ: White always starts
    movement: Movement::Gothic,   // men in five directions, kings in eight
    men_capture_backward: false,  // men jump in their five directions only
    king_range: KingRange::Short, // "one space in any direction"
    man_captures_king: true,
    precedence: Precedence::None, // Checkers: any capture may be chosen
    capture_promotion: GOTHIC_CAPTURE_PROMOTION,
    removal: Removal::AfterSequence, // Checkers: jumped pieces lifted after the move
    no_180_turn: false,
    orthogonal_captures: false,
    king_move_limit: 0,
    goal: Goal::Standard,
    start_squares: None,
    promotion_squares: None,
    men_direction: MenDirection::TowardsOpponent,
    men_jump_any_way_after_first: false,
    men_stop_on_far_row: false,
};

/// Alquerque's start: BrainKing shows it only as a picture (https://brainking.com/en/GameRules?tp=53);
/// the standard layout (Wikipedia; piecepackr/ppdf `alquerque_alquerque`) leaves the centre
/// point c3 empty, each side holding its two rows and the two points of the middle row on its
/// right.
pub const ALQUERQUE_START: [Bits; 2] = [
    ALQUERQUE_BOARD.squares(&[
        "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "d3", "e3",
    ]),
    ALQUERQUE_BOARD.squares(&[
        "a4", "b4", "c4", "d4", "e4", "a5", "b5", "c5", "d5", "e5", "a3", "b3",
    ]),
];

/// When Alquerque's jumped pieces leave the board: BrainKing does not say. As in Checkers, to
/// which its capture wording refers: after the move (a piece may not be jumped twice).
pub const ALQUERQUE_REMOVAL: Removal = Removal::AfterSequence;

/// Which way an Alquerque pawn's first jump may go, from anywhere and from its last row (where
/// it no longer moves) in particular. BrainKing: "If a piece stands next to an opponent's piece
/// (in moving direction) and the next space beyond this piece is empty, then the player must
/// capture" (https://brainking.com/en/GameRules?tp=53): only the ways it moves (forward,
/// diagonally forward, sideways; on the last row only sideways), not back. `true` would let the
/// first jump go back too.
pub const ALQUERQUE_MEN_CAPTURE_BACKWARD: bool = false;

const ALQUERQUE_BOARD: Geometry = Geometry::new(5, 5, Layout::Alquerque);

/// Alquerque (BrainKing, https://brainking.com/en/GameRules?tp=53): 12 pieces each on a 5x5
/// grid of points; "Pawns can move only one space up, diagonally forward or horizontally, they
/// cannot move backward. All moves can be done on lines connecting the circles only." A pawn on
/// the last row "cannot make any more moves and must stay there to the end of a game (unless it
/// can jump)": no promotion. Capturing is compulsory and goes on; "the second and next jumps can
/// be done in any direction, even backward"; free choice between captures. A side without a
/// piece or a move loses.
pub const ALQUERQUE: Rules = Rules {
    variant: Variant::Alquerque,
    board: ALQUERQUE_BOARD,
    men_rows: 2, // bounds a FEN setup with extra_setup_rows: at most 15 a side
    back_rows_empty: 0,
    extra_setup_rows: 1, // the start holds two points of the middle row each
    first_mover: Color::White, // BrainKing's FAQ: White always starts
    movement: Movement::Gothic, // up, diagonally forward (where a line runs), sideways
    men_capture_backward: ALQUERQUE_MEN_CAPTURE_BACKWARD, // the first jump: where it moves
    king_range: KingRange::Short, // (no kings: nothing is crowned)
    man_captures_king: true,
    precedence: Precedence::None, // "can select any of them"
    capture_promotion: CapturePromotion::OnlyAtEnd, // (nothing is crowned)
    removal: ALQUERQUE_REMOVAL,
    no_180_turn: false,
    orthogonal_captures: false,
    king_move_limit: 0,
    goal: Goal::Standard,
    start_squares: Some(ALQUERQUE_START),
    promotion_squares: Some([0, 0]), // "Pawns do not promote" (BrainKing's table)
    men_direction: MenDirection::TowardsOpponent,
    men_jump_any_way_after_first: true, // later jumps "in any direction, even backward"
    men_stop_on_far_row: true,          // "it cannot make any more moves ... (unless it can jump)"
};

/// Dameo's start (Christian Freeling's "pyramidal" setup, 18 men each): White a1-h1, b2-g2,
/// c3-f3; Black a8-h8, b7-g7, c6-f6 (https://en.wikipedia.org/wiki/Dameo; piecepackr/ppdf).
pub const DAMEO_START: [Bits; 2] = [
    FULL8.squares(&[
        "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "b2", "c2", "d2", "e2", "f2", "g2", "c3",
        "d3", "e3", "f3",
    ]),
    FULL8.squares(&[
        "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "b7", "c7", "d7", "e7", "f7", "g7", "c6",
        "d6", "e6", "f6",
    ]),
];

const FULL8: Geometry = Geometry::new(8, 8, Layout::Full);

/// Dameo (Christian Freeling's game; BrainKing https://brainking.com/en/GameRules?tp=123, and
/// PlayStrategy): all 64 squares. "Pawns move forward or diagonally forward, either one space
/// to a vacant square or jumping over a solid line of friendly pawns to a vacant space (linear
/// movement)"; "Capture moves are allowed only vertically and horizontally, and the capture rules
/// are the same as in International Checkers": men jump short forward, sideways and backward,
/// kings fly (https://iggamecenter.com/en/rules/dameo); the most pieces must be taken, lifted
/// after the move; a man reaching the last row mid-capture "does not promote and continues
/// jumping as a pawn". "A player unable to move loses the game" (Freeling's rules,
/// http://www.di.fc.ul.pt/~jpn/gv/dameo.htm).
pub const DAMEO: Rules = Rules {
    variant: Variant::Dameo,
    board: FULL8, // all 64 squares
    men_rows: 3,  // bounds a FEN setup: the start holds 18 of these 24 squares
    back_rows_empty: 0,
    extra_setup_rows: 0,
    first_mover: Color::White, // BrainKing's FAQ: White always starts; PlayStrategy too
    movement: Movement::Dameo, // lines of men forward; orthogonal captures; kings all ways
    men_capture_backward: true, // (read through Movement::Dameo: all four orthogonals)
    king_range: KingRange::Flying, // "queens move like chess queens"; long leaps
    man_captures_king: true,
    precedence: Precedence::MaxPieces, // "as many pieces ... as possible"; kings count as men
    capture_promotion: CapturePromotion::OnlyAtEnd, // crowned only where the move ends
    removal: Removal::AfterSequence,   // "removed from the board after the full move"
    no_180_turn: false,
    orthogonal_captures: false,
    king_move_limit: 0,
    goal: Goal::Standard,
    start_squares: Some(DAMEO_START),
    promotion_squares: None,
    men_direction: MenDirection::TowardsOpponent,
    men_jump_any_way_after_first: false,
    men_stop_on_far_row: false,
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
    &SPANTSIRETTI,
    &ANTI_CHECKERS,
    &CORNER,
    &ONE_WAY,
    &GOTHIC,
    &ALQUERQUE,
    &DAMEO,
];

/// Where a source leaves a rule open, the reading each variant's row takes: the constant that
/// holds it, and the reading with its reason. `pdnkit rules` and `pdnkit explain VARIANT` print
/// them; docs/rules.md lists them too.
pub const READINGS: &[(Variant, &str, &str)] = &[
    (
        Variant::AntiCheckers,
        "ANTI_CHECKERS_GOAL",
        "a side with pieces left but no legal move wins, as one with no pieces does (inferred: \
         BrainKing's page names only losing every piece; it inverts Checkers' object, which \
         counts a side that cannot move as lost)",
    ),
    (
        Variant::Corner,
        "CORNER_START",
        "White c1 e1 g1 d2 f2 h2 e3 g3 f4 h4 g5 h6, Black a3 a5 a7 b4 b6 b8 c5 c7 d6 d8 e7 f8 \
         (BrainKing shows only a picture; piecepackr/ppdf and PirnaschW/BoardGames agree)",
    ),
    (
        Variant::Corner,
        "BRAINKING_CZECH_REMOVAL",
        "jumped pieces leave the board after the move (official Czech rules; a 2009 BrainKing \
         forum post says BrainKing removed them during the jump)",
    ),
    (
        Variant::OneWay,
        "ONE_WAY_START",
        "White on files a-d, Black on e-h, ranks 1-6 (piecepackr/ppdf; PirnaschW/BoardGames \
         has the colours the other way round, and then White's first move is a forced capture)",
    ),
    (
        Variant::OneWay,
        "BRAINKING_CZECH_REMOVAL",
        "jumped pieces leave the board after the move (official Czech rules; a 2009 BrainKing \
         forum post says BrainKing removed them during the jump)",
    ),
    (
        Variant::Alquerque,
        "ALQUERQUE_START",
        "White a1-e1, a2-e2, d3, e3; Black a4-e4, a5-e5, a3, b3; c3 empty (BrainKing shows only \
         a picture; the standard layout, as Wikipedia and piecepackr/ppdf give it)",
    ),
    (
        Variant::Alquerque,
        "ALQUERQUE_REMOVAL",
        "jumped pieces leave the board after the move, and none is jumped twice (BrainKing does \
         not say; as in Checkers)",
    ),
    (
        Variant::Alquerque,
        "ALQUERQUE_MEN_CAPTURE_BACKWARD",
        "a pawn's first jump goes only the ways it moves (\"in moving direction\"), so from its \
         last row only sideways; later jumps go any way (BrainKing does not say how a pawn on \
         its last row starts a jump)",
    ),
    (
        Variant::Gothic,
        "GOTHIC_CAPTURE_PROMOTION",
        "a man reaching the last row in a capture is crowned and its move ends, even where it \
         could go on sideways (\"The other rules are the same as for Checkers\")",
    ),
];

/// House rules for this run (`--rules FILE.toml`): they replace the row of their base variant.
static HOUSE: std::sync::OnceLock<&'static Rules> = std::sync::OnceLock::new();

impl Rules {
    /// The rules of `variant`, or `None` if it has no table row yet. House rules set with
    /// [`Rules::use_house_rules`] stand in for their base variant's row.
    pub fn for_variant(variant: Variant) -> Option<&'static Rules> {
        if let Some(house) = HOUSE.get()
            && house.variant == variant
        {
            return Some(house);
        }
        ALL.iter().copied().find(|r| r.variant == variant)
    }

    /// Makes `rules` (read from a rules file) stand in for its base variant's row for the rest
    /// of the process: every game of that variant is replayed under them. Once per process (a
    /// command line takes one `--rules`); false if house rules were already set.
    pub fn use_house_rules(rules: Rules) -> bool {
        HOUSE.set(Box::leak(Box::new(rules))).is_ok()
    }

    /// The readings this variant's row takes where its sources leave a rule open.
    pub fn readings(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        let variant = self.variant;
        READINGS
            .iter()
            .filter(move |(v, _, _)| *v == variant)
            .map(|&(_, name, reading)| (name, reading))
    }

    /// The side whose men move towards rank 8 (White's far side, row 0), as `color`'s do.
    fn moves_as(&self, color: Color) -> Color {
        match self.men_direction {
            MenDirection::TowardsOpponent => color,
            MenDirection::SameWay => Color::White,
        }
    }

    /// Directions a man of `color` steps in without capturing.
    pub fn man_step_dirs(&self, color: Color) -> DirSet {
        self.forward_dirs(self.moves_as(color))
    }

    /// The forward steps of a man moving as `color`'s do in most variants (White up).
    fn forward_dirs(&self, color: Color) -> DirSet {
        match (self.movement, color) {
            (Movement::Diagonal, Color::White) => dir_set(&[Dir::NE, Dir::NW]),
            (Movement::Diagonal, Color::Black) => dir_set(&[Dir::SE, Dir::SW]),
            (Movement::Orthogonal, Color::White) => dir_set(&[Dir::N, Dir::E, Dir::W]),
            (Movement::Orthogonal, Color::Black) => dir_set(&[Dir::S, Dir::E, Dir::W]),
            (Movement::Gothic, Color::White) => {
                dir_set(&[Dir::N, Dir::NE, Dir::NW, Dir::E, Dir::W])
            }
            (Movement::Gothic, Color::Black) => {
                dir_set(&[Dir::S, Dir::SE, Dir::SW, Dir::E, Dir::W])
            }
            (Movement::Dameo, Color::White) => dir_set(&[Dir::N, Dir::NE, Dir::NW]),
            (Movement::Dameo, Color::Black) => dir_set(&[Dir::S, Dir::SE, Dir::SW]),
        }
    }

    /// A man's quiet move goes over a straight unbroken line of its own men to the free square
    /// beyond (Dameo's "linear movement"; a single step is a line of none).
    pub fn men_move_in_lines(&self) -> bool {
        self.movement == Movement::Dameo
    }

    /// Directions a man of `color` captures in.
    pub fn man_capture_dirs(&self, color: Color) -> DirSet {
        if self.movement == Movement::Dameo {
            return dir_set(&[Dir::N, Dir::E, Dir::S, Dir::W]);
        }
        let forward = self.man_step_dirs(color);
        let diagonal = if self.men_capture_backward {
            forward | self.forward_dirs(self.moves_as(color).opposite())
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
            Movement::Gothic | Movement::Dameo => 0xff, // all eight
        }
    }

    /// Directions a king captures in.
    pub fn king_capture_dirs(&self) -> DirSet {
        if self.movement == Movement::Dameo {
            return dir_set(&[Dir::N, Dir::E, Dir::S, Dir::W]);
        }
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

    /// The squares where men of `color` are crowned: the far row (row 0 is White's), or the
    /// variant's named squares.
    pub fn promotion_cells(&self, color: Color) -> Bits {
        if let Some(squares) = self.promotion_squares {
            return squares[super::position::side(color)];
        }
        self.far_row(color)
    }

    /// The row the men of `color` move towards.
    pub fn far_row(&self, color: Color) -> Bits {
        match self.moves_as(color) {
            Color::White => self.board.row(0),
            Color::Black => self.board.row(self.board.height - 1),
        }
    }

    /// Most pieces a side may have in a FEN setup: its men at the start, and the rows of
    /// `extra_setup_rows`.
    pub fn max_pieces(&self) -> u32 {
        let per_row = match self.board.layout {
            Layout::Diagonal => self.board.width as u32 / 2,
            Layout::Full | Layout::Alquerque => self.board.width as u32,
        };
        per_row * (self.men_rows + self.extra_setup_rows) as u32
    }
}
