//! A `check` run's consumer: each checked game judged by the run's policy and baseline, counted,
//! and handed to the report writer of the chosen format, in input order.

use super::GameReport;
use super::baseline::{Baseline, BaselineWriter};
use super::policy::Policy;
use crate::finding::Code;
use crate::pipeline::run::Consumer;
use crate::report::human::RunCounts;
use crate::report::{FileInfo, FixSummary, ReportWriter, Totals};
use std::io;

/// What the run's policy does to each game.
pub struct Judge<'a> {
    /// The rules of each input, by file index (`pdnkit.toml` per path, then the command line).
    pub policies: Vec<Policy>,
    /// The baseline whose findings are left out (`--baseline`).
    pub baseline: Option<&'a mut Baseline>,
    /// The baseline being recorded (`--write-baseline`), after the policy.
    pub record: Option<&'a mut BaselineWriter>,
    /// Games left unreplayed are acceptable (`--allow-unreplayed`).
    pub allow_unreplayed: bool,
}

/// What `check --fix` does in a run: takes the findings it fixes out of each judged game (the
/// report and the exit code are then about what remains), and edits each file at its end.
pub trait Fixer {
    /// Takes the findings it will fix out of `game` (of input `file`).
    fn game(&mut self, file: usize, game: &mut GameReport);
    /// Makes the file's edits (or shows them); `error` when the file could not be read whole.
    fn file_end(&mut self, file: usize, error: Option<&str>) -> io::Result<()>;
    /// What the run changed, for the report's totals.
    fn summary(&self) -> FixSummary;
}

/// Judges, counts and reports each game of a `check` run.
pub struct CheckReport<'a> {
    files: &'a [FileInfo],
    judge: Judge<'a>,
    writer: &'a mut dyn ReportWriter,
    totals: Totals,
    unaccepted_unreplayed: u64,
    fixer: Option<&'a mut dyn Fixer>,
}

/// What a `check` run found, for its summary and exit code.
pub struct CheckTotals {
    pub totals: Totals,
    /// Games left unreplayed without the user saying that is acceptable.
    pub unaccepted_unreplayed: u64,
}

impl<'a> CheckReport<'a> {
    pub fn new(
        files: &'a [FileInfo],
        judge: Judge<'a>,
        writer: &'a mut dyn ReportWriter,
    ) -> CheckReport<'a> {
        CheckReport {
            files,
            judge,
            writer,
            totals: Totals::default(),
            unaccepted_unreplayed: 0,
            fixer: None,
        }
    }

    /// Fixes the games as they are judged (`check --fix`).
    pub fn fixing(mut self, fixer: &'a mut dyn Fixer) -> Self {
        self.fixer = Some(fixer);
        self
    }

    /// Writes the report's end, with the run's counts.
    pub fn finish(mut self, counts: RunCounts) -> io::Result<CheckTotals> {
        let totals = &mut self.totals;
        totals.files = counts.files;
        totals.bytes = counts.bytes;
        totals.unreadable_files = counts.unreadable;
        totals.seconds = counts.elapsed.as_secs_f64();
        totals.baseline_unmatched = self.judge.baseline.as_ref().map_or(0, |b| b.unmatched());
        totals.fixes = self.fixer.as_ref().map(|f| f.summary());
        self.writer.finish(totals)?;
        Ok(CheckTotals {
            totals: self.totals,
            unaccepted_unreplayed: self.unaccepted_unreplayed,
        })
    }
}

impl Judge<'_> {
    /// Applies the policy of `file` to `game`, then records it in the baseline being written
    /// and leaves out the findings the baseline being matched knows.
    /// With `fixer`, the findings it fixes are taken out after the policy and before the
    /// baselines: a baseline records and matches what remains.
    fn apply(
        &mut self,
        file: usize,
        name: &str,
        game: &mut GameReport,
        totals: &mut Totals,
        fixer: Option<&mut (dyn Fixer + '_)>,
    ) {
        totals.allowed += self.policies[file].apply(game);
        if let Some(fixer) = fixer {
            fixer.game(file, game);
        }
        if let Some(record) = &mut self.record {
            record.add(name, game);
        }
        if let Some(baseline) = &mut self.baseline {
            totals.baselined += baseline.filter(name, game);
        }
    }

    /// Whether `game` (the policy already applied) was left unreplayed without the user saying
    /// that is acceptable: `--allow-unreplayed`, or a rule naming W-NOT-REPLAYED itself (a
    /// prefix or a group is not enough).
    fn unaccepted_unreplayed(&self, file: usize, game: &GameReport) -> bool {
        game.not_replayed.is_some()
            && !self.allow_unreplayed
            && !self.policies[file].names(Code::NotReplayed)
    }
}

impl Consumer<GameReport> for CheckReport<'_> {
    fn file_start(&mut self, file: usize) -> io::Result<()> {
        self.writer.file_start(&self.files[file])
    }

    fn game(&mut self, file: usize, mut game: GameReport) -> io::Result<()> {
        let info = &self.files[file];
        self.judge.apply(
            file,
            &info.name,
            &mut game,
            &mut self.totals,
            self.fixer.as_deref_mut(),
        );
        self.unaccepted_unreplayed += u64::from(self.judge.unaccepted_unreplayed(file, &game));
        self.totals.add_game(&game);
        self.writer.game(info, &game)
    }

    fn file_end(&mut self, file: usize, error: Option<&str>) -> io::Result<()> {
        if let Some(fixer) = &mut self.fixer {
            fixer.file_end(file, error)?;
        }
        self.writer.file_end(&self.files[file], error)
    }
}
