//! Canadian draughts (PDN GameType `27,W,12,12,N2,0`, International rules on
//! 12x12 with 30 men each) and the Thai start position (docs/rules.md "Canadian", "Thai").
//! 12x12 squares: row r (0 at the top, White at the bottom) holds squares 6r+1..6r+6; on even
//! rows the dark squares are columns 1, 3, ..., 11, on odd rows 0, 2, ..., 10.

use crate::support::rules as common;
use common::{full, position};
use pdnkit::fen;
use pdnkit::finding::Code;
use pdnkit::notation::{Color, Square};
use pdnkit::reader::{ReadOptions, read_str};
use pdnkit::replay;
use pdnkit::rules::rulebook::{CANADIAN, ENGLISH, THAI};
use pdnkit::rules::text_board::diagram;
use pdnkit::rules::{Numbering, Position, SetupError};

fn short(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v
}

fn setup_error(rules: &'static pdnkit::rules::Rules, fen_text: &str) -> SetupError {
    Position::from_setup(rules, &fen::parse(fen_text).unwrap().setup).unwrap_err()
}

#[test]
fn canadian_start_white_on_43_to_72_black_on_1_to_30_white_moves_first() {
    let p = Position::initial(&CANADIAN);
    assert_eq!(p.to_setup().to_string(), "W:W43-72:B1-30");
    assert_eq!(p.to_move(), Color::White);
    // White's front row is 43-48 (row 7, columns 0-10); 43 on the edge has one step.
    assert_eq!(
        short(&p),
        [
            "43-37", "44-37", "44-38", "45-38", "45-39", "46-39", "46-40", "47-40", "47-41",
            "48-41", "48-42"
        ]
    );
}

#[test]
fn canadian_algebraic_squares_run_a_to_l_and_1_to_12() {
    let n = Numbering::for_rules(&CANADIAN);
    let geo = &CANADIAN.board;
    // a1 is White's bottom-left corner (row 11, column 0) = 67; l12 the top-right = 6.
    let a1 = n.cell(geo, Square::parse("a1").unwrap()).unwrap();
    let l12 = n.cell(geo, Square::parse("l12").unwrap()).unwrap();
    assert_eq!(n.square(geo, a1), Square::Num(67));
    assert_eq!(n.square(geo, l12), Square::Num(6));
    assert!(n.cell(geo, Square::parse("m1").unwrap()).is_err());
    assert!(n.cell(geo, Square::parse("a13").unwrap()).is_err());
    let p = position(&CANADIAN, "W:Wa1:Bl12");
    assert_eq!(p.to_setup().to_string(), "W:W67:B6");
}

#[test]
fn canadian_setups_are_checked_against_the_12x12_board() {
    assert_eq!(
        setup_error(&CANADIAN, "W:W73:B1"),
        SetupError::NotOnBoard(Square::Num(73))
    );
    assert!(matches!(
        setup_error(&CANADIAN, "W:W1:B30"),
        SetupError::ManOnPromotionRow { .. }
    ));
    assert_eq!(
        setup_error(&CANADIAN, "W:W42-72:B1-5"),
        SetupError::TooManyPieces {
            color: Color::White,
            count: 31,
            max: 30
        }
    );
    // 30 each is the start and fits.
    position(&CANADIAN, "W:W43-72:B1-30");
}

#[test]
fn canadian_flying_king_takes_the_most_pieces_across_the_high_bits() {
    // King on 67 (a1); black men on 39 (6,5) and 22 (3,6). Taking 39 alone could land on 34, 28,
    // 23, 17, 12 or 6; from 28 (4,7) the king turns onto 22 and lands on 15, 9 or 2. Two pieces
    // beat one: only the three landings after 22.
    let p = position(&CANADIAN, "W:WK67:B22,39");
    assert_eq!(full(&p), ["67x28x15", "67x28x2", "67x28x9"]);
    // Without 22 every landing square behind 39 is a move.
    let p = position(&CANADIAN, "W:WK67:B39");
    assert_eq!(
        short(&p),
        ["67x12", "67x17", "67x23", "67x28", "67x34", "67x6"]
    );
}

