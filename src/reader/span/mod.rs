//! Source positions. Every item the reader produces carries a [`Span`] into the original bytes:
//! its offset and length. Its line and column are found on demand, from the game's
//! [`LineIndex`]: most spans are never shown, and working out the line and column of every one
//! while parsing was a tenth of the parse (and a third more bytes per span).

use serde::{Deserialize, Deserializer, Serialize};
use std::sync::{Arc, OnceLock};
use thin_vec::ThinVec;

/// Where an item sits in its file: byte offset and length of the original bytes (before any
/// decoding). [`Game::locate`](crate::reader::Game::locate) adds the line and column.
///
/// In a game's JSON a span is written with its line and column, as a [`Location`]: it is not
/// `Serialize` itself, but written through its game's index ([`SerializeLocated`]); reading
/// a game back keeps the lines and columns it gave as the game's index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub offset: u64,
    pub len: u32,
}

impl Span {
    /// The span of an item that is not in the source (a tag or terminator `convert --fix`
    /// added): written as offset, length, line and column 0, and read back from that.
    pub const NOWHERE: Span = Span {
        offset: u64::MAX,
        len: 0,
    };

    pub fn new(offset: u64, len: usize) -> Span {
        Span { offset, len: 0 }.stretched_to(len)
    }

    pub fn end(&self) -> u64 {
        self.offset + u64::from(self.len)
    }

    /// The span starting where this one does, `len` bytes long (saturating at `u32::MAX`).
    pub fn stretched_to(self, len: usize) -> Span {
        Span {
            len: saturating_len(len),
            ..self
        }
    }
}

/// A span with the 1-based line and column of its first character: what reports show and what
/// JSON holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Location {
    pub offset: u64,
    pub len: u32,
    /// 64 bits: an archive may have more than 2^32 lines.
    pub line: u64,
    pub column: u32,
}

impl Location {
    pub fn span(self) -> Span {
        if self.line == 0 {
            return Span::NOWHERE;
        }
        Span {
            offset: self.offset,
            len: self.len,
        }
    }

    /// The location starting where this one does, `len` bytes long (saturating at `u32::MAX`).
    pub fn stretched_to(self, len: usize) -> Location {
        Location {
            len: saturating_len(len),
            ..self
        }
    }
}

/// A span's length: `u32::MAX` stands for any more (a report of over 4 GB of skipped text).
fn saturating_len(len: usize) -> u32 {
    len.min(u32::MAX as usize) as u32
}

/// A position known exactly: file offset, 1-based line, 0-based column in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mark {
    offset: u64,
    line: u64,
    column: u32,
}

impl From<Location> for Mark {
    fn from(location: Location) -> Mark {
        Mark {
            offset: location.offset,
            line: location.line,
            column: location.column.saturating_sub(1),
        }
    }
}

/// The line and column of every offset of a game's text. The index keeps the text's bytes as
/// read (a copy costs less than finding the line breaks of every game, and most games are
/// never asked), which is also what a report shows under a finding ([`LineIndex::excerpt_line`]);
/// a place is counted within its block of the text, from a summary of what is
/// before each block ([`Lines`]). Positions learned apart from the text (a file note, the
/// comments carried in from before the game, a game read back from JSON) are kept as marks. An
/// index that knows nothing (a game built by a program) takes its text as one line.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    /// The file offset of the text, and its first line and 0-based column.
    start: u64,
    first: (u64, u32),
    /// The byte that ends a line, and whether columns count UTF-8 characters or bytes.
    newline: u8,
    utf8: bool,
    /// (Shared: the copies of a game, and its report's, use one.)
    text: Arc<[u8]>,
    /// The text's block summary, made when a place past the first block is first asked.
    /// (Boxed, and the marks in a one-pointer vector, to keep a game small: it is moved from
    /// stage to stage.)
    lines: OnceLock<Box<Lines>>,
    /// In increasing offset.
    marks: ThinVec<Mark>,
}

