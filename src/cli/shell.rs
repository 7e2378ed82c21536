//! `pdnkit completions SHELL`: generated from the clap definitions, so it never disagrees with
//! the commands; the options that take a finding code (`check --allow/--warn/--deny`,
//! `filter --has`, `explain CODE`) complete every code.

use super::Outcome;
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, Command, CommandFactory};
use clap_complete::Shell;
use pdnkit::check::policy::Group;
use pdnkit::finding::Code;
use std::io::{self, Write};

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete in: bash, zsh, fish, elvish or powershell.
    shell: Shell,
}

pub fn completions(args: CompletionsArgs) -> io::Result<Outcome> {
    let mut command = with_codes(super::Cli::command());
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "pdnkit", &mut out);
    if args.shell == Shell::Fish {
        fish_positionals(&command, &mut out)?;
    }
    io::stdout().lock().write_all(&out)?;
    Ok(Outcome::Clean)
}

/// The command with the codes as the values of the options that take one. For completion
/// only: the parser itself takes more (old names, `W-DATE-*` prefixes; `explain` any case).
fn with_codes(command: Command) -> Command {
    let codes = || Code::checked().map(|code| PossibleValue::new(code.as_str()));
    let selectors = || codes().chain(Group::names().map(PossibleValue::new));
    let values = |values: Vec<PossibleValue>| PossibleValuesParser::new(values);
    command
        .mut_subcommand("check", |check| {
            ["allow", "warn", "deny"].iter().fold(check, |check, id| {
                check.mut_arg(*id, |arg| arg.value_parser(values(selectors().collect())))
            })
        })
        .mut_subcommand("filter", |filter| {
            filter.mut_arg("has", |arg| arg.value_parser(values(codes().collect())))
        })
        .mut_subcommand("explain", |explain| {
            explain.mut_arg("code", |arg| arg.value_parser(values(codes().collect())))
        })
}

/// clap_complete's fish script completes the values of options only: the values of a
/// command's arguments (`explain CODE`, `completions SHELL`) are added here, in its style.
fn fish_positionals(command: &Command, out: &mut Vec<u8>) -> io::Result<()> {
    for sub in command.get_subcommands() {
        for arg in sub.get_positionals() {
            let values: Vec<String> = arg
                .get_possible_values()
                .iter()
                .filter(|v| !v.is_hide_set())
                .map(|v| v.get_name().to_string())
                .collect();
            if !values.is_empty() {
                writeln!(
                    out,
                    "complete -c pdnkit -n \"__fish_pdnkit_using_subcommand {}\" -f -a \"{}\"",
                    sub.get_name(),
                    values.join(" ")
                )?;
            }
        }
    }
    Ok(())
}
