//! Compiler-style output for people: `file:line:col: error[CODE]: message`, the source line with
//! a caret under the move, the position before the move drawn as a board, the legal moves, and
//! a summary at the end. Colour only when asked for (the caller knows whether it is a terminal).
//! The first findings of each code are shown in full, the rest only counted ([`super::per_code`]).

use super::per_code::PerCode;
use super::{FileInfo, Listing, ReportWriter, Show, Totals};
use crate::check::GameReport;
use crate::finding::{Code, Finding, Level};
use crate::reader::{Encoding, LineIndex, Location, VariantSource};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// ANSI styles, plain text when `colour` is off.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub colour: bool,
}

impl Style {
    pub fn paint(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    fn level_code(level: Level) -> &'static str {
        match level {
            Level::Error => "1;31",
            Level::Warning => "1;33",
            Level::Note => "1;36",
        }
    }

    pub fn severity(self, level: Level) -> String {
        self.paint(Self::level_code(level), &level.to_string())
    }

    pub fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    pub fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }
}

/// The line of `path` holding byte `offset` (read with a seek, so any file size is fine),
/// decoded in `encoding`, the character set its game was read in (a Windows-1252 `è` shows as
/// `è`). None for a game transcoded from UTF-16: its offsets count the UTF-8 text, not the
/// file's bytes. (For a finding whose game is not at hand, [`write_located`]'s, or whose place
/// is outside its game's text; [`write_located_in`] shows the game's own text.)
pub fn source_line(path: &Path, offset: u64, encoding: Encoding) -> Option<String> {
    if encoding.is_utf16() {
        return None;
    }
    const WINDOW: u64 = 400;
    let mut file = File::open(path).ok()?;
    let from = offset.saturating_sub(WINDOW);
    file.seek(SeekFrom::Start(from)).ok()?;
    let mut bytes = vec![0; (2 * WINDOW) as usize];
    let n = file.read(&mut bytes).ok()?;
    bytes.truncate(n);
    let at = (offset - from) as usize;
    if at > bytes.len() {
        return None;
    }
    let start = memchr::memrchr2(b'\n', b'\r', &bytes[..at]).map_or(0, |p| p + 1);
    let end = memchr::memchr2(b'\n', b'\r', &bytes[at..]).map_or(bytes.len(), |p| at + p);
    Some(encoding.decode(&bytes[start..end]).into_owned())
}

/// `text` with every control character written as an escape (`\x1b`, `\u{9b}`), and the
/// Unicode controls that reorder text on screen (bidirectional overrides and isolates): text
/// from a file is shown, never obeyed by the terminal. Tabs are shown as spaces.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    let hidden = |c: char| {
        c.is_control()
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\t' => out.push(' '),
            c if (c as u32) < 0x80 && hidden(c) => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if hidden(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A finding's headline, as [`write_located`] needs it.
pub struct Headline<'a> {
    pub level: Level,
    pub code: &'a str,
    pub message: &'a str,
    pub span: Location,
    /// Where in the file's games: `game 3`, `game 3, move 12`.
    pub context: String,
    /// The character set the game was read in, for its source line.
    pub encoding: Encoding,
    /// `pdnkit check --fix` fixes it: marked `[*]`, as ruff marks its fixable findings.
    pub fixable: bool,
}

/// The mark of a fixable finding, before its message.
pub const FIXABLE_MARK: &str = "[*]";

/// Which of a game's findings `pdnkit check --fix` fixes as it runs by default (none held
/// back), among those at the listed levels: worked out once the first finding with a fixable
/// code is shown, not for every game (a plan for every game of a large archive, most of whose
/// findings are only counted, would cost its check several percent).
pub struct FixableMarks<'g> {
    game: &'g GameReport,
    min_level: Level,
    marks: Option<Vec<bool>>,
}

impl<'g> FixableMarks<'g> {
    pub fn new(game: &'g GameReport, min_level: Level) -> Self {
        FixableMarks {
            game,
            min_level,
            marks: None,
        }
    }

