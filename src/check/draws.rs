//! Draw rules along the main line of a replay: a [`DrawTracker`] fed by the replay's visitor,
//! and what the record did once a rule held (ended there, went on, or declared a win).

use crate::draw_rules::{Decision, DrawFlag, DrawProfile, DrawRule, DrawTracker};
use crate::finding::{Code, Finding};
use crate::reader::Span;
use crate::replay::{MoveEvent, Visitor};
use serde::Serialize;

/// A draw rule that held, as reports show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DrawReport {
    pub rule: DrawRule,
    pub description: &'static str,
    /// Plies played when it first held (0 = the start position).
    pub ply: u32,
    pub detail: String,
    /// Main-line moves recorded after that ply (0: the game ended there).
    pub moves_after: u32,
    /// The rule only let a player claim the draw (English): playing on, or a win after it, is
    /// no fault of the record.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub on_claim: bool,
}

/// Follows the main line. Side lines are not games of their own: they are not tracked.
pub struct DrawVisitor {
    profile: DrawProfile,
    /// The counts of the current chain of positions. A `/FEN/` inside the moves that sets
    /// another position breaks the chain and starts a new count; one that only confirms the
    /// position continues it ([`MoveEvent::follows`]).
    tracker: Option<DrawTracker>,
    /// The first move played after the first flag: where "played after a draw" points.
    went_on: Option<Span>,
    last_ply: u32,
    /// Game ply at which the current tracker started (its own plies count from there).
    offset: u32,
    /// The move that made each rule hold (rules holding in the start position have none).
    located: Vec<(DrawRule, Span)>,
}

impl DrawVisitor {
    pub fn new(profile: DrawProfile) -> DrawVisitor {
        DrawVisitor {
            profile,
            tracker: None,
            went_on: None,
            last_ply: 0,
            offset: 0,
            located: Vec::new(),
        }
    }

    /// Whether a draw rule ended the game on the main line before any decision (a draw on
    /// claim does not end it: the players may go on).
    pub fn drawn(&self) -> bool {
        self.first_flag_ply()
            .is_some_and(|p| self.decision_ply().is_none_or(|d| p < d))
    }

    /// The decision (Breakthrough's first king, the servers profile's Turkish one piece each)
    /// when it came before any draw that ended the game, its ply counted from the game's start.
    pub fn decided(&self) -> Option<Decision> {
        let ply = self.decision_ply()?;
        if self.first_flag_ply().is_some_and(|p| p <= ply) {
            return None;
        }
        let mut d = self.tracker.as_ref()?.decided()?.clone();
        d.ply = ply;
        Some(d)
    }

    /// The first ply where a draw rule ended the game (none for a draw on claim).
    fn first_flag_ply(&self) -> Option<u32> {
        self.tracker
            .as_ref()
            .filter(|t| !t.on_claim())
            .and_then(|t| t.flags().iter().map(|f| f.ply + self.offset).min())
    }

    fn decision_ply(&self) -> Option<u32> {
        self.tracker
            .as_ref()
            .and_then(|t| t.decided())
            .map(|d| d.ply + self.offset)
    }

    /// The ply where a draw or a decision ended the game.
    fn end_ply(&self) -> Option<u32> {
        match (self.first_flag_ply(), self.decision_ply()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The flags with what followed them, the servers profile's Turkish decision, and findings.
    pub fn finish(
        self,
        declared_win: bool,
        result_span: Span,
    ) -> (Vec<DrawReport>, Option<Decision>, Vec<Finding>) {
        let mut findings = Vec::new();
        let decided = self.decided();
        let Some(tracker) = self.tracker else {
            return (Vec::new(), None, findings);
        };
        let last = self.last_ply;
        let on_claim = tracker.on_claim();
        let reports: Vec<DrawReport> = tracker
            .flags()
            .iter()
            .map(|f: &DrawFlag| DrawReport {
                rule: f.rule,
                description: f.rule.description(),
                ply: f.ply + self.offset,
                detail: f.detail.clone(),
                moves_after: last.saturating_sub(f.ply + self.offset),
                on_claim,
            })
            .collect();
        // Each flag as a note at the move that made it hold, so every format can show it.
        for r in &reports {
            let span = self
                .located
                .iter()
                .find(|(rule, _)| *rule == r.rule)
                .map_or(result_span, |(_, span)| *span);
            let after = match r.moves_after {
                0 => "the game ends there".to_string(),
                1 => "1 more move follows".to_string(),
                n => format!("{n} more moves follow"),
            };
            let claim = if on_claim {
                "; a draw could have been claimed here"
            } else {
                ""
            };
            let mut f = Finding::new(
                r.rule.code(),
                span,
                format!("{}: {}{claim}; {after}", r.rule.description(), r.detail),
            );
            f.ply = (r.ply > 0).then_some(r.ply); // ply 0: the start position, no move
            findings.push(f);
        }
        // Moves after a win, else after the first draw (a draw on claim ends nothing: what the
        // record did next stands).
        if let (Some(d), Some(span)) = (&decided, self.went_on) {
            let after = last.saturating_sub(d.ply);
            findings.push(Finding::new(
                Code::PlayedAfterWin,
                span,
                format!(
                    "the game was won after ply {} ({}), yet {after} more move{} follow{}",
                    d.ply,
                    d.detail,
                    if after == 1 { "" } else { "s" },
                    if after == 1 { "s" } else { "" }
                ),
            ));
        } else if let Some(first) = reports.iter().filter(|_| !on_claim).min_by_key(|r| r.ply) {
            if let Some(span) = self.went_on {
                findings.push(Finding::new(
                    Code::PlayedAfterDraw,
                    span,
                    format!(
                        "the game was drawn after ply {} ({}: {}), yet {} more move{} follow{}",
                        first.ply,
                        first.rule.code(),
                        first.detail,
                        first.moves_after,
                        if first.moves_after == 1 { "" } else { "s" },
                        if first.moves_after == 1 { "s" } else { "" }
                    ),
                ));
            } else if declared_win {
                findings.push(Finding::new(
                    Code::ResultNotDraw,
                    result_span,
                    format!(
                        "the game ends where {} holds ({}), but the record declares a win",
                        first.rule.code(),
                        first.detail
                    ),
                ));
            }
        }
        if let Some(note) = tracker.unsupported_note() {
            findings.push(Finding::new(
                Code::DrawRulesPartial,
                result_span,
                note.to_string(),
            ));
        }
        (reports, decided, findings)
    }
}

impl Visitor for DrawVisitor {
    /// Draws need the moves played, not the moves of every other piece.
    fn wants_every_legal_move(&self) -> bool {
        false
    }

    fn on_move(&mut self, e: &MoveEvent) {
        if e.depth > 0 {
            return;
        }
        // A new chain of positions: the main line's start, or a `/FEN/` of another position
        // (the replay compares the positions, where a setup is met).
        if !e.follows {
            self.tracker = Some(DrawTracker::new(self.profile, e.before));
            self.offset = e.ply - 1;
        }
        if self.went_on.is_none() && self.end_ply().is_some_and(|p| p < e.ply) {
            self.went_on = Some(e.node.span());
        }
        if let Some(t) = &mut self.tracker {
            for flag in t.advance(e.before, e.mv, e.after) {
                self.located.push((flag.rule, e.node.span()));
            }
        }
        self.last_ply = e.ply;
    }

    fn restart(&mut self) {
        *self = DrawVisitor::new(self.profile);
    }
}
