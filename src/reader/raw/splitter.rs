//! The sequential stage: game boundaries, and every decision about the file.

use super::*;
use crate::reader::encoding::utf16_is_big_endian;
use encoding_rs::DecoderResult;

/// Bytes asked of the source per read.
const READ_SIZE: usize = 1 << 20;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Bytes of UTF-16 without a byte order mark that `--encoding utf-16` reads its byte order from.
const UTF16_SNIFF: usize = 512;

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
    /// `--encoding utf-16` (`utf-16le`, `utf-16be`): the input is UTF-16 even without a byte
    /// order mark.
    utf16_forced: Option<Encoding>,
    /// A UTF-16 source, transcoded as it is read.
    utf16: Option<Utf16>,
    /// Whether the input is a file of one FEN a line (decided on its first line with text).
    fen_file: Option<bool>,
    /// Where that first line's text starts and ends (from `start`), to be noted once the first
    /// region has decided the line ends (a lone `\r` ends it in an old Mac file).
    fen_note: Option<(usize, usize)>,
    /// The end of the last line of the text cut so far (at most `span::REACH` bytes), and the
    /// offset where that text ends: a game starting on that line, first in its chunk, keeps it
    /// in its text for reports to show.
    line_tail: (Vec<u8>, u64),
}

/// The decoder of a UTF-16 source, and its read buffer (kept across reads).
struct Utf16 {
    decoder: encoding_rs::Decoder,
    raw: Vec<u8>,
    /// The byte order read: `Utf16Le` or `Utf16Be`.
    order: Encoding,
    /// Offsets in the UTF-8 text of the U+FFFD written for each lone surrogate (a UTF-16 code
    /// unit that is half of a pair without its other half), not yet reported.
    lone: Vec<u64>,
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
                forced: options.encoding.filter(|e| !e.is_utf16()),
                detected: None,
                reported: false,
            },
            notes: Vec::new(),
            bytes_consumed: 0,
            trailing: None,
            utf16_forced: options.encoding.filter(|e| e.is_utf16()),
            utf16: None,
            fen_file: None,
            fen_note: None,
            line_tail: (Vec::new(), 0),
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
        if utf16_bom || self.utf16_forced.is_some() {
            return self.start_utf16(utf16_bom);
        }
        // Production `bom`, before the first game.
        if let Ok((_, Some(bom))) = crate::reader::grammar::bom(&self.buf[self.start..self.end]) {
            let len = bom.len();
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
            self.start += len;
            self.charset.detected = Some(Encoding::Utf8);
        }
        Ok(())
    }

    /// From here on the source is UTF-16 (a byte order mark, or `--encoding utf-16`): the bytes
    /// read so far and all later ones are transcoded to UTF-8 as they are read, and reported.
    fn start_utf16(&mut self, bom: bool) -> io::Result<()> {
        // Without a byte order mark, `--encoding utf-16` reads the order from the zero bytes
        // of the first few hundred bytes (see `utf16_is_big_endian`).
        while !bom
            && self.utf16_forced == Some(Encoding::Utf16)
            && self.end - self.start < UTF16_SNIFF
            && self.read_more()?
        {}
        let pending = self.buf[self.start..self.end].to_vec();
        self.end = self.start;
        let order = match (bom, self.utf16_forced) {
            (true, _) if pending.starts_with(&[0xFE, 0xFF]) => Encoding::Utf16Be,
            (true, _) => Encoding::Utf16Le,
            (false, Some(Encoding::Utf16Be)) => Encoding::Utf16Be,
            (false, Some(Encoding::Utf16)) if utf16_is_big_endian(&pending) => Encoding::Utf16Be,
            _ => Encoding::Utf16Le,
        };
        let decoding = if order == Encoding::Utf16Be {
            encoding_rs::UTF_16BE
        } else {
            encoding_rs::UTF_16LE
        };
        // (`new_decoder` reads a byte order mark, of either order, and drops it.)
        self.utf16 = Some(Utf16 {
            decoder: decoding.new_decoder(),
            raw: Vec::new(),
            order,
            lone: Vec::new(),
        });
        self.charset.forced = Some(Encoding::Utf8);
        let endian = if order == Encoding::Utf16Be {
            "big-endian"
        } else {
            "little-endian"
        };
        let how = match (bom, self.utf16_forced) {
            (true, _) => "UTF-16 byte order mark".to_string(),
            (false, Some(Encoding::Utf16)) => {
                format!("--encoding utf-16, {endian} by its zero bytes")
            }
            (false, forced) => format!("--encoding {}", forced.unwrap_or(order).name()),
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

    /// Decodes UTF-16 bytes (`last` at the end of input) onto the end of the buffer. A lone
    /// surrogate becomes U+FFFD, its place kept for a warning (W-UTF16-LONE-SURROGATE).
    fn transcode(&mut self, raw: &[u8], last: bool) -> usize {
        let utf16 = self.utf16.as_mut().expect("a UTF-16 source");
        let room = utf16
            .decoder
            .max_utf8_buffer_length(raw.len())
            .unwrap_or(raw.len() * 3 + 16);
        if self.buf.len() < self.end + room {
            self.buf.resize(self.end + room, 0);
        }
        let start = self.end;
        let mut read = 0;
        loop {
            let (result, r, written) = utf16.decoder.decode_to_utf8_without_replacement(
                &raw[read..],
                &mut self.buf[self.end..],
                last,
            );
            read += r;
            self.end += written;
            match result {
                DecoderResult::InputEmpty => break,
                // (Not with `room` to spare; grown all the same rather than lose text.)
                DecoderResult::OutputFull => self.buf.resize(self.buf.len() + room, 0),
                DecoderResult::Malformed(..) => {
                    // What the replacing decoder writes in its place.
                    utf16.lone.push(self.base + self.end as u64);
                    if self.buf.len() < self.end + 3 {
                        self.buf.resize(self.end + room + 3, 0);
                    }
                    self.buf[self.end..self.end + 3].copy_from_slice("\u{FFFD}".as_bytes());
                    self.end += 3;
                }
            }
        }
        self.end - start
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
            if let Some(boundary) = boundaries::next_game_start(data, 0) {
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
        match self.fen_note.take() {
            // The note goes with the region holding its first FEN. (A region read a byte at a
            // time may hold only the blank lines before it: the note waits for the next.)
            Some((first, end)) if first >= len => self.fen_note = Some((first - len, end - len)),
            Some((first, end)) => {
                let span = self.locate(len, first, utf8).stretched_to(end - first);
                self.notes.push(FileNote::new(
                    Code::FenFile,
                    span,
                    "one FEN a line: each line is read as a position without moves",
                ));
            }
            None => {}
        }
        if let Some((at, code, message)) = encoding_note {
            let span = self.locate(len, at, utf8);
            self.notes.push(FileNote::new(code, span, message));
        }
        if at_end_of_input && let Some(trailing) = self.trailing.take() {
            let span = self.locate(len, len, utf8);
            self.notes.push(FileNote::new(
                Code::CompressedTrailingData,
                span,
                format!("{trailing}, ignored; every game before them was read"),
            ));
        }
        if let Some(utf16) = &mut self.utf16 {
            // Lone surrogates in this region: one warning at the first, with their count. (Those
            // before it were in text the splitter skipped.)
            let end = base + len as u64;
            let here: Vec<u64> = utf16.lone.iter().copied().filter(|&o| o < end).collect();
            utf16.lone.retain(|&o| o >= end);
            let here: Vec<u64> = here.into_iter().filter(|&o| o >= base).collect();
            if let Some(&first) = here.first() {
                let order = utf16.order.name();
                let span = self
                    .locate(len, (first - base) as usize, utf8)
                    .stretched_to(3);
                let count = here.len();
                self.notes.push(FileNote::new(
                    Code::Utf16LoneSurrogate,
                    span,
                    format!(
                        "{count} lone UTF-16 surrogate{} in this game ({order}): half of a pair without its other half, each read as U+FFFD",
                        if count == 1 { "" } else { "s" }
                    ),
                ));
            }
        }
        let bytes = &self.buf[from..from + len];
        // A region of blank space holds no game: its notes wait for the next one.
        let notes = if bytes.iter().all(|&b| lex::is_space(b)) {
            Vec::new()
        } else {
            std::mem::take(&mut self.notes)
        };
        // The bytes just before the region in the input: the region before it in the chunk, or
        // else the end of the line it starts on (when it starts mid-line).
        let adjacent_from = match out.pieces.last() {
            Some(Piece::Region(r)) if r.base + (r.to - r.from) as u64 == base => r.adjacent_from,
            _ => {
                let at = out.bytes.len();
                let (tail, tail_end) = &self.line_tail;
                if self.column > 0 && *tail_end == base {
                    out.bytes.extend_from_slice(tail);
                }
                at
            }
        };
        self.keep_line_tail(from, len, base);
        let at = out.bytes.len();
        out.bytes.extend_from_slice(&self.buf[from..from + len]);
        out.pieces.push(Piece::Region(Region {
            adjacent_from,
            from: at,
            to: at + len,
            base,
            line: self.line,
            column: self.column,
            newline: self.newline,
            encoding,
            transcoded: self.utf16.as_ref().map(|u| u.order),
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

    /// Keeps the end of the last line of `buf[from..from + len]` (at `base`), after that of the
    /// text before it when it holds no line end.
    fn keep_line_tail(&mut self, from: usize, len: usize, base: u64) {
        let bytes = &self.buf[from..from + len];
        let (tail, tail_end) = &mut self.line_tail;
        let runs_on = *tail_end == base;
        *tail_end = base + len as u64;
        // (Most regions end a line: the cut is before a tag that starts one.)
        if bytes.last() == Some(&self.newline) {
            tail.clear();
            return;
        }
        match memchr::memrchr(self.newline, bytes) {
            Some(at) => {
                tail.clear();
                tail.extend_from_slice(&bytes[at + 1..]);
            }
            None if runs_on => tail.extend_from_slice(bytes),
            None => {
                tail.clear();
                tail.extend_from_slice(bytes);
            }
        }
        let reach = span::REACH as usize;
        if tail.len() > reach {
            tail.drain(..tail.len() - reach);
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
        let mut search_from = match boundaries::header_end(&self.buf[self.start..self.end], 0) {
            Some(boundaries::HeaderEnd::Body(at)) => at,
            Some(boundaries::HeaderEnd::NextGame(at)) => at.saturating_sub(1),
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
            diagnostics: vec![Finding::new(Code::GameTooLarge, span, message)],
            source: None,
            encoding: Encoding::Utf8,
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
