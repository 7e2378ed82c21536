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
    pos: usize,
    line: u32,
    line_start: usize,
    /// Column (0-based, in characters) of `pos`.
    column: u32,
}

impl<'a> Locator<'a> {
    pub fn new(bytes: &'a [u8], base: u64, first_line: u32, newline: u8, utf8: bool) -> Self {
        Locator {
            bytes,
            base,
            newline,
            utf8,
            pos: 0,
            line: first_line,
            line_start: 0,
            column: 0,
        }
    }

    /// The span of `bytes[start..end]`.
    pub fn span(&mut self, start: usize, end: usize) -> Span {
        let (line, column) = self.line_column(start);
        Span {
            offset: self.base + start as u64,
            len: (end.saturating_sub(start)).min(u32::MAX as usize) as u32,
            line,
            column,
        }
    }

    fn line_column(&mut self, at: usize) -> (u32, u32) {
        let at = at.min(self.bytes.len());
        if at < self.pos {
            // Out of order (only on error paths): recount from the chunk start.
            self.pos = 0;
            self.line -= self.count_lines(0, self.line_start);
            self.line_start = 0;
            self.column = 0;
        }
        let mut counted_from = self.pos;
        for i in memchr::memchr_iter(self.newline, &self.bytes[self.pos..at]) {
            self.line += 1;
            self.line_start = self.pos + i + 1;
            counted_from = self.line_start;
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

    fn count_lines(&self, from: usize, to: usize) -> u32 {
        memchr::memchr_iter(self.newline, &self.bytes[from..to]).count() as u32
    }

    /// Line number just after the whole chunk: where the next chunk starts.
    pub fn line_after(&mut self) -> u32 {
        let end = self.bytes.len();
        self.line_column(end);
        self.line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let text = "ab\ncdé f\r\ng";
        let mut loc = Locator::new(text.as_bytes(), 100, 1, b'\n', true);
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
        assert_eq!(loc.line_after(), 3);
    }

    #[test]
    fn carriage_return_files() {
        let text = b"a\rb\rc";
        let mut loc = Locator::new(text, 0, 1, b'\r', false);
        assert_eq!(loc.span(4, 5).line, 3);
    }
}
