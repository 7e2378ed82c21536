//! The variant of a position without moves and without a GameType, on an 8x8 board with numbered
//! squares: what a line of a `.fen` file, or a record of a `[FEN]` tag alone, can tell.
//!
//! Only hard facts rule a variant out:
//! - a setup the variant's rules forbid whatever was played before: a man on its own promotion
//!   row (a man ending its move on the far row is crowned: the EDA laws of English draughts, the
//!   FMJD rules, the Russian federation's rules, the FID rules of Italian draughts), more men than
//!   the variant starts with, a square its board does not have;
//! - the variant's start position with the side that does not move first to move: every man on
//!   the board and no king means no capture yet, and without captures men only step forward, so
//!   the start position is never seen again after the first move.
//!
//! The side to move is otherwise no evidence: a position is taken from any point of a game, and
//! English problems are as often "White to play" as "Black to play". It is said in the report,
//! never used to decide. Men of one side standing where the other side starts are no evidence
//! either: they get there in any long game.
//!
//! When the facts leave several variants whose rules differ, the usual game of the notation
//! among them (English for numbered squares, Russian for algebraic ones), it is assumed and the
//! note names the others (nothing in a position tells English from pool, and numbered 8x8
//! positions without a GameType are English problems and ballots far more often than not).
//! When the usual game is ruled out and several others are left (Russian, Brazilian, Italian,
//! Czech and Thai draughts each have their federations), the variant is not known: nothing is
//! replayed, and the report lists them.

use super::model::Game;
use crate::fen::FenSetup;
use crate::notation::{Color, Square};
use crate::rules::{Position, Rules, rulebook};
use crate::variant::Variant;

/// The 8x8 variants whose records number their squares (PDN GameType `N`), or whose numbers are
/// read like English where a FEN writes numbers (Russian, Brazilian and Czech sites), in PDN
/// GameType order (English first: the usual game of numbered squares). Turkish is not among
/// them: its board has 64 squares, always written algebraically.
const NUMBERED_8X8: &[&Rules] = &[
    &rulebook::ENGLISH,
    &rulebook::ITALIAN,
    &rulebook::POOL,
    &rulebook::SPANISH,
    &rulebook::RUSSIAN,
    &rulebook::BRAZILIAN,
    &rulebook::PORTUGUESE,
    &rulebook::CZECH,
    &rulebook::THAI,
];

/// The 8x8 variants whose PDN GameType writes squares algebraically (`A`), in GameType order
/// (Russian first: the usual game of algebraic squares).
/// (English written algebraically, as playstrategy does, carries its GameType.)
const ALGEBRAIC_8X8: &[&Rules] = &[
    &rulebook::RUSSIAN,
    &rulebook::BRAZILIAN,
    &rulebook::CZECH,
    &rulebook::TURKISH,
];

/// What the setup of `game` says of its variant, when the game is such a position: no GameType
/// (the caller's business), no move with squares (`moves_have_squares` false: moves tell far
/// more, and the replay re-infers from them), a setup with pieces on an 8x8 board, all numbered
/// (up to 32) or all algebraic (a1 to h8), and no Italian tag names (which tell Italian).
pub fn position_evidence(game: &Game, moves_have_squares: bool) -> Option<PositionEvidence> {
    let setup = game.setup.as_ref()?;
    let italian_tags = game
        .tags
        .iter()
        .any(|t| matches!(t.name.as_str(), "Bianco" | "Nero" | "Risultato"));
    if moves_have_squares || italian_tags {
        return None;
    }
    let squares: Vec<Square> = setup
        .white
        .iter()
        .chain(&setup.black)
        .map(|p| p.square)
        .collect();
    let candidates = if squares.is_empty() {
        return None;
    } else if squares.iter().all(|s| matches!(s, Square::Num(1..=32))) {
        NUMBERED_8X8
    } else if squares.iter().all(|s| {
        matches!(
            s,
            Square::Alg {
                file: 0..=7,
                rank: 0..=7
            }
        )
    }) {
        ALGEBRAIC_8X8
    } else {
        return None;
    };
    Some(PositionEvidence::of(setup, candidates))
}

/// What an 8x8 position says of its variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionEvidence {
    /// The side to move (`None` for `?`).
    pub to_move: Option<Color>,
    /// The variants the position is possible in, in PDN GameType order.
    pub fits: Vec<Variant>,
    /// The variants ruled out, each with why (the same reason once for all it rules out).
    pub ruled_out: Vec<(Vec<Variant>, String)>,
    /// The usual game of the squares' notation, assumed when it fits among others: the first
    /// candidate (English for numbered squares, Russian for algebraic ones).
    pub usual: Variant,
}

