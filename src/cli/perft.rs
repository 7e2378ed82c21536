//! `pdnkit perft`: count the leaf positions of the move tree to a depth (the standard check of a
//! move generator against published tables). A terminal sees progress by root move; the leaf
//! count goes to standard output, the time and leaves/s to standard error.

use super::Outcome;
use super::progress::Progress;
use clap::Args;
use pdnkit::rules::{MAX_PERFT_DEPTH, Position, Rules, perft};
use pdnkit::variant::Variant;
use std::io::{self, Write};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct PerftArgs {
    /// Variant: a name (`international`, `english`, ...) or a PDN GameType number.
    #[arg(long, required_unless_present = "rules")]
    variant: Option<Variant>,
    #[command(flatten)]
    rules: super::rules::HouseRulesArg,
    /// Start from this position (PDN FEN) instead of the initial one.
    #[arg(long)]
    fen: Option<String>,
    /// List each legal move with the leaf count below it.
    #[arg(long)]
    divide: bool,
    /// Depth in plies, at most 64 (deeper counts cannot finish: the leaves pass 2^64).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_PERFT_DEPTH)))]
    depth: u32,
}

pub fn run(args: PerftArgs) -> io::Result<Outcome> {
    let (Some(variant), _) = args.rules.apply(args.variant, "--variant")? else {
        unreachable!("clap requires --variant or --rules")
    };
    let Some(rules) = Rules::for_variant(variant) else {
        eprintln!(
            "pdnkit: the rules of {variant} are not implemented yet (pdnkit replays {})",
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
    let started = Instant::now();
    let total = if args.depth == 0 {
        perft(&position, 0)
    } else {
        // One root move at a time, so a long run shows how far it is (on a terminal only).
        let moves = position.legal_moves();
        // Shown from the start: a deep count can spend minutes under one root move.
        let bar = Progress::new(
            moves.len() as u64,
            "root move {pos}/{len} {msg} {elapsed}",
            Duration::ZERO,
        );
        let mut total = 0;
        for mv in moves.iter() {
            let text = position.move_full_text(mv);
            bar.bar().set_message(text.clone());
            let leaves = perft(&position.play(mv), args.depth - 1);
            bar.bar().inc(1);
            if args.divide {
                bar.suspend(|| writeln!(out, "{text:<24} {leaves}"))?;
            }
            total += leaves;
        }
        bar.finish();
        if args.divide {
            writeln!(out)?;
        }
        total
    };
    writeln!(out, "{total}")?;
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{total} leaves at depth {} in {seconds:.3} s ({:.0} leaves/s)",
        args.depth,
        total as f64 / seconds.max(1e-9)
    );
    Ok(Outcome::Clean)
}
