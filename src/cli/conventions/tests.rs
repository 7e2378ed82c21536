//! Every subcommand against the conventions: walked from the clap definitions, so a new command
//! or option that breaks one fails here.

use super::{JSON_HELP, JSONL_HELP};
use crate::cli::Cli;
use clap::{Arg, ArgAction, Command, CommandFactory};
use std::collections::{BTreeMap, BTreeSet};

/// Commands that write games: each takes `-o`.
const WRITES_GAMES: &[&str] = &["convert", "filter", "dedup", "merge", "split", "parse"];
/// Commands that write a report or statistics: `-o` too.
const WRITES_REPORTS: &[&str] = &["check", "stats"];
/// Commands that write to standard output only, or to files their own options name.
const NO_OUTPUT_FILE: &[&str] = &["show", "explain", "perft", "rules", "completions", "man"];

fn subcommands() -> Vec<Command> {
    let mut cli = Cli::command();
    cli.build();
    cli.get_subcommands()
        .filter(|c| c.get_name() != "help")
        .cloned()
        .collect()
}

fn help(arg: &Arg) -> String {
    arg.get_help().map(ToString::to_string).unwrap_or_default()
}

fn shared_arg(command: &Command, long: &str) -> Option<Arg> {
    command
        .get_arguments()
        .find(|a| a.get_long() == Some(long))
        .cloned()
}

#[test]
fn every_subcommand_is_classed_by_its_output() {
    for command in subcommands() {
        let name = command.get_name();
        let classes = [WRITES_GAMES, WRITES_REPORTS, NO_OUTPUT_FILE]
            .iter()
            .filter(|class| class.contains(&name))
            .count();
        assert_eq!(classes, 1, "{name}: say where it writes (tests.rs)");
        let dash_o = command.get_arguments().find(|a| a.get_short() == Some('o'));
        if NO_OUTPUT_FILE.contains(&name) {
            assert!(dash_o.is_none(), "{name}: -o without an output file");
        } else {
            let dash_o = dash_o.unwrap_or_else(|| panic!("{name}: writes, but has no -o"));
            assert!(
                matches!(dash_o.get_long(), Some("output" | "out-dir")),
                "{name}: -o is --{:?}",
                dash_o.get_long()
            );
        }
    }
}

#[test]
fn every_output_file_option_is_the_shared_one() {
    let shared = help(
        &shared_arg(
            &Cli::command().find_subcommand("convert").unwrap().clone(),
            "output",
        )
        .unwrap(),
    );
    for command in subcommands() {
        if let Some(output) = shared_arg(&command, "output") {
            assert_eq!(help(&output), shared, "{}: -o/--output", command.get_name());
            assert_eq!(output.get_short(), Some('o'), "{}", command.get_name());
        }
    }
}

#[test]
fn quiet_has_one_meaning_everywhere() {
    let mut texts = BTreeSet::new();
    for command in subcommands() {
        let name = command.get_name();
        let quiet = command.get_arguments().find(|a| a.get_short() == Some('q'));
        // Every command that says more than its output (a summary, a listing) can be quieted.
        let reads_games = command.get_arguments().any(|a| a.get_id() == "paths");
        assert_eq!(quiet.is_some(), reads_games, "{name}: -q");
        let Some(quiet) = quiet else { continue };
        assert_eq!(quiet.get_long(), Some("quiet"), "{name}");
        assert!(
            matches!(quiet.get_action(), ArgAction::Count),
            "{name}: -q is counted"
        );
        texts.insert(help(quiet));
    }
    assert_eq!(texts.len(), 1, "one help text for -q: {texts:#?}");
}

/// `--jobs VALUE` parsed by the option alone.
fn alone(jobs: &Arg, value: &str) -> Result<clap::ArgMatches, clap::Error> {
    Command::new("t")
        .arg(jobs.clone())
        .try_get_matches_from(["t", "--jobs", value])
}

