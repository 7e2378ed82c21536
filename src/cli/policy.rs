//! The policy a `check` run applies: `pdnkit.toml` (found or named), then the command line's
//! `--allow`, `--warn`, `--deny` and `--fail-on`.

use super::files::{Pending, RunFiles};
use clap::Args;
use pdnkit::check::baseline::{Baseline, BaselineError, BaselineWriter};
use pdnkit::check::config::{Config, ConfigError};
use pdnkit::check::policy::{Action, FailOn, Policy, PolicyError, Rule, Selector, Source};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Args)]
pub struct PolicyArgs {
    /// Leave findings of CODE out of the report (a code, a prefix such as `W-DATE-*`, or a group:
    /// reader, style, moves, result, draws). Repeatable.
    #[arg(long, value_name = "CODE")]
    allow: Vec<String>,
    /// Report findings of CODE as warnings. Repeatable.
    #[arg(long, value_name = "CODE")]
    warn: Vec<String>,
    /// Report findings of CODE as errors. Repeatable. Where --allow, --warn and --deny name the
    /// same code, --deny wins, then --warn.
    #[arg(long, value_name = "CODE")]
    deny: Vec<String>,
    /// The least severe level that fails the run (exit code 1): `error` (default) or `warning`.
    #[arg(long, value_name = "LEVEL")]
    fail_on: Option<String>,
    /// Read the policy from FILE instead of the `pdnkit.toml` found in the current directory or
    /// its ancestors. (A policy file may be at most 1 MiB long.)
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    config: Option<PathBuf>,
    /// Ignore any `pdnkit.toml`.
    #[arg(long)]
    no_config: bool,
    /// Leave out, and do not fail on, the findings recorded in FILE by --write-baseline; the
    /// summary says how many of them no longer occur. (A baseline may be at most 256 MiB long.)
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Record this run's errors and warnings in FILE (after --allow/--warn/--deny), to accept
    /// them with --baseline from now on.
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,
    /// Exit 0 even when some games could not be replayed (unknown variant, or one pdnkit has no
    /// rules for); they are still reported as W-NOT-REPLAYED and counted in the summary.
    #[arg(long)]
    allow_unreplayed: bool,
}

/// Why the policy cannot be used.
pub enum PolicySetupError {
    Config(ConfigError),
    Baseline(BaselineError),
    WriteBaseline(BaselineError),
    Option(&'static str, PolicyError),
}

impl std::fmt::Display for PolicySetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PolicySetupError::Config(e) => write!(f, "{e}"),
            PolicySetupError::Baseline(e) => write!(f, "--baseline {e}"),
            PolicySetupError::WriteBaseline(e) => write!(f, "--write-baseline {e}"),
            PolicySetupError::Option(flag, e) => write!(f, "--{flag}: {e}"),
        }
    }
}

/// The policy of one run.
pub struct RunPolicy {
    pub config: Option<Config>,
    command_line: Vec<Rule>,
    pub fail_on: FailOn,
    /// `--allow-unreplayed`.
    pub allow_unreplayed: bool,
    pub baseline: Option<Baseline>,
    /// The files read for the policy: the config and the baseline (never to be overwritten).
    pub files_read: Vec<PathBuf>,
    /// Where to write the baseline this run records, and the record.
    pub write_baseline: Option<(PathBuf, BaselineWriter)>,
}

impl RunPolicy {
    pub fn from_args(args: &PolicyArgs) -> Result<RunPolicy, PolicySetupError> {
        let config = if args.no_config {
            None
        } else {
            let path = match &args.config {
                Some(path) => Some(path.clone()),
                None => std::env::current_dir()
                    .ok()
                    .and_then(|d| Config::discover(&d)),
            };
            path.map(|p| Config::load(&p))
                .transpose()
                .map_err(PolicySetupError::Config)?
        };
        let mut command_line = Vec::new();
        for (flag, codes, action) in [
            ("allow", &args.allow, Action::Allow),
            ("warn", &args.warn, Action::Warn),
            ("deny", &args.deny, Action::Deny),
        ] {
            for code in codes {
                let selector = code
                    .parse::<Selector>()
                    .map_err(|e| PolicySetupError::Option(flag, e))?;
                command_line.push(Rule {
                    selector,
                    action,
                    source: Source::CommandLine,
                });
            }
        }
        let fail_on = match &args.fail_on {
            Some(text) => text
                .parse::<FailOn>()
                .map_err(|e| PolicySetupError::Option("fail-on", e))?,
            None => config.as_ref().and_then(|c| c.fail_on).unwrap_or_default(),
        };
        let baseline = args
            .baseline
            .as_deref()
            .map(Baseline::load)
            .transpose()
            .map_err(PolicySetupError::Baseline)?;
        let files_read = config
            .iter()
            .map(|c| c.path.clone())
            .chain(args.baseline.clone())
            .collect();
        let write_baseline = match &args.write_baseline {
            Some(path) => Some((
                path.clone(),
                BaselineWriter::at(path).map_err(|e| {
                    PolicySetupError::WriteBaseline(BaselineError {
                        path: path.clone(),
                        message: e.to_string(),
                    })
                })?,
            )),
            None => None,
        };
        Ok(RunPolicy {
            files_read,
            config,
            command_line,
            fail_on,
            allow_unreplayed: args.allow_unreplayed,
            baseline,
            write_baseline,
        })
    }

    /// The rules for the input at `file` (`None`: standard input).
    pub fn for_file(&self, file: Option<&Path>) -> Policy {
        let mut rules = self
            .config
            .as_ref()
            .map(|c| c.rules_for(file))
            .unwrap_or_default();
        rules.extend(self.command_line.iter().cloned());
        Policy::new(rules)
    }

    /// Opens the baseline to write, if one was asked for (before the run: a path that cannot
    /// be written, or that the run reads, is refused before any work).
    pub fn open_baseline(&self, files: &mut RunFiles) -> std::io::Result<Option<(File, Pending)>> {
        self.write_baseline
            .as_ref()
            .map(|(path, _)| files.create(path, "--write-baseline"))
            .transpose()
    }

    /// Writes the recorded baseline into `output` and puts it in place, unless the run failed
    /// (`failure`): then the old baseline is kept.
    pub fn finish_baseline(
        &self,
        output: Option<(File, Pending)>,
        failure: Option<&str>,
    ) -> std::io::Result<()> {
        let (Some((path, writer)), Some((mut file, pending))) = (&self.write_baseline, output)
        else {
            return Ok(());
        };
        if failure.is_none() {
            file.write_all(writer.to_json().as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| {
                    std::io::Error::new(
                        e.kind(),
                        format!("--write-baseline {}: {e}", path.display()),
                    )
                })?;
        }
        drop(file);
        pending.settle(failure)
    }
}
