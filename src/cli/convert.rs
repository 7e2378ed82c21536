//! `pdnkit convert`: PDN (any dialect) or pdnkit's JSON in; canonical PDN, JSON or positions
//! out. Games are read in order, converted on several threads and written in input order
//! (constant memory). Findings and repairs go to standard error.

use super::{ColorWhen, Outcome, RunSummary, destination, inputs};
use clap::{Args, ValueEnum};
use pdnkit::convert::json::{self, JsonGameError};
use pdnkit::convert::{Captures, Converted, Converter, Notice, Options, pdn, positions};
use pdnkit::ordered;
use pdnkit::reader::{Encoding, Game, ReadOptions, Reader, Severity};
use pdnkit::report::FileInfo;
use pdnkit::report::human::escape_controls;
use pdnkit::report::human::{Headline, Style, write_located};
use pdnkit::variant::{SquareNotation, Variant};
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;

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
    let mut sink = Sink {
        out: io::BufWriter::with_capacity(1 << 16, out),
        style: Style {
            colour: color.colour(io::stderr().is_terminal()),
        },
        files: files.clone(),
        games: 0,
        errors: 0,
        failures: 0,
    };
    let jobs = super::jobs(args.jobs);
    let to = args.to;
    // This thread reads the games in order; the workers convert and render them; the sink
    // writes them in input order, so the output is the same for any number of jobs.
    ordered::map_in_order(
        jobs,
        |emit| read_games(&inputs, &read, emit),
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
    drop(sink.out);
    pending.commit()?;
    Ok(RunSummary {
        failed_inputs: sink.failures,
        games: sink.games,
        failing_findings: sink.errors,
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
    text: String,
    report: Converted,
}

/// Reads every input in order, in batches of games: PDN through the reader, pdnkit's JSON a
/// game a line.
fn read_games(
    inputs: &[inputs::Input],
    read: &ReadOptions,
    emit: &mut dyn FnMut(Item) -> io::Result<()>,
) -> io::Result<()> {
    for (file, input) in inputs.iter().enumerate() {
        let mut batch = Batch {
            file,
            games: Vec::with_capacity(BATCH_GAMES),
        };
        let outcome = read_input(input, read, &mut batch, emit);
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
    batch: &mut Batch,
    emit: &mut dyn FnMut(Item) -> io::Result<()>,
) -> io::Result<()> {
    let mut source = BufReader::with_capacity(1 << 16, input.open()?);
    if !looks_like_json(source.fill_buf()?) {
        for game in Reader::new(source, read.clone()) {
            batch.push(game?, emit)?;
        }
        return Ok(());
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
                    severity: Severity::Error,
                    code: "E-NOT-WRITABLE",
                    message: format!("{e}; the game is not written"),
                    span: e.span,
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
    games: u64,
    errors: u64,
    failures: u64,
}

impl<W: Write> Sink<W> {
    fn take(&mut self, done: Done) -> io::Result<()> {
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
                self.errors += 1;
                eprintln!(
                    "pdnkit: {}",
                    escape_controls(&format!("{}:{error}", self.files[file].name))
                );
            }
        }
        Ok(())
    }

    fn game(&mut self, file: usize, game: Rendered) -> io::Result<()> {
        if !game.report.notices.is_empty() {
            let stderr = io::stderr();
            let mut err = stderr.lock();
            for n in &game.report.notices {
                let headline = Headline {
                    level: n.severity,
                    code: n.code,
                    message: &n.message,
                    span: n.span,
                    context: format!("game {}", game.index),
                };
                write_located(&mut err, self.style, &self.files[file], &headline)?;
            }
        }
        self.games += 1;
        self.errors += u64::from(game.report.errors);
        self.out.write_all(game.text.as_bytes())
    }

    fn fail(&mut self, file: usize, error: &io::Error) {
        self.failures += 1;
        eprintln!(
            "pdnkit: {}",
            escape_controls(&format!("{}: {error}", self.files[file].name))
        );
    }
}

/// pdnkit's JSON starts with `{"`; a PDN file starting with `{` is a comment.
fn looks_like_json(head: &[u8]) -> bool {
    let mut bytes = head.iter().copied().skip_while(u8::is_ascii_whitespace);
    bytes.next() == Some(b'{') && bytes.find(|b| !b.is_ascii_whitespace()) == Some(b'"')
}
