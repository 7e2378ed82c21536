//! `pdnkit man`: the manual pages, generated from the clap definitions (clap_mangen) and given
//! the sections clap does not know: EXIT STATUS, FILES (`pdnkit.toml`), ENVIRONMENT, SEE ALSO.
//! `pdnkit man` prints pdnkit(1); `pdnkit man --dir DIR` writes it and a page per command
//! (pdnkit-check(1), ...).
//!
//! A page in DIR is replaced only when pdnkit wrote it (its first line is [`MARKER`]): any other
//! file of a page's name stops the run before anything is written.

use super::Outcome;
use clap::{Args, Command, CommandFactory, ValueHint};
use pdnkit::report::human::escape_controls;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

#[derive(Args)]
pub struct ManArgs {
    /// Write every page into DIR (created if missing): pdnkit.1 and pdnkit-COMMAND.1 for each
    /// command. A file there is replaced only when it is a page pdnkit wrote.
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    dir: Option<PathBuf>,
}

/// The first line of every page: how `--dir` knows a file is one of its own.
const MARKER: &str =
    r#".\" Written by `pdnkit man`: rewritten by `pdnkit man --dir`; edits are lost."#;

/// What clap_mangen writes before each section (roff's apostrophe string).
const PREAMBLE: &str = ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n";

/// How pdnkit(1) began before the pages had [`MARKER`] (`pdnkit man > pdnkit.1`): `--dir`
/// replaces such a pdnkit.1 too.
const OLD_TOP_PAGE: &str = ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n.TH pdnkit 1 ";

/// `pdnkit.toml`, every key with an example value; the unit test below reads it as a policy.
pub const CONFIG_EXAMPLE: &str = r#"variant = "english"        # games without a GameType tag
draw-rules = "official"    # or "servers"
encoding = "windows-1252"  # input without a byte order mark that is not UTF-8
fail-on = "error"          # or "warning"

[codes]                    # allow, note, warn or deny
"W-DATE-FORMAT" = "allow"  # a code,
"W-RESULT-*" = "deny"      # a prefix,
"style" = "note"           # or a group: reader, style, moves, result, draws

[[paths]]                  # more rules for the files a glob matches
glob = "historic/**"       # relative to the directory of pdnkit.toml
codes = { "W-PLAYED-AFTER-DRAW" = "allow" }
"#;

pub fn run(args: ManArgs) -> io::Result<Outcome> {
    let pages = pages()?;
    let Some(dir) = args.dir else {
        super::destination::require_stdout("")?;
        let (_, top) = &pages[0];
        io::stdout().lock().write_all(top)?;
        return Ok(Outcome::Clean);
    };
    if let Err(message) = write_pages(&dir, &pages) {
        eprintln!("pdnkit: {}", escape_controls(&message));
        return Ok(Outcome::Failure);
    }
    eprintln!(
        "pdnkit: wrote {} manual pages in {}",
        pages.len(),
        escape_controls(&dir.display().to_string())
    );
    Ok(Outcome::Clean)
}

/// Every page, pdnkit.1 first, as (file name, roff).
fn pages() -> io::Result<Vec<(String, Vec<u8>)>> {
    let mut top = super::Cli::command().disable_help_subcommand(true);
    top.build();
    let mut pages = vec![("pdnkit.1".to_string(), page(&top, None)?)];
    for command in top.get_subcommands() {
        let name = format!("pdnkit-{}", command.get_name());
        pages.push((format!("{name}.1"), page(command, Some(&top))?));
    }
    Ok(pages)
}

/// One page: clap_mangen's sections, then pdnkit's own.
fn page(command: &Command, top: Option<&Command>) -> io::Result<Vec<u8>> {
    let version = env!("CARGO_PKG_VERSION");
    let man = clap_mangen::Man::new(command.clone())
        .source(format!("pdnkit {version}"))
        .manual("pdnkit manual");
    let mut out = Vec::new();
    writeln!(out, "{MARKER}")?;
    man.render_title(&mut out)?;
    out.extend(clap_section(|w| man.render_name_section(w))?);
    out.extend(clap_section(|w| man.render_synopsis_section(w))?);
    out.extend(clap_section(|w| man.render_description_section(w))?);
    if command.get_arguments().any(|a| !a.is_hide_set()) {
        out.extend(clap_section(|w| man.render_options_section(w))?);
    }
    let name = command.get_name();
    if top.is_none() {
        out.extend(clap_section(|w| man.render_subcommands_section(w))?);
    }
    if let Some(after) = command.get_after_long_help().or(command.get_after_help()) {
        section(&mut out, "NOTES", &after.to_string())?;
    }
    exit_status(&mut out, top.map(|_| name))?;
    if top.is_none() || name == "check" {
        files(&mut out)?;
    }
    environment(&mut out)?;
    see_also(&mut out, command, top)?;
    if top.is_none() {
        out.extend(clap_section(|w| man.render_version_section(w))?);
    }
    Ok(out)
}

