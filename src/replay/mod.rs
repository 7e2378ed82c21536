//! Replay: every recorded move matched to exactly one legal move of the variant, from the start
//! position or the game's FEN, variations from their branch point.
//!
//! After the first move of a line that is not legal the rest of that line is unknowable: it is
//! reported once and the line stops, while the other lines and the next games go on. A
//! [`Visitor`] sees every move played (the `check` command feeds draw detection with it, the
//! converter writes moves in another notation).
//!
//! ```
//! use pdnkit::reader::{read_str, ReadOptions};
//! let games = read_str("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n", ReadOptions::default());
//! let replay = pdnkit::replay::replay(&games[0], &mut ());
//! assert!(replay.findings.is_empty());
//! assert_eq!(replay.main_line_plies, 4);
//! ```

/// How W-SEPARATOR-MISMATCH's message starts when the move captures (`check --fix` reads
/// which way the first place is wrong from it).
pub const SEPARATOR_OF_A_CAPTURE: &str = "this move captures; ";

pub mod explain;
pub mod matcher;

mod replayer;

use replayer::run;

use crate::finding::{Code, Finding, Level};
use crate::notation::{Color, Square};
use crate::reader::infer_position::{Verdict, position_evidence};
use crate::reader::{Annotation, Game, Line, MoveKind, MoveRef, Moves, Span, VariantSource};
use crate::rules::movegen::{Generator, Relax};
use crate::rules::{
    Cell, Move, MoveList, Numbering, Position, Rules, SquareError, SquareMap, movegen, rulebook,
};
use crate::variant::{SquareNotation, Variant};
use explain::Writer;
use matcher::{Found, Match, Reading};
use smallvec::SmallVec;
use std::cell::RefCell;
use std::rc::Rc;

/// One move played during a replay.
pub struct MoveEvent<'a> {
    /// 0 for the main line, 1 inside a variation, ...
    pub depth: u32,
    /// Half-moves from the game's start, this one included.
    pub ply: u32,
    pub node: MoveRef<'a>,
    pub before: &'a Position,
    /// `before` is where the previous move of this line left the board. False for a line's
    /// first move and after a `/FEN/` inside the line that sets up another position.
    pub follows: bool,
    pub mv: &'a Move,
    pub after: &'a Position,
    /// The legal moves of `before` (`mv` is one of them): all of them, or, for a visitor that
    /// does not ask for them ([`Visitor::wants_every_legal_move`]), at least `mv` (a quiet move
    /// found legal without a list is alone here).
    pub legal: &'a MoveList,
}

/// Sees the moves of a replay as they are played.
pub trait Visitor {
    fn on_move(&mut self, event: &MoveEvent);
    /// Whether [`MoveEvent::legal`] must hold every legal move. When not, a replay matches each
    /// recorded move against the moves of its own piece (and every capture, when one is due),
    /// or finds a quiet move legal without a list, instead of building the moves of the other
    /// pieces, which is most of a replay's work.
    fn wants_every_legal_move(&self) -> bool {
        true
    }
    /// The game is replayed again from the start (in another variant): forget what was seen.
    fn restart(&mut self) {}
    /// The move just seen is a capture the record writes one leg per move
    /// (W-CAPTURE-SPLIT-INTO-LEGS): the `legs` moves after its node in the line were its other
    /// legs, and are not seen on their own. (Said apart from [`MoveEvent`], which every move
    /// builds, so that the usual move does not carry it.)
    fn on_legs(&mut self, _legs: usize) {}
}

/// No visitor.
impl Visitor for () {
    fn on_move(&mut self, _: &MoveEvent) {}

    fn wants_every_legal_move(&self) -> bool {
        false
    }
}

/// What replaying one game found.
#[derive(Debug, Clone)]
pub struct GameReplay {
    /// The variant the game was read in: the game's, or the one a failed replay pointed to.
    pub variant: Option<Variant>,
    /// The variant's rules; `None` when it cannot be replayed (a finding says why).
    pub rules: Option<&'static Rules>,
    /// The numbering the moves were read in.
    pub numbering: Option<Numbering>,
    /// The position the main line starts from.
    pub start: Option<Position>,
    /// The position after the last main-line move replayed.
    pub end: Option<Position>,
    /// Main-line moves replayed.
    pub main_line_plies: u32,
    /// Whether the whole main line was replayed.
    pub main_line_complete: bool,
    /// Moves replayed in all lines.
    pub moves_replayed: u64,
    /// Set when the game has moves or a setup that were not checked at all, and why.
    pub not_replayed: Option<NotReplayed>,
    /// Another variant in which the whole main line replays cleanly, when the tagged one
    /// fails at once (the game is still checked in the tagged one).
    pub variant_that_fits: Option<Variant>,
    pub findings: Vec<Finding>,
}

