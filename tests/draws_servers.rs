//! Draw conditions, `servers` profile: the rules game servers apply (English: threefold or 80
//! consecutive king plies without a capture; International, Russian, Turkish: threefold or 120;
//! Turkish: one piece each decided at once), and the FID rules for Italian (docs/rules.md,
//! "Draw profiles").
//!
//! Positions and king shuffles are the ones of `draws_official.rs` (checked there square by square).

#[allow(dead_code)] // each file uses some of the helpers
use crate::support::draw_game;
use crate::support::rules as common;
use draw_game::Game;
use pdnkit::draw_rules::{DrawProfile, DrawRule, DrawTracker};
use pdnkit::notation::Color;
use pdnkit::rules::Position;
use pdnkit::rules::rulebook::{
    BRAZILIAN, CZECH, ENGLISH, INTERNATIONAL, ITALIAN, RUSSIAN, TURKISH,
};

const ENGLISH_KINGS: &str = "W:WK29,32:BK4,1";
const ENGLISH_SHUFFLE: [&str; 4] = ["29-25", "4-8", "25-29", "8-4"];

#[test]
fn english_80_king_plies_without_capture_fire_at_ply_80() {
    let mut g = Game::with_profile(&ENGLISH, DrawProfile::Servers, ENGLISH_KINGS);
    g.cycle(&ENGLISH_SHUFFLE, 79);
    assert_eq!(g.fired(DrawRule::ServerKingPlies80), None);
    g.play(ENGLISH_SHUFFLE[3]);
    assert_eq!(g.fired(DrawRule::ServerKingPlies80), Some(80));
    // Only the servers' rules: threefold and the 80 plies, not the EDA 40-move rule.
    assert_eq!(
        g.rules_fired(),
        [DrawRule::Threefold, DrawRule::ServerKingPlies80]
    );
    assert_eq!(g.tracker.unsupported_note(), None);
}

#[test]
fn english_a_man_ply_breaks_the_run_of_king_plies() {
    let mut g = Game::with_profile(&ENGLISH, DrawProfile::Servers, ENGLISH_KINGS);
    g.cycle(&ENGLISH_SHUFFLE, 79);
    g.play("1-6"); // ply 80, a man move, would have been the 80th king ply
    let white_first = ["29-25", "8-4", "25-29", "4-8"];
    g.cycle(&white_first, 79); // plies 81..159
    assert_eq!(g.fired(DrawRule::ServerKingPlies80), None);
    g.play(white_first[3]);
    assert_eq!(g.fired(DrawRule::ServerKingPlies80), Some(160));
}

#[test]
fn english_a_capture_breaks_the_run_of_king_plies() {
    // Kings only: White 29 against Black 4 and 12. After 20 plies of the usual shuffle Black's
    // king walks 12-16-19-23 while White's goes 29-25-29-25-22; at ply 28 Black steps onto 26,
    // next to White's king on 22 with 31 empty behind, and ply 29 takes it (22x31). The run of
    // king plies starts again after the capture: 80 more plies, ply 109 (it would have been ply
    // 80 had the capture not counted).
    let mut g = Game::with_profile(&ENGLISH, DrawProfile::Servers, "W:WK29:BK4,K12");
    g.cycle(&ENGLISH_SHUFFLE, 20);
    for m in [
        "29-25", "12-16", "25-29", "16-19", "29-25", "19-23", "25-22", "23-26",
    ] {
        g.play(m);
    }
    g.play("22x31"); // ply 29
    let black_first = ["4-8", "31-27", "8-4", "27-31"];
    g.cycle(&black_first, 79); // plies 30..108
    assert_eq!(g.fired(DrawRule::ServerKingPlies80), None);
    g.play(black_first[3]);
    assert_eq!(g.fired(DrawRule::ServerKingPlies80), Some(109));
}

const INTL_THREE_KINGS: &str = "W:WK47,K48,K50:BK4";
const INTL_SHUFFLE: [&str; 4] = ["47-42", "4-9", "42-47", "9-4"];

