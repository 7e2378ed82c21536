//! How many findings of one code a game lists (see `docs/limits.md`): a game's findings then
//! take memory bounded by the number of codes, whatever its size.

use super::{Code, Finding};
use crate::reader::Span;

/// At most this many findings of one code are listed for a game; the others are counted,
/// and one more finding of that code says how many were left out.
pub const MAX_LISTED_PER_CODE: usize = 1000;

/// The limit of one game's findings: per code how many are listed, counted once the game has
/// [`MAX_LISTED_PER_CODE`] in all (before that no code can be over the limit), and per code
/// the first one left out and how many. The reader and the replay each keep one.
#[derive(Debug, Default)]
pub(crate) struct ListingLimit {
    listed: Vec<u32>,
    left_out: Vec<(Code, Span, u64)>,
    /// Where in the list the finding of each habit code is ([`Code::once_per_game`]): the
    /// others of its code join it, so a habit takes one finding whatever the game's length.
    habits: Vec<(Code, usize)>,
}

impl ListingLimit {
    /// Whether nothing is counted: the state of a new game.
    #[inline]
    pub(crate) fn is_clear(&self) -> bool {
        self.listed.is_empty() && self.left_out.is_empty()
    }

    /// Whether a finding of this game has been left out.
    pub(crate) fn any(&self) -> bool {
        !self.left_out.is_empty()
    }

    /// Whether one more finding of `code` (at `span`) may be listed beside `listed`, the codes
    /// of those listed so far; otherwise it is counted as left out.
    #[inline]
    pub(crate) fn admits(
        &mut self,
        code: Code,
        span: Span,
        listed: impl ExactSizeIterator<Item = Code>,
    ) -> bool {
        if self.listed.is_empty() {
            if listed.len() < MAX_LISTED_PER_CODE {
                return true;
            }
            self.listed = vec![0; Code::ALL.len()];
            for listed_code in listed {
                self.listed[listed_code as usize] += 1;
            }
        }
        let count = &mut self.listed[code as usize];
        if (*count as usize) < MAX_LISTED_PER_CODE {
            *count += 1;
            return true;
        }
        match self.left_out.iter_mut().find(|(c, _, _)| *c == code) {
            Some((_, _, n)) => *n += 1,
            None => self.left_out.push((code, span, 1)),
        }
        false
    }

    /// The finding already in `list` of habit `code` ([`Code::once_per_game`]), which a new
    /// one joins (its place in [`Finding::also`]) rather than being listed itself.
    #[inline]
    pub(crate) fn habit<'a>(
        &mut self,
        list: &'a mut [Finding],
        code: Code,
    ) -> Option<&'a mut Finding> {
        let known = self.habits.iter_mut().find(|(c, _)| *c == code);
        let at = match known {
            // (A list the reader inserted into since is searched again.)
            Some(&mut (_, at)) if list.get(at).is_some_and(|f| f.code == code) => at,
            _ => {
                let at = list.iter().position(|f| f.code == code)?;
                self.habits.retain(|(c, _)| *c != code);
                self.habits.push((code, at));
                at
            }
        };
        Some(&mut list[at])
    }

    /// One finding per code left out, saying how many, added to `list`; the limit starts again
    /// (next game).
    #[inline]
    pub(crate) fn finish(&mut self, list: &mut Vec<Finding>) {
        self.habits.clear();
        if self.is_clear() {
            return; // fewer than the limit in all: nothing counted, nothing left out
        }
        self.listed.clear();
        for (code, span, count) in std::mem::take(&mut self.left_out) {
            list.push(Finding::new(code, span, left_out_message(count)));
        }
    }
}

/// The message of the finding standing for `count` left out of one code.
pub fn left_out_message(count: u64) -> String {
    format!(
        "{count} more like this in this game, left out (at most {MAX_LISTED_PER_CODE} of one \
         code are listed a game)"
    )
}

/// Whether `finding` is the one standing for others of its code left out of its game's list
/// ([`left_out_message`]): it names only the first of them, so fixing its place alone would
/// leave the others unseen.
pub fn stands_for_left_out(finding: &Finding) -> bool {
    let Some((count, rest)) = finding.message.split_once(' ') else {
        return false;
    };
    count.bytes().all(|b| b.is_ascii_digit())
        && count
            .parse::<u64>()
            .is_ok_and(|n| finding.message == left_out_message(n))
        && rest.starts_with("more like this")
}

/// Adds `finding` to a game's `list`, unless the list already has [`MAX_LISTED_PER_CODE`] of
/// its code: then it is counted in `limit`. A habit already listed takes its place instead.
/// Returns whether it was added.
#[inline]
pub(crate) fn push_capped(
    list: &mut Vec<Finding>,
    limit: &mut ListingLimit,
    finding: Finding,
) -> bool {
    if finding.code.once_per_game()
        && let Some(first) = limit.habit(list, finding.code)
    {
        first.also.push(finding.span);
        return false;
    }
    let listed = list.iter().map(|f| f.code);
    if !limit.admits(finding.code, finding.span, listed) {
        return false;
    }
    list.push(finding);
    true
}
