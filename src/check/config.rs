//! `pdnkit.toml`: an archive's checked-in policy. Found in the current directory or its ancestors
//! (or named with `--config`); the command line overrides it.
//!
//! ```toml
//! variant = "english"          # games without a GameType
//! draw-rules = "official"      # or "servers" (old name: "seed")
//! encoding = "windows-1252"
//! fail-on = "error"            # or "warning"
//!
//! [codes]
//! "W-DATE-FORMAT" = "allow"    # allow, note, warn or deny; a code, a prefix (`W-DATE-*`) or a group
//!
//! [[paths]]                    # more rules for files matching a glob (relative to this file)
//! glob = "historic/**"
//! codes = { "W-PLAYED-AFTER-DRAW" = "allow" }
//! ```
//!
//! Unknown keys, codes and values are errors that name the file, line and column.

use super::policy::{Action, FailOn, PolicyError, Rule, Selector, Source};
use crate::draw_rules::DrawProfile;
use crate::reader::{Encoding, read_to_string_limited};
use crate::variant::Variant;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The file name looked for.
pub const FILE_NAME: &str = "pdnkit.toml";

/// The longest `pdnkit.toml` read (1 MiB; a policy is a few hundred bytes). A longer file, or
/// a path such as `/dev/zero`, is an error naming the file and the limit.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// A loaded configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub path: PathBuf,
    pub variant: Option<Variant>,
    pub draw_profile: Option<DrawProfile>,
    pub encoding: Option<Encoding>,
    pub fail_on: Option<FailOn>,
    /// Rules for every file.
    pub codes: Vec<Rule>,
    /// Rules for the files matching a glob, in the order written.
    pub paths: Vec<PathRules>,
}

/// `[[paths]]`: rules for some files.
#[derive(Debug, Clone)]
pub struct PathRules {
    pub glob: String,
    matcher: globset::GlobMatcher,
    pub codes: Vec<Rule>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    variant: Option<Spanned<String>>,
    draw_rules: Option<Spanned<String>>,
    encoding: Option<Spanned<String>>,
    fail_on: Option<Spanned<String>>,
    #[serde(default)]
    codes: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default)]
    paths: Vec<RawPathRules>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPathRules {
    glob: Spanned<String>,
    #[serde(default)]
    codes: BTreeMap<Spanned<String>, Spanned<String>>,
}

/// A configuration that cannot be used, located in its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub path: PathBuf,
    /// 1-based line and column, when the problem has a place.
    pub line: Option<(usize, usize)>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some((line, column)) = self.line {
            write!(f, ":{line}:{column}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// The `pdnkit.toml` in `dir` or its nearest ancestor that has one.
    pub fn discover(dir: &Path) -> Option<PathBuf> {
        dir.ancestors()
            .map(|d| d.join(FILE_NAME))
            .find(|candidate| candidate.is_file())
    }

    /// Reads and validates the file at `path` (at most [`MAX_CONFIG_BYTES`] long).
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = read_to_string_limited(path, MAX_CONFIG_BYTES).map_err(|e| ConfigError {
            path: path.to_path_buf(),
            line: None,
            message: e.to_string(),
        })?;
        Config::parse(path, &text)
    }

    /// Validates `text`, the contents of the file at `path`.
    pub fn parse(path: &Path, text: &str) -> Result<Config, ConfigError> {
        let error = |span: Option<Range<usize>>, message: String| ConfigError {
            path: path.to_path_buf(),
            line: span.map(|s| line_column(text, s.start)),
            message,
        };
        fn value(field: &Option<Spanned<String>>) -> Option<(Range<usize>, &str)> {
            field.as_ref().map(|s| (s.span(), s.as_ref().as_str()))
        }
        let raw: RawConfig =
            toml::from_str(text).map_err(|e| error(e.span(), e.message().to_string()))?;
        let variant = value(&raw.variant)
            .map(|(span, v)| {
                v.parse::<Variant>()
                    .map_err(|e| error(Some(span), e.to_string()))
            })
            .transpose()?;
        let draw_profile = value(&raw.draw_rules)
            .map(|(span, v)| {
                v.parse::<DrawProfile>()
                    .map_err(|e| error(Some(span), e.to_string()))
            })
            .transpose()?;
        let encoding = value(&raw.encoding)
            .map(|(span, v)| {
                Encoding::parse(v).ok_or_else(|| {
                    error(
                        Some(span),
                        format!("unknown encoding `{v}` (utf-8, windows-1252, windows-1251)"),
                    )
                })
            })
            .transpose()?;
        let fail_on = value(&raw.fail_on)
            .map(|(span, v)| {
                v.parse::<FailOn>()
                    .map_err(|e| error(Some(span), e.to_string()))
            })
            .transpose()?;
        let rules = |table: &BTreeMap<Spanned<String>, Spanned<String>>| {
            table
                .iter()
                .map(|(selector, action)| {
                    let located =
                        |span: Range<usize>| move |e: PolicyError| error(Some(span), e.to_string());
                    Ok(Rule {
                        selector: selector
                            .as_ref()
                            .parse::<Selector>()
                            .map_err(located(selector.span()))?,
                        action: action
                            .as_ref()
                            .parse::<Action>()
                            .map_err(located(action.span()))?,
                        source: Source::File,
                    })
                })
                .collect::<Result<Vec<Rule>, ConfigError>>()
        };
        let codes = rules(&raw.codes)?;
        let paths = raw
            .paths
            .iter()
            .map(|p| {
                let matcher = globset::Glob::new(p.glob.as_ref())
                    .map_err(|e| error(Some(p.glob.span()), format!("bad glob: {e}")))?
                    .compile_matcher();
                Ok(PathRules {
                    glob: p.glob.as_ref().clone(),
                    matcher,
                    codes: rules(&p.codes)?,
                })
            })
            .collect::<Result<Vec<PathRules>, ConfigError>>()?;
        Ok(Config {
            path: path.to_path_buf(),
            variant,
            draw_profile,
            encoding,
            fail_on,
            codes,
            paths,
        })
    }

    /// The rules of this file for the input at `file` (none for standard input): the general
    /// ones, then those of every matching `[[paths]]` entry in order.
    pub fn rules_for(&self, file: Option<&Path>) -> Vec<Rule> {
        let mut rules = self.codes.clone();
        let Some(relative) = file.and_then(|f| self.relative(f)) else {
            return rules;
        };
        for entry in &self.paths {
            if entry.matcher.is_match(&relative) {
                rules.extend(entry.codes.iter().cloned());
            }
        }
        rules
    }

    /// `file` relative to the directory holding the configuration.
    fn relative(&self, file: &Path) -> Option<PathBuf> {
        let base = self.path.parent()?.canonicalize().ok()?;
        let file = file.canonicalize().ok()?;
        file.strip_prefix(&base).ok().map(Path::to_path_buf)
    }
}

fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::policy::Policy;
    use crate::finding::Code;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(Path::new("pdnkit.toml"), text)
    }

    #[test]
    fn a_full_file_is_read() {
        let config = parse(
            "variant = \"english\"\ndraw-rules = \"servers\"\nencoding = \"windows-1252\"\nfail-on = \"warning\"\n\n[codes]\n\"W-DATE-FORMAT\" = \"allow\"\n\"W-RESULT-*\" = \"deny\"\n\n[[paths]]\nglob = \"historic/**\"\ncodes = { \"W-PLAYED-AFTER-DRAW\" = \"allow\" }\n",
        )
        .unwrap();
        assert_eq!(config.variant, Some(Variant::English));
        assert_eq!(config.draw_profile, Some(DrawProfile::Servers));
        assert_eq!(config.fail_on, Some(FailOn::Warning));
        let policy = Policy::new(config.codes.clone());
        assert_eq!(policy.action(Code::DateFormat), Some(Action::Allow));
        assert_eq!(policy.action(Code::ResultIncomplete), Some(Action::Deny));
        assert_eq!(config.paths.len(), 1);
        assert!(config.paths[0].matcher.is_match("historic/1900/a.pdn"));
        assert!(!config.paths[0].matcher.is_match("modern/a.pdn"));
    }

    #[test]
    fn the_old_name_of_the_servers_profile_still_reads() {
        let config = parse("draw-rules = \"seed\"\n").unwrap();
        assert_eq!(config.draw_profile, Some(DrawProfile::Servers));
    }

    #[test]
    fn an_unknown_key_is_located() {
        let error =
            parse("[codes]\n\"W-DATE-FORMAT\" = \"allow\"\n\nvarient = \"english\"\n").unwrap_err();
        // In TOML a key after a table header belongs to the table: the key is read as a code.
        assert_eq!(error.line, Some((4, 1)), "{error}");
        let error = parse("varient = \"english\"\n").unwrap_err();
        assert_eq!(error.line, Some((1, 1)), "{error}");
        assert!(error.message.contains("varient"), "{error}");
    }

    #[test]
    fn an_unknown_code_or_level_is_located() {
        let error =
            parse("[codes]\n\"W-DATE-FORMAT\" = \"allow\"\n\"W-DATE-FROMAT\" = \"allow\"\n")
                .unwrap_err();
        assert_eq!(error.line, Some((3, 1)), "{error}");
        assert!(
            error
                .to_string()
                .starts_with("pdnkit.toml:3:1: unknown code"),
            "{error}"
        );
        let error = parse("[codes]\n\"W-DATE-FORMAT\" = \"ignore\"\n").unwrap_err();
        assert_eq!(error.line, Some((2, 19)), "{error}");
        assert!(
            error.message.contains("allow, note, warn or deny"),
            "{error}"
        );
    }

    #[test]
    fn a_bad_value_is_located() {
        let error = parse("\n\nvariant = \"killer\"\n").unwrap_err();
        assert_eq!(error.line, Some((3, 11)), "{error}");
        let error = parse("fail-on = \"never\"\n").unwrap_err();
        assert_eq!(error.line, Some((1, 11)), "{error}");
    }

    #[test]
    fn discovery_walks_up_to_the_nearest_file() {
        let root = std::env::temp_dir().join(format!("pdnkit-config-{}", std::process::id()));
        let deep = root.join("a/b/c");
        std::fs::create_dir_all(&deep).unwrap();
        assert_eq!(
            Config::discover(&deep).filter(|p| p.starts_with(&root)),
            None
        );
        std::fs::write(root.join("a").join(FILE_NAME), "").unwrap();
        assert_eq!(
            Config::discover(&deep),
            Some(root.join("a").join(FILE_NAME))
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
