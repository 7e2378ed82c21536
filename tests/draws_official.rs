//! Draw conditions, `official` profile (docs/rules.md "Draw profiles"): FMJD (International), FID
//! (Italian), EDA (English), FMJD-64 (Russian), TUDAF (Turkish), and the rest.
//!
//! Every game below starts from a constructed position and shuffles kings in a cycle checked by
//! hand to involve no capture (captures are mandatory, so a cycle that allowed one would not be
//! legal; `Game::play` panics on an illegal move). Plies are counted from the start position:
//! "N moves by each side" is 2N plies.
//!
//! Square maps used in the comments:
//! - International: row r (0 = top), squares 5r+1..5r+5; even rows on columns 1,3,..,9, odd rows on
//!   0,2,..,8. So 4 = (0,7), 9 = (1,6), 42 = (8,3), 47 = (9,2), 48 = (9,4), 36 = (7,0).
//! - Russian, Czech: algebraic, a1 bottom-left (dark); the long diagonal is a1-h8.

#[allow(dead_code)] // each file uses some of the helpers
use crate::support::draw_game;
use crate::support::rules as common;
use draw_game::Game;
use pdnkit::draw_rules::{DrawProfile, DrawRule, DrawTracker};
use pdnkit::rules::Position;
use pdnkit::rules::rulebook::{
    BRAZILIAN, CZECH, ENGLISH, INTERNATIONAL, ITALIAN, RUSSIAN, TURKISH,
};

/// International: kings 47 and 4 step to 42 and 9 and back; men 45 and 6 keep the material
/// away from any endgame balance.
const INTL_FOUR: &str = "W:WK47,45:BK4,6";
const INTL_SHUFFLE: [&str; 4] = ["47-42", "4-9", "42-47", "9-4"];

// --------------------------------------------------------------------------------------------
// threefold repetition

#[test]
fn threefold_fires_on_the_third_occurrence_of_the_start_position() {
    let mut g = Game::new(&INTERNATIONAL, INTL_FOUR);
    g.cycle(&INTL_SHUFFLE, 7); // the start position came back once, at ply 4
    assert_eq!(g.fired(DrawRule::Threefold), None);
    let flags = g.play(INTL_SHUFFLE[3]);
    assert_eq!(flags.len(), 1);
    assert_eq!(flags[0].rule, DrawRule::Threefold);
    assert_eq!(flags[0].ply, 8);
    assert!(
        flags[0].detail.contains("start position"),
        "{}",
        flags[0].detail
    );
}

#[test]
fn threefold_counts_the_position_however_it_was_reached() {
    // Second trip goes 47-41 instead of 47-42: different positions in between, the same one at
    // plies 0, 4 and 8.
    let mut g = Game::new(&INTERNATIONAL, INTL_FOUR);
    g.play_all(&INTL_SHUFFLE);
    g.play_all(&["47-41", "4-9", "41-47"]);
    assert_eq!(g.fired(DrawRule::Threefold), None);
    g.play("9-4");
    assert_eq!(g.fired(DrawRule::Threefold), Some(8));
}

#[test]
fn threefold_needs_the_same_side_to_move() {
    // White's king goes round a triangle 47-38-42-47 (three moves) while Black's shuffles 4-9-4
    // (two): the pieces stand on 47 and 4 at plies 0 (White to move), 5 (Black to move) and 12
    // (White). Ignoring the side to move would flag at ply 12; the true third occurrence of a
    // position with the same side to move is ply 24.
    let cycle = [
        "47-38", "4-9", "38-42", "9-4", "42-47", "4-9", "47-38", "9-4", "38-42", "4-9", "42-47",
        "9-4",
    ];
    let mut g = Game::new(&INTERNATIONAL, INTL_FOUR);
    g.cycle(&cycle, 23);
    assert_eq!(g.fired(DrawRule::Threefold), None);
    g.play(cycle[11]);
    assert_eq!(g.fired(DrawRule::Threefold), Some(24));
}

