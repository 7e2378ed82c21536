//! Writing games as they were written: each game's text ([`Game::source`]: comments before it
//! and the blank space after it included), byte for byte as the reader decoded it. Games that
//! followed one another in their input are written as they were, with nothing between them,
//! so a file written whole comes back whole; other games get a blank line between them (a line
//! end, and a second one unless the text before already ends with a blank line). What the
//! archive commands write reads back as the same games.
//!
//! [`Game::source`]: crate::reader::Game::source

use std::io::{self, Write};

/// Where a game was in the input: its file (an index of the run's inputs) and its 1-based
/// position there.
pub type Place = (usize, u64);

/// What was written so far, to join the next game to it.
#[derive(Debug, Clone, Default)]
pub struct Seam {
    /// Whether a game was written.
    written: bool,
    /// The place of the last game written.
    last: Option<Place>,
    /// The line end the last game used, and how many it ended with (0, 1, or 2 for a blank line).
    line_end: &'static str,
    ends: u8,
}

impl Seam {
    /// Writes one game's text to `out`, joined to what came before: as it was in the input
    /// when `place` comes right after the last game written, else after a blank line.
    /// `place` is `None` when it is not known (the game is then never taken as following).
    pub fn write(
        &mut self,
        out: &mut impl Write,
        place: Option<Place>,
        source: &str,
    ) -> io::Result<()> {
        let follows = match (self.last, place) {
            (Some((file, index)), Some((at_file, at))) => file == at_file && index + 1 == at,
            _ => false,
        };
        if self.written {
            let leading = leading_line_ends(source);
            let wanted = if follows { 1 } else { 2 };
            for _ in (self.ends + leading).min(wanted)..wanted {
                out.write_all(self.line_end.as_bytes())?;
            }
        }
        out.write_all(source.as_bytes())?;
        self.line_end = if source.contains("\r\n") {
            "\r\n"
        } else {
            "\n"
        };
        self.ends = trailing_line_ends(source);
        self.last = place;
        self.written = true;
        Ok(())
    }

    /// Whether the output does not end in a line end yet ([`Seam::finish`] writes one).
    pub fn needs_line_end(&self) -> bool {
        self.written && self.ends == 0
    }

    /// Ends the output in a line end (a last game without one gets it).
    pub fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.needs_line_end() {
            out.write_all(self.line_end.as_bytes())?;
            self.ends = 1;
        }
        Ok(())
    }
}

/// Line ends (`\n` or `\r\n`) at the end of `text`, after any other blank space: 0, 1 or 2 (two
/// or more make a blank line).
fn trailing_line_ends(text: &str) -> u8 {
    let blank = text.len() - text.trim_end_matches([' ', '\t', '\r', '\n']).len();
    let tail = &text[text.len() - blank..];
    // Spaces after the last line end leave the text mid-line.
    if !tail.ends_with('\n') {
        return 0;
    }
    tail.matches('\n').count().min(2) as u8
}

/// Line ends in the blank space `text` starts with: 0, 1 or 2.
fn leading_line_ends(text: &str) -> u8 {
    let blank = text.len() - text.trim_start_matches([' ', '\t', '\r', '\n']).len();
    text[..blank].matches('\n').count().min(2) as u8
}

/// Writes game texts one after another to one output.
pub struct SourceWriter<W: Write> {
    out: W,
    seam: Seam,
    games: u64,
}

impl<W: Write> SourceWriter<W> {
    pub fn new(out: W) -> SourceWriter<W> {
        SourceWriter {
            out,
            seam: Seam::default(),
            games: 0,
        }
    }

    /// Writes one game's text (see [`Seam::write`]).
    pub fn write(&mut self, place: Option<Place>, source: &str) -> io::Result<()> {
        self.seam.write(&mut self.out, place, source)?;
        self.games += 1;
        Ok(())
    }

    /// Games written so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The output, ended with a line end.
    pub fn finish(mut self) -> io::Result<W> {
        self.seam.finish(&mut self.out)?;
        Ok(self.out)
    }
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

    /// The games of `text` at `indices` (0-based), written with their places in file 0.
    fn written(text: &str, indices: &[usize]) -> String {
        let games = read(text);
        let mut writer = SourceWriter::new(Vec::new());
        for &i in indices {
            let game = &games[i];
            let source = game.source.as_deref().expect("kept");
            writer.write(Some((0, game.index)), source).expect("write");
        }
        String::from_utf8(writer.finish().expect("finish")).expect("utf-8")
    }

    const ODD: &str = "{a comment}\n[Event \"a\"]\n1. 32-28 19-23 *\n\n\n\n[Event \"b\"]\r\n1. 31-27 *   \n{between}\n[Event \"c\"]\n1. 9-13 22-18 1-0\n[Event \"d\"]\n1. 9-14 *\n";

    #[test]
    fn the_sources_of_a_file_are_its_text() {
        let games = read(ODD);
        assert_eq!(games.len(), 4);
        let joined: String = games.iter().map(|g| g.source.as_deref().unwrap()).collect();
        assert_eq!(joined, ODD);
        assert_eq!(written(ODD, &[0, 1, 2, 3]), ODD);
    }

    #[test]
    fn games_that_did_not_follow_each_other_get_a_blank_line() {
        let out = written(ODD, &[0, 2, 3]);
        assert!(out.contains("19-23 *\n\n\n\n{between}"), "{out:?}");
        // c and d followed each other with no blank line: still none.
        assert!(out.contains("22-18 1-0\n[Event \"d\"]"), "{out:?}");
        let out = written(ODD, &[3, 2]);
        assert_eq!(out.matches("[Event").count(), 2);
        assert!(out.contains("1. 9-14 *\n\n{between}"), "{out:?}");
        let again = read(&out);
        assert_eq!(again.len(), 2);
    }

    #[test]
    fn a_last_game_without_a_line_end_gets_one_before_the_next() {
        let text = "[Event \"a\"]\n1. 11-15 *";
        let games = read(text);
        let mut writer = SourceWriter::new(Vec::new());
        let source = games[0].source.as_deref().unwrap();
        writer.write(Some((0, 1)), source).unwrap();
        writer.write(Some((1, 1)), source).unwrap();
        let out = String::from_utf8(writer.finish().unwrap()).unwrap();
        assert_eq!(out, format!("{text}\n\n{text}\n"));
    }
}
