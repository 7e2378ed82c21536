//! `pdnkit convert`: PDN (any dialect) or pdnkit's JSON in; canonical PDN, JSON or positions
//! out. Games are read in order, converted on several threads and written in input order
//! (constant memory). Findings and repairs go to standard error.

use super::progress::Progress;
use super::{ColorWhen, Outcome, RunSummary, destination, inputs};
use clap::{Args, ValueEnum};
use pdnkit::convert::json::{self, JsonGameError};
use pdnkit::convert::{Captures, Converted, Converter, Notice, Options, pdn, positions};
use pdnkit::ordered;
use pdnkit::reader::{Encoding, Game, ReadOptions, Reader, Severity};
use pdnkit::report::FileInfo;
use pdnkit::report::human::escape_controls;
use pdnkit::report::human::{self, FindingCounts, Headline, RunCounts, Style, write_located};
use pdnkit::variant::{SquareNotation, Variant};
use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[derive(Args)]
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
    let (out, pending) = destination::open(args.output.as_deref(), &inputs)?;
    let files: Vec<FileInfo> = inputs
        .iter()
        .map(|input| FileInfo {
            name: input.name(),
            path: input.source_file().map(PathBuf::from),
        })
        .collect();
    // The bar counts the bytes read from the files as they are on disk, against their sizes.
    let total_bytes: u64 = inputs.iter().filter_map(inputs::Input::size).sum();
    let bytes = Bytes::default();
    let bar = Progress::new(
        total_bytes,
        super::progress::BYTES_BAR,
        Duration::from_secs(1),
    );
    let started = Instant::now();
    let mut sink = Sink {
        out: io::BufWriter::with_capacity(1 << 16, out),
        style: Style {
            colour: color.colour(io::stderr().is_terminal()),
        },
        files: files.clone(),
        bar: bar.clone(),
        on_disk: Arc::clone(&bytes.on_disk),
        run: RunCounts::default(),
        findings: FindingCounts::default(),
        by_code: BTreeMap::new(),
        repairs: 0,
    };
    let jobs = super::jobs(args.jobs);
    let to = args.to;
    // This thread reads the games in order; the workers convert and render them; the sink
    // writes them in input order, so the output is the same for any number of jobs.
    ordered::map_in_order(
        jobs,
        |emit| read_games(&inputs, &read, &bytes, emit),
        || {
            let mut converter = Converter::new(options.clone());
            let files = &files;
            move |item| match item {
                Item::Games { file, games } => Done::Games {
                    file,
                    rendered: games
                        .into_iter()
                        .map(|game| render(&mut converter, to, &files[file].name, game))
                        .collect(),
                },
                Item::Failed { file, error } => Done::Failed { file, error },
                Item::Json { file } => Done::Json { file },
                Item::Rejected { file, error } => Done::Rejected { file, error },
            }
        },
        |done| sink.take(done),
    )?;
    sink.out.flush()?;
    bar.finish();
    pending.commit()?;
    if !args.quiet {
        sink.run.bytes = bytes.read.load(Ordering::Relaxed);
        sink.write_summary(started.elapsed())?;
    }
    Ok(RunSummary {
        failed_inputs: sink.findings.unreadable_files,
        games: sink.run.games,
        failing_findings: sink.findings.errors,
        ..RunSummary::default()
    }
    .outcome())
}

/// Games handed to a worker at once: enough to amortise the channel, few enough to keep the
/// output flowing.
const BATCH_GAMES: usize = 64;

/// What the reading thread hands to the workers.
enum Item {
    /// The file is pdnkit's JSON: its spans are not lines of it.
    Json {
        file: usize,
    },
    /// A line of a JSON file that is not a game.
    Rejected {
        file: usize,
        error: JsonGameError,
    },
    Games {
        file: usize,
        games: Vec<Game>,
    },
    /// The file could not be opened, or reading it failed part-way (after the games before).
    Failed {
        file: usize,
        error: io::Error,
    },
}

