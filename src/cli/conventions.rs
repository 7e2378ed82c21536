//! The options every command spells and means the same way, defined once and flattened into
//! each command: `-j/--jobs`, `-q/--quiet`, `-o/--output`, and the help of the `--format`
//! values `json` and `jsonl`. The test at the end walks the whole command tree and holds every
//! subcommand to them.

use clap::{ArgAction, Args};
use std::path::PathBuf;

/// The help of `--format json`, in every command: one JSON document.
pub const JSON_HELP: &str = "One JSON document";

/// The help of `--format jsonl`, in every command: JSON Lines.
pub const JSONL_HELP: &str = "JSON Lines: one JSON object a line";

/// `-j/--jobs N`: threads on the games.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct Jobs {
    /// Threads working on games: N, or 0 or `auto` for one per core (the default); more than
    /// the cores are capped there. Output is the same for any value.
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = parse_jobs)]
    jobs: Option<usize>,
}

impl Jobs {
    /// The threads to run: one per core unless fewer were asked for.
    pub fn threads(self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        match self.jobs {
            None | Some(0) => cores,
            Some(n) => n.min(cores),
        }
    }
}

/// `--jobs`: a number; 0 or `auto` is one per core, as ripgrep's `-j 0`.
fn parse_jobs(text: &str) -> Result<usize, String> {
    if text.eq_ignore_ascii_case("auto") {
        return Ok(0);
    }
    text.parse::<usize>().map_err(|_| {
        format!("`{text}` is not a number of threads (a number, or 0 or `auto` for one per core)")
    })
}

/// `-q/--quiet`, counted: `-q` lists nothing and keeps the summary, `-qq` leaves out the
/// summary too.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct Quiet {
    /// Say less: -q lists nothing (findings, repairs, copies, files written), only the summary;
    /// -qq leaves out the summary and the progress bar too. Games, statistics and JSON are
    /// written in full, and errors are always said.
    #[arg(short = 'q', long = "quiet", action = ArgAction::Count)]
    quiet: u8,
}

impl Quiet {
    /// Whether findings, repairs, copies and files written are listed (no `-q`).
    pub fn lists(self) -> bool {
        self.quiet == 0
    }

    /// Whether the summary is written (at most one `-q`).
    pub fn summary(self) -> bool {
        self.quiet < 2
    }
}

/// `-o/--output FILE`: where the output goes instead of standard output.
#[derive(Args, Clone, Debug, Default)]
pub struct Output {
    /// Write to FILE instead of standard output (`-`: standard output). FILE is put in place
    /// only when the run has ended, and may not be one of the inputs.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl Output {
    pub fn path(&self) -> Option<&std::path::Path> {
        self.output.as_deref()
    }
}

#[cfg(test)]
mod tests;
