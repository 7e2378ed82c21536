//! The human report's limit per code: an archive with one habit (a date written `1890.??.??`
//! in every game) would otherwise print the same block thousands of times and bury the rare
//! findings. The first few of each code are shown in full, the rest only counted, and the
//! report ends with how many of each it folded away.

use std::collections::BTreeMap;
use std::io::{self, Write};

/// How many findings of one code the human report shows in full unless told otherwise.
pub const DEFAULT_MAX_PER_CODE: u64 = 10;

/// Findings shown and folded away, by code.
#[derive(Debug, Default)]
pub struct PerCode {
    /// The most shown in full per code; `None` shows every one.
    max: Option<u64>,
    /// By code: (shown in full, folded into the count). Ordered, so the closing lines come
    /// out the same on every run.
    seen: BTreeMap<&'static str, (u64, u64)>,
}

impl PerCode {
    pub fn new(max: Option<u64>) -> Self {
        PerCode {
            max,
            seen: BTreeMap::new(),
        }
    }

    /// Whether a finding of `code` still fits under the limit. Only asking: a finding the
    /// listing then leaves out for another reason (`--max-findings`) must not use up a place.
    pub fn fits(&self, code: &'static str) -> bool {
        let shown = self.seen.get(code).map_or(0, |&(shown, _)| shown);
        self.max.is_none_or(|max| shown < max)
    }

    /// Counts a finding of `code` as shown in full.
    pub fn shown(&mut self, code: &'static str) {
        self.seen.entry(code).or_default().0 += 1;
    }

    /// Counts a finding of `code` as folded away.
    pub fn folded(&mut self, code: &'static str) {
        self.seen.entry(code).or_default().1 += 1;
    }

    /// `and 22611 more W-DATE-FORMAT` for every code with findings folded away, the numbers
    /// aligned, then how to see them all; nothing when none were.
    pub fn write_folded(&self, out: &mut dyn Write) -> io::Result<()> {
        let folded: Vec<(&str, u64)> = self
            .seen
            .iter()
            .filter(|(_, (_, folded))| *folded > 0)
            .map(|(code, (_, folded))| (*code, *folded))
            .collect();
        let (Some(max), false) = (self.max, folded.is_empty()) else {
            return Ok(());
        };
        let width = folded.iter().map(|(_, n)| n.to_string().len()).max();
        let width = width.unwrap_or_default();
        for (code, n) in &folded {
            writeln!(out, "and {n:>width$} more {code}")?;
        }
        writeln!(
            out,
            "(the first {max} finding{} of each code shown in full: --max-per-code 0 shows them all)",
            if max == 1 { "" } else { "s" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folded_lines(per_code: &PerCode) -> String {
        let mut out = Vec::new();
        per_code.write_folded(&mut out).expect("writes");
        String::from_utf8(out).expect("text")
    }

    #[test]
    fn the_limit_shows_the_first_and_counts_the_rest_by_code() {
        let mut per_code = PerCode::new(Some(2));
        for code in ["W-A", "W-A", "W-A", "W-B", "W-A", "E-C"] {
            if per_code.fits(code) {
                per_code.shown(code);
            } else {
                per_code.folded(code);
            }
        }
        assert_eq!(
            folded_lines(&per_code),
            "and 2 more W-A\n\
             (the first 2 findings of each code shown in full: --max-per-code 0 shows them all)\n"
        );
    }

    #[test]
    fn the_counts_are_aligned() {
        let mut per_code = PerCode::new(Some(1));
        per_code.shown("W-A");
        per_code.shown("W-B");
        for _ in 0..12 {
            per_code.folded("W-A");
        }
        per_code.folded("W-B");
        let lines = folded_lines(&per_code);
        assert!(
            lines.starts_with("and 12 more W-A\nand  1 more W-B\n(the first 1 finding of"),
            "{lines}"
        );
    }

    #[test]
    fn no_limit_folds_nothing() {
        let per_code = PerCode::new(None);
        assert!((0..100).all(|_| per_code.fits("W-A")));
        assert_eq!(folded_lines(&per_code), "");
    }
}
