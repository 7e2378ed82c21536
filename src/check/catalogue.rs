//! What every finding code means: the text `pdnkit explain`, `docs/codes.md` and the SARIF
//! rule descriptions are written from, an entry per code a check reports ([`Code::checked`]).
//! Each entry has a one-line summary, a longer meaning, how to fix the record and, where a few
//! lines of PDN can show it, an example that triggers the code (tests run every example through
//! the checker, so they cannot drift from what it reports). A code's level and group are in the
//! code table ([`crate::finding::code`]); the entries are in `catalogue/`, by stage.
//!
//! The draw rules' codes (`N-DRAW-*`) are described by [`DrawRule::description`]; their entries are
//! made from it rather than written twice.

mod reader;
mod stages;

use super::policy;
use crate::draw_rules::DrawRule;
use crate::finding::{Code, Edit, Level};
use std::fmt::Write;

/// Where the documentation of every code lives, relative to the repository root.
pub const DOC_PATH: &str = "docs/codes.md";

/// A code's documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub code: Code,
    /// One line, no final full stop (SARIF `shortDescription`).
    pub summary: &'static str,
    /// What the code means and why it is reported.
    pub meaning: &'static str,
    /// How to fix the record.
    pub fix: &'static str,
    pub example: Example,
}

/// A record that triggers the code, or why none is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Example {
    Pdn(&'static str),
    /// The code is about bytes, files or sizes that a short text cannot show.
    None(&'static str),
}

const fn e(
    code: Code,
    summary: &'static str,
    meaning: &'static str,
    fix: &'static str,
    example: Example,
) -> Entry {
    Entry {
        code,
        summary,
        meaning,
        fix,
        example,
    }
}

use Example::{None as NoExample, Pdn};

/// Short examples for some draw rules (the others need dozens of moves: see `fixtures/draws/`).
const DRAW_EXAMPLES: &[(Code, &str)] = &[
    (
        Code::DrawEndgame5,
        "[GameType \"20\"]\n[FEN \"W:WK47,K49:BK3\"]\n[Result \"1-1\"]\n1. 47-15 3-12 2. 15-10 12-1 3. 10-14 1-12 4. 14-19 12-1 5. 19-10 1-12 1-1",
    ),
    (
        Code::DrawThreefold,
        "[GameType \"21\"]\n[FEN \"B:WK32,K28,21:BK1,K5,12\"]\n[Result \"1/2-1/2\"]\n1. 1-6 32-27 2. 6-1 27-32 3. 1-6 32-27 4. 6-1 27-32 1/2-1/2",
    ),
    (
        Code::DrawTurkishOnePiece,
        "[GameType \"30\"]\n[FEN \"W:Wd2:Be7\"]\n[Result \"1/2-1/2\"]\n1. d2-d3 1/2-1/2",
    ),
];

fn draw_entry(rule: DrawRule) -> Entry {
    let example = DRAW_EXAMPLES
        .iter()
        .find(|(code, _)| *code == rule.code())
        .map_or(
            NoExample("the rule needs a long game to hold: see the games in fixtures/draws/"),
            |(_, pdn)| Pdn(pdn),
        );
    Entry {
        code: rule.code(),
        summary: draw_summary(rule.description()),
        meaning: rule.description(),
        fix: "Nothing to fix when the record ends there with a draw. When it plays on or declares a \
              win, W-PLAYED-AFTER-DRAW or W-RESULT-NOT-DRAW says so; check the moves and the \
              Result tag against the game's source, or choose the draw rules the game was played \
              under with --draw-rules.",
        example,
    }
}

/// A draw rule's description without its sources (`... (FMJD art. 6)`).
fn draw_summary(description: &'static str) -> &'static str {
    description
        .rfind(" (")
        .map_or(description, |end| &description[..end])
}

/// The name of every code the checker reports ([`policy::all_codes`], the draw rules among
/// them).
pub fn reported_codes() -> impl Iterator<Item = &'static str> {
    policy::all_codes().map(Code::as_str)
}

/// Every entry in force, in the order of [`Code::ALL`].
pub fn entries() -> Vec<Entry> {
    Code::checked().filter_map(entry).collect()
}

/// The entry of a code the checker reports, by its name (exact spelling).
pub fn lookup(name: &str) -> Option<Entry> {
    Code::from_name(name)
        .filter(|c| c.is_checked())
        .and_then(entry)
}

/// The entry of `code`.
fn entry(code: Code) -> Option<Entry> {
    if let Some(rule) = DrawRule::ALL.iter().find(|r| r.code() == code) {
        return Some(draw_entry(*rule));
    }
    reader::ENTRIES
        .iter()
        .chain(stages::ENTRIES)
        .find(|e| e.code == code)
        .copied()
}

/// The level a code (by its name) is reported at unless a policy says otherwise.
pub fn default_level(name: &str) -> Option<Level> {
    Code::from_name(name)
        .filter(|c| c.is_checked())
        .map(Code::level)
}

/// The anchor of a code's heading in `docs/codes.md` (GitHub's: lower case).
pub fn anchor(code: &str) -> String {
    code.to_ascii_lowercase()
}

/// A link to a code's entry, relative to the repository root (`docs/codes.md#w-date-format`).
pub fn help_uri(code: &str) -> String {
    format!("{DOC_PATH}#{}", anchor(code))
}

/// The reported code nearest to `text` when it is close enough to be a typo (as the
/// policy's own suggestion, draw rules included), for "did you mean".
pub fn suggest(text: &str) -> Option<&'static str> {
    let upper = text.trim().to_ascii_uppercase();
    reported_codes()
        .map(|c| (policy::edit_distance(&upper, c), c))
        .filter(|&(d, _)| d <= 3)
        .min()
        .map(|(_, c)| c)
}

