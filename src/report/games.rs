//! `parse`'s report: the games as read. For people, what the reader found in each game (in the
//! compiler style of [`super::human`]) and a summary; for programs, the games themselves in
//! the JSON model, as one document or as JSON Lines, streamed a game at a time.

use super::FileInfo;
use super::envelope::{Document, Lines};
use super::human::{self, FindingCounts, Headline, RunCounts, Style, write_located_in};
use crate::finding::{Finding, Level};
use crate::pipeline::run::Consumer;
use crate::reader::Game;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// Version of the output's shape (`schema/parse-report.json`); bumped when a field changes
/// meaning or goes away. Version 2 took `check`'s envelope and names (`level`, `game`, `totals`).
pub const SCHEMA: &str = "pdnkit-parse/2";

const LINES: Lines = Lines { schema: SCHEMA };

/// How the games are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GamesFormat {
    /// The reader's findings (notes too with `notes`), then a summary; nothing but the
    /// summary when `quiet`, and not even that without `summary`.
    Human {
        notes: bool,
        quiet: bool,
        summary: bool,
    },
    /// One JSON document.
    Json,
    /// A game a line.
    JsonLines,
}

/// Counts for the closing summary (named as in `check`'s totals; `moves` are main-line moves
/// read).
#[derive(Default, Serialize)]
pub struct GamesTotals {
    #[serde(flatten)]
    pub run: RunCounts,
    #[serde(flatten)]
    pub findings: FindingCounts,
    notes: u64,
    /// Errors and warnings by code.
    by_code: BTreeMap<String, u64>,
}

/// Writes each game as read, in input order.
pub struct GamesWriter<'a, W: Write> {
    out: W,
    format: GamesFormat,
    style: Style,
    files: &'a [FileInfo],
    /// The JSON document being streamed (`GamesFormat::Json`).
    document: Option<Document>,
    totals: GamesTotals,
}

impl<'a, W: Write> GamesWriter<'a, W> {
    pub fn new(
        mut out: W,
        format: GamesFormat,
        style: Style,
        files: &'a [FileInfo],
    ) -> io::Result<Self> {
        let document = match format {
            GamesFormat::Json => Some(Document::start(&mut out, SCHEMA, "files")?),
            _ => None,
        };
        Ok(GamesWriter {
            out,
            format,
            style,
            files,
            document,
            totals: GamesTotals::default(),
        })
    }

    /// Writes the end: the document's totals, the summary line, or the summary for people.
    pub fn finish(mut self, counts: RunCounts) -> io::Result<GamesTotals> {
        let totals = &mut self.totals;
        totals.run = RunCounts {
            moves: totals.run.moves,
            ..counts
        };
        totals.findings.unreadable_files = counts.unreadable;
        match (self.format, self.document) {
            (GamesFormat::Json, Some(document)) => document.finish(&mut self.out, totals)?,
            (GamesFormat::JsonLines, _) => LINES.summary(&mut self.out, totals)?,
            (GamesFormat::Human { summary: false, .. }, _) => {}
            (GamesFormat::Human { .. }, _) => {
                let counts = (totals.run, totals.findings);
                human::write_run_and_findings(
                    &mut self.out,
                    self.style,
                    "read",
                    counts,
                    counts.0.elapsed,
                )?;
                human::write_by_code(&mut self.out, &totals.by_code)?;
            }
            (GamesFormat::Json, None) => {}
        }
        self.out.flush()?;
        Ok(self.totals)
    }
}

impl<W: Write> Consumer<Box<Game>> for GamesWriter<'_, W> {
    fn file_start(&mut self, file: usize) -> io::Result<()> {
        if let Some(document) = &mut self.document {
            document.file_start(&mut self.out, &self.files[file].name)?;
        }
        Ok(())
    }

    fn game(&mut self, file: usize, game: Box<Game>) -> io::Result<()> {
        self.totals.add_game(&game);
        let out = &mut self.out;
        match self.format {
            GamesFormat::Human { quiet: true, .. } => Ok(()),
            GamesFormat::Human { notes, .. } => {
                for finding in &game.diagnostics {
                    if finding.level != Level::Note || notes {
                        write_finding(out, self.style, &self.files[file], &game, finding)?;
                    }
                }
                Ok(())
            }
            GamesFormat::JsonLines => LINES.game(out, &self.files[file].name, |out| {
                serde_json::to_writer(out, &game).map_err(io::Error::from)
            }),
            GamesFormat::Json => match &mut self.document {
                Some(document) => document.game(out, &game),
                None => Ok(()),
            },
        }
    }

    fn file_end(&mut self, file: usize, error: Option<&str>) -> io::Result<()> {
        if let Some(error) = error
            && self.format == GamesFormat::JsonLines
        {
            LINES.file_error(&mut self.out, &self.files[file].name, error)?;
        }
        if let Some(document) = &mut self.document {
            document.file_end(&mut self.out, error)?;
        }
        Ok(())
    }
}

impl GamesTotals {
    fn add_game(&mut self, game: &Game) {
        self.run.moves += game.moves.len() as u64;
        let mut errors = 0;
        for d in &game.diagnostics {
            match d.level {
                Level::Error => errors += 1,
                Level::Warning => self.findings.warnings += 1,
                Level::Note => self.notes += 1,
            }
            if d.level != Level::Note {
                *self.by_code.entry(d.code.to_string()).or_default() += 1;
            }
        }
        self.findings.errors += errors;
        self.findings.games_with_errors += u64::from(errors > 0);
    }
}

/// Writes `file:line:col: level[CODE]: message`, then the source line and a caret.
fn write_finding(
    out: &mut impl Write,
    style: Style,
    file: &FileInfo,
    game: &Game,
    finding: &Finding,
) -> io::Result<()> {
    let headline = Headline {
        level: finding.level,
        code: finding.code.as_str(),
        message: &finding.message,
        span: game.locate(finding.span),
        context: format!("game {}", game.index),
        encoding: game.encoding,
        fixable: false,
    };
    write_located_in(out, style, file, &headline, &game.lines)
}
