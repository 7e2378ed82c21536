//! `pdnkit filter`: the games of archives that match every predicate, written as they were
//! written (default), as canonical PDN, or as pdnkit's JSON game model. Matching and rendering
//! run on the workers; games are written in input order, so the output is the same for any
//! `--jobs`, and memory stays flat.
//!
//! `--not` negates the predicate that follows it on the command line, so the order of the
//! arguments matters; clap's derive only gives each option's values, so the predicates are put
//! back in command-line order from the argument indices clap records ([`predicates`]).

use super::archive::{GameRun, ReadArgs, RunTotals};
use super::conventions::{JSON_HELP, JSONL_HELP, Output, Quiet};
use super::{ColorWhen, Outcome, destination};
use clap::{ArgAction, ArgMatches, Args, ValueEnum};
use pdnkit::archive::filter::{
    DateRange, Field, Filter, FilterError, PlyRange, Predicate, ResultWanted, Test,
};
use pdnkit::archive::source;
use pdnkit::convert::unnumbered::UnnumberedJson;
use pdnkit::convert::{Converter, Options, pdn};
use pdnkit::pipeline::PerGame;
use pdnkit::reader::Game;
use pdnkit::report::envelope::{Document, Lines};
use pdnkit::report::human::{self, RunCounts, Style, escape_controls};
use pdnkit::variant::Variant;
use serde_json::json;
use std::io::{self, IsTerminal, Write};

#[derive(Args)]
#[command(after_help = super::LIMITS_HELP)]
pub struct FilterArgs {
    #[command(flatten)]
    read: ReadArgs,
    /// White or Black contains NAME (any case; a regular expression with --regex). Repeatable,
    /// like every predicate: all must hold.
    #[arg(long, value_name = "NAME", help_heading = "Predicates")]
    player: Vec<String>,
    /// The White tag contains NAME.
    #[arg(long, value_name = "NAME", help_heading = "Predicates")]
    white: Vec<String>,
    /// The Black tag contains NAME.
    #[arg(long, value_name = "NAME", help_heading = "Predicates")]
    black: Vec<String>,
    /// The player who won contains NAME: White's tag when the result recorded is White's win,
    /// Black's when it is Black's, read as --result reads results (`1-0` is the first mover's
    /// win: Black's in English); no draw or unfinished game matches.
    #[arg(long, value_name = "NAME", help_heading = "Predicates")]
    winner: Vec<String>,
    /// The player who lost contains NAME (as --winner, the other side).
    #[arg(long, value_name = "NAME", help_heading = "Predicates")]
    loser: Vec<String>,
    /// The Event tag contains TEXT.
    #[arg(long, value_name = "TEXT", help_heading = "Predicates")]
    event: Vec<String>,
    /// The Site tag contains TEXT.
    #[arg(long, value_name = "TEXT", help_heading = "Predicates")]
    site: Vec<String>,
    /// The Date lies wholly in FROM..TO (YYYY, YYYY.MM or YYYY.MM.DD; `1900..`, `..1950`, or one
    /// date): `1841.??.??` is in `1841..1850`, not in `1841.06..1850`.
    #[arg(long, value_name = "FROM..TO", value_parser = DateRange::parse, help_heading = "Predicates")]
    date: Vec<DateRange>,
    /// The result recorded (Result tag, else the terminator): a token (1-0, 0-1, 1/2-1/2, *,
    /// 2-0, 0-2, 1-1, 0-0) as written, or `white`, `black` (a win by that side in any scoring)
    /// or `draw`.
    #[arg(long, value_name = "RESULT", value_parser = ResultWanted::parse, help_heading = "Predicates")]
    result: Vec<ResultWanted>,
    /// The game's variant (as read: GameType, Variant tag, --variant, or inferred). Not
    /// `--variant`, which says how to read games without a GameType.
    #[arg(long, value_name = "VARIANT", help_heading = "Predicates")]
    variant_is: Vec<Variant>,
    /// Main-line moves recorded (plies) in MIN..MAX (`40..`, `..20` or one number).
    #[arg(long, value_name = "MIN..MAX", value_parser = PlyRange::parse, help_heading = "Predicates")]
    plies: Vec<PlyRange>,
    /// Checking the game finds CODE (`E-ILLEGAL-MOVE`; `pdnkit explain --all` lists them).
    #[arg(long, value_name = "CODE", value_parser = Test::has, help_heading = "Predicates")]
    has: Vec<Test>,
    /// The main line reaches this position (the start included), with the same side to move.
    #[arg(long, value_name = "FEN", value_parser = Test::position, help_heading = "Predicates")]
    position: Vec<Test>,
    /// The main line starts with these moves (`"1. 11-15 23-19"`), compared as the legal moves
    /// they name, not as text.
    #[arg(long, value_name = "MOVES", value_parser = Test::opening, help_heading = "Predicates")]
    opening: Vec<Test>,
    /// Negate the predicate that follows (`--not --player X --event Y`: not X, and Y).
    // Appended, not counted: clap records the place of every occurrence only then.
    #[arg(long, num_args = 0, default_missing_value = "true", action = ArgAction::Append, help_heading = "Predicates")]
    not: Vec<bool>,
    /// Read NAME and TEXT of --player, --white, --black, --winner, --loser, --event and --site as regular
    /// expressions (the regex crate's syntax; any case unless `(?-i)`).
    #[arg(long, help_heading = "Predicates")]
    regex: bool,
    /// Output: the games as written, canonical PDN, or pdnkit's JSON game model. (`--to` is its
    /// old name.)
    #[arg(long, value_enum, default_value_t = Format::Source, alias = "to")]
    format: Format,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    quiet: Quiet,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The games as written
    Source,
    /// Canonical PDN 3.0
    Pdn,
    #[value(help = JSON_HELP)]
    Json,
    #[value(help = JSONL_HELP)]
    Jsonl,
}

