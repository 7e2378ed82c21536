//! `pdnkit convert`: PDN (any dialect) or pdnkit's JSON in; canonical PDN, JSON or positions
//! out. Games are read in order, converted on several threads and written in input order
//! (constant memory). Findings and repairs go to standard error.

use super::files::RunFiles;
use super::progress::Progress;
use super::{ColorWhen, Outcome, RunSummary, destination, inputs};
use clap::{Args, ValueEnum};
use pdnkit::check::CheckOptions;
use pdnkit::convert::unnumbered::UnnumberedJson;
use pdnkit::convert::{Captures, Converted, Converter, Notice, Options, pdn, positions};
use pdnkit::finding::{Code, Level};
use pdnkit::pipeline::{self, Event, PerGame, PipelineOptions};
use pdnkit::reader::{Encoding, Game, ReadOptions};
use pdnkit::report::FileInfo;
use pdnkit::report::human::escape_controls;
use pdnkit::report::human::{self, FindingCounts, Headline, RunCounts, Style, write_located};
use pdnkit::variant::{SquareNotation, Variant};
use std::collections::BTreeMap;
use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[derive(Args)]
#[command(after_help = super::LIMITS_HELP)]
pub struct ConvertArgs {
    /// PDN files, directories (searched for *.pdn), JSON written by `convert --to json`, or `-`
    /// for standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output: canonical PDN 3.0, the JSON game model (a game a line), or one JSON line per
    /// main-line position.
    #[arg(long, value_enum, default_value_t = To::Pdn)]
    to: To,
    /// Square notation of the output (default: the variant's own).
    #[arg(long, value_enum)]
    notation: Option<NotationArg>,
    /// Captures as `from x to` (full path only where needed) or always with every landing square.
    #[arg(long, value_enum, default_value_t = CapturesArg::Short)]
    captures: CapturesArg,
    /// Add a `{[%fen ...]}` comment after every move.
    #[arg(long)]
    fen_comments: bool,
    /// Repair what can be repaired without guessing (localised tag names, result tokens of the
    /// variant, missing terminators and separators, ...), reporting each repair.
    #[arg(long)]
    fix: bool,
    /// Leave comments out.
    #[arg(long)]
    no_comments: bool,
    /// Leave variations out.
    #[arg(long)]
    no_variations: bool,
    /// Leave NAGs (`$n`) out.
    #[arg(long)]
    no_nags: bool,
    /// Write to FILE (`-`: standard output) instead of standard output. FILE is replaced only
    /// when the run ends; it may not be one of the inputs.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Variant of games without a GameType tag (a name such as `english`, or a GameType number).
    #[arg(long)]
    variant: Option<Variant>,
    /// Character set of PDN input (default: UTF-8, else detected Windows-1252/1251).
    #[arg(long, value_parser = super::parse::parse_encoding)]
    encoding: Option<Encoding>,
    /// Threads converting games: 1 or more (default, and at most: one per core). Output is the
    /// same for any value.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    jobs: Option<u32>,
    /// Leave out the closing summary on standard error (findings and repairs are still shown).
    #[arg(long, short = 'q')]
    quiet: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum To {
    Pdn,
    Json,
    Positions,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum NotationArg {
    Numeric,
    Algebraic,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CapturesArg {
    Short,
    Long,
}

pub fn run(args: ConvertArgs, color: ColorWhen) -> io::Result<Outcome> {
    let inputs = inputs::expand(&args.paths);
    let options = Options {
        notation: args.notation.map(|n| match n {
            NotationArg::Numeric => SquareNotation::Numeric,
            NotationArg::Algebraic => SquareNotation::Algebraic,
        }),
        captures: match args.captures {
            CapturesArg::Short => Captures::Short,
            CapturesArg::Long => Captures::Long,
        },
        fen_comments: args.fen_comments,
        fix: args.fix,
        comments: !args.no_comments,
        variations: !args.no_variations,
        nags: !args.no_nags,
        keep_raw: args.to == To::Json,
        positions: args.to == To::Positions,
    };
    let read = ReadOptions {
        default_variant: args.variant,
        encoding: args.encoding,
        ..ReadOptions::default()
    };
    let mut run_files = RunFiles::new(&inputs)?;
    let (out, pending) = destination::open(args.output.as_deref(), &mut run_files)?;
    let files: Vec<FileInfo> = inputs
        .iter()
        .map(|input| FileInfo {
            name: input.name(),
            path: input.source_file().map(PathBuf::from),
        })
        .collect();
    // The bar counts the bytes read from the files as they are on disk, against their sizes.
    let total_bytes: u64 = inputs.iter().filter_map(inputs::Input::size).sum();
    let on_disk = Arc::new(AtomicU64::new(0));
    let work = inputs::for_pipeline(inputs, &on_disk);
    let bar = Progress::new(
        total_bytes,
        super::progress::BYTES_BAR,
        Duration::from_secs(1),
    );
    let progress: pipeline::Progress = {
        let bar = bar.clone();
        Arc::new(move |_| bar.bar().set_position(on_disk.load(Ordering::Relaxed)))
    };
    let started = Instant::now();
    let mut sink = Sink {
        out: io::BufWriter::with_capacity(1 << 16, out),
        style: Style {
            colour: color.colour(io::stderr().is_terminal()),
        },
        files,
        bar: bar.clone(),
        run: RunCounts::default(),
        findings: FindingCounts::default(),
        by_code: BTreeMap::new(),
        repairs: 0,
    };
    let pipeline_options = PipelineOptions {
        json_games: true,
        ..PipelineOptions::new(super::jobs(args.jobs), read, CheckOptions::default())
    };
    let to = args.to;
    // Games are converted and rendered on the workers, each with a converter of its own, and
    // written in input order: the output is the same for any number of jobs.
    pipeline::run_each(
        work,
        &pipeline_options,
        progress,
        || {
            let mut converter = Converter::new(options.clone());
            move |game| render(&mut converter, to, game)
        },
        |event| sink.take(event),
    )?;
    sink.out.flush()?;
    bar.finish();
    let summary = RunSummary {
        failed_inputs: sink.findings.unreadable_files,
        games: sink.run.games,
        failing_findings: sink.findings.errors,
        ..RunSummary::default()
    };
    pending.settle(summary.failure().as_deref())?;
    if !args.quiet {
        sink.write_summary(started.elapsed())?;
    }
    Ok(summary.outcome())
}

/// A converted game, rendered, with what converting it found.
struct Rendered {
    index: u64,
    output: io::Result<Output>,
}

impl PerGame for Rendered {
    fn shift_index(&mut self, by: u64) {
        self.index += by;
    }
}

struct Output {
    /// The character set the game was read in (for the source lines of its notices).
    encoding: Encoding,
    /// Main-line moves of the game.
    moves: u64,
    text: Text,
    report: Converted,
}

/// A game in the output format, but for its index (written in order, once known).
enum Text {
    Pdn(String),
    Json(UnnumberedJson),
    /// Its positions, each line without the game's `file:index` it starts with.
    Positions(String),
}

/// Converts one game and renders it in the output format.
fn render(converter: &mut Converter, to: To, mut game: Box<Game>) -> Rendered {
    let mut report = converter.convert(&mut game);
    let text = match to {
        To::Pdn => {
            let mut text = String::new();
            if let Err(e) = pdn::write_game(&game, &mut text) {
                report.errors += 1;
                report.notices.push(Notice {
                    level: Level::Error,
                    code: Code::NotWritable,
                    message: format!("{e}; the game is not written"),
                    span: game.locate(e.span),
                });
            }
            Ok(Text::Pdn(text))
        }
        To::Json => UnnumberedJson::of(&game)
            .map(Text::Json)
            .map_err(io::Error::other),
        To::Positions => {
            let result = game.result.as_ref().map_or("*", |r| r.kind.as_str());
            let mut rows = String::new();
            positions::rows(result, &report.positions, &mut rows);
            Ok(Text::Positions(rows))
        }
    };
    Rendered {
        index: game.index,
        output: text.map(|text| Output {
            encoding: game.encoding,
            moves: game.moves.len() as u64,
            text,
            report,
        }),
    }
}

/// Writes converted games in order, and their notices to standard error.
struct Sink<W: Write> {
    out: W,
    style: Style,
    /// The inputs, as findings name them (no source lines for JSON input).
    files: Vec<FileInfo>,
    bar: Progress,
    run: RunCounts,
    findings: FindingCounts,
    /// Errors and warnings by code.
    by_code: BTreeMap<&'static str, u64>,
    /// Repairs made by `--fix`.
    repairs: u64,
}

impl<W: Write> Sink<W> {
    fn take(&mut self, event: Event<Rendered>) -> io::Result<()> {
        match event {
            Event::FileStart { .. } => {}
            Event::JsonGames { file } => self.files[file].path = None,
            Event::Games { file, reports } => {
                for game in reports {
                    match game.output {
                        Ok(output) => self.game(file, game.index, output)?,
                        Err(e) => self.fail(file, &e),
                    }
                }
            }
            Event::Rejected { file, error } => {
                self.findings.errors += 1;
                let message =
                    escape_controls(&format!("{}:{error}", self.files[file].name)).into_owned();
                self.bar.suspend(|| eprintln!("pdnkit: {message}"));
            }
            Event::FileEnd { file, bytes, error } => {
                self.run.bytes += bytes;
                if let Some(error) = error {
                    self.fail(file, &error);
                }
            }
        }
        Ok(())
    }

    fn game(&mut self, file: usize, index: u64, game: Output) -> io::Result<()> {
        if !game.report.notices.is_empty() {
            self.bar.suspend(|| -> io::Result<()> {
                let stderr = io::stderr();
                let mut err = stderr.lock();
                for n in &game.report.notices {
                    let headline = Headline {
                        level: n.level,
                        code: n.code.as_str(),
                        message: &n.message,
                        span: n.span,
                        context: format!("game {index}"),
                        encoding: game.encoding,
                    };
                    write_located(&mut err, self.style, &self.files[file], &headline)?;
                }
                Ok(())
            })?;
            for n in &game.report.notices {
                match n.level {
                    Level::Error => {}
                    Level::Warning => self.findings.warnings += 1,
                    Level::Note => {
                        self.repairs += u64::from(n.is_repair());
                        continue;
                    }
                }
                *self.by_code.entry(n.code.as_str()).or_default() += 1;
            }
        }
        self.run.games += 1;
        self.run.moves += game.moves;
        let errors = u64::from(game.report.errors);
        self.findings.errors += errors;
        self.findings.games_with_errors += u64::from(errors > 0);
        match &game.text {
            Text::Pdn(text) => self.out.write_all(text.as_bytes()),
            Text::Json(json) => {
                json.write(index, &mut self.out)?;
                self.out.write_all(b"\n")
            }
            Text::Positions(rows) => {
                let id = format!("{}:{index}", self.files[file].name);
                positions::write_lines(&mut self.out, &id, rows)
            }
        }
    }

    fn fail(&mut self, file: usize, error: &dyn Display) {
        self.findings.unreadable_files += 1;
        self.run.unreadable += 1;
        let message = escape_controls(&format!("{}: {error}", self.files[file].name)).into_owned();
        self.bar.suspend(|| eprintln!("pdnkit: {message}"));
    }

    /// The summary `check` and `parse` end with, on standard error (standard output holds the
    /// games).
    fn write_summary(&mut self, elapsed: Duration) -> io::Result<()> {
        self.run.files = self.files.len() as u64;
        let mut err = io::stderr().lock();
        let counts = (self.run, self.findings);
        human::write_run_and_findings(&mut err, self.style, "converted", counts, elapsed)?;
        if self.repairs > 0 {
            writeln!(
                err,
                "{} repair{} (--fix)",
                self.repairs,
                if self.repairs == 1 { "" } else { "s" }
            )?;
        }
        human::write_by_code(&mut err, &self.by_code)
    }
}
