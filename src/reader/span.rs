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

/// Turns byte offsets inside one chunk into spans. Offsets should be asked for in increasing order
/// (the parser does): then the cost over a whole chunk is one memchr pass for the line breaks,
/// plus, only on lines with non-ASCII text, a count of the characters before each position.
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
    /// The line being read: its number, where it starts, the column there (0, or
    /// `first_column` on the chunk's first line) and where it ends (its line break, or the end
    /// of the bytes).
    line: u32,
    line_start: usize,
    line_start_column: u32,
    line_end: usize,
    /// Whether the current line is plain ASCII up to `line_end` (columns are byte distances).
    line_ascii: bool,
    /// On a line with multi-byte characters: the last position counted and its column.
    counted: (usize, u32),
    /// A line start already found (`line_start`, `line`, `line_start_column`), where counting
    /// backwards restarts.
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
        let mut locator = Locator {
            bytes,
            base,
            newline,
            utf8,
            first_line,
            first_column,
            line: first_line,
            line_start: 0,
            line_start_column: first_column,
            line_end: 0,
            line_ascii: true,
            counted: (0, first_column),
            checkpoint: (0, first_line, first_column),
        };
        locator.enter_line(0, first_line, first_column);
        locator
    }

    /// Makes the line starting at `start` the current one.
    fn enter_line(&mut self, start: usize, line: u32, column: u32) {
        self.line = line;
        self.line_start = start;
        self.line_start_column = column;
        self.line_end = memchr::memchr(self.newline, &self.bytes[start..])
            .map_or(self.bytes.len(), |i| start + i);
        self.line_ascii = !self.utf8 || self.bytes[start..self.line_end].is_ascii();
        self.counted = (start, column);
    }

    /// Remembers the line holding `at`: a later span starting at or after `at` never recounts
    /// from the chunk start (the parser sets one at the start of each game).
    pub fn checkpoint(&mut self, at: usize) {
        let at = at.min(self.bytes.len());
        self.line_column(at);
        if at >= self.line_start {
            self.checkpoint = (self.line_start, self.line, self.line_start_column);
        }
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

    /// 1-based line and column of `bytes[at]`.
    #[inline]
    fn line_column(&mut self, at: usize) -> (u32, u32) {
        if at >= self.line_start && at <= self.line_end && self.line_ascii {
            // The common case: a position on the current, ASCII line.
            return (
                self.line,
                self.line_start_column + (at - self.line_start) as u32 + 1,
            );
        }
        self.line_column_slow(at)
    }

    #[inline(never)]
    fn line_column_slow(&mut self, at: usize) -> (u32, u32) {
        let at = at.min(self.bytes.len());
        if at < self.line_start {
            // Out of order (a game's own span, error paths): start again from the checkpoint if
            // it is before `at`, else from the chunk start, then come back to the current line.
            let current = (self.line_start, self.line, self.line_start_column);
            let (start, line, column) = if at >= self.checkpoint.0 {
                self.checkpoint
            } else {
                (0, self.first_line, self.first_column)
            };
            self.enter_line(start, line, column);
            let answer = self.line_column(at);
            self.enter_line(current.0, current.1, current.2);
            return answer;
        }
        while at > self.line_end {
            // (`line_end` is a line break here: `at` is within the bytes.)
            let next = self.line_end + 1;
            self.enter_line(next, self.line + 1, 0);
        }
        if self.line_ascii {
            return (
                self.line,
                self.line_start_column + (at - self.line_start) as u32 + 1,
            );
        }
        // Multi-byte characters on this line: count characters (not continuation bytes) from
        // the last position counted, or from the line start when `at` is before it.
        let (mut from, mut column) = self.counted;
        if at < from {
            (from, column) = (self.line_start, self.line_start_column);
        }
        column += self.bytes[from..at]
            .iter()
            .filter(|&&b| (b & 0xC0) != 0x80)
            .count() as u32;
        self.counted = (at, column);
        (self.line, column + 1)
    }

    /// Line and 0-based column just after the whole chunk: where the next chunk starts.
    pub fn position_after(&mut self) -> (u32, u32) {
        let end = self.bytes.len();
        if self.line_start <= self.line_end && self.line_end < end {
            // Jump to the last line at once: one counting pass over the line breaks.
            let rest = &self.bytes[self.line_end..];
            let breaks = memchr::memchr_iter(self.newline, rest).count() as u32;
            let last = memchr::memrchr(self.newline, rest).map_or(end, |i| self.line_end + i + 1);
            self.enter_line(last, self.line + breaks, 0);
        }
        let (line, column) = self.line_column(end);
        (line, column - 1)
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