#[test]
fn a_canadian_record_taking_fewer_pieces_is_flagged() {
    // 44 (7,2) takes 38 (6,3) and 26 (4,3): 44x33x20; 47 (7,8) takes only 41 (6,9): 47x36.
    let text = "[GameType \"27\"]\n[FEN \"W:W44,47:B26,38,41\"]\n1. 47x36 *\n";
    let r = replay::replay(&read_str(text, ReadOptions::default())[0], &mut ());
    assert_eq!(r.findings.len(), 1, "{:#?}", r.findings);
    assert_eq!(r.findings[0].code, Code::LongerCaptureRequired);
    assert_eq!(r.findings[0].ply, Some(1));
    // The 12x12 board is drawn with the finding.
    let diagram = &r.findings[0].diagram;
    assert_eq!(diagram.len(), 12, "{diagram:#?}");
    let text = "[GameType \"27\"]\n[FEN \"W:WK67:B22,39\"]\n1. 67x28x9 *\n";
    let r = replay::replay(&read_str(text, ReadOptions::default())[0], &mut ());
    assert!(r.findings.is_empty(), "{:#?}", r.findings);
}

#[test]
fn canadian_men_capture_backward_and_promote_only_at_the_end() {
    // White man 40 (6,7); black man 46 (7,6) behind it: 40x51 (landing on (8,5)) takes it
    // backward.
    let p = position(&CANADIAN, "W:W40:B46");
    assert_eq!(short(&p), ["40x51"]);
    // A man on 14 (2,3) takes 9 (1,4) landing on 3 (0,5) and is crowned there.
    let p = position(&CANADIAN, "W:W14:B9");
    let m = p.legal_moves()[0];
    assert!(m.promotes, "{}", p.move_text(&m));
}

#[test]
fn canadian_diagram_has_twelve_rows_numbered_1_to_72() {
    let lines = diagram(
        &Position::initial(&CANADIAN),
        Numbering::for_rules(&CANADIAN),
    );
    assert_eq!(lines.len(), 12);
    assert!(lines[0].trim_start().starts_with("1 ") && lines[0].ends_with(" 6"));
    assert!(lines[11].trim_start().starts_with("67 ") && lines[11].ends_with(" 72"));
    for (r, line) in lines.iter().enumerate() {
        let (b, w) = (line.matches('b').count(), line.matches('w').count());
        let expected = match r {
            0..5 => (6, 0),
            5..7 => (0, 0),
            _ => (0, 6),
        };
        assert_eq!((b, w), expected, "row {r}: {line}");
    }
    // Algebraic: the files a-l under the board.
    let mut alg = Numbering::for_rules(&CANADIAN);
    alg.notation = pdnkit::variant::SquareNotation::Algebraic;
    let lines = diagram(&Position::initial(&CANADIAN), alg);
    assert_eq!(lines.len(), 13);
    assert_eq!(
        lines[12].split_whitespace().collect::<String>(),
        "abcdefghijkl"
    );
    assert!(lines[0].trim_start().starts_with("12 "));
}

#[test]
fn thai_start_has_eight_men_each_on_the_two_nearest_rows() {
    // Thai (docs/rules.md): squares 1-8 and 25-32; the back rows are occupied. In Thai's numbering
    // (`31,B,8,8,N2,0`: square 1 in Black's top-left, White's bottom-right) White holds 1-8.
    let p = Position::initial(&THAI);
    assert_eq!(p.to_setup().to_string(), "B:W1-8:B25-32");
    let geo = &THAI.board;
    assert_eq!(
        p.pieces(Color::White) & geo.row(7),
        geo.row(7),
        "White's back row"
    );
    assert_eq!(
        p.pieces(Color::Black) & geo.row(0),
        geo.row(0),
        "Black's back row"
    );
    assert_eq!(p.to_move(), Color::Black);
    // Black's front row has four men, one on the edge: seven steps.
    assert_eq!(p.legal_moves().len(), 7);
}

#[test]
fn thai_accepts_a_setup_of_up_to_twelve_men_each() {
    // dctl's Thai perft position, written in dctl's (English) numbering: Black on 1-12.
    let setup = fen::parse("B:W21-32:B1-12").unwrap().setup;
    let english = Numbering::for_rules(&ENGLISH);
    let p = Position::from_setup_numbered(&THAI, english, &setup).unwrap();
    assert_eq!(p.pieces(Color::White).count_ones(), 12);
    // The same position in Thai's own numbering.
    assert_eq!(p.to_setup().to_string(), "B:W1-12:B21-32");
    assert_eq!(
        setup_error(&THAI, "B:W1-13:B21-32"),
        SetupError::TooManyPieces {
            color: Color::White,
            count: 13,
            max: 12
        }
    );
}
