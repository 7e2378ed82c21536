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
pub mod input;
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
pub use input::{decompressed, open_path};
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

const BOM: &[u8] = b"\xEF\xBB\xBF";

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
    /// Column (0-based, in characters) at `buf[start]`: games may start mid-line.
    column: u32,
    eof: bool,
    /// Whether the start of the file has been checked for a byte order mark.
    bom_checked: bool,
    /// Whether the line-end style is known (from the first line-end byte of the file).
    newline_decided: bool,
    newline: u8,
    charset: Charset,
    /// File-level notes (BOM, line ends) not yet given to the game holding their byte.
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
            column: 0,
            eof: false,
            bom_checked: false,
            newline_decided: false,
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
        Ok(true)
    }

    /// The byte order mark: reads until three bytes (or the end of input) decide it, however
    /// few bytes each read gives.
    fn check_bom(&mut self) -> io::Result<()> {
        loop {
            let data = &self.buf[self.start..self.end];
            let n = data.len().min(BOM.len());
            if data[..n] != BOM[..n] || n == BOM.len() || !self.read_more()? {
                break;
            }
        }
        self.bom_checked = true;
        if self.buf[self.start..self.end].starts_with(BOM) {
            self.notes.push(Diagnostic::new(
                Code::Bom,
                Span {
                    offset: self.base + self.start as u64,
                    len: 3,
                    line: 1,
                    column: 1,
                },
                "UTF-8 byte order mark",
            ));
            self.start += BOM.len();
            self.charset.detected = Some(Encoding::Utf8);
        }
        Ok(())
    }

    /// Decides the line-end style from the first line-end byte, if `buf[start..start+len]` holds
    /// one. The byte after it is always buffered (a region ends before a game boundary, before a
    /// kept byte, or at the end of input), so the decision never depends on how reads were cut.
    fn decide_line_ends(&mut self, len: usize, utf8: bool) {
        if self.newline_decided {
            return;
        }
        let data = &self.buf[self.start..self.end];
        let Some(at) = memchr::memchr2(b'\n', b'\r', &data[..len]) else {
            return;
        };
        self.newline_decided = true;
        if data[at] == b'\r' && data.get(at + 1) != Some(&b'\n') {
            self.newline = b'\r';
            let span = self.locate(len, at, utf8);
            self.notes.push(Diagnostic::new(
                Code::CrLineEnds,
                span,
                "lines end with a lone carriage return (old Mac style)",
            ));
        }
    }

    /// The span of the byte at `at` in `buf[start..start+len]` (for once-per-file notes).
    fn locate(&self, len: usize, at: usize, utf8: bool) -> Span {
        let bytes = &self.buf[self.start..self.start + len];
        let base = self.base + self.start as u64;
        span::Locator::new(bytes, base, (self.line, self.column), self.newline, utf8)
            .span(at, at + 1)
    }

    /// Moves the position past `len` bytes without parsing them.
    fn advance(&mut self, len: usize, utf8: bool) {
        let bytes = &self.buf[self.start..self.start + len];
        let base = self.base + self.start as u64;
        let mut loc = span::Locator::new(bytes, base, (self.line, self.column), self.newline, utf8);
        (self.line, self.column) = loc.position_after();
        self.start += len;
        self.bytes_consumed = self.base + self.start as u64;
    }

    /// Finds, parses and queues the next chunk of games. Returns false at the end of input.
    fn next_chunk(&mut self) -> io::Result<bool> {
        if !self.bom_checked {
            self.check_bom()?;
        }
        let max = self.options.max_game_bytes;
        loop {
            let data = &self.buf[self.start..self.end];
            if let Some(boundary) = split::next_game_start(data, 0) {
                if boundary > max {
                    self.skip_oversized(boundary);
                } else {
                    self.parse_and_queue(boundary, false);
                }
                return Ok(true);
            }
            if self.eof {
                let len = self.end - self.start;
                if len == 0 {
                    return Ok(false);
                }
                if len > max {
                    self.skip_oversized(len);
                    self.end_of_input();
                } else {
                    self.parse_and_queue(len, true);
                }
                return Ok(true);
            }
            if self.end - self.start >= max {
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
        let (encoding, encoding_note) = self.charset.decide(&self.buf[from..from + len]);
        self.decide_line_ends(len, encoding.is_utf8());
        if let Some((at, code, message)) = encoding_note {
            let span = self.locate(len, at, encoding.is_utf8());
            self.notes.push(Diagnostic::new(code, span, message));
        }
        let chunk = parse::Chunk {
            bytes: &self.buf[from..from + len],
            base,
            first_line: self.line,
            first_column: self.column,
            newline: self.newline,
            encoding,
            at_end_of_input,
        };
        let (mut games, (line, column)) = parse::parse_chunk(&chunk);
        (self.line, self.column) = (line, column);
        self.start += len;
        self.bytes_consumed = self.base + self.start as u64;
        // Each file-level note goes to the game holding its byte (or the last one before it).
        if !games.is_empty() {
            for note in std::mem::take(&mut self.notes) {
                let holder = games
                    .iter()
                    .position(|g| base + g.end as u64 > note.span.offset)
                    .unwrap_or(games.len() - 1);
                games[holder].game.diagnostics.push(note);
            }
        }
        for parsed in games {
            self.finish(parsed.game);
        }
        if at_end_of_input {
            self.end_of_input();
        }
    }

    /// At the end of input: comments held for a next game that never came are a game of their own.
    fn end_of_input(&mut self) {
        if let Some(orphan) = self.carried.take() {
            self.push_ready(orphan);
        }
    }

    /// A game (or run of games) of `len` bytes, over `max_game_bytes` though its end is known:
    /// report it and skip it.
    fn skip_oversized(&mut self, len: usize) {
        let message = format!(
            "game of {len} bytes is over the limit of {} bytes; skipped to the next game",
            self.options.max_game_bytes
        );
        let utf8 = self.skip_encoding_is_utf8();
        self.decide_line_ends(len, utf8);
        let span = self.locate(len, 0, utf8);
        let span = Span {
            len: len.min(u32::MAX as usize) as u32,
            ..span
        };
        self.advance(len, utf8);
        self.push_too_large(span, message);
    }

    /// Columns of skipped text: UTF-8 characters unless a code page is known.
    fn skip_encoding_is_utf8(&self) -> bool {
        self.charset
            .forced
            .or(self.charset.detected)
            .is_none_or(Encoding::is_utf8)
    }

    /// A game that would not fit in `max_game_bytes`: report it and skip, past its header, to the
    /// next line that starts a tag.
    fn too_large(&mut self) -> io::Result<()> {
        let utf8 = self.skip_encoding_is_utf8();
        let first = self.locate(self.end - self.start, 0, utf8);
        let mut skipped = 0u64;
        // The game's own tags are not the next game: search from the end of its header.
        let mut search_from = match split::header_end(&self.buf[self.start..self.end], 0) {
            Some(split::HeaderEnd::Body(at)) => at,
            Some(split::HeaderEnd::NextGame(at)) => at.saturating_sub(1),
            None => 1,
        };
        loop {
            let data = &self.buf[self.start..self.end];
            let search_from_now = search_from.min(data.len());
            let found = memchr::memmem::find_iter(&data[search_from_now..], b"\n[")
                .map(|p| p + search_from_now + 1)
                .find(|&p| data.get(p + 1).is_some_and(|b| lex::starts_tag_name(*b)));
            let take = match found {
                Some(p) => p,
                // Keep the last byte: it may be the `\n` of a `\n[` split across reads.
                None => data.len().saturating_sub(1),
            };
            self.decide_line_ends(take, utf8);
            self.advance(take, utf8);
            skipped += take as u64;
            search_from = 0;
            if found.is_some() || (self.eof && self.start + 1 >= self.end) || !self.read_more()? {
                if self.eof && found.is_none() {
                    let rest = self.end - self.start;
                    self.decide_line_ends(rest, utf8);
                    self.advance(rest, utf8);
                    skipped += rest as u64;
                }
                break;
            }
        }
        let span = Span {
            len: skipped.min(u32::MAX as u64) as u32,
            ..first
        };
        let message = format!(
            "no game boundary within {} bytes; skipped {skipped} bytes to the next tag line",
            self.options.max_game_bytes
        );
        self.push_too_large(span, message);
        if self.eof && self.start == self.end {
            self.end_of_input();
        }
        Ok(())
    }

    fn push_too_large(&mut self, span: Span, message: String) {
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
            diagnostics: vec![Diagnostic::new(Code::GameTooLarge, span, message)],
        };
        game.diagnostics.append(&mut self.notes);
        if let Some(carried) = self.carried.take() {
            self.push_ready(carried);
        }
        self.push_ready(game);
    }

    /// Interprets a parsed game and queues it (or holds comments for the next game).
    fn finish(&mut self, mut game: model::Game) {
        let orphan = game.tags.is_empty()
            && game.moves.moves.is_empty()
            && game.result.is_none()
            && game.diagnostics.iter().all(|d| {
                d.code == Code::TextOutsideGame
                    || d.severity == Severity::Note
                    || d.code.is_file_note()
            });
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
    /// The encoding of one chunk, and the report to make if it is the first non-UTF-8 one: the
    /// offset of the first offending byte in `bytes`, the code and the message.
    fn decide(&mut self, bytes: &[u8]) -> (Encoding, Option<(usize, Code, String)>) {
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
        let code = match page {
            Encoding::Windows1251 => Code::Windows1251,
            _ => Code::Windows1252,
        };
        let message = format!(
            "not UTF-8 (byte 0x{:02X}); decoded as {}",
            bytes[at],
            page.name()
        );
        (page, Some((at, code, message)))
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