/// What is before each block of a text's [`BLOCK`] bytes: the line breaks, the start of the
/// line holding the block's first byte, and the characters (bytes, where columns count bytes).
/// A place is then found by counting within its block only, and the summary takes a few bytes
/// per block: no list of every line break, which a text of empty lines would make eight times
/// its own size.
#[derive(Debug, Clone, Default)]
struct Lines {
    blocks: Vec<Block>,
}

#[derive(Debug, Clone, Copy, Default)]
struct Block {
    breaks: u64,
    line_start: usize,
    characters: u64,
}

/// Bytes in a block of [`Lines`] (small in unit tests, so that they cross blocks).
const BLOCK: usize = if cfg!(test) { 64 } else { 4096 };

impl Lines {
    fn of(text: &[u8], newline: u8, utf8: bool) -> Self {
        let mut blocks = Vec::with_capacity(text.len() / BLOCK + 1);
        let mut before = Block::default();
        for (i, block) in text.chunks(BLOCK).enumerate() {
            blocks.push(before);
            before.breaks += memchr::memchr_iter(newline, block).count() as u64;
            if let Some(last) = memchr::memrchr(newline, block) {
                before.line_start = i * BLOCK + last + 1;
            }
            before.characters += characters(block, utf8) as u64;
        }
        // (And for the end of a text that fills its last block.)
        blocks.push(before);
        Lines { blocks }
    }
}

/// Characters in `bytes`: UTF-8 continuation bytes take no column where columns count them.
fn characters(bytes: &[u8], utf8: bool) -> usize {
    if utf8 && !bytes.is_ascii() {
        bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
    } else {
        bytes.len()
    }
}

/// Two indexes are equal when they know the same text and marks (found line breaks or not).
impl PartialEq for LineIndex {
    fn eq(&self, other: &Self) -> bool {
        (
            self.start,
            self.first,
            self.newline,
            self.utf8,
            &self.text,
            &self.marks,
        ) == (
            other.start,
            other.first,
            other.newline,
            other.utf8,
            &other.text,
            &other.marks,
        )
    }
}

impl Eq for LineIndex {}

impl LineIndex {
    /// The index of `bytes`, which start at file offset `base`, on line `first.0`, at 0-based
    /// column `first.1` (a stretch may start mid-line). `newline` ends a line (`\r` in old Mac
    /// files); `utf8` says whether columns count characters of UTF-8 or bytes.
    pub fn build(bytes: &[u8], base: u64, first: (u64, u32), newline: u8, utf8: bool) -> Self {
        LineIndex {
            start: base,
            first,
            newline,
            utf8,
            text: bytes.into(),
            lines: OnceLock::new(),
            marks: ThinVec::new(),
        }
    }

    /// The bytes of `span` in the indexed text, when the text holds all of them: the file's own
    /// bytes, except where the game was transcoded (UTF-16).
    pub fn text_of(&self, span: Span) -> Option<&[u8]> {
        let start = span.offset.checked_sub(self.start)?;
        let end = start.checked_add(u64::from(span.len))?;
        self.text
            .get(usize::try_from(start).ok()?..usize::try_from(end).ok()?)
    }

    /// The indexed text, and the file offset it starts at.
    pub fn text(&self) -> (u64, &[u8]) {
        (self.start, &self.text)
    }

    /// An index that knows one position.
    pub fn at(location: Location) -> Self {
        let mut index = LineIndex::default();
        index.add(location);
        index
    }

    /// Whether a text was indexed (its first line is 1 or more).
    fn has_text(&self) -> bool {
        self.first.0 > 0
    }

    /// Learns the line and column of `location` (a note located elsewhere, a game read from
    /// JSON). A mark for an offset already known replaces the old one.
    pub fn add(&mut self, location: Location) {
        if location.line == 0 {
            return;
        }
        self.add_mark(Mark::from(location));
    }

