//! Turning command-line paths into inputs: files, directories (recursively, `*.pdn` and
//! `*.pdn.gz`, in sorted order so output is deterministic) and `-` for standard input. Gzip is
//! recognised by its content, whatever the name.

use pdnkit::reader;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

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
            walk(path, &mut found)?;
            found.sort();
            inputs.extend(found.into_iter().map(Input::File));
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

fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    let entries = fs::read_dir(dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, found)?;
        } else if is_pdn(&path) {
            found.push(path);
        }
    }
    Ok(())
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
