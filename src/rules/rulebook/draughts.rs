//! The rows of the federations' variants (FMJD, EDA, FID, FPD, ...), of the PDN GameType table
//! (Spantsiretti) and of lidraughts' variants: each with its rulebook's articles beside it.

use super::*;
use crate::rules::board::Layout;

pub(super) const B8: Geometry = Geometry::new(8, 8, Layout::Diagonal);
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
    parachutists: Parachutists::None,
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
    parachutists: Parachutists::None,
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
    parachutists: Parachutists::None,
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
    parachutists: Parachutists::None,
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
    parachutists: Parachutists::None,
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
    parachutists: Parachutists::None,
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
