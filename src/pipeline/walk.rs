//! Walking a directory for game files as ripgrep walks for text (the `ignore` crate): what
//! `.gitignore` (inside a git repository), `.ignore` and git's exclude files leave out is not
//! read, nor are hidden files and directories (names starting with `.`), nor what matches an
//! `--exclude` glob. Every entry left out is kept with its reason, so a run can count them and
//! `--verbose` can name them. A file named on the command line is not walked: it is always read.

use crate::reader;
use ignore::overrides::{Override, OverrideBuilder};
use std::collections::HashSet;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// How a directory is walked: the options `--exclude`, `--no-ignore` and `--hidden` set.
#[derive(Debug, Clone, Default)]
pub struct WalkOptions {
    /// Globs (gitignore syntax, relative to the directory walked) of entries to leave out.
    pub exclude: Vec<String>,
    /// Read what ignore files leave out.
    pub no_ignore: bool,
    /// Read hidden files and directories.
    pub hidden: bool,
}

impl WalkOptions {
    /// Checks the `--exclude` globs, so that a bad one is a usage error before anything is read.
    pub fn validate(&self) -> Result<(), String> {
        self.overrides(Path::new(".")).map(|_| ())
    }

    fn overrides(&self, root: &Path) -> Result<Override, String> {
        let mut builder = OverrideBuilder::new(root);
        for glob in &self.exclude {
            builder
                .add(&format!("!{glob}"))
                .map_err(|e| format!("--exclude {glob}: {e}"))?;
        }
        builder.build().map_err(|e| format!("--exclude: {e}"))
    }
}

/// Why an entry of a directory was not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkipReason {
    /// A file that does not start like game records.
    NoRecords,
    /// A hidden file or directory (`--hidden` reads it).
    Hidden,
    /// Left out by `.gitignore`, `.ignore` or git's exclude files (`--no-ignore` reads it).
    Ignored,
    /// Matched by an `--exclude` glob.
    Excluded,
}

impl SkipReason {
    /// Why, for a line naming the entry.
    pub fn describe(self) -> &'static str {
        match self {
            SkipReason::NoRecords => "holds no PDN or FEN",
            SkipReason::Hidden => "hidden (--hidden reads it)",
            SkipReason::Ignored => "ignored by .gitignore or .ignore (--no-ignore reads it)",
            SkipReason::Excluded => "matches --exclude",
        }
    }
}

/// An entry of a walked directory that was not read. A directory left out counts once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub path: PathBuf,
    pub is_dir: bool,
    pub reason: SkipReason,
}

/// What one walk found.
#[derive(Default)]
pub struct Walked {
    /// The game files, in sorted order.
    pub files: Vec<PathBuf>,
    /// Paths the walk could not read, with the error (reported when opened).
    pub unreadable: Vec<(PathBuf, io::Error)>,
    pub skipped: Vec<Skipped>,
    /// Other things said about the walk (a link loop, a FIFO, a bad ignore file).
    pub notes: Vec<String>,
}

