//! `pdnkit convert`: PDN (any dialect) or pdnkit's JSON in; canonical PDN, JSON or positions
//! out. Games are read in order, converted on several threads and written in input order
//! (constant memory). Findings and repairs go to standard error.

use super::files::RunFiles;
use super::progress::Progress;
use super::{ColorWhen, Outcome, RunSummary, destination, inputs};
use clap::{Args, ValueEnum};
use pdnkit::convert::json::{self, JsonGameError};
use pdnkit::convert::{Captures, Converted, Converter, Notice, Options, pdn, positions};
use pdnkit::finding::{Code, Level};
use pdnkit::ordered;
use pdnkit::pipeline::{BATCH_GAMES, BatchFill};
use pdnkit::reader::{Encoding, Game, ReadOptions, Reader};
use pdnkit::report::FileInfo;
use pdnkit::report::human::escape_controls;
use pdnkit::report::human::{self, FindingCounts, Headline, RunCounts, Style, write_located};
use pdnkit::variant::{SquareNotation, Variant};
use std::collections::{BTreeMap, VecDeque};
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
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
    // Each thread takes the next batch of games itself (read in order) and converts and renders
    // it; this thread writes them in input order, so the output is the same for any number of
    // jobs.
    let mut feed = Feed {
        inputs: inputs.iter().enumerate(),
        read: &read,
        bytes: &bytes,
        open: None,
        queued: VecDeque::new(),
    };
    ordered::pull_in_order(
        jobs,
        // Batches in flight at most (in the workers, or waiting to be put back in order).
        ordered::window(jobs),
        move || feed.next(),
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
    let summary = RunSummary {
        failed_inputs: sink.findings.unreadable_files,
        games: sink.run.games,
        failing_findings: sink.findings.errors,
        ..RunSummary::default()
    };
    pending.settle(summary.failure().as_deref())?;
    if !args.quiet {
        sink.run.bytes = bytes.read.load(Ordering::Relaxed);
        sink.write_summary(started.elapsed())?;
    }
    Ok(summary.outcome())
}

/// A unit of work, as the feed hands it out.
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
    /// The character set the game was read in (for the source lines of its notices).
    encoding: Encoding,
    /// Main-line moves of the game.
    moves: u64,
    text: String,
    report: Converted,
}

/// The inputs in order as units of work, taken by whichever thread wants work next: batches
/// of games (PDN through the reader, pdnkit's JSON a game a line), and what a file says of
/// itself.
struct Feed<'a> {
    inputs: std::iter::Enumerate<std::slice::Iter<'a, inputs::Input>>,
    read: &'a ReadOptions,
    bytes: &'a Bytes,
    /// The file being read, and its number.
    open: Option<(usize, Source)>,
    /// Work found and not handed out yet.
    queued: VecDeque<Item>,
}

/// An input being read.
enum Source {
    /// (Boxed: the reader is large, and there is one per file.)
    Pdn(Box<Reader<BufReader<Box<dyn Read + Send>>>>),
    /// pdnkit's JSON, a game a line, and the number of the last line read.
    Json(BufReader<Box<dyn Read + Send>>, u64),
}

/// How reading a batch of games ended.
enum Fill {
    /// The batch is full; the file goes on.
    Full,
    /// A line of a JSON file is not a game: reported in its place, and the file goes on.
    Rejected(JsonGameError),
    /// The file ended.
    End,
}

