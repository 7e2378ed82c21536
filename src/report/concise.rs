//! One line a finding, the human report's headline without the source line or the board:
//! `file:line:col: level[CODE]: message (game N, ...)`, for grep, editors' error lists and
//! archives too large to read finding by finding. The summary closes it as it does the human
//! report.

use super::human::{self, Style};
use super::{FileInfo, Listing, ReportWriter, Show, Totals};
use crate::check::GameReport;
use std::io::{self, Write};

/// The concise report.
pub struct ConciseWriter<W> {
    out: W,
    style: Style,
    show: Show,
    listing: Listing,
    started: std::time::Instant,
    /// Findings shown marked fixable.
    marked: u64,
}

impl<W: Write> ConciseWriter<W> {
    pub fn new(out: W, style: Style, show: Show) -> Self {
        ConciseWriter {
            out,
            style,
            show,
            listing: Listing::default(),
            started: std::time::Instant::now(),
            marked: 0,
        }
    }
}

impl<W: Write> ReportWriter for ConciseWriter<W> {
    fn game(&mut self, file: &FileInfo, game: &GameReport) -> io::Result<()> {
        let mut marks = human::FixableMarks::new(game, self.show.min_level);
        for (at, f) in game.findings.iter().enumerate() {
            if self.listing.admit(&self.show, f) {
                let fixable = marks.marked(at);
                self.marked += u64::from(fixable);
                let headline = human::Headline {
                    fixable,
                    ..human::headline(game, f)
                };
                human::write_headline(&mut self.out, self.style, file, &headline)?;
            }
        }
        Ok(())
    }

    // A file that could not be read is said once, on standard error, as in the human report.
    fn file_end(&mut self, _file: &FileInfo, _error: Option<&str>) -> io::Result<()> {
        Ok(())
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        let close = human::Closing {
            style: self.style,
            show: &self.show,
            listing: &self.listing,
            marked: self.marked,
            started: self.started,
            folded: None,
        };
        close.write(&mut self.out, totals)
    }
}
