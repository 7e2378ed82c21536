//! Replay: each recorded move matched to one legal move, and each illegal move explained by the
//! rule it breaks. Positions are small FEN setups whose squares are worked out in the comments
//! (International: square n is on row (n-1)/5 from the top; English/Italian as docs/rules.md says).

use pdnkit::finding::{Code, Finding};
use pdnkit::reader::{ReadOptions, read_str};
use pdnkit::replay::{self, GameReplay};
use pdnkit::rules::movegen::{self, Duplicates, Relax};
use pdnkit::rules::{MoveList, Position, Rules};
use pdnkit::variant::Variant;

/// Replays the only game of `pdn`.
fn replay_pdn(pdn: &str) -> GameReplay {
    let games = read_str(pdn, ReadOptions::default());
    assert_eq!(games.len(), 1, "{pdn}");
    replay::replay(&games[0], &mut ())
}

/// Replays `moves` from `fen` in the variant with GameType `game_type`.
fn replay_from(game_type: &str, fen: &str, moves: &str) -> GameReplay {
    replay_pdn(&format!(
        "[GameType \"{game_type}\"]\n[FEN \"{fen}\"]\n{moves} *\n"
    ))
}

fn codes(r: &GameReplay) -> Vec<Code> {
    r.findings.iter().map(|f| f.code).collect()
}

fn only(r: &GameReplay) -> &Finding {
    assert_eq!(r.findings.len(), 1, "{:#?}", r.findings);
    &r.findings[0]
}

/// Captures that only a relaxed rule allows: the moves a record might wrongly play.
fn forbidden_captures(variant: Variant, fen: &str, relax: Relax) -> Vec<String> {
    let rules = Rules::for_variant(variant).unwrap();
    let setup = pdnkit::fen::parse(fen).unwrap().setup;
    let pos = Position::from_setup(rules, &setup).unwrap();
    let legal = pos.legal_moves();
    let mut all = MoveList::new();
    movegen::generate_relaxed(&pos, &mut all, Duplicates::Merge, relax);
    all.iter()
        .filter(|m| m.is_capture() && !legal.contains(m))
        .map(|m| pos.move_full_text(m))
        .collect()
}

/// Italian captures that only ignoring precedence allows.
fn italian_precedence_breakers(fen: &str) -> Vec<String> {
    let relax = Relax {
        precedence: true,
        ..Relax::default()
    };
    forbidden_captures(Variant::Italian, fen, relax)
}

// --- Matching -------------------------------------------------------------------------------

#[test]
fn a_clean_opening_replays_to_the_end() {
    let r = replay_pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 33-28 *\n");
    assert!(r.findings.is_empty(), "{:#?}", r.findings);
    assert_eq!(r.main_line_plies, 5);
    assert!(r.main_line_complete);
}

#[test]
fn pdn_md_ambiguity_example_needs_the_full_path() {
    // PDN.md: in W:WK47:B14,19,29,31,42, `47x36` may take 42,29,19,31 or 42,24's line...;
    // the two routes take different pieces, so the short form is ambiguous.
    let fen = "W:WK47:B14,19,29,31,42";
    let r = replay_from("20", fen, "1. 47x36");
    let f = only(&r);
    assert_eq!(f.code, Code::AmbiguousMove);
    let mut listed = f.legal_moves.clone();
    listed.sort();
    assert_eq!(listed, ["47x38x20x9x36", "47x38x24x13x36"]);
    // Either full path names one move.
    for path in ["47x38x24x13x36", "47x38x20x9x36"] {
        let r = replay_from("20", fen, &format!("1. {path}"));
        assert!(r.findings.is_empty(), "{path}: {:#?}", r.findings);
    }
}

#[test]
fn a_capture_path_against_the_intermediate_square_rule_is_a_warning() {
    // 32 (row 6, col 3) jumps 28 to 23, then 19 to 14: PDN writes 32x23x14.
    let fen = "W:W32:B19,28";
    assert!(replay_from("20", fen, "1. 32x23x14").findings.is_empty());
    assert!(replay_from("20", fen, "1. 32x14").findings.is_empty());
    // Hub style: from, to, then the captured squares in any order.
    assert_eq!(
        codes(&replay_from("20", fen, "1. 32x14x19x28")),
        [Code::HubCaptureList]
    );
    // A capture written with `-`.
    assert_eq!(
        codes(&replay_from("20", fen, "1. 32-14")),
        [Code::SeparatorMismatch]
    );
}