/// What a worker hands back.
enum Done {
    Json {
        file: usize,
    },
    Rejected {
        file: usize,
        error: JsonGameError,
    },
    Games {
        file: usize,
        rendered: Vec<io::Result<Rendered>>,
    },
    Failed {
        file: usize,
        error: io::Error,
    },
}

/// A converted game, as text, with what converting it found.
struct Rendered {
    index: u64,
    /// Main-line moves of the game.
    moves: u64,
    text: String,
    report: Converted,
}

/// Reads every input in order, in batches of games: PDN through the reader, pdnkit's JSON a
/// game a line.
fn read_games(
    inputs: &[inputs::Input],
    read: &ReadOptions,
    bytes: &Bytes,
    emit: &mut dyn FnMut(Item) -> io::Result<()>,
) -> io::Result<()> {
    for (file, input) in inputs.iter().enumerate() {
        let mut batch = Batch {
            file,
            games: Vec::with_capacity(BATCH_GAMES),
        };
        let outcome = read_input(input, read, bytes, &mut batch, emit);
        batch.flush(emit)?;
        if let Err(error) = outcome {
            if error.kind() == io::ErrorKind::BrokenPipe {
                // The sink stopped (`map_in_order` says so this way): stop reading.
                return Err(error);
            }
            emit(Item::Failed { file, error })?;
        }
    }
    Ok(())
}

fn read_input(
    input: &inputs::Input,
    read: &ReadOptions,
    bytes: &Bytes,
    batch: &mut Batch,
    emit: &mut dyn FnMut(Item) -> io::Result<()>,
) -> io::Result<()> {
    let mut source =
        BufReader::with_capacity(1 << 16, input.open_counted(Arc::clone(&bytes.on_disk))?);
    if !looks_like_json(source.fill_buf()?) {
        let mut reader = Reader::new(source, read.clone());
        let outcome = reader.try_for_each(|game| batch.push(game?, emit));
        bytes
            .read
            .fetch_add(reader.bytes_consumed(), Ordering::Relaxed);
        return outcome;
    }
    let file = batch.file;
    emit(Item::Json { file })?;
    // A game a line: a bad line is reported in its place and the rest goes on.
    let mut text = Vec::new();
    let mut line = 0;
    loop {
        text.clear();
        if source.read_until(b'\n', &mut text)? == 0 {
            return Ok(());
        }
        line += 1;
        bytes.read.fetch_add(text.len() as u64, Ordering::Relaxed);
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match json::read_game(text.trim_ascii_end(), line) {
            Ok(game) => batch.push(game, emit)?,
            Err(error) => {
                batch.flush(emit)?;
                emit(Item::Rejected { file, error })?;
            }
        }
    }
}

/// Games of one file on their way to a worker.
struct Batch {
    file: usize,
    games: Vec<Game>,
}

/// Bytes counted by the reading thread: as on disk (for the bar, against the files' sizes) and
/// as read (decompressed, for the summary, as `check` counts them).
#[derive(Default)]
struct Bytes {
    on_disk: Arc<AtomicU64>,
    read: AtomicU64,
}

impl Batch {
    fn push(&mut self, game: Game, emit: &mut dyn FnMut(Item) -> io::Result<()>) -> io::Result<()> {
        self.games.push(game);
        if self.games.len() == BATCH_GAMES {
            self.flush(emit)?;
        }
        Ok(())
    }

    fn flush(&mut self, emit: &mut dyn FnMut(Item) -> io::Result<()>) -> io::Result<()> {
        if self.games.is_empty() {
            return Ok(());
        }
        let games = std::mem::replace(&mut self.games, Vec::with_capacity(BATCH_GAMES));
        emit(Item::Games {
            file: self.file,
            games,
        })
    }
}