    /// Whether the game's finding `at` is marked.
    pub fn marked(&mut self, at: usize) -> bool {
        if self.game.findings[at].code.edit() == crate::finding::Edit::No {
            return false;
        }
        let (game, min_level) = (self.game, self.min_level);
        let marks = self.marks.get_or_insert_with(|| {
            let wanted = |f: &Finding| f.level >= min_level;
            let mut marks = vec![false; game.findings.len()];
            for fix in crate::fix::fixable_now(game, wanted) {
                marks[fix.finding] = true;
            }
            marks
        });
        marks[at]
    }
}

/// Writes the headline, then the source line read from the file (none for standard input,
/// gzip or UTF-16: the span's offset is not the file's there) and a caret under the span. For
/// findings whose game is at hand [`write_located_in`] shows the game's own text.
pub fn write_located(
    out: &mut dyn Write,
    style: Style,
    file: &FileInfo,
    h: &Headline,
) -> io::Result<()> {
    let line = file
        .path
        .as_deref()
        .and_then(|p| source_line(p, h.span.offset, h.encoding));
    write_headline_and_line(out, style, file, h, line)
}

/// Writes the headline, then the line of the game's text under it (`lines`, the game's line
/// index, keeps that text) and a caret under the span. A place outside the game's text (the
/// byte order mark, a game too large to keep) is read from the file, when there is one.
pub fn write_located_in(
    out: &mut dyn Write,
    style: Style,
    file: &FileInfo,
    h: &Headline,
    lines: &LineIndex,
) -> io::Result<()> {
    let line = match lines.excerpt_line(h.span.offset) {
        Some(bytes) => Some(h.encoding.of_kept_text().decode(bytes).into_owned()),
        None => file
            .path
            .as_deref()
            .and_then(|p| source_line(p, h.span.offset, h.encoding)),
    };
    write_headline_and_line(out, style, file, h, line)
}

/// Writes the headline alone: `file:line:col: level[CODE]: message (context)`, every byte from
/// the input escaped.
pub fn write_headline(
    out: &mut dyn Write,
    style: Style,
    file: &FileInfo,
    h: &Headline,
) -> io::Result<()> {
    let span = h.span;
    let mark = if h.fixable {
        format!("{} ", style.bold(FIXABLE_MARK))
    } else {
        String::new()
    };
    writeln!(
        out,
        "{}: {}{}: {mark}{} {}",
        style.bold(&format!(
            "{}:{}:{}",
            escape_controls(&file.name),
            span.line,
            span.column
        )),
        style.severity(h.level),
        style.bold(&format!("[{}]", h.code)),
        escape_controls(h.message),
        style.dim(&format!("({})", escape_controls(&h.context))),
    )
}

fn write_headline_and_line(
    out: &mut dyn Write,
    style: Style,
    file: &FileInfo,
    h: &Headline,
    line: Option<String>,
) -> io::Result<()> {
    write_headline(out, style, file, h)?;
    let Some(line) = line else {
        return Ok(());
    };
    let span = h.span;
    let gutter = span.line.to_string();
    let pad = " ".repeat(gutter.len());
    // The caret is placed under the escaped text: an escape is wider than its character.
    let column = span.column.saturating_sub(1) as usize;
    let before: String = line.chars().take(column).collect();
    let spanned: String = line.chars().skip(column).take(span.len as usize).collect();
    let shown = escape_controls(&line);
    // Columns, not characters: a CJK character takes two.
    let column = display_width(&escape_controls(&before));
    let width = display_width(&escape_controls(&spanned))
        .clamp(1, display_width(&shown).saturating_sub(column).max(1));
    writeln!(out, "{pad} {}", style.dim("|"))?;
    writeln!(out, "{} {} {}", style.dim(&gutter), style.dim("|"), shown)?;
    writeln!(
        out,
        "{pad} {} {}{}",
        style.dim("|"),
        " ".repeat(column),
        style.paint(Style::level_code(h.level), &"^".repeat(width))
    )
}