#[test]
fn threefold_counts_turkish_sideways_man_moves_as_reversible() {
    // Turkish men step sideways, so a man move does not make a position unrepeatable.
    let mut g = Game::new(&TURKISH, "W:Wa2,c2:Bh7,f7");
    let shuffle = ["a2-b2", "h7-g7", "b2-a2", "g7-h7"];
    g.cycle(&shuffle, 7);
    assert_eq!(g.fired(DrawRule::Threefold), None);
    g.play(shuffle[3]);
    assert_eq!(g.fired(DrawRule::Threefold), Some(8));
}

// --------------------------------------------------------------------------------------------
// International (FMJD)

#[test]
fn international_25_king_moves_each_fire_at_ply_50() {
    let mut g = Game::new(&INTERNATIONAL, INTL_FOUR);
    g.cycle(&INTL_SHUFFLE, 49);
    assert_eq!(g.fired(DrawRule::KingMoves25), None);
    let flags = g.play(INTL_SHUFFLE[1]); // ply 50 is Black's 25th move
    assert_eq!(flags.len(), 1);
    assert_eq!(flags[0].rule, DrawRule::KingMoves25);
    assert_eq!(flags[0].ply, 50);
    assert!(
        flags[0].detail.contains("since ply 0"),
        "{}",
        flags[0].detail
    );
    // Threefold fired long before, and each rule fires once only.
    assert_eq!(g.fired(DrawRule::Threefold), Some(8));
    g.cycle(&INTL_SHUFFLE[2..], 2);
    g.cycle(&INTL_SHUFFLE, 8);
    let count = |r| g.tracker.flags().iter().filter(|f| f.rule == r).count();
    assert_eq!(count(DrawRule::KingMoves25), 1);
    assert_eq!(count(DrawRule::Threefold), 1);
}

#[test]
fn international_a_man_move_restarts_the_25_move_count() {
    let mut g = Game::new(&INTERNATIONAL, INTL_FOUR);
    g.cycle(&INTL_SHUFFLE, 20);
    g.play("45-40"); // ply 21, a man move
    let black_first = ["4-9", "47-42", "9-4", "42-47"];
    g.cycle(&black_first, 49); // plies 22..70: 49 king moves
    assert_eq!(g.fired(DrawRule::KingMoves25), None);
    g.play(black_first[1]);
    assert_eq!(g.fired(DrawRule::KingMoves25), Some(71));
}

/// Three white kings against a lone black king on 4.
const INTL_THREE_KINGS: &str = "W:WK47,K48,K50:BK4";

#[test]
fn international_three_against_a_lone_king_fires_after_16_moves_each() {
    let mut g = Game::new(&INTERNATIONAL, INTL_THREE_KINGS);
    g.cycle(&INTL_SHUFFLE, 31);
    assert_eq!(g.fired(DrawRule::Endgame16), None);
    g.play(INTL_SHUFFLE[3]);
    assert_eq!(g.fired(DrawRule::Endgame16), Some(32));
    assert_eq!(g.fired(DrawRule::Endgame5), None);
    assert_eq!(g.fired(DrawRule::KingMoves25), None);
}

#[test]
fn international_man_moves_do_not_restart_the_16_move_count() {
    // A king and two men against a lone king: the men advance, the count goes on from ply 0.
    let mut g = Game::new(&INTERNATIONAL, "W:WK47,44,45:BK4");
    g.play_all(&["44-39", "4-9", "45-40", "9-4"]);
    g.cycle(&INTL_SHUFFLE, 27);
    assert_eq!(g.fired(DrawRule::Endgame16), None);
    g.play(INTL_SHUFFLE[3]);
    assert_eq!(g.fired(DrawRule::Endgame16), Some(32));
}

