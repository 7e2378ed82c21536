//! Draw conditions of a replayed game. A record validator *flags* them; it does not decide the
//! game (see `docs/rules.md`, "Draw profiles").
//!
//! A [`DrawTracker`] follows one game move by move and reports each draw rule the first time it
//! holds, with the ply and a readable detail. Which rules apply is data ([`table`]): one row per
//! variant and [`DrawProfile`], every limit with the rulebook article beside it.
//!
//! Cost per move: a scan of the positions since the last irreversible move (which is short in
//! practice and cleared on every man advance or capture), and a few counters. Positions are
//! Zobrist-hashed ([`crate::rules::zobrist`]) only once a reversible move could bring one back: the
//! position after an irreversible move waits unhashed, as most moves of a game are irreversible.
//! Nothing allocates per move except when a rule fires (its detail string) or when the
//! repetition history grows during a king shuffle.

mod material;
mod table;

use crate::finding::Code;
use crate::notation::Color;
use crate::rules::board::{Bits, Layout};
use crate::rules::zobrist;
use crate::rules::{Move, PieceKind, Position};
use material::Material;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use smallvec::SmallVec;
use std::fmt;
use std::str::FromStr;
use table::{Balance, Count, Limits, OnePieceEach};

/// Which rule book the draw conditions come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DrawProfile {
    /// Federation rules (FMJD, FMJD-64, FID, EDA, TUDAF).
    #[default]
    Official,
    /// The rules game servers apply (a king-move count in plies instead of the federations'
    /// endgame limits; Turkish one piece each decided at once), for records from such servers.
    /// Spelled `seed` before it was renamed; that spelling still reads.
    #[serde(alias = "seed")]
    Servers,
}

impl DrawProfile {
    pub fn name(self) -> &'static str {
        match self {
            DrawProfile::Official => "official",
            DrawProfile::Servers => "servers",
        }
    }
}

impl fmt::Display for DrawProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A draw profile name nobody knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDrawProfile(pub String);

impl fmt::Display for UnknownDrawProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown draw profile `{}` (expected `official` or `servers`)",
            self.0
        )
    }
}

impl std::error::Error for UnknownDrawProfile {}

impl FromStr for DrawProfile {
    type Err = UnknownDrawProfile;
    fn from_str(s: &str) -> Result<DrawProfile, UnknownDrawProfile> {
        match s.trim().to_ascii_lowercase().as_str() {
            "official" => Ok(DrawProfile::Official),
            // `seed` is the profile's old name.
            "servers" | "seed" => Ok(DrawProfile::Servers),
            _ => Err(UnknownDrawProfile(s.to_string())),
        }
    }
}

/// Every draw rule pdnkit knows, one variant per rule. Serialized as its [`DrawRule::code`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DrawRule {
    /// The same position with the same side to move for the third time.
    Threefold,
    /// International: 25 moves each of kings only, no man move, no capture.
    KingMoves25,
    /// International: three pieces (one a king at least) against a lone king, 16 moves each.
    Endgame16,
    /// International: two pieces (one a king at least) or one king against a lone king, 5 moves.
    Endgame5,
    /// Italian: 40 moves each of kings only, no man move, no capture.
    ItalianKings40,
    /// English: 40 moves each without a man move and without a capture.
    English40,
    /// Russian: 15 moves each of kings only, no man move, no capture.
    RussianKings15,
    /// Russian: three or more kings against a lone king, 15 moves.
    RussianThreeKings15,
    /// Russian: three pieces against a lone king on the long diagonal, 5 moves.
    RussianLongDiagonal5,
    /// Russian: two pieces (one a king at least) or one king against a lone king, 5 moves.
    RussianEndgame5,
    /// Russian: kings on both sides, 4-5 pieces, balance unchanged for 30 moves.
    RussianEndgame30,
    /// Russian: kings on both sides, 6-7 pieces, balance unchanged for 60 moves.
    RussianEndgame60,
    /// Turkish: one piece against one piece.
    TurkishOnePiece,
    /// Czech: 15 moves each without a capture or a man move.
    CzechKings15,
    /// Frisian: two kings against one king, 7 moves each.
    FrisianTwoKings7,
    /// Frisian: one king against one king, 2 moves each.
    FrisianOneKing2,
    /// Servers profile, English: 80 consecutive king plies without a capture.
    ServerKingPlies80,
    /// Servers profile, International, Russian, Turkish: 120 consecutive king plies without a
    /// capture.
    ServerKingPlies120,
    /// Servers profile, Turkish: one piece each of the same kind.
    ServerTurkishOnePiece,
}

