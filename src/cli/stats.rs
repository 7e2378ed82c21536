//! `pdnkit stats`: what an archive holds (games and plies by variant, results by colour, game
//! lengths, openings, draw rules, findings, players, events) as a table for people or one JSON
//! document, and, with `--svg DIR`, two charts.
//!
//! Every game is checked on the workers and summarised there; the summaries are folded in input
//! order, so the output is the same for any `--jobs`. The timing line goes to standard error,
//! so standard output depends on the input only.

use super::archive::{GameRun, ReadArgs};
use super::conventions::{JSON_HELP, Output, Quiet};
use super::files::RunFiles;
use super::{ColorWhen, Outcome, destination};
use clap::{Args, ValueEnum};
use pdnkit::archive::stats::{GameSummary, Stats, StatsOptions, json, svg, table};
use pdnkit::report::envelope;
use pdnkit::report::human::{self, Style};
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

#[derive(Args)]
#[command(after_help = super::LIMITS_HELP)]
pub struct StatsArgs {
    #[command(flatten)]
    read: ReadArgs,
    /// Plies that make an opening (3: English's three-move ballot).
    #[arg(long, value_name = "N", default_value_t = 3)]
    opening_moves: usize,
    /// Rows of the openings, players and events lists.
    #[arg(long, value_name = "N", default_value_t = 10)]
    top: usize,
    /// Output: tables for people, or one JSON document (schema/stats-report.json).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Also write two charts into DIR (created if missing, once the run has succeeded):
    /// results.svg (results by colour) and lengths.svg (the length histogram).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    quiet: Quiet,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Aligned tables
    Human,
    #[value(help = JSON_HELP)]
    Json,
}

pub fn run(args: StatsArgs, color: ColorWhen) -> io::Result<Outcome> {
    // Refused before the run: a chart directory that cannot be one.
    if let Some(dir) = &args.svg
        && dir.exists()
        && !dir.is_dir()
    {
        return Err(named(
            dir,
            io::Error::other("exists and is not a directory"),
        ));
    }
    let (run, mut run_files) = GameRun::new(&args.read, false)?;
    let run = run.quiet(args.quiet);
    let names = run.names.clone();
    let options = StatsOptions {
        opening_plies: args.opening_moves,
        check: run.check_options().clone(),
    };
    let (out, pending) = destination::open(args.output.path(), &mut run_files)?;
    let style = Style {
        colour: out.colour(color),
    };
    let mut out = out.buffered(Some(&run.bar));
    let mut stats = Stats::default();
    let totals = run.run(
        |game| GameSummary::of(game, &options),
        |file, summary| {
            stats.add(file, summary);
            Ok(())
        },
    )?;
    let failed = totals.counts.unreadable > 0 || totals.counts.games == 0;
    if totals.counts.games > 0 {
        match args.format {
            Format::Human => {
                let view = table::View {
                    top: args.top,
                    opening_plies: args.opening_moves,
                    names: &names,
                };
                table::write(&mut out, style, &stats, view)?;
            }
            Format::Json => {
                let context = json::Context {
                    top: args.top,
                    opening_plies: args.opening_moves,
                    names: &names,
                    files: totals.counts.files,
                    unreadable_files: totals.counts.unreadable,
                };
                envelope::write_whole(&mut out, &json::document(&stats, context))?;
            }
        }
    }
    out.flush()?;
    drop(out);
    pending.settle(totals.failure().as_deref())?;
    if args.quiet.summary() {
        let err_style = Style {
            colour: color.colour(io::stderr().is_terminal()),
        };
        let counts = human::RunCounts {
            moves: stats.plies,
            ..totals.counts
        };
        human::write_run_line(
            &mut io::stderr().lock(),
            err_style,
            "read",
            counts,
            totals.counts.elapsed,
        )?;
    }
    if failed {
        if totals.counts.games == 0 {
            eprintln!("pdnkit: no games found");
        }
        if args.svg.is_some() {
            eprintln!("pdnkit: no charts written (the run did not succeed)");
        }
        return Ok(Outcome::Failure);
    }
    if let Some(dir) = &args.svg {
        write_charts(dir, &stats, &names, &mut run_files)?;
    }
    Ok(Outcome::Clean)
}

/// Writes results.svg and lengths.svg into `dir` (each through a temporary file beside it, so
/// a failure never leaves half a chart), creating `dir` if needed. Nothing else in `dir` is
/// touched.
fn write_charts(
    dir: &Path,
    stats: &Stats,
    names: &[String],
    run_files: &mut RunFiles,
) -> io::Result<()> {
    fs::create_dir_all(dir).map_err(|e| named(dir, e))?;
    let charts = [
        (svg::RESULTS, svg::results(stats, names)),
        (svg::LENGTHS, svg::lengths(stats, names)),
    ];
    for (name, text) in charts {
        let path = dir.join(name);
        let (mut file, pending) = run_files.create(&path, "--svg")?;
        file.write_all(text.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| named(&path, e))?;
        drop(file);
        pending.settle(None)?;
    }
    Ok(())
}

fn named(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}
