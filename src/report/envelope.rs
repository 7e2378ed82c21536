//! pdnkit's JSON envelope, the one every command that writes JSON wraps its output in: the
//! shape's `schema` (`pdnkit-check/2`, `pdnkit-filter/1`, ...; `schema/` describes each), the
//! `tool` that wrote it, what the command lists, then its `totals`.
//!
//! Three layouts, one per kind of output:
//! - [`Document`]: one document streamed a line an item (`check`/`parse --format json`,
//!   `filter --format json`): nothing of it is held in memory;
//! - [`Lines`]: JSON Lines, each line naming its `type` and `schema` (`--format jsonl`,
//!   `filter --format jsonl`), a summary line last;
//! - [`write_whole`]: a document built whole and written indented (`stats`, `dedup`), for
//!   summaries that exist only at the end.

use serde::Serialize;
use serde_json::{Value, json};
use std::io::{self, Write};

/// The `tool` of every envelope.
fn tool() -> Value {
    json!({"name": "pdnkit", "version": env!("CARGO_PKG_VERSION")})
}

/// One JSON document streamed into the writer each call is given: `schema`, `tool`, then a
/// list (`files` each with its `games`, or `games`), an item a line, then `totals`.
#[derive(Debug, Default)]
pub struct Document {
    items: u64,
    games_in_file: u64,
}

impl Document {
    /// Writes the document's head: `schema` names the shape of what follows, `list` the list
    /// that comes next.
    pub fn start(out: &mut (impl Write + ?Sized), schema: &str, list: &str) -> io::Result<Self> {
        write!(
            out,
            "{{\"schema\":{},\"tool\":{},{}:[",
            json!(schema),
            tool(),
            json!(list)
        )?;
        Ok(Document::default())
    }

    /// Starts the next item of the list, on a line of its own: the caller writes it.
    pub fn item(&mut self, out: &mut (impl Write + ?Sized)) -> io::Result<()> {
        if self.items > 0 {
            out.write_all(b",")?;
        }
        self.items += 1;
        out.write_all(b"\n")
    }

    /// Starts an item of `files`: its `path`, then its `games`.
    pub fn file_start(&mut self, out: &mut (impl Write + ?Sized), name: &str) -> io::Result<()> {
        self.item(out)?;
        self.games_in_file = 0;
        write!(out, "{{\"path\":{},\"games\":[", json!(name))
    }

    /// A game of the file started last.
    pub fn game(
        &mut self,
        out: &mut (impl Write + ?Sized),
        game: &impl Serialize,
    ) -> io::Result<()> {
        if self.games_in_file > 0 {
            out.write_all(b",")?;
        }
        self.games_in_file += 1;
        out.write_all(b"\n")?;
        serde_json::to_writer(&mut *out, game)?;
        Ok(())
    }

    /// Ends a file; `error` says why it could not be opened or read to its end.
    pub fn file_end(
        &mut self,
        out: &mut (impl Write + ?Sized),
        error: Option<&str>,
    ) -> io::Result<()> {
        write!(out, "],\"error\":{}}}", json!(error))
    }

    /// Ends the list and the document with its `totals`.
    pub fn finish(
        self,
        out: &mut (impl Write + ?Sized),
        totals: &impl Serialize,
    ) -> io::Result<()> {
        write!(out, "\n],\"totals\":")?;
        serde_json::to_writer(&mut *out, totals)?;
        out.write_all(b"}\n")?;
        out.flush()
    }
}

/// JSON Lines of one `schema`: a line per game (`type` `game`), per file that could not be
/// read (`file-error`), and a `summary` line with the totals last.
#[derive(Debug, Clone, Copy)]
pub struct Lines {
    pub schema: &'static str,
}

impl Lines {
    /// A game's line: `write_game` writes the game itself.
    pub fn game<W: Write + ?Sized>(
        &self,
        out: &mut W,
        file: &str,
        write_game: impl FnOnce(&mut W) -> io::Result<()>,
    ) -> io::Result<()> {
        // Written field by field: the game is not copied into a `Value` first.
        write!(
            out,
            "{{\"type\":\"game\",\"schema\":{},\"file\":{},\"game\":",
            json!(self.schema),
            json!(file)
        )?;
        write_game(out)?;
        out.write_all(b"}\n")
    }

    /// The line of a file that could not be opened or read to its end.
    pub fn file_error(
        &self,
        out: &mut (impl Write + ?Sized),
        file: &str,
        error: &str,
    ) -> io::Result<()> {
        let line =
            json!({"type": "file-error", "schema": self.schema, "file": file, "error": error});
        writeln!(out, "{line}")
    }

    /// The last line: the run's totals.
    pub fn summary(
        &self,
        out: &mut (impl Write + ?Sized),
        totals: &impl Serialize,
    ) -> io::Result<()> {
        let totals = serde_json::to_value(totals)?;
        let line = json!({"type": "summary", "schema": self.schema, "totals": totals});
        writeln!(out, "{line}")
    }
}

/// Writes a document built whole ([`whole`]), indented.
pub fn write_whole(out: &mut (impl Write + ?Sized), document: &Value) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, document)?;
    writeln!(out)
}

/// A document built whole: `body` (an object) with the envelope's `schema` and `tool`.
pub fn whole(schema: &str, mut body: Value) -> Value {
    if let Some(fields) = body.as_object_mut() {
        fields.insert("schema".into(), json!(schema));
        fields.insert("tool".into(), tool());
    }
    body
}
