//! `pdnkit parse`: read PDN and print the parsed games (JSON, JSON Lines) or, by default, what
//! the reader found in them.

use super::{ColorWhen, Outcome, RunSummary, destination, inputs, output};
use clap::{Args, ValueEnum};
use pdnkit::reader::{Encoding, ReadOptions, Reader, Severity};
use pdnkit::report::human::Style;
use pdnkit::report::human::escape_controls;
use pdnkit::variant::Variant;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(Args)]
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
    /// byte order mark; `utf-16` for UTF-16 without one).
    #[arg(long, value_parser = parse_encoding)]
    encoding: Option<Encoding>,
    /// Also list notes (variant inferred, encoding, ...) in human output.
    #[arg(long)]
    notes: bool,
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

/// Counts for the closing summary.
#[derive(Default, Serialize)]
struct Totals {
    files: u64,
    games: u64,
    moves: u64,
    bytes: u64,
    errors: u64,
    warnings: u64,
    by_code: BTreeMap<String, u64>,
}

#[derive(Serialize)]
struct FileReport {
    path: String,
    games: Vec<pdnkit::reader::Game>,
}

pub fn run(args: ParseArgs, color: ColorWhen) -> io::Result<Outcome> {
    let inputs = inputs::expand(&args.paths);
    let options = ReadOptions {
        strict: args.strict,
        default_variant: args.variant,
        encoding: args.encoding,
        ..ReadOptions::default()
    };
    let (out, pending) = destination::open(None, &inputs)?;
    let style = Style {
        colour: out.colour(color),
    };
    let mut out = out.buffered(None);
    let mut totals = Totals::default();
    let mut documents = Vec::new();
    let started = std::time::Instant::now();
    let mut failed_inputs = 0;

    for input in &inputs {
        let name = input.name();
        let source = match input.open() {
            Ok(source) => source,
            Err(error) => {
                eprintln!("pdnkit: {}", escape_controls(&format!("{name}: {error}")));
                failed_inputs += 1;
                continue;
            }
        };
        totals.files += 1;
        let mut reader = Reader::new(source, options.clone());
        let mut games = Vec::new();
        for game in &mut reader {
            let game = match game {
                Ok(game) => game,
                Err(error) => {
                    eprintln!("pdnkit: {}", escape_controls(&format!("{name}: {error}")));
                    failed_inputs += 1;
                    break;
                }
            };
            totals.games += 1;
            totals.moves += game.moves.moves.len() as u64;
            for d in &game.diagnostics {
                match d.severity {
                    Severity::Error => totals.errors += 1,
                    Severity::Warning => totals.warnings += 1,
                    Severity::Note => {}
                }
                if d.severity != Severity::Note {
                    *totals.by_code.entry(d.code.to_string()).or_default() += 1;
                }
            }
            match args.format {
                Format::Human => {
                    let path = input.source_file();
                    for d in &game.diagnostics {
                        if d.severity == Severity::Note && !args.notes {
                            continue;
                        }
                        output::write_diagnostic(&mut out, style, &name, path, game.index, d)?;
                    }
                }
                Format::Jsonl => {
                    // Written field by field: the game is not copied into a `Value` first.
                    write!(
                        out,
                        "{{\"type\":\"game\",\"file\":{},\"data\":",
                        serde_json::Value::from(name.as_str())
                    )?;
                    serde_json::to_writer(&mut out, &game)?;
                    out.write_all(b"}\n")?;
                }
                Format::Json => games.push(game),
            }
        }
        totals.bytes += reader.bytes_consumed();
        if args.format == Format::Json {
            documents.push(FileReport { path: name, games });
        }
    }

    match args.format {
        Format::Json => {
            let document = serde_json::json!({
                "schema": "pdnkit-parse/1",
                "files": documents,
                "totals": totals,
            });
            serde_json::to_writer_pretty(&mut out, &document)?;
            out.write_all(b"\n")?;
        }
        Format::Jsonl => {
            serde_json::to_writer(
                &mut out,
                &serde_json::json!({"type": "summary", "data": totals}),
            )?;
            out.write_all(b"\n")?;
        }
        Format::Human => write_summary(&mut out, style, &totals, started.elapsed())?,
    }
    out.flush()?;
    drop(out);
    pending.commit()?;
    Ok(RunSummary {
        failed_inputs,
        games: totals.games,
        failing_findings: totals.errors,
        ..RunSummary::default()
    }
    .outcome())
}

fn write_summary(
    out: &mut impl Write,
    style: Style,
    totals: &Totals,
    elapsed: std::time::Duration,
) -> io::Result<()> {
    let seconds = elapsed.as_secs_f64().max(1e-9);
    writeln!(
        out,
        "{} {} files, {} games, {} moves, {:.1} MB in {:.2}s ({:.0} games/s)",
        style.bold("read"),
        totals.files,
        totals.games,
        totals.moves,
        totals.bytes as f64 / 1e6,
        seconds,
        totals.games as f64 / seconds
    )?;
    writeln!(
        out,
        "{} errors, {} warnings",
        totals.errors, totals.warnings
    )?;
    let width = totals.by_code.keys().map(String::len).max().unwrap_or(0);
    for (code, count) in &totals.by_code {
        writeln!(out, "  {code:<width$}  {count:>7}")?;
    }
    Ok(())
}
