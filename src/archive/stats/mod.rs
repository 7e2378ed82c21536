//! Archive statistics: games and plies by variant, results by colour, game lengths, openings,
//! draw rules, findings by code, players and events.
//!
//! Each game is checked and boiled down to a [`GameSummary`] on the workers; [`Stats::add`] folds
//! the summaries in input order, so the figures (and the order of ties) are the same for any
//! number of jobs. Memory grows with the distinct players, events, openings and game lengths,
//! never with the number of games.
//!
//! Results are read by each variant's convention: `1-0` (or `2-0`) is a win for the side that
//! moves first, which is Black in English checkers and White in International draughts (PDN 3.0;
//! docs/rules.md "Result tokens"), as `check` reads them.

pub mod json;
pub mod svg;
pub mod table;

use crate::check::{CheckOptions, check_game};
use crate::draw_rules::DrawRule;
use crate::finding::Level;
use crate::notation::Color;
use crate::pipeline::PerGame;
use crate::reader::{Game, MoveKind, ResultKind};
use crate::variant::Variant;
use std::collections::{BTreeMap, HashMap};

/// How to summarise.
#[derive(Debug, Clone)]
pub struct StatsOptions {
    /// Plies that make an opening (3: English's three-move ballot).
    pub opening_plies: usize,
    /// How games are checked (findings, draw rules).
    pub check: CheckOptions,
}

impl Default for StatsOptions {
    fn default() -> StatsOptions {
        StatsOptions {
            opening_plies: 3,
            check: CheckOptions::default(),
        }
    }
}

/// What a game's recorded result says, read by its variant's convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The side that moved first won (`1-0`, `2-0`).
    FirstMoverWins,
    /// The other side won (`0-1`, `0-2`).
    SecondMoverWins,
    Draw,
    /// `*`: the game was not finished (or its result not known when it was written).
    Unfinished,
    /// A value that is not a result (`0-0`, `4-6`, free text).
    Unknown,
    /// No Result tag and no terminator.
    Missing,
}

impl Outcome {
    /// The Result tag, else the terminator (OCA and most archives say it in both).
    fn of(game: &Game) -> Outcome {
        let text = match (game.tag("Result"), &game.result) {
            (Some(tag), _) => tag.trim(),
            (None, Some(token)) => match &token.nonstandard {
                Some(_) => return Outcome::Unknown,
                None => token.kind.as_str(),
            },
            (None, None) => return Outcome::Missing,
        };
        // Either result type reads as the same outcome, as `check` reads it (N-RESULT-STYLE).
        match ResultKind::parse(text) {
            Some(ResultKind::OneZero | ResultKind::TwoZero) => Outcome::FirstMoverWins,
            Some(ResultKind::ZeroOne | ResultKind::ZeroTwo) => Outcome::SecondMoverWins,
            Some(ResultKind::Half | ResultKind::OneOne) => Outcome::Draw,
            Some(ResultKind::Unknown) => Outcome::Unfinished,
            Some(ResultKind::ZeroZero) | None => Outcome::Unknown,
        }
    }
}

/// A result by colour: who won, once the variant says who moved first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ColorResult {
    Win(Color),
    Draw,
    Unfinished,
    /// Not a result, or a win in a game whose first mover is not known (unknown variant).
    Unknown,
    Missing,
}

impl ColorResult {
    fn of(outcome: Outcome, first_mover: Option<Color>) -> ColorResult {
        match (outcome, first_mover) {
            (Outcome::FirstMoverWins, Some(first)) => ColorResult::Win(first),
            (Outcome::SecondMoverWins, Some(first)) => ColorResult::Win(first.opposite()),
            (Outcome::FirstMoverWins | Outcome::SecondMoverWins, None) => ColorResult::Unknown,
            (Outcome::Draw, _) => ColorResult::Draw,
            (Outcome::Unfinished, _) => ColorResult::Unfinished,
            (Outcome::Unknown, _) => ColorResult::Unknown,
            (Outcome::Missing, _) => ColorResult::Missing,
        }
    }
}

/// A tag's trimmed value, unless empty or `?`.
fn named(game: &Game, name: &str) -> Option<Box<str>> {
    game.tag(name)
        .map(str::trim)
        .filter(|v| !v.is_empty() && *v != "?")
        .map(Box::from)
}