/// Why a game's moves were not checked at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NotReplayed {
    /// No usable GameType, and neither the tags, `--variant` nor the squares tell the variant.
    UnknownVariant,
    /// The variant is known, but pdnkit has no rules table for it.
    NoRules,
}

impl GameReplay {
    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.level == Level::Error)
    }

    fn new() -> GameReplay {
        GameReplay {
            variant: None,
            rules: None,
            numbering: None,
            start: None,
            end: None,
            main_line_plies: 0,
            main_line_complete: false,
            moves_replayed: 0,
            not_replayed: None,
            variant_that_fits: None,
            findings: Vec::new(),
        }
    }

    /// The replay of a game that cannot be replayed: a warning when that leaves moves or a setup
    /// unchecked (a run with one is never clean), a note when there was nothing to check: no
    /// move but unknown ones (`- -`), and no setup with a piece on it (`W::.` in a problem
    /// collection).
    #[cold]
    #[inline(never)]
    fn not_replayed(game: &Game, variant: Option<Variant>, reason: NotReplayed) -> GameReplay {
        let mut out = GameReplay::new();
        out.variant = variant;
        let plies = game
            .moves
            .iter()
            .filter(|n| n.kind() != MoveKind::Unknown)
            .count();
        let pieces = game
            .setup
            .as_ref()
            .is_some_and(|s| !s.white.is_empty() || !s.black.is_empty());
        let unchecked = match (plies, pieces) {
            (0, false) => None,
            (0, true) => Some("its setup is".to_string()),
            (1, _) => Some("its 1 ply is".to_string()),
            (n, _) => Some(format!("its {n} plies are")),
        };
        // An 8x8 position without a GameType: what it fits and what it rules out.
        let position = (reason == NotReplayed::UnknownVariant && game.game_type.is_none())
            .then(|| {
                let moves_have_squares = game.moves.iter().any(|m| !m.squares().is_empty());
                position_evidence(game, moves_have_squares)
            })
            .flatten()
            .filter(|_| {
                tag_span(game, "GameType").is_none() && tag_span(game, "Variant").is_none()
            });
        let why = if let Some(evidence) = &position {
            match evidence.verdict() {
                Verdict::NoneFits => format!(
                    "the variant is not known (no GameType tag, and no 8x8 variant allows this position, whose squares may be those of a larger board: {})",
                    evidence.describe()
                ),
                _ => format!(
                    "the variant is not known (no GameType tag, and this 8x8 position fits variants whose rules differ: {})",
                    evidence.describe()
                ),
            }
        } else {
            match (reason, variant, game.game_type) {
                (NotReplayed::NoRules, Some(variant), _) => {
                    format!("pdnkit cannot replay {variant} yet")
                }
                (_, _, Some(g)) => {
                    format!(
                        "the variant is not known (GameType {} names none pdnkit knows)",
                        g.code
                    )
                }
                _ => match game.tag("GameType").map(unknown_game_type) {
                    Some(Some(number)) => format!(
                        "the variant is not known (GameType {number} names none pdnkit knows)"
                    ),
                    Some(None) => {
                        "the variant is not known (the GameType cannot be read)".to_string()
                    }
                    None if tag_span(game, "Variant").is_some() => {
                        "the variant is not known (the Variant tag names none pdnkit knows)"
                            .to_string()
                    }
                    None => {
                        "the variant is not known (no GameType tag, and the squares do not tell)"
                            .to_string()
                    }
                },
            }
        };
        let hint = match reason {
            NotReplayed::UnknownVariant if position.is_some() => {
                "; give --variant NAME or a GameType tag"
            }
            NotReplayed::UnknownVariant => "; give --variant NAME",
            NotReplayed::NoRules => "",
        };
        // Point at what decided the variant (the GameType), else at the first unchecked move,
        // else, for a position, at its FEN.
        let span = tag_span(game, "GameType")
            .or_else(|| game.moves.first().map(|n| n.span()))
            .or_else(|| position.as_ref().and_then(|_| tag_span(game, "FEN")))
            .unwrap_or(game.span);
        let finding = match unchecked {
            Some(what) => {
                out.not_replayed = Some(reason);
                Finding::new(
                    Code::NotReplayed,
                    span,
                    format!("{why}, so {what} not checked{hint}"),
                )
            }
            // A record of tags alone has its one note from the reader (N-NO-MOVES).
            None if game.diagnostics.iter().any(|d| d.code == Code::NoMoves) => return out,
            None => Finding::new(
                Code::VariantNotReplayed,
                span,
                format!("{why}; the game has no moves to check"),
            ),
        };
        out.findings.push(finding);
        out
    }
}

