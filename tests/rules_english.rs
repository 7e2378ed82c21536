//! English / American checkers (EDA / WCDF laws; docs/rules.md "English").
//! Worked-example coordinates are (row, col) from the diagram's top-left, the mover (White here)
//! at the bottom moving up; square n of row r (0-based) is 4r + c/2 + 1 (odd r) or
//! 4r + (c-1)/2 + 1 (even r): square 1 is White's top-left playing square.

use crate::support::rules as common;
use common::{full, position};
use pdnkit::rules::Position;
use pdnkit::rules::rulebook::ENGLISH;

fn pos(fen_text: &str) -> Position {
    position(&ENGLISH, fen_text)
}

#[test]
fn start_black_on_1_to_12_moves_first() {
    let p = Position::initial(&ENGLISH);
    assert_eq!(p.to_setup().to_string(), "B:W21-32:B1-12");
    assert_eq!(
        full(&p),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
}

#[test]
fn worked_example_double_jump_then_the_turn_passes() {
    // Man (6,1)=21, enemies (5,2)=17 and (3,4)=10: (6,1)->(4,3)->(2,5) is 21x14x7.
    let p = pos("W:W21:B10,17");
    assert_eq!(full(&p), ["21x14x7"]);
    let after = p.play(&p.legal_moves()[0]);
    assert_eq!(after.to_setup().to_string(), "B:W7:B");
}

#[test]
fn worked_example_crowning_ends_the_move() {
    // 9 jumps 6 and is crowned on 2; the new king could jump 7 but the move ends.
    let p = pos("W:W9:B6,7");
    let moves = p.legal_moves();
    assert_eq!(full(&p), ["9x2"]);
    assert!(moves[0].promotes);
    assert_eq!(p.play(&moves[0]).to_setup().to_string(), "B:WK2:B7");
}

#[test]
fn any_capture_may_be_chosen_not_only_the_longest() {
    // 21x14x7 takes two, 23x16 takes one: both legal.
    assert_eq!(full(&pos("W:W21,23:B10,17,19")), ["21x14x7", "23x16"]);
}

#[test]
fn men_neither_move_nor_capture_backward() {
    // A black man behind the white man on 18 cannot be taken.
    assert_eq!(full(&pos("W:W18:B22")), ["18-14", "18-15"]);
}

#[test]
fn kings_move_and_capture_one_square_in_all_directions() {
    assert_eq!(full(&pos("W:WK18:B")), ["18-14", "18-15", "18-22", "18-23"]);
    assert_eq!(full(&pos("W:WK18:B22")), ["18x25"]);
    // No flying: a distant piece is not capturable.
    assert_eq!(full(&pos("W:WK18:B25")).len(), 4);
}