impl Feed<'_> {
    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some(item) = self.queued.pop_front() {
                return Some(item);
            }
            let Some((file, mut source)) = self.open.take() else {
                let (file, input) = self.inputs.next()?;
                match self.open_input(file, input) {
                    Ok(source) => self.open = Some((file, source)),
                    Err(error) => self.queued.push_back(Item::Failed { file, error }),
                }
                continue;
            };
            let mut games = Vec::with_capacity(BATCH_GAMES);
            let filled = self.fill(&mut source, &mut games);
            if !games.is_empty() {
                self.queued.push_back(Item::Games { file, games });
            }
            match filled {
                Ok(Fill::Full) => self.open = Some((file, source)),
                Ok(Fill::Rejected(error)) => {
                    self.queued.push_back(Item::Rejected { file, error });
                    self.open = Some((file, source));
                }
                Ok(Fill::End) => self.close(source),
                // Reading failed part-way: after the games before it.
                Err(error) => {
                    self.close(source);
                    self.queued.push_back(Item::Failed { file, error });
                }
            }
        }
    }

    fn open_input(&mut self, file: usize, input: &inputs::Input) -> io::Result<Source> {
        let on_disk = Arc::clone(&self.bytes.on_disk);
        let mut source = BufReader::with_capacity(1 << 16, input.open_counted(on_disk)?);
        if !looks_like_json(source.fill_buf()?) {
            let reader = Reader::new(source, self.read.clone());
            return Ok(Source::Pdn(Box::new(reader)));
        }
        self.queued.push_back(Item::Json { file });
        Ok(Source::Json(source, 0))
    }

    /// Reads games into `games` until the batch is full or the file says something else.
    fn fill(&self, source: &mut Source, games: &mut Vec<Game>) -> io::Result<Fill> {
        match source {
            Source::Pdn(reader) => {
                let mut fill = BatchFill::default();
                while !fill.is_full() {
                    match reader.next() {
                        Some(game) => {
                            let game = game?;
                            fill.add(u64::from(game.span.len));
                            games.push(game);
                        }
                        None => return Ok(Fill::End),
                    }
                }
            }
            Source::Json(source, line) => {
                let mut text = Vec::new();
                // A line is read with a limit, as the PDN reader reads a game (a file of one
                // endless line must not fill the memory).
                let limit = json_line_limit(self.read);
                let mut fill = BatchFill::default();
                while !fill.is_full() {
                    text.clear();
                    if Read::by_ref(source)
                        .take(limit + 1)
                        .read_until(b'\n', &mut text)?
                        == 0
                    {
                        return Ok(Fill::End);
                    }
                    *line += 1;
                    self.bytes
                        .read
                        .fetch_add(text.len() as u64, Ordering::Relaxed);
                    if text.len() as u64 > limit && text.last() != Some(&b'\n') {
                        let rest = skip_line(source)?;
                        self.bytes.read.fetch_add(rest, Ordering::Relaxed);
                        return Ok(Fill::Rejected(JsonGameError {
                            line: *line,
                            column: 1,
                            message: format!(
                                "the line is longer than {} MiB, the most a game's JSON may take; skipped",
                                limit >> 20
                            ),
                        }));
                    }
                    if text.iter().all(u8::is_ascii_whitespace) {
                        continue;
                    }
                    match json::read_game(text.trim_ascii_end(), *line) {
                        Ok(game) => {
                            // (The JSON's length: a game's JSON is several times its PDN.)
                            fill.add(text.len() as u64);
                            games.push(game);
                        }
                        Err(error) => return Ok(Fill::Rejected(error)),
                    }
                }
            }
        }
        Ok(Fill::Full)
    }

    /// A file read to its end (or to an error): the PDN reader's bytes join the summary's.
    fn close(&self, source: Source) {
        if let Source::Pdn(reader) = source {
            self.bytes
                .read
                .fetch_add(reader.bytes_consumed(), Ordering::Relaxed);
        }
    }
}

/// Bytes counted as the inputs are read: as on disk (for the bar, against the files' sizes)
/// and as read (decompressed, for the summary, as `check` counts them).
#[derive(Default)]
struct Bytes {
    on_disk: Arc<AtomicU64>,
    read: AtomicU64,
}

/// The longest JSON line read as a game: 16 times the largest game the PDN reader reads
/// ([`ReadOptions::max_game_bytes`], 16 MiB: 256 MiB), as the JSON of a game gives each of its
/// tokens a span and is that much longer than its PDN.
fn json_line_limit(read: &ReadOptions) -> u64 {
    (read.max_game_bytes as u64).saturating_mul(16)
}

/// Reads past the rest of a line (through its `\n`, or to the end of input) without keeping
/// it; returns the bytes read.
fn skip_line(source: &mut impl BufRead) -> io::Result<u64> {
    let mut skipped = 0u64;
    loop {
        let buf = source.fill_buf()?;
        if buf.is_empty() {
            return Ok(skipped);
        }
        match memchr::memchr(b'\n', buf) {
            Some(at) => {
                source.consume(at + 1);
                return Ok(skipped + at as u64 + 1);
            }
            None => {
                let n = buf.len();
                source.consume(n);
                skipped += n as u64;
            }
        }
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
                    level: Level::Error,
                    code: Code::NotWritable,
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
        encoding: game.encoding,
        moves: game.moves.len() as u64,
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
                        code: n.code.as_str(),
                        message: &n.message,
                        span: n.span,
                        context: format!("game {}", game.index),
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
        self.out.write_all(game.text.as_bytes())
    }

    fn fail(&mut self, file: usize, error: &io::Error) {
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

/// pdnkit's JSON starts with `{"`; a PDN file starting with `{` is a comment.
fn looks_like_json(head: &[u8]) -> bool {
    let mut bytes = head.iter().copied().skip_while(u8::is_ascii_whitespace);
    bytes.next() == Some(b'{') && bytes.find(|b| !b.is_ascii_whitespace()) == Some(b'"')
}
