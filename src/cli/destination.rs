//! Where a command writes: standard output (also `-o -`), or `-o FILE` opened through
//! [`RunFiles::create`] (never over an input, put in place only when the run succeeded). Every
//! write error names the output.

use super::ColorWhen;
use super::files::{Pending, RunFiles};
use super::progress::Progress;
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::Path;

/// The output stream of a run.
pub struct Destination {
    /// `standard output` or the file's path, for messages.
    name: String,
    inner: Box<dyn Write>,
    terminal: bool,
    /// A progress bar on the same terminal: output is held until it makes whole lines, and each
    /// batch of lines is written with the bar out of the way.
    progress: Option<Progress>,
    lines: Vec<u8>,
}

/// Output held back for the terminal while a progress bar is up.
const LINES_HELD: usize = 8 << 10;

/// Opens the output `-o` names (standard output for none or `-`).
pub fn open(output: Option<&Path>, files: &mut RunFiles) -> io::Result<(Destination, Pending)> {
    let Some(path) = output.filter(|p| p.as_os_str() != "-") else {
        require_stdout(" (use -o FILE)")?;
        let stdout = io::stdout();
        let terminal = stdout.is_terminal();
        let destination = Destination {
            name: "standard output".to_string(),
            inner: Box::new(stdout.lock()),
            terminal,
            progress: None,
            lines: Vec::new(),
        };
        return Ok((destination, Pending::in_place()));
    };
    let (file, pending) = files.create(path, "-o")?;
    let destination = Destination {
        name: path.display().to_string(),
        terminal: file.is_terminal(),
        inner: Box::new(file),
        progress: None,
        lines: Vec::new(),
    };
    Ok((destination, pending))
}

impl Destination {
    /// Whether to colour what is written here.
    pub fn colour(&self, when: ColorWhen) -> bool {
        when.colour(self.terminal)
    }

    /// A buffered writer. On a terminal with a progress bar, output goes out in whole lines
    /// with the bar out of the way (a partial line would be erased by the bar's redraw); on a
    /// terminal without one, a line at a time.
    pub fn buffered(mut self, progress: Option<&Progress>) -> Box<dyn Write> {
        match progress {
            Some(progress) if self.terminal => {
                self.progress = Some(progress.clone());
                Box::new(self)
            }
            _ if self.terminal => Box::new(io::LineWriter::new(self)),
            _ => Box::new(io::BufWriter::with_capacity(1 << 16, self)),
        }
    }

    /// Writes the held lines (all of them with `all`, else up to the last line end).
    fn write_lines(&mut self, all: bool) -> io::Result<()> {
        let end = if all {
            self.lines.len()
        } else {
            memchr::memrchr(b'\n', &self.lines).map_or(0, |at| at + 1)
        };
        if end == 0 {
            return Ok(());
        }
        let Destination {
            inner,
            progress,
            lines,
            ..
        } = self;
        let written = match progress {
            Some(progress) => progress.suspend(|| {
                inner.write_all(&lines[..end])?;
                inner.flush()
            }),
            None => inner.write_all(&lines[..end]),
        };
        lines.drain(..end);
        written
    }

    fn named(&self, e: io::Error) -> io::Error {
        io::Error::new(e.kind(), format!("{}: {e}", self.name))
    }
}

impl Write for Destination {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.progress.is_none() {
            return self.inner.write(buf).map_err(|e| self.named(e));
        }
        self.lines.extend_from_slice(buf);
        if self.lines.len() >= LINES_HELD {
            // Output without line ends (one long JSON line) is not held without bound.
            let all = self.lines.len() >= 8 * LINES_HELD;
            self.write_lines(all).map_err(|e| self.named(e))?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_lines(true)
            .and_then(|()| self.inner.flush())
            .map_err(|e| self.named(e))
    }
}

/// An error when standard output was closed when the process started (`>&-`): what a command
/// that writes there says before it starts (`hint` ends the message: how else to write). A
/// broken pipe later (`| head`) is not this: the reader went away after taking what it wanted.
pub fn require_stdout(hint: &str) -> io::Result<()> {
    if stdout_is_closed() {
        return Err(io::Error::other(format!(
            "standard output is closed: nowhere to write{hint}"
        )));
    }
    Ok(())
}

/// Whether standard output was closed when the process started (`>&-`). Rust's runtime puts
/// `/dev/null` opened read-write in place of a closed standard descriptor, so writes would
/// vanish and the run would pass; a shell redirection to `/dev/null` opens it write-only.
fn stdout_is_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        let on_null = fs::read_link("/proc/self/fd/1").is_ok_and(|t| t == Path::new("/dev/null"));
        on_null
            && fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
                info.lines()
                    .find_map(|l| l.strip_prefix("flags:"))
                    .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
                    .is_some_and(|flags| flags & 0o3 == 0o2)
            })
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}