#[test]
fn international_a_capture_keeps_the_16_move_count_and_starts_the_5_move_count() {
    // Ply 25: 48-31 offers a king; ply 26: the lone king takes it (4x36), three against one
    // becomes two against one. The 16-move maximum counted from ply 0 still holds (ply 32); the
    // new balance starts its own 5-move count (ply 26 + 10 = 36).
    let mut g = Game::new(&INTERNATIONAL, INTL_THREE_KINGS);
    g.cycle(&INTL_SHUFFLE, 24);
    g.play("48-31");
    g.play("4x36");
    let after = ["50-44", "36-31", "44-50", "31-36"];
    g.cycle(&after, 5); // plies 27..31
    assert_eq!(g.fired(DrawRule::Endgame16), None);
    g.play(after[1]);
    assert_eq!(g.fired(DrawRule::Endgame16), Some(32));
    g.cycle(&after[2..], 2);
    g.play_all(&after[..1]); // ply 35
    assert_eq!(g.fired(DrawRule::Endgame5), None);
    g.play(after[1]);
    assert_eq!(g.fired(DrawRule::Endgame5), Some(36));
}

#[test]
fn international_two_kings_against_one_fire_after_5_moves_each() {
    let mut g = Game::new(&INTERNATIONAL, "W:WK47,K48:BK4");
    g.cycle(&INTL_SHUFFLE, 9);
    assert_eq!(g.fired(DrawRule::Endgame5), None);
    let flags = g.play(INTL_SHUFFLE[1]);
    assert_eq!(
        flags.iter().map(|f| (f.rule, f.ply)).collect::<Vec<_>>(),
        [(DrawRule::Endgame5, 10)]
    );
    assert!(
        flags[0]
            .detail
            .contains("white 2 kings against black 1 king"),
        "{}",
        flags[0].detail
    );
}

#[test]
fn international_a_capture_does_not_restart_the_5_move_count() {
    // Two kings against one; at ply 2 the lone king takes one (king against king). The count
    // goes on from ply 0 and fires at ply 10.
    let mut g = Game::new(&INTERNATIONAL, "W:WK47,K48:BK4");
    g.play_all(&["48-31", "4x36"]);
    let shuffle = ["47-42", "36-41", "42-47", "41-36"];
    g.cycle(&shuffle, 7); // plies 3..9
    assert_eq!(g.fired(DrawRule::Endgame5), None);
    g.play(shuffle[3]);
    assert_eq!(g.fired(DrawRule::Endgame5), Some(10));
}

/// Black to move: White's 5th move is ply 10. Kings 35 and 47 against the lone king on 4.
const INTL_BLACK_FIRST: &str = "B:WK35,K47:BK4";
const BLACK_FIRST_SHUFFLE: [&str; 4] = ["4-9", "47-42", "9-4", "42-47"];

#[test]
fn international_last_move_within_the_limit_that_wins_is_not_a_draw() {
    // Ply 9: the lone king steps onto 13, on the diagonal of the king on 35; ply 10 (White's 5th
    // move) takes it. Black has no move left: a win, so no draw is flagged.
    let mut g = Game::new(&INTERNATIONAL, INTL_BLACK_FIRST);
    g.cycle(&BLACK_FIRST_SHUFFLE, 8);
    g.play("4-13");
    assert_eq!(common::full(&g.pos), ["35x2", "35x8"]); // the capture is forced
    let flags = g.play("35x8");
    assert!(g.pos.legal_moves().is_empty());
    assert!(flags.is_empty(), "{flags:?}");
    assert_eq!(g.fired(DrawRule::Endgame5), None);
}

#[test]
fn international_last_move_within_the_limit_that_does_not_win_is_a_draw() {
    // The same game, but the lone king stays out of reach: the 10th ply draws.
    let mut g = Game::new(&INTERNATIONAL, INTL_BLACK_FIRST);
    g.cycle(&BLACK_FIRST_SHUFFLE, 9);
    g.play(BLACK_FIRST_SHUFFLE[1]);
    assert_eq!(g.fired(DrawRule::Endgame5), Some(10));
}

// --------------------------------------------------------------------------------------------
// Italian (FID), English (EDA)

/// Italian: kings 32 and 1 (opposite corners, short range), men 29 and 4.
const ITALIAN_KINGS: &str = "W:WK32,29:BK1,4";
const ITALIAN_SHUFFLE: [&str; 4] = ["32-28", "1-5", "28-32", "5-1"];

