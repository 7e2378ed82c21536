//! Turkish draughts (TUDAF rules; docs/rules.md "Turkish"). All 64 squares, algebraic.
//! Worked-example (row, col) from the diagram's top-left, mover (White) at the bottom:
//! file = col - 1, rank = 9 - row.

use crate::support::rules as common;
use common::{full, position as pos};
use pdnkit::rules::rulebook::TURKISH;
use pdnkit::rules::{Position, Rules};

#[test]
fn start_white_on_a2_to_h3_black_on_a6_to_h7() {
    let p = Position::initial(&TURKISH);
    let s = p.to_setup();
    assert_eq!(s.white.len(), 16);
    assert_eq!(s.black.len(), 16);
    assert!(
        s.white
            .iter()
            .all(|x| x.square.to_string().ends_with(['2', '3']))
    );
    assert!(
        s.black
            .iter()
            .all(|x| x.square.to_string().ends_with(['6', '7']))
    );
    // Only the third-row men can move, and only forward (the sides are blocked).
    assert_eq!(p.legal_moves().len(), 8);
}

#[test]
fn worked_example_only_the_longest_capture_is_legal() {
    // Men (6,1)=a3 and (6,5)=e3; enemies (5,1)=a4, (3,1)=a6, (5,5)=e4.
    // (6,1)->(4,1)->(2,1) is a3xa5xa7; e3xe5 takes one and is illegal.
    assert_eq!(full(&pos(&TURKISH, "W:Wa3,e3:Ba4,a6,e4")), ["a3xa5xa7"]);
}

#[test]
fn men_move_forward_or_sideways_never_backward_or_diagonally() {
    assert_eq!(
        full(&pos(&TURKISH, "W:Wd4:Ba8")),
        ["d4-c4", "d4-d5", "d4-e4"]
    );
    // A piece behind cannot be captured; diagonal neighbours neither.
    let p = pos(&TURKISH, "W:Wd4:Bd3,c5,e5");
    assert!(p.legal_moves().iter().all(|m| !m.is_capture()));
    // Sideways capture.
    assert_eq!(full(&pos(&TURKISH, "W:Wd4:Be4")), ["d4xf4"]);
}

/// Turkish rules without the 180-degree ban: only to show what the ban forbids.
static TURKISH_MAY_REVERSE: Rules = Rules {
    no_180_turn: false,
    ..TURKISH
};

#[test]
fn no_180_degree_turn_inside_a_sequence() {
    // King d4 takes d6 (north) or d2 (south); taking both would need a reversal.
    let fen_text = "W:WKd4:Bd6,d2";
    assert_eq!(full(&pos(&TURKISH, fen_text)), ["d4xd1", "d4xd7", "d4xd8"]);
    let p = pos(&TURKISH_MAY_REVERSE, fen_text);
    assert!(p.legal_moves().iter().any(|m| m.capture_count() == 2));
}

#[test]
fn kings_slide_orthogonally_but_not_through_their_own_men() {
    // pydraughts lists a8-a1 here, past the man on a2 (docs/rules.md "Turkish", perft).
    let p = pos(
        &TURKISH,
        "W:Wb2,c2,d2,e2,f2,g2,h2,b3,c3,d3,e3,f3,g3,h3,a2,Ka8:Bb5,c6,d6,e6,f6,g6,h6,b7,c7,d7,e7,f7,g7,h7",
    );
    let moves: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    assert!(moves.contains(&"a8-a3".to_string()));
    assert!(!moves.contains(&"a8-a1".to_string()));
}

#[test]
fn promotion_when_the_move_ends_on_the_last_row() {
    let p = pos(&TURKISH, "W:Wa7:Bh2");
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| p.move_text(m) == "a7-a8")
        .unwrap();
    assert!(m.promotes);
}

#[test]
fn a_king_stopping_between_two_captures_on_one_line_makes_one_move() {
    // Ply 6 of the perft tree: a3-a4 a6-a5 a4xa6xa8 b6-b5 a8-a5 e6-e5. Ka5 must take b5 and
    // e5 along the fifth rank. Between them it may stop on c5 or d5 before going on in the same
    // direction, but either way the move starts on a5, takes b5 then e5 and ends on f5, g5 or
    // h5, leaving the same position: three moves. kish 1.1.7 lists six (one per stop), the
    // whole of its surplus over our perft at depths 7 and 8 (rules_perft.rs,
    // `turkish_depth_7_and_8_against_kish`).
    let p = pos(
        &TURKISH,
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,b3,c3,d3,e3,f3,g3,h3,Ka5:Bb5,e5,c6,d6,f6,g6,h6,b7,c7,d7,e7,f7,g7,h7",
    );
    assert_eq!(full(&p), ["a5xc5xf5", "a5xc5xg5", "a5xc5xh5"]);
    let mut short: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    short.sort();
    assert_eq!(short, ["a5xf5", "a5xg5", "a5xh5"]);
}
