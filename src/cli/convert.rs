//! `pdnkit convert`: PDN (any dialect) or pdnkit's JSON in; canonical PDN, JSON or positions
//! out. Games are read in order, converted on several threads and written in input order
//! (constant memory). Findings and repairs go to standard error.

use super::conventions::{JSONL_HELP, Jobs, Output, Quiet};
use super::files::RunFiles;
use super::progress::Progress;
use super::{ColorWhen, Outcome, RunSummary, destination, inputs};
use clap::{Args, ValueEnum};
use pdnkit::check::CheckOptions;
use pdnkit::convert::run::{self as convert, ConvertWriter, render};
use pdnkit::convert::{Captures, Converter, Options};
use pdnkit::pipeline::PipelineOptions;
use pdnkit::pipeline::run::Run;
use pdnkit::reader::{Encoding, ReadOptions};
use pdnkit::report::human::Style;
use pdnkit::variant::{SquareNotation, Variant};
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

#[derive(Args)]
#[command(after_help = super::LIMITS_HELP)]
pub struct ConvertArgs {
    /// PDN files, directories (searched for *.pdn), JSON Lines written by `convert --format
    /// jsonl`, or `-` for standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output: canonical PDN 3.0, the JSON game model a game a line, or one JSON line per
    /// main-line position. (`--to` is its old name, where `json` meant `jsonl`.)
    #[arg(long, value_enum, default_value_t = Format::Pdn)]
    format: Format,
    /// `--to`, the old name of `--format`, with its old values (`json`: `--format jsonl`).
    #[arg(long, value_enum, hide = true, conflicts_with = "format")]
    to: Option<OldTo>,
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
    #[command(flatten)]
    output: Output,
    /// Variant of games without a GameType tag (a name such as `english`, or a GameType number).
    #[arg(long)]
    variant: Option<Variant>,
    #[command(flatten)]
    rules: super::rules::HouseRulesArg,
    /// Character set of PDN input (default: UTF-8, else detected Windows-1252/1251).
    #[arg(long, value_parser = super::parse::parse_encoding)]
    encoding: Option<Encoding>,
    #[command(flatten)]
    jobs: Jobs,
    #[command(flatten)]
    quiet: Quiet,
    #[command(flatten)]
    walk: super::inputs::WalkArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Canonical PDN 3.0
    Pdn,
    #[value(help = JSONL_HELP)]
    Jsonl,
    /// JSON Lines: one JSON object a main-line position
    Positions,
}

/// The values of `--to` before it became `--format`: `json` was the JSON game model a game a
/// line, what `--format jsonl` names now (`json` names one document in every command).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OldTo {
    Pdn,
    Json,
    Positions,
}

impl From<OldTo> for Format {
    fn from(to: OldTo) -> Format {
        match to {
            OldTo::Pdn => Format::Pdn,
            OldTo::Json => Format::Jsonl,
            OldTo::Positions => Format::Positions,
        }
    }
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
    let format = args.to.map_or(args.format, Format::from);
    let (default_variant, default_variant_from) = args.rules.apply(args.variant, "--variant")?;
    let inputs = inputs::expand(&args.paths, &args.walk)?;
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
        keep_raw: format == Format::Jsonl,
        positions: format == Format::Positions,
    };
    let read = ReadOptions {
        default_variant,
        default_variant_from,
        encoding: args.encoding,
        ..ReadOptions::default()
    };
    let mut run_files = RunFiles::new(&inputs)?;
    let (out, pending) = destination::open(args.output.path(), &mut run_files)?;
    let run = Run::new(inputs);
    let bar = Progress::new(
        run.total_bytes,
        super::progress::BYTES_BAR,
        Duration::from_secs(1),
    )
    .drawn(args.quiet.summary());
    let style = Style {
        colour: color.colour(io::stderr().is_terminal()),
    };
    let files = run.files.clone();
    let mut writer = ConvertWriter::new(
        io::BufWriter::with_capacity(1 << 16, out),
        files,
        &bar,
        style,
    )
    .listing(args.quiet.lists());
    let pipeline_options = PipelineOptions {
        json_games: true,
        ..PipelineOptions::new(args.jobs.threads(), read, CheckOptions::default())
    };
    let to = match format {
        Format::Pdn => convert::To::Pdn,
        Format::Jsonl => convert::To::Json,
        Format::Positions => convert::To::Positions,
    };
    // Games are converted and rendered on the workers, each with a converter of its own, and
    // written in input order: the output is the same for any number of jobs.
    let counts = run.run_each(
        &pipeline_options,
        Arc::new(bar.clone()),
        || {
            let mut converter = Converter::new(options.clone());
            move |game| render(&mut converter, to, game)
        },
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
    if args.quiet.summary() {
        totals.write_summary(&mut io::stderr().lock(), style)?;
    }
    Ok(summary.outcome())
}
