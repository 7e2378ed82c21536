//! Helpers shared by the rules test files (`use crate::support::rules as common;`).

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

/// The legal moves of the fast generator in the reference generator's terms, sorted.
pub fn as_reference(pos: &Position) -> Vec<pdnkit::rules::reference::RefMove> {
    let geo = &pos.rules().board;
    let mut v: Vec<_> = pos
        .legal_moves()
        .iter()
        .map(|m| pdnkit::rules::reference::RefMove {
            from: geo.coords(m.from),
            to: geo.coords(m.to),
            captured: pdnkit::rules::board::CellIter(m.captured)
                .map(|c| geo.coords(c))
                .collect(),
            promotes: m.promotes,
        })
        .collect();
    v.sort();
    v
}

/// The leaves of the move tree below `pos` to `depth`, with the bitboard generator and the
/// reference generator compared at every inner node: equal leaf counts then mean equal move
/// lists everywhere, not by chance.
pub fn agreed_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    crate::rules_reference::assert_same(pos).unwrap_or_else(|e| panic!("{e}"));
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| agreed_perft(&pos.play(m), depth - 1))
        .sum()
}

/// [`agreed_perft`] at every depth from 1 to `depth`, each also equal to `perft` (the count
/// `pdnkit perft` gives): the counts.
pub fn agreed_perfts(pos: &Position, depth: u32) -> Vec<u64> {
    (1..=depth)
        .map(|d| {
            let agreed = agreed_perft(pos, d);
            assert_eq!(agreed, pdnkit::rules::perft(pos, d), "depth {d}");
            agreed
        })
        .collect()
}
