//! `check --fix` and `--diff`: each judged game's fixes planned ([`pdnkit::fix`]), its fixed
//! findings taken out of the report, and each file edited at its end (or its diff written).
//!
//! What is refused, a line each on standard error with the reason: standard input (no file to
//! edit), gzip (the edits are to the text inside; writing it back would recompress it), UTF-16
//! (its spans count the UTF-8 it is read as), a file that changed on disk after it was read, a
//! file that is not a regular one. A file in a Windows code page is edited: every edit is
//! ASCII, so its bytes stay in its character set.

use super::files;
use pdnkit::check::GameReport;
use pdnkit::check::run::Fixer;
use pdnkit::finding::{Code, Level};
use pdnkit::fix::{self, ByteEdit};
use pdnkit::pipeline::paths::KeptBytes;
use pdnkit::report::human::{counted, escape_controls, write_by_code};
use pdnkit::report::{FileInfo, FixSummary, NotFixed};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;

/// Where the fixes go.
pub enum Mode<'a> {
    /// Written over each file.
    Write,
    /// Written as a unified diff to this output; no file is touched.
    Diff(Box<dyn Write + 'a>),
}

/// The fixes of the file being read.
struct FilePlan {
    file: usize,
    edits: Vec<ByteEdit>,
    games: u64,
    by_code: BTreeMap<Code, u64>,
    /// Why the file is not edited, and the findings that leaves.
    refused: Option<String>,
    refused_findings: u64,
}

/// The run's fixer.
pub struct FileFixer<'a> {
    files: &'a [FileInfo],
    /// Each input's file (none for standard input).
    paths: Vec<Option<PathBuf>>,
    kept: KeptBytes,
    mode: Mode<'a>,
    /// `--fix-games-with-errors`.
    with_errors: bool,
    /// The least severe level fixed: the level the report lists (`--level`, `--notes`).
    min_level: Level,
    current: Option<FilePlan>,
    summary: FixSummary,
    /// Files whose edits could not be written (the run fails).
    pub failed: u64,
}

impl<'a> FileFixer<'a> {
    pub fn new(
        files: &'a [FileInfo],
        paths: Vec<Option<PathBuf>>,
        kept: KeptBytes,
        mode: Mode<'a>,
        with_errors: bool,
        min_level: Level,
    ) -> Self {
        let diff_only = matches!(mode, Mode::Diff(_));
        FileFixer {
            files,
            paths,
            kept,
            mode,
            with_errors,
            min_level,
            current: None,
            summary: FixSummary {
                diff_only,
                ..FixSummary::default()
            },
            failed: 0,
        }
    }

    /// Why input `file` (with `game` in it) cannot be edited in place, if it cannot.
    fn refusal(&self, file: usize, game: &GameReport) -> Option<String> {
        if self.paths[file].is_none() {
            return Some(
                "standard input has no file to edit: fix a file, or use `pdnkit convert --fix`"
                    .into(),
            );
        }
        let bytes = self.kept.get(file)?;
        if bytes.starts_with(&[0x1f, 0x8b]) {
            return Some("gzip-compressed: the fixes are to the text inside it; decompress it (gunzip), fix it, and compress it again".into());
        }
        if game.encoding.is_utf16() {
            return Some("UTF-16: it is read as UTF-8, and edits are made to the bytes of the file itself; convert it to UTF-8 first".into());
        }
        None
    }

    fn plan_of(&mut self, file: usize) -> &mut FilePlan {
        if self.current.as_ref().is_none_or(|p| p.file != file) {
            self.current = Some(FilePlan {
                file,
                edits: Vec::new(),
                games: 0,
                by_code: BTreeMap::new(),
                refused: None,
                refused_findings: 0,
            });
        }
        self.current.as_mut().expect("just made")
    }

    fn not_fixed(&mut self, file: usize, findings: u64, reason: String) {
        self.summary.not_fixed.push(NotFixed {
            file: self.files[file].name.clone(),
            findings,
            reason,
        });
    }

