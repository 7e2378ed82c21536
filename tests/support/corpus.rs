//! The public corpus beside the checkout (`../shared/corpus`): tests that read it skip, saying
//! why, when it is absent (a user's fresh clone). Included with
//! `#[path = "support/corpus.rs"] mod corpus;`.

use std::path::{Path, PathBuf};

/// `relative` inside the corpus, or `None` (after printing the skip reason) when it is absent.
pub fn corpus(relative: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(relative);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("skipped: {} not found", path.display());
        None
    }
}
