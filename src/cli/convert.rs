//! `pdnkit convert`: PDN (any dialect) or pdnkit's JSON in; canonical PDN, JSON or positions
//! out, one game at a time (constant memory). Findings and repairs go to standard error.

use super::Outcome;
use super::inputs;
use clap::{Args, ValueEnum};
use pdnkit::convert::{Captures, Converter, Options, pdn, positions};
use pdnkit::reader::{Encoding, Game, ReadOptions, Reader};
use pdnkit::report::FileInfo;
use pdnkit::report::human::{Headline, Style, write_located};
use pdnkit::variant::{SquareNotation, Variant};
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
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
    /// Write to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Variant of games without a GameType tag (a name such as `english`, or a GameType number).
    #[arg(long)]
    variant: Option<Variant>,
    /// Character set of PDN input (default: UTF-8, else detected Windows-1252/1251).
    #[arg(long, value_parser = super::parse::parse_encoding)]
    encoding: Option<Encoding>,
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

pub fn run(args: ConvertArgs) -> io::Result<Outcome> {
    let inputs = inputs::expand(&args.paths)?;
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
    let out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(std::fs::File::create(path)?),
        None => Box::new(io::stdout().lock()),
    };
    let mut job = Job {
        out: io::BufWriter::with_capacity(1 << 16, out),
        converter: Converter::new(options),
        to: args.to,
        buf: String::new(),
        style: Style {
            colour: io::stderr().is_terminal(),
        },
        errors: 0,
    };
    let mut failed = false;
    for input in &inputs {
        let file = FileInfo {
            name: input.name(),
            path: input.source_file().map(PathBuf::from),
        };
        let result = input
            .open()
            .and_then(|source| job.convert_source(source, &file, &read));
        match result {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Err(e),
            Err(e) => {
                failed = true;
                eprintln!("pdnkit: {}: {e}", file.name);
            }
        }
    }
    job.out.flush()?;
    Ok(if failed {
        Outcome::Failure
    } else if job.errors > 0 {
        Outcome::Findings
    } else {
        Outcome::Clean
    })
}

struct Job<W: Write> {
    out: W,
    converter: Converter,
    to: To,
    buf: String,
    style: Style,
    errors: u64,
}

impl<W: Write> Job<W> {
    fn convert_source(
        &mut self,
        source: Box<dyn Read + Send>,
        file: &FileInfo,
        read: &ReadOptions,
    ) -> io::Result<()> {
        let mut source = BufReader::with_capacity(1 << 16, source);
        if looks_like_json(source.fill_buf()?) {
            let games = serde_json::Deserializer::from_reader(source).into_iter::<Game>();
            for game in games {
                let game = game.map_err(|e| {
                    io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("not a pdnkit JSON game: {e}"),
                    )
                })?;
                self.game(game, file)?;
            }
        } else {
            for game in Reader::new(source, read.clone()) {
                self.game(game?, file)?;
            }
        }
        Ok(())
    }

    fn game(&mut self, mut game: Game, file: &FileInfo) -> io::Result<()> {
        let report = self.converter.convert(&mut game);
        if !report.notices.is_empty() {
            let stderr = io::stderr();
            let mut err = stderr.lock();
            for n in &report.notices {
                let headline = Headline {
                    level: n.severity,
                    code: n.code,
                    message: &n.message,
                    span: n.span,
                    context: format!("game {}", game.index),
                };
                write_located(&mut err, self.style, file, &headline)?;
            }
        }
        self.errors += u64::from(report.errors);
        self.buf.clear();
        match self.to {
            To::Pdn => pdn::write_game(&game, &mut self.buf),
            To::Json => {
                serde_json::to_writer(&mut self.out, &game).map_err(io::Error::other)?;
                self.buf.push('\n');
            }
            To::Positions => {
                let id = format!("{}:{}", file.name, game.index);
                let result = game.result.as_ref().map_or("*", |r| r.kind.as_str());
                positions::write_positions(&id, result, &report.positions, &mut self.buf);
            }
        }
        self.out.write_all(self.buf.as_bytes())
    }
}

/// pdnkit's JSON starts with `{"`; a PDN file starting with `{` is a comment.
fn looks_like_json(head: &[u8]) -> bool {
    let mut bytes = head.iter().copied().skip_while(u8::is_ascii_whitespace);
    bytes.next() == Some(b'{') && bytes.find(|b| !b.is_ascii_whitespace()) == Some(b'"')
}
