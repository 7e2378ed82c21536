//! Frisian rules, one test per clause (KNDB Frisian rules, lidraughts; docs/rules.md "Frisian"), as divide lists of hand-checked
//! positions, plus Frysk!'s start. Squares: 1-5 on the top row, 46-50 on the bottom row; on a
//! column the next dark square is ten numbers away (28 -> 18 -> 8), on a row one (28 -> 27).

use pdnkit::fen;
use pdnkit::notation::Color;
use pdnkit::rules::rulebook::{FRISIAN, FRYSK, INTERNATIONAL};
use pdnkit::rules::{KingRun, Numbering, Position, Rules, divide, perft};

fn pos(rules: &'static Rules, text: &str) -> Position {
    Position::from_setup(rules, &fen::parse(text).unwrap().setup).unwrap()
}

/// The moves of `p` with their leaf counts at `depth`, in the order written by the test.
fn divide_list(p: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = divide(p, depth)
        .into_iter()
        .map(|(m, n)| (p.move_full_text(&m), n))
        .collect();
    v.sort();
    v
}

fn list(items: &[(&str, u64)]) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = items.iter().map(|(m, n)| (m.to_string(), *n)).collect();
    v.sort();
    v
}

fn cell(rules: &Rules, square: u8) -> u8 {
    let sq = pdnkit::notation::Square::Num(square);
    Numbering::for_rules(rules).cell(&rules.board, sq).unwrap()
}

#[test]
fn perft_from_the_start_matches_rules_md() {
    let start = Position::initial(&FRISIAN);
    let got: Vec<u64> = (1..=5).map(|d| perft(&start, d)).collect();
    assert_eq!(got, [9, 81, 658, 3874, 21265]);
}

#[test]
fn frysk_starts_with_five_men_each_on_the_back_row() {
    let start = Position::initial(&FRYSK);
    assert_eq!(start, pos(&FRYSK, "W:W46,47,48,49,50:B1,2,3,4,5"));
    // The back-row men step up: 46 has one move, 47-50 two each.
    assert_eq!(perft(&start, 1), 9);
}

#[test]
fn a_man_captures_along_its_column_and_row() {
    // 28 takes 18 upwards (landing on 8) or 27 sideways (landing on 26); its diagonal
    // neighbours 22, 23, 32, 33 are empty.
    let p = pos(&FRISIAN, "W:W28:B18,27");
    assert_eq!(divide_list(&p, 1), list(&[("28x8", 1), ("28x26", 1)]));
    // International men know only the diagonals: no capture, two steps.
    let i = pos(&INTERNATIONAL, "W:W28:B18,27");
    assert_eq!(divide_list(&i, 1), list(&[("28-22", 1), ("28-23", 1)]));
    // An orthogonal capture (docs/rules.md "Frisian"): 9x29 jumps 19 and lands four ranks down.
    let b = pos(&FRISIAN, "B:W19:B9");
    assert_eq!(divide_list(&b, 1), list(&[("9x29", 1)]));
}

#[test]
fn a_capture_goes_on_across_both_kinds_of_line() {
    // 7 takes 17 down its column to 27, then 32 diagonally to 38. 11x22 and 12x21 take 17
    // alone (42 blocks 11's way on over 32; 21 has nothing more): the two-man capture is due.
    let p = pos(
        &FRISIAN,
        "B:W17,32,36,40,42,45,47,48,49,50:B1,2,3,7,11,12,13,14,15,19",
    );
    assert_eq!(divide_list(&p, 1), list(&[("7x27x38", 1)]));
}

#[test]
fn kings_capture_in_eight_directions_but_move_diagonally() {
    // A king on 28 with nothing to take: 5 + 4 + 4 + 4 squares along its four diagonals, none
    // along the row or column.
    let p = pos(&FRISIAN, "W:WK28:B3");
    let moves = divide_list(&p, 1);
    assert_eq!(moves.len(), 17);
    for (m, _) in &moves {
        let to: u8 = m.split('-').nth(1).unwrap().parse().unwrap();
        assert!(
            ![26, 27, 29, 30, 18, 8, 38, 48].contains(&to),
            "{m} is orthogonal"
        );
    }
    // The same king takes 18 up its column, landing on 8 (the only free square behind).
    let k = pos(&FRISIAN, "W:WK28:B18,3");
    assert_eq!(divide_list(&k, 1), list(&[("28x8", 1)]));
}

