//! Deciding each game's variant: the GameType tag when there is one; otherwise the `--variant`
//! default; otherwise an inference from the squares and tags the game uses. Anything other than a
//! GameType is reported, so nobody mistakes a guess for a fact.

use super::infer_position::{Verdict, position_evidence};
use super::model::{Game, MoveKind, VariantSource};
use crate::fen::{FenPiece, FenSetup};
use crate::finding::{Code, Finding};
use crate::notation::{Square, push_decimal};
use crate::variant::{Variant, known_variants};

/// Decides `game`'s variant. `squares` summarises the squares of its moves (all lines), as the
/// parser gathered them.
///
/// In this order: a readable GameType; the `Variant` tag; `--variant`; an inference from the
/// squares (for an 8x8 position without moves, from what its setup rules out: see
/// [`super::infer_position`]). A GameType that cannot be read, or a `Variant` tag naming no
/// known variant, stops the inference: a guess over what the record says would give confident
/// false errors.
/// `default` is the variant of games without a GameType, if one was given, and what gave it
/// (`--variant`, `--rules`, `pdnkit.toml`), which its note names.
pub fn decide_variant(
    game: &mut Game,
    squares: SquareSummary,
    (default, default_from): (Option<Variant>, &str),
) {
    if let Some(variant) = game.game_type.and_then(|g| g.variant) {
        game.variant = Some(variant);
        game.variant_source = VariantSource::GameType;
        // A Variant tag that says otherwise is not dropped without a word.
        if let Some(tag) = game.tags.iter().find(|t| t.name == "Variant")
            && let Ok(named) = tag.value.parse::<Variant>()
            && named != variant
        {
            let message = format!(
                "the Variant tag says {named} but the GameType says {variant}; the GameType is used"
            );
            game.diagnostics
                .push(Finding::new(Code::VariantTagMismatch, tag.span, message));
        }
        return;
    }
    // Unreadable (already reported by the tag reader), or a long form of a type nobody assigned.
    let unreadable_game_type = game.tags.iter().any(|t| t.name == "GameType");
    // (Written only into the notes that say it: most games without a GameType are inferred.)
    let game_type_code = game.game_type.map(|g| g.code);
    let no_game_type = || match game_type_code {
        Some(code) => format!("GameType {code} names no variant pdnkit knows"),
        None if unreadable_game_type => "the GameType cannot be read".to_string(),
        None => "no GameType tag".to_string(),
    };
    let variant_tag = game
        .tags
        .iter()
        .find(|t| t.name == "Variant")
        .map(|t| (t.span, t.value.trim(), t.value.parse::<Variant>()));
    match variant_tag {
        Some((span, _, Ok(variant))) => {
            game.variant = Some(variant);
            game.variant_source = VariantSource::VariantTag;
            game.diagnostics.push(Finding::new(
                Code::VariantInferred,
                span,
                format!("{}; read as {variant} from the Variant tag", no_game_type()),
            ));
            return;
        }
        Some((span, value, Err(_))) => game.diagnostics.push(Finding::new(
            Code::UnknownVariantTag,
            span,
            format!(
                "Variant `{value}` is no variant pdnkit knows (known: {}); {}",
                known_variants(),
                if default.is_some() {
                    "--variant is used"
                } else {
                    "the variant is not guessed (give --variant)"
                }
            ),
        )),
        None => {}
    }
    let span = game.tags.first().map_or(game.span, |t| t.span);
    if let Some(variant) = default {
        game.variant = Some(variant);
        game.variant_source = VariantSource::Default;
        game.diagnostics.push(Finding::new(
            Code::VariantInferred,
            span,
            format!("{}; read as {variant} ({default_from})", no_game_type()),
        ));
        return;
    }
    if unreadable_game_type || variant_tag.is_some() {
        game.variant_source = VariantSource::Unknown;
        return;
    }
    if let Some(evidence) = position_evidence(game, squares.any()) {
        let (variant, message) = match evidence.verdict() {
            Verdict::Inferred(variant) => {
                // Several only when they share their rules (Spanish and Portuguese).
                let same = match evidence.fits.get(1..) {
                    Some(others) if !others.is_empty() => {
                        let others: Vec<&str> = others.iter().map(|v| v.name()).collect();
                        format!(" ({} has the same rules)", others.join(", "))
                    }
                    _ => String::new(),
                };
                let message = format!(
                    "no GameType tag; inferred {variant}{same}, the only 8x8 rules this position fits: {}",
                    evidence.describe()
                );
                (variant, message)
            }
            Verdict::Assumed(variant) => {
                let message = format!(
                    "no GameType tag; {variant} assumed, the usual 8x8 game of such squares, as \
                     nothing in this position rules it out; it fits {}",
                    evidence.describe()
                );
                (variant, message)
            }
            // Not known; the replay says so, with the evidence (W-NOT-REPLAYED: the setup is
            // left unchecked).
            Verdict::Ambiguous | Verdict::NoneFits => {
                game.variant_source = VariantSource::Unknown;
                return;
            }
        };
        game.variant = Some(variant);
        game.variant_source = VariantSource::Inferred;
        game.diagnostics
            .push(Finding::new(Code::VariantInferred, span, message));
        return;
    }
    match infer(game, squares) {
        Some((variant, (reason, number, after))) => {
            game.variant = Some(variant);
            game.variant_source = VariantSource::Inferred;
            // (Pushed piece by piece into one allocation, not `format!`ted: this note is on every
            // game of an archive without GameType tags, and formatting was a tenth of a small
            // game's parse.)
            let mut message = String::with_capacity(80);
            for part in ["no GameType tag; inferred ", variant.name(), " (", reason] {
                message.push_str(part);
            }
            if let Some(number) = number {
                push_decimal(u32::from(number), &mut message);
            }
            message.push_str(after);
            message.push(')');
            game.diagnostics
                .push(Finding::new(Code::VariantInferred, span, message));
        }
        None => game.variant_source = VariantSource::Unknown,
    }
}

