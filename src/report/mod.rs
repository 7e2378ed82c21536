//! Reports of checked games, one writer per format: [`human`] (compiler-style, for people),
//! [`concise`] (one line a finding, for grep and editors),
//! [`json`] (one document, or JSON Lines for pipelines, in the [`envelope`] every JSON output shares), [`sarif`] (code-scanning dashboards),
//! [`junit`] (CI test reports), [`github`] (workflow-command annotations) and [`html`] (one
//! self-contained page with a board per finding). The check pipeline drives a [`ReportWriter`] with
//! each file and game in input order.

pub mod concise;
pub mod envelope;
pub mod games;
pub mod github;
pub mod html;
pub mod human;
pub mod json;
pub mod junit;
pub mod kept;
pub mod per_code;
pub mod sarif;
pub mod xml;

use crate::check::GameReport;
use crate::finding::Finding;
use crate::finding::Level;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io;
use std::path::PathBuf;

/// A checked file as reports name it.
#[derive(Debug, Clone)]
pub struct FileInfo {
    /// As given on the command line (`<stdin>` for standard input).
    pub name: String,
    /// The file (none for standard input and gzip). Reports show lines from their games' own
    /// text; only a place outside it is read from here ([`human::source_line`]).
    pub path: Option<PathBuf>,
}

/// Counts over a whole run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Totals {
    pub files: u64,
    pub games: u64,
    pub games_with_errors: u64,
    /// Moves replayed, variations included.
    pub moves: u64,
    pub bytes: u64,
    pub errors: u64,
    pub warnings: u64,
    pub notes: u64,
    /// Findings by code (errors and warnings).
    pub by_code: BTreeMap<&'static str, u64>,
    /// Files that could not be opened or read to the end.
    pub unreadable_files: u64,
    /// Findings left out of the report by the policy (`--allow`, `pdnkit.toml`).
    pub allowed: u64,
    /// Findings left out because the baseline (`--baseline`) knows them.
    pub baselined: u64,
    /// Findings of the baseline that did not occur in this run.
    pub baseline_unmatched: u64,
    /// Games whose moves or setup were not checked at all (`W-NOT-REPLAYED`).
    pub not_replayed: u64,
    /// The same games by variant name (`unknown` when the variant is not known).
    pub not_replayed_by_variant: BTreeMap<String, u64>,
    /// What `check --fix` changed (absent without `--fix`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fixes: Option<FixSummary>,
    /// Wall-clock time; shown to people, left out of JSON so output is the same on every run.
    #[serde(skip)]
    pub seconds: f64,
}

/// What `check --fix` changed in a run (or, with `--diff`, would change).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct FixSummary {
    /// True with `--diff`: nothing was written, the counts say what the diff changes.
    pub diff_only: bool,
    /// Files changed, games changed in them, and findings fixed (a habit is one finding).
    pub files: u64,
    pub games: u64,
    pub findings: u64,
    /// Findings fixed, by code.
    pub by_code: BTreeMap<&'static str, u64>,
    /// Findings that had a fix left unmade in games with an error it does not fix (made with
    /// `--fix-games-with-errors`), and those games.
    pub held_back: u64,
    pub held_back_games: u64,
    /// Files whose fixes were not made, and why (standard input, gzip, UTF-16, a file that
    /// changed on disk, a write that failed).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_fixed: Vec<NotFixed>,
}

/// A file whose fixes were not made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NotFixed {
    pub file: String,
    /// Findings it would have fixed.
    pub findings: u64,
    pub reason: String,
}

impl Totals {
    /// The counts every command's summary starts with.
    pub fn counts(&self) -> (human::RunCounts, human::FindingCounts) {
        let run = human::RunCounts {
            files: self.files,
            games: self.games,
            moves: self.moves,
            bytes: self.bytes,
            unreadable: self.unreadable_files,
            elapsed: std::time::Duration::from_secs_f64(self.seconds),
        };
        let findings = human::FindingCounts {
            errors: self.errors,
            games_with_errors: self.games_with_errors,
            warnings: self.warnings,
            unreadable_files: self.unreadable_files,
        };
        (run, findings)
    }

