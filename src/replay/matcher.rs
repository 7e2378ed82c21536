//! Which legal move a recorded token names. A token is a list of board cells (the notation
//! squares already mapped by the game's numbering); it may be read four ways, tried in order:
//!
//! 1. short form `from-to` / `fromxto`: every move with that from and to;
//! 2. full path: every landing square, exactly as PDN 3.0's intermediate-square rule gives them;
//! 3. loose path: landing squares left out, or squares named that the piece passes over
//!    without PDN 3.0's rule choosing them (a flying king's `a1xf6xh8` for `a1xe5xh8`): still a
//!    unique move, but a warning;
//! 4. Hub style: `from x to x taken x taken...`, the captured squares in any order.

use crate::rules::movegen::{self, Duplicates, Relax};
use crate::rules::{Bits, Cell, Geometry, Move, MoveList, Position};
use smallvec::SmallVec;

/// How a token named its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    Short,
    FullPath,
    PartialPath,
    HubCaptures,
}

/// The moves a token can mean.
#[derive(Debug, Clone)]
pub enum Match {
    One(Move, Reading),
    /// Several moves with different captures (a short form where the full path was required;
    /// rare, so a plain `Vec`).
    Many(Vec<Move>),
    None,
}

/// Generates the moves of `pos` with `relax` and matches `cells` against them.
pub fn find(pos: &Position, relax: Relax, cells: &[Cell]) -> Match {
    let mut list = MoveList::new();
    movegen::generate_relaxed(pos, &mut list, Duplicates::Merge, relax);
    find_in(pos, &list, relax, cells)
}

/// Matches `cells` against `moves`, the moves of `pos` generated with `relax` (routes are
/// generated again with the same `relax` when the token gives intermediate squares).
pub fn find_in(pos: &Position, moves: &MoveList, relax: Relax, cells: &[Cell]) -> Match {
    let (Some(&from), Some(&to)) = (cells.first(), cells.last()) else {
        return Match::None;
    };
    if cells.len() < 2 {
        return Match::None;
    }
    if cells.len() == 2 {
        return collect(
            moves.iter().filter(|m| m.from == from && m.to == to),
            Reading::Short,
        );
    }
    let written = &cells[1..];
    // Generated in place: returning the inline list by value copies it (most of a replay's
    // time went to that copy once a move grew to 96 bytes).
    let mut routes = MoveList::new();
    movegen::generate_relaxed(pos, &mut routes, Duplicates::Keep, relax);
    let from_here = || routes.iter().filter(|m| m.from == from && m.to == to);
    let exact = collect(
        from_here().filter(|m| m.path() == written),
        Reading::FullPath,
    );
    if !matches!(exact, Match::None) {
        return exact;
    }
    // Landing squares left out first: a written square is where the piece stops. Only when no
    // route stops there, squares it merely passes over.
    let partial = collect(
        from_here().filter(|m| is_subsequence(written, m.path())),
        Reading::PartialPath,
    );
    if !matches!(partial, Match::None) {
        return partial;
    }
    let geo = &pos.rules().board;
    let passing = collect(
        from_here().filter(|m| is_subsequence(written, &traversed(geo, m))),
        Reading::PartialPath,
    );
    if !matches!(passing, Match::None) {
        return passing;
    }
    let taken: Bits = cells[2..].iter().fold(0, |b, &c| b | 1 << c);
    collect(
        moves
            .iter()
            .filter(|m| m.from == from && m.to == cells[1] && m.captured == taken),
        Reading::HubCaptures,
    )
}

/// Every capture route of `pos` (routes with the same from, to and captured set kept apart).
pub fn routes(pos: &Position, relax: Relax) -> MoveList {
    let mut list = MoveList::new();
    movegen::generate_relaxed(pos, &mut list, Duplicates::Keep, relax);
    list
}

/// One match, several, or none; routes of the same move count once.
fn collect<'a>(mut candidates: impl Iterator<Item = &'a Move>, reading: Reading) -> Match {
    let Some(first) = candidates.next() else {
        return Match::None;
    };
    // The usual answer, one move, is found without gathering the candidates (a move is large).
    let mut others = candidates.filter(|m| *m != first);
    let Some(second) = others.next() else {
        return Match::One(*first, reading);
    };
    let mut found = vec![*first, *second];
    for m in others {
        if !found.contains(m) {
            found.push(*m);
        }
    }
    Match::Many(found)
}

/// Every square a capture route passes over or lands on, in order, after its start: the legs
/// between landing squares are straight lines.
fn traversed(geo: &Geometry, m: &Move) -> SmallVec<[Cell; 32]> {
    let mut cells = SmallVec::new();
    let mut at = m.from;
    for &next in m.path() {
        cells.extend(line_between(geo, at, next));
        at = next;
    }
    cells
}

/// The cells after `a` up to and including `b`, when they share a line (else just `b`).
fn line_between(geo: &Geometry, a: Cell, b: Cell) -> SmallVec<[Cell; 12]> {
    for d in 0..8u8 {
        if !geo.has_dir(d) {
            continue;
        }
        let mut line = SmallVec::new();
        let mut s = geo.step(1 << a, d);
        while s != 0 {
            let c = s.trailing_zeros() as Cell;
            line.push(c);
            if c == b {
                return line;
            }
            s = geo.step(s, d);
        }
    }
    SmallVec::from_slice(&[b])
}

/// `part` appears in `whole` in order, and both end on the same square.
fn is_subsequence(part: &[Cell], whole: &[Cell]) -> bool {
    if part.last() != whole.last() {
        return false;
    }
    let mut rest = whole.iter();
    part.iter().all(|c| rest.any(|w| w == c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PieceKind;

    #[test]
    fn candidates_count_once_per_move_in_order() {
        let a = Move::quiet(1, 5, PieceKind::Man, false);
        let b = Move::quiet(1, 6, PieceKind::Man, false);
        let c = Move::quiet(2, 6, PieceKind::Man, false);
        assert!(matches!(collect([].iter(), Reading::Short), Match::None));
        assert!(matches!(
            collect([a, a, a].iter(), Reading::FullPath),
            Match::One(m, Reading::FullPath) if m == a
        ));
        match collect([a, b, a, c, b].iter(), Reading::Short) {
            Match::Many(found) => assert_eq!(found, [a, b, c]),
            _ => panic!("three different moves"),
        }
    }

    #[test]
    fn subsequence_must_keep_order_and_end() {
        assert!(is_subsequence(&[3, 9], &[3, 5, 9]));
        assert!(is_subsequence(&[9], &[3, 5, 9]));
        assert!(!is_subsequence(&[5, 3, 9], &[3, 5, 9]));
        assert!(!is_subsequence(&[3, 5], &[3, 5, 9]));
    }
}