/// What the workers compute for each game: all [`Stats`] needs of it.
#[derive(Debug, Clone)]
pub struct GameSummary {
    /// 1-based position of the game in its file.
    pub index: u64,
    pub variant: Option<Variant>,
    /// Main-line moves recorded.
    pub plies: u32,
    pub outcome: Outcome,
    /// The side that moves first, which `1-0` gives the game to, when known.
    pub first_mover: Option<Color>,
    pub result: ColorResult,
    /// The first plies as written (squares and separator), when the game has that many from
    /// the start position.
    pub opening: Option<Box<str>>,
    /// The Opening (or Ballot) tag.
    pub opening_name: Option<Box<str>>,
    pub white: Option<Box<str>>,
    pub black: Option<Box<str>>,
    pub event: Option<Box<str>>,
    /// Draw rules that held on the main line.
    pub draws: Vec<DrawRule>,
    /// Codes of the error and warning findings, one entry per finding.
    pub findings: Vec<(&'static str, Level)>,
}

impl PerGame for GameSummary {
    fn shift_index(&mut self, by: u64) {
        self.index += by;
    }
}

impl GameSummary {
    /// Checks `game` and keeps what the statistics count.
    pub fn of(game: &Game, options: &StatsOptions) -> GameSummary {
        let report = check_game(game, &options.check);
        let variant = report.variant;
        let outcome = Outcome::of(game);
        let first_mover = super::first_mover(game, variant);
        let n = options.opening_plies;
        let line = &game.moves;
        let opening = (n > 0 && line.len() >= n && game.setup.is_none())
            .then(|| line.iter().take(n))
            .filter(|first| first.clone().all(|m| m.kind() != MoveKind::Unknown))
            .map(|first| {
                let mut text = String::new();
                for (i, node) in first.enumerate() {
                    if i > 0 {
                        text.push(' ');
                    }
                    match node.squares() {
                        // `d5`, a Hawaiian removal written as its square alone, is counted
                        // with `d5xd5`, the form pdnkit writes.
                        &[square] => {
                            square.push_to(&mut text);
                            text.push('x');
                            square.push_to(&mut text);
                        }
                        _ => node.write_canonical(&mut text),
                    }
                }
                text.into_boxed_str()
            });
        GameSummary {
            index: game.index,
            variant,
            plies: report.plies_recorded,
            outcome,
            first_mover,
            result: ColorResult::of(outcome, first_mover),
            opening,
            opening_name: named(game, "Opening").or_else(|| named(game, "Ballot")),
            white: named(game, "White"),
            black: named(game, "Black"),
            event: named(game, "Event"),
            draws: report.draws.iter().map(|d| d.rule).collect(),
            findings: report
                .findings
                .iter()
                .filter(|f| f.level != Level::Note)
                .map(|f| (f.code.as_str(), f.level))
                .collect(),
        }
    }
}

/// Games by result, by colour.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ResultCounts {
    pub white: u64,
    pub black: u64,
    pub draws: u64,
    pub unfinished: u64,
    pub unknown: u64,
    pub missing: u64,
}

impl ResultCounts {
    fn add(&mut self, result: ColorResult) {
        *match result {
            ColorResult::Win(Color::White) => &mut self.white,
            ColorResult::Win(Color::Black) => &mut self.black,
            ColorResult::Draw => &mut self.draws,
            ColorResult::Unfinished => &mut self.unfinished,
            ColorResult::Unknown => &mut self.unknown,
            ColorResult::Missing => &mut self.missing,
        } += 1;
    }

    pub fn games(&self) -> u64 {
        self.white + self.black + self.draws + self.unfinished + self.unknown + self.missing
    }