#[test]
fn italian_40_king_moves_each_fire_at_ply_80() {
    let mut g = Game::new(&ITALIAN, ITALIAN_KINGS);
    g.cycle(&ITALIAN_SHUFFLE, 79);
    assert_eq!(g.fired(DrawRule::ItalianKings40), None);
    g.play(ITALIAN_SHUFFLE[3]);
    assert_eq!(g.fired(DrawRule::ItalianKings40), Some(80));
    assert_eq!(g.tracker.unsupported_note(), None);
}

#[test]
fn italian_a_man_move_restarts_the_40_move_count() {
    let mut g = Game::new(&ITALIAN, ITALIAN_KINGS);
    g.cycle(&ITALIAN_SHUFFLE, 40);
    g.play("29-25"); // ply 41
    let black_first = ["1-5", "32-28", "5-1", "28-32"];
    g.cycle(&black_first, 79);
    assert_eq!(g.fired(DrawRule::ItalianKings40), None);
    g.play(black_first[3]);
    assert_eq!(g.fired(DrawRule::ItalianKings40), Some(121));
}

/// English: kings 29 (bottom-left corner) and 4 (top-right), men 32 and 1.
const ENGLISH_KINGS: &str = "W:WK29,32:BK4,1";
const ENGLISH_SHUFFLE: [&str; 4] = ["29-25", "4-8", "25-29", "8-4"];

#[test]
fn english_40_moves_each_without_man_move_or_capture_fire_at_ply_80() {
    let mut g = Game::new(&ENGLISH, ENGLISH_KINGS);
    g.cycle(&ENGLISH_SHUFFLE, 79);
    assert_eq!(g.fired(DrawRule::English40), None);
    g.play(ENGLISH_SHUFFLE[3]);
    assert_eq!(g.fired(DrawRule::English40), Some(80));
}

#[test]
fn english_a_man_move_restarts_the_40_move_count() {
    let mut g = Game::new(&ENGLISH, ENGLISH_KINGS);
    g.cycle(&ENGLISH_SHUFFLE, 60);
    g.play("32-27"); // ply 61
    let black_first = ["4-8", "29-25", "8-4", "25-29"];
    g.cycle(&black_first, 79);
    assert_eq!(g.fired(DrawRule::English40), None);
    g.play(black_first[3]);
    assert_eq!(g.fired(DrawRule::English40), Some(141));
}

// --------------------------------------------------------------------------------------------
// Russian (FMJD-64 art. 7.2)

/// Kings c1 and h8 step to d2 and g7 and back.
const RUSSIAN_SHUFFLE: [&str; 4] = ["c1-d2", "h8-g7", "d2-c1", "g7-h8"];

#[test]
fn russian_15_king_moves_each_fire_at_ply_30() {
    // Eight pieces: no endgame balance applies.
    let mut g = Game::new(&RUSSIAN, "W:WKc1,Ke1,g1,h2:BKh8,Kf8,a7,b8");
    g.cycle(&RUSSIAN_SHUFFLE, 29);
    assert_eq!(g.fired(DrawRule::RussianKings15), None);
    g.play(RUSSIAN_SHUFFLE[1]);
    assert_eq!(g.fired(DrawRule::RussianKings15), Some(30));
}

#[test]
fn russian_a_man_move_restarts_the_15_move_count() {
    let mut g = Game::new(&RUSSIAN, "W:WKc1,Ke1,g1,h2:BKh8,Kf8,a7,b8");
    g.cycle(&RUSSIAN_SHUFFLE, 8);
    g.play("h2-g3"); // ply 9
    let black_first = ["h8-g7", "c1-d2", "g7-h8", "d2-c1"];
    g.cycle(&black_first, 29); // plies 10..38
    assert_eq!(g.fired(DrawRule::RussianKings15), None);
    g.play(black_first[1]);
    assert_eq!(g.fired(DrawRule::RussianKings15), Some(39));
}

#[test]
fn russian_three_kings_against_a_lone_king_fire_on_the_15th_move() {
    // The lone king shuffles f8-e7, off the long diagonal.
    let mut g = Game::new(&RUSSIAN, "W:WKc1,Ke1,Kg1:BKf8");
    let shuffle = ["g1-h2", "f8-e7", "h2-g1", "e7-f8"];
    g.cycle(&shuffle, 29);
    assert_eq!(g.fired(DrawRule::RussianThreeKings15), None);
    g.play(shuffle[1]);
    assert_eq!(g.fired(DrawRule::RussianThreeKings15), Some(30));
    assert_eq!(g.fired(DrawRule::RussianLongDiagonal5), None);
}