#[test]
fn a_flying_king_path_naming_a_passed_square_is_read_with_a_warning() {
    // Czech king on a1 takes d4 and g7 along the long diagonal: PDN writes a1xe5xh8 (the
    // square right behind d4); a1xf6xh8 names a square the king passes instead.
    let fen = "B:Wd4,g7:BKa1";
    assert!(replay_from("29", fen, "1... a1xe5xh8").findings.is_empty());
    let r = replay_from("29", fen, "1... a1xf6xh8");
    assert_eq!(codes(&r), [Code::CapturePath]);
    assert!(r.main_line_complete);
}

// --- Illegal moves, each named by the rule it breaks ------------------------------------------

#[test]
fn no_piece_and_wrong_side() {
    let r = replay_pdn("[GameType \"20\"]\n1. 27-22 *\n");
    assert_eq!(only(&r).code, Code::NoPiece);
    let r = replay_pdn("[GameType \"20\"]\n1. 19-23 *\n");
    let f = only(&r);
    assert_eq!(f.code, Code::WrongSide);
    assert_eq!((f.ply, f.move_number), (Some(1), Some(1)));
    assert_eq!(f.fen_before.as_deref(), Some("W:W31-50:B1-20"));
    assert_eq!(f.legal_moves.len(), 9, "the nine opening moves are listed");
}

#[test]
fn a_quiet_move_while_a_capture_is_available() {
    // After 32-28 19-23 White must take 28x19.
    let r = replay_pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 34-30 23x32 *\n");
    let f = only(&r);
    assert_eq!(f.code, Code::CaptureMandatory);
    assert_eq!((f.ply, f.move_number), (Some(3), Some(2)));
    assert_eq!(f.legal_moves, ["28x19"]);
    assert_eq!(r.main_line_plies, 2, "the line stops at the illegal move");
    assert!(!r.main_line_complete);
}

#[test]
fn international_requires_the_maximum_capture() {
    // 32x14 takes 28 and 19; 34x25 takes only 30 (and cannot go on from 25).
    let r = replay_from("20", "W:W32,34:B19,28,30", "1. 34x25");
    let f = only(&r);
    assert_eq!(f.code, Code::LongerCaptureRequired);
    assert!(
        f.message.contains("takes 1 piece") && f.message.contains("takes 2"),
        "{}",
        f.message
    );
    assert_eq!(f.legal_moves, ["32x14"]);
}

#[test]
fn a_capture_that_stops_early() {
    let r = replay_from("20", "W:W32:B19,28", "1. 32x23");
    let f = only(&r);
    assert_eq!(f.code, Code::CaptureIncomplete);
    assert_eq!(f.legal_moves, ["32x23x14"]);
}

#[test]
fn impossible_squares_and_unknown_moves_stop_the_line() {
    assert_eq!(
        codes(&replay_pdn("[GameType \"20\"]\n1. 32-51 *\n")),
        [Code::SquareNotOnBoard]
    );
    let r = replay_pdn("[GameType \"20\"]\n1. 32-28 - - 2. 33-29 *\n");
    assert_eq!(codes(&r), [Code::UnknownMoveStopsReplay]);
    assert_eq!(r.main_line_plies, 1);
}

#[test]
fn italian_men_cannot_capture_kings() {
    // Italian (FID): a man may not take a king; 21 faces the king on 18 and may not take it.
    let r = replay_from("22", "W:W21:BK18", "1. 21x14");
    assert_eq!(only(&r).code, Code::ManCannotCaptureKing);
}

#[test]
fn italian_precedence_names_the_step() {
    // Step 2: man 21 and king 23 can each take one man; the king must.
    let fen = "W:W21,K23:B18,19";
    let wrong = italian_precedence_breakers(fen);
    assert_eq!(wrong, ["21x14"]);
    let f = replay_from("22", fen, "1. 21x14").findings.remove(0);
    assert_eq!(f.code, Code::CapturePrecedence);
    assert!(f.message.contains("step 2"), "{}", f.message);

    // Step 3: the king can take the king on 19 or the man on 20; the king must be taken.
    let fen = "W:WK23:BK19,20";
    let wrong = italian_precedence_breakers(fen);
    assert_eq!(wrong.len(), 1);
    let f = replay_from("22", fen, &format!("1. {}", wrong[0]))
        .findings
        .remove(0);
    assert_eq!(f.code, Code::CapturePrecedence);
    assert!(f.message.contains("step 3"), "{}", f.message);

    // Step 4: two captures of one king and one man each; the king must come first.
    let fen = "W:WK30:BK26,18,27,K20";
    let wrong = italian_precedence_breakers(fen);
    assert!(!wrong.is_empty());
    for token in wrong {
        let f = replay_from("22", fen, &format!("1. {token}"))
            .findings
            .remove(0);
        assert_eq!(f.code, Code::CapturePrecedence, "{token}");
        assert!(f.message.contains("step 4"), "{token}: {}", f.message);
    }
}