/// What is decided from the evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// One variant fits, or several with the same rules (Spanish and Portuguese): it is inferred.
    Inferred(Variant),
    /// Several variants with different rules fit, the usual game of the squares' notation
    /// among them (English for numbers, Russian for algebraic squares): it is assumed, the
    /// others named. Nothing in a position tells English from pool (the same setup, numbering
    /// and first mover), and a numbered 8x8 position without a GameType is, in the archives
    /// PDN is written for, an English problem or ballot far more often than not (an algebraic
    /// one, Russian); a setup that fits it gives no finding that another variant would not.
    Assumed(Variant),
    /// Several variants with different rules fit, the usual one not among them: the variant is
    /// not known.
    Ambiguous,
    /// No 8x8 variant allows the position: the variant is not known either (the squares may be
    /// those of a larger board).
    NoneFits,
}

impl PositionEvidence {
    /// Weighs `setup` (read in each variant's default numbering) against `candidates`.
    fn of(setup: &FenSetup, candidates: &[&'static Rules]) -> PositionEvidence {
        // `?`: whether the pieces may stand so does not depend on who is to move.
        let mut placed = setup.clone();
        placed.to_move.get_or_insert(Color::White);
        // A square listed twice is wrong in every variant (the FEN reader reports it): it tells
        // none of them, so the second listing is left out here.
        let mut seen = Vec::new();
        for pieces in [&mut placed.white, &mut placed.black] {
            pieces.retain(|p| {
                let first = !seen.contains(&p.square);
                seen.push(p.square);
                first
            });
        }
        let mut fits = Vec::new();
        let mut ruled_out: Vec<(Vec<Variant>, String)> = Vec::new();
        for &row in candidates {
            let rules = crate::rules::house::in_force(row);
            let why = match Position::from_setup(rules, &placed) {
                Err(e) => Some(e.to_string()),
                Ok(position) => setup
                    .to_move
                    .filter(|&side| side != rules.first_mover && is_start(&position))
                    .map(|side| {
                        format!(
                            "the start position with {side} to move, but {} moves first",
                            rules.first_mover
                        )
                    }),
            };
            match why {
                None => fits.push(rules.variant),
                Some(why) => match ruled_out.iter_mut().find(|(_, w)| *w == why) {
                    Some((variants, _)) => variants.push(rules.variant),
                    None => ruled_out.push((vec![rules.variant], why)),
                },
            }
        }
        PositionEvidence {
            to_move: setup.to_move,
            fits,
            ruled_out,
            usual: candidates[0].variant,
        }
    }

    pub fn verdict(&self) -> Verdict {
        match self.fits.as_slice() {
            [] => Verdict::NoneFits,
            [first, rest @ ..] if rest.iter().all(|&v| same_rules(*first, v)) => {
                Verdict::Inferred(*first)
            }
            fits if fits.contains(&self.usual) => Verdict::Assumed(self.usual),
            _ => Verdict::Ambiguous,
        }
    }

    /// What the evidence says, for a message: the variants that fit, grouped by who moves first
    /// (the side to move said beside them, as a fact, not as evidence), then those ruled out
    /// and why: `russian, czech (white moves first, and is to move), english, pool (black moves
    /// first); not spanish, portuguese, thai: white man on 3, its own promotion row`. When none
    /// fits, only the reasons, without `not`.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        let mut seen = Vec::new();
        for side in [
            self.to_move.unwrap_or(Color::White),
            Color::Black,
            Color::White,
        ] {
            let group: Vec<Variant> = self
                .fits
                .iter()
                .copied()
                .filter(|&v| first_mover(v) == side)
                .collect();
            if group.is_empty() || seen.contains(&side) {
                continue;
            }
            seen.push(side);
            if !out.is_empty() {
                out.push_str(", ");
            }
            let to_move = if self.to_move == Some(side) {
                ", and is to move"
            } else {
                ""
            };
            out.push_str(&format!("{} ({side} moves first{to_move})", names(&group)));
        }
        for (variants, why) in &self.ruled_out {
            if !out.is_empty() {
                out.push_str("; ");
            }
            if !self.fits.is_empty() {
                out.push_str("not ");
            }
            out.push_str(&names(variants));
            out.push_str(": ");
            out.push_str(why);
        }
        out
    }
}

fn names(variants: &[Variant]) -> String {
    let names: Vec<&str> = variants.iter().map(|v| v.name()).collect();
    names.join(", ")
}

fn first_mover(variant: Variant) -> Color {
    Rules::for_variant(variant).map_or(Color::White, |r| r.first_mover)
}

/// Whether the pieces stand as at the start of the variant's games.
fn is_start(position: &Position) -> bool {
    let start = Position::initial(position.rules());
    [Color::White, Color::Black]
        .iter()
        .all(|&c| position.men(c) == start.men(c) && position.kings(c) == start.kings(c))
}

