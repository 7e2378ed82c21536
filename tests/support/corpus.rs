//! The public corpus beside the checkout (`../shared/corpus`): tests that read it skip, saying
//! why, when it is absent (a user's fresh clone). Included with
//! `#[path = "support/corpus.rs"] mod corpus;`.
#![allow(dead_code)] // each test file uses part of it

use std::io::Write;
use std::path::{Path, PathBuf};

/// Says that a test skipped part or all of its work, where `cargo test` shows it: the harness
/// captures `eprintln!` of a passing test, not writes to standard error itself.
pub fn skip(reason: std::fmt::Arguments) {
    let _ = writeln!(std::io::stderr(), "skipped: {reason}");
}

/// `relative` inside the corpus, or `None` (after printing the skip reason) when it is absent.
pub fn corpus(relative: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(relative);
    if path.exists() {
        Some(path)
    } else {
        skip(format_args!("{} not found", path.display()));
        None
    }
}
