//! The README is true when tried: every command it shows is run as a user would run it, read
//! from README.md when the test runs (so a change to the README is tested with it), and must
//! exit as documented and print what the README shows of its output.
//!
//! The commands are the lines of its ```` ```sh ```` blocks (`cargo run --release --` standing
//! for the binary) and the `$ pdnkit ...` lines of its other blocks, whose following lines, up
//! to the next `$` line, are the output shown (`...` elides lines; times and rates are masked).
//! Each runs through `sh` in a scratch directory holding what the examples name: `fixtures/`,
//! the files of `tests/data/readme/` (`demo.pdn`, `games.pdn`, `archive/`), `OCA_2.0.pdn` and
//! `../shared/corpus` (the public corpus beside the checkout). A command that names the corpus
//! runs in the test that needs it, ignored with that reason where the corpus is absent.

use crate::support::cli::{manifest, temp_dir};
use std::path::Path;
use std::process::Command;

/// Exit codes other than 0 that the README documents for its commands: (command, code, where
/// the README says so).
const EXIT_CODES: &[(&str, i32, &str)] = &[
    (
        "pdnkit check fixtures/",
        1,
        "exit code 1: the fixtures are built to contain every kind of problem",
    ),
    ("pdnkit check demo.pdn", 1, "its output shows an error"),
    (
        "pdnkit parse --strict ../shared/corpus/pdn-standard/fail/Cat.A1.pdn",
        1,
        "a file a strict reader must reject: its output shows an error",
    ),
];

/// Commands of the `sh` blocks that are not run here, and why.
const NOT_RUN: &[(&str, &str)] = &[("cargo test", "the test suite itself")];

/// A command the README shows.
#[derive(Debug)]
struct Shown {
    /// Its line in README.md.
    line: usize,
    /// As a shell runs it (`cargo run --release --` made `pdnkit`).
    command: String,
    /// The output the README shows, when it shows some.
    output: Option<Vec<String>>,
}

impl Shown {
    fn needs_corpus(&self) -> bool {
        self.command.contains("../shared/corpus") || self.command.contains("OCA_2.0.pdn")
    }
}

