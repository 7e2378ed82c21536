//! `pdnkit parse`: read PDN and print the parsed games (JSON, JSON Lines) or, by default, what
//! the reader found in them.

use super::files::RunFiles;
use super::progress::Progress;
use super::{ColorWhen, Outcome, RunSummary, destination, inputs, output};
use clap::{Args, ValueEnum};
use pdnkit::check::CheckOptions;
use pdnkit::finding::Level;
use pdnkit::pipeline::{self, Event, PipelineOptions};
use pdnkit::reader::Game;
use pdnkit::reader::{Encoding, ReadOptions};
use pdnkit::report::envelope::{Document, Lines};
use pdnkit::report::human::{self, FindingCounts, RunCounts, Style, escape_controls};
use pdnkit::variant::Variant;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

#[derive(Args)]
#[command(after_help = super::LIMITS_HELP)]
pub struct ParseArgs {
    /// PDN or FEN files, directories (searched for *.pdn, *.pdn.gz, *.fen and files that start
    /// like records) or `-` for standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output: `human` (diagnostics and a summary), `json` (one document), `jsonl` (a game a line).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Report every PDN 3.0 violation as an error.
    #[arg(long)]
    strict: bool,
    /// Variant of games without a GameType tag (a name such as `english`, or a GameType number).
    #[arg(long)]
    variant: Option<Variant>,
    /// Character set of the input (default: UTF-8, else detected Windows-1252/1251; UTF-16 with a
    /// byte order mark; `utf-16` for UTF-16 without one, its byte order read from its zero
    /// bytes; `utf-16le` or `utf-16be` to give the order).
    #[arg(long, value_parser = parse_encoding)]
    encoding: Option<Encoding>,
    /// Also list notes (variant inferred, encoding, ...) in human output.
    #[arg(long)]
    notes: bool,
    /// Print only the summary (human): the whole read, nothing listed, so reading can be timed
    /// as a process beside `check`.
    #[arg(long, short = 'q')]
    quiet: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Human,
    Json,
    Jsonl,
}

pub fn parse_encoding(text: &str) -> Result<Encoding, String> {
    Encoding::parse(text)
        .ok_or_else(|| format!("unknown encoding `{text}` (utf-8, windows-1252, windows-1251)"))
}

/// Counts for the closing summary (named as in `check`'s totals; `moves` are main-line moves
/// read).
#[derive(Default, Serialize)]
struct Totals {
    #[serde(flatten)]
    run: RunCounts,
    #[serde(flatten)]
    findings: FindingCounts,
    notes: u64,
    /// Errors and warnings by code.
    by_code: BTreeMap<String, u64>,
}

/// Version of the output's shape (`schema/parse-report.json`); bumped when a field changes
/// meaning or goes away. Version 2 took `check`'s envelope and names (`level`, `game`, `totals`).
pub const SCHEMA: &str = "pdnkit-parse/2";

const LINES: Lines = Lines { schema: SCHEMA };

