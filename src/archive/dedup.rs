//! Duplicate games: copies of one game that creep into an archive when archives are merged.
//!
//! Two games are copies when they start from the same position and play the same main line in
//! the same variant ([`Fingerprint`]); tags are ignored unless asked ([`KeyOptions::tags`]), and
//! a game without moves is only ever a copy of one with the same seven tags too (otherwise
//! every empty record would be "the same game"). Copies whose tags or result differ are the
//! near duplicates an archivist wants to look at: [`Copy::differs`] names what differs.
//!
//! Moves are compared as written (squares, not separators or move numbers), so a copy in another
//! notation (algebraic beside numeric) is not found.

use crate::pipeline::PerGame;
use crate::reader::{Game, MoveKind};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

/// The tags compared between copies, and used in the key with [`KeyOptions::tags`]: PDN's
/// seven-tag roster.
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// What makes two games the same game.
#[derive(Debug, Clone, Copy, Default)]
pub struct KeyOptions {
    /// The seven-tag roster must be equal too.
    pub tags: bool,
}

/// A 128-bit hash of what makes a game the same game: collisions among even a billion games
/// are out of reach, so equal fingerprints are taken as equal games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint(u128);

/// The roster's values, in [`ROSTER`] order (empty when the tag is absent).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Roster(pub [Box<str>; 7]);

impl Roster {
    pub fn of(game: &Game) -> Roster {
        Roster(ROSTER.map(|name| game.tag(name).unwrap_or("").trim().into()))
    }

    pub fn get(&self, name: &str) -> &str {
        ROSTER
            .iter()
            .position(|n| *n == name)
            .map_or("", |i| &self.0[i])
    }
}

/// What the workers compute for each game.
#[derive(Debug, Clone)]
pub struct GameKey {
    /// 1-based position of the game in its file.
    pub index: u64,
    pub line: u64,
    pub fingerprint: Fingerprint,
    /// Main-line moves.
    pub plies: u32,
    pub roster: Roster,
    /// The terminator as written, if any.
    pub terminator: Option<&'static str>,
    /// The game's text as written, when the run keeps it (for `--keep`).
    pub source: Option<Box<str>>,
}

impl PerGame for GameKey {
    fn shift_index(&mut self, by: u64) {
        self.index += by;
    }
}

impl GameKey {
    /// The key of `game`; `keep_source` takes its text along (moved out of the game's copy).
    pub fn of(game: &Game, options: KeyOptions, keep_source: bool) -> GameKey {
        let roster = Roster::of(game);
        GameKey {
            index: game.index,
            line: game.locate(game.span).line,
            fingerprint: fingerprint(game, &roster, options),
            plies: game.moves.len() as u32,
            roster,
            terminator: game.result.as_ref().map(|r| r.kind.as_str()),
            source: if keep_source {
                game.source.clone()
            } else {
                None
            },
        }
    }
}

/// The fingerprint of a game: variant, start position and main-line moves (and the roster when
/// asked, or when there are no moves).
pub fn fingerprint(game: &Game, roster: &Roster, options: KeyOptions) -> Fingerprint {
    // Two independent 64-bit SipHashes (different leading words) make 128 bits.
    let mut low = DefaultHasher::new();
    let mut high = DefaultHasher::new();
    0x5eed_u64.hash(&mut low);
    0xdedd_u64.hash(&mut high);
    for hasher in [&mut low, &mut high] {
        game.variant.hash(hasher);
        match &game.setup {
            Some(setup) => {
                let mut white = setup.white.clone();
                let mut black = setup.black.clone();
                white.sort();
                black.sort();
                (1u8, setup.to_move, white, black).hash(hasher);
            }
            None => 0u8.hash(hasher),
        }
        for node in game.moves.iter() {
            (node.kind() == MoveKind::Unknown).hash(hasher);
            match node.squares() {
                // `d5`, a Hawaiian removal written as its square alone, is the move `d5xd5`.
                &[square] => [square, square].hash(hasher),
                squares => squares.hash(hasher),
            }
        }
        if options.tags || game.moves.is_empty() {
            roster.0.hash(hasher);
        }
    }
    Fingerprint(u128::from(high.finish()) << 64 | u128::from(low.finish()))
}

/// One copy of a game: where it is, and what differs from the first copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Copy {
    pub file: usize,
    pub index: u64,
    pub line: u64,
    /// Roster tags whose values differ from the first copy's (and `Result` when the terminator
    /// does), in roster order; empty for an exact copy.
    pub differs: Vec<&'static str>,
}

/// A game and its copies, in input order (the first is the one `--keep first` keeps).
#[derive(Debug, Clone)]
pub struct Group {
    pub plies: u32,
    pub roster: Roster,
    pub terminator: Option<&'static str>,
    pub copies: Vec<Copy>,
}

impl Group {
    /// Some copy differs from the first in its tags or result.
    pub fn is_near(&self) -> bool {
        self.copies.iter().any(|c| !c.differs.is_empty())
    }
}

/// Whether a game is the first of its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    First,
    /// A copy of the game at this file and index.
    Duplicate {
        file: usize,
        index: u64,
    },
}