/// Walks `dir`: regular files named `*.pdn`, `*.pdn.gz` or `*.fen`, or of another name whose
/// content starts like records ([`holds_records`]), in sorted order. Symbolic links are
/// followed, but a link back to a directory above it (a loop) is skipped with a note; so are
/// files of those names that are not regular files (a FIFO would block the run).
pub fn walk(dir: &Path, options: &WalkOptions) -> Result<Walked, String> {
    let overrides = options.overrides(dir)?;
    let walker = ignore::WalkBuilder::new(dir)
        .follow_links(true)
        .hidden(!options.hidden)
        .ignore(!options.no_ignore)
        .git_ignore(!options.no_ignore)
        .git_exclude(!options.no_ignore)
        .git_global(!options.no_ignore)
        .parents(!options.no_ignore)
        .overrides(overrides.clone())
        .sort_by_file_name(|a, b| a.cmp(b))
        .build();
    let mut walked = Walked::default();
    // Every path the walker gave, and every directory it went into: what it left out of those
    // directories is what the ignore rules, hidden names or --exclude left out.
    let mut seen = HashSet::new();
    let mut dirs = Vec::new();
    for entry in walker {
        match entry {
            Ok(entry) => {
                let path = entry.path().to_path_buf();
                seen.insert(path.clone());
                let Some(kind) = entry.file_type() else {
                    continue;
                };
                let named = has_game_name(&path);
                if kind.is_dir() {
                    dirs.push(path);
                } else if kind.is_file() {
                    if named || holds_records(&path) {
                        walked.files.push(path);
                    } else {
                        walked.skipped.push(Skipped {
                            path,
                            is_dir: false,
                            reason: SkipReason::NoRecords,
                        });
                    }
                } else if named {
                    walked
                        .notes
                        .push(format!("{}: skipped: not a regular file", path.display()));
                }
            }
            Err(error) => walk_error(dir, error, &mut walked, &mut seen),
        }
    }
    for parent in &dirs {
        left_out(parent, &seen, &overrides, options, &mut walked.skipped);
    }
    walked.skipped.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(walked)
}

/// An error of the walk: a link loop or an ignore file that does not parse is a note; a path
/// that cannot be read is kept, to be reported when the run opens it.
fn walk_error(dir: &Path, error: ignore::Error, walked: &mut Walked, seen: &mut HashSet<PathBuf>) {
    let mut path = None;
    let mut inner = &error;
    loop {
        match inner {
            ignore::Error::WithPath { path: at, err } => {
                path.get_or_insert_with(|| at.clone());
                inner = err;
            }
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                inner = err;
            }
            _ => break,
        }
    }
    match inner {
        ignore::Error::Loop { ancestor, child } => {
            seen.insert(child.clone());
            walked.notes.push(format!(
                "{}: skipped: a link back to {} (a loop)",
                child.display(),
                ancestor.display()
            ));
        }
        ignore::Error::Io(io_error) => {
            let path = path.unwrap_or_else(|| dir.to_path_buf());
            seen.insert(path.clone());
            walked
                .unreadable
                .push((path, io::Error::new(io_error.kind(), io_error.to_string())));
        }
        // A line of an ignore file that is not a glob: the rest of the file still applies.
        _ => walked.notes.push(format!("ignore file: {error}")),
    }
}

/// The entries of `parent` the walker did not give, with why.
fn left_out(
    parent: &Path,
    seen: &HashSet<PathBuf>,
    overrides: &Override,
    options: &WalkOptions,
    skipped: &mut Vec<Skipped>,
) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if seen.contains(&path) {
            continue;
        }
        let is_dir = path.is_dir();
        let reason = if overrides.matched(&path, is_dir).is_ignore() {
            SkipReason::Excluded
        } else if !options.hidden && entry.file_name().as_encoded_bytes().starts_with(b".") {
            SkipReason::Hidden
        } else {
            SkipReason::Ignored
        };
        skipped.push(Skipped {
            path,
            is_dir,
            reason,
        });
    }
}

/// Whether a file of another name starts like game records: its first line with text (of the
/// first 4 KiB, decompressed when compressed) is a tag (`[Event "..."]`) or a FEN.
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

/// `*.pdn`, `*.fen`, or either compressed (`*.pdn.gz`, `*.pdn.zst`, ...).
fn has_game_name(path: &Path) -> bool {
    let stem = match path.extension() {
        Some(e)
            if reader::COMPRESSED_EXTENSIONS
                .iter()
                .any(|c| e.eq_ignore_ascii_case(c)) =>
        {
            path.file_stem().map(Path::new)
        }
        _ => Some(path),
    };
    stem.and_then(Path::extension)
        .is_some_and(|e| e.eq_ignore_ascii_case("pdn") || e.eq_ignore_ascii_case("fen"))
}
