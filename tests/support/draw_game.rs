//! A game replayed with a draw tracker, moves given in short notation: shared by the draw-rule
//! test files (`use crate::support::draw_game;`).

use pdnkit::draw_rules::{DrawFlag, DrawProfile, DrawRule, DrawTracker};
use pdnkit::fen;
use pdnkit::rules::{Position, Rules};

pub struct Game {
    pub pos: Position,
    pub tracker: DrawTracker,
}

impl Game {
    pub fn new(rules: &'static Rules, fen_text: &str) -> Game {
        Game::with_profile(rules, DrawProfile::Official, fen_text)
    }

    pub fn with_profile(rules: &'static Rules, profile: DrawProfile, fen_text: &str) -> Game {
        let pos = Position::from_setup(rules, &fen::parse(fen_text).unwrap().setup).unwrap();
        Game {
            tracker: DrawTracker::new(profile, &pos),
            pos,
        }
    }

    /// Plays one move given in short notation; returns the flags it fired.
    pub fn play(&mut self, text: &str) -> Vec<DrawFlag> {
        let moves = self.pos.legal_moves();
        let Some(mv) = moves.iter().find(|m| self.pos.move_text(m) == text) else {
            let legal: Vec<String> = moves.iter().map(|m| self.pos.move_text(m)).collect();
            panic!(
                "{text} is not legal at ply {}; legal: {legal:?}",
                self.tracker.plies()
            );
        };
        let before = self.pos;
        self.pos = self.pos.play(mv);
        self.tracker.record(&before, mv, &self.pos).into_vec()
    }

    pub fn play_all(&mut self, moves: &[&str]) {
        for m in moves {
            self.play(m);
        }
    }

    /// Plays `plies` moves of the cycle `moves`, starting at its first move.
    pub fn cycle(&mut self, moves: &[&str], plies: usize) {
        for m in moves.iter().cycle().take(plies) {
            self.play(m);
        }
    }

    /// The ply at which `rule` fired, if it did.
    pub fn fired(&self, rule: DrawRule) -> Option<u32> {
        self.tracker
            .flags()
            .iter()
            .find(|f| f.rule == rule)
            .map(|f| f.ply)
    }

    /// Every rule that fired, in order.
    pub fn rules_fired(&self) -> Vec<DrawRule> {
        self.tracker.flags().iter().map(|f| f.rule).collect()
    }
}
