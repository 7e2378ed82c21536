//! A game's main line replayed into the positions along it, for pictures of any ply
//! (`pdnkit show --ply`, the one-game viewer). The line stops where the replay stops (at the
//! first move that is not legal).

use crate::reader::Game;
use crate::replay::{self, MoveEvent, Visitor};
use crate::rules::{Move, Numbering, Position};

/// One move of the main line as the replay played it.
#[derive(Debug, Clone)]
pub struct Step {
    pub before: Position,
    pub mv: Move,
    /// The move as the record writes it (canonical text of the token).
    pub written: String,
    /// Move number as the record gives it (`None` when not written).
    pub number: Option<u32>,
}

/// The replayed main line of a game.
#[derive(Debug, Clone)]
pub struct MainLine {
    pub numbering: Numbering,
    pub start: Position,
    pub steps: Vec<Step>,
    /// The position after the last move replayed.
    pub end: Position,
    /// Whether every main-line move was replayed.
    pub complete: bool,
}

impl MainLine {
    /// Replays `game`; `None` when it cannot be replayed at all (unknown variant, no rules, a
    /// setup that is not a position).
    pub fn of(game: &Game) -> Option<MainLine> {
        let mut steps = Collect(Vec::new());
        let replay = replay::replay(game, &mut steps);
        Some(MainLine {
            numbering: replay.numbering?,
            start: replay.start?,
            end: replay.end?,
            steps: steps.0,
            complete: replay.main_line_complete,
        })
    }

    /// The position after `ply` moves (0: the start), if the line reaches it.
    pub fn position(&self, ply: usize) -> Option<Position> {
        match ply {
            0 => Some(self.start),
            n if n < self.steps.len() => Some(self.steps[n].before),
            n if n == self.steps.len() => Some(self.end),
            _ => None,
        }
    }
}

struct Collect(Vec<Step>);

impl Visitor for Collect {
    fn on_move(&mut self, event: &MoveEvent) {
        if event.depth == 0 {
            self.0.push(Step {
                before: *event.before,
                mv: *event.mv,
                written: event.node.canonical(),
                number: event.node.number().map(|n| n.number),
            });
        }
    }

    fn restart(&mut self) {
        self.0.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Color;
    use crate::reader::{ReadOptions, read_str};

    #[test]
    fn positions_follow_the_moves_and_stop_at_an_illegal_one() {
        let games = read_str(
            "[GameType \"20\"]\n1. 32-28 19-23 2. 34-30 23x32 *\n",
            ReadOptions::default(),
        );
        let line = MainLine::of(&games[0]).expect("replayed");
        // 34-30 is illegal (28x19 is mandatory): two moves replayed.
        assert_eq!(line.steps.len(), 2);
        assert!(!line.complete);
        assert_eq!(line.steps[1].written, "19-23");
        let after_two = line.position(2).unwrap();
        assert_eq!(after_two.to_move(), Color::White);
        assert_eq!(
            after_two.to_setup().to_string(),
            "W:W28,31,33-50:B1-18,20,23"
        );
        assert!(line.position(3).is_none());
    }
}
