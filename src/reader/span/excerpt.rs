//! The text a report shows under a finding, taken from the game's own text (the copy its
//! [`LineIndex`] keeps): right for standard input, gzip and UTF-16 files too, which a report
//! reading the file again at the span's offset could not show.

use super::{LineIndex, Span, characters};
use std::sync::OnceLock;

/// Bytes either side of a place that its excerpt may reach: a record written on one long line
/// is shown in part, around the place.
pub(crate) const REACH: u64 = 400;

impl LineIndex {
    /// [`LineIndex::build`] of `bytes[from..to]`, whose first byte is on line `first.0` at
    /// 0-based column `first.1`, keeping the text around it to the start of its first line and
    /// the end of its last (at most [`REACH`] bytes each way, within `bytes`): two games may
    /// share a line, and an excerpt shows the whole line either way.
    pub fn build_reaching(
        bytes: &[u8],
        (from, to): (usize, usize),
        base: u64,
        first: (u64, u32),
        newline: u8,
        utf8: bool,
    ) -> LineIndex {
        let reach = REACH as usize;
        let breaks = |b: &u8| matches!(b, b'\n' | b'\r');
        // (A text that starts a line, or ends one, as most do, needs no search.)
        let (start, column) = if first.1 == 0 {
            (from, 0)
        } else {
            let back = from.saturating_sub(reach);
            let start =
                memchr::memrchr2(b'\n', b'\r', &bytes[back..from]).map_or(back, |p| back + p + 1);
            // (Not a line's start when no line break is near: the first column is then
            // counted back. The bytes skipped hold no `newline`, one of the two searched for.)
            let column = first
                .1
                .saturating_sub(characters(&bytes[start..from], utf8) as u32);
            (start, column)
        };
        let end = if to == bytes.len() || bytes.get(to).is_some_and(breaks) {
            to
        } else {
            let on = (to + reach).min(bytes.len());
            memchr::memchr2(b'\n', b'\r', &bytes[to..on]).map_or(on, |p| to + p)
        };
        LineIndex::build(
            &bytes[start..end],
            base + start as u64,
            (first.0, column),
            newline,
            utf8,
        )
    }

    /// An index of the stretch `from..to` of this one's text, with its own copy of it (a
    /// game of a file of FEN lines is its line).
    pub fn part(&self, from: u64, to: u64) -> LineIndex {
        let (Some(at), Some(end)) = (self.text_offset(from), self.text_offset(to)) else {
            return LineIndex::at(self.locate(Span::new(from, 0)));
        };
        let (line, column) = self.text_line_column(from);
        LineIndex {
            start: from,
            first: (line, column - 1),
            text: self.text[at..end].into(),
            lines: OnceLock::new(),
            marks: Default::default(),
            ..*self
        }
    }

    /// The line holding file offset `offset`, cut to the [`REACH`] bytes around it (from
    /// `REACH` before it to `2 * REACH` after that point), as the text holds it: in its file's
    /// character set, UTF-8 for a file read from UTF-16. `None` when the offset is not in the
    /// text (a game too large to keep, a game read from JSON).
    pub fn excerpt_line(&self, offset: u64) -> Option<&[u8]> {
        let at = self.text_offset(offset)?;
        let from = offset.saturating_sub(REACH).max(self.start) - self.start;
        let to =
            (offset.saturating_sub(REACH) + 2 * REACH - self.start).min(self.text.len() as u64);
        let (from, to) = (from as usize, to as usize);
        let start =
            memchr::memrchr2(b'\n', b'\r', &self.text[from..at]).map_or(from, |p| from + p + 1);
        let end = memchr::memchr2(b'\n', b'\r', &self.text[at..to]).map_or(to, |p| at + p);
        Some(&self.text[start..end])
    }

    /// The bytes of `span` that the text holds, at most `limit` of them (`None` when it does
    /// not start in the text).
    pub fn excerpt(&self, span: Span, limit: usize) -> Option<&[u8]> {
        let at = self.text_offset(span.offset)?;
        let len = (span.len as usize).min(limit).min(self.text.len() - at);
        Some(&self.text[at..at + len])
    }

    /// Where file offset `offset` is in the text, if it is.
    fn text_offset(&self, offset: u64) -> Option<usize> {
        if !self.has_text() || offset < self.start || offset - self.start > self.text.len() as u64 {
            return None;
        }
        Some((offset - self.start) as usize)
    }
}
