//! `pdnkit completions SHELL` and `pdnkit man`: generated from the clap definitions, so they never
//! disagree with the commands.

use super::Outcome;
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::{self, Write};

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete in: bash, zsh, fish, elvish or powershell.
    shell: Shell,
}

pub fn completions(args: CompletionsArgs) -> io::Result<Outcome> {
    let mut command = super::Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "pdnkit", &mut out);
    io::stdout().lock().write_all(&out)?;
    Ok(Outcome::Clean)
}

/// The manual page (roff), for `pdnkit man > pdnkit.1`.
pub fn man() -> io::Result<Outcome> {
    let mut out = Vec::new();
    clap_mangen::Man::new(super::Cli::command()).render(&mut out)?;
    io::stdout().lock().write_all(&out)?;
    Ok(Outcome::Clean)
}