/// Every command of `readme`, in order.
fn shown_commands(readme: &str) -> Vec<Shown> {
    let mut commands = Vec::new();
    let mut block: Option<&str> = None;
    let lines: Vec<&str> = readme.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(fence) = line.trim_start().strip_prefix("```") {
            block = match block {
                Some(_) => None,
                None => Some(fence.trim()),
            };
            i += 1;
            continue;
        }
        match block {
            Some("sh") if !line.trim().is_empty() && !line.trim_start().starts_with('#') => {
                let command = match line.trim().strip_prefix("cargo run --release -- ") {
                    Some(args) => format!("pdnkit {args}"),
                    None => line.trim().to_string(),
                };
                commands.push(Shown {
                    line: i + 1,
                    command,
                    output: None,
                });
            }
            Some(language) if language != "sh" => {
                if let Some(command) = line.strip_prefix("$ ") {
                    let mut output = Vec::new();
                    let mut j = i + 1;
                    while j < lines.len()
                        && !lines[j].starts_with("$ ")
                        && !lines[j].trim_start().starts_with("```")
                    {
                        output.push(lines[j].to_string());
                        j += 1;
                    }
                    commands.push(Shown {
                        line: i + 1,
                        command: command.trim().to_string(),
                        output: (!output.is_empty()).then_some(output),
                    });
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    commands
}

/// A line with its time and rate masked: `... 0.0 MB in 0.00s (499 games/s)` ends at `MB`.
fn masked(line: &str) -> String {
    let line = line.trim_end();
    match line.find(" MB in ") {
        Some(at) => line[..at + 3].to_string(),
        None => line.to_string(),
    }
}

/// Checks that the shown lines, in runs separated by `...` lines, occur in `actual` in order,
/// each run as consecutive lines.
fn shows(shown: &[String], actual: &str) -> Result<(), String> {
    let actual: Vec<String> = actual.lines().map(masked).collect();
    let mut from = 0;
    for run in shown.split(|l| l.trim() == "...") {
        let run: Vec<String> = run.iter().map(|l| masked(l)).collect();
        if run.is_empty() {
            continue;
        }
        let found = (from..=actual.len().saturating_sub(run.len()))
            .find(|&at| actual.get(at..at + run.len()) == Some(&run[..]));
        match found {
            Some(at) => from = at + run.len(),
            None => {
                return Err(format!(
                    "these lines are not in the output:\n{}",
                    run.join("\n")
                ));
            }
        }
    }
    Ok(())
}

/// A scratch directory to run the README's commands in, holding what they name.
fn workplace(name: &str) -> std::path::PathBuf {
    let root = temp_dir(name);
    let work = root.join("work");
    let bin = root.join("bin");
    std::fs::create_dir_all(&work).unwrap();
    std::fs::create_dir_all(&bin).unwrap();
    let link = |target: &Path, at: &Path| {
        std::os::unix::fs::symlink(target, at)
            .unwrap_or_else(|e| panic!("link {} to {}: {e}", at.display(), target.display()))
    };
    link(Path::new(env!("CARGO_BIN_EXE_pdnkit")), &bin.join("pdnkit"));
    link(&manifest().join("fixtures"), &work.join("fixtures"));
    for entry in std::fs::read_dir(manifest().join("tests/data/readme")).unwrap() {
        let entry = entry.unwrap();
        link(&entry.path(), &work.join(entry.file_name()));
    }
    let shared = manifest().join("../shared");
    if shared.is_dir() {
        link(&shared, &root.join("shared"));
        link(
            &shared.join("corpus/english/OCA_2.0.pdn"),
            &work.join("OCA_2.0.pdn"),
        );
    }
    work
}

/// Runs one command in `work` and checks its exit code and output.
fn try_command(shown: &Shown, work: &Path) -> Result<(), String> {
    let expected = EXIT_CODES
        .iter()
        .find(|(command, _, _)| *command == shown.command)
        .map_or(0, |(_, code, _)| *code);
    let bin = work.parent().unwrap().join("bin");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .args(["-c", &shown.command])
        .current_dir(work)
        .env("PATH", path)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("run sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let tail = |text: &str| -> String {
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(15)..].join("\n")
    };
    if out.status.code() != Some(expected) {
        return Err(format!(
            "exit code {:?}, the README documents {expected}\nstandard error:\n{}",
            out.status.code(),
            tail(&stderr)
        ));
    }
    if let Some(output) = &shown.output {
        // What a person sees: standard output, then standard error.
        shows(output, &format!("{stdout}\n{stderr}"))
            .map_err(|e| format!("{e}\nthe output was:\n{stdout}{}", tail(&stderr)))?;
    }
    Ok(())
}

/// Runs every command for which `wanted` holds; fails with every one that did not work.
fn run_commands(wanted: impl Fn(&Shown) -> bool, work: &Path) -> usize {
    let readme = std::fs::read_to_string(manifest().join("README.md")).expect("README.md");
    let commands = shown_commands(&readme);
    let mut failures = Vec::new();
    let mut ran = 0;
    for shown in commands.iter().filter(|c| wanted(c)) {
        if NOT_RUN.iter().any(|(command, _)| *command == shown.command) {
            continue;
        }
        if !shown.command.starts_with("pdnkit ") {
            failures.push(format!(
                "README.md:{}: `{}` is neither a pdnkit command nor listed in NOT_RUN",
                shown.line, shown.command
            ));
            continue;
        }
        ran += 1;
        if let Err(why) = try_command(shown, work) {
            failures.push(format!(
                "README.md:{}: `{}`: {why}",
                shown.line, shown.command
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n\n(The commands run in a scratch directory holding fixtures/, the files of \
         tests/data/readme/ and ../shared/corpus: a file an example names belongs in \
         tests/data/readme/; a documented exit code other than 0 goes in EXIT_CODES.)",
        failures.join("\n\n")
    );
    ran
}

#[test]
fn every_command_the_readme_shows_works_as_shown() {
    let work = workplace("readme");
    let ran = run_commands(|c| !c.needs_corpus(), &work);
    assert!(ran >= 4, "only {ran} commands found in README.md");
    // What the examples wrote: the games Tinsley won, with White and with Black.
    let wins = std::fs::read_to_string(work.join("tinsley-wins.pdn")).expect("-o written");
    assert_eq!(wins.matches("[Event ").count(), 2, "{wins}");
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn every_command_the_readme_shows_on_the_corpus_works_as_shown() {
    let work = workplace("readme-corpus");
    let ran = run_commands(Shown::needs_corpus, &work);
    assert!(ran >= 3, "only {ran} corpus commands found in README.md");
}

/// The lists of exit codes and of commands not run name only commands the README shows, so
/// they cannot go stale unnoticed.
#[test]
fn the_exceptions_name_commands_the_readme_shows() {
    let readme = std::fs::read_to_string(manifest().join("README.md")).expect("README.md");
    let commands: Vec<String> = shown_commands(&readme)
        .into_iter()
        .map(|c| c.command)
        .collect();
    for command in EXIT_CODES
        .iter()
        .map(|e| e.0)
        .chain(NOT_RUN.iter().map(|n| n.0))
    {
        assert!(
            commands.iter().any(|c| c == command),
            "`{command}` is no longer in README.md: remove it from this test"
        );
    }
}

/// The test fails for a command that no longer works (an option removed), for one whose output
/// is not what is shown, and reads commands and their output as the README writes them.
#[test]
fn a_command_that_does_not_work_as_shown_fails() {
    let readme = "intro\n```sh\ncargo run --release -- check --no-such-option fixtures/\ncargo test\n```\n\n```\n$ pdnkit explain W-DATE-FORMAT\nW-DATE-FORMAT (warning): something else entirely\n...\n$ pdnkit check demo.pdn\n```\n";
    let commands = shown_commands(readme);
    let texts: Vec<&str> = commands.iter().map(|c| c.command.as_str()).collect();
    assert_eq!(
        texts,
        [
            "pdnkit check --no-such-option fixtures/",
            "cargo test",
            "pdnkit explain W-DATE-FORMAT",
            "pdnkit check demo.pdn"
        ]
    );
    assert_eq!(commands[3].output, None);
    let work = workplace("readme-self");
    let removed = try_command(&commands[0], &work).expect_err("an unknown option");
    assert!(removed.contains("exit code Some(2)"), "{removed}");
    let wrong = try_command(&commands[2], &work).expect_err("other output");
    assert!(wrong.contains("something else entirely"), "{wrong}");
    // Shown lines are found in order, `...` skipping lines, times masked.
    let actual = "a\nb\nc\nread 1 file, 2 games, 0.0 MB in 9.99s (1 games/s)\n";
    assert!(shows(&["a".into(), "...".into(), "c".into()], actual).is_ok());
    assert!(shows(&["a".into(), "c".into()], actual).is_err());
    assert!(
        shows(
            &["read 1 file, 2 games, 0.0 MB in 0.00s (499 games/s)".into()],
            actual
        )
        .is_ok()
    );
}
