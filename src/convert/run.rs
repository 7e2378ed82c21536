//! A `convert` run: each game converted and rendered in the output format on the workers
//! ([`render`]), then written in input order with its notices said on the console
//! ([`ConvertWriter`]), and the run's summary.

use super::unnumbered::UnnumberedJson;
use super::{Converted, Converter, pdn, positions, repairs};
use crate::convert::json::JsonGameError;
use crate::finding::{Code, Finding, Level};
use crate::pipeline::PerGame;
use crate::pipeline::run::{Console, Consumer};
use crate::reader::{Encoding, Game, LineIndex};
use crate::report::FileInfo;
use crate::report::human::{self, FindingCounts, Headline, RunCounts, Style, write_located_in};
use std::collections::BTreeMap;
use std::fmt::Display;
use std::io::{self, Write};

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum To {
    /// Canonical PDN 3.0.
    Pdn,
    /// The JSON game model, a game a line.
    Json,
    /// One JSON line per main-line position.
    Positions,
}

/// A converted game, rendered, with what converting it found.
pub struct Rendered {
    index: u64,
    output: io::Result<Output>,
}

impl PerGame for Rendered {
    fn shift_index(&mut self, by: u64) {
        self.index += by;
    }
}

struct Output {
    /// The character set the game was read in, and its lines (for the places and source lines
    /// of its notices).
    encoding: Encoding,
    lines: LineIndex,
    /// Main-line moves of the game.
    moves: u64,
    text: Text,
    report: Converted,
}

/// A game in the output format, but for its index (written in order, once known).
enum Text {
    Pdn(String),
    Json(UnnumberedJson),
    /// Its positions, each line without the game's `file:index` it starts with.
    Positions(String),
}

/// Converts one game and renders it in the output format (on a worker, with its own converter).
pub fn render(converter: &mut Converter, to: To, mut game: Box<Game>) -> Rendered {
    let mut report = converter.convert(&mut game);
    let text = match to {
        To::Pdn => {
            let mut text = String::new();
            if let Err(e) = pdn::write_game(&game, &mut text) {
                report.errors += 1;
                report.notices.push(Finding::at_level(
                    Level::Error,
                    Code::NotWritable,
                    e.span,
                    format!("{e}; the game is not written"),
                ));
            }
            Ok(Text::Pdn(text))
        }
        To::Json => UnnumberedJson::of(&game)
            .map(Text::Json)
            .map_err(io::Error::other),
        To::Positions => {
            let result = game.result.as_ref().map_or("*", |r| r.kind.as_str());
            let mut rows = String::new();
            positions::rows(result, &report.positions, &mut rows);
            Ok(Text::Positions(rows))
        }
    };
    Rendered {
        index: game.index,
        output: text.map(|text| Output {
            encoding: game.encoding,
            lines: std::mem::take(&mut game.lines),
            moves: game.moves.len() as u64,
            text,
            report,
        }),
    }
}

/// Writes converted games in order to `out`, and their notices to the console.
pub struct ConvertWriter<'a, W: Write> {
    out: W,
    console: &'a dyn Console,
    style: Style,
    /// The inputs, as findings name them (no source lines for JSON input).
    files: Vec<FileInfo>,
    moves: u64,
    /// Games that could not be rendered (each said on the console).
    unwritable: u64,
    findings: FindingCounts,
    /// Errors and warnings by code.
    by_code: BTreeMap<&'static str, u64>,
    /// Repairs made by `--fix`.
    repairs: u64,
    /// Whether findings and repairs are written to the console (they are counted either way).
    listing: bool,
    /// Lines of the current JSON file that are not games (the first few are said).
    rejected_in_file: u64,
}

/// Lines of one JSON file that are not games said one by one; the rest are counted at its end.
const REJECTED_SAID: u64 = 10;

/// What a `convert` run did, for its summary.
pub struct ConvertTotals {
    pub run: RunCounts,
    pub findings: FindingCounts,
    by_code: BTreeMap<&'static str, u64>,
    repairs: u64,
}

impl<'a, W: Write> ConvertWriter<'a, W> {
    /// `style` is that of the console, where notices go.
    pub fn new(out: W, files: Vec<FileInfo>, console: &'a dyn Console, style: Style) -> Self {
        ConvertWriter {
            out,
            console,
            style,
            files,
            moves: 0,
            unwritable: 0,
            findings: FindingCounts::default(),
            by_code: BTreeMap::new(),
            repairs: 0,
            listing: true,
            rejected_in_file: 0,
        }
    }

