//! The files one run touches, and how it writes them without losing anything.
//!
//! - **No output is an input.** Every file a run reads (its game files, the directories' files,
//!   standard input, `pdnkit.toml`, the baseline) is known by identity (device and inode, so
//!   links and other spellings of the name are caught). An output that is one of them is refused
//!   before anything is written, and so is a standard output redirected into one
//!   (`pdnkit merge a.pdn >> a.pdn` would read its own output for ever), as GNU `cat` refuses.
//!   Two outputs of one run naming the same file are refused too.
//! - **A file appears whole or not at all.** A regular file is written to a temporary file beside
//!   it and renamed over it once the run has succeeded. A run that fails (an input unreadable, no
//!   games) leaves the old file as it was and says so. A device or a pipe (`/dev/null`, a FIFO)
//!   is written in place, and a symbolic link keeps being a link: the file it names is replaced.
//! - **Files keep what they are.** A new file gets the permissions a plain create would (the
//!   umask applies); a replaced file keeps its mode.
//! - **No litter.** A temporary file is named after its output, `.NAME.pdnkit-PID-N.partial`, so
//!   one left by a killed run (`kill -9`) is recognisable; on SIGINT, SIGTERM or SIGHUP every
//!   temporary file still open is removed before the process ends as the signal asks.

use super::inputs::Input;
use pdnkit::report::human::escape_controls;
use std::collections::{HashMap, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex, MutexGuard, Once};

/// A file's identity: the same file under any name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct FileId(#[cfg(unix)] (u64, u64), #[cfg(not(unix))] PathBuf);

impl FileId {
    fn of(path: &Path) -> Option<FileId> {
        let meta = fs::metadata(path).ok()?;
        FileId::from_metadata(&meta, path)
    }

    #[cfg(unix)]
    fn from_metadata(meta: &fs::Metadata, _path: &Path) -> Option<FileId> {
        use std::os::unix::fs::MetadataExt;
        Some(FileId((meta.dev(), meta.ino())))
    }

    #[cfg(not(unix))]
    fn from_metadata(_meta: &fs::Metadata, path: &Path) -> Option<FileId> {
        fs::canonicalize(path).ok().map(FileId)
    }
}

/// The regular file open on a standard descriptor (0, 1, 2), with its identity.
#[cfg(unix)]
fn standard_file(fd: std::os::fd::BorrowedFd<'_>) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    let meta = File::from(fd.try_clone_to_owned().ok()?).metadata().ok()?;
    meta.is_file().then(|| FileId((meta.dev(), meta.ino())))
}

/// What one run reads and has opened for writing.
pub struct RunFiles {
    /// Files read, with the name to show (hashed: a directory may hold many thousands, and
    /// split opens as many outputs).
    read: HashMap<FileId, String>,
    /// Outputs opened so far, as absolute paths of the files they replace.
    written: HashSet<PathBuf>,
}

impl RunFiles {
    /// The inputs of a run. Refuses a standard output that is a regular file among them:
    /// writing there would grow the input while it is read.
    pub fn new(inputs: &[Input]) -> io::Result<RunFiles> {
        let mut files = RunFiles {
            read: HashMap::new(),
            written: HashSet::new(),
        };
        for input in inputs {
            match input {
                Input::File(path) => files.reads(path),
                Input::Stdin => files.reads_stdin(),
                Input::Unreadable { .. } => {}
            }
        }
        files.refuse_standard_streams()?;
        Ok(files)
    }

    /// Adds a file the run reads besides its inputs (the config, a baseline).
    pub fn reads(&mut self, path: &Path) {
        if let Some(id) = FileId::of(path) {
            self.read
                .entry(id)
                .or_insert_with(|| path.display().to_string());
        }
    }

