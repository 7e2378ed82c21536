//! The paths of a command line as inputs ([`pdnkit::pipeline::paths`]), walked with the same
//! options by every command that reads games ([`WalkArgs`]); what the walks left out is counted
//! on standard error, and named with `--verbose`.

use clap::Args;
pub use pdnkit::pipeline::paths::PathInput as Input;
use pdnkit::pipeline::walk::{SkipReason, Skipped, WalkOptions};
use pdnkit::report::human::escape_controls;
use std::io;
use std::path::{Path, PathBuf};

/// How directories are walked, the same for every command that reads games. Files named on the
/// command line are always read.
#[derive(Args, Clone, Default)]
pub struct WalkArgs {
    /// In directories, leave out the files and directories matching GLOB (gitignore syntax,
    /// relative to the directory given; may be repeated).
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// In directories, also read what .gitignore, .ignore and git's exclude files leave out.
    #[arg(long)]
    pub no_ignore: bool,
    /// In directories, also read hidden files and directories (names starting with `.`).
    #[arg(long)]
    pub hidden: bool,
    /// Name each file or directory a directory walk left out, and why (otherwise counted).
    #[arg(long)]
    pub verbose: bool,
}

impl WalkArgs {
    fn options(&self) -> WalkOptions {
        WalkOptions {
            exclude: self.exclude.clone(),
            no_ignore: self.no_ignore,
            hidden: self.hidden,
        }
    }
}

/// Expands the paths, saying on standard error what the directory walks left out. A bad
/// `--exclude` glob is a usage error.
pub fn expand(paths: &[PathBuf], walk: &WalkArgs) -> io::Result<Vec<Input>> {
    let expanded = pdnkit::pipeline::paths::expand(paths, &walk.options())
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    for note in &expanded.notes {
        eprintln!("pdnkit: note: {}", escape_controls(note));
    }
    for (dir, skipped) in &expanded.skipped {
        if walk.verbose {
            for entry in skipped {
                eprintln!(
                    "pdnkit: {}: skipped: {}",
                    shown(&entry.path, entry.is_dir),
                    entry.reason.describe()
                );
            }
        }
        eprintln!(
            "pdnkit: {}: {}",
            shown(dir, true),
            summary(skipped, walk.verbose)
        );
    }
    Ok(expanded.inputs)
}

/// A path as said on standard error: controls escaped, a directory ending in `/`.
fn shown(path: &Path, is_dir: bool) -> String {
    let text = escape_controls(&path.display().to_string()).into_owned();
    if is_dir && !text.ends_with('/') {
        format!("{text}/")
    } else {
        text
    }
}

/// `skipped 3 files that hold no PDN or FEN, 2 hidden and 1 ignored (--verbose names them)`.
fn summary(skipped: &[Skipped], verbose: bool) -> String {
    let count = |reason| skipped.iter().filter(|s| s.reason == reason).count();
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut parts = Vec::new();
    let no_records = count(SkipReason::NoRecords);
    if no_records > 0 {
        parts.push(plural(
            no_records,
            "file that holds no PDN or FEN",
            "files that hold no PDN or FEN",
        ));
    }
    for (reason, what) in [
        (SkipReason::Hidden, "hidden"),
        (SkipReason::Ignored, "ignored by .gitignore or .ignore"),
        (SkipReason::Excluded, "matching --exclude"),
    ] {
        let n = count(reason);
        if n > 0 {
            parts.push(format!("{n} {what}"));
        }
    }
    let list = match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    let hint = if verbose {
        ""
    } else {
        " (--verbose names them)"
    };
    format!("skipped {list}{hint}")
}