    pub fn wins(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// One variant's games.
#[derive(Debug, Clone, Default)]
pub struct VariantStats {
    pub games: u64,
    pub plies: u64,
    pub results: ResultCounts,
    /// The side that moves first (the variant's rules, else the GameType says), when every
    /// game says the same.
    pub first_mover: Option<Color>,
    /// Games disagree on who moves first (games of no known variant, each with its GameType).
    mixed: bool,
}

/// A game pointed at: the shortest or longest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRef {
    pub file: usize,
    pub index: u64,
    pub plies: u32,
    pub white: Option<Box<str>>,
    pub black: Option<Box<str>>,
    pub event: Option<Box<str>>,
}

/// An opening: how often it was played, and the names the archive gives it.
#[derive(Debug, Clone, Default)]
pub struct OpeningStats {
    pub games: u64,
    pub results: ResultCounts,
    names: BTreeMap<Box<str>, u64>,
}

impl OpeningStats {
    /// The name most of its games carry (Opening or Ballot tag; the first in sort order on a
    /// tie), if any does.
    pub fn name(&self) -> Option<&str> {
        let mut best: Option<(&str, u64)> = None;
        for (name, &n) in &self.names {
            if best.is_none_or(|(_, b)| n > b) {
                best = Some((name, n));
            }
        }
        best.map(|(name, _)| name)
    }
}

/// A player's games and score (a win 1, a draw 1/2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlayerStats {
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl PlayerStats {
    /// Games with a result that scores (won, drawn or lost).
    pub fn scored(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The score in half points (exact).
    pub fn half_points(&self) -> u64 {
        2 * self.wins + self.draws
    }
}

/// Everything counted over an archive.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    pub games: u64,
    pub plies: u64,
    pub by_variant: HashMap<Option<Variant>, VariantStats>,
    /// Games by main-line length.
    pub lengths: BTreeMap<u32, u64>,
    pub shortest: Option<GameRef>,
    pub longest: Option<GameRef>,
    /// Games from the start position long enough to have an opening.
    pub with_opening: u64,
    pub openings: HashMap<(Option<Variant>, Box<str>), OpeningStats>,
    /// Games in which each draw rule held.
    pub draws: BTreeMap<DrawRule, u64>,
    /// Findings by code (errors and warnings; notes are left out, as `check`'s summary does).
    pub findings: BTreeMap<&'static str, u64>,
    pub games_with_errors: u64,
    pub games_with_warnings: u64,
    pub players: HashMap<Box<str>, PlayerStats>,
    pub events: HashMap<Box<str>, ResultCounts>,
}

impl Stats {
    /// Adds the next game in input order (`file` is its input's index).
    pub fn add(&mut self, file: usize, game: GameSummary) {
        self.games += 1;
        self.plies += u64::from(game.plies);
        let variant = self.by_variant.entry(game.variant).or_default();
        variant.games += 1;
        variant.plies += u64::from(game.plies);
        variant.results.add(game.result);
        // One reading for the table's rows only when every game has the same.
        if variant.games == 1 {
            variant.first_mover = game.first_mover;
        } else if variant.first_mover != game.first_mover {
            variant.mixed = true;
        }
        if variant.mixed {
            variant.first_mover = None;
        }
        *self.lengths.entry(game.plies).or_default() += 1;
        let pointed = || GameRef {
            file,
            index: game.index,
            plies: game.plies,
            white: game.white.clone(),
            black: game.black.clone(),
            event: game.event.clone(),
        };
        // The first game of the shortest and of the longest length, in input order.
        if self.shortest.as_ref().is_none_or(|s| game.plies < s.plies) {
            self.shortest = Some(pointed());
        }
        if self.longest.as_ref().is_none_or(|l| game.plies > l.plies) {
            self.longest = Some(pointed());
        }
        if let Some(opening) = game.opening {
            self.with_opening += 1;
            let entry = self.openings.entry((game.variant, opening)).or_default();
            entry.games += 1;
            entry.results.add(game.result);
            if let Some(name) = game.opening_name {
                *entry.names.entry(name).or_default() += 1;
            }
        }
        for rule in game.draws {
            *self.draws.entry(rule).or_default() += 1;
        }
        let mut errors = false;
        let mut warnings = false;
        for (code, level) in game.findings {
            *self.findings.entry(code).or_default() += 1;
            errors |= level == Level::Error;
            warnings |= level == Level::Warning;
        }
        self.games_with_errors += u64::from(errors);
        self.games_with_warnings += u64::from(warnings);
        for (player, color) in [(game.white, Color::White), (game.black, Color::Black)] {
            let Some(player) = player else { continue };
            let entry = self.players.entry(player).or_default();
            entry.games += 1;
            match game.result {
                ColorResult::Win(winner) if winner == color => entry.wins += 1,
                ColorResult::Win(_) => entry.losses += 1,
                ColorResult::Draw => entry.draws += 1,
                _ => {}
            }
        }
        if let Some(event) = game.event {
            self.events.entry(event).or_default().add(game.result);
        }
    }

    /// Variants by games (most first), then name; unknown last.
    pub fn variants(&self) -> Vec<(Option<Variant>, &VariantStats)> {
        let mut v: Vec<_> = self.by_variant.iter().map(|(k, s)| (*k, s)).collect();
        v.sort_by(|a, b| {
            (a.0.is_none(), b.1.games, variant_name(a.0)).cmp(&(
                b.0.is_none(),
                a.1.games,
                variant_name(b.0),
            ))
        });
        v
    }

    /// Results over every variant.
    pub fn results(&self) -> ResultCounts {
        let mut all = ResultCounts::default();
        for v in self.by_variant.values() {
            let r = &v.results;
            all.white += r.white;
            all.black += r.black;
            all.draws += r.draws;
            all.unfinished += r.unfinished;
            all.unknown += r.unknown;
            all.missing += r.missing;
        }
        all
    }