/// What the entry of a code that names a habit says ([`Code::once_per_game`]).
const ONCE_PER_GAME: &str = "Reported once a game: a habit of the record, found at its first \
    place, with how many more there are in the message (the other places are the finding's \
    `also` in JSON).";

/// Whether and how `pdnkit check --fix` fixes the code in place, from the code table
/// ([`Code::edit`]) and what the fixer writes ([`crate::fix::describe`]).
pub fn fixability(code: Code) -> String {
    let what = crate::fix::describe(code);
    match (code.edit(), what) {
        (Edit::Yes, Some(what)) => {
            format!("fixable: `pdnkit check --fix` edits it in place: {what}.")
        }
        (Edit::WhereCertain, Some(what)) => {
            format!("fixable where certain: `pdnkit check --fix` edits it in place: {what}.")
        }
        _ => "not fixable in place: `pdnkit check --fix` leaves it.".to_string(),
    }
}

/// A code's mark in the index of `docs/codes.md`: `, fixable` when `check --fix` edits it.
fn fixable_mark(code: Code) -> &'static str {
    match code.edit() {
        Edit::No => "",
        Edit::Yes | Edit::WhereCertain => ", fixable",
    }
}

/// The entry as `pdnkit explain` prints it.
pub fn render_text(entry: &Entry) -> String {
    let mut out = String::new();
    let level = level_name(entry.code.level());
    let _ = writeln!(out, "{} ({level}): {}", entry.code, entry.summary);
    let _ = writeln!(out, "\n{}", wrap(entry.meaning, 96));
    if entry.code.once_per_game() {
        let _ = writeln!(out, "\n{}", wrap(ONCE_PER_GAME, 96));
    }
    match entry.example {
        Pdn(pdn) => {
            let _ = writeln!(out, "\nExample:\n");
            for line in pdn.lines() {
                let _ = writeln!(out, "    {line}");
            }
        }
        NoExample(why) => {
            let _ = writeln!(out, "\nNo example: {why}.");
        }
    }
    let _ = writeln!(out, "\nHow to fix the record:\n{}", wrap(entry.fix, 96));
    let _ = writeln!(out, "\n{}", wrap(&capitalise(&fixability(entry.code)), 96));
    out
}