/// Why a variant was inferred: a text, the square number after it, if any, and a text after that.
type Reason = (&'static str, Option<u8>, &'static str);

fn infer(game: &Game, mut squares: SquareSummary) -> Option<(Variant, Reason)> {
    // What the squares of the game (and its setup) say.
    let from_moves = squares.any();
    if let Some(setup) = &game.setup {
        for piece in setup.white.iter().chain(&setup.black) {
            squares.add(&piece.square);
        }
    }
    if !squares.any() {
        return None;
    }
    if squares.algebraic {
        // Orthogonal steps only exist in Turkish.
        // (Steps only: a Russian flying king also captures along a rank, `c5:g5`.)
        let orthogonal = game.moves.iter().filter(|m| m.kind() == MoveKind::Step).any(|m| {
            matches!(m.squares(), [Square::Alg { file: f1, rank: r1 }, Square::Alg { file: f2, rank: r2 }] if f1 == f2 || r1 == r2)
        });
        return Some(if orthogonal {
            (
                Variant::Turkish,
                ("algebraic squares and orthogonal moves", None, ""),
            )
        } else {
            (
                Variant::Russian,
                ("algebraic squares on an 8x8 board", None, ""),
            )
        });
    }
    let highest = squares.highest()?;
    if highest > 50 {
        return Some((Variant::Canadian, ("squares up to ", Some(highest), "")));
    }
    if highest > 32 {
        // A position alone (no move with squares) cannot tell International from Frisian,
        // which starts from the same setup (KNDB Frisian rules); checking the setup, the two
        // find the same (board, numbering, 20 men, promotion rows), so International, the game
        // FMJD plays on this board, is assumed and the note says so.
        // (lidraughts' own 10x10 variants always carry their GameType.) Moves, unlike the
        // position, tell Frisian's orthogonal captures: the replay re-infers from them.
        let after = if game.setup.is_some() && !from_moves {
            ", a 10x10 position: frisian starts from the same setup and checks it alike, so international is assumed"
        } else {
            ""
        };
        return Some((
            Variant::International,
            ("squares up to ", Some(highest), after),
        ));
    }
    let italian_tags = game
        .tags
        .iter()
        .any(|t| matches!(t.name.as_str(), "Bianco" | "Nero" | "Risultato"));
    if italian_tags {
        return Some((
            Variant::Italian,
            ("squares up to 32 and Italian tag names", None, ""),
        ));
    }
    // From the start position the first move tells the board: English men (Black, first) start
    // on 1-12 and open from 9-12; Italian men (White, first) on 21-32 open from 21-24. (A FEN
    // of the start position is the start position: Russian exports write one.)
    let from_start = game.setup.as_ref().is_none_or(is_numbered_start);
    if from_start
        && let Some(Square::Num(from)) = game.moves.first().and_then(|m| m.squares().first())
    {
        if (21..=24).contains(from) {
            // Russian sites that write numbers count like English from White's side (White's
            // men on 21-32) and keep their `:` captures; Italian records write `x`. (Looked for
            // only here: a scan of every move, for a question most games never raise.)
            let colon_captures = game
                .moves
                .iter()
                .any(|m| m.kind() == MoveKind::Capture && m.separator() == Some(':'));
            return Some(if colon_captures {
                (
                    Variant::Russian,
                    (
                        "squares up to 32, `:` captures, first move from ",
                        Some(*from),
                        "",
                    ),
                )
            } else {
                (
                    Variant::Italian,
                    ("squares up to 32, first move from ", Some(*from), ""),
                )
            });
        }
        // International's White (first) opens from its front row, 31-35.
        if (31..=35).contains(from) {
            return Some((
                Variant::International,
                ("first move from ", Some(*from), ""),
            ));
        }
    }
    Some((Variant::English, ("squares up to ", Some(highest), "")))
}