#[test]
fn promotion_handled_the_wrong_way() {
    // English: 9 takes 6 and is crowned on 2; the move ends although the king could take 7.
    let r = replay_from("21", "W:W9:B6,7", "1. 9x2x11");
    assert_eq!(only(&r).code, Code::PromotionMishandled);
    // Russian: b6 takes c7, is crowned on d8 and must go on as a king over f6.
    let r = replay_from("25", "W:Wb6:Bc7,f6", "1. b6:d8");
    let f = only(&r);
    assert_eq!(f.code, Code::PromotionMishandled);
    assert!(
        f.message.contains("goes on capturing as a king"),
        "{}",
        f.message
    );
    // The legal Russian move replays: crowned mid-capture, the king lands behind f6.
    let r = replay_from("25", "W:Wb6:Bc7,f6", "1. b6:d8:g5");
    assert!(r.findings.is_empty(), "{:#?}", r.findings);
    assert_eq!(
        r.end.unwrap().to_setup().to_string(),
        "B:WKg5:B",
        "a king, both black men gone"
    );
}

// --- Lines, variations, setups ----------------------------------------------------------------

#[test]
fn variations_replay_from_their_branch_point() {
    // The variation is an alternative to 19-23: Black to move.
    let r = replay_pdn("[GameType \"20\"]\n1. 32-28 19-23 (1... 20-25 2. 33-29) 2. 28x19 *\n");
    assert!(r.findings.is_empty(), "{:#?}", r.findings);
    assert_eq!(r.moves_replayed, 5);
    // A variation with a wrong move is reported at its depth; the main line goes on.
    let r = replay_pdn("[GameType \"20\"]\n1. 32-28 (1. 19-23) 19-23 2. 28x19 *\n");
    let f = only(&r);
    assert_eq!((f.code, f.depth, f.ply), (Code::WrongSide, 1, Some(1)));
    assert!(r.main_line_complete);
}

#[test]
fn impossible_setups_are_findings() {
    // A white man on 3, its own crowning row.
    let r = replay_from("20", "W:W3:B20", "");
    assert_eq!(only(&r).code, Code::ImpossibleSetup);
    assert!(r.start.is_none());
}

#[test]
fn an_unknown_side_to_move_is_read_from_the_first_move() {
    let r = replay_from("20", "?:W32:B19", "1... 19-23");
    assert_eq!(codes(&r), [Code::SideToMoveInferred]);
    assert!(r.main_line_complete);
}

#[test]
fn an_inferred_variant_that_does_not_fit_is_replaced_by_one_that_does() {
    // No GameType, algebraic squares: inferred Russian. Black's man on f4 could take e5
    // backwards in Russian, yet c7-d6 is played: of the algebraic variants, legal only in
    // Czech (men capture forward only); then White takes d6 forwards.
    let pdn = "[FEN \"B:We5,c1:Bf4,c7\"]\n1... c7-d6 2. e5xc7 *\n";
    let r = replay_pdn(pdn);
    assert_eq!(codes(&r), [Code::VariantReinferred]);
    assert_eq!(r.rules.unwrap().variant, Variant::Czech);
}

#[test]
fn a_game_type_numbering_that_does_not_fit_falls_back_to_the_standard_one() {
    // kurnik.pdn's habit: GameType N1 on an International board, moves numbered N2.
    let r = replay_pdn("[GameType \"20,W,10,10,N1,0\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n");
    assert_eq!(codes(&r), [Code::NumberingMismatch]);
    assert!(r.main_line_complete);
}

#[test]
fn the_next_game_replays_after_a_broken_one() {
    let games = read_str(
        "[GameType \"20\"]\n1. 31-22 *\n\n[GameType \"20\"]\n1. 32-28 *\n",
        ReadOptions::default(),
    );
    let first = replay::replay(&games[0], &mut ());
    let second = replay::replay(&games[1], &mut ());
    assert_eq!(codes(&first), [Code::IllegalMove]);
    assert!(second.findings.is_empty() && second.main_line_complete);
}
