//! Source positions. Every item the reader produces carries a [`Span`] into the original bytes.

use serde::{Deserialize, Serialize};

/// Where an item sits in its file: byte offset and length (of the original bytes, before any
/// decoding), and the 1-based line and column of its first character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Span {
    pub offset: u64,
    pub len: u32,
    /// 64 bits: an archive may have more than 2^32 lines.
    pub line: u64,
    pub column: u32,
}

impl Span {
    pub fn end(&self) -> u64 {
        self.offset + u64::from(self.len)
    }

    /// The span starting where this one does, `len` bytes long (saturating at `u32::MAX`).
    pub fn stretched_to(self, len: usize) -> Span {
        Span {
            len: len.min(u32::MAX as usize) as u32,
            ..self
        }
    }
}

/// Turns byte offsets inside one chunk into spans. Offsets should be asked for in increasing order
/// (the parser does): then the cost over a whole chunk is one memchr pass for the line breaks,
/// and a subtraction per span when the chunk is ASCII (a count of characters otherwise).
pub struct Locator<'a> {
    bytes: &'a [u8],
    /// File offset of `bytes[0]`.
    base: u64,
    /// Byte that ends a line in this file: `\n`, or `\r` for old Mac files.
    newline: u8,
    /// Whether columns count characters of UTF-8 (skip continuation bytes) or bytes.
    utf8: bool,
    /// Whether columns are byte distances: the text is ASCII, or not UTF-8.
    bytewise: bool,
    /// Line and column (0-based, in characters) of `bytes[0]`: a chunk may start mid-line.
    first_line: u64,
    first_column: u32,
    /// The line breaks after the current line's.
    breaks: memchr::Memchr<'a>,
    /// The current line: its number, where it starts, the column there (0, or `first_column`
    /// on the chunk's first line) and where it ends (its line break, or the end of the bytes).
    line: Line,
    /// On a chunk with multi-byte characters: the last position counted and its column.
    counted: (usize, u32),
    /// A line start already found, where counting backwards restarts.
    checkpoint: Line,
}

/// A line of the chunk, as the [`Locator`] knows it.
#[derive(Debug, Clone, Copy)]
struct Line {
    number: u64,
    start: usize,
    start_column: u32,
    end: usize,
}

impl<'a> Locator<'a> {
    /// `first_column` is the 0-based column (in characters) of `bytes[0]`: not 0 when the chunk
    /// starts in the middle of a line.
    pub fn new(
        bytes: &'a [u8],
        base: u64,
        (first_line, first_column): (u64, u32),
        newline: u8,
        utf8: bool,
    ) -> Self {
        let mut breaks = memchr::memchr_iter(newline, bytes);
        let first = Line {
            number: first_line,
            start: 0,
            start_column: first_column,
            end: breaks.next().unwrap_or(bytes.len()),
        };
        Locator {
            bytes,
            base,
            newline,
            utf8,
            bytewise: !utf8 || bytes.is_ascii(),
            first_line,
            first_column,
            breaks,
            line: first,
            counted: (0, first_column),
            checkpoint: first,
        }
    }

    /// Remembers the line holding `at`: a later span starting at or after `at` never recounts
    /// from the chunk start (the parser sets one at the start of each game).
    pub fn checkpoint(&mut self, at: usize) {
        let at = at.min(self.bytes.len());
        self.line_column(at);
        if at >= self.line.start {
            self.checkpoint = self.line;
        }
    }

    /// The span of `bytes[start..end]`.
    #[inline]
    pub fn span(&mut self, start: usize, end: usize) -> Span {
        let (line, column) = self.line_column(start);
        Span {
            offset: self.base + start as u64,
            len: 0,
            line,
            column,
        }
        .stretched_to(end.saturating_sub(start))
    }

    /// 1-based line and column of `bytes[at]`.
    #[inline]
    fn line_column(&mut self, at: usize) -> (u64, u32) {
        if self.bytewise && at >= self.line.start && at <= self.line.end {
            // The common case: a position on the current line of an ASCII chunk.
            return (
                self.line.number,
                self.line.start_column + (at - self.line.start) as u32 + 1,
            );
        }
        self.line_column_slow(at)
    }

