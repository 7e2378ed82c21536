//! The reader in two stages, so parsing can run on several threads.
//!
//! 1. [`Splitter`] (sequential, cheap): reads the source, finds game boundaries without parsing
//!    and decides everything that depends on the file so far: byte order mark, line-end style,
//!    character set of each region, line and column where each region starts, file-level notes
//!    and which region carries them, games too large to keep. It appends owned [`RawChunk`]s.
//! 2. [`Finisher::feed`] (pure on a chunk): parses the regions of a chunk, interprets tags,
//!    decides variants, numbers the games and joins comments found between games to the next
//!    game's header.
//!
//! The only state a chunk's games depend on that the splitter cannot decide without parsing is
//! the comments left between two games (an "orphan", known only once parsed) and so the game
//! numbers. A [`Finisher`] kept across chunks (as [`super::Reader`] does) handles both itself.
//! Chunks parsed independently ([`parse_chunk`]) number their games from 1 and say how they open
//! and what they leave over; a [`Stitcher`] fed their outcomes in order decides the rest.

use super::encoding::{self, Encoding};
use super::infer::SquareSummary;
use super::input::TrailingData;
use super::model::{self, Game};
use super::span::{self, LineIndex, Location};
use super::{ReadOptions, boundaries, fen_lines, infer, lex, parse, tag_values};
use crate::finding::{Code, Finding, Level};
use crate::variant::Variant;
use std::collections::VecDeque;
use std::io::{self, Read};

mod finisher;
mod splitter;
#[cfg(test)]
mod tests;

pub use finisher::{Finisher, Opening, ParsedChunk, Stitcher, parse_chunk};
pub use splitter::Splitter;

/// Owned input for one parse: the bytes of one or several regions between game boundaries, with
/// all the file-level decisions needed to parse them. `Send`, so it can go to another thread.
#[derive(Debug, Default)]
pub struct RawChunk {
    bytes: Vec<u8>,
    pieces: Vec<Piece>,
    regions: usize,
}

#[derive(Debug)]
enum Piece {
    /// Whole games, `bytes[from..to]` of the chunk.
    Region(Region),
    /// A game over the size limit, already reported and skipped.
    TooLarge(Box<Game>),
    /// The input ends here: comments held for a next game become a game of their own.
    EndOfInput,
}

#[derive(Debug)]
struct Region {
    /// Where the bytes that come right before the region in the input start in the chunk
    /// (`from` when there are none): a game's text reaches back to the start of its line.
    adjacent_from: usize,
    from: usize,
    to: usize,
    /// File offset, line and 0-based column of the region's first byte.
    base: u64,
    line: u64,
    column: u32,
    newline: u8,
    encoding: Encoding,
    /// The UTF-16 byte order the region was transcoded from (its bytes are then UTF-8).
    transcoded: Option<Encoding>,
    at_end_of_input: bool,
    /// File-level notes for the game holding their byte (or the region's last game).
    notes: Vec<FileNote>,
    /// Whole lines of a file of one FEN a line ([`fen_lines`]), not PDN.
    fen_lines: bool,
}

/// A note about the file (a byte order mark, line ends, the character set), located where it
/// was found: it joins the game holding its byte (or the last game before it), whose line
/// index learns its place.
#[derive(Debug, Clone)]
struct FileNote {
    diagnostic: Finding,
    at: Location,
}

impl FileNote {
    fn new(code: Code, at: Location, message: impl Into<String>) -> Self {
        FileNote {
            diagnostic: Finding::new(code, at.span(), message),
            at,
        }
    }

    fn attach_to(self, game: &mut Game) {
        game.lines.add(self.at);
        game.diagnostics.push(self.diagnostic);
    }
}

impl RawChunk {
    pub fn new() -> Self {
        RawChunk::default()
    }

    /// Whether the chunk holds nothing to parse.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Bytes of game text held.
    pub fn byte_len(&self) -> usize {
        self.bytes.len()
    }

    /// Regions between game boundaries held (about one game each).
    pub fn regions(&self) -> usize {
        self.regions
    }

    /// Bytes the chunk can hold without growing.
    pub fn capacity(&self) -> usize {
        self.bytes.capacity()
    }

    /// Empties the chunk, keeping its allocation.
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.pieces.clear();
        self.regions = 0;
    }
}
