//! JUnit XML, which Jenkins, GitLab and most CI systems show as a test report: one `testsuite`
//! per file, one `testcase` per game, and a `failure` for a game with findings at the level that
//! fails the run (its text lists them all; lesser findings go to `system-out`). A file that
//! cannot be read is a testcase with an `error`.
//!
//! Every `testsuites` and `testsuite` carries `tests`, `failures`, `errors` and `time` (seconds),
//! and every `testcase` its `time` (the seconds checking the game took), as the common JUnit
//! schema (Jenkins' `junit-10.xsd`) has them. The root's counts come before its suites, so the
//! suites are held in memory until the run ends (about 150 bytes a game, more with findings).

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
    /// The suites written so far, with the counts they add up to.
    suites: Vec<u8>,
    all: Counts,
    /// The file being written: its testcases and counts.
    cases: Vec<u8>,
    suite: Counts,
}

/// What a `testsuite` (or the root) counts.
#[derive(Debug, Clone, Copy, Default)]
struct Counts {
    tests: u64,
    failures: u64,
    errors: u64,
    seconds: f64,
}

impl Counts {
    fn add(&mut self, other: Counts) {
        self.tests += other.tests;
        self.failures += other.failures;
        self.errors += other.errors;
        self.seconds += other.seconds;
    }

    /// ` tests="3" failures="1" errors="0" time="0.002"`.
    fn attributes(&self) -> String {
        format!(
            " tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{}\"",
            self.tests,
            self.failures,
            self.errors,
            seconds(self.seconds)
        )
    }
}

/// Seconds as JUnit writes them: a decimal number, to the microsecond.
fn seconds(s: f64) -> String {
    format!("{:.6}", s.max(0.0))
}

impl<W: Write> JunitWriter<W> {
    pub fn new(out: W, fail_level: Level) -> io::Result<Self> {
        Ok(JunitWriter {
            out,
            fail_level,
            suites: Vec::new(),
            all: Counts::default(),
            cases: Vec::new(),
            suite: Counts::default(),
        })
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
    fn file_start(&mut self, _file: &FileInfo) -> io::Result<()> {
        self.cases.clear();
        self.suite = Counts::default();
        Ok(())
    }

    fn game(&mut self, file: &FileInfo, game: &GameReport) -> io::Result<()> {
        let (failing, other): (Vec<&Finding>, Vec<&Finding>) = game
            .findings
            .iter()
            .partition(|f| f.level >= self.fail_level);
        self.suite.add(Counts {
            tests: 1,
            failures: u64::from(!failing.is_empty()),
            errors: 0,
            seconds: game.seconds,
        });
        let out = &mut self.cases;
        write!(
            out,
            "    <testcase classname=\"{}\" name=\"{}\" time=\"{}\"",
            escape(&file.name),
            escape(&game_name(game)),
            seconds(game.seconds)
        )?;
        if failing.is_empty() && other.is_empty() {
            return writeln!(out, "/>");
        }
        writeln!(out, ">")?;
        if let Some(first) = failing.first() {
            let listed: Vec<String> = failing.iter().map(|f| line(file, game, f)).collect();
            writeln!(
                out,
                "      <failure type=\"{}\" message=\"{}\">{}</failure>",
                escape(first.code.as_str()),
                escape(&first.message),
                escape(&listed.join("\n"))
            )?;
        }
        if !other.is_empty() {
            let listed: Vec<String> = other.iter().map(|f| line(file, game, f)).collect();
            writeln!(
                out,
                "      <system-out>{}</system-out>",
                escape(&listed.join("\n"))
            )?;
        }
        writeln!(out, "    </testcase>")
    }

    fn file_end(&mut self, file: &FileInfo, error: Option<&str>) -> io::Result<()> {
        if let Some(e) = error {
            self.suite.add(Counts {
                tests: 1,
                errors: 1,
                ..Counts::default()
            });
            writeln!(
                self.cases,
                "    <testcase classname=\"{0}\" name=\"{0}\" time=\"{2}\"><error message=\"{1}\">{1}</error></testcase>",
                escape(&file.name),
                escape(e),
                seconds(0.0)
            )?;
        }
        writeln!(
            self.suites,
            "  <testsuite name=\"{}\"{}>",
            escape(&file.name),
            self.suite.attributes()
        )?;
        self.suites.append(&mut self.cases);
        writeln!(self.suites, "  </testsuite>")?;
        self.all.add(self.suite);
        Ok(())
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        // The run's wall-clock time, not the sum of its games' (they are checked in parallel).
        let root = Counts {
            seconds: totals.seconds,
            ..self.all
        };
        writeln!(self.out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(
            self.out,
            "<testsuites name=\"pdnkit check\"{}>",
            root.attributes()
        )?;
        self.out.write_all(&self.suites)?;
        self.suites = Vec::new();
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