    /// The median length in plies (the mean of the two middle ones for an even count).
    pub fn median_length(&self) -> Option<f64> {
        if self.games == 0 {
            return None;
        }
        let nth = |n: u64| {
            let mut seen = 0;
            for (&len, &count) in &self.lengths {
                seen += count;
                if seen > n {
                    return len;
                }
            }
            0
        };
        let (low, high) = (nth((self.games - 1) / 2), nth(self.games / 2));
        Some((f64::from(low) + f64::from(high)) / 2.0)
    }

    /// The length histogram: buckets of a round width (at most [`MAX_BUCKETS`]), from the
    /// shortest game's bucket to the longest's, empty buckets included.
    pub fn histogram(&self) -> Vec<Bucket> {
        let (Some((&min, _)), Some((&max, _))) = (
            self.lengths.first_key_value(),
            self.lengths.last_key_value(),
        ) else {
            return Vec::new();
        };
        let width = bucket_width(min, max);
        let first = min / width;
        let last = max / width;
        let mut buckets: Vec<Bucket> = (first..=last)
            .map(|b| Bucket {
                from: b * width,
                to: b * width + width - 1,
                games: 0,
            })
            .collect();
        for (&len, &count) in &self.lengths {
            buckets[(len / width - first) as usize].games += count;
        }
        buckets
    }

    /// The `top` most played openings (then by variant and moves).
    pub fn top_openings(&self, top: usize) -> Vec<(Option<Variant>, &str, &OpeningStats)> {
        let mut v: Vec<_> = self
            .openings
            .iter()
            .map(|((variant, moves), s)| (*variant, &**moves, s))
            .collect();
        v.sort_by(|a, b| {
            (b.2.games, variant_name(a.0), a.1).cmp(&(a.2.games, variant_name(b.0), b.1))
        });
        v.truncate(top);
        v
    }

    /// The `top` players by games, then score, then name.
    pub fn top_players(&self, top: usize) -> Vec<(&str, PlayerStats)> {
        let mut v: Vec<_> = self.players.iter().map(|(n, s)| (&**n, *s)).collect();
        v.sort_by(|a, b| {
            (b.1.games, b.1.half_points(), a.0).cmp(&(a.1.games, a.1.half_points(), b.0))
        });
        v.truncate(top);
        v
    }

    /// The `top` events by games, then name.
    pub fn top_events(&self, top: usize) -> Vec<(&str, ResultCounts)> {
        let mut v: Vec<_> = self.events.iter().map(|(n, s)| (&**n, *s)).collect();
        v.sort_by(|a, b| (b.1.games(), a.0).cmp(&(a.1.games(), b.0)));
        v.truncate(top);
        v
    }

    /// Findings by count (most first), then code.
    pub fn findings_by_count(&self) -> Vec<(&'static str, u64)> {
        let mut v: Vec<_> = self.findings.iter().map(|(c, n)| (*c, *n)).collect();
        v.sort_by(|a, b| (b.1, a.0).cmp(&(a.1, b.0)));
        v
    }
}

/// `english`, or `unknown` for a game whose variant is not known.
pub fn variant_name(variant: Option<Variant>) -> &'static str {
    variant.map_or("unknown", Variant::name)
}

/// Plies `from..=to`, and how many games have a length in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bucket {
    pub from: u32,
    pub to: u32,
    pub games: u64,
}

/// The most buckets a histogram has.
pub const MAX_BUCKETS: u32 = 20;