/// Whether `setup` is the start position of a numbered 8x8 or 10x10 board, whoever is to move:
/// Black's men on the first 12 (20) squares, White's on the last 12 (20), no king.
fn is_numbered_start(setup: &FenSetup) -> bool {
    let men = |pieces: &[FenPiece], squares: std::ops::RangeInclusive<u8>| {
        pieces.len() == squares.len()
            && pieces
                .iter()
                .all(|p| !p.king && matches!(p.square, Square::Num(n) if squares.contains(&n)))
    };
    match setup.white.len() {
        12 => men(&setup.white, 21..=32) && men(&setup.black, 1..=12),
        20 => men(&setup.white, 31..=50) && men(&setup.black, 1..=20),
        _ => false,
    }
}

/// Whether a game has squares, whether any is algebraic, and the highest numeric one.
#[derive(Debug, Clone, Copy, Default)]
pub struct SquareSummary {
    numeric: bool,
    algebraic: bool,
    /// The highest numeric square (meaningful when `numeric`).
    highest: u8,
}

impl SquareSummary {
    #[inline]
    pub fn add(&mut self, square: &Square) {
        match *square {
            Square::Num(n) => self.add_numeric(n),
            Square::Alg { .. } => self.add_algebraic(),
        }
    }

    /// A numeric square, or the highest of a token's.
    #[inline]
    pub fn add_numeric(&mut self, n: u8) {
        self.numeric = true;
        self.highest = self.highest.max(n);
    }

    #[inline]
    pub fn add_algebraic(&mut self) {
        self.algebraic = true;
    }

    /// A plain move's squares: `highest` is the highest of them when they are numeric, `None`
    /// when they are algebraic.
    #[inline]
    pub fn add_plain(&mut self, highest: Option<u8>) {
        match highest {
            Some(n) => self.add_numeric(n),
            None => self.add_algebraic(),
        }
    }

    fn any(&self) -> bool {
        self.numeric || self.algebraic
    }

    fn highest(&self) -> Option<u8> {
        self.numeric.then_some(self.highest)
    }
}

#[cfg(test)]
mod tests {
    use crate::reader::{ReadOptions, VariantSource, read_str};
    use crate::variant::Variant;

    /// The variant decided for the one game of `text`, and how.
    fn decided(text: &str) -> (Option<Variant>, VariantSource) {
        let games = read_str(text, ReadOptions::default());
        (games[0].variant, games[0].variant_source)
    }

    #[test]
    fn a_position_is_read_by_what_its_setup_rules_out() {
        // White to move in the 8x8 start position: not English, yet four variants remain.
        assert_eq!(
            decided("[FEN \"W:W21-32:B1-12\"]\n*\n"),
            (None, VariantSource::Unknown)
        );
        // White's men on 1-8: crowned there in English numbering; Thai's start with White to
        // move: Spanish (Portuguese has the same rules).
        assert_eq!(
            decided("[FEN \"W:W1-8:B25-32\"]\n*\n"),
            (Some(Variant::Spanish), VariantSource::Inferred)
        );
        // A middle-game position every numbered variant allows: English, the usual one,
        // assumed (the note names the others).
        assert_eq!(
            decided("[FEN \"W:W18,22,27:B9,13\"]\n*\n"),
            (Some(Variant::English), VariantSource::Inferred)
        );
        // 10x10: International assumed.
        assert_eq!(
            decided("[FEN \"W:W31-50:B1-20\"]\n*\n"),
            (Some(Variant::International), VariantSource::Inferred)
        );
    }

    #[test]
    fn moves_from_a_start_position_fen_are_read_as_from_the_start() {
        // Russian exports write the start position as a FEN; the first move tells as without it.
        assert_eq!(
            decided("[FEN \"W:W21-32:B1-12\"]\n1. 22-18 11-15 2. 18:11 8:15 *\n"),
            (Some(Variant::Russian), VariantSource::Inferred)
        );
        assert_eq!(
            decided("[FEN \"B:W21-32:B1-12\"]\n1. 11-15 23-19 *\n"),
            (Some(Variant::English), VariantSource::Inferred)
        );
        // Any other setup: the squares alone.
        assert_eq!(
            decided("[FEN \"W:W21,22:B1,12\"]\n1. 22-18 *\n"),
            (Some(Variant::English), VariantSource::Inferred)
        );
    }
}
