//! `pdnkit dedup`: find the copies of a game in archives (the same main line from the same
//! start, tags ignored unless `--tags`), list them, or write the archive without them
//! (`--keep first`).

use super::archive::{GameRun, ReadArgs, RunTotals};
use super::conventions::{JSON_HELP, Output, Quiet};
use super::{ColorWhen, Outcome, destination};
use clap::{Args, ValueEnum};
use pdnkit::archive::dedup::{Dedup, GameKey, Group, KeyOptions, ROSTER, Verdict};
use pdnkit::archive::source::SourceWriter;
use pdnkit::report::envelope;
use pdnkit::report::human::{self, Style, escape_controls};
use serde_json::json;
use std::io::{self, Write};

#[derive(Args)]
pub struct DedupArgs {
    #[command(flatten)]
    read: ReadArgs,
    /// Copies must have the same seven tags (Event, Site, Date, Round, White, Black, Result)
    /// too; by default only the variant, start position and main line count.
    #[arg(long)]
    tags: bool,
    /// List only the near duplicates: copies whose tags or result differ from the first copy's.
    #[arg(long, conflicts_with = "keep")]
    near: bool,
    /// Write the games without their copies (the first copy of each game is kept, as written)
    /// instead of listing the copies; how many were dropped is said on standard error.
    #[arg(long, value_enum, value_name = "WHICH")]
    keep: Option<Keep>,
    #[command(flatten)]
    output: Output,
    /// Output of the listing.
    #[arg(long, value_enum, default_value_t = Format::Human, conflicts_with = "keep")]
    format: Format,
    #[command(flatten)]
    quiet: Quiet,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Keep {
    /// The first copy in input order.
    First,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The copies, grouped, then a summary
    Human,
    #[value(help = JSON_HELP)]
    Json,
}

/// Version of `--format json`'s shape.
const SCHEMA: &str = "pdnkit-dedup/1";

pub fn run(args: DedupArgs, color: ColorWhen) -> io::Result<Outcome> {
    let keep = args.keep.is_some();
    let (run, mut run_files) = GameRun::new(&args.read, keep)?;
    let run = run.quiet(args.quiet);
    let names = run.names.clone();
    let (out, pending) = destination::open(args.output.path(), &mut run_files)?;
    let style = Style {
        colour: out.colour(color),
    };
    let out = out.buffered(Some(&run.bar));
    let options = KeyOptions { tags: args.tags };
    let mut dedup = Dedup::default();
    let mut moves = 0u64;
    let mut unwritable: Vec<String> = Vec::new();
    let mut writer = SourceWriter::new(out);
    let bar = run.bar.clone();
    let totals = run.run(
        |game| GameKey::of(game, options, keep),
        |file, key| {
            moves += u64::from(key.plies);
            let verdict = dedup.add(file, &key);
            if !keep || verdict != Verdict::First {
                return Ok(());
            }
            match &key.source {
                Some(source) => writer.write(Some((file, key.index)), source),
                None => {
                    let message = format!(
                        "{} game {}: too large to copy as written; it is not in the output",
                        names[file], key.index
                    );
                    bar.suspend(|| eprintln!("pdnkit: {}", escape_controls(&message)));
                    unwritable.push(message);
                    Ok(())
                }
            }
        },
    )?;
    let totals = RunTotals {
        counts: pdnkit::report::human::RunCounts {
            moves,
            ..totals.counts
        },
    };
    let mut out = writer.finish()?;
    if keep {
        out.flush()?;
        drop(out);
        pending.settle(totals.failure().as_deref())?;
        if args.quiet.summary() {
            let mut err = io::stderr().lock();
            human::write_run_line(
                &mut err,
                style,
                "read",
                totals.counts,
                totals.counts.elapsed,
            )?;
            writeln!(
                err,
                "kept {} games, dropped {} duplicates",
                dedup.distinct() - unwritable.len() as u64,
                dedup.duplicates()
            )?;
        }
        return Ok(totals.outcome(unwritable.len() as u64));
    }
    let groups: Vec<&Group> = dedup
        .duplicate_groups()
        .filter(|g| !args.near || g.is_near())
        .collect();
    match args.format {
        Format::Human => {
            if args.quiet.lists() {
                for group in &groups {
                    write_group(&mut out, style, &names, group)?;
                }
            }
            if args.quiet.summary() {
                human::write_run_line(
                    &mut out,
                    style,
                    "read",
                    totals.counts,
                    totals.counts.elapsed,
                )?;
                write_summary(&mut out, &dedup, args.near, groups.len())?;
            }
        }
        Format::Json => write_json(&mut out, &names, &dedup, &groups, &totals)?,
    }
    out.flush()?;
    drop(out);
    pending.settle(totals.failure().as_deref())?;
    Ok(totals.outcome(groups.len() as u64))
}

/// `White - Black, Event, Date, Result`, from what the record has.
fn label(group: &Group) -> String {
    let roster = &group.roster;
    let mut parts = Vec::new();
    let (white, black) = (roster.get("White"), roster.get("Black"));
    if !white.is_empty() || !black.is_empty() {
        parts.push(format!(
            "{} - {}",
            if white.is_empty() { "?" } else { white },
            if black.is_empty() { "?" } else { black }
        ));
    }
    for name in ["Event", "Date"] {
        if !roster.get(name).is_empty() {
            parts.push(roster.get(name).to_string());
        }
    }
    let result = match roster.get("Result") {
        "" => group.terminator.unwrap_or(""),
        tag => tag,
    };
    if !result.is_empty() {
        parts.push(result.to_string());
    }
    parts.join(", ")
}

fn write_group(
    out: &mut dyn Write,
    style: Style,
    names: &[String],
    group: &Group,
) -> io::Result<()> {
    let head = format!(
        "{} copies of a {}-ply game",
        group.copies.len(),
        group.plies
    );
    let label = label(group);
    writeln!(
        out,
        "{}{}",
        style.paint("1", &head),
        if label.is_empty() {
            String::new()
        } else {
            format!(": {}", escape_controls(&label))
        }
    )?;
    let places: Vec<String> = group
        .copies
        .iter()
        .map(|c| format!("{}:{}", escape_controls(&names[c.file]), c.line))
        .collect();
    let width = places
        .iter()
        .map(|p| human::display_width(p))
        .max()
        .unwrap_or(0);
    let games: Vec<String> = group
        .copies
        .iter()
        .map(|c| format!("game {}", c.index))
        .collect();
    let game_width = games.iter().map(String::len).max().unwrap_or(0);
    for ((copy, place), game) in group.copies.iter().zip(&places).zip(&games) {
        let note = if copy.differs.is_empty() {
            String::new()
        } else {
            format!("  differs: {}", copy.differs.join(", "))
        };
        let place = human::pad_to(place, width);
        writeln!(out, "  {place}  {game:<game_width$}{note}")?;
    }
    writeln!(out)
}

fn write_summary(out: &mut dyn Write, dedup: &Dedup, near: bool, listed: usize) -> io::Result<()> {
    let all = dedup.duplicate_groups().count();
    let near_groups = dedup.duplicate_groups().filter(|g| g.is_near()).count();
    writeln!(
        out,
        "{} distinct games; {} copies of {} of them ({} with other tags or result){}",
        dedup.distinct(),
        dedup.duplicates(),
        all,
        near_groups,
        if near {
            format!("; {listed} listed (--near)")
        } else {
            String::new()
        }
    )
}

fn write_json(
    out: &mut dyn Write,
    names: &[String],
    dedup: &Dedup,
    groups: &[&Group],
    totals: &RunTotals,
) -> io::Result<()> {
    let groups: Vec<serde_json::Value> = groups
        .iter()
        .map(|g| {
            let tags: serde_json::Map<String, serde_json::Value> = ROSTER
                .iter()
                .filter(|n| !g.roster.get(n).is_empty())
                .map(|n| (n.to_string(), json!(g.roster.get(n))))
                .collect();
            json!({
                "moves": g.plies,
                "tags": tags,
                "terminator": g.terminator,
                "copies": g.copies.iter().map(|c| json!({
                    "file": names[c.file],
                    "game": c.index,
                    "line": c.line,
                    "differs": c.differs,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let body = json!({
        "groups": groups,
        "totals": {
            "files": totals.counts.files,
            "games": dedup.games(),
            "distinct": dedup.distinct(),
            "duplicates": dedup.duplicates(),
            "groups": dedup.duplicate_groups().count(),
            "near_groups": dedup.duplicate_groups().filter(|g| g.is_near()).count(),
            "unreadable_files": totals.counts.unreadable,
        },
    });
    envelope::write_whole(out, &envelope::whole(SCHEMA, body))
}
