//! `check --fix`: the findings that have a safe edit ([`Code::edit`]) repaired by editing their
//! own bytes in the file, every other byte left as it was (ruff's and clippy's `--fix`, where
//! `convert --fix` rewrites the whole record).
//!
//! A fix is planned from a checked game alone ([`plan`]): its findings, their places (a habit's
//! `also` too: every place is fixed, or none), and the game's own text, which its line index
//! keeps. Nothing more is read or carried on the common path of `check`. An edit only ever
//! replaces ASCII by ASCII, so a file keeps its character set (UTF-8, Windows-1252, ...) byte for
//! byte; a game transcoded from UTF-16 has no edits (its spans count the UTF-8 text). Edits of
//! two findings that touch the same bytes differently are both dropped: neither is certain.
//!
//! A game with an error the fixes leave ([`held_back`]) gets no edits unless the user asks: an
//! error nearby (an illegal move, text that could not be read) means the record may not be
//! what it seems. [`apply`] makes the edits; [`diff`] shows them instead.

pub mod diff;
mod places;

pub use places::describe;

use crate::check::GameReport;
use crate::finding::{Code, Edit, Finding, stands_for_left_out};
use crate::reader::Span;

/// One change of a file's bytes: `span` replaced by `text` (inserted where `span` is empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByteEdit {
    pub span: Span,
    /// ASCII.
    pub text: String,
    /// The bytes the edit replaces, as read: checked against the file again before it is
    /// written (ASCII).
    pub original: Vec<u8>,
}

impl ByteEdit {
    fn end(&self) -> u64 {
        self.span.end()
    }
}

/// The edits that fix one finding of a game, at every place of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FindingFix {
    /// The finding's index in its game's findings.
    pub finding: usize,
    pub code: Code,
    pub edits: Vec<ByteEdit>,
}

/// Whether any finding of `game` that `wanted` selects has a code with an edit (the quick test
/// before [`plan`]).
pub fn may_fix(game: &GameReport, wanted: impl Fn(&Finding) -> bool) -> bool {
    game.findings
        .iter()
        .any(|f| f.code.edit() != Edit::No && wanted(f))
}

/// The fixes of the findings of `game` that `wanted` selects, in the order of the findings:
/// each finding whose every place has a certain edit, minus those whose edits clash with
/// another finding's.
pub fn plan(game: &GameReport, wanted: impl Fn(&Finding) -> bool) -> Vec<FindingFix> {
    if game.encoding.is_utf16() || !may_fix(game, &wanted) {
        return Vec::new();
    }
    let mut fixes: Vec<FindingFix> = game
        .findings
        .iter()
        .enumerate()
        // The finding standing for those left out of a long list is not fixed: its others would
        // stay unfixed and unlisted. It stays in the report; another `--fix` reaches them.
        .filter(|(_, f)| f.code.edit() != Edit::No && wanted(f) && !stands_for_left_out(f))
        .filter_map(|(at, f)| {
            let edits = places::edits(game, f)?;
            let ascii = edits
                .iter()
                .all(|e| e.text.is_ascii() && e.original.is_ascii());
            (ascii && !edits.is_empty()).then_some(FindingFix {
                finding: at,
                code: f.code,
                edits,
            })
        })
        .collect();
    drop_clashes(&mut fixes);
    fixes
}

/// Whether `fixes` (of `game`) are held back: the game has an error-level finding they do not
/// fix.
pub fn held_back(game: &GameReport, fixes: &[FindingFix]) -> bool {
    game.findings.iter().enumerate().any(|(at, f)| {
        f.level == crate::finding::Level::Error && !fixes.iter().any(|x| x.finding == at)
    })
}

/// The fixes `check --fix` makes in `game` by default: [`plan`], none in a game [`held_back`].
pub fn fixable_now(game: &GameReport, wanted: impl Fn(&Finding) -> bool) -> Vec<FindingFix> {
    let fixes = plan(game, wanted);
    if held_back(game, &fixes) {
        return Vec::new();
    }
    fixes
}