    /// The index of the places a game's JSON gives its spans, in the order read: each a mark
    /// (a place outside any text, line 0, is none). A hostile game's spans may come in any
    /// order, so they are sorted once rather than each inserted in place (quadratic).
    pub(crate) fn of_places(places: impl IntoIterator<Item = Location>) -> LineIndex {
        let mut index = LineIndex {
            marks: places
                .into_iter()
                .filter(|place| place.line > 0)
                .map(Mark::from)
                .collect(),
            ..LineIndex::default()
        };
        index.sort_marks();
        index
    }

    /// Puts marks pushed in any order in order; of two for one offset, the later stays.
    fn sort_marks(&mut self) {
        self.marks.sort_by_key(|m| m.offset);
        self.marks.dedup_by(|later, kept| {
            let same = later.offset == kept.offset;
            if same {
                *kept = *later;
            }
            same
        });
    }

    fn add_mark(&mut self, mark: Mark) {
        let at = self.marks.partition_point(|m| m.offset < mark.offset);
        match self.marks.get_mut(at) {
            Some(m) if m.offset == mark.offset => *m = mark,
            _ => self.marks.insert(at, mark),
        }
    }

    /// Takes in what `other` knows (the index of the comments carried in from before the
    /// game): the start of each line of its text, and of each character after a multi-byte
    /// one, becomes a mark here.
    pub fn merge(&mut self, other: LineIndex) {
        if !self.has_text() && self.marks.is_empty() {
            *self = other;
            return;
        }
        // Text that runs on into this one (comments between games, as they usually are), or
        // overlaps it (both reach to the ends of a shared line): one text, so that a report
        // can show the comments' lines too.
        let other_end = other.start + other.text.len() as u64;
        let runs_on = other.start <= self.start
            && self.start <= other_end
            && other_end <= self.start + self.text.len() as u64
            && (other.newline, other.utf8) == (self.newline, self.utf8);
        if other.has_text() && self.has_text() && runs_on {
            let overlap = (other_end - self.start) as usize;
            let mut text = Vec::with_capacity(other.text.len() + self.text.len() - overlap);
            text.extend_from_slice(&other.text);
            text.extend_from_slice(&self.text[overlap..]);
            let marks = std::mem::take(&mut self.marks);
            *self = LineIndex {
                text: text.into(),
                lines: OnceLock::new(),
                ..other
            };
            for mark in marks {
                self.add_mark(mark);
            }
            return;
        }
        if other.has_text() {
            let starts = std::iter::once(0).chain(
                other
                    .text
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| b == other.newline || (other.utf8 && b & 0xC0 == 0x80))
                    .map(|(at, _)| at + 1),
            );
            for at in starts {
                let offset = other.start + at as u64;
                let (line, column) = other.text_line_column(offset);
                self.add_mark(Mark {
                    offset,
                    line,
                    column: column - 1,
                });
            }
        }
        for mark in other.marks {
            self.add_mark(mark);
        }
    }

    /// The 1-based line and column of file offset `offset`.
    pub fn line_column(&self, offset: u64) -> (u64, u32) {
        if offset == Span::NOWHERE.offset {
            // (Line and column 0 for a span of nothing in the source.)
            return (0, 0);
        }
        let in_text = offset >= self.start && offset - self.start <= self.text.len() as u64;
        if in_text && self.has_text() {
            return self.text_line_column(offset);
        }
        let after = self.marks.partition_point(|m| m.offset <= offset);
        match after.checked_sub(1).map(|i| self.marks[i]) {
            Some(m) => (
                m.line,
                saturate(u64::from(m.column) + (offset - m.offset) + 1),
            ),
            // Before everything known (no span of a game is): the text taken as one line.
            None => (1, saturate(offset.saturating_add(1))),
        }
    }

    fn lines(&self) -> &Lines {
        self.lines
            .get_or_init(|| Box::new(Lines::of(&self.text, self.newline, self.utf8)))
    }

    /// Line and column of an offset of the indexed text: counted within its block, from what
    /// the block summary says is before it (the first block needs no summary: a check locates
    /// every game's own span, and most games fit in one block).
    fn text_line_column(&self, offset: u64) -> (u64, u32) {
        let at = (offset - self.start) as usize;
        let from = at / BLOCK * BLOCK;
        let summary = |block: usize| match block {
            0 => Block::default(),
            _ => self.lines().blocks[block],
        };
        let before = summary(at / BLOCK);
        let stretch = &self.text[from..at];
        let line = self.first.0
            + before.breaks
            + memchr::memchr_iter(self.newline, stretch).count() as u64;
        let line_start = match memchr::memrchr(self.newline, stretch) {
            Some(last) => from + last + 1,
            None => before.line_start,
        };
        // Characters from the line's start: counted directly when the line starts in this
        // block (most do, and the count is short); else from the block summaries, as a line
        // may be a whole file long: those before each place's block, and those in it before it.
        let on_line = if line_start >= from {
            characters(&self.text[line_start..at], self.utf8) as u64
        } else {
            let characters_to = |to: usize| {
                let block = to / BLOCK;
                let stretch = &self.text[block * BLOCK..to];
                summary(block).characters + characters(stretch, self.utf8) as u64
            };
            characters_to(at) - characters_to(line_start)
        };
        let first_column = if line_start == 0 { self.first.1 } else { 0 };
        let column = u64::from(first_column) + on_line + 1;
        (line, saturate(column))
    }

    /// [`LineIndex::locate`], counting on from `cursor` (the last place located in the text,
    /// with its line and 0-based column) when the span is in the text after it; `cursor` then
    /// moves to the span.
    fn locate_from(&self, span: Span, cursor: &mut Option<(u64, (u64, u32))>) -> Location {
        let end = self.start + self.text.len() as u64;
        if !self.has_text() || span.offset < self.start || span.offset > end {
            return self.locate(span);
        }
        let position = match *cursor {
            Some((from, position)) if from <= span.offset => {
                let stretch =
                    &self.text[(from - self.start) as usize..(span.offset - self.start) as usize];
                position_after(stretch, position, self.newline, self.utf8)
            }
            _ => {
                let (line, column) = self.text_line_column(span.offset);
                (line, column - 1)
            }
        };
        *cursor = Some((span.offset, position));
        Location {
            offset: span.offset,
            len: span.len,
            line: position.0,
            column: position.1.saturating_add(1),
        }
    }

    pub fn locate(&self, span: Span) -> Location {
        let (line, column) = self.line_column(span.offset);
        Location {
            offset: if span == Span::NOWHERE {
                0
            } else {
                span.offset
            },
            len: span.len,
            line,
            column,
        }
    }
}

