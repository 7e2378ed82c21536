//! The PDN reader: any `io::Read` in, games of the lossless model out, one at a time.
//!
//! Bytes are read into one bounded buffer; [`split`] finds where the next game starts (memchr
//! jumps, no parsing), [`parse`] reads the games between two boundaries with nom, [`tags`] and
//! [`infer`] interpret tags and decide the variant. Memory stays flat whatever the input size: a
//! game larger than [`ReadOptions::max_game_bytes`] is reported and skipped.
//!
//! ```
//! use pdnkit::reader::{Reader, ReadOptions};
//! let text = "[Event \"demo\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n";
//! let games: Vec<_> = Reader::new(text.as_bytes(), ReadOptions::default())
//!     .collect::<Result<_, _>>()
//!     .unwrap();
//! assert_eq!(games.len(), 1);
//! assert_eq!(games[0].moves.moves.len(), 4);
//! ```

pub mod diagnostic;
pub mod encoding;
mod infer;
mod lex;
pub mod model;
pub mod parse;
pub mod span;
pub mod split;
mod tags;
pub mod tokens;
pub mod write;

pub use diagnostic::{Code, Diagnostic, Severity};
pub use encoding::Encoding;
pub use model::*;
pub use span::Span;

use crate::variant::Variant;
use std::collections::VecDeque;
use std::io::{self, Read};

/// How to read.
#[derive(Debug, Clone)]
pub struct ReadOptions {
    /// Report every PDN 3.0 violation as an error.
    pub strict: bool,
    /// Variant of games without a GameType tag (otherwise inferred).
    pub default_variant: Option<Variant>,
    /// Force a character set instead of detecting it.
    pub encoding: Option<Encoding>,
    /// A game longer than this is reported and skipped (bounds memory).
    pub max_game_bytes: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            strict: false,
            default_variant: None,
            encoding: None,
            max_game_bytes: 16 << 20,
        }
    }
}

/// Bytes asked of the source per read.
const READ_SIZE: usize = 1 << 20;

/// Streams games from a source. Yields `Err` only for I/O errors; problems in the text are
/// diagnostics inside each game.
pub struct Reader<R> {
    source: R,
    options: ReadOptions,
    buf: Vec<u8>,
    /// Unconsumed data is `buf[start..end]`.
    start: usize,
    end: usize,
    /// File offset of `buf[0]`.
    base: u64,
    /// Line number at `buf[start]`.
    line: u32,
    eof: bool,
    started: bool,
    newline: u8,
    charset: Charset,
    /// File-level notes (BOM, line ends) for the next game.
    notes: Vec<Diagnostic>,
    ready: VecDeque<model::Game>,
    next_index: u64,
    /// Comments found between two games, for the next game's header.
    carried: Option<model::Game>,
    bytes_consumed: u64,
}

impl<R: Read> Reader<R> {
    pub fn new(source: R, options: ReadOptions) -> Self {
        let forced = options.encoding;
        Reader {
            source,
            options,
            buf: Vec::new(),
            start: 0,
            end: 0,
            base: 0,
            line: 1,
            eof: false,
            started: false,
            newline: b'\n',
            charset: Charset {
                forced,
                detected: None,
                reported: false,
            },
            notes: Vec::new(),
            ready: VecDeque::new(),
            next_index: 1,
            carried: None,
            bytes_consumed: 0,
        }
    }

    /// Bytes of input consumed so far (for progress bars).
    pub fn bytes_consumed(&self) -> u64 {
        self.bytes_consumed
    }

