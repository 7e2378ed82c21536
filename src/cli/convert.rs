//! `pdnkit convert`: PDN (any dialect) or pdnkit's JSON in; canonical PDN, JSON or positions
//! out. Games are read in order, converted on several threads and written in input order
//! (constant memory). Findings and repairs go to standard error.

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
    #[command(flatten)]
    walk: super::inputs::WalkArgs,
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
    let run = Run::new(inputs);
    let bar = Progress::new(
        run.total_bytes,
        super::progress::BYTES_BAR,
        Duration::from_secs(1),
    );
    let style = Style {
        colour: color.colour(io::stderr().is_terminal()),
    };
    let files = run.files.clone();
    let mut writer = ConvertWriter::new(
        io::BufWriter::with_capacity(1 << 16, out),
        files,
        &bar,
        style,
    );
    let pipeline_options = PipelineOptions {
        json_games: true,
        ..PipelineOptions::new(super::jobs(args.jobs), read, CheckOptions::default())
    };
    let to = match args.to {
        To::Pdn => convert::To::Pdn,
        To::Json => convert::To::Json,
        To::Positions => convert::To::Positions,
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
    if !args.quiet {
        totals.write_summary(&mut io::stderr().lock(), style)?;
    }
    Ok(summary.outcome())
}
