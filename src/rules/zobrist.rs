//! Zobrist hashing of positions: one 64-bit key per (piece, cell) and one for "Black to move",
//! XORed together. The keys are fixed at compile time by a `const fn` PRNG (SplitMix64 from a fixed
//! seed), so a hash is the same on every run and every machine and no `rand` crate is needed.
//!
//! Used by the draw tracker ([`crate::draw_rules`]) for threefold repetition: two positions with the same
//! pieces on the same cells and the same side to move have the same hash, whatever move order led to
//! them. The variant is not hashed: a tracker only compares positions of one game.

use super::board::{Bits, CellIter};
use super::position::Position;
use crate::notation::Color;

/// Piece kinds in key order: white man, white king, black man, black king.
const PIECE_KINDS: usize = 4;

/// Cells a bitboard can hold.
const CELLS: usize = Bits::BITS as usize;

/// One step of SplitMix64 (Steele, Lea, Flood 2014): returns the next state and its output.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const SEED: u64 = 0x5044_4E4B_4954_2121; // "PDNKIT!!"

const fn make_keys() -> ([[u64; CELLS]; PIECE_KINDS], u64) {
    let mut keys = [[0u64; CELLS]; PIECE_KINDS];
    let mut state = SEED;
    let mut k = 0;
    while k < PIECE_KINDS {
        let mut c = 0;
        while c < CELLS {
            let (next, out) = splitmix64(state);
            state = next;
            keys[k][c] = out;
            c += 1;
        }
        k += 1;
    }
    let (_, side) = splitmix64(state);
    (keys, side)
}

const KEYS_AND_SIDE: ([[u64; CELLS]; PIECE_KINDS], u64) = make_keys();

/// Key of each piece kind on each cell: `PIECE_KEYS[kind][cell]`, kinds in the order white man,
/// white king, black man, black king.
pub const PIECE_KEYS: [[u64; CELLS]; PIECE_KINDS] = KEYS_AND_SIDE.0;

/// XORed in when Black is to move.
pub const BLACK_TO_MOVE: u64 = KEYS_AND_SIDE.1;

fn fold(bits: Bits, keys: &[u64; CELLS]) -> u64 {
    CellIter(bits).fold(0, |h, c| h ^ keys[c as usize])
}

/// The Zobrist hash of `p`: pieces, kinds and side to move.
pub fn hash(p: &Position) -> u64 {
    let side = match p.to_move() {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    };
    side ^ fold(p.men(Color::White), &PIECE_KEYS[0])
        ^ fold(p.kings(Color::White), &PIECE_KEYS[1])
        ^ fold(p.men(Color::Black), &PIECE_KEYS[2])
        ^ fold(p.kings(Color::Black), &PIECE_KEYS[3])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;
    use crate::rules::rulebook::{INTERNATIONAL, RUSSIAN};

    fn pos(rules: &'static crate::rules::Rules, text: &str) -> Position {
        Position::from_setup(rules, &fen::parse(text).unwrap().setup).unwrap()
    }

    fn play(p: Position, text: &str) -> Position {
        let m = p
            .legal_moves()
            .into_iter()
            .find(|m| p.move_text(m) == text)
            .unwrap_or_else(|| panic!("{text} is not legal"));
        p.play(&m)
    }

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all: Vec<u64> = PIECE_KEYS.iter().flatten().copied().collect();
        all.push(BLACK_TO_MOVE);
        assert!(all.iter().all(|&k| k != 0));
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), PIECE_KINDS * CELLS + 1);
    }

    #[test]
    fn side_to_move_changes_the_hash() {
        let w = pos(&INTERNATIONAL, "W:W32,K45:B19");
        let b = pos(&INTERNATIONAL, "B:W32,K45:B19");
        assert_ne!(hash(&w), hash(&b));
        assert_eq!(hash(&w) ^ hash(&b), BLACK_TO_MOVE);
    }

    #[test]
    fn a_man_and_a_king_on_the_same_square_hash_differently() {
        assert_ne!(
            hash(&pos(&INTERNATIONAL, "W:W32:B19")),
            hash(&pos(&INTERNATIONAL, "W:WK32:B19"))
        );
    }

    #[test]
    fn transpositions_hash_the_same() {
        // 1. 32-28 17-21 2. 33-29 and 1. 33-29 17-21 2. 32-28 reach the same position.
        let start = Position::initial(&INTERNATIONAL);
        let a = play(play(play(start, "32-28"), "17-21"), "33-29");
        let b = play(play(play(start, "33-29"), "17-21"), "32-28");
        assert_eq!(a, b);
        assert_eq!(hash(&a), hash(&b));
        // And a king round trip in Russian brings back the hash of the start of the trip.
        let p = pos(&RUSSIAN, "W:WKa1:BKh2");
        let q = play(play(play(play(p, "a1-b2"), "h2-g1"), "b2-a1"), "g1-h2");
        assert_eq!(hash(&p), hash(&q));
        assert_ne!(hash(&p), hash(&play(p, "a1-b2")));
    }
}