    pub fn add_game(&mut self, game: &GameReport) {
        self.games += 1;
        self.moves += game.moves_replayed;
        let mut errors = false;
        for f in &game.findings {
            match f.level {
                Level::Error => {
                    self.errors += 1;
                    errors = true;
                }
                Level::Warning => self.warnings += 1,
                Level::Note => self.notes += 1,
            }
            if f.level != Level::Note {
                *self.by_code.entry(f.code.as_str()).or_default() += 1;
            }
        }
        self.games_with_errors += u64::from(errors);
        if game.not_replayed.is_some() {
            self.not_replayed += 1;
            let variant = game.variant.map_or("unknown", |v| v.name());
            *self
                .not_replayed_by_variant
                .entry(variant.to_string())
                .or_default() += 1;
        }
    }

    /// `12 games not replayed (frisian 10, unknown 2)`, or `None` when every game was.
    pub fn not_replayed_line(&self) -> Option<String> {
        if self.not_replayed == 0 {
            return None;
        }
        let by_variant: Vec<String> = self
            .not_replayed_by_variant
            .iter()
            .map(|(variant, n)| format!("{variant} {n}"))
            .collect();
        Some(format!(
            "{} game{} not replayed ({}): {} not checked",
            self.not_replayed,
            if self.not_replayed == 1 { "" } else { "s" },
            by_variant.join(", "),
            // (A position without moves is such a game too: its setup is what goes unchecked.)
            if self.not_replayed == 1 {
                "its moves or setup are"
            } else {
                "their moves or setups are"
            },
        ))
    }
}

/// Which findings the people-facing formats list (JSON always has them all).
#[derive(Debug, Clone, Copy)]
pub struct Show {
    /// The least severe level listed: `Warning` by default, `Note` to see what the tool decided
    /// (variant inferred, encoding used, ...), `Error` for the broken records only.
    pub min_level: Level,
    /// Stop listing after this many findings (the totals still count every one).
    pub max_findings: Option<u64>,
    /// Nothing listed: only the summary (`-q`).
    pub quiet: bool,
    /// The summary written (not under `-qq`).
    pub summary: bool,
    /// Show at most this many findings of each code in full, and count the rest (human only:
    /// the other formats are read by tools, which want every finding).
    pub max_per_code: Option<u64>,
}

impl Show {
    /// Whether `finding` is of a kind listed at all (the limits aside).
    pub fn wants(&self, finding: &Finding) -> bool {
        !self.quiet && finding.level >= self.min_level
    }

    /// Whether to list `finding`, given how many were listed already.
    pub fn lists(&self, finding: &Finding, listed: u64) -> bool {
        self.wants(finding) && self.max_findings.is_none_or(|max| listed < max)
    }
}

/// What a writer listed, and what `--max-findings` left out of the listing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Listing {
    pub listed: u64,
    /// Findings at a listed level that came after the limit.
    pub left_out: u64,
}

impl Listing {
    /// Whether to list `finding` (counting it as listed or left out).
    pub fn admit(&mut self, show: &Show, finding: &Finding) -> bool {
        if !show.wants(finding) {
            return false;
        }
        if show.lists(finding, self.listed) {
            self.listed += 1;
            true
        } else {
            self.left_out += 1;
            false
        }
    }

    /// `(12 findings not listed: --max-findings 50)`, when the limit left some out.
    pub fn left_out_line(&self, show: &Show) -> Option<String> {
        let max = show.max_findings?;
        (self.left_out > 0).then(|| {
            format!(
                "({} finding{} not listed: --max-findings {max})",
                self.left_out,
                if self.left_out == 1 { "" } else { "s" }
            )
        })
    }
}

/// A report format.
pub trait ReportWriter {
    fn file_start(&mut self, _file: &FileInfo) -> io::Result<()> {
        Ok(())
    }
    fn game(&mut self, file: &FileInfo, game: &GameReport) -> io::Result<()>;
    /// `error` when the file could not be opened or read to its end.
    fn file_end(&mut self, _file: &FileInfo, _error: Option<&str>) -> io::Result<()> {
        Ok(())
    }
    fn finish(&mut self, totals: &Totals) -> io::Result<()>;
}
