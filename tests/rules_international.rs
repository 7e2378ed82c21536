//! International draughts (FMJD Annex 1; docs/rules.md "International").
//! Worked-example coordinates are (row, col) from the diagram's top-left, mover (White) at the
//! bottom moving up; square n of row r (0-based) is 5r + c/2 + 1 (odd r) or 5r + (c-1)/2 + 1.

use crate::support::rules as common;
use common::{full, position};
use pdnkit::fen;
use pdnkit::notation::{Color, Square};
use pdnkit::rules::rulebook::INTERNATIONAL;
use pdnkit::rules::{PieceKind, Position, SetupError};

fn pos(fen_text: &str) -> Position {
    position(&INTERNATIONAL, fen_text)
}

fn short(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v
}

#[test]
fn start_white_men_on_31_to_50_black_on_1_to_20_white_moves_first() {
    let p = Position::initial(&INTERNATIONAL);
    assert_eq!(p.to_setup().to_string(), "W:W31-50:B1-20");
    assert_eq!(
        short(&p),
        [
            "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"
        ]
    );
}

#[test]
fn worked_example_majority_capture_is_the_only_legal_move() {
    // Men (6,1)=26 and (6,5)=28; enemies (5,2)=21, (3,4)=12, (5,6)=23.
    // (6,1)->(4,3)->(2,5) is 26x17x8 taking 21 and 12; 28x19 takes one and is illegal.
    let p = pos("W:W26,28:B12,21,23");
    assert_eq!(full(&p), ["26x17x8"]);
    let after = p.play(&p.legal_moves()[0]);
    assert_eq!(after.to_setup().to_string(), "B:W8,28:B23");
}

#[test]
fn majority_counts_men_and_kings_the_same() {
    // As above, but the single piece is a king: two men still outweigh one king.
    assert_eq!(full(&pos("W:W26,28:B12,21,K23")), ["26x17x8"]);
}

#[test]
fn equal_captures_leave_a_free_choice() {
    // 32 can take 27 or 28 (one piece each): both legal.
    assert_eq!(short(&pos("W:W32:B27,28")), ["32x21", "32x23"]);
}

#[test]
fn capture_is_mandatory() {
    assert_eq!(short(&pos("W:W32,45:B27")), ["32x21"]);
}

#[test]
fn man_passing_the_last_row_mid_capture_is_not_crowned() {
    // 11 jumps 7 to 2 (last row) and goes on backward over 8 to 13: still a man.
    let p = pos("W:W11:B7,8");
    let moves = p.legal_moves();
    assert_eq!(full(&p), ["11x2x13"]);
    assert!(!moves[0].promotes);
    assert_eq!(p.play(&moves[0]).to_setup().to_string(), "B:W13:B");
}

#[test]
fn man_ending_its_capture_on_the_last_row_is_crowned() {
    let p = pos("W:W11:B7");
    let m = p.legal_moves()[0];
    assert_eq!(p.move_text(&m), "11x2");
    assert!(m.promotes);
    assert_eq!(p.play(&m).to_setup().to_string(), "B:WK2:B");
}

#[test]
fn flying_king_lands_on_any_free_square_behind_the_piece() {
    assert_eq!(
        short(&pos("W:WK46:B28")),
        ["46x10", "46x14", "46x19", "46x23", "46x5"]
    );
}

#[test]
fn flying_king_moves_any_distance() {
    assert_eq!(
        short(&pos("W:WK46:B1")),
        [
            "46-10", "46-14", "46-19", "46-23", "46-28", "46-32", "46-37", "46-41", "46-5"
        ]
    );
}

#[test]
fn same_from_and_to_with_different_pieces_are_two_moves() {
    // PDN.md: in W:WK47:B14,19,29,31,42, 47x36 is ambiguous.
    let p = pos("W:WK47:B14,19,29,31,42");
    let to36: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| p.move_text(m) == "47x36")
        .collect();
    assert_eq!(to36.len(), 2);
    assert_ne!(to36[0].captured, to36[1].captured);
    let mut paths: Vec<String> = to36.iter().map(|m| p.move_full_text(m)).collect();
    paths.sort();
    assert_eq!(paths, ["47x38x20x9x36", "47x38x24x13x36"]);
    assert!(
        to36.iter()
            .all(|m| m.piece == PieceKind::King && m.capture_count() == 4)
    );
}

#[test]
fn setup_errors_are_typed() {
    let err =
        |t: &str| Position::from_setup(&INTERNATIONAL, &fen::parse(t).unwrap().setup).unwrap_err();
    assert_eq!(err("W:W51:B1"), SetupError::NotOnBoard(Square::Num(51)));
    assert_eq!(
        err("W:W31,31:B1"),
        SetupError::SameSquareTwice(Square::Num(31))
    );
    assert_eq!(
        err("W:W31:B31"),
        SetupError::SameSquareTwice(Square::Num(31))
    );
    assert_eq!(
        err("W:W3:B40"),
        SetupError::ManOnPromotionRow {
            color: Color::White,
            square: Square::Num(3)
        }
    );
    assert_eq!(
        err("W:W21-50:B1"),
        SetupError::TooManyPieces {
            color: Color::White,
            count: 30,
            max: 20
        }
    );
    assert_eq!(err("?:W31:B1"), SetupError::MissingSideToMove);
    assert_eq!(
        err("W:Wk9:Ba1"),
        SetupError::NotOnBoard(Square::parse("k9").unwrap())
    );
    assert_eq!(
        err("W:Wb1:Ba1"),
        SetupError::NotPlayingSquare(Square::parse("b1").unwrap())
    );
    // A king may stand on the promotion row.
    assert!(Position::from_setup(&INTERNATIONAL, &fen::parse("W:WK3:B40").unwrap().setup).is_ok());
}
