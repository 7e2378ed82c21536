//! Reading back the JSON game model that `convert --format jsonl` writes, one game a line. Each line
//! stands alone: a line that is not a valid game is a located error for that line and the lines
//! after it are read as usual. A game from JSON is held to what the PDN reader guarantees every
//! consumer (variations at most [`MAX_VARIATION_DEPTH`] deep, a move names its squares), so a
//! hand-made file cannot make replay or writing misbehave. Every value the PDN reader checks
//! as it reads (the GameType's board size, corner and variant, squares, spans) is checked here
//! the same way: a game from JSON holds only what a game read from PDN could.

use crate::fen::FenSetup;
use crate::notation::Square;
use crate::reader::parse::MAX_VARIATION_DEPTH;
use crate::reader::{Annotation, Game, Line, MoveKind};
use crate::variant::{GameType, Variant};
use std::fmt;

mod places;

/// JSON nesting allowed in one line: a variation takes five levels (line, move list, move,
/// annotation list, annotation), plus the game's own few. Checked before parsing, so that
/// serde's recursion (without its fixed limit of 128) stays bounded.
pub const MAX_JSON_DEPTH: usize = 5 * MAX_VARIATION_DEPTH + 16;

/// Why one line is not a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonGameError {
    /// 1-based line and column in the JSON file.
    pub line: u64,
    pub column: u64,
    pub message: String,
}

impl fmt::Display for JsonGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: not a pdnkit JSON game: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for JsonGameError {}

/// Reads the game on line `line` (1-based) of a JSON file; `text` is the line without its end.
pub fn read_game(text: &[u8], line: u64) -> Result<Game, JsonGameError> {
    let error = |column: usize, message: String| JsonGameError {
        line,
        column: column as u64 + 1,
        message,
    };
    if let Some(at) = too_deep(text) {
        return Err(error(
            at,
            format!("nested deeper than {MAX_JSON_DEPTH} levels"),
        ));
    }
    let mut de = serde_json::Deserializer::from_slice(text);
    de.disable_recursion_limit();
    let mut game: Game = serde::Deserialize::deserialize(&mut de)
        .and_then(|game| de.end().map(|()| game))
        .map_err(|e| error(e.column().saturating_sub(1), e.to_string()))?;
    check_game(&game).map_err(|message| error(0, message))?;
    game.lines =
        places::places(text).map_err(|e| error(e.column().saturating_sub(1), e.to_string()))?;
    Ok(game)
}

/// The values of a game that the PDN reader would have refused to produce.
fn check_game(game: &Game) -> Result<(), String> {
    if let Some(game_type) = &game.game_type {
        check_game_type(game_type)?;
    }
    if let Some(setup) = &game.setup {
        check_setup(setup, "the FEN tag")?;
    }
    check_line(&game.moves, 0)
}

/// A GameType as [`GameType::parse`] reads one: width and height 2..26, square 1 in corner
/// 0..3, and the variant the one its type number stands for (PDN 3.0's GameType tag).
fn check_game_type(g: &GameType) -> Result<(), String> {
    for (what, n) in [("width", g.width), ("height", g.height)] {
        if !(2..=26).contains(&n) {
            return Err(format!("game_type.{what} {n} is not 2..26"));
        }
    }
    if g.corner > 3 {
        return Err(format!("game_type.corner {} is not 0..3", g.corner));
    }
    let named = Variant::from_code(g.code);
    if g.variant != named {
        return Err(format!(
            "game_type.variant {} is not the variant type number {} stands for ({})",
            g.variant.map_or("null".to_string(), |v| v.to_string()),
            g.code,
            named.map_or("none".to_string(), |v| v.to_string()),
        ));
    }
    if g.short_form && named.is_none() {
        return Err(format!(
            "game_type.short_form: type number {} names no variant, so it has no short form",
            g.code
        ));
    }
    Ok(())
}

/// A square as [`Square::parse`] reads one: a number 1..255, or a file `a`..`z` and a rank
/// 1..26.
fn check_square(square: Square) -> Result<(), String> {
    match square {
        Square::Num(0) => Err("square 0: squares are numbered from 1".to_string()),
        Square::Alg { file, rank } if file > 25 || rank > 25 => Err(format!(
            "square (file {file}, rank {rank}): files are 0..25 (a..z), ranks 0..25 (1..26)"
        )),
        _ => Ok(()),
    }
}

fn check_setup(setup: &FenSetup, what: &str) -> Result<(), String> {
    for piece in setup.white.iter().chain(&setup.black) {
        check_square(piece.square).map_err(|e| format!("{what}: {e}"))?;
    }
    Ok(())
}

/// The offset where brackets outside strings first nest deeper than [`MAX_JSON_DEPTH`].
fn too_deep(text: &[u8]) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, &b) in text.iter().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => {
                depth += 1;
                if depth > MAX_JSON_DEPTH {
                    return Some(i);
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// What the reader guarantees of a line: every move names at least its from and to squares
/// (an unknown move `--` none), and variations nest at most [`MAX_VARIATION_DEPTH`] deep.
fn check_line(line: &Line, depth: usize) -> Result<(), String> {
    if depth > MAX_VARIATION_DEPTH {
        return Err(format!(
            "variations nested deeper than {MAX_VARIATION_DEPTH} levels"
        ));
    }
    let variations = |annotations: &[Annotation]| -> Result<(), String> {
        for a in annotations {
            match a {
                Annotation::Variation(v) => check_line(&v.line, depth + 1)?,
                Annotation::Setup(setup) => {
                    if let Some(parsed) = &setup.parsed {
                        check_setup(parsed, "a setup in the moves")?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    };
    variations(&line.before)?;
    for node in line.iter() {
        let token = node.token();
        // (One square is a move as the reader reads `d5`: a Hawaiian removal.)
        if token.kind != MoveKind::Unknown && token.squares.is_empty() {
            return Err(format!(
                "a move (at byte {} of the PDN it came from) names no square: a move needs at least its from square",
                token.span.offset
            ));
        }
        for &square in &token.squares {
            check_square(square).map_err(|e| {
                format!(
                    "a move (at byte {} of the PDN it came from): {e}",
                    token.span.offset
                )
            })?;
        }
        variations(node.after())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_measured_outside_strings() {
        let deep = "[".repeat(MAX_JSON_DEPTH + 1);
        assert_eq!(too_deep(deep.as_bytes()), Some(MAX_JSON_DEPTH));
        let quoted = format!("{{\"a\":\"{deep}\"}}");
        assert_eq!(too_deep(quoted.as_bytes()), None);
        let escaped = format!("{{\"a\":\"\\\"{deep}\"}}");
        assert_eq!(too_deep(escaped.as_bytes()), None);
    }

    #[test]
    fn a_line_that_is_not_a_game_is_a_located_error() {
        let e = read_game(b"{\"index\": 1, \"span\": 3}", 7).unwrap_err();
        assert_eq!(e.line, 7);
        assert!(e.column > 1, "{e}");
        assert!(read_game(b"", 1).is_err());
        assert!(read_game(b"{} {}", 1).is_err());
    }
}
