//! SARIF 2.1.0, the format code-scanning dashboards read. Results are held until the end, to
//! keep the most severe when there are more than a run may carry; the run's rule list (every
//! code that occurred, described from [`catalogue`]) is written after them, which JSON's
//! unordered objects allow. Files are named by URIs relative to the current directory
//! (`%SRCROOT%`, the checkout in CI); standard input is described, not named as a file.

use super::kept::{Cap, Kept};
use super::{FileInfo, Listing, ReportWriter, Show, Totals};
use crate::check::{GameReport, catalogue};
use crate::finding::Level;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Results a run may have: GitHub's "SARIF support for code scanning" (and "SARIF results exceed
/// limit") rejects a run with more than 25,000.
pub const DEFAULT_MAX_RESULTS: usize = 25_000;

const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The name the command line gives standard input (`cli::inputs`).
const STDIN_NAME: &str = "<stdin>";

/// The base relative artifact URIs resolve against: the directory pdnkit ran in.
const SRCROOT: &str = "%SRCROOT%";

pub struct SarifWriter<W> {
    out: W,
    show: Show,
    listing: Listing,
    /// Codes seen, with their level, for the rule list.
    rules: BTreeMap<&'static str, Level>,
    /// Where relative paths start, to write absolute ones under it as relative URIs.
    current_dir: Option<PathBuf>,
    /// The results, serialized, within `--max-results`.
    results: Kept<String>,
    /// The repository's web address, for `helpUri` and `informationUri`: `--sarif-repository`,
    /// else the one `Cargo.toml` names, else none.
    repository: Option<String>,
}

impl<W: Write> SarifWriter<W> {
    pub fn new(mut out: W, show: Show, cap: Cap) -> io::Result<Self> {
        write!(
            out,
            "{{\"$schema\":{},\"version\":\"2.1.0\",\"runs\":[{{\"results\":[",
            json!(SCHEMA_URI)
        )?;
        Ok(SarifWriter {
            out,
            show,
            listing: Listing::default(),
            rules: BTreeMap::new(),
            current_dir: std::env::current_dir().ok(),
            results: Kept::new(cap),
            repository: absolute_help_uri(REPOSITORY, "").map(|_| REPOSITORY.to_string()),
        })
    }

    /// Links the rules and the driver to `repository` (an `http(s)://` web address, checked by
    /// [`repository_url`]) rather than the one `Cargo.toml` names.
    pub fn with_repository(mut self, repository: Option<String>) -> Self {
        if repository.is_some() {
            self.repository = repository;
        }
        self
    }
}

/// `--sarif-repository URL`: a web address SARIF can link to (`helpUri` must be absolute).
pub fn repository_url(text: &str) -> Result<String, String> {
    match absolute_help_uri(text, "") {
        Some(_) if !text.chars().any(|c| c.is_whitespace() || c.is_control()) => {
            Ok(text.trim_end_matches('/').to_string())
        }
        _ => Err(format!(
            "`{}` is not a web address (https://... or http://...)",
            text.escape_debug()
        )),
    }
}

fn level(level: Level) -> &'static str {
    match level {
        Level::Error => "error",
        Level::Warning => "warning",
        Level::Note => "note",
    }
}

/// The `artifactLocation` of a file as the command line named it: a URI relative to the
/// current directory where it can be one, else an absolute `file:` URI; standard input has no
/// URI.
fn artifact_location(name: &str, current_dir: Option<&Path>) -> Value {
    if name == STDIN_NAME {
        return json!({"description": {"text": "standard input"}});
    }
    let path = Path::new(name);
    if !path.is_absolute() {
        return json!({"uri": relative_uri(name), "uriBaseId": SRCROOT});
    }
    match current_dir.and_then(|dir| path.strip_prefix(dir).ok()) {
        Some(relative) => {
            json!({"uri": relative_uri(&relative.to_string_lossy()), "uriBaseId": SRCROOT})
        }
        None => json!({"uri": file_uri(name)}),
    }
}

/// A relative URI reference for a relative path: forward slashes, no `./` segments, every
/// byte outside RFC 3986's unreserved characters and `/` percent-encoded (so a `:` cannot read
/// as a scheme, nor `#` or `?` end the path).
fn relative_uri(path: &str) -> String {
    let slashed = path.replace('\\', "/");
    let segments: Vec<&str> = slashed
        .split('/')
        .filter(|s| *s != "." && !s.is_empty())
        .collect();
    percent_encode(&segments.join("/"))
}

