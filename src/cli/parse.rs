//! `pdnkit parse`: read PDN and print the parsed games (JSON, JSON Lines) or, by default, what
//! the reader found in them.

use super::conventions::{JSON_HELP, JSONL_HELP, Output, Quiet};
use super::files::RunFiles;
use super::progress::Progress;
use super::{ColorWhen, Outcome, RunSummary, destination, inputs};
use clap::{Args, ValueEnum};
use pdnkit::check::CheckOptions;
use pdnkit::pipeline::PipelineOptions;
use pdnkit::pipeline::run::Run;
use pdnkit::reader::{Encoding, Game, ReadOptions};
use pdnkit::report::games::{GamesFormat, GamesWriter};
use pdnkit::report::human::Style;
use pdnkit::variant::Variant;
use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

#[derive(Args)]
#[command(after_help = super::LIMITS_HELP)]
pub struct ParseArgs {
    /// PDN or FEN files, directories (searched for *.pdn, *.pdn.gz, *.fen and files that start
    /// like records) or `-` for standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output: what the reader found, for people, or the games in pdnkit's JSON game model.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    #[command(flatten)]
    output: Output,
    /// Report every PDN 3.0 violation as an error.
    #[arg(long)]
    strict: bool,
    /// Variant of games without a GameType tag (a name such as `english`, or a GameType number).
    #[arg(long)]
    variant: Option<Variant>,
    #[command(flatten)]
    rules: super::rules::HouseRulesArg,
    /// Character set of the input (default: UTF-8, else detected Windows-1252/1251; UTF-16 with a
    /// byte order mark; `utf-16` for UTF-16 without one, its byte order read from its zero
    /// bytes; `utf-16le` or `utf-16be` to give the order).
    #[arg(long, value_parser = parse_encoding)]
    encoding: Option<Encoding>,
    /// Also list notes (variant inferred, encoding, ...) in human output.
    #[arg(long)]
    notes: bool,
    // `-q` still reads everything, so reading can be timed as a process beside `check`.
    #[command(flatten)]
    quiet: Quiet,
    #[command(flatten)]
    walk: super::inputs::WalkArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// What the reader found in each game, then a summary
    Human,
    #[value(help = JSON_HELP)]
    Json,
    #[value(help = JSONL_HELP)]
    Jsonl,
}

pub fn parse_encoding(text: &str) -> Result<Encoding, String> {
    Encoding::parse(text)
        .ok_or_else(|| format!("unknown encoding `{text}` (utf-8, windows-1252, windows-1251)"))
}

pub fn run(args: ParseArgs, color: ColorWhen) -> io::Result<Outcome> {
    let (default_variant, default_variant_from) = args.rules.apply(args.variant, "--variant")?;
    let inputs = inputs::expand(&args.paths, &args.walk)?;
    let options = ReadOptions {
        strict: args.strict,
        default_variant,
        default_variant_from,
        encoding: args.encoding,
        ..ReadOptions::default()
    };
    let mut run_files = RunFiles::new(&inputs)?;
    let (out, pending) = destination::open(args.output.path(), &mut run_files)?;
    let style = Style {
        colour: out.colour(color),
    };
    let run = Run::new(inputs);
    let bar = Progress::new(
        run.total_bytes,
        super::progress::BYTES_BAR,
        Duration::from_secs(1),
    )
    .drawn(args.quiet.summary());
    let format = match args.format {
        Format::Human => GamesFormat::Human {
            notes: args.notes,
            quiet: !args.quiet.lists(),
            summary: args.quiet.summary(),
        },
        Format::Json => GamesFormat::Json,
        Format::Jsonl => GamesFormat::JsonLines,
    };
    let files = run.files.clone();
    let mut writer = GamesWriter::new(out.buffered(Some(&bar)), format, style, &files)?;
    // Read on this thread: the games are printed as read.
    let options = PipelineOptions::new(1, options, CheckOptions::default());
    let counts = run.run_each(
        &options,
        Arc::new(bar.clone()),
        || |game: Box<Game>| game,
        &mut writer,
    )?;
    let totals = writer.finish(counts)?;
    bar.finish();
    let summary = RunSummary {
        failed_inputs: totals.findings.unreadable_files,
        games: totals.run.games,
        failing_findings: totals.findings.errors,
        ..RunSummary::default()
    };
    pending.settle(summary.failure().as_deref())?;
    Ok(summary.outcome())
}
