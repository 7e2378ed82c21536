//! Russian draughts (FMJD-64 rules; docs/rules.md "Russian"). Algebraic squares, a1 at White's
//! bottom-left. Worked-example (row, col) from the diagram's top-left, mover (White) at the bottom:
//! file = col - 1, rank = 9 - row.

use crate::support::rules as common;
use common::{full, position as pos};
use pdnkit::rules::rulebook::RUSSIAN;
use pdnkit::rules::{Position, Removal, Rules};

#[test]
fn start_white_on_a1_to_h3_moves_first() {
    let p = Position::initial(&RUSSIAN);
    assert_eq!(
        p.to_setup().to_string(),
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
    );
    let moves: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    assert!(moves.contains(&"c3-d4".to_string()));
    assert_eq!(moves.len(), 7);
}

#[test]
fn worked_example_crowned_mid_capture_goes_on_as_a_king() {
    // Man (3,2)=b6 jumps (2,3)=c7 to (1,4)=d8, is crowned, then jumps (3,6)=f6 from a distance
    // and lands on (4,7)=g5 (or further, h4).
    let p = pos(&RUSSIAN, "W:Wb6:Bc7,f6");
    assert_eq!(full(&p), ["b6:d8:g5", "b6:d8:h4"]);
    let m = p.legal_moves()[0];
    assert!(m.promotes);
    assert_eq!(m.capture_count(), 2);
    assert_eq!(p.play(&m).to_setup().to_string(), "B:WKg5:B");
}

#[test]
fn worked_example_a_shorter_capture_may_be_chosen() {
    // c3 may take b4 alone, or d4 and f6.
    assert_eq!(
        full(&pos(&RUSSIAN, "W:Wc3:Bb4,d4,f6")),
        ["c3:a5", "c3:e5:g7"]
    );
}

/// Russian rules with pieces removed as they are jumped: only to show what the blocking rule
/// forbids.
static RUSSIAN_IMMEDIATE: Rules = Rules {
    removal: Removal::Immediate,
    ..RUSSIAN
};

#[test]
fn worked_example_a_king_may_not_pass_a_square_it_has_jumped() {
    // King c3 takes d2 landing on e1; going on to b4 would mean passing back over d2.
    assert_eq!(full(&pos(&RUSSIAN, "W:WKc3:Bb4,d2")), ["c3:a5", "c3:e1"]);
    // Were d2 gone at once, the longer route would exist.
    let p = pos(&RUSSIAN_IMMEDIATE, "W:WKc3:Bb4,d2");
    assert!(full(&p).contains(&"c3:e1:a5".to_string()));
}

#[test]
fn men_capture_backward() {
    assert_eq!(full(&pos(&RUSSIAN, "W:Wd4:Bc3")), ["d4:b2"]);
}

#[test]
fn kings_fly() {
    assert_eq!(full(&pos(&RUSSIAN, "W:WKa1:B")).len(), 7);
}

#[test]
fn a_king_must_stop_where_it_can_go_on_capturing() {
    // King a1 takes c3 and could land on d4..h8; only from d4 can it go on (over c5), so it must
    // stop there, then land on b6 or a7. Stopping on e5..h8 is not allowed.
    let p = pos(&RUSSIAN, "W:WKa1:Bc3,c5");
    assert_eq!(full(&p), ["a1:d4:a7", "a1:d4:b6"]);
}