/// Replays `game`, reporting each move played to `visitor`.
///
/// When the variant was inferred (no GameType) and the moves are not legal in it, the other
/// variants are tried: if one replays the whole main line without error, the game is checked
/// in that one and a warning says so (`mrcd*.pdn` are Czech games, inferred Russian from their
/// algebraic squares, whose men never capture backwards).
pub fn replay(game: &Game, visitor: &mut impl Visitor) -> GameReplay {
    let Some(variant) = game.variant else {
        return GameReplay::not_replayed(game, None, NotReplayed::UnknownVariant);
    };
    let Some(rules) = Rules::for_variant(variant) else {
        return GameReplay::not_replayed(game, Some(variant), NotReplayed::NoRules);
    };
    let (numbering, mut notes) = choose_numbering(game, rules);
    let mut out = run(game, rules, numbering, visitor);
    let algebraic = written_notation(game) == Some(SquareNotation::Algebraic);
    if algebraic && game.setup.is_none() && out.main_line_plies == 0 && out.has_errors() {
        // The first move fits only the board seen from the other side: playstrategy writes
        // English with Black, who starts, on ranks 1-3. Only from the start
        // position: a set-up position turns with its squares, so a wrong first move could fit.
        // (The opposite corner first; the two others for GameTypes that name a light corner.)
        let fits = |n: &Numbering| run(game, rules, *n, &mut ()).main_line_plies > 0;
        if let Some(turned) = std::iter::once(numbering.turned())
            .chain((0..4).map(|corner| numbering.with_a1_corner(corner)))
            .filter(|&n| n != numbering)
            .find(fits)
        {
            visitor.restart();
            out = run(game, rules, turned, visitor);
            let first = game.moves.first().map(|m| m.canonical());
            notes.push(Finding::new(
                Code::NumberingMismatch,
                tag_span(game, "GameType").unwrap_or(game.span),
                format!(
                    "the first move `{}` does not fit a1 at {}; it fits a1 at {}: the squares are read so",
                    first.unwrap_or_default(),
                    corner_name(numbering.a1_corner),
                    corner_name(turned.a1_corner)
                ),
            ));
        }
    }
    if game.variant_source == VariantSource::Inferred && out.has_errors() {
        let better = variant_that_replays(game, rules, algebraic);
        if let Some((other, n)) = better {
            visitor.restart();
            out = run(game, other, n, visitor);
            let side = if n == Numbering::for_rules(other) {
                String::new()
            } else {
                format!(" with a1 at {}", corner_name(n.a1_corner))
            };
            // One finding says the whole decision: what the reader inferred, and why it did
            // not stand (`check` leaves the reader's N-VARIANT-INFERRED out beside it).
            let inferred = game
                .diagnostics
                .iter()
                .find(|d| d.code == Code::VariantInferred)
                .map_or_else(|| format!("inferred {variant}"), |d| d.message.clone());
            notes.push(Finding::new(
                Code::VariantReinferred,
                game.span,
                format!(
                    "{inferred}, but the moves are not legal {variant}; all replay as {}{side}: checked as {} (a GameType tag would say so)",
                    other.variant, other.variant
                ),
            ));
        }
    }
    if game.variant_source != VariantSource::Inferred
        && let Some(first_error) = out.findings.iter().position(|f| f.level == Level::Error)
        && out.main_line_plies < EARLY_PLIES
        && game.setup.is_none()
        && game.moves.len() >= EVIDENCE_PLIES
        && let Some((other, _)) = variant_that_replays(game, rules, algebraic)
    {
        // The tag says one variant and the moves fail at once in it, but play through in
        // another: say so beside the error, and leave the game in its tagged variant (a tag
        // is never overruled in silence).
        let named = match other.variant.code() {
            Some(code) => format!("{} (GameType {code})", other.variant),
            None => other.variant.to_string(),
        };
        let finding = &mut out.findings[first_error];
        finding.message.push_str(&format!(
            "; these moves replay cleanly as {named}: is the {} right?",
            match game.variant_source {
                VariantSource::VariantTag => "Variant tag",
                VariantSource::Default => "--variant given",
                _ => "GameType tag",
            }
        ));
        out.variant_that_fits = Some(other.variant);
    }
    notes.append(&mut out.findings);
    out.findings = notes;
    crate::finding::habit::collapse(&mut out.findings);
    out.variant = out.rules.map(|r| r.variant);
    out
}

/// A game from the start position whose tagged variant fails within this many plies is tried
/// in the others: a wrong tag shows at once (an 8x8 record under an International GameType
/// fails on its first move). Later, and in a set-up position, an error that another variant's
/// rules allow (a capture precedence, a man's backward capture) is a defect of the record.
const EARLY_PLIES: u32 = 2;

