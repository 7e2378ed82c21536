//! PDN FEN: `W:W31-50:B1-20`, as the standard writes it and as real files bend it.
//! See `grammar/fen.md` for exactly what is accepted.
//!
//! This is the *unvalidated* setup (what the text says). Whether it is a possible position for a
//! variant (men on their own promotion row, too many pieces, ...) is for `rules` to judge.

use crate::notation::{Color, Square};
use serde::{Deserialize, Serialize};

/// One piece as a FEN lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FenPiece {
    pub square: Square,
    pub king: bool,
}

/// What a FEN string says, before any variant validates it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FenSetup {
    /// Side to move; `None` when the FEN says `?`.
    pub to_move: Option<Color>,
    /// White's pieces in the order written (ranges expanded).
    pub white: Vec<FenPiece>,
    /// Black's pieces in the order written (ranges expanded).
    pub black: Vec<FenPiece>,
    /// Fields after the two colours that pdnkit keeps but does not interpret, such as lidraughts'
    /// `H0` (half-move clock) and `F1` (full-move number), as (letter, value) text.
    pub extra: Vec<(String, String)>,
}