/// Version of `--format json` and `--format jsonl`'s envelope (each game is `schema/game.json`).
const SCHEMA: &str = "pdnkit-filter/1";

const LINES: Lines = Lines { schema: SCHEMA };

/// The predicate options, by clap id.
const PREDICATES: &[&str] = &[
    "player",
    "white",
    "black",
    "winner",
    "loser",
    "event",
    "site",
    "date",
    "result",
    "variant_is",
    "plies",
    "has",
    "position",
    "opening",
];

/// The predicates in command-line order, each negated when a `--not` comes right before it
/// (only other options between them).
fn predicates(args: &FilterArgs, matches: &ArgMatches) -> Result<Vec<Predicate>, String> {
    let text = |field, values: &[String]| -> Result<Vec<Test>, FilterError> {
        values
            .iter()
            .map(|v| Test::text(field, v, args.regex))
            .collect()
    };
    let tests = |id: &str| -> Result<Vec<Test>, FilterError> {
        Ok(match id {
            "player" => text(Field::Player, &args.player)?,
            "white" => text(Field::White, &args.white)?,
            "black" => text(Field::Black, &args.black)?,
            "winner" => text(Field::Winner, &args.winner)?,
            "loser" => text(Field::Loser, &args.loser)?,
            "event" => text(Field::Event, &args.event)?,
            "site" => text(Field::Site, &args.site)?,
            "date" => args.date.iter().copied().map(Test::Date).collect(),
            "result" => args.result.iter().cloned().map(Test::Result).collect(),
            "variant_is" => args.variant_is.iter().copied().map(Test::Variant).collect(),
            "plies" => args.plies.iter().copied().map(Test::Plies).collect(),
            "has" => args.has.clone(),
            "position" => args.position.clone(),
            "opening" => args.opening.clone(),
            _ => unreachable!("not a predicate: {id}"),
        })
    };
    let mut placed: Vec<(usize, Test)> = Vec::new();
    for id in PREDICATES {
        let tests = tests(id).map_err(|e| e.to_string())?;
        let indices = matches.indices_of(id).into_iter().flatten();
        placed.extend(indices.zip(tests));
    }
    placed.sort_by_key(|(at, _)| *at);
    let mut negated = vec![false; placed.len()];
    for not in matches.indices_of("not").into_iter().flatten() {
        let Some(next) = placed.iter().position(|(at, _)| *at > not) else {
            return Err("--not must come before the predicate it negates".into());
        };
        if negated[next] {
            return Err("two --not before one predicate".into());
        }
        negated[next] = true;
    }
    Ok(placed
        .into_iter()
        .zip(negated)
        .map(|((_, test), negated)| Predicate { test, negated })
        .collect())
}

/// What a worker hands back for each game.
struct Item {
    index: u64,
    moves: u64,
    /// Set for a matching game: its text in the output format.
    output: Option<Rendered>,
}

enum Rendered {
    Text(String),
    Json(UnnumberedJson),
    /// Why the game cannot be written in the format asked for.
    Unwritable(String),
}

impl PerGame for Item {
    fn shift_index(&mut self, by: u64) {
        self.index += by;
    }
}

