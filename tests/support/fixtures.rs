//! The fixture archives, for the reader tests (`use crate::support::fixtures;`).

use std::path::{Path, PathBuf};

/// `fixtures/` in the crate.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Every `*.pdn` below `fixtures/`, sorted.
pub fn all() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("fixtures dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "pdn") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&dir(), &mut out);
    out.sort();
    out
}
