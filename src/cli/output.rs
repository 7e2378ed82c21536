//! Output a person reads: compiler-style diagnostics with the source line and a caret, colour
//! only on a terminal.

use pdnkit::reader::{Diagnostic, Severity};
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// ANSI styles, empty when the output is not a terminal.
#[derive(Clone, Copy)]
pub struct Style {
    pub colour: bool,
}

impl Style {
    fn paint(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    pub fn severity(self, severity: Severity) -> String {
        match severity {
            Severity::Error => self.paint("1;31", "error"),
            Severity::Warning => self.paint("1;33", "warning"),
            Severity::Note => self.paint("1;36", "note"),
        }
    }

    pub fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    pub fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }
}

/// The line of `path` holding byte `offset` (read with a seek, so any file size is fine).
pub fn source_line(path: &Path, offset: u64) -> Option<String> {
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
    Some(String::from_utf8_lossy(&bytes[start..end]).into_owned())
}

/// Writes `file:line:col: severity[CODE]: message`, then the source line and a caret.
pub fn write_diagnostic(
    out: &mut impl Write,
    style: Style,
    file: &str,
    path: Option<&Path>,
    game: u64,
    diagnostic: &Diagnostic,
) -> io::Result<()> {
    let span = diagnostic.span;
    writeln!(
        out,
        "{}: {}{}: {} {}",
        style.bold(&format!("{file}:{}:{}", span.line, span.column)),
        style.severity(diagnostic.severity),
        style.bold(&format!("[{}]", diagnostic.code)),
        diagnostic.message,
        style.dim(&format!("(game {game})")),
    )?;
    if let Some(line) = path.and_then(|p| source_line(p, span.offset)) {
        let gutter = span.line.to_string();
        let shown: String = line
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let column = span.column.saturating_sub(1) as usize;
        let width =
            (span.len as usize).clamp(1, shown.chars().count().saturating_sub(column).max(1));
        writeln!(out, "{} {}", " ".repeat(gutter.len()), style.dim("|"))?;
        writeln!(out, "{} {} {}", style.dim(&gutter), style.dim("|"), shown)?;
        writeln!(
            out,
            "{} {} {}{}",
            " ".repeat(gutter.len()),
            style.dim("|"),
            " ".repeat(column),
            style.paint(
                if diagnostic.severity == Severity::Error {
                    "1;31"
                } else {
                    "1;33"
                },
                &"^".repeat(width)
            )
        )?;
    }
    Ok(())
}
