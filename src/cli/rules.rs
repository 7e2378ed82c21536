//! `pdnkit rules --variant NAME`: a variant's rules as the TOML file `--rules FILE.toml` reads,
//! every switch written, with the readings chosen where the sources leave a rule open.

use super::Outcome;
use clap::Args;
use pdnkit::rules::{Rules, house};
use pdnkit::variant::Variant;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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

/// `--rules FILE.toml`, defined once for every command that reads, replays or draws games
/// under a variant's rules (flattened into each, beside its `--variant`).
#[derive(Args, Clone, Debug, Default)]
pub struct HouseRulesArg {
    /// House rules: a TOML file of switches (`pdnkit rules --variant V` writes one to start
    /// from) that stand in for its base variant's rules for this run. Games of that variant are
    /// read and replayed under them, and where --variant is not given the base variant is the
    /// default (games without a GameType, a FEN).
    #[arg(long = "rules", value_name = "FILE.toml")]
    pub rules: Option<PathBuf>,
}

impl HouseRulesArg {
    /// Reads the rules file, if one was given, and makes its rules stand in for their base
    /// variant for this run. Returns the variant of games without a GameType and what gave it,
    /// for the notes of the games read as it: `given` (from `--variant`, or a config, named by
    /// `given_by`) when there is one, else the file's base variant (`--rules`). A file that
    /// cannot be read or is not valid is an error saying where (a usage error: exit 2).
    pub fn apply(
        &self,
        given: Option<Variant>,
        given_by: &'static str,
    ) -> io::Result<(Option<Variant>, &'static str)> {
        let Some(path) = &self.rules else {
            return Ok((given, given_by));
        };
        let base = use_rules_file(path)?;
        Ok(match given {
            Some(variant) => (Some(variant), given_by),
            None => (Some(base), "--rules"),
        })
    }
}

/// Reads the rules file at `path` and makes its rules stand in for their base variant for this
/// run; returns that variant.
fn use_rules_file(path: &Path) -> io::Result<Variant> {
    let text = std::fs::read_to_string(path).map_err(|error| {
        // InvalidInput whatever the cause: no kind of it may pass for a closed pipe.
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("--rules {}: {error}", path.display()),
        )
    })?;
    let rules = house::from_toml(&text).map_err(|error| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}:{error}", path.display()),
        )
    })?;
    let variant = rules.variant;
    Rules::use_house_rules(rules);
    Ok(variant)
}