    /// Reads more input into the buffer; returns false at end of input.
    fn read_more(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        // Keep the buffer bounded: move unconsumed data to the front.
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.base += self.start as u64;
            self.end -= self.start;
            self.start = 0;
        }
        if self.buf.len() < self.end + READ_SIZE {
            self.buf.resize(self.end + READ_SIZE, 0);
        }
        let n = loop {
            match self.source.read(&mut self.buf[self.end..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        if n == 0 {
            self.eof = true;
            return Ok(false);
        }
        self.end += n;
        if !self.started {
            self.start_file();
        }
        Ok(true)
    }

    /// First bytes of the file: byte order mark and line-end style.
    fn start_file(&mut self) {
        self.started = true;
        let data = &self.buf[self.start..self.end];
        if data.starts_with(b"\xEF\xBB\xBF") {
            self.notes.push(Diagnostic::new(
                Code::Bom,
                Span {
                    offset: 0,
                    len: 3,
                    line: 1,
                    column: 1,
                },
                "UTF-8 byte order mark",
            ));
            self.start += 3;
            self.charset.detected = Some(Encoding::Utf8);
        }
        let data = &self.buf[self.start..self.end];
        if let Some(at) = memchr::memchr2(b'\n', b'\r', data)
            && data[at] == b'\r'
            && data.get(at + 1) != Some(&b'\n')
        {
            {
                self.newline = b'\r';
                self.notes.push(Diagnostic::new(
                    Code::CrLineEnds,
                    Span {
                        offset: self.base + (self.start + at) as u64,
                        len: 1,
                        line: 1,
                        column: 1,
                    },
                    "lines end with a lone carriage return (old Mac style)",
                ));
            }
        }
    }

    /// Finds, parses and queues the next chunk of games. Returns false at the end of input.
    fn next_chunk(&mut self) -> io::Result<bool> {
        loop {
            let data = &self.buf[self.start..self.end];
            if let Some(boundary) = split::next_game_start(data, 0) {
                self.parse_and_queue(boundary, false);
                return Ok(true);
            }
            if self.eof {
                if self.start == self.end {
                    return Ok(false);
                }
                self.parse_and_queue(self.end - self.start, true);
                return Ok(true);
            }
            if self.end - self.start >= self.options.max_game_bytes {
                self.too_large()?;
                return Ok(true);
            }
            self.read_more()?;
        }
    }

    /// Parses `buf[start..start+len]` and queues its games.
    fn parse_and_queue(&mut self, len: usize, at_end_of_input: bool) {
        let from = self.start;
        let base = self.base + from as u64;
        let (encoding, encoding_note) =
            self.charset
                .decide(&self.buf[from..from + len], base, self.line, self.newline);
        let chunk = parse::Chunk {
            bytes: &self.buf[from..from + len],
            base,
            first_line: self.line,
            newline: self.newline,
            encoding,
            at_end_of_input,
        };
        let (games, line_after) = parse::parse_chunk(&chunk);
        self.line = line_after;
        self.start += len;
        self.bytes_consumed = self.base + self.start as u64;
        let mut first = true;
        for parsed in games {
            let mut game = parsed.game;
            if first {
                game.diagnostics.splice(0..0, self.notes.drain(..));
                if let Some(note) = encoding_note.clone() {
                    game.diagnostics.insert(0, note);
                }
                first = false;
            }
            self.finish(game);
        }
        if at_end_of_input && let Some(orphan) = self.carried.take() {
            self.push_ready(orphan);
        }
    }

    /// A game that would not fit: report it and skip to the next line that starts a tag.
    fn too_large(&mut self) -> io::Result<()> {
        let start_offset = self.base + self.start as u64;
        let start_line = self.line;
        let mut skipped = 0u64;
        loop {
            let data = &self.buf[self.start..self.end];
            let search_from = 1.min(data.len());
            let found = memchr::memmem::find_iter(&data[search_from..], b"\n[")
                .map(|p| p + search_from + 1)
                .find(|&p| data.get(p + 1).is_some_and(|b| b.is_ascii_uppercase()));
            let take = match found {
                Some(p) => p,
                // Keep the last byte: it may be the `\n` of a `\n[` split across reads.
                None => data.len().saturating_sub(1),
            };
            self.line += data[..take].iter().filter(|b| **b == self.newline).count() as u32;
            self.start += take;
            skipped += take as u64;
            if found.is_some() || (self.eof && self.start + 1 >= self.end) || !self.read_more()? {
                if self.eof {
                    self.start = self.end;
                }
                break;
            }
        }
        self.bytes_consumed = self.base + self.start as u64;
        let span = Span {
            offset: start_offset,
            len: skipped.min(u32::MAX as u64) as u32,
            line: start_line,
            column: 1,
        };
        let mut game = model::Game {
            index: 0,
            span,
            header_comments: Vec::new(),
            tags: Vec::new(),
            moves: model::Line::default(),
            result: None,
            game_type: None,
            variant: None,
            variant_source: model::VariantSource::Unknown,
            setup: None,
            diagnostics: vec![Diagnostic::new(
                Code::GameTooLarge,
                span,
                format!(
                    "no game boundary within {} bytes; skipped {skipped} bytes to the next tag line",
                    self.options.max_game_bytes
                ),
            )],
        };
        game.diagnostics.splice(0..0, self.notes.drain(..));
        self.push_ready(game);
        Ok(())
    }

    /// Interprets a parsed game and queues it (or holds comments for the next game).
    fn finish(&mut self, mut game: model::Game) {
        let orphan = game.tags.is_empty()
            && game.moves.moves.is_empty()
            && game.result.is_none()
            && game
                .diagnostics
                .iter()
                .all(|d| d.code == Code::TextOutsideGame || d.severity == Severity::Note);
        if orphan
            && game
                .diagnostics
                .iter()
                .any(|d| d.code == Code::TextOutsideGame)
        {
            // Hold it: if another game follows, these comments open its header.
            if let Some(previous) = self.carried.replace(game) {
                self.push_ready(previous);
            }
            return;
        }
        if let Some(carried) = self.carried.take() {
            let mut comments = carried.header_comments;
            comments.extend(carried.moves.before.into_iter().filter_map(|a| match a {
                model::Annotation::Comment(c) => Some(c),
                _ => None,
            }));
            comments.append(&mut game.header_comments);
            game.header_comments = comments;
            let notes = carried
                .diagnostics
                .into_iter()
                .filter(|d| d.code != Code::TextOutsideGame);
            game.diagnostics.splice(0..0, notes);
        }
        tags::interpret(&mut game);
        infer::decide_variant(&mut game, self.options.default_variant);
        self.push_ready(game);
    }

    fn push_ready(&mut self, mut game: model::Game) {
        game.index = self.next_index;
        self.next_index += 1;
        if self.options.strict {
            game.diagnostics
                .iter_mut()
                .for_each(Diagnostic::make_strict);
        }
        game.diagnostics.sort_by_key(|d| d.span.offset);
        self.ready.push_back(game);
    }
}

/// The file's character set: forced by the user, or detected from the first non-ASCII chunk.
struct Charset {
    forced: Option<Encoding>,
    detected: Option<Encoding>,
    /// Whether the file's non-UTF-8 encoding has been reported (once per file).
    reported: bool,
}

impl Charset {
    /// The encoding of one chunk, and the report to make if it is the first non-UTF-8 one.
    fn decide(
        &mut self,
        bytes: &[u8],
        base: u64,
        line: u32,
        newline: u8,
    ) -> (Encoding, Option<Diagnostic>) {
        if let Some(forced) = self.forced {
            return (forced, None);
        }
        if bytes.is_ascii() {
            return (self.detected.unwrap_or(Encoding::Utf8), None);
        }
        let Err(error) = std::str::from_utf8(bytes) else {
            self.detected.get_or_insert(Encoding::Utf8);
            return (Encoding::Utf8, None);
        };
        let page = match self.detected {
            Some(Encoding::Utf8) | None => encoding::guess_code_page(bytes),
            Some(page) => page,
        };
        self.detected = Some(page);
        if self.reported {
            return (page, None);
        }
        self.reported = true;
        let at = error.valid_up_to();
        let line = line + bytes[..at].iter().filter(|b| **b == newline).count() as u32;
        let column = at - memchr::memrchr2(b'\n', b'\r', &bytes[..at]).map_or(0, |p| p + 1) + 1;
        let code = match page {
            Encoding::Windows1251 => Code::Windows1251,
            _ => Code::Windows1252,
        };
        let note = Diagnostic::new(
            code,
            Span {
                offset: base + at as u64,
                len: 1,
                line,
                column: column as u32,
            },
            format!(
                "not UTF-8 (byte 0x{:02X}); decoded as {}",
                bytes[at],
                page.name()
            ),
        );
        (page, Some(note))
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = io::Result<model::Game>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(game) = self.ready.pop_front() {
                return Some(Ok(game));
            }
            match self.next_chunk() {
                Ok(true) => continue,
                Ok(false) => return None,
                Err(error) => {
                    self.eof = true;
                    self.start = self.end;
                    return Some(Err(error));
                }
            }
        }
    }
}

/// Reads a whole string (for tests and small inputs).
pub fn read_str(text: &str, options: ReadOptions) -> Vec<model::Game> {
    Reader::new(text.as_bytes(), options)
        .collect::<io::Result<Vec<_>>>()
        .expect("reading from memory cannot fail")
}