#[test]
fn jobs_zero_and_auto_mean_one_per_core_everywhere() {
    let mut texts = BTreeSet::new();
    let mut with_jobs = 0;
    for command in subcommands() {
        let name = command.get_name();
        let Some(jobs) = shared_arg(&command, "jobs") else {
            continue;
        };
        with_jobs += 1;
        assert_eq!(jobs.get_short(), Some('j'), "{name}");
        texts.insert(help(&jobs));
        for value in ["0", "auto", "AUTO", "3"] {
            let parsed = alone(&jobs, value);
            assert!(parsed.is_ok(), "{name} --jobs {value}: {parsed:?}");
        }
        for value in ["-1", "many", ""] {
            let parsed = alone(&jobs, value);
            assert!(parsed.is_err(), "{name} --jobs {value:?} accepted");
        }
    }
    assert!(
        with_jobs >= 7,
        "check, convert and the archive commands take --jobs"
    );
    assert_eq!(texts.len(), 1, "one help text for --jobs: {texts:#?}");
    let threads = |jobs| super::Jobs { jobs }.threads();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(threads(None), cores);
    assert_eq!(threads(Some(0)), cores);
    assert_eq!(threads(Some(1)), 1);
    assert_eq!(threads(Some(usize::MAX)), cores);
}

#[test]
fn output_formats_are_chosen_by_format_and_json_is_named_alike() {
    let mut formats = 0;
    for command in subcommands() {
        let name = command.get_name();
        for arg in command.get_arguments() {
            let long = arg.get_long().unwrap_or_default();
            let values = arg.get_possible_values();
            let json_values: Vec<_> = values
                .iter()
                .filter(|v| v.get_name().contains("json"))
                .collect();
            if long == "to" {
                assert!(
                    arg.is_hide_set(),
                    "{name}: --to is the old name of --format"
                );
                continue;
            }
            if long == "format" {
                formats += 1;
                assert_eq!(arg.get_value_names().unwrap(), ["FORMAT"], "{name}");
            }
            if json_values.is_empty() {
                continue;
            }
            assert_eq!(
                long, "format",
                "{name} --{long}: an output choice is --format"
            );
            for value in json_values {
                let expected = match value.get_name() {
                    "json" => JSON_HELP,
                    "jsonl" => JSONL_HELP,
                    other => panic!("{name}: `{other}`: JSON is `json`, JSON Lines `jsonl`"),
                };
                let text = value.get_help().map(ToString::to_string);
                assert_eq!(
                    text.as_deref(),
                    Some(expected),
                    "{name} --format {}",
                    value.get_name()
                );
            }
        }
    }
    assert!(formats >= 6, "{formats} commands with --format");
    // The old spellings still parse.
    for line in [
        &["pdnkit", "convert", "--to", "json", "a.pdn"][..],
        &["pdnkit", "filter", "--to", "jsonl", "a.pdn"],
    ] {
        let parsed = Cli::command().try_get_matches_from(line);
        assert!(parsed.is_ok(), "{line:?}: {parsed:?}");
    }
}

#[test]
fn a_short_option_means_one_long_option_in_every_command() {
    let mut longs: BTreeMap<char, BTreeSet<String>> = BTreeMap::new();
    for command in subcommands() {
        for arg in command.get_arguments() {
            if let (Some(short), Some(long)) = (arg.get_short(), arg.get_long()) {
                longs.entry(short).or_default().insert(long.to_string());
            }
        }
    }
    for (short, names) in &longs {
        let allowed = match short {
            // split's output is a directory.
            'o' => 2,
            _ => 1,
        };
        assert!(names.len() <= allowed, "-{short} is {names:?}");
    }
}

#[test]
fn every_command_that_takes_a_variant_takes_the_one_rules_file_option() {
    let mut texts = BTreeSet::new();
    let mut with_rules = Vec::new();
    for command in subcommands() {
        let name = command.get_name();
        // `rules --variant` names the built-in row to print; a rules file is what it writes.
        if name == "rules" || shared_arg(&command, "variant").is_none() {
            assert!(shared_arg(&command, "rules").is_none(), "{name}: --rules");
            continue;
        }
        let rules = shared_arg(&command, "rules")
            .unwrap_or_else(|| panic!("{name}: --variant without --rules"));
        assert_eq!(
            rules.get_value_names().unwrap(),
            ["FILE.toml"],
            "{name} --rules"
        );
        texts.insert(help(&rules));
        with_rules.push(name.to_string());
    }
    for name in [
        "check", "perft", "convert", "parse", "show", "filter", "stats", "dedup", "split", "merge",
    ] {
        assert!(with_rules.iter().any(|n| n == name), "{name}: --rules");
    }
    assert_eq!(texts.len(), 1, "one help text for --rules: {texts:#?}");
}