fn saturate(column: u64) -> u32 {
    column.min(u64::from(u32::MAX)) as u32
}

impl<'de> Deserialize<'de> for Span {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Span, D::Error> {
        let location = Location::deserialize(deserializer)?;
        // A span the reader makes ends within its file: its end is a number.
        if location
            .offset
            .checked_add(u64::from(location.len))
            .is_none()
        {
            return Err(serde::de::Error::custom(format!(
                "span at offset {} of length {} ends past any file",
                location.offset, location.len
            )));
        }
        Ok(location.span())
    }
}

/// Line and 0-based column just after `bytes`, which start at `(line, column)`: where the
/// bytes that follow start. (One count of the line breaks, and of the characters of the last
/// line.)
#[inline]
pub fn position_after(
    bytes: &[u8],
    (line, column): (u64, u32),
    newline: u8,
    utf8: bool,
) -> (u64, u32) {
    let (line, column, last_line) = match memchr::memrchr(newline, bytes) {
        Some(at) => {
            let breaks = memchr::memchr_iter(newline, &bytes[..=at]).count() as u64;
            (line + breaks, 0, &bytes[at + 1..])
        }
        None => (line, column, bytes),
    };
    let characters = if utf8 {
        last_line.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
    } else {
        last_line.len()
    };
    (line, column + characters as u32)
}

mod excerpt;
mod located;
pub(crate) use excerpt::REACH;
pub use located::{Located, Locator, SerializeLocated};

#[cfg(test)]
mod tests;