impl DrawRule {
    pub const ALL: [DrawRule; 19] = [
        DrawRule::Threefold,
        DrawRule::KingMoves25,
        DrawRule::Endgame16,
        DrawRule::Endgame5,
        DrawRule::ItalianKings40,
        DrawRule::English40,
        DrawRule::RussianKings15,
        DrawRule::RussianThreeKings15,
        DrawRule::RussianLongDiagonal5,
        DrawRule::RussianEndgame5,
        DrawRule::RussianEndgame30,
        DrawRule::RussianEndgame60,
        DrawRule::TurkishOnePiece,
        DrawRule::CzechKings15,
        DrawRule::FrisianTwoKings7,
        DrawRule::FrisianOneKing2,
        DrawRule::ServerKingPlies80,
        DrawRule::ServerKingPlies120,
        DrawRule::ServerTurkishOnePiece,
    ];

    /// The code reported when the rule holds.
    pub fn code(self) -> Code {
        match self {
            DrawRule::Threefold => Code::DrawThreefold,
            DrawRule::KingMoves25 => Code::DrawKingMoves25,
            DrawRule::Endgame16 => Code::DrawEndgame16,
            DrawRule::Endgame5 => Code::DrawEndgame5,
            DrawRule::ItalianKings40 => Code::DrawItalianKings40,
            DrawRule::English40 => Code::DrawEnglish40,
            DrawRule::RussianKings15 => Code::DrawRussianKings15,
            DrawRule::RussianThreeKings15 => Code::DrawRussianThreeKings15,
            DrawRule::RussianLongDiagonal5 => Code::DrawRussianLongDiagonal5,
            DrawRule::RussianEndgame5 => Code::DrawRussianEndgame5,
            DrawRule::RussianEndgame30 => Code::DrawRussianEndgame30,
            DrawRule::RussianEndgame60 => Code::DrawRussianEndgame60,
            DrawRule::TurkishOnePiece => Code::DrawTurkishOnePiece,
            DrawRule::CzechKings15 => Code::DrawCzechKings15,
            DrawRule::FrisianTwoKings7 => Code::DrawFrisianTwoKings7,
            DrawRule::FrisianOneKing2 => Code::DrawFrisianOneKing2,
            DrawRule::ServerKingPlies80 => Code::DrawServerKingPlies80,
            DrawRule::ServerKingPlies120 => Code::DrawServerKingPlies120,
            DrawRule::ServerTurkishOnePiece => Code::DrawServerTurkishOnePiece,
        }
    }

