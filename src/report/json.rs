//! `check`'s JSON reports, in pdnkit's envelope ([`super::envelope`]): [`JsonWriter`] streams one
//! document (`files` with their games, then `totals`); [`JsonLinesWriter`] writes one line per
//! game as it is checked, then a summary line. The document's shape is described by
//! `schema/check-report.json`.

use super::envelope::{Document, Lines};
use super::{FileInfo, ReportWriter, Totals};
use crate::check::GameReport;
use std::io::{self, Write};

/// Version of the report's shape; bumped when a field changes meaning or goes away.
pub const SCHEMA: &str = "pdnkit-check/2";

/// `check --format json`: the [`Document`] of check reports.
pub struct JsonWriter<W> {
    out: W,
    document: Document,
}

impl<W: Write> JsonWriter<W> {
    pub fn new(mut out: W) -> io::Result<Self> {
        let document = Document::start(&mut out, SCHEMA, "files")?;
        Ok(JsonWriter { out, document })
    }
}

impl<W: Write> ReportWriter for JsonWriter<W> {
    fn file_start(&mut self, file: &FileInfo) -> io::Result<()> {
        self.document.file_start(&mut self.out, &file.name)
    }

    fn game(&mut self, _file: &FileInfo, game: &GameReport) -> io::Result<()> {
        self.document.game(&mut self.out, game)
    }

    fn file_end(&mut self, _file: &FileInfo, error: Option<&str>) -> io::Result<()> {
        self.document.file_end(&mut self.out, error)
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        std::mem::take(&mut self.document).finish(&mut self.out, totals)
    }
}

/// `check --format jsonl`: the [`Lines`] of check reports.
pub struct JsonLinesWriter<W> {
    out: W,
}

const LINES: Lines = Lines { schema: SCHEMA };

impl<W: Write> JsonLinesWriter<W> {
    pub fn new(out: W) -> Self {
        JsonLinesWriter { out }
    }
}

impl<W: Write> ReportWriter for JsonLinesWriter<W> {
    fn game(&mut self, file: &FileInfo, game: &GameReport) -> io::Result<()> {
        LINES.game(&mut self.out, &file.name, |out| {
            serde_json::to_writer(out, game).map_err(io::Error::from)
        })
    }

    fn file_end(&mut self, file: &FileInfo, error: Option<&str>) -> io::Result<()> {
        match error {
            Some(e) => LINES.file_error(&mut self.out, &file.name, e),
            None => Ok(()),
        }
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        LINES.summary(&mut self.out, totals)?;
        self.out.flush()
    }
}
