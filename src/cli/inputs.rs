//! The paths of a command line as inputs ([`pdnkit::pipeline::paths`]), the files skipped said
//! on standard error.

pub use pdnkit::pipeline::paths::PathInput as Input;
use std::path::PathBuf;

/// Expands the paths, saying which files were skipped.
pub fn expand(paths: &[PathBuf]) -> Vec<Input> {
    let expanded = pdnkit::pipeline::paths::expand(paths);
    for note in expanded.notes {
        eprintln!("pdnkit: {note}");
    }
    expanded.inputs
}
