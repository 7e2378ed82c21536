//! `pdnkit perft`: count the leaf positions of the move tree to a depth (the standard check of a
//! move generator against published tables).

use super::Outcome;
use clap::Args;
use pdnkit::rules::{Position, Rules, divide, perft};
use pdnkit::variant::Variant;
use std::io::{self, Write};

#[derive(Args)]
pub struct PerftArgs {
    /// Variant: a name (`international`, `english`, ...) or a PDN GameType number.
    #[arg(long)]
    variant: Variant,
    /// Start from this position (PDN FEN) instead of the initial one.
    #[arg(long)]
    fen: Option<String>,
    /// List each legal move with the leaf count below it.
    #[arg(long)]
    divide: bool,
    /// Depth in plies.
    depth: u32,
}

pub fn run(args: PerftArgs) -> io::Result<Outcome> {
    let Some(rules) = Rules::for_variant(args.variant) else {
        eprintln!(
            "pdnkit: the rules of {} are not implemented yet (pdnkit replays {})",
            args.variant,
            super::replayable_names()
        );
        return Ok(Outcome::Failure);
    };
    let position = match &args.fen {
        None => Position::initial(rules),
        Some(text) => {
            let setup = match pdnkit::fen::parse(text) {
                Ok(fen) => fen.setup,
                Err(error) => {
                    eprintln!("pdnkit: --fen: {error}");
                    return Ok(Outcome::Failure);
                }
            };
            match Position::from_setup(rules, &setup) {
                Ok(position) => position,
                Err(error) => {
                    eprintln!("pdnkit: --fen: {error}");
                    return Ok(Outcome::Failure);
                }
            }
        }
    };
    let mut out = io::stdout().lock();
    if args.divide && args.depth > 0 {
        let mut total = 0;
        for (mv, leaves) in divide(&position, args.depth) {
            writeln!(out, "{:<24} {leaves}", position.move_full_text(&mv))?;
            total += leaves;
        }
        writeln!(out, "\n{total}")?;
    } else {
        writeln!(out, "{}", perft(&position, args.depth))?;
    }
    Ok(Outcome::Clean)
}