/// A matching game in the output format (without the JSON envelope).
fn render(game: &Game, to: Format) -> Rendered {
    match to {
        Format::Source => match &game.source {
            Some(source) => Rendered::Text(source.to_string()),
            None => Rendered::Unwritable("too large to copy as written".into()),
        },
        Format::Pdn => {
            let mut game = game.clone();
            Converter::new(Options::default()).convert(&mut game);
            let mut text = String::new();
            match pdn::write_game(&game, &mut text) {
                Ok(()) => Rendered::Text(text),
                Err(e) => Rendered::Unwritable(format!("not writable as canonical PDN: {e}")),
            }
        }
        // A worker sees a game numbered within its chunk; the pipeline puts the number right
        // afterwards (`shift_index`), so the sink writes the JSON with it.
        Format::Json | Format::Jsonl => match UnnumberedJson::of(game) {
            Ok(json) => Rendered::Json(json),
            Err(e) => Rendered::Unwritable(e),
        },
    }
}

pub fn run(args: FilterArgs, matches: &ArgMatches, color: ColorWhen) -> io::Result<Outcome> {
    let predicates = match predicates(&args, matches) {
        Ok(p) => p,
        Err(message) => {
            eprintln!("pdnkit: filter: {}", escape_controls(&message));
            return Ok(Outcome::Failure);
        }
    };
    let to = args.format;
    let (run, mut run_files) = GameRun::new(&args.read, to == Format::Source)?;
    let run = run.quiet(args.quiet);
    let filter = Filter::new(predicates, run.check_options().clone());
    let names = run.names.clone();
    let (out, pending) = destination::open(args.output.path(), &mut run_files)?;
    let mut out = out.buffered(Some(&run.bar));
    let mut document = match to {
        Format::Json => Some(Document::start(&mut out, SCHEMA, "games")?),
        _ => None,
    };
    let (mut matched, mut moves, mut problems) = (0u64, 0u64, 0u64);
    let mut seam = source::Seam::default();
    let bar = run.bar.clone();
    let totals = run.run(
        |game| Item {
            index: game.index,
            moves: game.moves.len() as u64,
            output: filter.matches(game).then(|| render(game, to)),
        },
        |file, item| {
            moves += item.moves;
            let output = match item.output {
                None => return Ok(()),
                Some(Rendered::Unwritable(why)) => {
                    problems += 1;
                    let message = format!(
                        "{} game {}: {why}; it is not in the output",
                        names[file], item.index
                    );
                    bar.suspend(|| eprintln!("pdnkit: {}", escape_controls(&message)));
                    return Ok(());
                }
                Some(output) => output,
            };
            matched += 1;
            match (output, &mut document) {
                (Rendered::Text(text), _) if to == Format::Source => {
                    seam.write(&mut out, Some((file, item.index)), &text)
                }
                // Each canonical game ends with a blank line, as `convert` writes them.
                (Rendered::Text(text), _) => out.write_all(text.as_bytes()),
                (Rendered::Json(json), Some(document)) => {
                    document.item(&mut out)?;
                    write!(out, "{{\"file\":{},\"game\":", json!(names[file]))?;
                    json.write(item.index, &mut out)?;
                    out.write_all(b"}")
                }
                (Rendered::Json(json), None) => {
                    LINES.game(&mut out, &names[file], |out| json.write(item.index, out))
                }
                (Rendered::Unwritable(_), _) => unreachable!("reported above"),
            }
        },
    )?;
    let counts = RunCounts {
        moves,
        ..totals.counts
    };
    let totals_json = json!({
        "files": counts.files,
        "games": counts.games,
        "matched": matched,
        "unreadable_files": totals.counts.unreadable,
    });
    match (to, document) {
        (Format::Source, _) => seam.finish(&mut out)?,
        (Format::Json, Some(document)) => document.finish(&mut out, &totals_json)?,
        (Format::Jsonl, _) => LINES.summary(&mut out, &totals_json)?,
        _ => {}
    }
    out.flush()?;
    drop(out);
    pending.settle(totals.failure().as_deref())?;
    if args.quiet.summary() {
        write_summary(color, counts, &totals, matched)?;
    }
    // As grep: 0 when a game matched, 1 when none did. An unreadable input or a run without
    // games fails (2) as in every command, and so does a matching game that could not be
    // written (1 would say that nothing matched).
    Ok(match totals.outcome(u64::from(matched == 0)) {
        Outcome::Clean | Outcome::Findings if problems > 0 => Outcome::Failure,
        outcome => outcome,
    })
}

fn write_summary(
    color: ColorWhen,
    counts: RunCounts,
    totals: &RunTotals,
    matched: u64,
) -> io::Result<()> {
    let style = Style {
        colour: color.colour(io::stderr().is_terminal()),
    };
    let mut err = io::stderr().lock();
    human::write_run_line(&mut err, style, "read", counts, totals.counts.elapsed)?;
    writeln!(err, "matched {matched} of {} games", counts.games)
}