/// `White - Black` from the game's tags, when both are known: how an arbiter finds the game.
fn players(game: &GameReport) -> Option<String> {
    let tag = |name: &str| {
        game.tags
            .iter()
            .find(|t| t.standard() == name)
            .map(|t| t.value.trim())
            .filter(|v| !v.is_empty() && *v != "?")
    };
    Some(format!("{} - {}", tag("White")?, tag("Black")?))
}

/// A finding's headline in its game: where it is and which game (`game 3, White - Black,
/// move 12`), so the reader finds it without counting games.
pub fn headline<'a>(game: &GameReport, f: &'a Finding) -> Headline<'a> {
    let mut context = format!("game {}", game.index);
    if let Some(players) = players(game) {
        context.push_str(&format!(", {players}"));
    }
    if let Some(n) = f.move_number {
        context.push_str(&format!(", move {n}"));
    }
    if f.depth > 0 {
        context.push_str(&format!(", variation depth {}", f.depth));
    }
    Headline {
        level: f.level,
        code: f.code.as_str(),
        message: &f.message,
        span: game.locate(f.span),
        context,
        encoding: game.encoding,
        fixable: false,
    }
}

/// The line that says what `[*]` means, after the findings, when `marked` of those shown had it.
pub fn write_fixable_line(out: &mut dyn Write, marked: u64) -> io::Result<()> {
    if marked == 0 {
        return Ok(());
    }
    writeln!(
        out,
        "{FIXABLE_MARK} {marked} of the findings shown can be fixed in place by `pdnkit check --fix` \
         (`--diff` shows the changes first)"
    )
}

/// The human report.
pub struct HumanWriter<W> {
    out: W,
    style: Style,
    show: Show,
    listing: Listing,
    per_code: PerCode,
    started: std::time::Instant,
    /// Findings shown marked fixable.
    marked: u64,
}

impl<W: Write> HumanWriter<W> {
    pub fn new(out: W, style: Style, show: Show) -> Self {
        HumanWriter {
            out,
            style,
            show,
            listing: Listing::default(),
            per_code: PerCode::new(show.max_per_code),
            started: std::time::Instant::now(),
            marked: 0,
        }
    }

    /// Whether to show `f` in full: at a listed level, under its code's limit and under
    /// `--max-findings`. A finding over its code's limit is only counted.
    fn admit(&mut self, f: &Finding) -> bool {
        if !self.show.wants(f) {
            return false;
        }
        let code = f.code.as_str();
        if !self.per_code.fits(code) {
            self.per_code.folded(code);
            return false;
        }
        let listed = self.listing.admit(&self.show, f);
        if listed {
            self.per_code.shown(code);
        }
        listed
    }

    fn finding(
        &mut self,
        file: &FileInfo,
        game: &GameReport,
        f: &Finding,
        fixable: bool,
    ) -> io::Result<()> {
        let headline = Headline {
            fixable,
            ..headline(game, f)
        };
        write_located_in(&mut self.out, self.style, file, &headline, &game.lines)?;
        let pad = " ".repeat(headline.span.line.to_string().len());
        let note = |label: &str| format!("{pad} {} {label}", self.style.dim("="));
        if !f.diagram.is_empty() {
            let side = f
                .fen_before
                .as_deref()
                .and_then(|fen| fen.chars().next())
                .map_or("", |c| {
                    if c == 'W' {
                        " (white to move)"
                    } else {
                        " (black to move)"
                    }
                });
            writeln!(
                self.out,
                "{}",
                note(&format!("position before the move{side}:"))
            )?;
            for line in &f.diagram {
                writeln!(self.out, "{pad}     {line}")?;
            }
        }
        if !f.legal_moves.is_empty() {
            writeln!(
                self.out,
                "{}",
                note(&format!("legal moves: {}", f.legal_moves.join(", ")))
            )?;
        }
        if let Some(fen) = &f.fen_before
            && f.level == Level::Error
        {
            writeln!(self.out, "{}", note(&format!("fen: {fen}")))?;
        }
        Ok(())
    }
}

