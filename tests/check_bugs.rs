//! Replay behaviour found wrong while writing the `fixtures/check` archives: each test states
//! the correct behaviour and is ignored until `src/` is fixed (then remove the `ignore`).

use pdnkit::check::{CheckOptions, GameReport, check_game};
use pdnkit::reader::{ReadOptions, Reader};
use pdnkit::variant::Variant;

fn check(text: &str) -> Vec<GameReport> {
    Reader::new(text.as_bytes(), ReadOptions::default())
        .map(|g| check_game(&g.expect("in memory"), &CheckOptions::default()))
        .collect()
}

/// A game without GameType in algebraic squares, legal in Czech (a man does not capture
/// backwards) but not in Russian (the inferred variant, where c3 must take b2). The re-inference
/// tries the variants in table order and the first to replay the moves wins: English, whose
/// numeric numbering happens to accept algebraic squares. English PDN never writes algebraic
/// squares; the variants to try are those whose notation the game uses (here Czech, as the
/// doc comment of `replay()` says for the `mrcd*.pdn` games).
#[test]
fn algebraic_game_is_not_reinferred_as_a_numeric_variant() {
    let reports = check("[FEN \"W:Wc3,h2:Bb2,h8\"]\n1. h2-g3 h8-g7 *\n");
    let report = &reports[0];
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.code == "W-VARIANT-REINFERRED"),
        "{:?}",
        report.findings
    );
    assert_eq!(
        report.variant,
        Some(Variant::Czech),
        "{:?}",
        report.findings
    );
}

/// PDN.md's ambiguous king capture written with one intermediate square, 24: the route taking
/// 19 lands on 24 (and turns there); the route taking 14 only passes over 24 and lands on 20.
/// A written square is a square the piece stops on, so `47x24x36` names the first route (with
/// 38 left out: W-CAPTURE-PATH), not both (today: E-AMBIGUOUS-MOVE).
#[test]
fn a_partial_path_through_a_landing_square_is_not_ambiguous() {
    let reports = check("[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x24x36 *\n");
    let codes: Vec<&str> = reports[0]
        .findings
        .iter()
        .map(|f| f.code.as_str())
        .collect();
    assert_eq!(codes, ["W-CAPTURE-PATH"]);
    assert_eq!(
        reports[0].final_fen.map(|f| f.fen()).as_deref(),
        Some("B:WK36:B14")
    );
}

/// The two checks above hold today in the unambiguous cases (guards that the tests above test
/// what they say).
#[test]
fn the_cases_next_to_the_bugs_work() {
    let czech = check("[FEN \"W:Wc3,Kh2:Bb2,h8\"]\n1. h2-e5 h8-g7 *\n");
    assert_eq!(czech[0].variant, Some(Variant::Czech));
    let path = check("[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x38x24x13x36 *\n");
    assert!(path[0].findings.is_empty(), "{:?}", path[0].findings);
}
