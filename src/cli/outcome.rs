//! The exit code of a run, decided in one place from what the run saw: 0 clean, 1 findings,
//! 2 usage or I/O error.

use std::process::ExitCode;

/// Exit codes: 0 clean, 1 findings, 2 usage or I/O error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Clean,
    Findings,
    Failure,
}

impl From<Outcome> for ExitCode {
    fn from(outcome: Outcome) -> ExitCode {
        ExitCode::from(match outcome {
            Outcome::Clean => 0,
            Outcome::Findings => 1,
            Outcome::Failure => 2,
        })
    }
}

/// What a run over game files saw, as far as its exit code depends on it.
#[derive(Debug, Clone, Copy, Default)]
pub struct RunSummary {
    /// Inputs that could not be opened or read to the end (each already reported).
    pub failed_inputs: u64,
    /// Games read.
    pub games: u64,
    /// Findings at the level that fails the run: errors, and warnings too under
    /// `check --fail-on warning`.
    pub failing_findings: u64,
    /// Games whose moves were not replayed, without the user saying that is acceptable
    /// (`check --allow-unreplayed`, or a policy rule naming W-NOT-REPLAYED).
    pub unaccepted_unreplayed: u64,
}

impl RunSummary {
    /// Why the run failed, if it did, in the words that say why its output files were not
    /// written (see [`Pending::settle`](super::files::Pending::settle)).
    pub fn failure(&self) -> Option<String> {
        match self.failed_inputs {
            0 if self.games == 0 => Some("no games found".to_string()),
            0 => None,
            1 => Some("an input could not be read".to_string()),
            n => Some(format!("{n} inputs could not be read")),
        }
    }

    /// The exit outcome. A run that read no game at all (an empty directory, no `*.pdn` files,
    /// an empty file or standard input) is not a clean pass: CI must not go green on nothing.
    pub fn outcome(&self) -> Outcome {
        if self.failed_inputs > 0 {
            Outcome::Failure
        } else if self.games == 0 {
            eprintln!("pdnkit: no games found");
            Outcome::Failure
        } else if self.failing_findings > 0 || self.unaccepted_unreplayed > 0 {
            Outcome::Findings
        } else {
            Outcome::Clean
        }
    }
}
