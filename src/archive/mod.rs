//! Archive tools over the same pipeline as `check`: statistics, filters, duplicates, split and
//! merge. Each module computes one thing per game on the workers and folds the results in input
//! order, so the answer is the same for any number of jobs.

pub mod dedup;
pub mod filter;
pub mod merge;
pub mod source;
pub mod split;
pub mod stats;

use crate::notation::Color;
use crate::reader::Game;
use crate::rules::Rules;
use crate::variant::Variant;

/// The side that moves first in `game` read as `variant`: the variant's rules, else the
/// GameType's own field; `None` when neither says. A result token names the first mover's win
/// (`1-0`), not White's: Black's in English (PDN 2.0 draft, CheckerBoard).
pub fn first_mover(game: &Game, variant: Option<Variant>) -> Option<Color> {
    variant
        .and_then(Rules::for_variant)
        .map(|r| r.first_mover)
        .or(game.game_type.map(|g| g.first_mover))
}