    /// One line naming the rule and its source.
    pub fn description(self) -> &'static str {
        match self {
            DrawRule::Threefold => {
                "the same position with the same side to move occurred for the third time \
                 (FMJD Annex 1 art. 6; FMJD-64 art. 7.2; FID 1.1.10; EDA; TUDAF; game servers)"
            }
            DrawRule::KingMoves25 => {
                "25 moves by each side with only kings moving, no man move and no capture \
                 (FMJD Annex 1 art. 6)"
            }
            DrawRule::Endgame16 => {
                "three pieces, at least one a king, against a lone king: 16 moves by each side \
                 from the moment the balance arose (FMJD Annex 1 art. 6)"
            }
            DrawRule::Endgame5 => {
                "two kings, a king and a man, or one king against a lone king: 5 moves by each \
                 side (FMJD Annex 1 art. 6)"
            }
            DrawRule::ItalianKings40 => {
                "each side has a king and 40 moves by each side were made with kings only, no man \
                 move and no capture (FID rules 1.1.10)"
            }
            DrawRule::English40 => {
                "40 moves by each side without a man move and without a capture (EDA laws, \
                 40-move rule)"
            }
            DrawRule::RussianKings15 => {
                "15 moves by each side with only kings moving, no man move and no capture \
                 (FMJD-64 art. 7.2)"
            }
            DrawRule::RussianThreeKings15 => {
                "three or more kings against a lone king that are not taking it by their 15th \
                 move from the moment the balance arose (FMJD-64 art. 7.2)"
            }
            DrawRule::RussianLongDiagonal5 => {
                "three pieces against a lone king holding the long diagonal: 5 moves by each \
                 side (FMJD-64 art. 7.2)"
            }
            DrawRule::RussianEndgame5 => {
                "two pieces (at least one a king) or one king against a lone king: 5 moves by \
                 each side (FMJD-64 art. 7.2)"
            }
            DrawRule::RussianEndgame30 => {
                "kings on both sides, 4 or 5 pieces, balance unchanged (no capture, no \
                 crowning) for 30 moves by each side (FMJD-64 art. 7.2)"
            }
            DrawRule::RussianEndgame60 => {
                "kings on both sides, 6 or 7 pieces, balance unchanged (no capture, no \
                 crowning) for 60 moves by each side (FMJD-64 art. 7.2)"
            }
            DrawRule::TurkishOnePiece => "one piece against one piece (TUDAF rules)",
            DrawRule::CzechKings15 => {
                "15 moves by each side without a capture or a man move (FMJD, Brief Rules of \
                 Czech Draughts)"
            }
            DrawRule::FrisianTwoKings7 => {
                "two kings against one king: 7 moves by each side (KNDB Frisian rules, lidraughts)"
            }
            DrawRule::FrisianOneKing2 => {
                "one king against one king: 2 moves by each side (KNDB Frisian rules, lidraughts)"
            }
            DrawRule::ServerKingPlies80 => {
                "80 consecutive king plies without a capture (game servers' rules, English \
                 checkers)"
            }
            DrawRule::ServerKingPlies120 => {
                "120 consecutive king plies without a capture (game servers' rules, Russian, \
                 International and Turkish)"
            }
            DrawRule::ServerTurkishOnePiece => {
                "one piece each of the same kind: decided at once as a draw (game servers' rules, \
                 Turkish)"
            }
        }
    }

    fn bit(self) -> u32 {
        1 << self as u32
    }
}

impl fmt::Display for DrawRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code().as_str())
    }
}

/// A rule code nobody knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDrawRule(pub String);

impl fmt::Display for UnknownDrawRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown draw rule code `{}`", self.0)
    }
}

impl std::error::Error for UnknownDrawRule {}

impl FromStr for DrawRule {
    type Err = UnknownDrawRule;
    fn from_str(s: &str) -> Result<DrawRule, UnknownDrawRule> {
        // A code written before it was renamed still reads.
        let code = Code::parse(s);
        DrawRule::ALL
            .into_iter()
            .find(|r| Some(r.code()) == code)
            .ok_or_else(|| UnknownDrawRule(s.to_string()))
    }
}

impl Serialize for DrawRule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code().as_str())
    }
}

impl<'de> Deserialize<'de> for DrawRule {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<DrawRule, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A draw rule that held.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawFlag {
    pub rule: DrawRule,
    /// Plies played when the rule first held (after the `ply`-th move; 0 = the start position).
    pub ply: u32,
    /// What held, e.g. "25 moves each with only kings moving and no capture since ply 40".
    pub detail: String,
}

/// A game decided without a draw: by the profile (servers, Turkish: a king against a man wins)
/// or by the variant (Breakthrough: the first king wins).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub winner: Color,
    /// Plies played when it was decided (0 = the start position).
    pub ply: u32,
    pub detail: String,
}

/// Flags returned by [`DrawTracker::record`]: usually none, and never on the heap for one.
pub type DrawFlags = SmallVec<[DrawFlag; 1]>;

