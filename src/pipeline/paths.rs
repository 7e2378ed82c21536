//! Turning the paths a command is given into inputs: files, directories (recursively, `*.pdn`, `*.pdn.gz`,
//! `*.fen` and other files that start like game records, in sorted order so output is
//! deterministic; the files skipped are named) and `-` for standard input. Gzip is recognised by
//! its content, whatever the name. A path that cannot be read stays an input whose opening
//! fails, so the run reports it, goes on with the rest and fails at the end.

use super::walk::{Skipped, WalkOptions, walk};
use crate::pipeline;
use crate::reader;
use std::collections::HashMap;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

pub enum PathInput {
    Stdin,
    File(PathBuf),
    /// A path the directory walk could not read (reported when it is opened).
    Unreadable {
        path: PathBuf,
        kind: io::ErrorKind,
        message: String,
    },
}

impl PathInput {
    pub fn name(&self) -> String {
        match self {
            PathInput::Stdin => "<stdin>".to_string(),
            PathInput::File(path) | PathInput::Unreadable { path, .. } => {
                path.display().to_string()
            }
        }
    }

    /// Opens the input (decompressing gzip), adding the bytes read from the file itself
    /// (compressed, for a `.pdn.gz`) to `counter`: what a progress bar over file sizes counts.
    pub fn open_counted(&self, counter: Arc<AtomicU64>) -> io::Result<Box<dyn Read + Send>> {
        match self {
            PathInput::Stdin => reader::decompressed(Counted {
                inner: io::stdin(),
                counter,
            }),
            PathInput::File(path) => reader::decompressed(Counted {
                inner: fs::File::open(path)?,
                counter,
            }),
            PathInput::Unreadable { .. } => Err(self.unreadable()),
        }
    }

    /// The size of the input on disk, when it is a file.
    pub fn size(&self) -> Option<u64> {
        match self {
            PathInput::File(path) => fs::metadata(path).ok().map(|m| m.len()),
            _ => None,
        }
    }

    fn unreadable(&self) -> io::Error {
        match self {
            PathInput::Unreadable { kind, message, .. } => io::Error::new(*kind, message.clone()),
            _ => io::Error::other("readable"),
        }
    }

    /// The file to show source lines from: not standard input, and not a compressed file
    /// (spans count the decompressed bytes).
    pub fn source_file(&self) -> Option<&Path> {
        match self {
            PathInput::File(path) if !reader::is_compressed_file(path) => Some(path),
            _ => None,
        }
    }
}

/// The inputs of some paths, and what their directory walks left out (for standard error).
pub struct Expanded {
    pub inputs: Vec<PathInput>,
    /// Per directory named: the directory and the entries its walk did not read.
    pub skipped: Vec<(PathBuf, Vec<Skipped>)>,
    /// Other notes on the walks (a link loop, a FIFO).
    pub notes: Vec<String>,
}

/// Expands the paths, walking directories as `options` say (a file named is always read). A
/// path that does not exist, or that the walk cannot read, is kept as an input that fails to
/// open: reported in its place, the rest still read. Fails only on a bad `--exclude` glob.
pub fn expand(paths: &[PathBuf], options: &WalkOptions) -> Result<Expanded, String> {
    let mut expanded = Expanded {
        inputs: Vec::new(),
        skipped: Vec::new(),
        notes: Vec::new(),
    };
    for path in paths {
        if path.as_os_str() == "-" {
            expanded.inputs.push(PathInput::Stdin);
        } else if path.is_dir() {
            let walked = walk(path, options)?;
            expanded
                .inputs
                .extend(walked.files.into_iter().map(PathInput::File));
            for (path, error) in walked.unreadable {
                expanded.inputs.push(PathInput::Unreadable {
                    path,
                    kind: error.kind(),
                    message: error.to_string(),
                });
            }
            expanded.notes.extend(walked.notes);
            if !walked.skipped.is_empty() {
                expanded.skipped.push((path.clone(), walked.skipped));
            }
        } else {
            // Named by the user: read whatever it is (a pipe such as `<(zcat a.gz)` too).
            expanded.inputs.push(PathInput::File(path.clone()));
        }
    }
    Ok(expanded)
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

/// The bytes of each file as it was read, by file index, for a command that edits the files it
/// read (`check --fix`): the edits are made to exactly the bytes that were checked. A file's
/// bytes are kept from its opening until the command takes them.
#[derive(Clone, Default)]
pub struct KeptBytes(Arc<Mutex<HashMap<usize, Arc<[u8]>>>>);

impl KeptBytes {
    fn put(&self, file: usize, bytes: Arc<[u8]>) {
        self.lock().insert(file, bytes);
    }

    /// The bytes of input `file`, when it is a file that was read (not standard input).
    pub fn get(&self, file: usize) -> Option<Arc<[u8]>> {
        self.lock().get(&file).cloned()
    }

    /// The bytes of input `file`, no longer kept.
    pub fn take(&self, file: usize) -> Option<Arc<[u8]>> {
        self.lock().remove(&file)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<usize, Arc<[u8]>>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The inputs as the pipeline opens them, each adding the bytes it reads to `counter` (what the
/// progress bar counts against the files' sizes). With `keep`, each file is read whole when it
/// is opened and its bytes kept there.
pub fn for_pipeline(
    inputs: Vec<PathInput>,
    counter: &Arc<AtomicU64>,
    keep: Option<&KeptBytes>,
) -> Vec<pipeline::Input> {
    inputs
        .into_iter()
        .enumerate()
        .map(|(file, input)| {
            let counter = Arc::clone(counter);
            let name = input.name();
            let open: Box<dyn FnOnce() -> io::Result<Box<dyn Read + Send>> + Send> =
                match (keep.cloned(), &input) {
                    (Some(keep), PathInput::File(path)) => {
                        let path = path.clone();
                        Box::new(move || {
                            let bytes: Arc<[u8]> = fs::read(&path)?.into();
                            counter.fetch_add(bytes.len() as u64, Ordering::Relaxed);
                            keep.put(file, Arc::clone(&bytes));
                            reader::decompressed(io::Cursor::new(bytes))
                        })
                    }
                    _ => Box::new(move || input.open_counted(counter)),
                };
            pipeline::Input { name, open }
        })
        .collect()
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
        let input = PathInput::File(path.clone());
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
