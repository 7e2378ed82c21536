//! The PDN reader: any `io::Read` in, games of the lossless model out, one at a time.
//!
//! Bytes are read into one bounded buffer; [`boundaries`] finds where the next game starts (memchr
//! jumps, no parsing), [`parse`] reads the games between two boundaries with the nom productions
//! of [`grammar`] (the grammar of `grammar/pdn.md`), [`tag_values`] and
//! [`infer`] interpret tags and decide the variant. Memory stays flat whatever the input size: a
//! game larger than [`ReadOptions::max_game_bytes`] is reported and skipped.
//!
//! The work is split in [`raw`] into a cheap sequential stage (reading, boundaries, file-level
//! decisions) and parsing of owned raw chunks, which other threads can do (see
//! [`crate::pipeline`]); [`Reader`] runs both inline.
//!
//! ```
//! use pdnkit::reader::{Reader, ReadOptions};
//! let text = "[Event \"demo\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n";
//! let games: Vec<_> = Reader::new(text.as_bytes(), ReadOptions::default())
//!     .collect::<Result<_, _>>()
//!     .unwrap();
//! assert_eq!(games.len(), 1);
//! assert_eq!(games[0].moves.len(), 4);
//! ```

pub mod boundaries;
mod compressed;
pub mod encoding;
pub(crate) mod entities;
mod fen_lines;
pub mod grammar;
mod in_place;
mod infer;
pub(crate) mod infer_position;
pub mod input;
mod lex;
pub mod model;
pub mod parse;
pub mod raw;
pub mod span;
mod tag_values;
pub mod tokens;

pub use encoding::Encoding;
pub use fen_lines::is_fen_line;
pub use input::{
    COMPRESSED_EXTENSIONS, decompressed, is_compressed_file, open_path, read_to_string_limited,
};
pub use model::*;
pub use span::{LineIndex, Location, Span};
pub use tag_values::normalise_date;

use crate::variant::Variant;
use std::io::{self, Read};

/// How to read.
#[derive(Debug, Clone)]
pub struct ReadOptions {
    /// Report every PDN 3.0 violation as an error.
    pub strict: bool,
    /// Variant of games without a GameType tag (otherwise inferred).
    pub default_variant: Option<Variant>,
    /// What gave `default_variant` (`--variant`, `--rules`, `pdnkit.toml`), named in the
    /// N-VARIANT-INFERRED note of each game read as it.
    pub default_variant_from: &'static str,
    /// Force a character set instead of detecting it.
    pub encoding: Option<Encoding>,
    /// A game longer than this is reported and skipped (bounds memory).
    pub max_game_bytes: usize,
    /// Keep each game's text as written ([`Game::source`]), for commands that write games as
    /// they were written (`filter`, `dedup`, `split`, `merge`).
    pub keep_source: bool,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            strict: false,
            default_variant: None,
            default_variant_from: "--variant",
            encoding: None,
            max_game_bytes: 16 << 20,
            keep_source: false,
        }
    }
}

/// Streams games from a source. Yields `Err` only for I/O errors; problems in the text are
/// diagnostics inside each game.
///
/// The two stages of [`raw`] run inline: the [`raw::Splitter`] cuts one region at a time and a
/// [`raw::Finisher`] kept across regions parses and finishes it.
pub struct Reader<R> {
    splitter: raw::Splitter<R>,
    finisher: raw::Finisher,
    /// The region being parsed (its allocation is reused).
    chunk: raw::RawChunk,
}

impl<R: Read> Reader<R> {
    pub fn new(source: R, options: ReadOptions) -> Self {
        Reader {
            splitter: raw::Splitter::new(source, &options),
            finisher: raw::Finisher::new(&options),
            chunk: raw::RawChunk::new(),
        }
    }

    /// Bytes of input consumed so far (for progress bars).
    pub fn bytes_consumed(&self) -> u64 {
        self.splitter.bytes_consumed()
    }

    /// The next game, boxed as the reader holds it: for callers that queue games again (the
    /// check pipeline), which then move a pointer instead of the game. (Inlined: it runs once a
    /// game, and left to the compiler it was sometimes a call of its own as code elsewhere
    /// changed, 0.07% of the instructions of parsing OCA_2.0.)
    #[inline(always)]
    pub fn next_boxed(&mut self) -> Option<io::Result<Box<model::Game>>> {
        loop {
            if let Some(game) = self.finisher.pop() {
                return Some(Ok(game));
            }
            self.chunk.clear();
            match self.splitter.next_into(&mut self.chunk) {
                Ok(true) => self.finisher.feed(&self.chunk),
                Ok(false) => return None,
                Err(error) => return Some(Err(error)),
            }
        }
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = io::Result<model::Game>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_boxed().map(|game| game.map(|game| *game))
    }
}

/// Reads a whole string (for tests and small inputs).
pub fn read_str(text: &str, options: ReadOptions) -> Vec<model::Game> {
    Reader::new(text.as_bytes(), options)
        .collect::<io::Result<Vec<_>>>()
        .expect("reading from memory cannot fail")
}