impl<W: Write> ReportWriter for HumanWriter<W> {
    fn game(&mut self, file: &FileInfo, game: &GameReport) -> io::Result<()> {
        // A guessed variant is said beside the first error, where a wrong guess shows: the
        // N-VARIANT-INFERRED note itself is hidden by default.
        let mut guess = (game.variant_source == VariantSource::Inferred)
            .then(|| {
                game.findings
                    .iter()
                    .find(|f| f.code == Code::VariantInferred)
            })
            .flatten();
        let mut marks = FixableMarks::new(game, self.show.min_level);
        for (at, f) in game.findings.iter().enumerate() {
            if self.admit(f) {
                let fixable = marks.marked(at);
                self.marked += u64::from(fixable);
                self.finding(file, game, f, fixable)?;
                if f.level == Level::Error
                    && let Some(inferred) = guess.take()
                {
                    let pad = " ".repeat(game.locate(f.span).line.to_string().len());
                    writeln!(
                        self.out,
                        "{pad} {} the variant is only inferred ({}, line {}): if that is wrong, \
                         so is this error; a GameType tag or --variant settles it",
                        self.style.dim("="),
                        inferred.message,
                        game.locate(inferred.span).line
                    )?;
                }
            }
        }
        Ok(())
    }

    // A file that could not be read is said once, on standard error as the run meets it (as
    // every command says it); the summary counts it.
    fn file_end(&mut self, _file: &FileInfo, _error: Option<&str>) -> io::Result<()> {
        Ok(())
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        let close = Closing {
            style: self.style,
            show: &self.show,
            listing: &self.listing,
            marked: self.marked,
            started: self.started,
            folded: Some(&self.per_code),
        };
        close.write(&mut self.out, totals)
    }
}

/// The end of the human and concise reports (unless `-qq`): what the `[*]` marks mean, the
/// summary, the codes folded after their first findings (human only), and what the listing
/// left out.
pub(super) struct Closing<'a> {
    pub style: Style,
    pub show: &'a Show,
    pub listing: &'a Listing,
    /// Findings shown with a `[*]`.
    pub marked: u64,
    pub started: std::time::Instant,
    pub folded: Option<&'a PerCode>,
}

impl Closing<'_> {
    pub fn write(&self, out: &mut dyn Write, totals: &Totals) -> io::Result<()> {
        if self.show.summary {
            write_fixable_line(out, self.marked)?;
            write_summary(out, self.style, totals, self.started.elapsed())?;
            if let Some(folded) = self.folded {
                folded.write_folded(out)?;
            }
            if let Some(line) = self.listing.left_out_line(self.show) {
                writeln!(out, "{line}")?;
            }
        }
        out.flush()
    }
}

/// What a run went through: the first line of every command's summary.
#[derive(Debug, Clone, Copy, Default, serde::Serialize)]
pub struct RunCounts {
    /// Inputs the run went to (read, or tried and failed).
    pub files: u64,
    pub games: u64,
    pub moves: u64,
    pub bytes: u64,
    /// Of `files`, those that could not be opened or read to the end (each reported where it
    /// failed): the run line counts them apart from the files read. (In JSON they are the
    /// findings' `unreadable_files`.)
    #[serde(skip)]
    pub unreadable: u64,
    /// How long the run took (shown to people; left out of JSON, which is the same on every run).
    #[serde(skip)]
    pub elapsed: std::time::Duration,
}

/// The findings of a run: the second line of every command's summary.
#[derive(Debug, Clone, Copy, Default, serde::Serialize)]
pub struct FindingCounts {
    pub errors: u64,
    pub games_with_errors: u64,
    pub warnings: u64,
    pub unreadable_files: u64,
}

/// The columns `text` takes on a terminal: a CJK character takes two, a combining mark none.
/// What every aligned column and caret measures (a count of characters misaligns them).
pub fn display_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `text` and the spaces that make it `width` columns wide (none when it is wider).
pub fn pad_to(text: &str, width: usize) -> String {
    format!(
        "{text}{}",
        " ".repeat(width.saturating_sub(display_width(text)))
    )
}