    fn reads_stdin(&mut self) {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            if let Some(id) = standard_file(io::stdin().as_fd()) {
                self.read
                    .entry(id)
                    .or_insert_with(|| "standard input".to_string());
            }
        }
    }

    /// The input that `id` is, if any.
    fn input_named(&self, id: &FileId) -> Option<&str> {
        self.read.get(id).map(String::as_str)
    }

    fn refuse_standard_streams(&self) -> io::Result<()> {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            // Standard error carries messages only, a few lines a file: not checked.
            let streams = [("standard output", standard_file(io::stdout().as_fd()))];
            for (stream, id) in streams {
                if let Some(name) = id.as_ref().and_then(|id| self.input_named(id)) {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        format!(
                            "input file is output file: {stream} is {}, which this run reads; \
                             redirect it elsewhere",
                            escape_controls(name)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Refuses `path` as an output (`what` is the option, for the message) when the run reads
    /// it. For outputs appended to rather than replaced (a CI job summary).
    pub fn refuse_input(&self, path: &Path, what: &str) -> io::Result<()> {
        // Only a regular file can be destroyed by writing it (a device or a pipe is written
        // through): one look at the file says both what it is and which it is.
        let Some(id) = fs::metadata(path)
            .ok()
            .filter(fs::Metadata::is_file)
            .and_then(|meta| FileId::from_metadata(&meta, path))
        else {
            return Ok(());
        };
        match self.input_named(&id) {
            Some(input) => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{what} {}: is also an input ({}); writing it would destroy it: write \
                     elsewhere",
                    path.display(),
                    input
                ),
            )),
            None => Ok(()),
        }
    }

    /// Opens the output `path` (`what` names the option in messages: `-o`, `--write-baseline`).
    pub fn create(&mut self, path: &Path, what: &str) -> io::Result<(File, Pending)> {
        let shown = format!("{what} {}", path.display());
        let named = |e: io::Error| io::Error::new(e.kind(), format!("{shown}: {e}"));
        if path.is_dir() {
            return Err(named(io::Error::new(
                io::ErrorKind::IsADirectory,
                "is a directory",
            )));
        }
        self.refuse_input(path, what)?;
        // A link to a file: the file it names is replaced, not the link.
        let target = if path.is_symlink() {
            fs::canonicalize(path).map_err(named)?
        } else {
            path.to_path_buf()
        };
        let absolute = absolute(&target).map_err(named)?;
        if !self.written.insert(absolute) {
            return Err(named(io::Error::new(
                io::ErrorKind::InvalidInput,
                "is already an output of this run: give each output its own file",
            )));
        }
        match fs::metadata(&target) {
            // A device or a pipe (`-o /dev/null`, `-o /dev/stderr`): written to directly;
            // renaming over it would replace it.
            Ok(meta) if !meta.is_file() => {
                let file = OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .map_err(named)?;
                Ok((
                    file,
                    Pending {
                        target,
                        shown,
                        temporary: None,
                    },
                ))
            }
            existing => {
                let (file, temporary) = Temporary::beside(&target).map_err(named)?;
                if let Ok(meta) = existing {
                    // Replacing a file keeps its permissions.
                    fs::set_permissions(&temporary.path, meta.permissions()).map_err(named)?;
                }
                Ok((
                    file,
                    Pending {
                        target,
                        shown,
                        temporary: Some(temporary),
                    },
                ))
            }
        }
    }
}

/// Writes `new` over the file at `path` (`check --fix`), as every output is written: to a
/// temporary file beside it, given the file's permissions, renamed over it in one step (a link
/// keeps being a link: the file it names is replaced). Refused when the file is not a regular
/// one, or no longer holds `read`, the bytes the edits were made to: checked just before the
/// rename, so a change made on disk meanwhile is never overwritten.
pub fn rewrite(path: &Path, read: &[u8], new: &[u8]) -> io::Result<()> {
    let target = if path.is_symlink() {
        fs::canonicalize(path)?
    } else {
        path.to_path_buf()
    };
    let meta = fs::metadata(&target)?;
    if !meta.is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    let (mut file, temporary) = Temporary::beside(&target)?;
    fs::set_permissions(&temporary.path, meta.permissions())?;
    file.write_all(new)?;
    file.sync_all()?;
    drop(file);
    if fs::read(&target)? != read {
        return Err(io::Error::other(
            "it changed on disk since it was read; run again",
        ));
    }
    temporary.rename_to(&target)
}

/// `path` made absolute without following a link at its end (the file may not exist yet).
fn absolute(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "names no file"))?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    Ok(fs::canonicalize(dir)?.join(name))
}

/// An output waiting for the run to end: [`settle`](Pending::settle) puts it in place or, when
/// the run failed, leaves the old file. Dropped unsettled (an error ended the run), the
/// temporary file is removed and the old file stays.
pub struct Pending {
    target: PathBuf,
    /// The option and path, for messages.
    shown: String,
    /// None: written in place (a device or a pipe).
    temporary: Option<Temporary>,
}

impl Pending {
    /// Nothing to put in place: standard output.
    pub fn in_place() -> Pending {
        Pending {
            target: PathBuf::new(),
            shown: String::new(),
            temporary: None,
        }
    }