/// Where an endgame count stands.
#[derive(Debug, Clone, Copy, Default)]
struct EndgameState {
    /// Ply at which the count started, if counting.
    since: Option<u32>,
    /// Material when the count started (for counts that restart on any change).
    material: Option<Material>,
}

/// Follows one game and flags each draw rule of its variant and profile the first time it holds.
///
/// ```
/// use pdnkit::draw_rules::{DrawProfile, DrawTracker};
/// use pdnkit::rules::{Position, rulebook::INTERNATIONAL};
/// let start = Position::initial(&INTERNATIONAL);
/// let mut tracker = DrawTracker::new(DrawProfile::Official, &start);
/// let mv = start.legal_moves()[0];
/// let after = start.play(&mv);
/// assert!(tracker.record(&start, &mv, &after).is_empty());
/// assert!(tracker.flags().is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct DrawTracker {
    profile: DrawProfile,
    limits: &'static Limits,
    /// The rules only let a player claim the draw (English).
    on_claim: bool,
    long_diagonal: Bits,
    /// Plies recorded so far.
    ply: u32,
    /// Hash and ply of every position since the last irreversible move, that position included
    /// once it is hashed.
    history: Vec<(u64, u32)>,
    /// The ply of the position after the last irreversible move (or the start), while no
    /// reversible move has followed it: it is hashed into `history` only when one does, as the
    /// position before that move. (A position alone in the history can never make a third
    /// occurrence, so nothing is lost.)
    unhashed: Option<u32>,
    /// Men and kings of the current position: they change only by a capture or a crowning, so
    /// they are counted again only then.
    material: Material,
    /// With more pieces than this on the board, no endgame count can run.
    endgame_pieces: u32,
    /// Consecutive king moves without capture.
    king_plies: u32,
    endgames: SmallVec<[EndgameState; 8]>,
    /// Bit set of the rules that fired.
    fired: u32,
    flags: Vec<DrawFlag>,
    decided: Option<Decision>,
    /// The first king wins at once (Breakthrough).
    first_king_wins: bool,
}

impl DrawTracker {
    /// A tracker for a game starting at `start` (counts start there: what came before a set-up
    /// position is unknown). Rules that already hold in `start` (one piece each in Turkish) are
    /// flagged at ply 0 and show in [`DrawTracker::flags`].
    pub fn new(profile: DrawProfile, start: &Position) -> DrawTracker {
        let rules = start.rules();
        let limits = table::limits(rules.variant, profile);
        let g = &rules.board;
        let long_diagonal = (0..g.height)
            .filter_map(|r| g.width.checked_sub(1 + r).and_then(|c| g.cell(r, c)))
            .fold(0, |b, c| b | 1 << c);
        let history = Vec::new();
        let mut t = DrawTracker {
            profile,
            limits,
            on_claim: table::on_claim(rules.variant, profile),
            long_diagonal,
            ply: 0,
            history,
            unhashed: Some(0),
            material: Material::of(start),
            endgame_pieces: table::endgame_pieces(limits.endgames),
            king_plies: 0,
            endgames: SmallVec::from_elem(EndgameState::default(), limits.endgames.len()),
            fired: 0,
            flags: Vec::new(),
            decided: None,
            first_king_wins: rules.goal == crate::rules::Goal::FirstKingWins,
        };
        t.check_position(start);
        t
    }

    pub fn profile(&self) -> DrawProfile {
        self.profile
    }

    /// Records the move `mv` just played from `before` to `after` and returns each rule that
    /// holds for the first time at this ply: usually none, never on the heap when there is at
    /// most one. A rule fires at most once per tracker; every flag returned is also kept in
    /// [`DrawTracker::flags`].
    pub fn record(&mut self, before: &Position, mv: &Move, after: &Position) -> DrawFlags {
        self.advance(before, mv, after).iter().cloned().collect()
    }