/// A section clap_mangen renders, without the preamble it starts each one with (the title has
/// it: once is enough).
fn clap_section(render: impl Fn(&mut Vec<u8>) -> io::Result<()>) -> io::Result<Vec<u8>> {
    let mut section = Vec::new();
    render(&mut section)?;
    Ok(match section.strip_prefix(PREAMBLE.as_bytes()) {
        Some(body) => body.to_vec(),
        None => section,
    })
}

/// A section of plain paragraphs (blank lines between them).
fn section(out: &mut Vec<u8>, title: &str, text: &str) -> io::Result<()> {
    writeln!(out, ".SH \"{title}\"")?;
    for paragraph in text.trim().split("\n\n") {
        writeln!(out, ".PP")?;
        writeln!(out, ".nf")?;
        for line in paragraph.lines() {
            writeln!(out, "{}", roff_line(line))?;
        }
        writeln!(out, ".fi")?;
    }
    Ok(())
}

/// A tagged list: each tag in bold, its text indented below.
fn tagged(out: &mut Vec<u8>, items: &[(&str, &str)]) -> io::Result<()> {
    for (tag, text) in items {
        writeln!(out, ".TP")?;
        writeln!(out, "\\fB{}\\fR", roff_text(tag))?;
        writeln!(out, "{}", roff_line(text))?;
    }
    Ok(())
}

/// Text for roff: backslashes escaped.
fn roff_text(text: &str) -> String {
    text.replace('\\', "\\e")
}

/// A line of text for roff: a leading `.` or `'` would be a request.
fn roff_line(line: &str) -> String {
    let text = roff_text(line);
    if text.starts_with(['.', '\'']) {
        format!("\\&{text}")
    } else {
        text
    }
}

/// EXIT STATUS: 0, 1 and 2, as each command uses them (`None`: pdnkit(1), all of them).
fn exit_status(out: &mut Vec<u8>, command: Option<&str>) -> io::Result<()> {
    const USAGE: &str = "A usage error, or a file that could not be opened, read or written; \
         for the commands that read games, also a run that found no game at all.";
    let one = match command {
        None => Some(
            "Findings: check and parse found errors (check: or what --fail-on names), convert \
             wrote games with errors, dedup found copies, filter matched nothing, or merge, \
             split or dedup --keep could not write some games.",
        ),
        Some("check") => Some(
            "Findings: at least one error (or warning, with --fail-on warning), or a game whose \
             moves could not be replayed (W-NOT-REPLAYED; --allow-unreplayed accepts those).",
        ),
        Some("parse") => Some("The reader found errors in the games."),
        Some("convert") => Some("Games with errors were read (they are written as read)."),
        Some("dedup") => {
            Some("Copies were found (listing), or some games could not be written (--keep).")
        }
        Some("filter") => Some("No game matched."),
        Some("merge" | "split") => Some("Some games could not be written."),
        Some(_) => None,
    };
    writeln!(out, ".SH \"EXIT STATUS\"")?;
    let zero = match command {
        Some("filter") => "At least one game matched.",
        Some("check") => {
            "Clean: every game was replayed and nothing at the --fail-on level was found."
        }
        _ => "Success.",
    };
    let mut items = vec![("0", zero)];
    if let Some(one) = one {
        items.push(("1", one));
    }
    items.push(("2", USAGE));
    tagged(out, &items)?;
    writeln!(out, ".PP")?;
    writeln!(
        out,
        "A closed standard output (as in `pdnkit ... | head`) is not an error."
    )
}

/// FILES: `pdnkit.toml`, the policy `check` reads.
fn files(out: &mut Vec<u8>) -> io::Result<()> {
    writeln!(out, ".SH FILES")?;
    writeln!(out, ".TP")?;
    writeln!(out, "\\fBpdnkit.toml\\fR")?;
    writeln!(
        out,
        "The policy of check, in TOML: looked for in the current directory, then in each \
         ancestor (--config FILE names another, --no-config reads none; at most 1 MiB). The \
         command line overrides it. Every key is optional; an unknown key, code or value is an \
         error naming the file, line and column. An example with every key:"
    )?;
    writeln!(out, ".PP")?;
    writeln!(out, ".nf")?;
    writeln!(out, ".RS 4")?;
    for line in CONFIG_EXAMPLE.lines() {
        writeln!(out, "{}", roff_line(line))?;
    }
    writeln!(out, ".RE")?;
    writeln!(out, ".fi")?;
    writeln!(out, ".PP")?;
    writeln!(
        out,
        "A file's rules are the top-level [codes], then those of every [[paths]] entry whose \
         glob matches it, in the order written. Where several select a code, the one that names \
         it most narrowly wins (the code itself, then the longest prefix, then a group), then \
         the later one; --allow, --warn and --deny win over the file."
    )
}

