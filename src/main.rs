//! The `pdnkit` command. All the work is in the library and in `cli`; this only hands over.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
