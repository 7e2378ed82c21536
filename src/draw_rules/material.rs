//! The men and kings of each side, which the draw rules for endgames read. Kept by the
//! tracker as moves are played, so that the board is counted once per game, not once per move.

use crate::notation::Color;
use crate::rules::board::Bits;
use crate::rules::position::side;
use crate::rules::{Move, Position};
use std::fmt;

/// Men and kings of each side (White, Black).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Material {
    pub men: [u32; 2],
    pub kings: [u32; 2],
}

impl Material {
    pub fn of(p: &Position) -> Material {
        let c = |b: Bits| b.count_ones();
        Material {
            men: [c(p.men(Color::White)), c(p.men(Color::Black))],
            kings: [c(p.kings(Color::White)), c(p.kings(Color::Black))],
        }
    }

    pub fn pieces(&self, side: usize) -> u32 {
        self.men[side] + self.kings[side]
    }

    pub fn total(&self) -> u32 {
        self.pieces(0) + self.pieces(1)
    }

    /// The material after `mv` is played from `before`: the pieces it took (kings told from
    /// men in `before`) and the man it crowned. Counting the kings taken, not the whole board:
    /// a capture takes one piece a jump.
    pub fn play(&mut self, before: &Position, mv: &Move) {
        let me = before.to_move();
        let (mine, theirs) = (side(me), side(me.opposite()));
        let kings = count_few(mv.captured & before.kings(me.opposite()));
        // A removal (Hawaiian's opening) takes the mover's own man.
        let own = u32::from(mv.is_removal());
        self.men[theirs] -= mv.capture_count() - kings - own;
        self.kings[theirs] -= kings;
        self.men[mine] -= own;
        if mv.promotes {
            self.men[mine] -= 1;
            self.kings[mine] += 1;
        }
    }
}

/// The cells of a set that holds few (the pieces one move took): a step per cell, where
/// `count_ones` on a 128-bit set costs about forty instructions without a popcount instruction.
fn count_few(mut bits: Bits) -> u32 {
    let mut n = 0;
    while bits != 0 {
        bits &= bits - 1;
        n += 1;
    }
    n
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn side(f: &mut fmt::Formatter<'_>, name: &str, kings: u32, men: u32) -> fmt::Result {
            let kings_text = match kings {
                1 => "1 king".to_string(),
                k => format!("{k} kings"),
            };
            let men_text = match men {
                1 => "1 man".to_string(),
                m => format!("{m} men"),
            };
            match (kings, men) {
                (0, 0) => write!(f, "{name} nothing"),
                (_, 0) => write!(f, "{name} {kings_text}"),
                (0, _) => write!(f, "{name} {men_text}"),
                _ => write!(f, "{name} {kings_text} and {men_text}"),
            }
        }
        side(f, "white", self.kings[0], self.men[0])?;
        write!(f, " against ")?;
        side(f, "black", self.kings[1], self.men[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rulebook;

    #[test]
    fn material_reads_as_words() {
        let m = Material {
            men: [1, 0],
            kings: [2, 1],
        };
        assert_eq!(
            m.to_string(),
            "white 2 kings and 1 man against black 1 king"
        );
        let m = Material {
            men: [2, 0],
            kings: [0, 1],
        };
        assert_eq!(m.to_string(), "white 2 men against black 1 king");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 128,
            ..Default::default()
        })]

        /// The count kept move by move equals the board counted afresh, in random games of
        /// every variant (captures of men and of kings, crownings, by either side).
        #[test]
        fn material_kept_by_moves_equals_the_board(
            which in 0..rulebook::ALL.len(),
            picks in proptest::collection::vec(proptest::prelude::any::<u16>(), 0..300),
        ) {
            let rules = rulebook::ALL[which];
            let mut pos = Position::initial(rules);
            let mut kept = Material::of(&pos);
            for pick in picks {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[pick as usize % moves.len()];
                let after = pos.play(&mv);
                if mv.is_capture() || mv.promotes {
                    kept.play(&pos, &mv);
                }
                proptest::prop_assert_eq!(kept, Material::of(&after), "{}", rules.variant);
                pos = after;
            }
        }
    }
}
