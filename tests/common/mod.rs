//! Helpers shared by the rules test files (`mod common;` in each).

use pdnkit::fen;
use pdnkit::rules::{Position, Rules};

/// The position a FEN describes, for tests whose FENs are known to be valid.
pub fn position(rules: &'static Rules, fen_text: &str) -> Position {
    Position::from_setup(rules, &fen::parse(fen_text).unwrap().setup).unwrap()
}

/// Every legal move written as its full path, sorted.
pub fn full(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.move_full_text(m))
        .collect();
    v.sort();
    v
}
