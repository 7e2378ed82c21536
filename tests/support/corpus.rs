//! The public corpus beside the checkout (`../shared/corpus`). A test that needs it wholly is
//! `#[cfg_attr(not(corpus), ignore = "...")]` (`build.rs` sets `cfg(corpus)`), so a clone
//! without it lists the test as ignored, not as passing; a test that reads it in part (every
//! fixture, and the corpus too when present) says which part it skipped. `use crate::support::corpus;`.

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
