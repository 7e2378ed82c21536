//! A capture written one leg per move (`7. b4xd6 d6xf4` for `b4xd6xf4`, as some game sites
//! export them): read as the one move it is, with one warning a game, and the rest of the game
//! replayed; a capture that stops and is not taken on by the next move stays an error.

use crate::support::cli;
use pdnkit::check::{CheckOptions, check_game};
use pdnkit::convert::{Converter, Options};
use pdnkit::finding::{Code, Finding, Level};
use pdnkit::reader::{ReadOptions, read_str};
use serde_json::Value;

const FIXTURE: &str = "fixtures/dialects/capture_legs.pdn";

/// The findings of a check of the only game of `pdn`.
fn check(pdn: &str) -> Vec<Finding> {
    let games = read_str(pdn, ReadOptions::default());
    assert_eq!(games.len(), 1, "{pdn}");
    check_game(&games[0], &CheckOptions::default()).findings
}

fn codes(findings: &[Finding]) -> Vec<Code> {
    findings.iter().map(|f| f.code).collect()
}

/// Each game of the fixture as `pdnkit check --format json` reports it.
fn fixture_games() -> Vec<Value> {
    let out = cli::run(&["check", "--format", "json", "--jobs", "1", FIXTURE]);
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    report["files"][0]["games"]
        .as_array()
        .expect("games")
        .clone()
}

fn finding_codes(game: &Value) -> Vec<&str> {
    game["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| f["code"].as_str().expect("a code"))
        .collect()
}

/// The Russian game: two captures of two legs each, one warning with the count, every move
/// after them replayed (the main line's 21 written half-moves are 19 moves), and no finding
/// about its move numbers, which count the legs as half-moves throughout.
#[test]
fn a_game_written_in_legs_replays_to_the_end() {
    let games = fixture_games();
    let russian = &games[0];
    assert_eq!(finding_codes(russian), ["W-CAPTURE-SPLIT-INTO-LEGS"]);
    let warning = &russian["findings"][0];
    assert_eq!(warning["level"], "warning");
    let message = warning["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "b4xd6 and d6xf4 are one capture written a leg per move, read as b4xd6xf4"
        ),
        "{message}"
    );
    assert!(
        message.contains("(and 1 more like it in this game"),
        "{message}"
    );
    assert_eq!(warning["also"].as_array().unwrap().len(), 1);
    assert_eq!(russian["plies_recorded"], 21);
    assert_eq!(russian["plies_replayed"], 19);
    // The variation's two moves too.
    assert_eq!(russian["moves_replayed"], 21);
    assert_eq!(
        russian["final_fen"],
        "B:Wa1,c1,e1,g1,f2,e3,b4,f4:Bd6,h6,b8,d8,f8,h8"
    );
}

/// International, numeric squares: a capture of three in three legs, and its alternative in a
/// variation, also in legs.
#[test]
fn numeric_legs_join_in_the_main_line_and_in_variations() {
    let games = fixture_games();
    let international = &games[1];
    assert_eq!(finding_codes(international), ["W-CAPTURE-SPLIT-INTO-LEGS"]);
    let message = international["findings"][0]["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "32x23, 23x14 and 14x5 are one capture written a leg per move, read as 32x23x14x5"
        ),
        "{message}"
    );
    assert!(
        message.contains("(and 1 more like it in this game"),
        "{message}"
    );
    assert_eq!(international["plies_recorded"], 7);
    assert_eq!(international["plies_replayed"], 5);
}

/// A capture that stops where the man must go on, followed by another move: an error, and the
/// line stops there.
#[test]
fn a_capture_not_taken_on_stays_incomplete() {
    let games = fixture_games();
    let incomplete = &games[2];
    assert_eq!(finding_codes(incomplete), ["E-CAPTURE-INCOMPLETE"]);
    assert_eq!(incomplete["plies_replayed"], 12);
}