/// `docs/codes.md`: every entry in force, under a heading per code.
pub fn render_markdown() -> String {
    let mut out = String::from(
        "# Finding codes\n\n\
         <!-- Generated from src/check/catalogue.rs by `pdnkit explain --all --markdown`; \
         tests/codes_doc.rs fails when this file and the table differ. Do not edit by hand. -->\n\n\
         Every code pdnkit reports, with its default level. A code's prefix is its level \
         (`E-` error, `W-` warning, `N-`/`I-` note; `D-` codes are draw rules that held, \
         reported as notes; a few `W-` codes are notes by default). `--allow`, `--warn`, `--deny` \
         and `pdnkit.toml` change the level; `pdnkit explain CODE` prints an entry. A code marked \
         *fixable* is one `pdnkit check --fix` repairs in place, editing only the finding's own \
         bytes (the human report marks each such finding `[*]`).\n\n",
    );
    let all = entries();
    for entry in &all {
        let level = level_name(entry.code.level());
        let _ = writeln!(
            out,
            "- [`{}`](#{}) ({level}{}): {}",
            entry.code,
            anchor(entry.code.as_str()),
            fixable_mark(entry.code),
            entry.summary
        );
    }
    for entry in &all {
        out.push_str(&render_markdown_entry(entry));
    }
    out
}

/// One entry of `docs/codes.md`, from its heading on.
pub fn render_markdown_entry(entry: &Entry) -> String {
    let mut out = String::new();
    let level = level_name(entry.code.level());
    let _ = writeln!(out, "\n## {}\n", entry.code);
    let _ = writeln!(out, "Level: {level}. {}.\n", capitalise(entry.summary));
    let _ = writeln!(out, "{}\n", entry.meaning);
    if entry.code.once_per_game() {
        let _ = writeln!(out, "{ONCE_PER_GAME}\n");
    }
    match entry.example {
        Pdn(pdn) => {
            let _ = writeln!(out, "Example:\n\n```pdn\n{pdn}\n```\n");
        }
        NoExample(why) => {
            let _ = writeln!(out, "No example: {why}.\n");
        }
    }
    let _ = writeln!(out, "How to fix the record: {}\n", entry.fix);
    let _ = writeln!(out, "{}", capitalise(&fixability(entry.code)));
    out
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Error => "error",
        Level::Warning => "warning",
        Level::Note => "note",
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Words joined into lines of at most `width` characters (a longer word stands alone).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split_whitespace() {
        if line_len > 0 && line_len + 1 + word.chars().count() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.chars().count();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_and_the_width() {
        let text = "one two three four five six seven";
        let wrapped = wrap(text, 9);
        assert!(wrapped.lines().all(|l| l.chars().count() <= 9), "{wrapped}");
        assert_eq!(
            wrapped.split_whitespace().collect::<Vec<_>>().join(" "),
            text
        );
    }

    #[test]
    fn table_entries_are_for_reported_codes() {
        for entry in reader::ENTRIES.iter().chain(stages::ENTRIES) {
            assert!(
                entry.code.is_checked(),
                "{} is not reported: drop it",
                entry.code
            );
            assert!(
                !DrawRule::ALL.iter().any(|r| r.code() == entry.code),
                "draw entries come from DrawRule"
            );
        }
    }

    #[test]
    fn typos_of_any_reported_code_get_a_suggestion() {
        assert_eq!(suggest("n-draw-threfold"), Some("N-DRAW-THREEFOLD"));
        assert_eq!(suggest("W-DATE-FROMAT"), Some("W-DATE-FORMAT"));
        assert_eq!(suggest("SOMETHING-ELSE-ENTIRELY"), None);
    }

    #[test]
    fn anchors_are_lower_case_codes() {
        assert_eq!(help_uri("W-DATE-FORMAT"), "docs/codes.md#w-date-format");
    }

    #[test]
    fn default_levels_follow_each_stage() {
        assert_eq!(default_level("N-UTF8-BOM"), Some(Level::Note));
        assert_eq!(default_level("E-RESULT-MISMATCH"), Some(Level::Error));
        assert_eq!(default_level("N-DRAW-RULES-PARTIAL"), Some(Level::Note));
        assert_eq!(default_level("N-DRAW-THREEFOLD"), Some(Level::Note));
        assert_eq!(default_level("W-NO-SUCH"), None);
    }
}
