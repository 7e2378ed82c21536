//! What the archive commands (`stats`, `filter`, `dedup`, `split`, `merge`) share: the inputs
//! and reading options they take, and one run of the parallel pipeline over them with a
//! progress bar, unreadable files reported on standard error and the run's counts kept.
//!
//! Each command hands [`GameRun::run`] its own per-game function (run on the worker threads:
//! summarise, match, fingerprint) and gets the results back in input order, whatever `--jobs`.

use super::conventions::{Jobs, Quiet};
use super::files::RunFiles;
use super::inputs;
use super::parse::parse_encoding;
use super::progress::{BYTES_BAR, Progress};
use super::{Outcome, RunSummary};
use clap::Args;
use pdnkit::check::CheckOptions;
use pdnkit::draw_rules::DrawProfile;
use pdnkit::pipeline::run::Run;
use pdnkit::pipeline::{PerGame, PipelineOptions};
use pdnkit::reader::{Encoding, Game, ReadOptions};
use pdnkit::report::human::RunCounts;
use pdnkit::variant::Variant;
use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Inputs and reading options, the same for every archive command.
#[derive(Args, Clone)]
pub struct ReadArgs {
    /// PDN or FEN files, directories (searched for *.pdn, *.pdn.gz, *.fen and files that start
    /// like records) or `-` for standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Variant of games without a GameType tag (a name such as `english`, or a GameType number).
    #[arg(long)]
    pub variant: Option<Variant>,
    #[command(flatten)]
    pub rules: super::rules::HouseRulesArg,
    /// Character set of the input (default: UTF-8, else detected Windows-1252/1251; UTF-16 with a
    /// byte order mark; `utf-16` for UTF-16 without one, its byte order read from its zero
    /// bytes; `utf-16le` or `utf-16be` to give the order).
    #[arg(long, value_parser = parse_encoding)]
    pub encoding: Option<Encoding>,
    #[command(flatten)]
    pub jobs: Jobs,
    #[command(flatten)]
    pub walk: super::inputs::WalkArgs,
}

/// What a run went through, for the summary.
#[derive(Debug, Clone, Copy, Default)]
pub struct RunTotals {
    pub counts: RunCounts,
}

impl RunTotals {
    /// The exit outcome, as every command decides it: an unreadable input or a run without
    /// games fails (2), `failing` problems (copies found, games that could not be written) are
    /// findings (1).
    pub fn outcome(&self, failing: u64) -> Outcome {
        self.summary(failing).outcome()
    }

    /// Why the run failed, if it did: its outputs are then left as they were.
    pub fn failure(&self) -> Option<String> {
        self.summary(0).failure()
    }

    fn summary(&self, failing: u64) -> RunSummary {
        RunSummary {
            failed_inputs: self.counts.unreadable,
            games: self.counts.games,
            failing_findings: failing,
            unaccepted_unreplayed: 0,
        }
    }
}

/// One pass of the pipeline over the inputs of an archive command.
pub struct GameRun {
    run: Run,
    /// The inputs' names, by file index (`<stdin>` for `-`).
    pub names: Vec<String>,
    options: PipelineOptions,
    pub bar: Progress,
}

impl GameRun {
    /// Expands the paths; `keep_source` keeps each game's text as written ([`Game::source`]).
    /// Also gives the files the run reads, to open its outputs against.
    pub fn new(args: &ReadArgs, keep_source: bool) -> io::Result<(GameRun, RunFiles)> {
        let (default_variant, default_variant_from) =
            args.rules.apply(args.variant, "--variant")?;
        let inputs = inputs::expand(&args.paths, &args.walk)?;
        let files = RunFiles::new(&inputs)?;
        let run = Run::new(inputs);
        let game_run = GameRun {
            names: run.files.iter().map(|f| f.name.clone()).collect(),
            bar: Progress::new(run.total_bytes, BYTES_BAR, Duration::from_secs(1)),
            run,
            options: PipelineOptions::new(
                args.jobs.threads(),
                ReadOptions {
                    default_variant,
                    default_variant_from,
                    encoding: args.encoding,
                    keep_source,
                    ..ReadOptions::default()
                },
                CheckOptions {
                    draw_profile: DrawProfile::default(),
                    skip_identity: true,
                },
            ),
        };
        Ok((game_run, files))
    }

    /// No progress bar under `-qq`.
    pub fn quiet(mut self, quiet: Quiet) -> GameRun {
        self.bar = self.bar.drawn(quiet.summary());
        self
    }

    /// The options games are checked with when a command checks them.
    pub fn check_options(&self) -> &CheckOptions {
        &self.options.check
    }

    /// Reads every input, calls `per_game` on each game on the workers and `on_game` with the
    /// file index and the result, in input order. An unreadable file is reported on standard
    /// error (the run goes on) and counted.
    pub fn run<T: PerGame>(
        self,
        per_game: impl Fn(&Game) -> T + Sync,
        mut on_game: impl FnMut(usize, T) -> io::Result<()>,
    ) -> io::Result<RunTotals> {
        let counts = self.run.run_with(
            &self.options,
            Arc::new(self.bar.clone()),
            per_game,
            &mut on_game,
        )?;
        self.bar.finish();
        Ok(RunTotals { counts })
    }
}