/// Drops the fixes whose edits clash: two edits of different fixes that overlap (or insert at
/// the same place) and are not the same edit.
fn drop_clashes(fixes: &mut Vec<FindingFix>) {
    let mut all: Vec<(&ByteEdit, usize)> = fixes
        .iter()
        .enumerate()
        .flat_map(|(k, fix)| fix.edits.iter().map(move |e| (e, k)))
        .collect();
    all.sort_by_key(|(e, _)| (e.span.offset, e.span.len));
    let mut clashing = vec![false; fixes.len()];
    for pair in all.windows(2) {
        let ((a, ka), (b, kb)) = (pair[0], pair[1]);
        if a == b {
            continue;
        }
        let inserts_twice = a.span.len == 0 && b.span.len == 0 && a.span.offset == b.span.offset;
        if b.span.offset < a.end() || inserts_twice {
            clashing[ka] = true;
            clashing[kb] = true;
        }
    }
    let mut k = 0;
    fixes.retain(|_| {
        k += 1;
        !clashing[k - 1]
    });
}

/// The edits of `fixes`, in file order, each once (two findings may make the same edit: a `:`
/// in a move that both N-COLON-CAPTURE and W-MIXED-SEPARATORS write `x`).
pub fn edits_in_order<'a>(fixes: impl IntoIterator<Item = &'a FindingFix>) -> Vec<ByteEdit> {
    let mut edits: Vec<ByteEdit> = fixes
        .into_iter()
        .flat_map(|f| f.edits.iter().cloned())
        .collect();
    edits.sort_by_key(|e| (e.span.offset, e.span.len));
    edits.dedup();
    edits
}

/// Why the edits cannot be made to `bytes`: an edit outside them, or whose bytes there are
/// not the ones it was planned from (the file changed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stale {
    pub offset: u64,
}

/// `bytes` with `edits` made (in file order, none overlapping: [`edits_in_order`]).
pub fn apply(bytes: &[u8], edits: &[ByteEdit]) -> Result<Vec<u8>, Stale> {
    let grown: usize = edits.iter().map(|e| e.text.len()).sum();
    let mut out = Vec::with_capacity(bytes.len() + grown);
    let mut at = 0usize;
    for edit in edits {
        let stale = Stale {
            offset: edit.span.offset,
        };
        let start = usize::try_from(edit.span.offset).map_err(|_| stale.clone())?;
        let end = usize::try_from(edit.end()).map_err(|_| stale.clone())?;
        if start < at || bytes.get(start..end) != Some(&edit.original[..]) {
            return Err(stale);
        }
        out.extend_from_slice(&bytes[at..start]);
        out.extend_from_slice(edit.text.as_bytes());
        at = end;
    }
    out.extend_from_slice(&bytes[at..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(offset: u64, original: &str, text: &str) -> ByteEdit {
        ByteEdit {
            span: Span::new(offset, original.len()),
            text: text.to_string(),
            original: original.as_bytes().to_vec(),
        }
    }

    fn fix(finding: usize, edits: Vec<ByteEdit>) -> FindingFix {
        FindingFix {
            finding,
            code: Code::ZeroPaddedSquare,
            edits,
        }
    }

    /// Edits change their bytes only; an edit whose bytes are not there any more is refused.
    #[test]
    fn edits_change_their_bytes_only() {
        let bytes = b"1. 09-13 22x18 *";
        let edits = [edit(3, "0", ""), edit(11, "x", "-"), edit(16, "", " ")];
        assert_eq!(apply(bytes, &edits).unwrap(), b"1. 9-13 22-18 * ");
        assert_eq!(apply(b"1. 19-13 22x18 *", &edits), Err(Stale { offset: 3 }));
        assert_eq!(apply(b"1. 0", &edits), Err(Stale { offset: 11 }));
    }

    /// Two fixes that touch the same bytes differently are both dropped; the same edit made by
    /// two fixes is made once; a fix apart from them stays.
    #[test]
    fn clashing_fixes_are_dropped() {
        let mut fixes = vec![
            fix(0, vec![edit(5, ":", "x")]),
            fix(1, vec![edit(5, ":", "-")]),
            fix(2, vec![edit(9, "0", "")]),
            fix(3, vec![edit(9, "0", "")]),
            fix(4, vec![edit(20, "", " *")]),
        ];
        drop_clashes(&mut fixes);
        let kept: Vec<usize> = fixes.iter().map(|f| f.finding).collect();
        assert_eq!(kept, [2, 3, 4]);
        assert_eq!(edits_in_order(&fixes).len(), 2);
        let mut inserts = vec![
            fix(0, vec![edit(4, "", "[")]),
            fix(1, vec![edit(4, "", "*")]),
        ];
        drop_clashes(&mut inserts);
        assert!(inserts.is_empty());
    }
}