/// Whether two variants have the same rules but for their name (Spanish and Portuguese: dctl
/// and the PDN table list both, with one set of rules), so that checking as either is the same.
fn same_rules(a: Variant, b: Variant) -> bool {
    match (Rules::for_variant(a), Rules::for_variant(b)) {
        (Some(ra), Some(rb)) => Rules { variant: a, ..*rb } == *ra,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence(fen: &str) -> PositionEvidence {
        let setup = crate::fen::parse(fen).expect("a FEN").setup;
        let numbered = setup
            .white
            .iter()
            .chain(&setup.black)
            .all(|p| !p.square.is_algebraic());
        let candidates = if numbered {
            NUMBERED_8X8
        } else {
            ALGEBRAIC_8X8
        };
        PositionEvidence::of(&setup, candidates)
    }

    #[test]
    fn each_numbering_has_its_own_promotion_rows() {
        // The facts below rest on these: English-like numbering puts White's men on 21-32
        // (crowned on 1-4); Spanish, Portuguese and Thai number from White's side (White's men
        // on 1-12, crowned on 29-32).
        for rules in NUMBERED_8X8 {
            let start = match rules.variant {
                Variant::Spanish | Variant::Portuguese => "W:W1-12:B21-32",
                Variant::Thai => "W:W1-8:B25-32",
                _ => "W:W21-32:B1-12",
            };
            let setup = crate::fen::parse(start).expect("a FEN").setup;
            let position = Position::from_setup(rules, &setup).expect("a legal setup");
            assert!(is_start(&position), "{}", rules.variant);
        }
    }

    #[test]
    fn white_to_move_in_a_middle_game_decides_nothing() {
        // Every numbered variant fits: English, the usual one, is assumed.
        let e = evidence("W:W18,22,27:B9,13");
        assert_eq!(e.verdict(), Verdict::Assumed(Variant::English));
        assert_eq!(e.fits.len(), NUMBERED_8X8.len());
        assert!(e.ruled_out.is_empty());
    }

    #[test]
    fn the_start_position_rules_out_the_side_that_does_not_move_first() {
        // White to move: English and pool (Black first) are out, as are the variants whose
        // White men start on 1-12 (men on 29-32, their promotion row).
        let e = evidence("W:W21-32:B1-12");
        assert_eq!(
            e.fits,
            [
                Variant::Italian,
                Variant::Russian,
                Variant::Brazilian,
                Variant::Czech
            ]
        );
        assert_eq!(e.verdict(), Verdict::Ambiguous);
        // Black to move: English or pool, which differ (flying kings in pool).
        let e = evidence("B:W21-32:B1-12");
        assert_eq!(e.fits, [Variant::English, Variant::Pool]);
        assert_eq!(e.verdict(), Verdict::Assumed(Variant::English));
    }

    #[test]
    fn a_man_on_its_promotion_row_rules_a_numbering_out() {
        // A white man on 2: crowned there in English-like numbering.
        let e = evidence("W:W2,22:B12");
        assert_eq!(
            e.fits,
            [Variant::Spanish, Variant::Portuguese, Variant::Thai]
        );
        assert_eq!(e.verdict(), Verdict::Ambiguous);
        assert!(e.describe().contains("not english, italian, pool, russian"));
        assert!(
            e.describe()
                .contains("white man on 2, its own promotion row")
        );
        // And a black man on 2 too: none fits.
        let e = evidence("W:W2:B3");
        assert_eq!(e.verdict(), Verdict::NoneFits);
    }

    #[test]
    fn variants_with_the_same_rules_are_one() {
        // Thai's start, Black to move, is out: it remains Spanish or Portuguese.
        let e = evidence("W:W1-8:B25-32");
        assert_eq!(e.fits, [Variant::Spanish, Variant::Portuguese]);
        assert_eq!(e.verdict(), Verdict::Inferred(Variant::Spanish));
    }

    #[test]
    fn algebraic_squares_leave_the_algebraic_variants() {
        // Dark squares only: Russian, Brazilian, Czech or Turkish (whose pieces stand anywhere);
        // Russian, the usual one, is assumed.
        let e = evidence("W:Wc3,e3:Bd6");
        assert_eq!(e.fits.len(), 4);
        assert_eq!(e.verdict(), Verdict::Assumed(Variant::Russian));
        // A piece on a light square (d3): Turkish alone, which plays on all 64.
        let e = evidence("W:Wd3,e3:Bd6");
        assert_eq!(e.verdict(), Verdict::Inferred(Variant::Turkish));
        assert!(
            e.describe()
                .contains("not russian, brazilian, czech: square d3 is not a playing square")
        );
        // A white man on the eighth rank: crowned there in each.
        let e = evidence("W:Wc3,b8:Bd6");
        assert_eq!(e.verdict(), Verdict::NoneFits);
    }

    #[test]
    fn a_square_listed_twice_tells_no_variant() {
        let e = evidence("W:W31,32,18:B31");
        assert_eq!(e.fits.len(), NUMBERED_8X8.len() - 3, "{e:?}");
        assert_eq!(e.verdict(), Verdict::Assumed(Variant::English));
    }

    #[test]
    fn the_side_to_move_is_said_not_weighed() {
        let e = evidence("W:W18,22,27:B9,13");
        let text = e.describe();
        assert!(
            text.starts_with(
                "italian, spanish, russian, brazilian, portuguese, czech (white moves first, and is to move), english, pool, thai (black moves first)"
            ),
            "{text}"
        );
    }
}