    /// Makes the edits of `plan` to the file's bytes, or writes their diff.
    fn finish_file(&mut self, plan: FilePlan, bytes: &[u8]) -> io::Result<()> {
        let findings: u64 = plan.by_code.values().sum();
        let mut edits = plan.edits;
        edits.sort_by_key(|e| (e.span.offset, e.span.len));
        edits.dedup();
        let new = match fix::apply(bytes, &edits) {
            Ok(new) => new,
            Err(stale) => {
                self.failed += 1;
                let reason = format!(
                    "the edits at offset {} overlap, or its bytes there are not the ones checked",
                    stale.offset
                );
                self.not_fixed(plan.file, findings, reason);
                return Ok(());
            }
        };
        if new == bytes {
            return Ok(());
        }
        let name = &self.files[plan.file].name;
        match &mut self.mode {
            Mode::Diff(out) => {
                fix::diff::write_unified(out, name, bytes, &new, &edits)?;
            }
            Mode::Write => {
                let path = self.paths[plan.file].as_deref().expect("refused without");
                if let Err(e) = files::rewrite(path, bytes, &new) {
                    self.failed += 1;
                    self.not_fixed(plan.file, findings, format!("not written: {e}"));
                    return Ok(());
                }
            }
        }
        let summary = &mut self.summary;
        summary.files += 1;
        summary.games += plan.games;
        summary.findings += findings;
        for (code, n) in plan.by_code {
            *summary.by_code.entry(code.as_str()).or_default() += n;
        }
        Ok(())
    }

    /// Flushes the diff's output.
    pub fn flush(&mut self) -> io::Result<()> {
        match &mut self.mode {
            Mode::Diff(out) => out.flush(),
            Mode::Write => Ok(()),
        }
    }
}

impl Fixer for FileFixer<'_> {
    fn game(&mut self, file: usize, game: &mut GameReport) {
        let min_level = self.min_level;
        let wanted = |f: &pdnkit::finding::Finding| f.level >= min_level;
        if !fix::may_fix(game, wanted) {
            return;
        }
        if let Some(reason) = self.refusal(file, game) {
            let count = game
                .findings
                .iter()
                .filter(|f| f.code.edit() != pdnkit::finding::Edit::No && wanted(f))
                .count() as u64;
            let plan = self.plan_of(file);
            plan.refused.get_or_insert(reason);
            plan.refused_findings += count;
            return;
        }
        let fixes = fix::plan(game, wanted);
        if fixes.is_empty() {
            return;
        }
        if !self.with_errors && fix::held_back(game, &fixes) {
            self.summary.held_back += fixes.len() as u64;
            self.summary.held_back_games += 1;
            return;
        }
        let plan = self.plan_of(file);
        plan.games += 1;
        let mut fixed = vec![false; game.findings.len()];
        for f in fixes {
            fixed[f.finding] = true;
            *plan.by_code.entry(f.code).or_default() += 1;
            plan.edits.extend(f.edits);
        }
        let mut k = 0;
        game.findings.retain(|_| {
            k += 1;
            !fixed[k - 1]
        });
    }

    fn file_end(&mut self, file: usize, error: Option<&str>) -> io::Result<()> {
        let bytes = self.kept.take(file);
        let Some(plan) = self.current.take_if(|p| p.file == file) else {
            return Ok(());
        };
        if let Some(reason) = plan.refused {
            self.not_fixed(file, plan.refused_findings, reason);
            return Ok(());
        }
        let findings = plan.by_code.values().sum();
        match (error, bytes) {
            (Some(error), _) => {
                let reason = format!("it could not be read whole ({error})");
                self.not_fixed(file, findings, reason);
                Ok(())
            }
            (None, None) => Ok(()),
            (None, Some(bytes)) => self.finish_file(plan, &bytes),
        }
    }

    fn summary(&self) -> FixSummary {
        self.summary.clone()
    }
}

/// What the run changed, on standard error: the files, games and findings fixed (by code), the
/// fixes held back and why, the files not fixed and why.
pub fn say_summary(summary: &FixSummary) {
    let mut out = io::stderr().lock();
    let verb = if summary.diff_only {
        "the diff fixes"
    } else {
        "fixed"
    };
    let _ = if summary.findings == 0 {
        writeln!(
            out,
            "pdnkit: {}",
            if summary.diff_only {
                "nothing to fix: the diff is empty"
            } else {
                "nothing fixed: no file changed"
            }
        )
    } else {
        writeln!(
            out,
            "pdnkit: {verb} {} in {} of {}:",
            counted(summary.findings, "finding"),
            counted(summary.games, "game"),
            counted(summary.files, "file"),
        )
    };
    let _ = write_by_code(&mut out, &summary.by_code);
    if summary.held_back > 0 {
        let _ = writeln!(
            out,
            "pdnkit: held back {} {} in {} with an error the fixes leave (--fix-games-with-errors makes them)",
            summary.held_back,
            if summary.held_back == 1 {
                "fix"
            } else {
                "fixes"
            },
            counted(summary.held_back_games, "game"),
        );
    }
    for file in &summary.not_fixed {
        let _ = writeln!(
            out,
            "pdnkit: {}: not fixed ({}): {}",
            escape_controls(&file.file),
            counted(file.findings, "finding"),
            file.reason
        );
    }
}
