//! JUnit XML, which Jenkins, GitLab and most CI systems show as a test report: one `testsuite`
//! per file, one `testcase` per game, and a `failure` for a game with findings at the level that
//! fails the run (its text lists them all; lesser findings go to `system-out`). A file that
//! cannot be read is a testcase with an `error`.
//!
//! The counts of the root element are not written: the report streams, and CI readers count the
//! testcases themselves.

use super::xml::escape;
use super::{FileInfo, ReportWriter, Totals};
use crate::check::GameReport;
use crate::finding::Finding;
use crate::finding::Level;
use std::fmt::Write as _;
use std::io::{self, Write};

pub struct JunitWriter<W> {
    out: W,
    /// The least severe level that fails a game.
    fail_level: Level,
}

impl<W: Write> JunitWriter<W> {
    pub fn new(mut out: W, fail_level: Level) -> io::Result<Self> {
        writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(out, "<testsuites name=\"pdnkit check\">")?;
        Ok(JunitWriter { out, fail_level })
    }
}

/// `game 3: Smith - Jones (Open 1999)`, from the tags the game has.
fn game_name(game: &GameReport) -> String {
    let tag = |name: &str| {
        game.tags
            .iter()
            .find(|t| t.standard() == name)
            .map(|t| t.value.as_str())
            .filter(|v| !v.is_empty() && *v != "?")
    };
    let mut name = format!("game {}", game.index);
    if let (Some(white), Some(black)) = (tag("White"), tag("Black")) {
        let _ = write!(name, ": {white} - {black}");
    }
    if let Some(event) = tag("Event") {
        let _ = write!(name, " ({event})");
    }
    name
}

fn line(file: &FileInfo, game: &GameReport, f: &Finding) -> String {
    let at = game.locate(f.span);
    let mut text = format!(
        "{}:{}:{}: {}[{}]: {}",
        file.name, at.line, at.column, f.level, f.code, f.message
    );
    if let Some(n) = f.move_number {
        let _ = write!(text, " (move {n})");
    }
    text
}

impl<W: Write> ReportWriter for JunitWriter<W> {
    fn file_start(&mut self, file: &FileInfo) -> io::Result<()> {
        writeln!(self.out, "  <testsuite name=\"{}\">", escape(&file.name))
    }

    fn game(&mut self, file: &FileInfo, game: &GameReport) -> io::Result<()> {
        let (failing, other): (Vec<&Finding>, Vec<&Finding>) = game
            .findings
            .iter()
            .partition(|f| f.level >= self.fail_level);
        write!(
            self.out,
            "    <testcase classname=\"{}\" name=\"{}\"",
            escape(&file.name),
            escape(&game_name(game))
        )?;
        if failing.is_empty() && other.is_empty() {
            return writeln!(self.out, "/>");
        }
        writeln!(self.out, ">")?;
        if let Some(first) = failing.first() {
            let listed: Vec<String> = failing.iter().map(|f| line(file, game, f)).collect();
            writeln!(
                self.out,
                "      <failure type=\"{}\" message=\"{}\">{}</failure>",
                escape(first.code.as_str()),
                escape(&first.message),
                escape(&listed.join("\n"))
            )?;
        }
        if !other.is_empty() {
            let listed: Vec<String> = other.iter().map(|f| line(file, game, f)).collect();
            writeln!(
                self.out,
                "      <system-out>{}</system-out>",
                escape(&listed.join("\n"))
            )?;
        }
        writeln!(self.out, "    </testcase>")
    }

    fn file_end(&mut self, file: &FileInfo, error: Option<&str>) -> io::Result<()> {
        if let Some(e) = error {
            writeln!(
                self.out,
                "    <testcase classname=\"{0}\" name=\"{0}\"><error message=\"{1}\">{1}</error></testcase>",
                escape(&file.name),
                escape(e)
            )?;
        }
        writeln!(self.out, "  </testsuite>")
    }

    fn finish(&mut self, _totals: &Totals) -> io::Result<()> {
        writeln!(self.out, "</testsuites>")?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_control_characters_are_escaped() {
        assert_eq!(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(escape("bell\u{7}esc\u{1b}"), "bell\\x07esc\\x1b");
        assert_eq!(escape("tab\tline\n"), "tab\tline\n");
    }
}
