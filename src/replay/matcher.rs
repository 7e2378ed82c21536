//! Which legal move a recorded token names. A token is a list of board cells (the notation
//! squares already mapped by the game's numbering); it may be read four ways, tried in order:
//!
//! 1. short form `from-to` / `fromxto`: every move with that from and to;
//! 2. full path: every landing square, exactly as PDN 3.0's intermediate-square rule gives them;
//! 3. loose path: landing squares left out, or squares named that the piece passes over
//!    without PDN 3.0's rule choosing them (a flying king's `a1xf6xh8` for `a1xe5xh8`): still a
//!    unique move, but a warning;
//! 4. Hub style: `from x to x taken x taken...`, the captured squares in any order.
//!
//! A token of one square (`d5`) names only an opening removal of Hawaiian ([`Move::removal`],
//! also written `d5xd5`).

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

/// [`Match`] as [`find_in`] answers it: the usual answer, one move of the list it was given,
/// by its index, so that a replay reads the move where it lies instead of copying it.
#[derive(Debug, Clone)]
pub enum Found {
    /// `moves[i]` of the list given to [`find_in`].
    At(usize, Reading),
    /// One capture route, generated for the purpose (a token with intermediate squares).
    Route(Move, Reading),
    Many(Vec<Move>),
    None,
}

/// Generates the moves of `pos` with `relax` and matches `cells` against them.
pub fn find(pos: &Position, relax: Relax, cells: &[Cell]) -> Match {
    let mut list = MoveList::new();
    movegen::generate_relaxed(pos, &mut list, Duplicates::Merge, relax);
    match find_in(pos, &list, relax, cells) {
        Found::At(i, reading) => Match::One(list[i], reading),
        Found::Route(m, reading) => Match::One(m, reading),
        Found::Many(moves) => Match::Many(moves),
        Found::None => Match::None,
    }
}

/// Matches `cells` against `moves`, the moves of `pos` generated with `relax` (routes are
/// generated again with the same `relax` when the token gives intermediate squares).
pub fn find_in(pos: &Position, moves: &MoveList, relax: Relax, cells: &[Cell]) -> Found {
    let (Some(&from), Some(&to)) = (cells.first(), cells.last()) else {
        return Found::None;
    };
    if cells.len() == 1 {
        // One square, `d5`: only a Hawaiian opening removal is written so (the same move as
        // `d5xd5`).
        return collect(moves, |m| m.from == from && m.is_removal(), Reading::Short);
    }
    if cells.len() == 2 {
        return collect(moves, |m| m.from == from && m.to == to, Reading::Short);
    }
    let written = &cells[1..];
    // The usual token with intermediate squares is a route written in full, and `moves` holds
    // it: the landing squares fix the pieces jumped, so no other route has that path, and the
    // full list of routes below would find this one move. (Generating the routes again, and
    // boxing the route found, was 1.8% of the instructions of a check of OCA_2.0.)
    if let Some(i) = moves
        .iter()
        .position(|m| m.from == from && m.to == to && m.path() == written)
    {
        return Found::At(i, Reading::FullPath);
    }
    find_among_routes(pos, moves, relax, cells)
}

/// [`find_in`] without its shortcut for a route written in full: every capture route of `pos`
/// generated again and matched. (Public as the reference a property test holds the shortcut
/// to.)
pub fn find_among_routes(pos: &Position, moves: &MoveList, relax: Relax, cells: &[Cell]) -> Found {
    if cells.len() <= 2 {
        return find_in(pos, moves, relax, cells);
    }
    let (from, to, written) = (cells[0], cells[cells.len() - 1], &cells[1..]);
    // Generated in place: returning the inline list by value copies it (most of a replay's
    // time went to that copy once a move grew to 96 bytes).
    let mut routes = MoveList::new();
    movegen::generate_relaxed(pos, &mut routes, Duplicates::Keep, relax);
    let from_here = |m: &Move| m.from == from && m.to == to;
    // A route is a move of the local list: it is returned as a copy.
    let route = |found: Found| match found {
        Found::At(i, reading) => Found::Route(routes[i], reading),
        found => found,
    };
    let exact = collect(
        &routes,
        |m| from_here(m) && m.path() == written,
        Reading::FullPath,
    );
    if !matches!(exact, Found::None) {
        return route(exact);
    }
    // Landing squares left out first: a written square is where the piece stops. Only when no
    // route stops there, squares it merely passes over.
    let partial = collect(
        &routes,
        |m| from_here(m) && is_subsequence(written, m.path()),
        Reading::PartialPath,
    );
    if !matches!(partial, Found::None) {
        return route(partial);
    }
    let geo = &pos.rules().board;
    let passing = collect(
        &routes,
        |m| from_here(m) && is_subsequence(written, &traversed(geo, m)),
        Reading::PartialPath,
    );
    if !matches!(passing, Found::None) {
        return route(passing);
    }
    let taken: Bits = cells[2..].iter().fold(0, |b, &c| b | 1 << c);
    collect(
        moves,
        |m| m.from == from && m.to == cells[1] && m.captured == taken,
        Reading::HubCaptures,
    )
}

/// Every capture route of `pos` (routes with the same from, to and captured set kept apart).
pub fn routes(pos: &Position, relax: Relax) -> MoveList {
    let mut list = MoveList::new();
    movegen::generate_relaxed(pos, &mut list, Duplicates::Keep, relax);
    list
}

/// The moves of `moves` that `fits`: one (by its index), several, or none; routes of the same
/// move count once.
fn collect(moves: &[Move], fits: impl Fn(&Move) -> bool, reading: Reading) -> Found {
    let mut candidates = moves.iter().enumerate().filter(|(_, m)| fits(m));
    let Some((at, first)) = candidates.next() else {
        return Found::None;
    };
    // The usual answer, one move, is found without gathering the candidates (a move is large).
    let mut others = candidates.map(|(_, m)| m).filter(|m| *m != first);
    let Some(second) = others.next() else {
        return Found::At(at, reading);
    };
    let mut found = vec![*first, *second];
    for m in others {
        if !found.contains(m) {
            found.push(*m);
        }
    }
    Found::Many(found)
}

/// Every square a capture route passes over or lands on, in order, after its start: the legs
/// between landing squares are straight lines.
pub fn traversed(geo: &Geometry, m: &Move) -> SmallVec<[Cell; 32]> {
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
        let any = |_: &Move| true;
        assert!(matches!(collect(&[], any, Reading::Short), Found::None));
        assert!(matches!(
            collect(&[c, a, a, a], |m| m.from == 1, Reading::FullPath),
            Found::At(1, Reading::FullPath)
        ));
        match collect(&[a, b, a, c, b], any, Reading::Short) {
            Found::Many(found) => assert_eq!(found, [a, b, c]),
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
