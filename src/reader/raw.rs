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

use super::diagnostic::{Code, Diagnostic, Severity};
use super::encoding::{self, Encoding};
use super::infer::SquareSummary;
use super::input::TrailingData;
use super::model::{self, Game};
use super::span::{self, LineIndex, Location};
use super::{ReadOptions, fen_lines, infer, lex, parse, split, tags};
use crate::variant::Variant;
use std::collections::VecDeque;
use std::io::{self, Read};

/// Bytes asked of the source per read.
const READ_SIZE: usize = 1 << 20;

const BOM: &[u8] = b"\xEF\xBB\xBF";

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
    from: usize,
    to: usize,
    /// File offset, line and 0-based column of the region's first byte.
    base: u64,
    line: u64,
    column: u32,
    newline: u8,
    encoding: Encoding,
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
    diagnostic: Diagnostic,
    at: Location,
}

impl FileNote {
    fn new(code: Code, at: Location, message: impl Into<String>) -> Self {
        FileNote {
            diagnostic: Diagnostic::new(code, at.span(), message),
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

/// The sequential stage: reads a source and cuts it into raw regions, deciding every file-level
/// thing on the way. Memory stays flat: one bounded buffer, regions copied out as they are cut.
pub struct Splitter<R> {
    source: R,
    max_game_bytes: usize,
    buf: Vec<u8>,
    /// Unconsumed data is `buf[start..end]`.
    start: usize,
    end: usize,
    /// File offset of `buf[0]`.
    base: u64,
    /// Line number at `buf[start]`.
    line: u64,
    /// Column (0-based, in characters) at `buf[start]`: games may start mid-line.
    column: u32,
    eof: bool,
    /// Whether the start of the file has been checked for a byte order mark.
    bom_checked: bool,
    /// Whether the line-end style is known (from the first line-end byte of the file).
    newline_decided: bool,
    newline: u8,
    charset: Charset,
    /// File-level notes (BOM, line ends) not yet given to the region holding their byte.
    notes: Vec<FileNote>,
    bytes_consumed: u64,
    /// Bytes found after the end of gzip data, reported with the last region.
    trailing: Option<TrailingData>,
    /// `--encoding utf-16`: the input is UTF-16 even without a byte order mark.
    utf16_forced: bool,
    /// A UTF-16 source, transcoded as it is read.
    utf16: Option<Utf16>,
    /// Whether the input is a file of one FEN a line (decided on its first line with text).
    fen_file: Option<bool>,
    /// Where that first line's text starts and ends (from `start`), to be noted once the first
    /// region has decided the line ends (a lone `\r` ends it in an old Mac file).
    fen_note: Option<(usize, usize)>,
}

/// The decoder of a UTF-16 source, and its read buffer (kept across reads).
struct Utf16 {
    decoder: encoding_rs::Decoder,
    raw: Vec<u8>,
}

/// One read of the source, retried when interrupted. Bytes after gzip data end the input, every
/// game before them kept: `trailing` records them for a report.
fn read_source(
    source: &mut impl Read,
    trailing: &mut Option<TrailingData>,
    buf: &mut [u8],
) -> io::Result<usize> {
    loop {
        match source.read(buf) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => match TrailingData::from_io(&e) {
                Some(found) => {
                    *trailing = Some(found);
                    return Ok(0);
                }
                None => return Err(e),
            },
        }
    }
}

impl<R: Read> Splitter<R> {
    pub fn new(source: R, options: &ReadOptions) -> Self {
        Splitter {
            source,
            max_game_bytes: options.max_game_bytes,
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
                // (UTF-16 is transcoded to UTF-8 when the input starts: see `start_utf16`.)
                forced: options.encoding.filter(|e| *e != Encoding::Utf16),
                detected: None,
                reported: false,
            },
            notes: Vec::new(),
            bytes_consumed: 0,
            trailing: None,
            utf16_forced: options.encoding == Some(Encoding::Utf16),
            utf16: None,
            fen_file: None,
            fen_note: None,
        }
    }

    /// Bytes of input consumed so far (for progress bars).
    pub fn bytes_consumed(&self) -> u64 {
        self.bytes_consumed
    }

    /// Appends the next piece of input (one region between game boundaries, or a skipped game)
    /// to `out`. Returns false at the end of input. After an error the input counts as ended.
    pub fn next_into(&mut self, out: &mut RawChunk) -> io::Result<bool> {
        let step = self.step(out);
        if step.is_err() {
            self.eof = true;
            self.start = self.end;
        }
        step
    }

    /// Appends pieces to `out` until it holds `max_regions` regions or `max_bytes` bytes, or the
    /// input ends. Returns false when nothing more was added (end of input).
    pub fn fill(
        &mut self,
        out: &mut RawChunk,
        max_regions: usize,
        max_bytes: usize,
    ) -> io::Result<bool> {
        let mut added = false;
        while out.regions() < max_regions && out.byte_len() < max_bytes {
            if !self.next_into(out)? {
                break;
            }
            added = true;
        }
        Ok(added)
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
        if let Some(utf16) = &mut self.utf16 {
            let mut raw = std::mem::take(&mut utf16.raw);
            raw.resize(READ_SIZE, 0);
            let n = read_source(&mut self.source, &mut self.trailing, &mut raw)?;
            self.transcode(&raw[..n], n == 0);
            if let Some(utf16) = &mut self.utf16 {
                utf16.raw = raw;
            }
            if n == 0 {
                self.eof = true;
                return Ok(false);
            }
            return Ok(true);
        }
        let n = read_source(
            &mut self.source,
            &mut self.trailing,
            &mut self.buf[self.end..],
        )?;
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
            // Still a prefix of the UTF-8 mark or of a UTF-16 one.
            let undecided = match data.len() {
                0 => true,
                1 => matches!(data[0], 0xEF | 0xFF | 0xFE),
                2 => data == &BOM[..2],
                _ => false,
            };
            if !undecided || !self.read_more()? {
                break;
            }
        }
        self.bom_checked = true;
        let data = &self.buf[self.start..self.end];
        let utf16_bom = data.starts_with(&[0xFF, 0xFE]) || data.starts_with(&[0xFE, 0xFF]);
        if utf16_bom || self.utf16_forced {
            return self.start_utf16(utf16_bom);
        }
        if self.buf[self.start..self.end].starts_with(BOM) {
            self.notes.push(FileNote::new(
                Code::Bom,
                Location {
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

    /// From here on the source is UTF-16 (a byte order mark, or `--encoding utf-16`): the bytes
    /// read so far and all later ones are transcoded to UTF-8 as they are read, and reported.
    fn start_utf16(&mut self, bom: bool) -> io::Result<()> {
        let pending = self.buf[self.start..self.end].to_vec();
        self.end = self.start;
        // (`new_decoder` reads a byte order mark, of either order, and drops it.)
        self.utf16 = Some(Utf16 {
            decoder: encoding_rs::UTF_16LE.new_decoder(),
            raw: Vec::new(),
        });
        self.charset.forced = Some(Encoding::Utf8);
        let how = if bom {
            "UTF-16 byte order mark"
        } else {
            "--encoding utf-16"
        };
        self.notes.push(FileNote::new(
            Code::Utf16,
            Location {
                offset: 0,
                len: if bom { 2 } else { 0 },
                line: 1,
                column: 1,
            },
            format!("{how}: read as UTF-16; offsets count the UTF-8 text"),
        ));
        self.transcode(&pending, false);
        Ok(())
    }

    /// Decodes UTF-16 bytes (`last` at the end of input) onto the end of the buffer.
    fn transcode(&mut self, raw: &[u8], last: bool) -> usize {
        let utf16 = self.utf16.as_mut().expect("a UTF-16 source");
        let room = utf16
            .decoder
            .max_utf8_buffer_length(raw.len())
            .unwrap_or(raw.len() * 3 + 16);
        if self.buf.len() < self.end + room {
            self.buf.resize(self.end + room, 0);
        }
        let (_, read, written, _) =
            utf16
                .decoder
                .decode_to_utf8(raw, &mut self.buf[self.end..self.end + room], last);
        debug_assert_eq!(read, raw.len(), "room for the whole input");
        self.end += written;
        written
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
            self.notes.push(FileNote::new(
                Code::CrLineEnds,
                span,
                "lines end with a lone carriage return (old Mac style)",
            ));
        }
    }

    /// The location of the byte at `at` in `buf[start..start+len]` (for once-per-file notes).
    fn locate(&self, len: usize, at: usize, utf8: bool) -> Location {
        let bytes = &self.buf[self.start..self.start + len];
        let base = self.base + self.start as u64;
        let before = span::position_after(
            &bytes[..at.min(len)],
            (self.line, self.column),
            self.newline,
            utf8,
        );
        Location {
            offset: base + at as u64,
            len: 1,
            line: before.0,
            column: before.1 + 1,
        }
    }

    /// Moves the position past `len` bytes without parsing them.
    fn advance(&mut self, len: usize, utf8: bool) {
        let bytes = &self.buf[self.start..self.start + len];
        (self.line, self.column) =
            span::position_after(bytes, (self.line, self.column), self.newline, utf8);
        self.start += len;
        self.bytes_consumed = self.base + self.start as u64;
    }

    /// Finds the next region (or skipped game) and appends it. Returns false at the end of input.
    fn step(&mut self, out: &mut RawChunk) -> io::Result<bool> {
        if !self.bom_checked {
            self.check_bom()?;
        }
        if self.fen_file.is_none() {
            self.decide_fen_file()?;
        }
        let max = self.max_game_bytes;
        if self.fen_file == Some(true) {
            return self.step_fen_lines(out);
        }
        loop {
            let data = &self.buf[self.start..self.end];
            if let Some(boundary) = split::next_game_start(data, 0) {
                if boundary > max {
                    self.skip_oversized(boundary, out);
                } else {
                    self.cut_region(boundary, false, out);
                }
                return Ok(true);
            }
            if self.eof {
                let len = self.end - self.start;
                if len == 0 {
                    return Ok(false);
                }
                if len > max {
                    self.skip_oversized(len, out);
                    out.pieces.push(Piece::EndOfInput);
                } else {
                    self.cut_region(len, true, out);
                }
                return Ok(true);
            }
            if self.end - self.start >= max {
                self.too_large(out)?;
                return Ok(true);
            }
            self.read_more()?;
        }
    }

    /// Reads until the first line with text decides whether the input is a file of one FEN a
    /// line; if so, says so once (a file note, given with the first region).
    fn decide_fen_file(&mut self) -> io::Result<()> {
        loop {
            let data = &self.buf[self.start..self.end];
            let decided = match fen_lines::starts_fen_file(data, self.eof) {
                Some(decided) => decided,
                None if self.eof || data.len() >= self.max_game_bytes => false,
                None => {
                    self.read_more()?;
                    continue;
                }
            };
            self.fen_file = Some(decided);
            if decided {
                let first = data.iter().position(|&b| !lex::is_space(b)).unwrap_or(0);
                self.fen_note = Some((first, lex::line_end(data, first)));
            }
            return Ok(());
        }
    }

    /// The next lines of a FEN file, as one region of whole lines.
    fn step_fen_lines(&mut self, out: &mut RawChunk) -> io::Result<bool> {
        loop {
            let len = self.end - self.start;
            if self.eof {
                if len == 0 {
                    return Ok(false);
                }
                self.cut_region(len, true, out);
                return Ok(true);
            }
            // Up to the last line break before the last byte (the byte after a `\r` decides
            // the line-end style, so it must be buffered).
            let data = &self.buf[self.start..self.end];
            let cut = len
                .checked_sub(1)
                .and_then(|last| memchr::memrchr2(b'\n', b'\r', &data[..last]))
                .map(|p| p + 1);
            match cut {
                Some(cut) => {
                    self.cut_region(cut, false, out);
                    return Ok(true);
                }
                None if len >= self.max_game_bytes => {
                    self.cut_region(len, false, out);
                    return Ok(true);
                }
                None => {
                    self.read_more()?;
                }
            }
        }
    }

    /// Cuts `buf[start..start+len]` as a region of `out`.
    fn cut_region(&mut self, len: usize, at_end_of_input: bool, out: &mut RawChunk) {
        let from = self.start;
        let base = self.base + from as u64;
        let (encoding, encoding_note) = self.charset.decide(&self.buf[from..from + len]);
        let utf8 = encoding.is_utf8();
        self.decide_line_ends(len, utf8);
        if let Some((first, end)) = self.fen_note.take() {
            let span = self.locate(len, first, utf8).stretched_to(end - first);
            self.notes.push(FileNote::new(
                Code::FenFile,
                span,
                "one FEN a line: each line is read as a position without moves",
            ));
        }
        if let Some((at, code, message)) = encoding_note {
            let span = self.locate(len, at, utf8);
            self.notes.push(FileNote::new(code, span, message));
        }
        if at_end_of_input && let Some(trailing) = self.trailing.take() {
            let span = self.locate(len, len, utf8);
            self.notes.push(FileNote::new(
                Code::GzipTrailingData,
                span,
                format!("{trailing}, ignored; every game before them was read"),
            ));
        }
        let bytes = &self.buf[from..from + len];
        // A region of blank space holds no game: its notes wait for the next one.
        let notes = if bytes.iter().all(|&b| lex::is_space(b)) {
            Vec::new()
        } else {
            std::mem::take(&mut self.notes)
        };
        let at = out.bytes.len();
        out.bytes.extend_from_slice(bytes);
        out.pieces.push(Piece::Region(Region {
            from: at,
            to: at + len,
            base,
            line: self.line,
            column: self.column,
            newline: self.newline,
            encoding,
            at_end_of_input,
            notes,
            fen_lines: self.fen_file == Some(true),
        }));
        out.regions += 1;
        self.advance(len, utf8);
        if at_end_of_input {
            out.pieces.push(Piece::EndOfInput);
        }
    }

    /// A game (or run of games) of `len` bytes, over `max_game_bytes` though its end is known:
    /// report it and skip it.
    fn skip_oversized(&mut self, len: usize, out: &mut RawChunk) {
        let message = format!(
            "game of {len} bytes is over the limit of {} bytes; skipped to the next game",
            self.max_game_bytes
        );
        let utf8 = self.skip_encoding_is_utf8();
        self.decide_line_ends(len, utf8);
        let span = self.locate(len, 0, utf8).stretched_to(len);
        self.advance(len, utf8);
        self.push_too_large(span, message, out);
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
    fn too_large(&mut self, out: &mut RawChunk) -> io::Result<()> {
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
        let span = first.stretched_to(skipped.min(u32::MAX as u64) as usize);
        let message = format!(
            "no game boundary within {} bytes; skipped {skipped} bytes to the next tag line",
            self.max_game_bytes
        );
        self.push_too_large(span, message, out);
        if self.eof && self.start == self.end {
            out.pieces.push(Piece::EndOfInput);
        }
        Ok(())
    }

    fn push_too_large(&mut self, at: Location, message: String, out: &mut RawChunk) {
        let span = at.span();
        let mut game = Game {
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
            source: None,
            lines: LineIndex::at(at),
        };
        for note in self.notes.drain(..) {
            note.attach_to(&mut game);
        }
        out.pieces.push(Piece::TooLarge(Box::new(game)));
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
        // A UTF-8 game (or file) with a few bad bytes: repaired, and reported for each game.
        if self.detected == Some(Encoding::Utf8) || encoding::mostly_utf8(bytes) {
            self.detected.get_or_insert(Encoding::Utf8);
            let at = error.valid_up_to();
            let bad = bytes
                .utf8_chunks()
                .map(|c| c.invalid().len())
                .sum::<usize>();
            let message = format!(
                "{bad} byte{} not UTF-8 in this game (first 0x{:02X}); each read as the \
                 Windows-1252 character, the rest as UTF-8",
                if bad == 1 { "" } else { "s" },
                bytes[at]
            );
            return (
                Encoding::Utf8Repaired,
                Some((at, Code::EncodingRepaired, message)),
            );
        }
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

/// How a chunk's games would meet comments carried from before it (see [`Stitcher`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    /// Its first event is a game: carried comments join that game's header.
    Absorbs,
    /// Its first event is comments between games, a skipped game or the end of input: carried
    /// comments become a game of their own before it.
    Releases,
}

/// The parallelisable stage: parses raw chunks in order and finishes their games (tags, variant,
/// numbering, comments between games joined to the next game).
pub struct Finisher {
    strict: bool,
    keep_source: bool,
    default_variant: Option<Variant>,
    /// Comments found between two games, for the next game's header.
    carried: Option<Game>,
    next_index: u64,
    opening: Option<Opening>,
    ready: VecDeque<Game>,
}

impl Finisher {
    pub fn new(options: &ReadOptions) -> Self {
        Finisher {
            strict: options.strict,
            keep_source: options.keep_source,
            default_variant: options.default_variant,
            carried: None,
            next_index: 1,
            opening: None,
            ready: VecDeque::new(),
        }
    }

    /// The next finished game, in input order.
    pub fn pop(&mut self) -> Option<Game> {
        self.ready.pop_front()
    }

    /// Parses every piece of `chunk` and queues the finished games.
    pub fn feed(&mut self, chunk: &RawChunk) {
        for piece in &chunk.pieces {
            match piece {
                Piece::Region(region) => self.parse_region(&chunk.bytes, region),
                Piece::TooLarge(game) => {
                    self.opening.get_or_insert(Opening::Releases);
                    if let Some(carried) = self.carried.take() {
                        self.push_ready(carried);
                    }
                    self.push_ready((**game).clone());
                }
                Piece::EndOfInput => {
                    self.opening.get_or_insert(Opening::Releases);
                    if let Some(orphan) = self.carried.take() {
                        self.push_ready(orphan);
                    }
                }
            }
        }
    }

    fn parse_region(&mut self, bytes: &[u8], region: &Region) {
        if region.fen_lines {
            let text = &bytes[region.from..region.to];
            let lines = LineIndex::build(
                text,
                region.base,
                (region.line, region.column),
                region.newline,
                region.encoding.is_utf8(),
            );
            let mut games = fen_lines::games(text, region.base, &lines, region.encoding);
            if let Some(first) = games.first_mut() {
                for note in region.notes.iter().cloned() {
                    note.attach_to(first);
                }
            }
            for mut game in games {
                if self.keep_source {
                    // A FEN file's game is its line.
                    let from = (game.span.offset - region.base) as usize;
                    let line = &text[from..from + game.span.len as usize];
                    game.source = Some(source_text(line, region.encoding));
                }
                self.finish(game, SquareSummary::default());
            }
            return;
        }
        let chunk = parse::Chunk {
            bytes: &bytes[region.from..region.to],
            base: region.base,
            first_line: region.line,
            first_column: region.column,
            newline: region.newline,
            encoding: region.encoding,
            at_end_of_input: region.at_end_of_input,
        };
        let mut games = parse::parse_chunk(&chunk);
        // Each file-level note goes to the game holding its byte (or the last one before it).
        if !games.is_empty() {
            for note in region.notes.iter().cloned() {
                let holder = games
                    .iter()
                    .position(|g| region.base + g.end as u64 > note.at.offset)
                    .unwrap_or(games.len() - 1);
                note.attach_to(&mut games[holder].game);
            }
        }
        let mut start = 0;
        for mut parsed in games {
            if self.keep_source {
                let text = &chunk.bytes[start..parsed.end];
                parsed.game.source = Some(source_text(text, region.encoding));
            }
            start = parsed.end;
            self.finish(parsed.game, parsed.squares);
        }
    }

    /// Interprets a parsed game and queues it (or holds comments for the next game).
    fn finish(&mut self, mut game: Game, squares: SquareSummary) {
        let orphan = game.tags.is_empty()
            && game.moves.moves.is_empty()
            && game.result.is_none()
            && game.diagnostics.iter().all(|d| {
                d.code == Code::TextOutsideGame
                    || d.level == Severity::Note
                    || d.code.is_file_note()
            });
        if orphan
            && game
                .diagnostics
                .iter()
                .any(|d| d.code == Code::TextOutsideGame)
        {
            self.opening.get_or_insert(Opening::Releases);
            // Hold it: if another game follows, these comments open its header.
            if let Some(previous) = self.carried.replace(game) {
                self.push_ready(previous);
            }
            return;
        }
        self.opening.get_or_insert(Opening::Absorbs);
        if let Some(carried) = self.carried.take() {
            join_carried(carried, &mut game);
        }
        tags::interpret(&mut game);
        infer::decide_variant(&mut game, squares, self.default_variant);
        self.push_ready(game);
    }

    fn push_ready(&mut self, mut game: Game) {
        game.index = self.next_index;
        self.next_index += 1;
        settle(&mut game, self.strict);
        self.ready.push_back(game);
    }
}

/// A game's text as written, decoded as the reader decoded it (a UTF-8 game with a few bytes
/// that are not UTF-8 gets the same smallest repair).
fn source_text(bytes: &[u8], encoding: Encoding) -> Box<str> {
    let encoding = match encoding {
        Encoding::Utf8 if std::str::from_utf8(bytes).is_err() => Encoding::Utf8Repaired,
        // UTF-16 input is transcoded to UTF-8 before it is split.
        Encoding::Utf16 => Encoding::Utf8,
        other => other,
    };
    encoding.decode(bytes).into()
}

/// Puts comments held from between games at the head of the game that follows them.
fn join_carried(carried: Game, game: &mut Game) {
    if let (Some(before), Some(source)) = (&carried.source, &game.source) {
        game.source = Some(format!("{before}{source}").into());
    }
    game.lines.merge(carried.lines);
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

/// The last touch of every game: strict severities, diagnostics in source order.
fn settle(game: &mut Game, strict: bool) {
    if strict {
        game.diagnostics
            .iter_mut()
            .for_each(Diagnostic::make_strict);
    }
    game.diagnostics.sort_by_key(|d| d.span.offset);
}

/// One chunk parsed on its own, as if nothing had been carried into it.
#[derive(Debug)]
pub struct ParsedChunk {
    /// Finished games, numbered from 1 within the chunk.
    pub games: Vec<Game>,
    /// How the chunk opens, `None` when it has no event at all.
    pub opening: Option<Opening>,
    /// Comments after the chunk's last game, waiting for the next game.
    pub carried: Option<Game>,
}

/// Parses a raw chunk on its own (any thread). A [`Stitcher`] joins the outcomes in order.
pub fn parse_chunk(chunk: &RawChunk, options: &ReadOptions) -> ParsedChunk {
    let mut finisher = Finisher::new(options);
    finisher.feed(chunk);
    ParsedChunk {
        games: finisher.ready.into(),
        opening: finisher.opening,
        carried: finisher.carried,
    }
}

/// Joins independently parsed chunks of one file, in order: carries comments left between games
/// across chunks and numbers games in the file.
pub struct Stitcher {
    strict: bool,
    carried: Option<Game>,
    games_before: u64,
}

/// What a chunk needs, once its predecessors are known.
#[derive(Debug)]
pub struct Stitch {
    /// A game of comments from earlier chunks, finished, to deliver before the chunk's games.
    pub released: Option<Game>,
    /// Comments from earlier chunks that join the chunk's first game: pass that game to
    /// [`Stitcher::absorb`] (its report changes).
    pub absorbed: Option<Game>,
    /// Add this to the index of each of the chunk's games.
    pub index_offset: u64,
}

impl Stitcher {
    pub fn new(options: &ReadOptions) -> Self {
        Stitcher {
            strict: options.strict,
            carried: None,
            games_before: 0,
        }
    }

    /// Takes the next chunk's outcome (its opening, its number of games and what it carries
    /// out, moved from the [`ParsedChunk`]).
    pub fn stitch(
        &mut self,
        opening: Option<Opening>,
        games: usize,
        carried_out: Option<Game>,
    ) -> Stitch {
        let mut released = None;
        let mut absorbed = None;
        if let Some(carried) = self.carried.take() {
            match opening {
                Some(Opening::Releases) => {
                    let mut game = carried;
                    self.games_before += 1;
                    game.index = self.games_before;
                    settle(&mut game, self.strict);
                    released = Some(game);
                }
                Some(Opening::Absorbs) => absorbed = Some(carried),
                None => self.carried = Some(carried),
            }
        }
        let index_offset = self.games_before;
        self.games_before += games as u64;
        if let Some(out) = carried_out {
            debug_assert!(
                self.carried.is_none(),
                "a chunk that carries out has opened"
            );
            self.carried = Some(out);
        }
        Stitch {
            released,
            absorbed,
            index_offset,
        }
    }

    /// Joins carried comments to a finished game (the first of a chunk that [`Opening::Absorbs`]),
    /// giving the game it would have been had both been parsed together: tags and variant do not
    /// depend on the header comments or diagnostics, so joining after finishing is the same.
    pub fn absorb(&self, carried: Game, game: &mut Game) {
        join_carried(carried, game);
        settle(game, self.strict);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::Reader;

    /// Chunks of `regions` regions parsed independently and stitched in order.
    fn stitched(bytes: &[u8], options: &ReadOptions, regions: usize) -> Vec<Game> {
        let mut splitter = Splitter::new(bytes, options);
        let mut stitcher = Stitcher::new(options);
        let mut games = Vec::new();
        loop {
            let mut chunk = RawChunk::new();
            let more = splitter.fill(&mut chunk, regions, usize::MAX).unwrap();
            let parsed = parse_chunk(&chunk, options);
            let stitch = stitcher.stitch(parsed.opening, parsed.games.len(), parsed.carried);
            games.extend(stitch.released);
            let first = games.len();
            games.extend(parsed.games.into_iter().map(|mut game| {
                game.index += stitch.index_offset;
                game
            }));
            if let Some(carried) = stitch.absorbed {
                stitcher.absorb(carried, &mut games[first]);
            }
            if !more {
                return games;
            }
        }
    }

    fn texts() -> Vec<Vec<u8>> {
        let mut texts = Vec::new();
        let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        let mut dirs = vec![fixtures];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "pdn") {
                    texts.push(std::fs::read(path).unwrap());
                }
            }
        }
        let mut mixed = b"\xEF\xBB\xBF{first}\n\n".to_vec();
        for i in 0..40 {
            mixed.extend_from_slice(format!("[Event \"{i}\"]\n1. 11-15 23-19").as_bytes());
            mixed.extend_from_slice(match i % 7 {
                0 => &b" 1-0 {after}\n\n"[..],
                1 => b" 1-0\n{between}\n\n{and}\n\n",
                2 => b" 1-0\n{caf\xE9}\n\n",
                3 => b" *\n; line\n",
                4 => b"\n\n",
                5 => b" 1-0 { runaway\n\n",
                _ => b" 0-1\n",
            });
        }
        mixed.extend_from_slice(b"{last}\n");
        let cr: Vec<u8> = mixed
            .iter()
            .map(|&b| if b == b'\n' { b'\r' } else { b })
            .collect();
        texts.push(mixed);
        texts.push(cr);
        texts
    }

    #[test]
    fn chunks_parsed_apart_and_stitched_give_the_reader_games() {
        for text in texts() {
            for (strict, max_game_bytes) in [(false, 16 << 20), (true, 60), (false, 200)] {
                let options = ReadOptions {
                    strict,
                    max_game_bytes,
                    ..ReadOptions::default()
                };
                let whole: Vec<Game> = Reader::new(&text[..], options.clone())
                    .map(Result::unwrap)
                    .collect();
                for regions in [1, 2, 3, 7, 64] {
                    assert_eq!(whole, stitched(&text, &options, regions), "{regions}");
                }
            }
        }
    }
}
