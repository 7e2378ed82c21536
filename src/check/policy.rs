//! Per-code policy, the way linters do it (rustc's `-A/-W/-D`, ruff, ESLint): each finding's level
//! can be changed by code, by a code prefix (`W-DATE-*`) or by a named group (`style`), from
//! `pdnkit.toml` or the command line, and a run fails at a chosen level.
//!
//! Which rule wins when several match one code: a rule from the command line over one from the
//! file; then the more specific selector (a code, then the longer prefix, then a group); then the
//! rule given later.

use super::GameReport;
use crate::finding::{self, Code, Level, renamed};
use std::fmt;
use std::str::FromStr;

/// What to do with the findings a rule selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Leave them out of every report (the summary still says how many were left out).
    Allow,
    Note,
    Warn,
    Deny,
}

impl Action {
    /// The level findings are reported at, or `None` when they are left out.
    pub fn level(self) -> Option<Level> {
        match self {
            Action::Allow => None,
            Action::Note => Some(Level::Note),
            Action::Warn => Some(Level::Warning),
            Action::Deny => Some(Level::Error),
        }
    }
}

impl FromStr for Action {
    type Err = PolicyError;
    fn from_str(text: &str) -> Result<Action, PolicyError> {
        match text {
            "allow" => Ok(Action::Allow),
            "note" => Ok(Action::Note),
            "warn" => Ok(Action::Warn),
            "deny" => Ok(Action::Deny),
            _ => Err(PolicyError::UnknownAction(text.to_string())),
        }
    }
}

/// A named set of codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// Everything the reader reports about how the text is written.
    Reader,
    /// How the record is written, not what it says: the reader's warnings and notes.
    Style,
    /// The replay of the moves (illegal moves, notation of captures, variants).
    Moves,
    /// The Result tag and terminator against each other and the final position.
    Result,
    /// Draw rules that held (`N-DRAW-*`), and what the record did afterwards.
    Draws,
}

impl Group {
    /// The groups' names, as `--allow` and `[codes]` take them.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Group::NAMES.iter().map(|(name, _)| *name)
    }

    const NAMES: &'static [(&'static str, Group)] = &[
        ("reader", Group::Reader),
        ("style", Group::Style),
        ("moves", Group::Moves),
        ("result", Group::Result),
        ("draws", Group::Draws),
    ];

    fn contains(self, code: Code) -> bool {
        match self {
            Group::Reader => code.group() == finding::Group::Reader,
            Group::Style => code.group() == finding::Group::Reader && code.level() != Level::Error,
            Group::Moves => code.group() == finding::Group::Moves,
            Group::Result => code.group() == finding::Group::Result,
            Group::Draws => code.group() == finding::Group::Draws,
        }
    }
}

/// Which codes a rule applies to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selector {
    Code(Code),
    /// Every code starting with this text (`W-DATE-*` is the prefix `W-DATE-`).
    Prefix(String),
    Group(Group),
}

impl Selector {
    fn matches(&self, code: Code) -> bool {
        match self {
            Selector::Code(c) => *c == code,
            Selector::Prefix(p) => code.as_str().starts_with(p.as_str()),
            Selector::Group(g) => g.contains(code),
        }
    }

    /// Larger is more specific.
    fn specificity(&self) -> usize {
        match self {
            Selector::Code(_) => usize::MAX,
            Selector::Prefix(p) => 1 + p.len(),
            Selector::Group(_) => 0,
        }
    }
}

impl FromStr for Selector {
    type Err = PolicyError;
    fn from_str(text: &str) -> Result<Selector, PolicyError> {
        if let Some(&(_, group)) = Group::NAMES.iter().find(|(name, _)| *name == text) {
            return Ok(Selector::Group(group));
        }
        if let Some(prefix) = text.strip_suffix('*') {
            let matches =
                |p: &str| !p.contains('*') && all_codes().any(|c| c.as_str().starts_with(p));
            if matches(prefix) {
                return Ok(Selector::Prefix(prefix.to_string()));
            }
            // An old family (`D-*`, renamed `N-DRAW-*`): see crate::finding::renamed.
            if let Some(current) = renamed::renamed_prefix(prefix).filter(|p| matches(p)) {
                return Ok(Selector::Prefix(current));
            }
            return Err(PolicyError::UnknownCode(text.to_string()));
        }
        // A code written in its old spelling selects the current one.
        Code::parse(text)
            .filter(|c| c.is_checked())
            .map(Selector::Code)
            .ok_or_else(|| PolicyError::UnknownCode(text.to_string()))
    }
}