    /// The file to write to while the run lasts (reopened by commands that keep many outputs).
    pub fn writing_to(&self) -> &Path {
        self.temporary.as_ref().map_or(&self.target, |t| &t.path)
    }

    /// Puts the written file in place when the run succeeded (`failure` is `None`; call after
    /// the last write was flushed). Otherwise the old file is kept, and a line on standard
    /// error says so and why.
    pub fn settle(self, failure: Option<&str>) -> io::Result<()> {
        let Some(temporary) = self.temporary else {
            return Ok(());
        };
        if let Some(why) = failure {
            drop(temporary);
            eprintln!(
                "pdnkit: {}: not written ({why}); the file is as it was",
                escape_controls(&self.shown)
            );
            return Ok(());
        }
        temporary
            .rename_to(&self.target)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", self.shown)))
    }
}

/// A temporary file beside an output, removed when dropped and on a terminating signal.
struct Temporary {
    path: PathBuf,
}

/// The temporary files that exist now, for the signal handler.
static TEMPORARIES: LazyLock<Mutex<HashSet<PathBuf>>> = LazyLock::new(Default::default);
static HANDLER: Once = Once::new();

fn temporaries() -> MutexGuard<'static, HashSet<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner())
}

impl Temporary {
    /// Creates `.NAME.pdnkit-PID-N.partial` beside `target`.
    fn beside(target: &Path) -> io::Result<(File, Temporary)> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        HANDLER.call_once(remove_temporaries_on_signals);
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Room for the rest of the name within the 255 bytes most file systems allow.
        let mut end = name.len().min(160);
        while !name.is_char_boundary(end) {
            end -= 1;
        }
        loop {
            let count = COUNT.fetch_add(1, Ordering::Relaxed);
            let path = dir.join(format!(
                ".{}.pdnkit-{}-{count}.partial",
                &name[..end],
                std::process::id()
            ));
            // Registered before it exists: a signal between the two finds nothing to remove.
            let mut registry = temporaries();
            registry.insert(path.clone());
            let mut options = OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            {
                // As a plain create would: the umask applies.
                use std::os::unix::fs::OpenOptionsExt;
                options.mode(0o666);
            }
            match options.open(&path) {
                Ok(file) => return Ok((file, Temporary { path })),
                Err(e) => {
                    registry.remove(&path);
                    if e.kind() != io::ErrorKind::AlreadyExists {
                        return Err(e);
                    }
                }
            }
        }
    }

    /// Renames the file over `target`, as one step for the signal handler.
    fn rename_to(self, target: &Path) -> io::Result<()> {
        let mut registry = temporaries();
        fs::rename(&self.path, target)?;
        registry.remove(&self.path);
        drop(registry);
        std::mem::forget(self);
        Ok(())
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        let mut registry = temporaries();
        let _ = fs::remove_file(&self.path);
        registry.remove(&self.path);
    }
}

/// On SIGINT, SIGTERM or SIGHUP: removes the temporary files, then ends the process as the
/// signal would have (the shell sees the same status).
fn remove_temporaries_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        let spawned = std::thread::Builder::new()
            .name("signals".to_string())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    // Held to the end: no temporary is renamed or created after this.
                    let registry = temporaries();
                    for path in registry.iter() {
                        let _ = fs::remove_file(path);
                    }
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
        drop(spawned);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file is replaced whole, keeping its mode; one that no longer holds the bytes the edits
    /// were made to is left as it is, and no temporary file stays.
    #[test]
    fn a_file_is_rewritten_only_while_it_holds_what_was_read() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("a.pdn");
        fs::write(&path, "[Date \"2004-05-01\"]\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        }
        rewrite(
            &path,
            b"[Date \"2004-05-01\"]\n",
            b"[Date \"2004.05.01\"]\n",
        )
        .expect("written");
        assert_eq!(fs::read(&path).unwrap(), b"[Date \"2004.05.01\"]\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
        }
        // Changed on disk since it was read: refused.
        let error = rewrite(&path, b"[Date \"2004-05-01\"]\n", b"anything").unwrap_err();
        assert!(error.to_string().contains("changed on disk"), "{error}");
        assert_eq!(fs::read(&path).unwrap(), b"[Date \"2004.05.01\"]\n");
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary left"
        );
        // Not a regular file: refused.
        assert!(rewrite(dir.path(), b"", b"x").is_err());
    }
}
