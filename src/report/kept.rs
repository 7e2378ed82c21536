//! The findings a CI service will take when it takes only so many: the most severe first
//! (errors, then warnings, then notes), the earliest first within a level; the rest are counted.

use crate::finding::Level;

/// How many a writer may keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// Every one.
    None,
    /// At most this many in all (a SARIF run).
    Total(usize),
    /// At most this many of each level (GitHub annotations).
    PerLevel(usize),
}

/// Items kept by level (errors, warnings, notes), each with its place in the input.
pub struct Kept<T> {
    cap: Cap,
    next: u64,
    levels: [Vec<(u64, T)>; 3],
    /// Left out, by level (errors, warnings, notes).
    pub left_out: [u64; 3],
}

fn slot(level: Level) -> usize {
    match level {
        Level::Error => 0,
        Level::Warning => 1,
        Level::Note => 2,
    }
}

impl<T> Kept<T> {
    pub fn new(cap: Cap) -> Self {
        Kept {
            cap,
            next: 0,
            levels: [Vec::new(), Vec::new(), Vec::new()],
            left_out: [0; 3],
        }
    }

    pub fn push(&mut self, level: Level, item: T) {
        let place = self.next;
        self.next += 1;
        let at = slot(level);
        match self.cap {
            Cap::PerLevel(max) if self.levels[at].len() >= max => self.left_out[at] += 1,
            Cap::Total(max) => {
                self.levels[at].push((place, item));
                if self.kept() > max {
                    // The least severe level that has any gives up its latest item.
                    let least = (0..3).rev().find(|&l| !self.levels[l].is_empty());
                    if let Some(l) = least {
                        self.levels[l].pop();
                        self.left_out[l] += 1;
                    }
                }
            }
            _ => self.levels[at].push((place, item)),
        }
    }

    pub fn kept(&self) -> usize {
        self.levels.iter().map(Vec::len).sum()
    }

    pub fn left_out_total(&self) -> u64 {
        self.left_out.iter().sum()
    }

    /// Gives up the latest note kept, if any (to make room for a notice of one's own).
    pub fn drop_last_note(&mut self) {
        if self.levels[2].pop().is_some() {
            self.left_out[2] += 1;
        }
    }

    /// The items kept, in input order.
    pub fn in_order(self) -> Vec<T> {
        let mut all: Vec<(u64, T)> = self.levels.into_iter().flatten().collect();
        all.sort_by_key(|(place, _)| *place);
        all.into_iter().map(|(_, item)| item).collect()
    }

    /// The items kept, errors first, then warnings, then notes, in input order within a level.
    pub fn by_severity(self) -> impl Iterator<Item = T> {
        self.levels.into_iter().flatten().map(|(_, item)| item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_total_cap_keeps_the_most_severe_and_the_earliest() {
        let mut kept = Kept::new(Cap::Total(3));
        for (i, level) in [
            Level::Note,
            Level::Warning,
            Level::Error,
            Level::Warning,
            Level::Error,
        ]
        .into_iter()
        .enumerate()
        {
            kept.push(level, i);
        }
        assert_eq!(kept.left_out, [0, 1, 1]);
        assert_eq!(kept.in_order(), vec![1, 2, 4]);
    }

    #[test]
    fn a_cap_per_level_keeps_the_first_of_each_and_orders_by_severity() {
        let mut kept = Kept::new(Cap::PerLevel(1));
        for (i, level) in [Level::Warning, Level::Error, Level::Warning, Level::Error]
            .into_iter()
            .enumerate()
        {
            kept.push(level, i);
        }
        assert_eq!(kept.left_out, [1, 1, 0]);
        assert_eq!(kept.by_severity().collect::<Vec<_>>(), vec![1, 0]);
    }
}