/// ENVIRONMENT: what pdnkit reads from it.
fn environment(out: &mut Vec<u8>) -> io::Result<()> {
    writeln!(out, ".SH ENVIRONMENT")?;
    tagged(
        out,
        &[
            (
                "NO_COLOR",
                "Set and not empty: no colour under --color auto (https://no-color.org).",
            ),
            (
                "TERM",
                "dumb: no colour under --color auto, and no progress bar.",
            ),
            (
                "GITHUB_STEP_SUMMARY",
                "check --format github appends a Markdown summary of the run to this file.",
            ),
            (
                "PDNKIT_PROGRESS_DELAY_MS",
                "How long a run goes before its progress bar is drawn (default: a second).",
            ),
        ],
    )
}

/// SEE ALSO: pdnkit(1) from a command's page; every command's page from pdnkit(1).
fn see_also(out: &mut Vec<u8>, command: &Command, top: Option<&Command>) -> io::Result<()> {
    let names: Vec<String> = match top {
        Some(_) => vec!["pdnkit".to_string()],
        None => command
            .get_subcommands()
            .map(|c| format!("pdnkit-{}", c.get_name()))
            .collect(),
    };
    let list: Vec<String> = names.iter().map(|n| format!("\\fB{n}\\fR(1)")).collect();
    writeln!(out, ".SH \"SEE ALSO\"")?;
    writeln!(out, "{}", list.join(", "))
}

/// Writes the pages into `dir`, each through a temporary file. Refuses, before writing any,
/// when a page's name is taken by a file pdnkit did not write.
fn write_pages(dir: &Path, pages: &[(String, Vec<u8>)]) -> Result<(), String> {
    let shown = |path: &Path| path.display().to_string();
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", shown(dir)))?;
    let foreign: Vec<String> = pages
        .iter()
        .map(|(name, _)| dir.join(name))
        .filter(|path| !replaceable(path))
        .map(|path| shown(&path))
        .collect();
    if !foreign.is_empty() {
        return Err(format!(
            "{} not written by `pdnkit man`, so not replaced: {}; nothing written (move them, or \
             choose another --dir)",
            if foreign.len() == 1 {
                "a file"
            } else {
                "files"
            },
            foreign.join(", ")
        ));
    }
    for (name, text) in pages {
        let path = dir.join(name);
        let temporary = dir.join(format!(".{name}.pdnkit-{}", std::process::id()));
        let written = fs::write(&temporary, text).and_then(|()| fs::rename(&temporary, &path));
        if let Err(e) = written {
            let _ = fs::remove_file(&temporary);
            return Err(format!("{}: {e}", shown(&path)));
        }
    }
    Ok(())
}

/// Whether `path` may be written: nothing there yet, or a page pdnkit wrote.
fn replaceable(path: &Path) -> bool {
    let Ok(metadata) = fs::symlink_metadata(path) else {
        return true;
    };
    if !metadata.is_file() {
        return false;
    }
    let mut head = vec![0; MARKER.len().max(OLD_TOP_PAGE.len()) + 1];
    let read = fs::File::open(path).and_then(|mut f| {
        let mut filled = 0;
        while filled < head.len() {
            match f.read(&mut head[filled..])? {
                0 => break,
                n => filled += n,
            }
        }
        Ok(filled)
    });
    let Ok(n) = read else { return false };
    let head = &head[..n];
    head.starts_with(format!("{MARKER}\n").as_bytes())
        || (path.file_name() == Some("pdnkit.1".as_ref())
            && head.starts_with(OLD_TOP_PAGE.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdnkit::check::config::Config;

    #[test]
    fn the_example_policy_is_a_valid_policy_with_every_key() {
        let config = Config::parse(Path::new("pdnkit.toml"), CONFIG_EXAMPLE).unwrap();
        assert!(config.variant.is_some());
        assert!(config.draw_profile.is_some());
        assert!(config.encoding.is_some());
        assert!(config.fail_on.is_some());
        assert_eq!(config.codes.len(), 3);
        assert_eq!(config.paths.len(), 1);
        assert_eq!(config.paths[0].codes.len(), 1);
    }

    #[test]
    fn every_page_has_the_sections() {
        let pages = pages().unwrap();
        let commands = super::super::Cli::command().get_subcommands().count();
        assert_eq!(pages.len(), commands + 1);
        for (name, text) in &pages {
            let text = String::from_utf8(text.clone()).unwrap();
            assert!(text.starts_with(MARKER), "{name}");
            assert_eq!(text.matches(PREAMBLE).count(), 1, "{name}: one preamble");
            for heading in [
                "NAME",
                "SYNOPSIS",
                "\"EXIT STATUS\"",
                "ENVIRONMENT",
                "\"SEE ALSO\"",
            ] {
                assert!(
                    text.contains(&format!("\n.SH {heading}\n")),
                    "{name}: {heading}"
                );
            }
            assert_eq!(
                text.contains(".SH FILES"),
                name == "pdnkit.1" || name == "pdnkit-check.1",
                "{name}"
            );
        }
    }
}
