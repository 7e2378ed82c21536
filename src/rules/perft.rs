//! Perft: the number of leaf positions of the legal-move tree to a given depth. Duplicate
//! capture routes (same from, to and captured set) count once, like dctl's `drop_duplicates`.

use super::movegen::{Duplicates, Generator, Relax};
use super::moves::{Move, MoveList};
use super::position::Position;

/// The deepest perft `pdnkit perft` runs. Deeper counts cannot finish: from any position
/// with two moves a ply the leaves at 64 plies already pass `u64::MAX`, and the published
/// tables stop near 30 plies. Each ply is one call deep, with its move list on the stack
/// (kilobytes), so 64 plies stay far inside a thread's stack, in a debug build too.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Leaf count of the move tree of `pos` at `depth` plies (`depth == 0` counts `pos` itself).
/// Recursion is one call per ply: callers bound `depth` (see [`MAX_PERFT_DEPTH`]).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    count(&Generator::new(pos.rules()), pos, depth, Duplicates::Merge)
}

/// [`perft`] with one generator for the whole tree: what it works out from the rule table
/// (directions, promotion rows) is the same at every node.
fn count(generator: &Generator, pos: &Position, depth: u32, duplicates: Duplicates) -> u64 {
    if depth == 0 {
        return 1;
    }
    // Generated in place: `legal_moves` returns the inline list by value, and copying it out
    // took most of the time.
    let mut moves = MoveList::new();
    generator.generate_relaxed(pos, &mut moves, duplicates, Relax::default());
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| count(generator, &pos.play(m), depth - 1, duplicates))
        .sum()
}

/// Perft split by root move, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|m| (*m, perft(&pos.play(m), depth.saturating_sub(1))))
        .collect()
}

/// Perft counting duplicate capture routes separately (dctl's `keep_duplicates` tables).
pub fn perft_keep_duplicates(pos: &Position, depth: u32) -> u64 {
    count(&Generator::new(pos.rules()), pos, depth, Duplicates::Keep)
}
