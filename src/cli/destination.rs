//! Where a command writes: standard output (also `-o -`), or `-o FILE`. A file is written to a
//! temporary file beside it and renamed over FILE only when the run has finished, so a failed
//! run never leaves a half-written file; and FILE is refused when it is one of the inputs (also
//! through a link), which writing would empty before it is read. Every write error names the
//! output.

use super::inputs::Input;
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use tempfile::TempPath;

/// The output stream of a run.
pub struct Destination {
    /// `standard output` or the file's path, for messages.
    name: String,
    inner: Box<dyn Write>,
    terminal: bool,
}

/// The file waiting to be put in place once the run has finished (nothing for standard
/// output). Dropped without [`commit`](Pending::commit), the temporary file is removed.
pub struct Pending(Option<(TempPath, PathBuf)>);

/// Opens the output `-o` names (standard output for none or `-`).
pub fn open(output: Option<&Path>, inputs: &[Input]) -> io::Result<(Destination, Pending)> {
    let Some(path) = output.filter(|p| p.as_os_str() != "-") else {
        if stdout_is_closed() {
            return Err(io::Error::other(
                "standard output is closed: nowhere to write (use -o FILE)",
            ));
        }
        let stdout = io::stdout();
        let terminal = stdout.is_terminal();
        let destination = Destination {
            name: "standard output".to_string(),
            inner: Box::new(stdout.lock()),
            terminal,
        };
        return Ok((destination, Pending(None)));
    };
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    if path.is_dir() {
        return Err(named(io::Error::new(
            io::ErrorKind::IsADirectory,
            "is a directory",
        )));
    }
    for input in inputs {
        if let Input::File(file) = input
            && same_file::is_same_file(file, path).unwrap_or(false)
        {
            return Err(named(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "is also an input ({}); writing it would destroy it: write elsewhere",
                    file.display()
                ),
            )));
        }
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".pdnkit-").suffix(".tmp");
    #[cfg(unix)]
    {
        // As a plain create would (the umask applies), not tempfile's owner-only default.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let temp = builder.tempfile_in(dir).map_err(named)?;
    if let Ok(existing) = fs::metadata(path) {
        // Replacing a file keeps its permissions.
        fs::set_permissions(temp.path(), existing.permissions()).map_err(named)?;
    }
    let (file, temp_path) = temp.into_parts();
    let destination = Destination {
        name: path.display().to_string(),
        inner: Box::new(file),
        terminal: false,
    };
    Ok((destination, Pending(Some((temp_path, path.to_path_buf())))))
}

impl Destination {
    /// Whether this is a terminal (colour and progress decisions).
    pub fn is_terminal(&self) -> bool {
        self.terminal
    }

    fn named(&self, e: io::Error) -> io::Error {
        io::Error::new(e.kind(), format!("{}: {e}", self.name))
    }
}

impl Write for Destination {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(|e| self.named(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|e| self.named(e))
    }
}

impl Pending {
    /// Puts the written file in place (call after the last write was flushed).
    pub fn commit(self) -> io::Result<()> {
        let Some((temp, path)) = self.0 else {
            return Ok(());
        };
        temp.persist(&path)
            .map(drop)
            .map_err(|e| io::Error::new(e.error.kind(), format!("{}: {}", path.display(), e.error)))
    }
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