#[test]
fn russian_a_capture_starts_the_three_kings_count_again() {
    // Four kings against one; at ply 2 the lone king takes one (f8:a3). Unlike FMJD's 16-move
    // rule, the Russian count runs from the moment the (new) balance arose: ply 2 + 30 = 32.
    let mut g = Game::new(&RUSSIAN, "W:WKc1,Ke1,Kg1,Kh2:BKf8");
    g.play_all(&["h2-d6", "f8:a3"]);
    let shuffle = ["g1-h2", "a3-f8", "h2-g1", "f8-a3"];
    g.cycle(&shuffle, 29); // plies 3..31
    assert_eq!(g.fired(DrawRule::RussianThreeKings15), None);
    g.play(shuffle[1]);
    assert_eq!(g.fired(DrawRule::RussianThreeKings15), Some(32));
}

/// Three kings against a lone king shuffling h8-g7 on the long diagonal.
const RUSSIAN_LONG_DIAGONAL: &str = "W:WKa3,Kc1,Ke1:BKh8";

#[test]
fn russian_three_against_a_lone_king_on_the_long_diagonal_fire_after_5_moves() {
    let mut g = Game::new(&RUSSIAN, RUSSIAN_LONG_DIAGONAL);
    g.cycle(&RUSSIAN_SHUFFLE, 9);
    assert_eq!(g.fired(DrawRule::RussianLongDiagonal5), None);
    g.play(RUSSIAN_SHUFFLE[1]);
    assert_eq!(g.fired(DrawRule::RussianLongDiagonal5), Some(10));
}

#[test]
fn russian_leaving_the_long_diagonal_stops_the_5_move_count() {
    // Ply 4 the lone king steps off to f8, ply 6 back onto g7: the count starts again at 6.
    let mut g = Game::new(&RUSSIAN, RUSSIAN_LONG_DIAGONAL);
    g.play_all(&["c1-d2", "h8-g7", "d2-c1", "g7-f8", "c1-d2", "f8-g7"]);
    let shuffle = ["d2-c1", "g7-h8", "c1-d2", "h8-g7"];
    g.cycle(&shuffle, 9); // plies 7..15
    assert_eq!(g.fired(DrawRule::RussianLongDiagonal5), None);
    g.play(shuffle[1]);
    assert_eq!(g.fired(DrawRule::RussianLongDiagonal5), Some(16));
}

#[test]
fn russian_two_kings_against_one_fire_after_5_moves_each() {
    let mut g = Game::new(&RUSSIAN, "W:WKc1,Ke1:BKh8");
    g.cycle(&RUSSIAN_SHUFFLE, 9);
    assert_eq!(g.fired(DrawRule::RussianEndgame5), None);
    g.play(RUSSIAN_SHUFFLE[1]);
    assert_eq!(g.fired(DrawRule::RussianEndgame5), Some(10));
}

#[test]
fn russian_a_capture_starts_the_5_move_count_again() {
    // Ply 2: the lone king takes one of the two (h8:a1); the balance changed, so the count runs
    // from ply 2 and fires at 12, not at 10 as under FMJD's rule.
    let mut g = Game::new(&RUSSIAN, "W:WKg1,Kh2:BKh8");
    g.play_all(&["g1-d4", "h8:a1"]);
    let shuffle = ["h2-g1", "a1-b2", "g1-h2", "b2-a1"];
    g.cycle(&shuffle, 8); // plies 3..10
    assert_eq!(g.fired(DrawRule::RussianEndgame5), None);
    g.cycle(&shuffle, 2);
    assert_eq!(g.fired(DrawRule::RussianEndgame5), Some(12));
}

