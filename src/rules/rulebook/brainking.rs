//! The rows of BrainKing's checkers variants and of Dameo (https://brainking.com/en/GameRules),
//! with the readings chosen where the sources leave a rule open ([`READINGS`]), each a named
//! constant with its source.

use super::*;
use crate::rules::board::Layout;

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

/// Parachute Checkers' start: "Each player starts a game with eight pawns and four
/// parachutists located on the opponent's first row" (https://brainking.com/en/GameRules?tp=32);
/// the squares as Checkers Chest sets them ("places the four parachutists on the opponent's first
/// row and the other eight single checkers on the next two rows up on his/her own side",
/// http://www.checkerschest.com/checkers-games/parachute-checkers.htm) and PirnaschW/BoardGames
/// (commit 52a7f71) agree: White's parachutists b8, d8, f8, h8, men b2-h2 and a3-g3; Black's
/// a1, c1, e1, g1, men b6-h6 and a7-g7.
pub const PARACHUTE_START: [Bits; 2] = [
    B8.squares(&[
        "b8", "d8", "f8", "h8", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3",
    ]),
    B8.squares(&[
        "a1", "c1", "e1", "g1", "b6", "d6", "f6", "h6", "a7", "c7", "e7", "g7",
    ]),
];

/// What a parachutist does after its jump. BrainKing: "After the jump the parachutist must land
/// directly behind the captured piece (like a king in normal checkers) and immediately turns to
/// a pawn" (https://brainking.com/en/GameRules?tp=32); whether that pawn may jump on is not
/// said. "The other rules are the same as for Czech Checkers", where a piece that has jumped
/// must go on jumping while it can (https://brainking.com/en/GameRules?tp=29): so the new man
/// goes on capturing, forward as men do. An inference; set `parachutists = "one-jump"` in a
/// rules file for the other reading.
pub const PARACHUTE_LANDING: Parachutists = Parachutists::JumpThenMan;

/// Parachute Checkers (BrainKing, https://brainking.com/en/GameRules?tp=32): Czech Checkers with
/// four parachutists a side on the opponent's first row, whose "only valid move ... is to
/// capture a piece at seventh (white parachutist) or second (black parachutist) row". Their jump
/// is a capture like any other: compulsory ("Jumping is mandatory"), and, the parachutist not
/// being a promoted piece, behind a queen's capture under BrainKing's rule "(***) It is
/// mandatory to capture with a promoted piece if possible". On the edge it cannot be jumped.
pub const PARACHUTE: Rules = Rules {
    variant: Variant::Parachute,
    start_squares: Some(PARACHUTE_START),
    men_rows: 3, // 12 pieces each: 8 men and 4 parachutists (bounds a FEN setup)
    removal: BRAINKING_CZECH_REMOVAL,
    first_mover: Color::White, // BrainKing's FAQ: White always starts
    parachutists: PARACHUTE_LANDING,
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
    parachutists: Parachutists::None,
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
    parachutists: Parachutists::None,
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
    parachutists: Parachutists::None,
};

/// Who makes Hawaiian's first ply (the first removal). BrainKing's rules page overrides its
/// general rule that White starts: "Black player starts the game"
/// (https://brainking.com/en/GameRules?tp=94). Results follow the first mover, as PDN 3.0
/// reads them (`1-0`: the first mover won), so a Hawaiian `1-0` means Black won.
pub const HAWAIIAN_FIRST_MOVER: Color = Color::Black;

/// The squares Hawaiian's first removal may empty: "Black player must remove a piece which is
/// located on the longest diagonal (A8 to H1) … either a corner piece (A8 or H1) or a central
/// one (D5 or E4)" (https://brainking.com/en/GameRules?tp=94). The second removal takes a piece
/// of the other side "orthogonally adjacent to the empty square".
pub const HAWAIIAN_FIRST_REMOVALS: Bits = FULL8.squares(&["a8", "h1", "d5", "e4"]);

/// The cells of an 8x8 full board with (file + rank) even (`dark`, a1 among them) or odd.
const fn checkered(dark: bool) -> Bits {
    let mut bits: Bits = 0;
    let mut cell = 0;
    while cell < 64 {
        // Row 0 is rank 8, col 0 file a: (file + rank) even when row + col is odd.
        let (row, col) = (cell / 8, cell % 8);
        if ((row + col) % 2 == 1) == dark {
            bits |= 1 << cell;
        }
        cell += 1;
    }
    bits
}

/// Hawaiian's start: "the game starts with a full board - white pieces on black squares and
/// black pieces on white squares" (https://brainking.com/en/GameRules?tp=94); a1 is a black
/// (dark) square, as the removal squares A8, H1, D5, E4 (all light, all Black's) require.
pub const HAWAIIAN_START: [Bits; 2] = [checkered(true), checkered(false)];

/// Hawaiian Checkers, Konane (BrainKing, https://brainking.com/en/GameRules?tp=94): 32 pieces
/// each fill the board; Black removes one of its pieces from [`HAWAIIAN_FIRST_REMOVALS`], White
/// one of its own orthogonally adjacent to the hole; then "All jumps are horizontal or vertical
/// only … the multiple captures are not mandatory … a multiple jump must be done in a
/// horizontal or vertical line, it is not allowed to change the direction". No promotion. The
/// side that cannot move loses ("reach a position where your opponent cannot make a legal
/// move").
pub const HAWAIIAN: Rules = Rules {
    variant: Variant::Hawaiian,
    board: FULL8, // all 64 squares
    men_rows: 4,  // 32 pieces each (bounds a FEN setup)
    back_rows_empty: 0,
    extra_setup_rows: 0,
    first_mover: HAWAIIAN_FIRST_MOVER,
    movement: Movement::Konane, // removals, then orthogonal jumps in one line
    men_capture_backward: true, // any of the four orthogonal directions
    king_range: KingRange::Short, // (no kings: nothing is crowned)
    man_captures_king: true,
    precedence: Precedence::None, // "the multiple captures are not mandatory"
    capture_promotion: CapturePromotion::OnlyAtEnd, // (nothing is crowned)
    removal: Removal::Immediate,  // "the enemy is removed": one line, so no piece is met twice
    no_180_turn: true,
    orthogonal_captures: false,
    king_move_limit: 0,
    goal: Goal::Standard, // the side that cannot move loses
    start_squares: Some(HAWAIIAN_START),
    promotion_squares: Some([0, 0]), // no promotion
    men_direction: MenDirection::TowardsOpponent,
    men_jump_any_way_after_first: false,
    men_stop_on_far_row: false,
    parachutists: Parachutists::None,
};

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
        Variant::Parachute,
        "PARACHUTE_LANDING",
        "a parachutist that has jumped is a man at once and goes on capturing, forward as men \
         do, while it can (\"immediately turns to a pawn\", and in Czech Checkers a capture goes \
         on while it can); its jump is compulsory like any capture, and a queen's capture comes \
         first",
    ),
    (
        Variant::Parachute,
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
    (
        Variant::Hawaiian,
        "HAWAIIAN_FIRST_MOVER",
        "Black makes the first removal (BrainKing's Hawaiian page: \"Black player starts the \
         game\", against its general rule that White starts); so, as PDN 3.0 reads every \
         result (the first mover's score first), 1-0 means Black won and 0-1 White",
    ),
    (
        Variant::Hawaiian,
        "HAWAIIAN_FIRST_REMOVALS",
        "the first removal empties a8, h1, d5 or e4, the second a square orthogonally next to \
         it; pdnkit writes a removal as a move from its square to the same square, d5xd5 \
         (PDN's move grammar has no one-square move), and reads it written d5 too",
    ),
];
