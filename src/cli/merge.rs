//! `pdnkit merge`: several archives into one, each game as it was written; optionally sorted by
//! date and round, and with `Round` renumbered per event when asked.

use super::archive::{GameRun, ReadArgs};
use super::conventions::{Output, Quiet};
use super::{ColorWhen, Outcome, destination};
use clap::Args;
use pdnkit::archive::merge::{DateKey, compare_dates, compare_rounds, set_tag_value};
use pdnkit::archive::source::SourceWriter;
use pdnkit::pipeline::PerGame;
use pdnkit::report::human::{self, Style, escape_controls};
use std::collections::HashMap;
use std::io::{self, Write};

#[derive(Args)]
pub struct MergeArgs {
    #[command(flatten)]
    read: ReadArgs,
    #[command(flatten)]
    output: Output,
    /// Order the games by date, then round (numerically); games without a date last, ties in
    /// input order. Holds every game in memory until the end.
    #[arg(long)]
    sort: bool,
    /// Number the rounds of each event 1, 2, 3, ... in the output's order (games of one event
    /// with the same Round keep one number); a game without a Round tag gets one.
    #[arg(long)]
    renumber_rounds: bool,
    #[command(flatten)]
    quiet: Quiet,
}

/// What a worker hands back for each game.
struct Item {
    index: u64,
    file: usize,
    moves: u64,
    date: Option<DateKey>,
    round: Option<String>,
    event: Option<String>,
    source: Option<Box<str>>,
}

impl PerGame for Item {
    fn shift_index(&mut self, by: u64) {
        self.index += by;
    }
}

pub fn run(args: MergeArgs, color: ColorWhen) -> io::Result<Outcome> {
    let (run, mut run_files) = GameRun::new(&args.read, true)?;
    let run = run.quiet(args.quiet);
    let names = run.names.clone();
    let (out, pending) = destination::open(args.output.path(), &mut run_files)?;
    let out = out.buffered(Some(&run.bar));
    let mut writer = SourceWriter::new(out);
    let hold = args.sort || args.renumber_rounds;
    let mut held: Vec<Item> = Vec::new();
    let mut moves = 0u64;
    let mut problems = 0u64;
    let bar = run.bar.clone();
    let mut say = |message: String| {
        problems += 1;
        bar.suspend(|| eprintln!("pdnkit: {}", escape_controls(&message)));
    };
    let tag = |game: &pdnkit::reader::Game, name: &str| {
        game.tag(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
            .map(str::to_string)
    };
    let totals = run.run(
        |game| Item {
            index: game.index,
            file: 0,
            moves: game.moves.len() as u64,
            date: game.tag("Date").and_then(DateKey::parse),
            round: tag(game, "Round"),
            event: tag(game, "Event"),
            source: game.source.clone(),
        },
        |file, mut item| {
            moves += item.moves;
            item.file = file;
            if hold {
                held.push(item);
                return Ok(());
            }
            match &item.source {
                Some(source) => writer.write(Some((file, item.index)), source),
                None => {
                    say(too_large(&names[item.file], item.index));
                    Ok(())
                }
            }
        },
    )?;
    if args.sort {
        held.sort_by(|a, b| {
            compare_dates(a.date, b.date)
                .then_with(|| compare_rounds(a.round.as_deref(), b.round.as_deref()))
        });
    }
    // New round numbers per event, in output order.
    let mut rounds: HashMap<Option<String>, HashMap<Option<String>, u64>> = HashMap::new();
    for item in held {
        let Some(source) = &item.source else {
            say(too_large(&names[item.file], item.index));
            continue;
        };
        if !args.renumber_rounds {
            writer.write(Some((item.file, item.index)), source)?;
            continue;
        }
        let numbers = rounds.entry(item.event.clone()).or_default();
        let next = numbers.len() as u64 + 1;
        let number = *numbers.entry(item.round.clone()).or_insert(next);
        match set_tag_value(source, "Round", &number.to_string()) {
            Some(renumbered) => writer.write(Some((item.file, item.index)), &renumbered)?,
            None => {
                say(format!(
                    "{} game {}: its Round tag is not written as [Round \"...\"]; left as it was",
                    names[item.file], item.index
                ));
                writer.write(Some((item.file, item.index)), source)?;
            }
        }
    }
    let written = writer.games();
    let mut out = writer.finish()?;
    out.flush()?;
    drop(out);
    pending.settle(totals.failure().as_deref())?;
    if args.quiet.summary() {
        let style = Style {
            colour: color.colour(io::IsTerminal::is_terminal(&io::stderr())),
        };
        let mut err = io::stderr().lock();
        let counts = human::RunCounts {
            moves,
            ..totals.counts
        };
        human::write_run_line(&mut err, style, "read", counts, totals.counts.elapsed)?;
        writeln!(err, "merged {written} games")?;
    }
    Ok(totals.outcome(problems))
}

fn too_large(name: &str, index: u64) -> String {
    format!("{name} game {index}: too large to copy as written; it is not in the output")
}
