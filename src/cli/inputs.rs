//! Turning command-line paths into inputs: files, directories (recursively, `*.pdn`, `*.pdn.gz`,
//! `*.fen` and other files that start like game records, in sorted order so output is
//! deterministic; the files skipped are named) and `-` for standard input. Gzip is recognised by
//! its content, whatever the name.

use pdnkit::reader;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(path) => path.display().to_string(),
        }
    }

    pub fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        match self {
            Input::Stdin => reader::decompressed(io::stdin()),
            Input::File(path) => reader::open_path(path),
        }
    }

    /// [`open`](Self::open), adding the bytes read from the file itself (compressed, for a
    /// `.pdn.gz`) to `counter`: what a progress bar over file sizes counts.
    pub fn open_counted(&self, counter: Arc<AtomicU64>) -> io::Result<Box<dyn Read + Send>> {
        match self {
            Input::Stdin => reader::decompressed(Counted {
                inner: io::stdin(),
                counter,
            }),
            Input::File(path) => reader::decompressed(Counted {
                inner: fs::File::open(path)?,
                counter,
            }),
        }
    }

    /// The size of the input on disk, when it is a file.
    pub fn size(&self) -> Option<u64> {
        match self {
            Input::Stdin => None,
            Input::File(path) => fs::metadata(path).ok().map(|m| m.len()),
        }
    }

    /// The file to show source lines from: not standard input, and not a compressed file
    /// (spans count the decompressed bytes).
    pub fn source_file(&self) -> Option<&Path> {
        match self {
            Input::File(path) if !is_gz(path) => Some(path),
            _ => None,
        }
    }
}

/// Expands the paths; an unreadable path is an error naming it.
pub fn expand(paths: &[PathBuf]) -> io::Result<Vec<Input>> {
    let mut inputs = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
        } else if path.is_dir() {
            let mut found = Vec::new();
            let mut skipped = Vec::new();
            walk(path, &mut found, &mut skipped)?;
            found.sort();
            inputs.extend(found.into_iter().map(Input::File));
            if !skipped.is_empty() {
                skipped.sort();
                let names: Vec<String> = skipped.iter().map(|p| p.display().to_string()).collect();
                eprintln!(
                    "pdnkit: {}: skipped {} file{} that hold{} no PDN or FEN: {}",
                    path.display(),
                    names.len(),
                    if names.len() == 1 { "" } else { "s" },
                    if names.len() == 1 { "s" } else { "" },
                    names.join(", ")
                );
            }
        } else if path.exists() {
            inputs.push(Input::File(path.clone()));
        } else {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("{}: no such file or directory", path.display()),
            ));
        }
    }
    Ok(inputs)
}

/// The game files under `dir`: by extension (`*.pdn`, `*.pdn.gz`, `*.fen`), or, for other
/// names, by content ([`holds_records`]). The other files go to `skipped`.
fn walk(dir: &Path, found: &mut Vec<PathBuf>, skipped: &mut Vec<PathBuf>) -> io::Result<()> {
    let entries = fs::read_dir(dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, found, skipped)?;
        } else if is_pdn(&path) || has_extension(&path, "fen") || holds_records(&path) {
            found.push(path);
        } else {
            skipped.push(path);
        }
    }
    Ok(())
}

/// Whether a file of another name starts like game records: its first line with text (of the
/// first 4 KiB, decompressed when gzip) is a tag (`[Event "..."]`) or a FEN.
fn holds_records(path: &Path) -> bool {
    let Ok(mut source) = reader::open_path(path) else {
        return false;
    };
    let mut head = vec![0u8; 4096];
    let mut got = 0;
    while got < head.len() {
        match source.read(&mut head[got..]) {
            Ok(0) | Err(_) => break,
            Ok(n) => got += n,
        }
    }
    let text = head[..got]
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(&head[..got]);
    let Some(first) = text.iter().position(|b| !b.is_ascii_whitespace()) else {
        return false;
    };
    let line = &text[first..];
    let line = &line[..line
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .unwrap_or(line.len())];
    matches!(line, [b'[', b'A'..=b'Z', ..]) || reader::is_fen_line(line)
}

fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(extension))
}

fn is_gz(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

/// `*.pdn` or `*.pdn.gz`.
fn is_pdn(path: &Path) -> bool {
    let stem = if is_gz(path) {
        path.file_stem().map(Path::new)
    } else {
        Some(path)
    };
    stem.and_then(Path::extension)
        .is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
}

/// A reader that adds the bytes it reads to a shared counter.
struct Counted<R> {
    inner: R,
    counter: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.counter.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::Compression;
    use flate2::write::GzEncoder;
    use std::io::Write;

    /// A compressed file is read decompressed, while the count (for the progress bar) is of its
    /// bytes on disk, which is what its size says.
    #[test]
    fn counted_reads_count_the_file_not_the_text() {
        let text = "[Event \"e\"]\n1. 32-28 19-23 *\n".repeat(200);
        let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
        encoder.write_all(text.as_bytes()).unwrap();
        let path =
            std::env::temp_dir().join(format!("pdnkit-counted-{}.pdn.gz", std::process::id()));
        fs::write(&path, encoder.finish().unwrap()).unwrap();
        let input = Input::File(path.clone());
        let counter = Arc::new(AtomicU64::new(0));
        let mut read = String::new();
        input
            .open_counted(Arc::clone(&counter))
            .unwrap()
            .read_to_string(&mut read)
            .unwrap();
        let size = input.size();
        fs::remove_file(&path).unwrap();
        assert_eq!(read, text);
        assert_eq!(Some(counter.load(Ordering::Relaxed)), size);
        assert!(size.unwrap() < text.len() as u64);
    }
}