/// The smallest round width (1, 2, 5, 10, 20, 25, 50, 100, ...) that covers `min..=max` in at
/// most [`MAX_BUCKETS`] buckets.
fn bucket_width(min: u32, max: u32) -> u32 {
    let round = [1u32, 2, 5].into_iter().chain((1..9).flat_map(|e| {
        let s = 10u32.pow(e);
        [s, 2 * s, 5 * s / 2, 5 * s]
    }));
    round
        .into_iter()
        .find(|w| max / w - min / w < MAX_BUCKETS)
        .unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::{ReadOptions, Reader};

    fn stats(text: &str, options: &StatsOptions) -> Stats {
        let mut stats = Stats::default();
        for game in Reader::new(text.as_bytes(), ReadOptions::default()) {
            stats.add(0, GameSummary::of(&game.expect("read"), options));
        }
        stats
    }

    #[test]
    fn one_zero_is_a_win_for_the_first_mover_of_each_variant() {
        let s = stats(
            "[GameType \"21\"][Result \"1-0\"]\n1. 11-15 *\n\n\
             [GameType \"20\"][Result \"2-0\"]\n1. 32-28 *\n\n\
             [GameType \"20\"][Result \"0-2\"]\n1. 32-28 *\n",
            &StatsOptions::default(),
        );
        let english = &s.by_variant[&Some(Variant::English)].results;
        assert_eq!((english.black, english.white), (1, 0));
        let international = &s.by_variant[&Some(Variant::International)].results;
        assert_eq!((international.white, international.black), (1, 1));
    }

    #[test]
    fn the_result_tag_comes_before_the_terminator_and_no_result_is_missing() {
        let s = stats(
            "[GameType \"21\"][Result \"1/2-1/2\"]\n1. 11-15 1-0\n\n\
             [GameType \"21\"]\n1. 11-15 0-1\n\n\
             [GameType \"21\"][Result \"0-0\"]\n1. 11-15\n\n\
             [GameType \"21\"][Result \"*\"]\n1. 11-15 *\n",
            &StatsOptions::default(),
        );
        let r = s.results();
        assert_eq!((r.draws, r.white, r.unknown, r.unfinished), (1, 1, 1, 1));
    }

    #[test]
    fn a_win_without_a_known_first_mover_is_unknown_but_a_draw_is_a_draw() {
        let s = stats(
            "[GameType \"99\"][Result \"1-0\"]\n1. 11-15 1-0\n\n\
             [GameType \"99\"][Result \"1/2-1/2\"]\n1. 11-15 1/2-1/2\n",
            &StatsOptions::default(),
        );
        let r = s.results();
        assert_eq!((r.white, r.black, r.unknown, r.draws), (0, 0, 1, 1));
    }

    #[test]
    fn scores_count_a_win_one_and_a_draw_a_half() {
        let s = stats(
            "[GameType \"21\"][White \"A\"][Black \"B\"][Result \"0-1\"]\n1. 11-15 0-1\n\n\
             [GameType \"21\"][White \"B\"][Black \"A\"][Result \"1/2-1/2\"]\n1. 11-15 1/2-1/2\n\n\
             [GameType \"21\"][White \"A\"][Black \"B\"][Result \"*\"]\n1. 11-15 *\n",
            &StatsOptions::default(),
        );
        // English 0-1: the second mover, White (A), won.
        let a = s.players[&Box::from("A")];
        assert_eq!(
            (a.games, a.wins, a.draws, a.losses, a.half_points()),
            (3, 1, 1, 0, 3)
        );
        let b = s.players[&Box::from("B")];
        assert_eq!((b.scored(), b.half_points()), (2, 1));
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        let mut s = Stats::default();
        for (len, n) in [(10, 1), (20, 1), (30, 1), (41, 1)] {
            s.lengths.insert(len, n);
            s.games += n;
        }
        assert_eq!(s.median_length(), Some(25.0));
        s.lengths.insert(50, 1);
        s.games += 1;
        assert_eq!(s.median_length(), Some(30.0));
    }

    #[test]
    fn histogram_buckets_are_round_and_cover_every_game() {
        let mut s = Stats::default();
        for (len, n) in [(3, 2), (47, 5), (151, 1)] {
            s.lengths.insert(len, n);
            s.games += n;
        }
        let h = s.histogram();
        assert!(h.len() as u32 <= MAX_BUCKETS);
        assert_eq!(h[0].from, 0);
        assert_eq!(h[1].from - h[0].from, 10);
        assert_eq!(h.iter().map(|b| b.games).sum::<u64>(), 8);
        assert_eq!(
            h.last().map(|b| (b.from, b.to, b.games)),
            Some((150, 159, 1))
        );
        assert_eq!(bucket_width(0, 7), 1);
        assert_eq!(bucket_width(0, 30), 2);
        assert_eq!(bucket_width(0, 450), 25);
    }

    #[test]
    fn an_opening_is_its_first_plies_from_the_start_position_and_named_by_its_tag() {
        let s = stats(
            "[GameType \"21\"][Opening \"Old Fourteenth\"]\n1. 11-15 23-19 8-11 *\n\n\
             [GameType \"21\"]\n1. 11-15 23-19 8-11 22-17 *\n\n\
             [GameType \"21\"]\n1. 11-15 23-19 *\n\n\
             [GameType \"21\"][FEN \"B:W21,22:B1,2\"]\n1. 1-5 21-17 5-9 *\n",
            &StatsOptions::default(),
        );
        assert_eq!(s.with_opening, 2);
        let top = s.top_openings(5);
        assert_eq!(top.len(), 1);
        assert_eq!(top[0].1, "11-15 23-19 8-11");
        assert_eq!(top[0].2.games, 2);
        assert_eq!(top[0].2.name(), Some("Old Fourteenth"));
    }
}