    /// [`DrawTracker::record`] without copying the flags: the rules that fired at this ply are
    /// the tail of [`DrawTracker::flags`] it returns (empty on most moves).
    pub fn advance(&mut self, before: &Position, mv: &Move, after: &Position) -> &[DrawFlag] {
        // Most moves change nothing here but counters; what fires a rule is out of line, so
        // that the common path stays short.
        let fired_before = self.flags.len();
        self.ply += 1;

        // Repetition: positions before an irreversible move cannot come back.
        if irreversible(mv, after) {
            self.history.clear();
            self.unhashed = Some(self.ply);
        } else {
            self.repeat(before, after);
        }

        // Consecutive king moves without capture.
        if mv.piece == PieceKind::King && !mv.is_capture() {
            self.king_plies += 1;
        } else {
            self.king_plies = 0;
        }
        if let Some(k) = self.limits.king_plies
            && self.king_plies >= k.plies
        {
            self.king_plies_reached(k, after);
        }

        // Breakthrough: the first man crowned wins the game there.
        if self.first_king_wins && mv.promotes && self.decided.is_none() {
            self.first_king(after);
        }

        if mv.is_capture() || mv.promotes {
            self.material.play(before, mv);
        }
        self.check_position(after);
        &self.flags[fired_before..]
    }

    /// A reversible move from `before` to `after`: both join the history (`before` if it was
    /// not in it yet), and threefold is looked for.
    #[inline(never)]
    fn repeat(&mut self, before: &Position, after: &Position) {
        let ply = self.ply;
        if let Some(at) = self.unhashed.take() {
            self.history.push((zobrist::hash(before), at));
        }
        let hash = zobrist::hash(after);
        self.history.push((hash, ply));
        if self.limits.threefold && !self.has_fired(DrawRule::Threefold) {
            let mut seen = self.history.iter().filter(|(h, _)| *h == hash);
            let count = seen.clone().count();
            if count >= 3 {
                let first = seen.next().map_or(ply, |&(_, p)| p);
                let detail = if first == 0 {
                    format!("third occurrence of the start position ({count} in all)")
                } else {
                    format!("third occurrence of the position first seen after ply {first}")
                };
                self.fire(DrawRule::Threefold, ply, detail);
            }
        }
    }

    /// The limit of consecutive king moves is reached: the rule fires, unless it has, or the
    /// move left the opponent without a move (a win, not a draw).
    #[cold]
    fn king_plies_reached(&mut self, k: table::KingPlies, after: &Position) {
        if self.has_fired(k.rule) || no_move(after) {
            return;
        }
        let detail = format!(
            "{} plies ({} moves each) of king moves without a man move or a capture since ply {}",
            k.plies,
            k.plies / 2,
            self.ply - self.king_plies
        );
        self.fire(k.rule, self.ply, detail);
    }

    /// Breakthrough: the side that just crowned a man wins.
    #[cold]
    fn first_king(&mut self, after: &Position) {
        let winner = after.to_move().opposite();
        self.decided = Some(Decision {
            winner,
            ply: self.ply,
            detail: format!("{winner} made the first king, which wins Breakthrough at once"),
        });
    }

    /// Every flag so far, in the order they fired.
    pub fn flags(&self) -> &[DrawFlag] {
        &self.flags
    }

    /// A game decided at once without a draw: by the profile (servers profile, Turkish: one piece
    /// each, a king against a man) or by the variant (Breakthrough: the first king).
    pub fn decided(&self) -> Option<&Decision> {
        self.decided.as_ref()
    }

    /// Whether a flag only means a player could have claimed the draw there (English, EDA laws):
    /// the game does not end by itself, and the recorded result stands.
    pub fn on_claim(&self) -> bool {
        self.on_claim
    }

