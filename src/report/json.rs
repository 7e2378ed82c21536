//! JSON reports. [`JsonWriter`] streams one document (`schema`, `files` with their games,
//! `totals`) without holding it in memory; [`JsonLinesWriter`] writes one line per game as it is
//! checked, then a summary line. The document's shape is described by `schema/check-report.json`.

use super::{FileInfo, ReportWriter, Totals};
use crate::check::GameReport;
use serde_json::json;
use std::io::{self, Write};

/// Version of the report's shape; bumped when a field changes meaning or goes away.
pub const SCHEMA: &str = "pdnkit-check/2";

pub struct JsonWriter<W> {
    out: W,
    files_written: u64,
    games_in_file: u64,
}

impl<W: Write> JsonWriter<W> {
    pub fn new(mut out: W) -> io::Result<Self> {
        write!(
            out,
            "{{\"schema\":{},\"tool\":{},\"files\":[",
            json!(SCHEMA),
            json!({"name": "pdnkit", "version": env!("CARGO_PKG_VERSION")})
        )?;
        Ok(JsonWriter {
            out,
            files_written: 0,
            games_in_file: 0,
        })
    }
}

impl<W: Write> ReportWriter for JsonWriter<W> {
    fn file_start(&mut self, file: &FileInfo) -> io::Result<()> {
        if self.files_written > 0 {
            self.out.write_all(b",")?;
        }
        self.files_written += 1;
        self.games_in_file = 0;
        write!(self.out, "\n{{\"path\":{},\"games\":[", json!(file.name))
    }

    fn game(&mut self, _file: &FileInfo, game: &GameReport) -> io::Result<()> {
        if self.games_in_file > 0 {
            self.out.write_all(b",")?;
        }
        self.games_in_file += 1;
        self.out.write_all(b"\n")?;
        serde_json::to_writer(&mut self.out, game)?;
        Ok(())
    }

    fn file_end(&mut self, _file: &FileInfo, error: Option<&str>) -> io::Result<()> {
        write!(self.out, "],\"error\":{}}}", json!(error))
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        write!(self.out, "\n],\"totals\":")?;
        serde_json::to_writer(&mut self.out, totals)?;
        self.out.write_all(b"}\n")?;
        self.out.flush()
    }
}

pub struct JsonLinesWriter<W> {
    out: W,
}

impl<W: Write> JsonLinesWriter<W> {
    pub fn new(out: W) -> Self {
        JsonLinesWriter { out }
    }

    fn line(&mut self, value: &serde_json::Value) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, value)?;
        self.out.write_all(b"\n")
    }
}

impl<W: Write> ReportWriter for JsonLinesWriter<W> {
    fn game(&mut self, file: &FileInfo, game: &GameReport) -> io::Result<()> {
        // Written field by field so the game is not copied into a Value first.
        write!(
            self.out,
            "{{\"type\":\"game\",\"schema\":{},\"file\":{},\"game\":",
            json!(SCHEMA),
            json!(file.name)
        )?;
        serde_json::to_writer(&mut self.out, game)?;
        self.out.write_all(b"}\n")
    }

    fn file_end(&mut self, file: &FileInfo, error: Option<&str>) -> io::Result<()> {
        match error {
            Some(e) => self.line(
                &json!({"type": "file-error", "schema": SCHEMA, "file": file.name, "error": e}),
            ),
            None => Ok(()),
        }
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        self.line(&json!({"type": "summary", "schema": SCHEMA, "totals": totals}))?;
        self.out.flush()
    }
}
