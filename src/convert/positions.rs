//! `convert --format positions`: one JSON object per line for each main-line position, for analysis and
//! machine-learning datasets.
//!
//! Each line starts with the game's `file:index`; a pipeline worker renders the rest of the
//! lines ([`rows`]) before the game's index in its file is known, and the lines are written with
//! it in order ([`write_lines`]).

use super::PositionLine;
use crate::notation::Color;
use serde::Serialize;
use std::io::{self, Write};

/// A line after its `game` field.
#[derive(Serialize)]
struct Row<'a> {
    /// Half-moves played before this position.
    ply: u32,
    fen: &'a str,
    to_move: Color,
    legal_moves: u32,
    /// The move played from this position, in the output notation; `null` at the end.
    #[serde(rename = "move")]
    played: Option<&'a str>,
    /// The game's terminator (`*` when unknown).
    result: &'a str,
}

/// Appends the positions of one game, a line each, every line without its head `{"game":ID,`.
pub fn rows(result: &str, lines: &[PositionLine], out: &mut String) {
    for line in lines {
        let row = Row {
            ply: line.ply,
            fen: &line.fen,
            to_move: line.to_move,
            legal_moves: line.legal_moves,
            played: line.played.as_deref(),
            result,
        };
        if let Ok(text) = serde_json::to_string(&row) {
            // (`{` comes back with the head.)
            out.push_str(&text[1..]);
            out.push('\n');
        }
    }
}

/// Writes the `rows` of one game, each line starting with `game` (`file:index`).
pub fn write_lines(out: &mut (impl Write + ?Sized), game: &str, rows: &str) -> io::Result<()> {
    let head = format!("{{\"game\":{},", serde_json::to_string(game)?);
    for row in rows.split_terminator('\n') {
        out.write_all(head.as_bytes())?;
        out.write_all(row.as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}
