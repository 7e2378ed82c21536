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
    /// At most `per_level` of each level, and `total` in all (GitHub annotations: so many of
    /// each level a step, so many in all a job).
    PerLevel { per_level: usize, total: usize },
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
            Cap::PerLevel { per_level, .. } if self.levels[at].len() >= per_level => {
                self.left_out[at] += 1
            }
            Cap::Total(max) | Cap::PerLevel { total: max, .. } => {
                self.levels[at].push((place, item));
                if self.kept() > max {
                    self.drop_least_severe();
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

    /// The least severe level that has any gives up its latest item.
    fn drop_least_severe(&mut self) {
        if let Some(l) = (0..3).rev().find(|&l| !self.levels[l].is_empty()) {
            self.levels[l].pop();
            self.left_out[l] += 1;
        }
    }

    /// Makes room for a notice of one's own, within the cap: gives up the latest note when the
    /// notes are at their limit, or the least severe item when the total is.
    pub fn make_room_for_a_note(&mut self) {
        match self.cap {
            Cap::PerLevel { per_level, total } => {
                if self.levels[2].len() >= per_level {
                    self.levels[2].pop();
                    self.left_out[2] += 1;
                } else if self.kept() >= total {
                    self.drop_least_severe();
                }
            }
            Cap::Total(total) if self.kept() >= total => self.drop_least_severe(),
            _ => {}
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
        let mut kept = Kept::new(Cap::PerLevel {
            per_level: 1,
            total: 10,
        });
        for (i, level) in [Level::Warning, Level::Error, Level::Warning, Level::Error]
            .into_iter()
            .enumerate()
        {
            kept.push(level, i);
        }
        assert_eq!(kept.left_out, [1, 1, 0]);
        assert_eq!(kept.by_severity().collect::<Vec<_>>(), vec![1, 0]);
    }

    #[test]
    fn a_cap_per_level_within_a_total_gives_up_the_least_severe_and_makes_room() {
        let cap = Cap::PerLevel {
            per_level: 3,
            total: 4,
        };
        let mut kept = Kept::new(cap);
        let levels = [
            Level::Note,
            Level::Warning,
            Level::Warning,
            Level::Error,
            Level::Error,
        ];
        for (i, level) in levels.into_iter().enumerate() {
            kept.push(level, i);
        }
        // Five within three of each, four in all: the note gave way.
        assert_eq!(kept.left_out, [0, 0, 1]);
        kept.make_room_for_a_note();
        assert_eq!(kept.left_out, [0, 1, 1], "the latest warning makes room");
        assert_eq!(kept.by_severity().collect::<Vec<_>>(), vec![3, 4, 1]);
    }
}