/// Russian, a man on a3 that takes b4 and d6: the legs join; a next move that does not go on
/// from c5, goes on the wrong way, or is not written as a capture leaves the capture
/// incomplete.
#[test]
fn only_a_leg_that_goes_on_from_where_the_capture_stopped_joins() {
    let setup = "[GameType \"25\"]\n[FEN \"W:Wa3,h2:Bb4,d6,h8\"]\n";
    let joined = check(&format!("{setup}1. a3xc5 c5xe7 h8-g7 2. h2-g3 *"));
    assert_eq!(codes(&joined), [Code::CaptureSplitIntoLegs]);
    assert_eq!(joined[0].level, Level::Warning);
    for rest in ["h8-g7", "c5xa7", "c5-e7", "c5xe7xf8"] {
        let findings = check(&format!("{setup}1. a3xc5 {rest} *"));
        assert_eq!(codes(&findings), [Code::CaptureIncomplete], "{rest}");
    }
}

/// A capture that is complete is a move, whatever follows: a next move from its landing square
/// is the other side's move, and wrong as one.
#[test]
fn a_complete_capture_is_never_joined() {
    let findings = check("[GameType \"25\"]\n[FEN \"W:Wa3,h2:Bb4,h8\"]\n1. a3xc5 c5xe7 *");
    assert_eq!(codes(&findings), [Code::WrongSide]);
}

/// `convert` writes each capture written in legs as one move, the moves numbered again: read
/// back, the games have nothing left to report.
#[test]
fn convert_writes_the_legs_as_one_move() {
    let text = std::fs::read_to_string(cli::manifest().join(FIXTURE)).unwrap();
    let mut games = read_str(&text, ReadOptions::default());
    let mut converter = Converter::new(Options::default());
    let mut out = String::new();
    for game in &mut games[..2] {
        let report = converter.convert(game);
        assert_eq!(report.errors, 0);
        pdnkit::convert::pdn::write_game(game, &mut out).unwrap();
    }
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    for written in [
        "7. b4:f4 f6-g5 8. h4:f6 g7:g3 9. h2:f4 (9. f2:h4 e7-d6) 9... e7-d6 10. a3-b4 *",
        "1. 32x5 (1. 32x3 19-24 2. 46-41) 1... 17-22 2. 46-41 8-13 3. 5-14 *",
    ] {
        assert!(words.contains(written), "{out}");
    }
    // The converted games are plain PDN: checked again, nothing is left to say.
    for game in read_str(&out, ReadOptions::default()) {
        let report = check_game(&game, &CheckOptions::default());
        assert_eq!(report.findings, [], "{}", game.index);
    }
}

/// A flying king taking two pieces on one line may stop between them: its legs join wherever
/// it stopped (Russian, International); a leg that stops on a piece taken, or takes nothing,
/// does not.
#[test]
fn a_flying_kings_legs_join_where_it_stopped() {
    let russian = "[GameType \"25\"]\n[FEN \"W:WKa1,h2:Bc3,f6,a7\"]\n";
    for legs in ["a1xe5 e5xh8", "a1xd4 d4xg7", "a1xd4 d4xh8"] {
        let findings = check(&format!("{russian}1. {legs} a7-b6 2. h2-g3 *"));
        assert_eq!(codes(&findings), [Code::CaptureSplitIntoLegs], "{legs}");
    }
    for legs in ["a1xc3 c3xh8", "a1xb2 b2xh8"] {
        let findings = check(&format!("{russian}1. {legs} a7-b6 *"));
        assert_ne!(codes(&findings), [Code::CaptureSplitIntoLegs], "{legs}");
        assert_eq!(findings[0].level, Level::Error, "{legs}");
    }
    // International: the king on 46 takes 37 and 19 on the long diagonal.
    let findings =
        check("[GameType \"20\"]\n[FEN \"W:WK46,49:B37,19,6\"]\n1. 46x28 28x14 6-11 2. 49-44 *");
    assert_eq!(codes(&findings), [Code::CaptureSplitIntoLegs]);
}

/// A man's legs are its landing squares: a leg that stops on the piece it takes is no leg.
#[test]
fn a_mans_leg_does_not_stop_on_a_piece_taken() {
    let findings = check("[GameType \"25\"]\n[FEN \"W:Wc3,h2:Bd4,f6,h8\"]\n1. c3xd4 d4xg7 *");
    assert_eq!(findings.len(), 1, "{findings:#?}");
    assert_eq!(findings[0].level, Level::Error);
}
