//! Source positions. Every item the reader produces carries a [`Span`] into the original bytes.

use serde::{Deserialize, Serialize};

/// Where an item sits in its file: byte offset and length (of the original bytes, before any
/// decoding), and the 1-based line and column of its first character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Span {
    pub offset: u64,
    pub len: u32,
    pub line: u32,
    pub column: u32,
}

impl Span {
    pub fn end(&self) -> u64 {
        self.offset + u64::from(self.len)
    }
}

/// Stretches up to this long are counted byte by byte, longer ones with memchr.
const SHORT_STRETCH: usize = 64;

/// Turns byte offsets inside one chunk into spans. Offsets must be asked for in increasing order
/// (the parser does), so the cost over a whole chunk is one pass over its bytes.
pub struct Locator<'a> {
    bytes: &'a [u8],
    /// File offset of `bytes[0]`.
    base: u64,
    /// Byte that ends a line in this file: `\n`, or `\r` for old Mac files.
    newline: u8,
    /// Whether columns count characters of UTF-8 (skip continuation bytes) or bytes.
    utf8: bool,
    /// Line and column (0-based, in characters) of `bytes[0]`: a chunk may start mid-line.
    first_line: u32,
    first_column: u32,
    pos: usize,
    line: u32,
    /// Column (0-based, in characters) of `pos`.
    column: u32,
    /// A position already counted (`pos`, `line`, `column`), where counting backwards restarts.
    checkpoint: (usize, u32, u32),
}

impl<'a> Locator<'a> {
    /// `first_column` is the 0-based column (in characters) of `bytes[0]`: not 0 when the chunk
    /// starts in the middle of a line.
    pub fn new(
        bytes: &'a [u8],
        base: u64,
        (first_line, first_column): (u32, u32),
        newline: u8,
        utf8: bool,
    ) -> Self {
        Locator {
            bytes,
            base,
            newline,
            utf8,
            first_line,
            first_column,
            pos: 0,
            line: first_line,
            column: first_column,
            checkpoint: (0, first_line, first_column),
        }
    }

    /// Counts up to `at` and remembers it: a later span starting at or after `at` never recounts
    /// from the chunk start (the parser sets one at the start of each game).
    pub fn checkpoint(&mut self, at: usize) {
        let at = at.min(self.bytes.len());
        let (line, column) = self.line_column(at);
        self.checkpoint = (at, line, column - 1);
    }

    /// The span of `bytes[start..end]`.
    #[inline]
    pub fn span(&mut self, start: usize, end: usize) -> Span {
        let (line, column) = self.line_column(start);
        Span {
            offset: self.base + start as u64,
            len: (end.saturating_sub(start)).min(u32::MAX as usize) as u32,
            line,
            column,
        }
    }

    #[inline]
    fn line_column(&mut self, at: usize) -> (u32, u32) {
        if at >= self.pos && at - self.pos <= SHORT_STRETCH && at <= self.bytes.len() {
            // The common case (the next token a few bytes on): one plain pass does both counts
            // cheaper than setting up memchr.
            let newline = self.newline;
            let (mut line, mut column) = (self.line, self.column);
            for &b in &self.bytes[self.pos..at] {
                if b == newline {
                    line += 1;
                    column = 0;
                } else if !self.utf8 || (b & 0xC0) != 0x80 {
                    column += 1;
                }
            }
            (self.line, self.column, self.pos) = (line, column, at);
            return (line, column + 1);
        }
        self.line_column_far(at)
    }

    /// `line_column` for a position behind the last one asked for, or far ahead.
    #[inline(never)]
    fn line_column_far(&mut self, at: usize) -> (u32, u32) {
        let at = at.min(self.bytes.len());
        if at < self.pos {
            // Out of order (a game's own span, error paths): count from the checkpoint if it is
            // before `at`, else from the chunk start, and then carry on from where counting was,
            // so the next position ahead is not counted twice.
            let ahead = (self.pos, self.line, self.column);
            (self.pos, self.line, self.column) = if at >= self.checkpoint.0 {
                self.checkpoint
            } else {
                (0, self.first_line, self.first_column)
            };
            let answer = self.line_column_far(at);
            (self.pos, self.line, self.column) = ahead;
            return answer;
        }
        let mut counted_from = self.pos;
        for i in memchr::memchr_iter(self.newline, &self.bytes[self.pos..at]) {
            self.line += 1;
            counted_from = self.pos + i + 1;
            self.column = 0;
        }
        let stretch = &self.bytes[counted_from..at];
        self.column += if self.utf8 {
            stretch.iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u32
        } else {
            stretch.len() as u32
        };
        self.pos = at;
        (self.line, self.column + 1)
    }

    /// Line and 0-based column just after the whole chunk: where the next chunk starts.
    pub fn position_after(&mut self) -> (u32, u32) {
        let end = self.bytes.len();
        self.line_column(end);
        (self.line, self.column)
    }
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
        assert_eq!(loc.position_after(), (3, 1));
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
        assert_eq!(loc.position_after(), (2, 1));
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
        assert_eq!(plain.position_after(), marked.position_after());
    }

    #[test]
    fn carriage_return_files() {
        let text = b"a\rb\rc";
        let mut loc = Locator::new(text, 0, (1, 0), b'\r', false);
        assert_eq!(loc.span(4, 5).line, 3);
    }
}