    #[inline(never)]
    fn line_column_slow(&mut self, at: usize) -> (u64, u32) {
        let at = at.min(self.bytes.len());
        if at < self.line.start {
            // Out of order (a game's own span, error paths): count from the checkpoint if it is
            // before `at`, else from the chunk start, leaving the forward state alone.
            let from = if at >= self.checkpoint.start {
                self.checkpoint
            } else {
                Line {
                    number: self.first_line,
                    start: 0,
                    start_column: self.first_column,
                    end: 0,
                }
            };
            let stretch = &self.bytes[from.start..at];
            let breaks = memchr::memchr_iter(self.newline, stretch).count() as u64;
            let (number, line_start, column) = match memchr::memrchr(self.newline, stretch) {
                Some(i) => (from.number + breaks, from.start + i + 1, 0),
                None => (from.number, from.start, from.start_column),
            };
            return (number, column + self.characters(line_start, at) + 1);
        }
        while at > self.line.end {
            // (`line.end` is a line break here: `at` is within the bytes.)
            self.line = Line {
                number: self.line.number + 1,
                start: self.line.end + 1,
                start_column: 0,
                end: self.breaks.next().unwrap_or(self.bytes.len()),
            };
        }
        if self.bytewise {
            return (
                self.line.number,
                self.line.start_column + (at - self.line.start) as u32 + 1,
            );
        }
        // Multi-byte characters: count from the last position counted when it is on this line
        // and before `at`, else from the line start.
        let (mut from, mut column) = self.counted;
        if from < self.line.start || at < from {
            (from, column) = (self.line.start, self.line.start_column);
        }
        column += self.characters(from, at);
        self.counted = (at, column);
        (self.line.number, column + 1)
    }

    /// Characters in `bytes[from..to]`.
    fn characters(&self, from: usize, to: usize) -> u32 {
        let stretch = &self.bytes[from..to];
        if self.utf8 {
            stretch.iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u32
        } else {
            stretch.len() as u32
        }
    }
}