/// `file:///abs/path` (`file:///C:/dir/file` for a Windows path).
fn file_uri(path: &str) -> String {
    let slashed = path.replace('\\', "/");
    let encoded = percent_encode(&slashed);
    // Keep a Windows drive's colon: `C%3A` would not be a drive.
    let encoded = match slashed.as_bytes() {
        [drive, b':', ..] if drive.is_ascii_alphabetic() => {
            format!("/{}:{}", *drive as char, &encoded[4..])
        }
        _ => encoded,
    };
    format!("file://{encoded}")
}

fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A rule of the driver: the code's description from the catalogue and a link to its entry.
/// SARIF wants `helpUri` absolute (§3.49.12), so it is given only when a repository is known
/// (`--sarif-repository`, or `Cargo.toml`'s); the link relative to the repository is always in
/// `help.markdown`.
fn rule(code: &str, seen_level: Level, repository: Option<&str>) -> Value {
    let Some(entry) = catalogue::lookup(code) else {
        return json!({"id": code, "defaultConfiguration": {"level": level(seen_level)}});
    };
    let default = catalogue::default_level(code).unwrap_or(seen_level);
    let link = catalogue::help_uri(code);
    let mut rule = json!({
        "id": code,
        "shortDescription": {"text": entry.summary},
        "fullDescription": {"text": entry.meaning},
        "help": {
            "text": format!("{} See {link}.", entry.fix),
            "markdown": format!("{}\n\nSee [{link}]({link}).", entry.fix),
        },
        "defaultConfiguration": {"level": level(default)},
    });
    if let Some(uri) = repository.and_then(|r| absolute_help_uri(r, &link)) {
        rule["helpUri"] = json!(uri);
    }
    rule
}

/// The repository `Cargo.toml` names, if any.
const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");

/// A result's `fixes`: the edits of `pdnkit check --fix` as SARIF replacements, each a region
/// of bytes deleted (none for an insertion) and the text put there.
fn sarif_fix(fix: &crate::fix::FindingFix, artifact: Value) -> Value {
    let replacements: Vec<Value> = fix
        .edits
        .iter()
        .map(|e| {
            let mut replacement =
                json!({"deletedRegion": {"byteOffset": e.span.offset, "byteLength": e.span.len}});
            // (A deletion has no inserted content.)
            if !e.text.is_empty() {
                replacement["insertedContent"] = json!({"text": e.text});
            }
            replacement
        })
        .collect();
    let what = crate::fix::describe(fix.code).unwrap_or("the fix of `pdnkit check --fix`");
    json!([{
        "description": {"text": what},
        "artifactChanges": [{"artifactLocation": artifact, "replacements": replacements}],
    }])
}

/// `https://host/owner/pdnkit/blob/HEAD/docs/codes.md#code` for a repository's web address.
fn absolute_help_uri(repository: &str, link: &str) -> Option<String> {
    let repository = repository.trim_end_matches('/');
    (repository.starts_with("https://") || repository.starts_with("http://"))
        .then(|| format!("{repository}/blob/HEAD/{link}"))
}

