//! `--to positions`: one JSON object per line for each main-line position, for analysis and
//! machine-learning datasets.

use super::PositionLine;
use crate::notation::Color;
use serde::Serialize;

#[derive(Serialize)]
struct Row<'a> {
    /// `file:index` of the game.
    game: &'a str,
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

/// Appends the positions of one game, one JSON line each.
pub fn write_positions(game: &str, result: &str, lines: &[PositionLine], out: &mut String) {
    for line in lines {
        let row = Row {
            game,
            ply: line.ply,
            fen: &line.fen,
            to_move: line.to_move,
            legal_moves: line.legal_moves,
            played: line.played.as_deref(),
            result,
        };
        if let Ok(text) = serde_json::to_string(&row) {
            out.push_str(&text);
            out.push('\n');
        }
    }
}
