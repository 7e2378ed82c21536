//! Italian draughts (FID rules; docs/rules.md "Italian"). The board is turned: square 1 is
//! White's top-left corner and is a playing square; square n of row r (0-based, White's view) is
//! 4r + c/2 + 1 (even r) or 4r + (c-1)/2 + 1 (odd r).

use crate::support::rules as common;
use common::{full, position};
use pdnkit::notation::Square;
use pdnkit::rules::rulebook::ITALIAN;
use pdnkit::rules::{Numbering, Position};

fn pos(fen_text: &str) -> Position {
    position(&ITALIAN, fen_text)
}

#[test]
fn start_white_on_21_to_32_moves_first() {
    let p = Position::initial(&ITALIAN);
    assert_eq!(p.to_setup().to_string(), "W:W21-32:B1-12");
    assert_eq!(p.legal_moves().len(), 7);
}

#[test]
fn square_1_is_whites_top_left_corner_on_the_turned_board() {
    // Internally the board is mirrored, so White's top-left corner is internal column 7.
    let n = Numbering::for_rules(&ITALIAN);
    let cell = n.cell(&ITALIAN.board, Square::Num(1)).unwrap();
    assert_eq!(ITALIAN.board.coords(cell), (0, 7));
    let cell = n.cell(&ITALIAN.board, Square::Num(32)).unwrap();
    assert_eq!(ITALIAN.board.coords(cell), (7, 0));
}

#[test]
fn a_man_may_not_capture_a_king() {
    assert_eq!(full(&pos("W:W21:B18")), ["21x14"]);
    assert_eq!(full(&pos("W:W21:BK18")), ["21-17"]);
}

#[test]
fn step_1_take_the_most_pieces() {
    // The man on 21 can take 18 then 10 (two); the king on 24 takes only 20.
    assert_eq!(full(&pos("W:W21,K24:B10,18,20")), ["21x14x5"]);
}

#[test]
fn step_2_capture_with_a_king_rather_than_a_man() {
    assert_eq!(full(&pos("W:W21,K23:B18,19")), ["23x14"]);
}

#[test]
fn step_3_take_the_most_kings() {
    assert_eq!(full(&pos("W:WK23:BK19,20")), ["23x14"]);
}

#[test]
fn step_4_take_the_king_met_earliest() {
    // King 30: over king 26 then man 18 (to 14), or over man 27 then king 20 (to 16).
    // Same count, both by a king, one king each: the route meeting the king first wins.
    assert_eq!(full(&pos("W:WK30:BK26,18,27,K20")), ["30x21x14"]);
}

#[test]
fn crowning_ends_the_move() {
    // 10 (row 2) jumps 6 and is crowned on 3; as a king it could take 7 next, but the move ends.
    let p = pos("W:W10:B6,7");
    let moves = p.legal_moves();
    assert_eq!(full(&p), ["10x3"]);
    assert!(moves[0].promotes);
    assert_eq!(p.play(&moves[0]).to_setup().to_string(), "B:WK3:B7");
}

#[test]
fn men_capture_forward_only() {
    // The black man on 22 is behind 18 with 27 free: not capturable by a man.
    assert_eq!(full(&pos("W:W18:B22")), ["18-13", "18-14"]);
}