#[test]
fn international_120_king_plies_fire_and_the_fmjd_endgame_limits_do_not() {
    let mut g = Game::with_profile(&INTERNATIONAL, DrawProfile::Servers, INTL_THREE_KINGS);
    g.cycle(&INTL_SHUFFLE, 119);
    assert_eq!(g.fired(DrawRule::ServerKingPlies120), None);
    g.play(INTL_SHUFFLE[3]);
    assert_eq!(g.fired(DrawRule::ServerKingPlies120), Some(120));
    assert_eq!(
        g.rules_fired(),
        [DrawRule::Threefold, DrawRule::ServerKingPlies120]
    );
}

#[test]
fn russian_120_king_plies_fire_at_ply_120() {
    let shuffle = ["c1-d2", "h8-g7", "d2-c1", "g7-h8"];
    let mut g = Game::with_profile(&RUSSIAN, DrawProfile::Servers, "W:WKc1,Ke1:BKh8");
    g.cycle(&shuffle, 119);
    assert_eq!(g.fired(DrawRule::ServerKingPlies120), None);
    g.play(shuffle[3]);
    assert_eq!(g.fired(DrawRule::ServerKingPlies120), Some(120));
    assert_eq!(
        g.rules_fired(),
        [DrawRule::Threefold, DrawRule::ServerKingPlies120]
    );
}

#[test]
fn turkish_120_king_plies_fire_at_ply_120() {
    // Turkish kings move orthogonally: a1-a2 and h8-h7.
    let shuffle = ["a1-b1", "h8-g8", "b1-a1", "g8-h8"];
    let mut g = Game::with_profile(&TURKISH, DrawProfile::Servers, "W:WKa1,d2:BKh8,e7");
    g.cycle(&shuffle, 119);
    assert_eq!(g.fired(DrawRule::ServerKingPlies120), None);
    g.play(shuffle[3]);
    assert_eq!(g.fired(DrawRule::ServerKingPlies120), Some(120));
}

#[test]
fn turkish_one_man_each_is_a_draw_at_once() {
    let mut g = Game::with_profile(&TURKISH, DrawProfile::Servers, "B:Wd5,a2:Bd6");
    let flags = g.play("d6xd4");
    assert_eq!(
        flags.iter().map(|f| (f.rule, f.ply)).collect::<Vec<_>>(),
        [(DrawRule::ServerTurkishOnePiece, 1)]
    );
    assert!(g.tracker.decided().is_none());
}

#[test]
fn turkish_king_against_man_is_decided_not_drawn() {
    let mut g = Game::with_profile(&TURKISH, DrawProfile::Servers, "B:Wd5,Ka2:Bd6");
    assert_eq!(common::full(&g.pos), ["d6xd4"]);
    let flags = g.play("d6xd4");
    assert!(flags.is_empty(), "{flags:?}");
    let d = g.tracker.decided().expect("decided at once");
    assert_eq!((d.winner, d.ply), (Color::White, 1));
    assert!(d.detail.contains("white king, black man"), "{}", d.detail);
}

#[test]
fn italian_servers_apply_the_fid_rule() {
    let shuffle = ["32-28", "1-5", "28-32", "5-1"];
    let mut g = Game::with_profile(&ITALIAN, DrawProfile::Servers, "W:WK32,29:BK1,4");
    g.cycle(&shuffle, 79);
    assert_eq!(g.fired(DrawRule::ItalianKings40), None);
    g.play(shuffle[3]);
    assert_eq!(g.fired(DrawRule::ItalianKings40), Some(80));
    assert_eq!(g.tracker.unsupported_note(), None);
}

#[test]
fn variants_without_a_server_text_say_so() {
    let t = DrawTracker::new(DrawProfile::Servers, &Position::initial(&BRAZILIAN));
    assert!(t.unsupported_note().unwrap().contains("only threefold"));
    let t = DrawTracker::new(DrawProfile::Servers, &Position::initial(&CZECH));
    assert!(t.unsupported_note().unwrap().contains("Czech"));
    assert_eq!(t.profile(), DrawProfile::Servers);
}