/// Converts one game and renders it in the output format.
fn render(converter: &mut Converter, to: To, file: &str, mut game: Game) -> io::Result<Rendered> {
    let mut report = converter.convert(&mut game);
    let mut text = String::new();
    match to {
        To::Pdn => {
            if let Err(e) = pdn::write_game(&game, &mut text) {
                report.errors += 1;
                report.notices.push(Notice {
                    level: Severity::Error,
                    code: "E-NOT-WRITABLE",
                    message: format!("{e}; the game is not written"),
                    span: game.locate(e.span),
                });
            }
        }
        To::Json => {
            text = serde_json::to_string(&game).map_err(io::Error::other)?;
            text.push('\n');
        }
        To::Positions => {
            let id = format!("{file}:{}", game.index);
            let result = game.result.as_ref().map_or("*", |r| r.kind.as_str());
            positions::write_positions(&id, result, &report.positions, &mut text);
        }
    }
    Ok(Rendered {
        index: game.index,
        moves: game.moves.moves.len() as u64,
        text,
        report,
    })
}

/// Writes converted games in order, and their notices to standard error.
struct Sink<W: Write> {
    out: W,
    style: Style,
    /// The inputs, as findings name them (no source lines for JSON input).
    files: Vec<FileInfo>,
    bar: Progress,
    /// Bytes read from disk so far, for the bar.
    on_disk: Arc<AtomicU64>,
    run: RunCounts,
    findings: FindingCounts,
    /// Errors and warnings by code.
    by_code: BTreeMap<&'static str, u64>,
    /// Repairs made by `--fix`.
    repairs: u64,
}

impl<W: Write> Sink<W> {
    fn take(&mut self, done: Done) -> io::Result<()> {
        self.bar
            .bar()
            .set_position(self.on_disk.load(Ordering::Relaxed));
        match done {
            Done::Games { file, rendered } => {
                for game in rendered {
                    match game {
                        Ok(game) => self.game(file, game)?,
                        Err(e) => self.fail(file, &e),
                    }
                }
            }
            Done::Failed { file, error } => self.fail(file, &error),
            Done::Json { file } => self.files[file].path = None,
            Done::Rejected { file, error } => {
                self.findings.errors += 1;
                let message =
                    escape_controls(&format!("{}:{error}", self.files[file].name)).into_owned();
                self.bar.suspend(|| eprintln!("pdnkit: {message}"));
            }
        }
        Ok(())
    }

    fn game(&mut self, file: usize, game: Rendered) -> io::Result<()> {
        if !game.report.notices.is_empty() {
            self.bar.suspend(|| -> io::Result<()> {
                let stderr = io::stderr();
                let mut err = stderr.lock();
                for n in &game.report.notices {
                    let headline = Headline {
                        level: n.level,
                        code: n.code,
                        message: &n.message,
                        span: n.span,
                        context: format!("game {}", game.index),
                    };
                    write_located(&mut err, self.style, &self.files[file], &headline)?;
                }
                Ok(())
            })?;
            for n in &game.report.notices {
                match n.level {
                    Severity::Error => {}
                    Severity::Warning => self.findings.warnings += 1,
                    Severity::Note => {
                        self.repairs += u64::from(n.is_repair());
                        continue;
                    }
                }
                *self.by_code.entry(n.code).or_default() += 1;
            }
        }
        self.run.games += 1;
        self.run.moves += game.moves;
        let errors = u64::from(game.report.errors);
        self.findings.errors += errors;
        self.findings.games_with_errors += u64::from(errors > 0);
        self.out.write_all(game.text.as_bytes())
    }

    fn fail(&mut self, file: usize, error: &io::Error) {
        self.findings.unreadable_files += 1;
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

/// pdnkit's JSON starts with `{"`; a PDN file starting with `{` is a comment.
fn looks_like_json(head: &[u8]) -> bool {
    let mut bytes = head.iter().copied().skip_while(u8::is_ascii_whitespace);
    bytes.next() == Some(b'{') && bytes.find(|b| !b.is_ascii_whitespace()) == Some(b'"')
}
