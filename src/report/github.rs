//! GitHub Actions workflow commands: one `::error file=...,line=...,col=...,title=CODE::message`
//! line per finding, which the Actions runner turns into annotations on the exact lines. The
//! runner shows only so many of each level per step, so only those are written (errors first),
//! and a notice says how many were not.

use super::human::{Style, escape_controls, write_summary};
use super::kept::{Cap, Kept};
use super::{FileInfo, Listing, ReportWriter, Show, Totals};
use crate::check::GameReport;
use crate::finding::Level;
use std::io::{self, Write};
use std::path::PathBuf;

/// Annotations of a level GitHub shows per step: 10 errors, 10 warnings and 10 notices (the
/// Actions toolkit's "Problem Matchers" document, on annotation limits).
pub const DEFAULT_MAX_PER_LEVEL: usize = 10;
/// Annotations GitHub shows per job, all its steps together (the same document): a run never
/// writes more, whatever `--max-results` asks of each level.
pub const MAX_PER_JOB: usize = 50;

pub struct GithubWriter<W> {
    out: W,
    show: Show,
    /// `$GITHUB_STEP_SUMMARY`: a Markdown file the runner shows on the job's page.
    step_summary: Option<PathBuf>,
    listing: Listing,
    started: std::time::Instant,
    /// The annotation lines, within `--max-results` of each level.
    annotations: Kept<String>,
}

impl<W: Write> GithubWriter<W> {
    pub fn new(out: W, show: Show, step_summary: Option<PathBuf>, cap: Cap) -> Self {
        GithubWriter {
            out,
            show,
            step_summary,
            listing: Listing::default(),
            started: std::time::Instant::now(),
            annotations: Kept::new(cap),
        }
    }
}

/// Escapes a message (the runner's rules: `%`, CR and LF; and control characters, which the
/// log view would obey).
fn escape_data(text: &str) -> String {
    let text = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    escape_controls(&text).into_owned()
}

/// Escapes a property value (also `:` and `,`, which separate properties).
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

impl<W: Write> ReportWriter for GithubWriter<W> {
    fn game(&mut self, file: &FileInfo, game: &GameReport) -> io::Result<()> {
        for f in &game.findings {
            if !self.listing.admit(&self.show, f) {
                continue;
            }
            let command = match f.level {
                Level::Error => "error",
                Level::Warning => "warning",
                Level::Note => "notice",
            };
            let mut message = format!("{} (game {}", f.message, game.index);
            if let Some(n) = f.move_number {
                message.push_str(&format!(", move {n}"));
            }
            message.push(')');
            let at = game.locate(f.span);
            let line = format!(
                "::{command} file={},line={},col={},title={}::{}",
                escape_property(&file.name),
                at.line,
                at.column,
                escape_property(f.code.as_str()),
                escape_data(&message)
            );
            self.annotations.push(f.level, line);
        }
        Ok(())
    }

    fn file_end(&mut self, file: &FileInfo, error: Option<&str>) -> io::Result<()> {
        if let Some(e) = error {
            let line = format!(
                "::error file={}::{}",
                escape_property(&file.name),
                escape_data(e)
            );
            self.annotations.push(Level::Error, line);
        }
        Ok(())
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        let mut annotations = std::mem::replace(&mut self.annotations, Kept::new(Cap::None));
        if annotations.left_out_total() > 0 {
            // The notice below is one of the step's notices, and of the job's: make room for it.
            annotations.make_room_for_a_note();
        }
        let left_out = annotations.left_out;
        for line in annotations.by_severity() {
            writeln!(self.out, "{line}")?;
        }
        let dropped: u64 = left_out.iter().sum();
        if dropped > 0 {
            writeln!(
                self.out,
                "::notice title=pdnkit::{dropped} annotations not written, as GitHub shows only \
                 so many per step, and {MAX_PER_JOB} per job ({} errors, {} warnings, {} \
                 notices; --max-results 0 writes them all); the summary counts every finding",
                left_out[0], left_out[1], left_out[2]
            )?;
        }
        if self.show.summary {
            write_summary(
                &mut self.out,
                Style { colour: false },
                totals,
                self.started.elapsed(),
            )?;
            if let Some(line) = self.listing.left_out_line(&self.show) {
                writeln!(self.out, "{line}")?;
            }
        }
        if let Some(path) = &self.step_summary {
            // Appended: other steps of the job write to the same file.
            let mut file = std::fs::OpenOptions::new()
                .append(true)
                .create(true)
                .open(path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            file.write_all(step_summary(totals).as_bytes())?;
        }
        self.out.flush()
    }
}

/// The job summary: what was checked, then the findings by code, as Markdown tables.
fn step_summary(totals: &Totals) -> String {
    let mut md = String::from("### pdnkit check\n\n| | |\n|---|---:|\n");
    for (what, n) in [
        ("files", totals.files),
        ("games", totals.games),
        ("games with errors", totals.games_with_errors),
        ("errors", totals.errors),
        ("warnings", totals.warnings),
        ("games not replayed", totals.not_replayed),
        ("unreadable files", totals.unreadable_files),
    ] {
        md.push_str(&format!("| {what} | {n} |\n"));
    }
    if !totals.by_code.is_empty() {
        md.push_str("\n| code | findings |\n|---|---:|\n");
        for (code, n) in &totals.by_code {
            md.push_str(&format!("| `{code}` | {n} |\n"));
        }
    }
    md.push('\n');
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_escape_separators_and_newlines() {
        assert_eq!(escape_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
        assert_eq!(escape_data("x: y, 50%"), "x: y, 50%25");
    }
}
