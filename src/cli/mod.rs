//! Command-line front end: argument definitions, then one module per subcommand.

mod archive;
mod check;
mod conventions;
mod convert;
mod dedup;
mod destination;
mod explain;
mod files;
mod filter;
mod fix;
mod inputs;
mod manual;
mod merge;
mod outcome;
mod parse;
mod perft;
mod policy;
mod progress;
mod rules;
mod shell;
mod show;
mod split;
mod stats;

pub use outcome::{Outcome, RunSummary};

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use pdnkit::report::human::escape_controls;
use std::process::ExitCode;

/// Read, replay, check and convert draughts game records (PDN).
#[derive(Parser)]
#[command(name = "pdnkit", version, about)]
struct Cli {
    /// Colour: `auto` (on a terminal, unless NO_COLOR is set or TERM=dumb), `always`, `never`.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto, global = true)]
    color: ColorWhen,
    #[command(subcommand)]
    command: Command,
}

/// When to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

impl ColorWhen {
    /// Whether to colour a stream that is (or is not) a terminal.
    pub fn colour(self, terminal: bool) -> bool {
        match self {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => {
                terminal && !anstyle_query::no_color() && anstyle_query::term_supports_color()
            }
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Check PDN files: every move replayed through the variant's rules, results and draws
    /// judged; findings reported for people (default) or for CI.
    Check(check::CheckArgs),
    /// Convert games losslessly: canonical PDN 3.0, numeric or algebraic squares, short or
    /// full-path captures, the JSON game model, or one JSON line per position.
    Convert(convert::ConvertArgs),
    /// Read PDN files and print the parsed games (lossless) or what the reader found.
    Parse(parse::ParseArgs),
    /// Statistics of archives: games and plies by variant, results by colour, game lengths,
    /// openings, draw rules, findings, players and events (`--svg DIR` draws charts).
    Stats(stats::StatsArgs),
    /// Find the copies of a game in archives (same start and main line), list them, or write
    /// the archive without them (`--keep first`).
    Dedup(dedup::DedupArgs),
    /// Write the games that match every predicate (players, event, site, date, result,
    /// variant, length, a finding, a position reached, an opening; `--not` negates the next),
    /// as written, as canonical PDN or as JSON.
    Filter(filter::FilterArgs),
    /// Cut archives into files of N games (`--games`) or one per event, round, variant or year
    /// (`--by`), each game as written.
    Split(split::SplitArgs),
    /// Merge archives into one, each game as written; `--sort` by date and round,
    /// `--renumber-rounds` per event.
    Merge(merge::MergeArgs),
    /// Draw a position as SVG: a FEN (`--fen` with `--variant` or `--rules`), or a game of a
    /// file after `--ply` moves (`FILE --game N --ply K`).
    Show(show::ShowArgs),
    /// Explain a finding code: what it means, an example that triggers it, how to fix the record.
    Explain(explain::ExplainArgs),
    /// Count leaf positions of the move tree to DEPTH (`--divide` lists them per move).
    Perft(perft::PerftArgs),
    /// Print a variant's rules as the TOML file `--rules FILE.toml` reads (every switch, and the
    /// readings chosen where the sources leave a rule open).
    Rules(rules::RulesArgs),
    /// Print a shell completion script (`pdnkit completions bash > /etc/bash_completion.d/pdnkit`).
    Completions(shell::CompletionsArgs),
    /// Print the manual page in roff (`pdnkit man > pdnkit.1`), or write a page for every
    /// command into a directory (`--dir DIR`).
    Man(manual::ManArgs),
}

/// What a game may hold, for the help of the commands that read games (a macro, so that
/// `check` can put it after its own text with `concat!`).
macro_rules! limits_help {
    () => {
        "Limits per game (docs/limits.md): at most 16 MB of text (a larger game is reported,
E-GAME-TOO-LARGE, and skipped); variations nested at most 64 deep (deeper ones are kept as
text, E-NESTING-TOO-DEEP); at most 1000 findings of one code listed, the next one saying how
many more were left out (the text they are about is all kept). Memory: at most about 35 bytes
a byte of a game's text (about 560 MB for the largest game), for each of --jobs games at once."
    };
}
pub(crate) use limits_help;

const LIMITS_HELP: &str = limits_help!();

/// The variants pdnkit replays, by name, for messages about the others.
fn replayable_names() -> String {
    let names: Vec<&str> = pdnkit::rules::rulebook::ALL
        .iter()
        .map(|r| r.variant.name())
        .collect();
    names.join(", ")
}

pub fn main() -> ExitCode {
    // The matches are kept: `filter` reads the order of its arguments from them.
    let parsed = Cli::command()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches).map(|cli| (cli, matches)));
    let (cli, matches) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => {
            // `--help` and `--version` write to standard output: closed, they fail as every
            // command writing there does.
            if !error.use_stderr()
                && let Err(closed) = destination::require_stdout("")
            {
                eprintln!("pdnkit: {closed}");
                return ExitCode::from(2);
            }
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { 2 } else { 0 });
        }
    };
    // The commands that write only to standard output (no -o) need it open; the others check
    // when they open their output (destination::open).
    if matches!(
        cli.command,
        Command::Explain(_) | Command::Perft(_) | Command::Rules(_) | Command::Completions(_)
    ) && let Err(closed) = destination::require_stdout("")
    {
        eprintln!("pdnkit: {closed}");
        return ExitCode::from(2);
    }
    let outcome = match cli.command {
        Command::Check(args) => check::run(args, cli.color),
        Command::Convert(args) => convert::run(args, cli.color),
        Command::Parse(args) => parse::run(args, cli.color),
        Command::Perft(args) => perft::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Completions(args) => shell::completions(args),
        Command::Man(args) => manual::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Stats(args) => stats::run(args, cli.color),
        Command::Dedup(args) => dedup::run(args, cli.color),
        Command::Filter(args) => match matches.subcommand_matches("filter") {
            Some(sub) => filter::run(args, sub, cli.color),
            None => unreachable!("the filter subcommand has its matches"),
        },
        Command::Split(args) => split::run(args, cli.color),
        Command::Merge(args) => merge::run(args, cli.color),
        Command::Show(args) => show::run(args),
    };
    match outcome {
        Ok(outcome) => outcome.into(),
        // The reader of our output went away (`| head`): not an error.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("pdnkit: {}", escape_controls(&error.to_string()));
            ExitCode::from(2)
        }
    }
}