    /// Whether findings and repairs are written to the console (`convert -q`: only counted).
    pub fn listing(self, listing: bool) -> Self {
        ConvertWriter { listing, ..self }
    }

    /// Flushes the output and puts the run's counts together.
    pub fn finish(mut self, counts: RunCounts) -> io::Result<ConvertTotals> {
        self.out.flush()?;
        let unreadable = counts.unreadable + self.unwritable;
        Ok(ConvertTotals {
            run: RunCounts {
                games: counts.games - self.unwritable,
                moves: self.moves,
                unreadable,
                ..counts
            },
            findings: FindingCounts {
                unreadable_files: unreadable,
                ..self.findings
            },
            by_code: self.by_code,
            repairs: self.repairs,
        })
    }

    fn write_notices(&mut self, file: usize, index: u64, game: &Output) -> io::Result<()> {
        let (style, info) = (self.style, &self.files[file]);
        if self.listing {
            self.console.write(&mut |err| {
                for n in &game.report.notices {
                    let headline = Headline {
                        level: n.level,
                        code: n.code.as_str(),
                        message: &n.message,
                        span: game.lines.locate(n.span),
                        context: format!("game {index}"),
                        encoding: game.encoding,
                        fixable: false,
                    };
                    write_located_in(err, style, info, &headline, &game.lines)?;
                }
                Ok(())
            })?;
        }
        for n in &game.report.notices {
            match n.level {
                Level::Error => {}
                Level::Warning => self.findings.warnings += 1,
                Level::Note => {
                    self.repairs += repairs(n);
                    continue;
                }
            }
            *self.by_code.entry(n.code.as_str()).or_default() += 1;
        }
        Ok(())
    }

    fn write_game(&mut self, file: usize, index: u64, game: Output) -> io::Result<()> {
        if !game.report.notices.is_empty() {
            self.write_notices(file, index, &game)?;
        }
        self.moves += game.moves;
        let errors = u64::from(game.report.errors);
        self.findings.errors += errors;
        self.findings.games_with_errors += u64::from(errors > 0);
        match &game.text {
            Text::Pdn(text) => self.out.write_all(text.as_bytes()),
            Text::Json(json) => {
                json.write(index, &mut self.out)?;
                self.out.write_all(b"\n")
            }
            Text::Positions(rows) => {
                let id = format!("{}:{index}", self.files[file].name);
                positions::write_lines(&mut self.out, &id, rows)
            }
        }
    }

    fn say(&self, file: usize, separator: &str, error: &dyn Display) {
        let name = &self.files[file].name;
        self.console.say(&format!("{name}:{separator}{error}"));
    }
}

impl<W: Write> Consumer<Rendered> for ConvertWriter<'_, W> {
    fn json_games(&mut self, file: usize) {
        self.files[file].path = None;
    }

    fn game(&mut self, file: usize, game: Rendered) -> io::Result<()> {
        match game.output {
            Ok(output) => self.write_game(file, game.index, output),
            Err(e) => {
                self.unwritable += 1;
                self.say(file, " ", &e);
                Ok(())
            }
        }
    }

    fn rejected(&mut self, file: usize, error: JsonGameError) -> io::Result<()> {
        self.findings.errors += 1;
        self.rejected_in_file += 1;
        if self.rejected_in_file <= REJECTED_SAID {
            self.say(file, "", &error);
        }
        Ok(())
    }

    fn file_end(&mut self, file: usize, _error: Option<&str>) -> io::Result<()> {
        let more = self.rejected_in_file.saturating_sub(REJECTED_SAID);
        if more > 0 {
            self.say(
                file,
                " ",
                &format!(
                    "{more} more line{} that {} not pdnkit JSON games, not listed ({} in all)",
                    if more == 1 { "" } else { "s" },
                    if more == 1 { "is" } else { "are" },
                    self.rejected_in_file
                ),
            );
        }
        self.rejected_in_file = 0;
        Ok(())
    }
}

impl ConvertTotals {
    /// The summary `check` and `parse` end with, then the repairs made.
    pub fn write_summary(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        let counts = (self.run, self.findings);
        human::write_run_and_findings(out, style, "converted", counts, self.run.elapsed)?;
        if self.repairs > 0 {
            writeln!(
                out,
                "{} repair{} (--fix)",
                self.repairs,
                if self.repairs == 1 { "" } else { "s" }
            )?;
        }
        human::write_by_code(out, &self.by_code)
    }
}
