//! What the archive commands (`stats`, `filter`, `dedup`, `split`, `merge`) share: the inputs
//! and reading options they take, and one run of the parallel pipeline over them with a
//! progress bar, unreadable files reported on standard error and the run's counts kept.
//!
//! Each command hands [`GameRun::run`] its own per-game function (run on the worker threads:
//! summarise, match, fingerprint) and gets the results back in input order, whatever `--jobs`.

use super::files::RunFiles;
use super::inputs::{self, Input};
use super::parse::parse_encoding;
use super::progress::{BYTES_BAR, Progress};
use super::{Outcome, RunSummary};
use clap::Args;
use pdnkit::check::CheckOptions;
use pdnkit::draw_rules::DrawProfile;
use pdnkit::pipeline::{self, Event, PerGame, PipelineOptions};
use pdnkit::reader::{Encoding, Game, ReadOptions};
use pdnkit::report::human::{RunCounts, escape_controls};
use pdnkit::variant::Variant;
use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

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
    /// Character set of the input (default: UTF-8, else detected Windows-1252/1251; UTF-16 with a
    /// byte order mark; `utf-16` for UTF-16 without one, its byte order read from its zero
    /// bytes; `utf-16le` or `utf-16be` to give the order).
    #[arg(long, value_parser = parse_encoding)]
    pub encoding: Option<Encoding>,
    /// Worker threads (default: one per core; more than the cores is capped there).
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
}

/// What a run went through, for the summary.
#[derive(Debug, Clone, Copy, Default)]
pub struct RunTotals {
    pub counts: RunCounts,
    pub unreadable_files: u64,
    pub elapsed: Duration,
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
            failed_inputs: self.unreadable_files,
            games: self.counts.games,
            failing_findings: failing,
            unaccepted_unreplayed: 0,
        }
    }
}

/// One pass of the pipeline over the inputs of an archive command.
pub struct GameRun {
    inputs: Vec<Input>,
    /// The inputs' names, by file index (`<stdin>` for `-`).
    pub names: Vec<String>,
    options: PipelineOptions,
    pub bar: Progress,
    read_bytes: Arc<AtomicU64>,
}

impl GameRun {
    /// Expands the paths; `keep_source` keeps each game's text as written ([`Game::source`]).
    /// Also gives the files the run reads, to open its outputs against.
    pub fn new(args: &ReadArgs, keep_source: bool) -> io::Result<(GameRun, RunFiles)> {
        let inputs = inputs::expand(&args.paths);
        let files = RunFiles::new(&inputs)?;
        let names = inputs.iter().map(Input::name).collect();
        let total_bytes: u64 = inputs.iter().filter_map(Input::size).sum();
        let run = GameRun {
            inputs,
            names,
            options: PipelineOptions::new(
                super::jobs(args.jobs),
                ReadOptions {
                    default_variant: args.variant,
                    encoding: args.encoding,
                    keep_source,
                    ..ReadOptions::default()
                },
                CheckOptions {
                    draw_profile: DrawProfile::default(),
                    skip_identity: true,
                },
            ),
            bar: Progress::new(total_bytes, BYTES_BAR, Duration::from_secs(1)),
            read_bytes: Arc::new(AtomicU64::new(0)),
        };
        Ok((run, files))
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
        let started = Instant::now();
        let read_bytes = Arc::clone(&self.read_bytes);
        let work = inputs::for_pipeline(self.inputs, &read_bytes);
        let progress: pipeline::Progress = {
            let bar = self.bar.clone();
            let read_bytes = Arc::clone(&self.read_bytes);
            Arc::new(move |_| bar.bar().set_position(read_bytes.load(Ordering::Relaxed)))
        };
        let mut totals = RunTotals::default();
        let names = &self.names;
        let bar = &self.bar;
        pipeline::run_with(
            work,
            &self.options,
            progress,
            per_game,
            |event| match event {
                Event::FileStart { .. } => {
                    totals.counts.files += 1;
                    Ok(())
                }
                Event::Games { file, reports } => {
                    for report in reports {
                        totals.counts.games += 1;
                        on_game(file, report)?;
                    }
                    Ok(())
                }
                Event::FileEnd { file, bytes, error } => {
                    totals.counts.bytes += bytes;
                    if let Some(e) = error {
                        totals.unreadable_files += 1;
                        totals.counts.unreadable += 1;
                        let message =
                            escape_controls(&format!("{}: {e}", names[file])).into_owned();
                        bar.suspend(|| eprintln!("pdnkit: {message}"));
                    }
                    Ok(())
                }
                // (Only `convert` reads JSON games.)
                Event::JsonGames { .. } | Event::Rejected { .. } => Ok(()),
            },
        )?;
        self.bar.finish();
        totals.elapsed = started.elapsed();
        Ok(totals)
    }
}
