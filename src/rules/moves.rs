//! Moves and the fixed-capacity move list.

use super::board::{Bits, Cell, Geometry};
use super::numbering::Numbering;
use smallvec::SmallVec;
use std::fmt::Write;

/// Longest capture sequence a move can hold: every opposing piece of the largest supported
/// board (20 on 10x10) and room for 12x12 (30) later.
pub const MAX_CAPTURES: usize = 32;

/// Moves held without touching the heap. The largest lists seen in the perft suites are well
/// under 100 (the 20-kings-each International position has 17 moves at the root and under 100
/// anywhere in its tree); a quiet list is bounded by pieces x reachable empty squares, a capture
/// list by the distinct (from, to, captured set) triples. A pathological position with more moves
/// spills to the heap instead of failing.
pub const MOVE_LIST_INLINE: usize = 128;

/// The legal moves of a position.
pub type MoveList = SmallVec<[Move; MOVE_LIST_INLINE]>;

/// Man or king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceKind {
    Man,
    King,
}

const _: () = assert!(
    std::mem::size_of::<Move>() == 64,
    "a move is one cache line"
);

/// One legal move. Two capture routes with the same `from`, `to` and captured set are one move.
///
/// Kept to one cache line (64 bytes), since a generator writes one per legal move: the route is
/// its landing squares alone. The piece each leg jumps follows from them: the one captured
/// piece on the line between two landing squares that no earlier leg jumped (no rule lets a leg
/// jump two; where pieces are removed at once a leg may pass the square of one already taken).
#[derive(Clone, Copy)]
pub struct Move {
    /// The captured cells.
    pub captured: Bits,
    pub from: Cell,
    pub to: Cell,
    /// What moved (before any promotion).
    pub piece: PieceKind,
    /// A man crowned by this move.
    pub promotes: bool,
    len: u8,
    /// Landing squares, one per capture (the square right behind the piece when the route goes
    /// straight on, the turning square otherwise); the last is `to`. Only the first `len` are
    /// the route's: a generator copies its whole route buffer, cheaper than a copy of `len`.
    path: [Cell; MAX_CAPTURES],
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Move")
            .field("from", &self.from)
            .field("to", &self.to)
            .field("piece", &self.piece)
            .field("promotes", &self.promotes)
            .field("captured", &format_args!("{:#x}", self.captured))
            .field("path", &self.path())
            .finish()
    }
}

impl PartialEq for Move {
    /// The same move: same from, to and captured set (the route does not matter).
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }
}

impl Eq for Move {}

impl Move {
    /// A move without capture.
    pub fn quiet(from: Cell, to: Cell, piece: PieceKind, promotes: bool) -> Move {
        Move {
            captured: 0,
            from,
            to,
            piece,
            promotes,
            len: 0,
            path: [0; MAX_CAPTURES],
        }
    }

    /// A capture from its landing squares and captured cells (same length, at most
    /// [`MAX_CAPTURES`]; extra entries are ignored).
    pub fn capture(
        from: Cell,
        piece: PieceKind,
        promotes: bool,
        path: &[Cell],
        order: &[Cell],
    ) -> Move {
        let len = path.len().min(order.len()).min(MAX_CAPTURES);
        let mut m = Move::quiet(
            from,
            path.get(len.wrapping_sub(1)).copied().unwrap_or(from),
            piece,
            promotes,
        );
        m.len = len as u8;
        m.path[..len].copy_from_slice(&path[..len]);
        m.captured = order[..len].iter().fold(0, |b, &c| b | 1 << c);
        m
    }

    /// A capture from a generator's route buffer, of which the first `len` (at least one) are
    /// the landing squares, and the captured set it kept as it went: no per-square work.
    #[inline(always)]
    pub(super) fn from_route(
        from: Cell,
        piece: PieceKind,
        promotes: bool,
        route: &[Cell; MAX_CAPTURES],
        len: usize,
        captured: Bits,
    ) -> Move {
        debug_assert!((1..=MAX_CAPTURES).contains(&len));
        Move {
            captured,
            from,
            to: route[len - 1],
            piece,
            promotes,
            len: len as u8,
            path: *route,
        }
    }

    /// An opening removal (Hawaiian): the mover's own piece on `cell` leaves the board. Made a
    /// capture of that piece, landing where it stood, so that everything that treats captures
    /// (their separator, draw counts) treats it alike at no cost: written `cellxcell`.
    pub fn removal(cell: Cell) -> Move {
        Move::capture(cell, PieceKind::Man, false, &[cell], &[cell])
    }

    /// Whether this is an opening removal ([`Move::removal`]): it takes its own square, which
    /// no other capture can.
    pub fn is_removal(&self) -> bool {
        self.captured >> self.from & 1 != 0
    }

    pub fn is_capture(&self) -> bool {
        self.len > 0
    }

    /// Landing squares (empty for a quiet move).
    pub fn path(&self) -> &[Cell] {
        &self.path[..self.len as usize]
    }

    pub fn capture_count(&self) -> u32 {
        self.len as u32
    }

    /// Short notation: `from-to`, or `from` `capture_sep` `to` for a capture.
    pub fn notation(&self, geo: &Geometry, numbering: Numbering, capture_sep: char) -> String {
        let sep = if self.is_capture() { capture_sep } else { '-' };
        format!(
            "{}{}{}",
            numbering.square(geo, self.from),
            sep,
            numbering.square(geo, self.to)
        )
    }

    /// Full-path notation: every landing square, `axbxc` (a quiet move is `from-to`).
    pub fn full_notation(&self, geo: &Geometry, numbering: Numbering, capture_sep: char) -> String {
        if !self.is_capture() {
            return self.notation(geo, numbering, capture_sep);
        }
        let mut s = numbering.square(geo, self.from).to_string();
        for &c in self.path() {
            let _ = write!(s, "{capture_sep}{}", numbering.square(geo, c));
        }
        s
    }
}
