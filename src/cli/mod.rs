//! Command-line front end: argument definitions, then one module per subcommand.

mod check;
mod convert;
mod inputs;
mod output;
mod parse;
mod perft;
mod policy;
mod shell;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Read, replay, check and convert draughts game records (PDN).
#[derive(Parser)]
#[command(name = "pdnkit", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
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
    /// Count leaf positions of the move tree to DEPTH (`--divide` lists them per move).
    Perft(perft::PerftArgs),
    /// Print a shell completion script (`pdnkit completions bash > /etc/bash_completion.d/pdnkit`).
    Completions(shell::CompletionsArgs),
    /// Print the manual page in roff (`pdnkit man > pdnkit.1`).
    Man,
}

/// Exit codes: 0 clean, 1 findings, 2 usage or I/O error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Clean,
    Findings,
    Failure,
}

impl From<Outcome> for ExitCode {
    fn from(outcome: Outcome) -> ExitCode {
        ExitCode::from(match outcome {
            Outcome::Clean => 0,
            Outcome::Findings => 1,
            Outcome::Failure => 2,
        })
    }
}

/// The variants pdnkit replays, by name, for messages about the others.
fn replayable_names() -> String {
    let names: Vec<&str> = pdnkit::rules::variants::ALL
        .iter()
        .map(|r| r.variant.name())
        .collect();
    names.join(", ")
}

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { 2 } else { 0 });
        }
    };
    let outcome = match cli.command {
        Command::Check(args) => check::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Parse(args) => parse::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Completions(args) => shell::completions(args),
        Command::Man => shell::man(),
    };
    match outcome {
        Ok(outcome) => outcome.into(),
        // The reader of our output went away (`| head`): not an error.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("pdnkit: {error}");
            ExitCode::from(2)
        }
    }
}
