//! Writing games as they were written: each game's text ([`Game::source`], comments before it
//! included), a blank line between games, in the line ends the game itself uses. What the
//! archive commands write reads back as the same games.
//!
//! [`Game::source`]: crate::reader::Game::source

use std::io::{self, Write};

/// Writes game texts one after another.
pub struct SourceWriter<W: Write> {
    out: W,
    games: u64,
}

impl<W: Write> SourceWriter<W> {
    pub fn new(out: W) -> SourceWriter<W> {
        SourceWriter { out, games: 0 }
    }

    /// Writes one game's text, after a blank line when it is not the first.
    pub fn write(&mut self, source: &str) -> io::Result<()> {
        write_game(&mut self.out, source, self.games == 0)?;
        self.games += 1;
        Ok(())
    }

    /// Games written so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    pub fn into_inner(self) -> W {
        self.out
    }
}

/// Writes one game's text to `out`, after a blank line unless it is the `first` there, ending
/// in a line end.
pub fn write_game(out: &mut impl Write, source: &str, first: bool) -> io::Result<()> {
    let line_end = if source.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    if !first {
        out.write_all(line_end.as_bytes())?;
    }
    out.write_all(source.as_bytes())?;
    if !source.ends_with('\n') {
        out.write_all(line_end.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::{ReadOptions, Reader};

    fn read(text: &str) -> Vec<crate::reader::Game> {
        let options = ReadOptions {
            keep_source: true,
            ..ReadOptions::default()
        };
        Reader::new(text.as_bytes(), options)
            .map(|g| g.expect("read"))
            .collect()
    }

    #[test]
    fn written_sources_read_back_as_the_same_games() {
        let text = "{a comment}\n[Event \"e\"]\n1. 32-28 19-23 *\n\n\n[Event \"f\"]\r\n1. 31-27 *";
        let games = read(text);
        let mut writer = SourceWriter::new(Vec::new());
        for game in &games {
            writer
                .write(game.source.as_deref().expect("kept"))
                .expect("write");
        }
        let written = String::from_utf8(writer.into_inner()).expect("utf-8");
        assert!(written.starts_with("{a comment}\n[Event"), "{written}");
        let again = read(&written);
        assert_eq!(again.len(), games.len());
        for (a, b) in games.iter().zip(&again) {
            assert_eq!(
                a.tags.iter().map(|t| &t.value).collect::<Vec<_>>(),
                b.tags.iter().map(|t| &t.value).collect::<Vec<_>>()
            );
            assert_eq!(a.moves.len(), b.moves.len());
            assert_eq!(a.header_comments.len(), b.header_comments.len());
        }
    }
}