    /// Where the profile has no (complete) rule text for this variant, a note saying so.
    pub fn unsupported_note(&self) -> Option<&'static str> {
        self.limits.note
    }

    /// Plies recorded so far.
    pub fn plies(&self) -> u32 {
        self.ply
    }

    fn has_fired(&self, rule: DrawRule) -> bool {
        self.fired & rule.bit() != 0
    }

    fn fire(&mut self, rule: DrawRule, ply: u32, detail: String) {
        self.fired |= rule.bit();
        self.flags.push(DrawFlag { rule, ply, detail });
    }

    /// The rules that depend on the material of `p` alone (endgames, one piece each).
    #[inline]
    fn check_position(&mut self, p: &Position) {
        // Most of a game: more pieces than any endgame balance holds, and more than one each.
        // Asked before the call, which costs more than this answer on every move.
        let total = self.material.total();
        if total > self.endgame_pieces && total > 2 {
            debug_assert!(self.endgames.iter().all(|s| s.since.is_none()));
            return;
        }
        self.check_position_rules(p);
    }

    /// [`Self::check_position`] with few enough pieces for one of its rules to apply.
    fn check_position_rules(&mut self, p: &Position) {
        let ply = self.ply;
        let limits = self.limits;
        let material = self.material;
        debug_assert_eq!(material, Material::of(p));

        if let Some(one) = limits.one_piece_each
            && material.pieces(0) == 1
            && material.pieces(1) == 1
        {
            let kind = |side: usize| {
                if material.kings[side] == 1 {
                    "king"
                } else {
                    "man"
                }
            };
            let detail = format!("one piece each: white {}, black {}", kind(0), kind(1));
            match one {
                OnePieceEach::Draw(rule) => {
                    if !self.has_fired(rule) {
                        self.fire(rule, ply, detail);
                    }
                }
                OnePieceEach::KingBeatsMan(rule) => {
                    if material.kings[0] == material.kings[1] {
                        if !self.has_fired(rule) {
                            self.fire(rule, ply, detail);
                        }
                    } else if self.decided.is_none() {
                        let winner = if material.kings[0] == 1 {
                            Color::White
                        } else {
                            Color::Black
                        };
                        self.decided = Some(Decision {
                            winner,
                            ply,
                            detail: format!("{detail}: the king wins (game servers' rules)"),
                        });
                    }
                }
            }
        }

        // Most of a game: too many pieces for any endgame. Pieces never come back, so no count
        // has started yet, and the loop below would leave every one stopped.
        if material.total() > self.endgame_pieces {
            debug_assert!(self.endgames.iter().all(|s| s.since.is_none()));
            return;
        }
        for (i, e) in limits.endgames.iter().enumerate() {
            let state = &mut self.endgames[i];
            let holds_now = |b: &Balance| balance_holds(b, &material, p, self.long_diagonal);
            match (state.since, e.count) {
                (Some(_), Count::FromArising { lasts }) if holds_now(&lasts) => {}
                (Some(_), Count::WhileUnchanged)
                    if state.material == Some(material) && holds_now(&e.arises) => {}
                _ => {
                    *state = if holds_now(&e.arises) {
                        EndgameState {
                            since: Some(ply),
                            material: Some(material),
                        }
                    } else {
                        EndgameState::default()
                    };
                }
            }
            let Some(since) = state.since else { continue };
            let start_material = state.material;
            if ply - since >= e.plies && !self.has_fired(e.rule) && !no_move(p) {
                let detail = format!(
                    "{} moves each since ply {since}, when it became {}",
                    e.plies / 2,
                    start_material.map_or_else(String::new, |m| m.to_string())
                );
                self.fire(e.rule, ply, detail);
            }
        }
    }
}

/// The side to move has no legal move: the last move won, it did not draw ("if the last move
/// within a limit leaves the opponent without a move, it is a win, not a draw").
fn no_move(p: &Position) -> bool {
    p.legal_moves().is_empty()
}

/// A move after which no earlier position can return: a capture (or a removal), a crowning, or
/// a man advancing (a Turkish man's sideways step is reversible).
fn irreversible(mv: &Move, after: &Position) -> bool {
    if mv.is_capture() || mv.promotes {
        return true;
    }
    if mv.piece == PieceKind::King {
        return false;
    }
    // On a board of dark squares a man's step is diagonal, so it always changes row; only on
    // a full board (Turkish) is the row looked at.
    let g = &after.rules().board;
    g.layout == Layout::Diagonal || g.coords(mv.from).0 != g.coords(mv.to).0
}

