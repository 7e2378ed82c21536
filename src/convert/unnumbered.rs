//! A game's JSON written on a worker before its index is known: a pipeline worker sees a PDN
//! game numbered within its chunk, and the number in its file is known only once the chunks
//! before it are counted ([`crate::pipeline::PerGame`]). The index is the model's first field,
//! so the JSON is kept without it and the index is written in front in order.

use crate::reader::Game;
use std::io::{self, Write};

/// A game's JSON without its leading `{"index":N`.
#[derive(Debug)]
pub struct UnnumberedJson(String);

impl UnnumberedJson {
    /// The JSON of `game`, its index left out.
    pub fn of(game: &Game) -> Result<UnnumberedJson, String> {
        let mut text = serde_json::to_string(game).map_err(|e| e.to_string())?;
        let head = format!("{{\"index\":{}", game.index);
        if !text.starts_with(&head) {
            return Err("its JSON does not start with its index".into());
        }
        text.drain(..head.len());
        Ok(UnnumberedJson(text))
    }

    /// Writes the game's JSON with `index` as its index.
    pub fn write(&self, index: u64, out: &mut (impl Write + ?Sized)) -> io::Result<()> {
        write!(out, "{{\"index\":{index}")?;
        out.write_all(self.0.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::{ReadOptions, Reader};

    #[test]
    fn written_with_its_index_it_is_the_game_s_json() {
        let text = "[Event \"e\"]\n1. 32-28 19-23 *\n\n[Event \"f\"]\n1. 33-29 *\n";
        for game in Reader::new(text.as_bytes(), ReadOptions::default()) {
            let mut game = game.unwrap();
            let whole = serde_json::to_string(&game).unwrap();
            game.index += 40;
            let unnumbered = UnnumberedJson::of(&game).unwrap();
            let mut out = Vec::new();
            unnumbered.write(game.index - 40, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), whole);
        }
    }
}