/// The fewest main-line plies that, replayed cleanly in another variant, say the tag is wrong:
/// one or two moves fit many variants by chance (`c3-d4` is a Russian move and a Turkish error).
const EVIDENCE_PLIES: usize = 4;

/// Whether a game may be found to replay as `variant` when its tag or inference says another.
/// lidraughts' own variants (codes 96-98) always carry their GameType, and three of them move
/// as International does; BrainKing's variants (no GameType number) are named by their
/// `Variant` tag, and several move as English or Czech do until the end decides: neither is
/// guessed.
fn is_guessed(variant: Variant) -> bool {
    variant.code().is_some_and(|code| code < 96)
}

/// The first other variant in which the whole main line replays without error, with the
/// numbering it is read in. Every variant the squares can be read in is tried (numbers and
/// algebraic squares name cells on every board: Russian sites write numbers, playstrategy
/// writes English algebraically), those whose own notation the game uses first, of the variants
/// that [`is_guessed`]. Algebraic squares are tried from both sides of
/// the board (from the start position only: a set-up position turns with its squares).
fn variant_that_replays(
    game: &Game,
    rules: &'static Rules,
    algebraic: bool,
) -> Option<(&'static Rules, Numbering)> {
    let notation = written_notation(game);
    // The rules in force for each variant: a rules file's stand in for their base row, which
    // is not tried in their place.
    let mut candidates: Vec<&'static Rules> = rulebook::ALL
        .iter()
        .copied()
        .map(crate::rules::house::in_force)
        .filter(|&other| !std::ptr::eq(other, rules) && is_guessed(other.variant))
        .collect();
    candidates
        .sort_by_key(|other| notation.is_some_and(|n| Numbering::for_rules(other).notation != n));
    candidates
        .into_iter()
        .flat_map(|other| {
            let standard = Numbering::for_rules(other);
            let turned = (algebraic && game.setup.is_none()).then(|| standard.turned());
            std::iter::once((other, standard)).chain(turned.map(|t| (other, t)))
        })
        .find(|&(other, n)| {
            let trial = run(game, other, n, &mut ());
            trial.main_line_complete && trial.main_line_plies > 0 && !trial.has_errors()
        })
}

/// A corner of the board in White's view, as [`Numbering`] codes it.
fn corner_name(corner: u8) -> &'static str {
    match corner {
        0 => "White's bottom-left",
        1 => "White's bottom-right",
        2 => "White's top-left",
        _ => "White's top-right",
    }
}

/// Whether the game writes its squares as numbers or algebraically (its first move, else its
/// FEN), if it writes any.
fn written_notation(game: &Game) -> Option<SquareNotation> {
    let square = game
        .moves
        .iter()
        .find_map(|n| n.squares().first())
        .or_else(|| {
            let setup = game.setup.as_ref()?;
            setup
                .white
                .iter()
                .chain(&setup.black)
                .map(|p| &p.square)
                .next()
        })?;
    Some(if square.is_algebraic() {
        SquareNotation::Algebraic
    } else {
        SquareNotation::Numeric
    })
}

/// The numbering the moves are read in: the GameType's, unless the variant's standard one reads
/// further (kurnik.pdn says N1, an old corner code, yet numbers International squares the
/// standard way). Returns it with the finding that explains a switch.
fn choose_numbering(game: &Game, rules: &'static Rules) -> (Numbering, Vec<Finding>) {
    let standard = Numbering::for_rules(rules);
    let declared = game
        .game_type
        .as_ref()
        .map(Numbering::from_game_type)
        .unwrap_or(standard);
    if declared == standard {
        return (declared, Vec::new());
    }
    let reach = |n: Numbering| {
        let trial = run(game, rules, n, &mut ());
        (trial.main_line_plies, trial.main_line_complete)
    };
    let (declared_reach, standard_reach) = (reach(declared), reach(standard));
    if declared_reach.1 || standard_reach <= declared_reach {
        return (declared, Vec::new());
    }
    let span = tag_span(game, "GameType").unwrap_or(game.span);
    let finding = Finding::new(
        Code::NumberingMismatch,
        span,
        "the GameType's square numbering does not fit the moves; they follow the variant's standard numbering, used instead",
    );
    (standard, vec![finding])
}

/// The number of a GameType tag that reads as one but names no variant pdnkit knows (`42`, or
/// `42,W,8,8,A0,0`); `None` for a value that is not a number.
fn unknown_game_type(value: &str) -> Option<&str> {
    let number = value.trim().split(',').next()?.trim();
    (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then_some(number)
}

fn tag_span(game: &Game, name: &str) -> Option<Span> {
    game.tags
        .iter()
        .find(|t| t.name == name || t.standard_name.as_deref() == Some(name))
        .map(|t| t.span)
}
