//! The move generator of Hawaiian checkers, Konane ([`Movement::Konane`]), apart from the
//! draughts generator ([`super::movegen`]): its moves share nothing with theirs, and kept here
//! they cost the other variants nothing.
//!
//! Rules (BrainKing, https://brainking.com/en/GameRules?tp=94): on a full board the side to
//! move removes one of its own pieces from [`HAWAIIAN_FIRST_REMOVALS`]; on a board with one
//! hole, one of its own pieces orthogonally next to the hole. After that every move is a jump
//! over an orthogonally adjacent enemy piece to the empty square right behind it, which may go
//! on in the same direction, over the next enemy to the next empty square, and may stop after
//! any jump ("the multiple captures are not mandatory … it is not allowed to change the
//! direction"). Which phase a position is in follows from its empty squares, so a position
//! needs no history.
//!
//! [`Movement::Konane`]: super::rulebook::Movement::Konane

use super::board::{BitSet, Bits, Cell, CellIter, Dir, Steps, opposite};
use super::moves::{MAX_CAPTURES, Move, MoveList, PieceKind};
use super::position::Position;
use super::rulebook::HAWAIIAN_FIRST_REMOVALS;

const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

/// Fills `list` with the legal moves of `pos`, its opening removals or its jumps: all of them,
/// or those of the piece on `only_from`. (No move constrains another: no jump is compulsory,
/// none takes precedence.) `B` is the width the draughts generator chose for the board.
pub fn generate<B: BitSet>(pos: &Position, list: &mut MoveList, only_from: Option<Cell>) {
    let rules = pos.rules();
    let geo = &rules.board;
    let mine = match only_from {
        Some(cell) => pos.pieces(pos.to_move()) & 1 << cell,
        None => pos.pieces(pos.to_move()),
    };
    let holes = rules.board.cells & !pos.occupied();
    match holes {
        // The first removal: a piece of the mover's on the allowed squares.
        0 => list.extend(CellIter(mine & HAWAIIAN_FIRST_REMOVALS).map(Move::removal)),
        // The second (one hole): a piece of the mover's orthogonally next to the hole.
        _ if holes & (holes - 1) == 0 => {
            let next_to_hole = ORTHOGONAL
                .iter()
                .fold(0, |b, &d| b | geo.step(holes, d as u8));
            list.extend(CellIter(mine & next_to_hole).map(Move::removal));
        }
        _ => jumps::<B>(pos, mine, holes, list),
    }
}

/// Every jump of the side to move's pieces `mine`: from each, in each direction, one move per
/// stop.
fn jumps<B: BitSet>(pos: &Position, mine: Bits, holes: Bits, list: &mut MoveList) {
    let geo = Steps::<B>::of(&pos.rules().board);
    let me = pos.to_move();
    let enemies = B::from_bits(pos.pieces(me.opposite()));
    let mine = B::from_bits(mine);
    let holes = B::from_bits(holes);
    // Nothing is crowned, but a FEN setup may hold a king: it jumps as a man does.
    let kings = B::from_bits(pos.kings(me));
    for d in ORTHOGONAL {
        let d = d as u8;
        // The pieces with a first jump this way: an enemy next to them, a hole behind it.
        let back = opposite(d);
        let starts = mine & geo.step(geo.step(holes, back) & enemies, back);
        for from in CellIter(starts) {
            let piece = if kings & B::bit(from) != B::ZERO {
                PieceKind::King
            } else {
                PieceKind::Man
            };
            // One move per stop, going on over the next enemy to the next hole.
            let mut path = [0 as Cell; MAX_CAPTURES];
            let mut captured = B::ZERO;
            let mut at = B::bit(from);
            let mut len = 0;
            loop {
                let over = geo.step(at, d) & enemies;
                let land = geo.step(over, d) & holes;
                if land == B::ZERO || len == MAX_CAPTURES {
                    break;
                }
                path[len] = land.lowest();
                captured |= over;
                len += 1;
                list.push(Move::from_route(
                    from,
                    piece,
                    false,
                    &path,
                    len,
                    captured.to_bits(),
                ));
                at = land;
            }
        }
    }
}