impl<W: Write> ReportWriter for SarifWriter<W> {
    fn game(&mut self, file: &FileInfo, game: &GameReport) -> io::Result<()> {
        // The fixes `check --fix` would make, for the findings of a file it can edit (not
        // standard input or gzip: `file.path` is none there).
        let fixes = match file.path {
            Some(_) => crate::fix::fixable_now(game, |f| f.level >= self.show.min_level),
            None => Vec::new(),
        };
        for (k, f) in game.findings.iter().enumerate() {
            if !self.listing.admit(&self.show, f) {
                continue;
            }
            self.rules.insert(f.code.as_str(), f.level);
            let mut properties = json!({"game": game.index});
            if let Some(ply) = f.ply {
                properties["ply"] = json!(ply);
            }
            if let Some(n) = f.move_number {
                properties["moveNumber"] = json!(n);
            }
            if let Some(fen) = &f.fen_before {
                properties["fenBefore"] = json!(fen);
            }
            if !f.legal_moves.is_empty() {
                properties["legalMoves"] = json!(f.legal_moves);
            }
            // Byte offsets are of the file as the user has it: the reader's spans are, except
            // in UTF-16 input, which is transcoded and counted in its UTF-8 text. There only the
            // line and column (which count characters) are given.
            let at = game.locate(f.span);
            let mut region = json!({
                "startLine": at.line.max(1),
                "startColumn": at.column.max(1),
            });
            if !game.encoding.is_utf16() {
                region["byteOffset"] = json!(at.offset);
                region["byteLength"] = json!(at.len);
            }
            let mut result = json!({
                "ruleId": f.code.as_str(),
                "level": level(f.level),
                "message": {"text": f.message},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": artifact_location(&file.name, self.current_dir.as_deref()),
                        "region": region,
                    }
                }],
                "properties": properties,
            });
            if let Some(fix) = fixes.iter().find(|x| x.finding == k) {
                result["fixes"] = sarif_fix(
                    fix,
                    artifact_location(&file.name, self.current_dir.as_deref()),
                );
            }
            self.results.push(f.level, result.to_string());
        }
        Ok(())
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        let results = std::mem::replace(&mut self.results, Kept::new(Cap::None));
        let left_out = results.left_out;
        let kept = results.kept();
        for (i, result) in results.in_order().into_iter().enumerate() {
            self.out.write_all(if i == 0 { b"\n" } else { b",\n" })?;
            self.out.write_all(result.as_bytes())?;
        }
        let mut properties = json!({"totals": totals, "findingsNotListed": self.listing.left_out});
        let mut invocation = json!({"executionSuccessful": true});
        let dropped: u64 = left_out.iter().sum();
        if dropped > 0 {
            let text = format!(
                "{dropped} of {} results left out (--max-results {kept}): {} errors, {} warnings, \
                 {} notes; the most severe are kept, and the totals count every one",
                kept as u64 + dropped,
                left_out[0],
                left_out[1],
                left_out[2]
            );
            eprintln!("pdnkit: SARIF: {text}");
            invocation["toolExecutionNotifications"] =
                json!([{"level": "warning", "message": {"text": text}}]);
            properties["resultsLeftOut"] = json!({
                "error": left_out[0], "warning": left_out[1], "note": left_out[2],
            });
        }
        let repository = self.repository.as_deref();
        let rules: Vec<_> = self
            .rules
            .iter()
            .map(|(code, l)| rule(code, *l, repository))
            .collect();
        let mut driver = json!({
            "name": "pdnkit",
            "version": env!("CARGO_PKG_VERSION"),
            "rules": rules,
        });
        if let Some(repository) = repository {
            driver["informationUri"] = json!(repository);
        }
        let tool = json!({"driver": driver});
        write!(
            self.out,
            "\n],\"tool\":{tool},\"invocations\":[{invocation}],\
             \"columnKind\":\"unicodeCodePoints\",\"properties\":{properties}}}]}}\n",
        )?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_uris_use_forward_slashes_and_escape_the_rest() {
        assert_eq!(relative_uri(r"games\my file.pdn"), "games/my%20file.pdn");
        assert_eq!(relative_uri("./a/./b#1?.pdn"), "a/b%231%3F.pdn");
        assert_eq!(relative_uri("c:d/Bertè.pdn"), "c%3Ad/Bert%C3%A8.pdn");
        assert_eq!(relative_uri("../up.pdn"), "../up.pdn");
    }

    #[test]
    fn absolute_paths_under_the_current_directory_become_relative() {
        // Paths under the temporary directory, whatever it is here; nothing is read.
        let base = std::env::temp_dir();
        let here = base.join("archive");
        let inside = here.join("historic").join("1841.pdn");
        let loc = artifact_location(inside.to_str().expect("UTF-8"), Some(&here));
        assert_eq!(loc["uri"], "historic/1841.pdn");
        assert_eq!(loc["uriBaseId"], SRCROOT);
        let elsewhere = base.join("elsewhere").join("a b.pdn");
        let loc = artifact_location(elsewhere.to_str().expect("UTF-8"), Some(&here));
        let uri = loc["uri"].as_str().expect("a URI");
        assert!(
            uri.starts_with("file:///") && uri.ends_with("/elsewhere/a%20b.pdn"),
            "{uri}"
        );
        assert!(loc.get("uriBaseId").is_none());
        // A Windows drive keeps its colon, and its backslashes become slashes.
        assert_eq!(file_uri(r"Z:\a b\c.pdn"), "file:///Z:/a%20b/c.pdn");
    }

    #[test]
    fn help_uris_are_absolute_or_absent() {
        assert_eq!(
            absolute_help_uri(
                "https://example.org/o/pdnkit/",
                "docs/codes.md#w-date-format"
            ),
            Some("https://example.org/o/pdnkit/blob/HEAD/docs/codes.md#w-date-format".into())
        );
        assert_eq!(absolute_help_uri("", "docs/codes.md#w-date-format"), None);
    }

    #[test]
    fn standard_input_is_described_not_named() {
        let loc = artifact_location(STDIN_NAME, None);
        assert!(loc.get("uri").is_none());
        assert_eq!(loc["description"]["text"], "standard input");
    }
}