#[test]
fn russian_kings_on_both_sides_with_four_pieces_fire_after_30_moves_each() {
    let mut g = Game::new(&RUSSIAN, "W:WKc1,Ke1:BKh8,Kf8");
    g.cycle(&RUSSIAN_SHUFFLE, 59);
    assert_eq!(g.fired(DrawRule::RussianEndgame30), None);
    g.play(RUSSIAN_SHUFFLE[3]);
    assert_eq!(g.fired(DrawRule::RussianEndgame30), Some(60));
}

#[test]
fn russian_a_crowning_starts_the_30_move_count_again() {
    // Five pieces (two kings and a man against two kings). The man steps to a7 at ply 1 (a man
    // move: the balance is unchanged) and is crowned on b8 at ply 21 (the balance changes): the
    // count runs from ply 21 and fires at 81, not 60.
    let mut g = Game::new(&RUSSIAN, "W:WKc1,Ke1,b6:BKh8,Kf8");
    g.play("b6-a7");
    let black_first = ["h8-g7", "c1-d2", "g7-h8", "d2-c1"];
    g.cycle(&black_first, 19); // plies 2..20
    g.play("a7-b8"); // ply 21
    let after = ["h8-g7", "d2-c1", "g7-h8", "c1-d2"];
    g.cycle(&after, 59); // plies 22..80
    assert_eq!(g.fired(DrawRule::RussianEndgame30), None);
    g.play(after[3]);
    assert_eq!(g.fired(DrawRule::RussianEndgame30), Some(81));
}

#[test]
fn russian_kings_on_both_sides_with_six_pieces_fire_after_60_moves_each() {
    let mut g = Game::new(&RUSSIAN, "W:WKc1,Ke1,Kg1:BKh8,Kf8,Kd8");
    g.cycle(&RUSSIAN_SHUFFLE, 119);
    assert_eq!(g.fired(DrawRule::RussianEndgame60), None);
    g.play(RUSSIAN_SHUFFLE[3]);
    assert_eq!(g.fired(DrawRule::RussianEndgame60), Some(120));
    assert_eq!(g.fired(DrawRule::RussianEndgame30), None);
}

// --------------------------------------------------------------------------------------------
// Turkish (TUDAF), Czech, the rest

#[test]
fn turkish_one_piece_against_one_is_a_draw_at_once() {
    // Black's man takes d5 (d6xd4): a man against a man.
    let mut g = Game::new(&TURKISH, "B:Wd5,a2:Bd6");
    let flags = g.play("d6xd4");
    assert_eq!(
        flags.iter().map(|f| (f.rule, f.ply)).collect::<Vec<_>>(),
        [(DrawRule::TurkishOnePiece, 1)]
    );
    // The official profile draws whatever the kinds; nothing is "decided".
    assert!(g.tracker.decided().is_none());
}

#[test]
fn turkish_one_piece_each_in_the_start_position_is_flagged_at_ply_0() {
    let g = Game::new(&TURKISH, "W:WKa1:Bh7");
    assert_eq!(g.fired(DrawRule::TurkishOnePiece), Some(0));
}

#[test]
fn czech_15_moves_without_capture_or_man_move_fire_at_ply_30() {
    let mut g = Game::new(&CZECH, "W:WKc1,Ke1:BKh8");
    g.cycle(&RUSSIAN_SHUFFLE, 29);
    assert_eq!(g.fired(DrawRule::CzechKings15), None);
    g.play(RUSSIAN_SHUFFLE[1]);
    assert_eq!(g.fired(DrawRule::CzechKings15), Some(30));
    assert!(g.tracker.unsupported_note().is_some());
}

#[test]
fn variants_without_a_federation_text_say_so_and_check_threefold_only() {
    let start = Position::initial(&BRAZILIAN);
    let t = DrawTracker::new(DrawProfile::Official, &start);
    assert!(t.unsupported_note().unwrap().contains("only threefold"));
    for rules in [&INTERNATIONAL, &ENGLISH, &ITALIAN, &RUSSIAN, &TURKISH] {
        let t = DrawTracker::new(DrawProfile::Official, &Position::initial(rules));
        assert_eq!(t.unsupported_note(), None, "{:?}", rules.variant);
    }
}
