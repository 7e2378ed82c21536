//! JSON reports. [`Envelope`] streams one document (`schema`, `files` with their games,
//! `totals`) without holding it in memory, for `check` ([`JsonWriter`]) and `parse` alike; [`JsonLinesWriter`] writes one line per game as it is
//! checked, then a summary line. The document's shape is described by `schema/check-report.json`.

use super::{FileInfo, ReportWriter, Totals};
use crate::check::GameReport;
use serde_json::json;
use std::io::{self, Write};

/// Version of the report's shape; bumped when a field changes meaning or goes away.
pub const SCHEMA: &str = "pdnkit-check/2";

/// The JSON document every command that reports games writes (`check`, `parse`): `schema`,
/// `tool`, then `files`, each with its `path`, its `games` one a line and its `error`, then
/// `totals`. Streamed into the writer each call is given: nothing of it is held in memory.
#[derive(Debug, Default)]
pub struct Envelope {
    files_written: u64,
    games_in_file: u64,
}

impl Envelope {
    /// Writes the document's head (`schema` names the shape of what follows).
    pub fn start(out: &mut impl Write, schema: &str) -> io::Result<Envelope> {
        write!(
            out,
            "{{\"schema\":{},\"tool\":{},\"files\":[",
            json!(schema),
            json!({"name": "pdnkit", "version": env!("CARGO_PKG_VERSION")})
        )?;
        Ok(Envelope::default())
    }

    pub fn file_start(&mut self, out: &mut impl Write, name: &str) -> io::Result<()> {
        if self.files_written > 0 {
            out.write_all(b",")?;
        }
        self.files_written += 1;
        self.games_in_file = 0;
        write!(out, "\n{{\"path\":{},\"games\":[", json!(name))
    }

    pub fn game(&mut self, out: &mut impl Write, game: &impl serde::Serialize) -> io::Result<()> {
        if self.games_in_file > 0 {
            out.write_all(b",")?;
        }
        self.games_in_file += 1;
        out.write_all(b"\n")?;
        serde_json::to_writer(&mut *out, game)?;
        Ok(())
    }

    /// Ends a file; `error` says why it could not be opened or read to its end.
    pub fn file_end(&mut self, out: &mut impl Write, error: Option<&str>) -> io::Result<()> {
        write!(out, "],\"error\":{}}}", json!(error))
    }

    pub fn finish(self, out: &mut impl Write, totals: &impl serde::Serialize) -> io::Result<()> {
        write!(out, "\n],\"totals\":")?;
        serde_json::to_writer(&mut *out, totals)?;
        out.write_all(b"}\n")?;
        out.flush()
    }
}

/// `check --format json`: the [`Envelope`] of check reports.
pub struct JsonWriter<W> {
    out: W,
    envelope: Envelope,
}

impl<W: Write> JsonWriter<W> {
    pub fn new(mut out: W) -> io::Result<Self> {
        let envelope = Envelope::start(&mut out, SCHEMA)?;
        Ok(JsonWriter { out, envelope })
    }
}

impl<W: Write> ReportWriter for JsonWriter<W> {
    fn file_start(&mut self, file: &FileInfo) -> io::Result<()> {
        self.envelope.file_start(&mut self.out, &file.name)
    }

    fn game(&mut self, _file: &FileInfo, game: &GameReport) -> io::Result<()> {
        self.envelope.game(&mut self.out, game)
    }

    fn file_end(&mut self, _file: &FileInfo, error: Option<&str>) -> io::Result<()> {
        self.envelope.file_end(&mut self.out, error)
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        std::mem::take(&mut self.envelope).finish(&mut self.out, totals)
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