fn balance_holds(b: &Balance, m: &Material, p: &Position, long_diagonal: Bits) -> bool {
    match *b {
        Balance::LoneKing {
            min,
            max,
            min_kings,
            on_long_diagonal,
        } => [(0usize, Color::Black), (1, Color::White)]
            .into_iter()
            .any(|(strong, weak_color)| {
                let weak = 1 - strong;
                m.men[weak] == 0
                    && m.kings[weak] == 1
                    && (min..=max).contains(&m.pieces(strong))
                    && m.kings[strong] >= min_kings
                    && (!on_long_diagonal || p.kings(weak_color) & long_diagonal != 0)
            }),
        Balance::KingsEachSide { min, max } => {
            m.kings[0] > 0 && m.kings[1] > 0 && (min..=max).contains(&m.total())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_round_trip() {
        let mut codes: Vec<Code> = DrawRule::ALL.iter().map(|r| r.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), DrawRule::ALL.len());
        for r in DrawRule::ALL {
            assert_eq!(r.code().as_str().parse::<DrawRule>(), Ok(r));
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{}\"", r.code()));
            assert_eq!(serde_json::from_str::<DrawRule>(&json).unwrap(), r);
            assert!(!r.description().is_empty());
        }
        assert!(DrawRule::ALL.len() <= 32, "fired set is a u32");
    }

    #[test]
    fn profile_names() {
        assert_eq!("official".parse(), Ok(DrawProfile::Official));
        assert_eq!("servers".parse(), Ok(DrawProfile::Servers));
        // The old name still reads.
        assert_eq!("Seed".parse(), Ok(DrawProfile::Servers));
        assert!("fmjd".parse::<DrawProfile>().is_err());
        assert_eq!(DrawProfile::default(), DrawProfile::Official);
        assert_eq!(
            serde_json::to_string(&DrawProfile::Servers).unwrap(),
            "\"servers\""
        );
        assert_eq!(
            serde_json::from_str::<DrawProfile>("\"seed\"").unwrap(),
            DrawProfile::Servers
        );
        assert_eq!(
            "N-DRAW-SEED-KING-PLIES-80".parse(),
            Ok(DrawRule::ServerKingPlies80)
        );
    }

    #[test]
    fn every_table_fits_the_tracker() {
        use crate::variant::Variant;
        for v in Variant::ALL {
            for p in [DrawProfile::Official, DrawProfile::Servers] {
                assert!(table::limits(v, p).endgames.len() <= 8, "{v} {p}");
            }
        }
    }

    /// No balance of any table holds with more pieces than `endgame_pieces` says (every
    /// material up to 11 men and 11 kings a side, the long diagonal occupied).
    #[test]
    fn no_endgame_holds_above_its_piece_bound() {
        use crate::rules::rulebook;
        use crate::variant::Variant;
        for v in Variant::ALL {
            let Some(rules) = rulebook::ALL.iter().find(|r| r.variant == v) else {
                continue;
            };
            // Kings of both colours on every cell: any "on the long diagonal" condition holds.
            let cells = rules.board.cells;
            let start = Position::from_parts(rules, Color::White, [0, 0], [cells, cells]);
            for p in [DrawProfile::Official, DrawProfile::Servers] {
                let endgames = table::limits(v, p).endgames;
                let bound = table::endgame_pieces(endgames);
                let balances = endgames.iter().flat_map(|e| match e.count {
                    Count::FromArising { lasts } => vec![e.arises, lasts],
                    Count::WhileUnchanged => vec![e.arises],
                });
                for b in balances {
                    for n in 0..12u32.pow(4) {
                        let m = Material {
                            men: [n % 12, n / 12 % 12],
                            kings: [n / 144 % 12, n / 1728],
                        };
                        if m.total() > bound {
                            assert!(!balance_holds(&b, &m, &start, !0), "{v} {p} {b:?} {m}");
                        }
                    }
                }
            }
        }
    }
}
