//! Habits: a way of writing that a record keeps up move after move (an `x` on every
//! non-capture, a space inside every move). Reported once a game, at the first place, with the
//! count in the message and the other places in [`Finding::also`]: a 700-game archive that
//! writes every move so gives 700 findings, not 30,000, and nothing about the other places is
//! lost.

use super::{Code, Finding};

impl Code {
    /// Whether the code names a habit of the writer, reported once a game ([`collapse`]). (Not
    /// a localised tag name: a game has a few tags, and each finding says which name stands
    /// for which.)
    pub fn once_per_game(self) -> bool {
        matches!(
            self,
            Code::SeparatorMismatch
                | Code::CapturePath
                | Code::HubCaptureList
                | Code::SpaceInMove
                | Code::ZeroPaddedSquare
                | Code::ColonCapture
                | Code::MixedSeparators
                | Code::ForcedMoveMark
                | Code::LiteralEscape
                | Code::CaptureSplitIntoLegs
                | Code::VariationBeforeItsMove
        )
    }
}

/// Keeps the first finding of each habit code of one game's `findings` (in their order), the
/// places of the others in its [`Finding::also`] and their count in its message. (The reader
/// and the replay already fold each habit into one finding as they go
/// ([`super::push_capped`]), so that a long game never holds a finding per move: what is left
/// here is the message, and the findings pushed without that.)
pub fn collapse(findings: &mut Vec<Finding>) {
    // (Most games have no habit finding.)
    if !findings.iter().any(|f| f.code.once_per_game()) {
        return;
    }
    // The first finding of each habit code, by position in the kept list.
    let mut firsts: Vec<(Code, usize)> = Vec::new();
    let mut kept: Vec<Finding> = Vec::with_capacity(findings.len());
    for mut finding in findings.drain(..) {
        if finding.code.once_per_game() {
            if let Some(&(_, at)) = firsts.iter().find(|(code, _)| *code == finding.code) {
                let first: &mut Finding = &mut kept[at];
                first.also.push(finding.span);
                first.also.append(&mut finding.also);
                continue;
            }
            firsts.push((finding.code, kept.len()));
        }
        kept.push(finding);
    }
    for &(_, at) in &firsts {
        let first = &mut kept[at];
        let more = first.also.len();
        if more > 0 {
            // (A game finished again, once comments carried in from before it are joined,
            // is collapsed again: the count is said once.)
            let said = first
                .message
                .strip_suffix(TAIL)
                .and_then(|m| m.rfind(" (and "));
            if let Some(end) = said {
                first.message.truncate(end);
            }
            first.message = format!("{} (and {more}{TAIL}", first.message);
        }
    }
    *findings = kept;
}

/// How the message of a habit ends, after its count.
const TAIL: &str = " more like it in this game: a habit of the record, reported once)";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::Span;

    fn finding(code: Code, at: u64) -> Finding {
        Finding::new(code, Span::new(at, 1), format!("at {at}"))
    }

    /// The first of each habit code stays where it was, with the others' places and count;
    /// codes that are not habits, and a habit found once, are left as they were.
    #[test]
    fn a_habit_is_reported_once_a_game() {
        let mut folded = finding(Code::SpaceInMove, 6);
        folded.also.push(Span::new(7, 1));
        let mut findings = vec![
            finding(Code::SpaceInMove, 1),
            finding(Code::UnknownMove, 2),
            finding(Code::SeparatorMismatch, 3),
            finding(Code::SpaceInMove, 4),
            finding(Code::UnknownMove, 5),
            folded,
        ];
        collapse(&mut findings);
        let codes: Vec<(Code, u64)> = findings.iter().map(|f| (f.code, f.span.offset)).collect();
        assert_eq!(
            codes,
            [
                (Code::SpaceInMove, 1),
                (Code::UnknownMove, 2),
                (Code::SeparatorMismatch, 3),
                (Code::UnknownMove, 5),
            ]
        );
        assert_eq!(
            findings[0]
                .also
                .iter()
                .map(|s| s.offset)
                .collect::<Vec<_>>(),
            [4, 6, 7]
        );
        assert!(findings[0].message.starts_with("at 1 (and 3 more like it"));
        assert_eq!(findings[2].message, "at 3");
        assert!(findings[2].also.is_empty());
        // Collapsed again (a game finished twice): the same, the count said once.
        let again = findings.clone();
        collapse(&mut findings);
        assert_eq!(findings, again);
    }
}