#[test]
fn precedence_goes_by_value_not_by_count() {
    // A king (199) before a man (100): 28x19 takes the king on 23, not the man on 33; and
    // nothing else, so the same holds with the man on 27 (taken along the row).
    let p = pos(&FRISIAN, "W:W28:BK23,33");
    assert_eq!(divide_list(&p, 1), list(&[("28x19", 1)]));
    let row = pos(&FRISIAN, "W:W28:BK23,27");
    assert_eq!(divide_list(&row, 1), list(&[("28x19", 1)]));
    // International lets either single capture be chosen.
    let i = pos(&INTERNATIONAL, "W:W28:BK23,33");
    assert_eq!(divide_list(&i, 1), list(&[("28x19", 1), ("28x39", 1)]));
    // Two men (200) before one king (199): 28x26x6 takes 27 and 16.
    let two = pos(&FRISIAN, "W:W28:BK23,16,27");
    assert_eq!(divide_list(&two, 1), list(&[("28x26x6", 1)]));
}

#[test]
fn among_equal_values_the_king_captures() {
    // The man on 36 can take 41 (to 47) or 26 (to 16), the king on 46 takes 41 and lands on any
    // of eight squares: all worth 100, so only the king's captures are legal.
    let p = pos(&FRISIAN, "W:WK46,36:B41,26");
    let king: Vec<(&str, u64)> = ["37", "32", "28", "23", "19", "14", "10", "5"]
        .iter()
        .map(|to| (Box::leak(format!("46x{to}").into_boxed_str()) as &str, 1))
        .collect();
    assert_eq!(divide_list(&p, 1), list(&king));
    // International: the man's 36x47 too (it does not capture along the column).
    let i = pos(&INTERNATIONAL, "W:WK46,36:B41,26");
    assert_eq!(divide(&i, 1).len(), 9);
}

#[test]
fn a_king_that_moved_three_times_in_a_row_must_rest_while_men_remain() {
    let start = pos(&FRISIAN, "W:WK46,31:B3,20");
    // No history: the king's 9 moves along its one diagonal and the man's 2.
    assert_eq!(divide(&start, 1).len(), 11);
    let frozen = start.with_king_run(
        Color::White,
        KingRun {
            cell: cell(&FRISIAN, 46),
            moves: 3,
        },
    );
    assert_eq!(divide_list(&frozen, 1), list(&[("31-26", 1), ("31-27", 1)]));
    // Two moves so far: a third is allowed.
    let two = start.with_king_run(
        Color::White,
        KingRun {
            cell: cell(&FRISIAN, 46),
            moves: 2,
        },
    );
    assert_eq!(divide(&two, 1).len(), 11);
    // Without men the limit is off.
    let kings_only = pos(&FRISIAN, "W:WK46:B3,20").with_king_run(
        Color::White,
        KingRun {
            cell: cell(&FRISIAN, 46),
            moves: 3,
        },
    );
    assert_eq!(divide(&kings_only, 1).len(), 9);
}

#[test]
fn the_run_is_counted_by_play_and_broken_by_another_piece_or_a_capture() {
    let text = |p: &Position, m: &str| {
        let moves = p.legal_moves();
        let mv = moves
            .iter()
            .find(|x| p.move_text(x) == m)
            .unwrap_or_else(|| panic!("{m} not legal"));
        p.play(mv)
    };
    let mut p = pos(&FRISIAN, "W:WK46,K6,31:B3,20");
    for (i, (w, b)) in [("46-41", "20-25"), ("41-46", "25-30"), ("46-41", "30-35")]
        .iter()
        .enumerate()
    {
        p = text(&p, w);
        assert_eq!(p.king_run(Color::White).moves, i as u8 + 1);
        p = text(&p, b);
    }
    // The fourth move of the king on 41 is not legal; the other king and the man may move.
    assert!(p.legal_moves().iter().all(|m| m.from != cell(&FRISIAN, 41)));
    let other = text(&p, "6-1");
    assert_eq!(
        other.king_run(Color::White),
        KingRun {
            cell: cell(&FRISIAN, 1),
            moves: 1
        }
    );
    let man = text(&p, "31-27");
    assert_eq!(man.king_run(Color::White).moves, 0);
    // A FEN setup starts with no run.
    let setup = pos(&FRISIAN, &p.to_setup().to_string());
    assert_eq!(setup.king_run(Color::White).moves, 0);
}