/// `1 file` / `2 files`.
pub fn counted(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// `1 ply` / `2 plies`: a move of one side, which is what every count of moves here counts.
pub fn plies(n: u64) -> String {
    format!("{n} {}", if n == 1 { "ply" } else { "plies" })
}

/// `checked 1 file, 2 games, 30 plies, 0.1 MB in 0.01s (200 games/s)`, with the command's verb.
pub fn write_run_line(
    out: &mut dyn Write,
    style: Style,
    verb: &str,
    run: RunCounts,
    elapsed: std::time::Duration,
) -> io::Result<()> {
    let seconds = elapsed.as_secs_f64().max(1e-9);
    // Only the files read count as read; those that could not be are said apart.
    let mut files = counted(run.files.saturating_sub(run.unreadable), "file");
    if run.unreadable > 0 {
        files.push_str(&format!(" ({} could not be read)", run.unreadable));
    }
    writeln!(
        out,
        "{} {}, {}, {}, {:.1} MB in {:.2}s ({:.0} games/s)",
        style.bold(verb),
        files,
        counted(run.games, "game"),
        plies(run.moves),
        run.bytes as f64 / 1e6,
        seconds,
        run.games as f64 / seconds
    )
}

/// `3 errors in 2 games, 1 warning`, and the files that could not be read.
pub fn write_findings_line(out: &mut dyn Write, findings: FindingCounts) -> io::Result<()> {
    writeln!(
        out,
        "{} in {}, {}{}",
        counted(findings.errors, "error"),
        counted(findings.games_with_errors, "game"),
        counted(findings.warnings, "warning"),
        if findings.unreadable_files > 0 {
            format!(", {} unreadable file(s)", findings.unreadable_files)
        } else {
            String::new()
        }
    )
}

/// The two lines every command's summary starts with: what the run went through, and what it
/// found.
pub fn write_run_and_findings(
    out: &mut dyn Write,
    style: Style,
    verb: &str,
    (run, findings): (RunCounts, FindingCounts),
    elapsed: std::time::Duration,
) -> io::Result<()> {
    write_run_line(out, style, verb, run, elapsed)?;
    write_findings_line(out, findings)
}

/// The findings by code, aligned.
pub fn write_by_code<K: AsRef<str> + Ord>(
    out: &mut dyn Write,
    by_code: &BTreeMap<K, u64>,
) -> io::Result<()> {
    let width = by_code.keys().map(|c| c.as_ref().len()).max().unwrap_or(0);
    for (code, count) in by_code {
        let code = code.as_ref();
        writeln!(out, "  {code:<width$}  {count:>8}")?;
    }
    Ok(())
}

/// The closing summary: what was checked, how fast, and the findings by code.
pub fn write_summary(
    out: &mut dyn Write,
    style: Style,
    totals: &Totals,
    elapsed: std::time::Duration,
) -> io::Result<()> {
    write_run_and_findings(out, style, "checked", totals.counts(), elapsed)?;
    if totals.allowed > 0 {
        writeln!(
            out,
            "{} left out by the policy (--allow, pdnkit.toml)",
            counted(totals.allowed, "finding")
        )?;
    }
    if totals.baselined > 0 || totals.baseline_unmatched > 0 {
        writeln!(
            out,
            "{} left out by the baseline; {} of its findings no longer occur",
            counted(totals.baselined, "known finding"),
            totals.baseline_unmatched,
        )?;
    }
    if let Some(line) = totals.not_replayed_line() {
        writeln!(
            out,
            "{}",
            style.paint(Style::level_code(Level::Warning), &line)
        )?;
    }
    write_by_code(out, &totals.by_code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_line(files: u64, games: u64, moves: u64) -> String {
        let mut out = Vec::new();
        let run = RunCounts {
            files,
            games,
            moves,
            bytes: 0,
            ..RunCounts::default()
        };
        let elapsed = std::time::Duration::from_secs(1);
        write_run_line(&mut out, Style { colour: false }, "checked", run, elapsed).expect("writes");
        String::from_utf8(out).expect("text")
    }

    #[test]
    fn the_run_line_counts_in_the_singular_and_the_plural() {
        assert!(run_line(1, 1, 1).starts_with("checked 1 file, 1 game, 1 ply, "));
        assert!(run_line(2, 0, 30).starts_with("checked 2 files, 0 games, 30 plies, "));
    }
}