/// Games seen so far, grouped by fingerprint. Memory grows with the distinct games (a few dozen
/// bytes and the roster each), not with the archive's size.
#[derive(Debug, Default)]
pub struct Dedup {
    by_fingerprint: HashMap<Fingerprint, usize>,
    groups: Vec<Group>,
    games: u64,
    duplicates: u64,
}

impl Dedup {
    /// Adds the next game in input order.
    pub fn add(&mut self, file: usize, key: &GameKey) -> Verdict {
        self.games += 1;
        if let Some(&group) = self.by_fingerprint.get(&key.fingerprint) {
            self.duplicates += 1;
            let group = &mut self.groups[group];
            let mut differs: Vec<&'static str> = ROSTER
                .iter()
                .zip(group.roster.0.iter().zip(key.roster.0.iter()))
                .filter(|(_, (a, b))| a != b)
                .map(|(name, _)| *name)
                .collect();
            if group.terminator != key.terminator && !differs.contains(&"Result") {
                differs.push("Result");
            }
            let first = &group.copies[0];
            let verdict = Verdict::Duplicate {
                file: first.file,
                index: first.index,
            };
            group.copies.push(Copy {
                file,
                index: key.index,
                line: key.line,
                differs,
            });
            return verdict;
        }
        self.by_fingerprint
            .insert(key.fingerprint, self.groups.len());
        self.groups.push(Group {
            plies: key.plies,
            roster: key.roster.clone(),
            terminator: key.terminator,
            copies: vec![Copy {
                file,
                index: key.index,
                line: key.line,
                differs: Vec::new(),
            }],
        });
        Verdict::First
    }

    /// Groups of two copies or more, in the order of their first copies.
    pub fn duplicate_groups(&self) -> impl Iterator<Item = &Group> {
        self.groups.iter().filter(|g| g.copies.len() > 1)
    }

    pub fn games(&self) -> u64 {
        self.games
    }

    /// Games that are a copy of an earlier one.
    pub fn duplicates(&self) -> u64 {
        self.duplicates
    }

    pub fn distinct(&self) -> u64 {
        self.games - self.duplicates
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::{ReadOptions, Reader};

    fn games(text: &str) -> Vec<Game> {
        Reader::new(text.as_bytes(), ReadOptions::default())
            .map(|g| g.expect("read"))
            .collect()
    }

    fn keys(text: &str, options: KeyOptions) -> Vec<GameKey> {
        games(text)
            .iter()
            .map(|g| GameKey::of(g, options, false))
            .collect()
    }

    const TWO_TAGS: &str = "[White \"A\"][Black \"B\"][GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n\
        [White \"C\"][Black \"B\"][GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 0-2\n";

    #[test]
    fn same_moves_under_other_tags_are_copies_that_say_what_differs() {
        let keys = keys(TWO_TAGS, KeyOptions::default());
        let mut dedup = Dedup::default();
        assert_eq!(dedup.add(0, &keys[0]), Verdict::First);
        assert_eq!(
            dedup.add(0, &keys[1]),
            Verdict::Duplicate { file: 0, index: 1 }
        );
        let group = dedup.duplicate_groups().next().expect("a group");
        assert_eq!(group.copies[1].differs, vec!["White", "Result"]);
        assert!(group.is_near());
        assert_eq!((dedup.games(), dedup.distinct()), (2, 1));
    }

    #[test]
    fn with_tags_in_the_key_other_tags_make_other_games() {
        let keys = keys(TWO_TAGS, KeyOptions { tags: true });
        assert_ne!(keys[0].fingerprint, keys[1].fingerprint);
    }

    #[test]
    fn separators_and_move_numbers_do_not_matter_but_one_square_does() {
        let a = keys(
            "1. 32-28 19-23 *\n\n32-28 19-23 *\n\n1. 32-28 19-24 *\n",
            KeyOptions::default(),
        );
        assert_eq!(a[0].fingerprint, a[1].fingerprint);
        assert_ne!(a[0].fingerprint, a[2].fingerprint);
    }

    #[test]
    fn a_setup_is_part_of_the_game_in_any_piece_order() {
        let a = keys(
            "[FEN \"W:W31,32:B1,2\"]\n1. 31-27 *\n\n[FEN \"W:W32,31:B2,1\"]\n1. 31-27 *\n\n\
             [FEN \"W:W31,33:B1,2\"]\n1. 31-27 *\n\n1. 31-27 *\n",
            KeyOptions::default(),
        );
        assert_eq!(a[0].fingerprint, a[1].fingerprint);
        assert_ne!(a[0].fingerprint, a[2].fingerprint);
        assert_ne!(a[0].fingerprint, a[3].fingerprint);
    }

    #[test]
    fn games_without_moves_are_copies_only_with_the_same_tags() {
        let a = keys(
            "[Event \"x\"]\n*\n\n[Event \"y\"]\n*\n\n[Event \"x\"]\n*\n",
            KeyOptions::default(),
        );
        assert_ne!(a[0].fingerprint, a[1].fingerprint);
        assert_eq!(a[0].fingerprint, a[2].fingerprint);
    }

    #[test]
    fn the_variant_is_part_of_the_game() {
        let a = keys(
            "[GameType \"20\"]\n1. 32-28 *\n\n[GameType \"21\"]\n1. 32-28 *\n",
            KeyOptions::default(),
        );
        assert_ne!(a[0].fingerprint, a[1].fingerprint);
    }
}
