//! `pdnkit rules --variant NAME`: a variant's rules as the TOML file `--rules FILE.toml` reads,
//! every switch written, with the readings chosen where the sources leave a rule open.

use super::Outcome;
use clap::Args;
use pdnkit::rules::{Rules, house};
use pdnkit::variant::Variant;
use std::io::{self, Write};
use std::path::Path;

#[derive(Args)]
#[command(after_help = readings_help())]
pub struct RulesArgs {
    /// Variant: a name (`international`, `corner`, ...) or a PDN GameType number.
    #[arg(long)]
    variant: Variant,
}

/// The readings of every variant, for `--help`.
fn readings_help() -> String {
    let mut out =
        String::from("Readings chosen where the sources leave a rule open (docs/rules.md):\n");
    for (variant, name, reading) in pdnkit::rules::rulebook::READINGS {
        out.push_str(&format!("  {variant} ({name}): {reading}\n"));
    }
    out
}

pub fn run(args: RulesArgs) -> io::Result<Outcome> {
    let Some(rules) = Rules::for_variant(args.variant) else {
        eprintln!(
            "pdnkit: the rules of {} are not implemented yet (pdnkit replays {})",
            args.variant,
            super::replayable_names()
        );
        return Ok(Outcome::Failure);
    };
    let mut out = io::stdout().lock();
    out.write_all(house::to_toml(rules).as_bytes())?;
    out.flush()?;
    Ok(Outcome::Clean)
}

/// Reads the rules file at `path` and makes its rules stand in for their base variant for this
/// run; returns that variant. A file that cannot be read or is not valid is said on standard
/// error, with its place, and is a usage error.
pub fn use_rules_file(path: &Path) -> Result<Variant, Outcome> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("pdnkit: --rules {}: {error}", path.display());
            return Err(Outcome::Failure);
        }
    };
    match house::from_toml(&text) {
        Ok(rules) => {
            let variant = rules.variant;
            Rules::use_house_rules(rules);
            Ok(variant)
        }
        Err(error) => {
            eprintln!("pdnkit: {}:{error}", path.display());
            Err(Outcome::Failure)
        }
    }
}