/// Line and 0-based column just after `bytes`, which start at `(line, column)`: where the
/// bytes that follow start. (One count of the line breaks, and of the characters of the last
/// line.)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let text = "ab\ncdé f\r\ng";
        let mut loc = Locator::new(text.as_bytes(), 100, (1, 0), b'\n', true);
        assert_eq!(
            loc.span(0, 2),
            Span {
                offset: 100,
                len: 2,
                line: 1,
                column: 1
            }
        );
        let f = text.find('f').unwrap();
        // é is two bytes but one column.
        assert_eq!(
            loc.span(f, f + 1),
            Span {
                offset: 100 + f as u64,
                len: 1,
                line: 2,
                column: 5
            }
        );
        let g = text.find('g').unwrap();
        assert_eq!(loc.span(g, g + 1).line, 3);
        // Asking backwards still answers correctly.
        assert_eq!(
            loc.span(3, 4),
            Span {
                offset: 103,
                len: 1,
                line: 2,
                column: 1
            }
        );
        assert_eq!(position_after(text.as_bytes(), (1, 0), b'\n', true), (3, 1));
    }

    #[test]
    fn positions_after() {
        assert_eq!(position_after(b"abc", (2, 5), b'\n', true), (2, 8));
        assert_eq!(position_after("aé".as_bytes(), (1, 0), b'\n', true), (1, 2));
        assert_eq!(
            position_after("aé".as_bytes(), (1, 0), b'\n', false),
            (1, 3)
        );
        assert_eq!(position_after(b"a\n", (4, 9), b'\n', true), (5, 0));
        assert_eq!(position_after(b"a\rb\rcd", (1, 0), b'\r', false), (3, 2));
    }

    #[test]
    fn lines_past_four_billion() {
        // A chunk deep in a huge archive: line numbers do not wrap at 2^32.
        let first = u64::from(u32::MAX) - 1;
        let mut loc = Locator::new(b"a\nb\nc", 0, (first, 0), b'\n', true);
        assert_eq!(loc.span(4, 5).line, first + 2);
        assert_eq!(loc.span(0, 1).line, first);
        assert_eq!(
            position_after(b"a\nb\nc", (first, 0), b'\n', true),
            (first + 2, 1)
        );
    }

    #[test]
    fn chunk_starting_mid_line() {
        let text = "[Event \"b\"] x\ny";
        let mut loc = Locator::new(text.as_bytes(), 15, (1, 15), b'\n', true);
        assert_eq!((loc.span(0, 1).line, loc.span(0, 1).column), (1, 16));
        assert_eq!(loc.span(13, 14).column, 29);
        assert_eq!(loc.span(14, 15).column, 1);
        // Backwards after a line break: the first line still starts mid-line.
        assert_eq!(loc.span(1, 2).column, 17);
        assert_eq!(
            position_after(text.as_bytes(), (1, 15), b'\n', true),
            (2, 1)
        );
    }

    #[test]
    fn checkpoints_answer_like_the_chunk_start() {
        let text = "ab\ncdé f\r\ng hij\nk";
        let mut plain = Locator::new(text.as_bytes(), 7, (3, 2), b'\n', true);
        let mut marked = Locator::new(text.as_bytes(), 7, (3, 2), b'\n', true);
        marked.checkpoint(5);
        for (start, end) in [
            (12, 13),
            (6, 7),
            (14, 16),
            (5, 6),
            (1, 2),
            (15, 16),
            (20, 21),
        ] {
            assert_eq!(plain.span(start, end), marked.span(start, end), "{start}");
        }
        assert_eq!(position_after(text.as_bytes(), (3, 2), b'\n', true), (6, 1));
    }

    /// Line and column counted the plain way, from the start.
    fn naive(bytes: &[u8], first: (u64, u32), newline: u8, utf8: bool, at: usize) -> (u64, u32) {
        let before = &bytes[..at];
        let breaks = before.iter().filter(|&&b| b == newline).count() as u64;
        let line_start = before.iter().rposition(|&b| b == newline).map(|i| i + 1);
        let column = line_start.map_or(first.1, |_| 0)
            + before[line_start.unwrap_or(0)..]
                .iter()
                .filter(|&&b| !utf8 || (b & 0xC0) != 0x80)
                .count() as u32;
        (first.0 + breaks, column + 1)
    }

    proptest::proptest! {
        /// Whatever the order of the questions and wherever the checkpoints, the Locator answers
        /// what counting from the start answers.
        #[test]
        fn locator_answers_like_counting_from_the_start(
            pieces in proptest::collection::vec(0..6usize, 0..80),
            asks in proptest::collection::vec((0..1000usize, proptest::bool::ANY), 1..30),
            utf8 in proptest::bool::ANY,
            carriage_returns in proptest::bool::ANY,
        ) {
            const PIECES: [&str; 6] = ["a", "é", "\n", "\r\n", " ", "xyz"];
            let newline = if carriage_returns { b'\r' } else { b'\n' };
            let text: String = pieces.iter().map(|&p| PIECES[p]).collect();
            let bytes = text.as_bytes();
            let first = (3, 7);
            let mut loc = Locator::new(bytes, 100, first, newline, utf8);
            for (at, checkpoint) in asks {
                let at = at % (bytes.len() + 1);
                if checkpoint {
                    loc.checkpoint(at);
                    continue;
                }
                let span = loc.span(at, at);
                proptest::prop_assert_eq!(
                    (span.line, span.column),
                    naive(bytes, first, newline, utf8, at),
                    "at {} of {:?}", at, text
                );
            }
            let (line, column) = position_after(bytes, (first.0, first.1), newline, utf8);
            proptest::prop_assert_eq!(
                (line, column + 1),
                naive(bytes, first, newline, utf8, bytes.len())
            );
        }
    }

    #[test]
    fn carriage_return_files() {
        let text = b"a\rb\rc";
        let mut loc = Locator::new(text, 0, (1, 0), b'\r', false);
        assert_eq!(loc.span(4, 5).line, 3);
    }
}