pub fn run(args: ParseArgs, color: ColorWhen) -> io::Result<Outcome> {
    let inputs = inputs::expand(&args.paths);
    let options = ReadOptions {
        strict: args.strict,
        default_variant: args.variant,
        encoding: args.encoding,
        ..ReadOptions::default()
    };
    let mut run_files = RunFiles::new(&inputs)?;
    let (out, pending) = destination::open(None, &mut run_files)?;
    let style = Style {
        colour: out.colour(color),
    };
    // The bar counts the bytes read from the files as they are on disk, against their sizes.
    let total_bytes: u64 = inputs.iter().filter_map(inputs::Input::size).sum();
    let read_bytes = Arc::new(AtomicU64::new(0));
    let bar = Progress::new(
        total_bytes,
        super::progress::BYTES_BAR,
        Duration::from_secs(1),
    );
    let mut out = out.buffered(Some(&bar));
    let mut totals = Totals::default();
    // Streamed a game at a time, as every JSON report is: nothing grows with the input.
    let mut document = match args.format {
        Format::Json => Some(Document::start(&mut out, SCHEMA, "files")?),
        _ => None,
    };
    let started = std::time::Instant::now();

    let names: Vec<String> = inputs.iter().map(inputs::Input::name).collect();
    let paths: Vec<Option<PathBuf>> = inputs
        .iter()
        .map(|input| input.source_file().map(PathBuf::from))
        .collect();
    let work = inputs::for_pipeline(inputs, &read_bytes);
    let progress: pipeline::Progress = {
        let bar = bar.clone();
        Arc::new(move |_| bar.bar().set_position(read_bytes.load(Ordering::Relaxed)))
    };
    // Read on this thread: the games are printed as read.
    let options = PipelineOptions::new(1, options, CheckOptions::default());
    pipeline::run_each(
        work,
        &options,
        progress,
        || |game: Box<Game>| game,
        |event| {
            match event {
                Event::FileStart { file } => {
                    totals.run.files += 1;
                    if let Some(document) = &mut document {
                        document.file_start(&mut out, &names[file])?;
                    }
                }
                Event::Games { file, reports } => {
                    for game in reports {
                        totals.add_game(&game);
                        write_game(
                            &mut out,
                            &mut document,
                            &args,
                            style,
                            (&names[file], paths[file].as_deref()),
                            &game,
                        )?;
                    }
                }
                Event::FileEnd { file, bytes, error } => {
                    let name = &names[file];
                    totals.run.bytes += bytes;
                    if let Some(error) = &error {
                        totals.findings.unreadable_files += 1;
                        totals.run.unreadable += 1;
                        let message = escape_controls(&format!("{name}: {error}")).into_owned();
                        bar.suspend(|| eprintln!("pdnkit: {message}"));
                        if args.format == Format::Jsonl {
                            LINES.file_error(&mut out, name, error)?;
                        }
                    }
                    if let Some(document) = &mut document {
                        document.file_end(&mut out, error.as_deref())?;
                    }
                }
                // (Only `convert` reads JSON games.)
                Event::JsonGames { .. } | Event::Rejected { .. } => {}
            }
            Ok(())
        },
    )?;

    match args.format {
        Format::Json => {
            if let Some(document) = document {
                document.finish(&mut out, &totals)?;
            }
        }
        Format::Jsonl => LINES.summary(&mut out, &totals)?,
        Format::Human => {
            let counts = (totals.run, totals.findings);
            human::write_run_and_findings(&mut out, style, "read", counts, started.elapsed())?;
            human::write_by_code(&mut out, &totals.by_code)?;
        }
    }
    bar.finish();
    out.flush()?;
    drop(out);
    let summary = RunSummary {
        failed_inputs: totals.findings.unreadable_files,
        games: totals.run.games,
        failing_findings: totals.findings.errors,
        ..RunSummary::default()
    };
    pending.settle(summary.failure().as_deref())?;
    Ok(summary.outcome())
}

impl Totals {
    fn add_game(&mut self, game: &Game) {
        self.run.games += 1;
        self.run.moves += game.moves.len() as u64;
        let mut errors = 0;
        for d in &game.diagnostics {
            match d.level {
                Level::Error => errors += 1,
                Level::Warning => self.findings.warnings += 1,
                Level::Note => self.notes += 1,
            }
            if d.level != Level::Note {
                *self.by_code.entry(d.code.to_string()).or_default() += 1;
            }
        }
        self.findings.errors += errors;
        self.findings.games_with_errors += u64::from(errors > 0);
    }
}

/// Writes one game in the output format: its diagnostics (human), or the game itself (JSON).
fn write_game(
    out: &mut Box<dyn Write>,
    document: &mut Option<Document>,
    args: &ParseArgs,
    style: Style,
    (name, path): (&str, Option<&Path>),
    game: &Game,
) -> io::Result<()> {
    match args.format {
        Format::Human if args.quiet => {}
        Format::Human => {
            for d in &game.diagnostics {
                if d.level == Level::Note && !args.notes {
                    continue;
                }
                output::write_diagnostic(out, style, name, path, game, d)?;
            }
        }
        Format::Jsonl => LINES.game(out, name, |out| {
            serde_json::to_writer(out, game).map_err(io::Error::from)
        })?,
        Format::Json => {
            if let Some(document) = document {
                document.game(out, game)?;
            }
        }
    }
    Ok(())
}