/// Where a rule came from: the command line overrides the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Source {
    File,
    CommandLine,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub selector: Selector,
    pub action: Action,
    pub source: Source,
}

/// The level at which a finding fails the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FailOn {
    #[default]
    Error,
    Warning,
}

impl FromStr for FailOn {
    type Err = PolicyError;
    fn from_str(text: &str) -> Result<FailOn, PolicyError> {
        match text {
            "error" => Ok(FailOn::Error),
            "warning" => Ok(FailOn::Warning),
            _ => Err(PolicyError::UnknownFailOn(text.to_string())),
        }
    }
}

impl FailOn {
    pub fn fails(self, level: Level) -> bool {
        match self {
            FailOn::Error => level == Level::Error,
            FailOn::Warning => level >= Level::Warning,
        }
    }
}

/// The rules in force for one file.
#[derive(Debug, Clone, Default)]
pub struct Policy {
    rules: Vec<Rule>,
}

impl Policy {
    pub fn new(rules: Vec<Rule>) -> Policy {
        Policy { rules }
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// The action of the winning rule for `code`, if any rule selects it.
    pub fn action(&self, code: Code) -> Option<Action> {
        self.rules
            .iter()
            .enumerate()
            .filter(|(_, r)| r.selector.matches(code))
            .max_by_key(|(i, r)| (r.source, r.selector.specificity(), *i))
            .map(|(_, r)| r.action)
    }

    /// Whether a rule names `code` itself (not through a prefix or a group).
    pub fn names(&self, code: Code) -> bool {
        self.rules
            .iter()
            .any(|r| matches!(r.selector, Selector::Code(c) if c == code))
    }

    /// Sets each finding of `report` to the level its rule says and removes the allowed ones.
    /// Returns how many were removed.
    pub fn apply(&self, report: &mut GameReport) -> u64 {
        if self.rules.is_empty() {
            return 0;
        }
        let before = report.findings.len();
        report.findings.retain_mut(|f| match self.action(f.code) {
            None => true,
            Some(action) => match action.level() {
                None => false,
                Some(level) => {
                    f.level = level;
                    true
                }
            },
        });
        (before - report.findings.len()) as u64
    }
}

/// Every code any stage of a check can report.
pub fn all_codes() -> impl Iterator<Item = Code> {
    Code::checked()
}

/// A policy that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PolicyError {
    UnknownCode(String),
    UnknownAction(String),
    UnknownFailOn(String),
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolicyError::UnknownCode(text) => {
                let groups: Vec<&str> = Group::NAMES.iter().map(|(n, _)| *n).collect();
                write!(
                    f,
                    "unknown code `{text}`: give a code (`W-DATE-FORMAT`), a prefix ending in `*` (`W-DATE-*`) or a group ({})",
                    groups.join(", ")
                )?;
                if let Some(near) = nearest_code(text) {
                    write!(f, "; did you mean `{near}`?")?;
                }
                Ok(())
            }
            PolicyError::UnknownAction(text) => {
                write!(f, "unknown level `{text}`: use allow, note, warn or deny")
            }
            PolicyError::UnknownFailOn(text) => {
                write!(f, "unknown level `{text}`: use error or warning")
            }
        }
    }
}

impl std::error::Error for PolicyError {}

/// The known code closest to `text` in edit distance, when it is close enough to be a typo.
fn nearest_code(text: &str) -> Option<&'static str> {
    let upper = text.to_ascii_uppercase();
    all_codes()
        .map(|c| (edit_distance(&upper, c.as_str()), c.as_str()))
        .filter(|&(d, _)| d <= 3)
        .min()
        .map(|(_, c)| c)
}

pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(name: &str) -> Code {
        Code::from_name(name).unwrap()
    }

    fn rule(selector: &str, action: &str, source: Source) -> Rule {
        Rule {
            selector: selector.parse().unwrap(),
            action: action.parse().unwrap(),
            source,
        }
    }

    #[test]
    fn selectors_are_codes_prefixes_or_groups() {
        assert_eq!(
            "W-DATE-FORMAT".parse::<Selector>(),
            Ok(Selector::Code(code("W-DATE-FORMAT")))
        );
        assert_eq!(
            "W-DATE-*".parse::<Selector>(),
            Ok(Selector::Prefix("W-DATE-".into()))
        );
        assert_eq!(
            "style".parse::<Selector>(),
            Ok(Selector::Group(Group::Style))
        );
        assert!("W-NO-SUCH-CODE".parse::<Selector>().is_err());
        assert!(
            "X-*".parse::<Selector>().is_err(),
            "a prefix nothing starts with"
        );
    }

    #[test]
    fn a_typo_gets_a_suggestion() {
        let error = "W-DATE-FROMAT".parse::<Selector>().unwrap_err();
        assert!(
            error.to_string().contains("did you mean `W-DATE-FORMAT`"),
            "{error}"
        );
    }

    #[test]
    fn the_command_line_beats_the_file_and_specific_beats_general() {
        let policy = Policy::new(vec![
            rule("W-DATE-FORMAT", "allow", Source::File),
            rule("style", "deny", Source::CommandLine),
            rule("W-*", "note", Source::CommandLine),
        ]);
        // All three match; the command line wins, and its prefix is more specific than a group.
        assert_eq!(policy.action(code("W-DATE-FORMAT")), Some(Action::Note));
        // `style` holds no errors, and `W-*` does not match `E-` codes.
        assert_eq!(policy.action(code("E-BAD-FEN")), None);
        assert_eq!(policy.action(code("E-CAPTURE-MANDATORY")), None);
    }

    #[test]
    fn a_later_rule_of_the_same_weight_wins() {
        let policy = Policy::new(vec![
            rule("W-DATE-FORMAT", "allow", Source::CommandLine),
            rule("W-DATE-FORMAT", "deny", Source::CommandLine),
        ]);
        assert_eq!(policy.action(code("W-DATE-FORMAT")), Some(Action::Deny));
    }

    #[test]
    fn groups_hold_the_codes_of_their_stage() {
        assert!(Group::Result.contains(code("E-RESULT-MISMATCH")));
        assert!(Group::Draws.contains(code("W-PLAYED-AFTER-DRAW")));
        assert!(Group::Draws.contains(code("N-DRAW-THREEFOLD")));
        assert_eq!(
            "N-DRAW-THREEFOLD".parse::<Selector>(),
            Ok(Selector::Code(code("N-DRAW-THREEFOLD")))
        );
        assert!(Group::Moves.contains(code("E-CAPTURE-MANDATORY")));
        assert!(Group::Style.contains(code("W-ZERO-PADDED-SQUARE")));
        assert!(!Group::Style.contains(code("E-UNCLOSED-COMMENT")));
        assert!(Group::Reader.contains(code("E-UNCLOSED-COMMENT")));
    }

    #[test]
    fn old_spellings_of_renamed_codes_select_the_new_ones() {
        assert_eq!(
            "W-UTF8-BOM".parse::<Selector>(),
            Ok(Selector::Code(code("N-UTF8-BOM")))
        );
        assert_eq!(
            "D-*".parse::<Selector>(),
            Ok(Selector::Prefix("N-DRAW-".to_string()))
        );
        assert_eq!(
            "D-RUSSIAN-*".parse::<Selector>(),
            Ok(Selector::Prefix("N-DRAW-RUSSIAN-".to_string()))
        );
        assert!("D-NO-SUCH-*".parse::<Selector>().is_err());
    }

    #[test]
    fn fail_on_warning_also_fails_on_errors() {
        assert!(FailOn::Warning.fails(Level::Error));
        assert!(FailOn::Warning.fails(Level::Warning));
        assert!(!FailOn::Warning.fails(Level::Note));
        assert!(!FailOn::Error.fails(Level::Warning));
    }
}
