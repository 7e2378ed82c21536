//! A variant's rules as a TOML file: the same switches as a row of [`super::rulebook`], so that a
//! club can describe a house variant nobody published (`--rules FILE.toml`) and any built-in row
//! can be read back in that form (`pdnkit rules --variant corner`).
//!
//! The file names a `base` variant: the rules it describes take that variant's name, squares,
//! result tokens and draw rules, and replace its row for the run. Every switch must be given
//! (what `pdnkit rules` writes is a complete file to start from), so nothing is silently
//! inherited; unknown keys are errors, each located by line and column.

use super::board::{Bits, CellIter, Geometry, Layout};
use super::rulebook::{
    CapturePromotion, Goal, KingRange, MenDirection, Movement, Parachutists, Precedence, Removal,
    Rules,
};
use crate::notation::Color;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;
use toml::Spanned;

/// Why a rules file was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesFileError {
    /// 1-based line and column of the offending value, when known.
    pub at: Option<(usize, usize)>,
    pub message: String,
}

impl fmt::Display for RulesFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((line, column)) => write!(f, "{line}:{column}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for RulesFileError {}

/// The words of each switch, in the order `pdnkit rules` lists them.
const LAYOUTS: &[(&str, Layout)] = &[
    ("diagonal", Layout::Diagonal),
    ("full", Layout::Full),
    ("alquerque", Layout::Alquerque),
];
const COLORS: &[(&str, Color)] = &[("white", Color::White), ("black", Color::Black)];
const MOVEMENTS: &[(&str, Movement)] = &[
    ("diagonal", Movement::Diagonal),
    ("orthogonal", Movement::Orthogonal),
    ("gothic", Movement::Gothic),
    ("dameo", Movement::Dameo),
    ("konane", Movement::Konane),
];
const MEN_DIRECTIONS: &[(&str, MenDirection)] = &[
    ("towards-opponent", MenDirection::TowardsOpponent),
    ("same-way", MenDirection::SameWay),
];
const KING_RANGES: &[(&str, KingRange)] = &[
    ("short", KingRange::Short),
    ("flying", KingRange::Flying),
    ("flying-lands-behind", KingRange::FlyingLandsBehind),
];
const PRECEDENCES: &[(&str, Precedence)] = &[
    ("none", Precedence::None),
    ("max-pieces", Precedence::MaxPieces),
    ("max-pieces-then-kings", Precedence::MaxPiecesThenKings),
    ("king-first", Precedence::KingFirst),
    ("italian", Precedence::Italian),
    ("value", Precedence::Value),
];
const CAPTURE_PROMOTIONS: &[(&str, CapturePromotion)] = &[
    ("ends-move", CapturePromotion::EndsMove),
    ("continues-as-king", CapturePromotion::ContinuesAsKing),
    ("only-at-end", CapturePromotion::OnlyAtEnd),
];
const REMOVALS: &[(&str, Removal)] = &[
    ("after-sequence", Removal::AfterSequence),
    ("immediate", Removal::Immediate),
];
const PARACHUTISTS: &[(&str, Parachutists)] = &[
    ("none", Parachutists::None),
    ("one-jump", Parachutists::OneJump),
    ("jump-then-man", Parachutists::JumpThenMan),
];
const GOALS: &[(&str, Goal)] = &[
    ("standard", Goal::Standard),
    ("cannot-move-wins", Goal::CannotMoveWins),
    ("first-king-wins", Goal::FirstKingWins),
];

fn word<T: PartialEq + Copy>(table: &[(&'static str, T)], value: T) -> &'static str {
    table
        .iter()
        .find(|(_, v)| *v == value)
        .map(|(w, _)| *w)
        .expect("every value has a word")
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    base: Spanned<String>,
    board: RawBoard,
    setup: RawSetup,
    moves: RawMoves,
    promotion: RawPromotion,
    captures: RawCaptures,
    ending: RawEnding,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    width: Spanned<u8>,
    height: u8,
    layout: Spanned<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetup {
    first_mover: Spanned<String>,
    men_rows: Spanned<u8>,
    back_rows_empty: u8,
    extra_setup_rows: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    white: Option<Spanned<Vec<String>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    black: Option<Spanned<Vec<String>>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMoves {
    movement: Spanned<String>,
    men_direction: Spanned<String>,
    men_capture_backward: bool,
    king_range: Spanned<String>,
    man_captures_king: bool,
    orthogonal_captures: bool,
    no_180_turn: bool,
    king_move_limit: u8,
    men_jump_any_way_after_first: bool,
    men_stop_on_far_row: bool,
    /// Written always; a file without it (written before pdnkit knew parachutists) has none.
    #[serde(default)]
    parachutists: Option<Spanned<String>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPromotion {
    capture_promotion: Spanned<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    white: Option<Spanned<Vec<String>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    black: Option<Spanned<Vec<String>>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCaptures {
    precedence: Spanned<String>,
    removal: Spanned<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEnding {
    goal: Spanned<String>,
}

/// Squares as algebraic names (`a1` at White's bottom-left), in cell order.
fn names(geo: &Geometry, bits: Bits) -> Vec<String> {
    CellIter(bits)
        .map(|cell| {
            let (row, col) = geo.coords(cell);
            let file = char::from(b'a' + col);
            format!("{file}{}", geo.height - row)
        })
        .collect()
}

fn spanned<T>(value: T) -> Spanned<T> {
    Spanned::new(0..0, value)
}

/// The rules that stand for `row`'s variant in this run: the house rules that replaced the row
/// ([`Rules::use_house_rules`]), else the row itself. Code that walks rows of the rulebook to
/// try variants goes through it, so that a rules file is never passed over for its base row.
pub fn in_force(row: &'static Rules) -> &'static Rules {
    Rules::for_variant(row.variant).unwrap_or(row)
}

/// `rules` as a rules file, every switch written.
pub fn to_toml(rules: &Rules) -> String {
    let geo = &rules.board;
    let squares = |pair: Option<[Bits; 2]>, i: usize| pair.map(|p| spanned(names(geo, p[i])));
    let raw = RawRules {
        base: spanned(rules.variant.name().to_string()),
        board: RawBoard {
            width: spanned(geo.width),
            height: geo.height,
            layout: spanned(word(LAYOUTS, geo.layout).into()),
        },
        setup: RawSetup {
            first_mover: spanned(word(COLORS, rules.first_mover).into()),
            men_rows: spanned(rules.men_rows),
            back_rows_empty: rules.back_rows_empty,
            extra_setup_rows: rules.extra_setup_rows,
            white: squares(rules.start_squares, 0),
            black: squares(rules.start_squares, 1),
        },
        moves: RawMoves {
            movement: spanned(word(MOVEMENTS, rules.movement).into()),
            men_direction: spanned(word(MEN_DIRECTIONS, rules.men_direction).into()),
            men_capture_backward: rules.men_capture_backward,
            king_range: spanned(word(KING_RANGES, rules.king_range).into()),
            man_captures_king: rules.man_captures_king,
            orthogonal_captures: rules.orthogonal_captures,
            no_180_turn: rules.no_180_turn,
            king_move_limit: rules.king_move_limit,
            men_jump_any_way_after_first: rules.men_jump_any_way_after_first,
            men_stop_on_far_row: rules.men_stop_on_far_row,
            parachutists: Some(spanned(word(PARACHUTISTS, rules.parachutists).into())),
        },
        promotion: RawPromotion {
            capture_promotion: spanned(word(CAPTURE_PROMOTIONS, rules.capture_promotion).into()),
            white: squares(rules.promotion_squares, 0),
            black: squares(rules.promotion_squares, 1),
        },
        captures: RawCaptures {
            precedence: spanned(word(PRECEDENCES, rules.precedence).into()),
            removal: spanned(word(REMOVALS, rules.removal).into()),
        },
        ending: RawEnding {
            goal: spanned(word(GOALS, rules.goal).into()),
        },
    };
    let body = toml::to_string(&raw).expect("plain values serialise");
    let mut out = format!(
        "# pdnkit rules of {} (`pdnkit rules --variant {}`): edit, then give it to\n\
         # `--rules FILE.toml`. docs/rules.md says what each switch means.\n",
        rules.variant, rules.variant
    );
    for (name, reading) in rules.readings() {
        out.push_str(&format!(
            "# Reading chosen where the sources leave it open ({name}):\n"
        ));
        out.push_str(&format!("#   {reading}\n"));
    }
    out.push_str(&body);
    out
}

/// 1-based line and column of byte `offset` in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The rules a rules file describes.
pub fn from_toml(text: &str) -> Result<Rules, RulesFileError> {
    let error = |span: Option<Range<usize>>, message: String| RulesFileError {
        at: span.map(|s| line_column(text, s.start)),
        message,
    };
    let raw: RawRules =
        toml::from_str(text).map_err(|e| error(e.span(), e.message().trim().to_string()))?;
    fn pick<T: Copy>(
        table: &[(&str, T)],
        value: &Spanned<String>,
        key: &str,
        error: &dyn Fn(Option<Range<usize>>, String) -> RulesFileError,
    ) -> Result<T, RulesFileError> {
        table
            .iter()
            .find(|(w, _)| *w == value.as_ref())
            .map(|(_, v)| *v)
            .ok_or_else(|| {
                let words: Vec<&str> = table.iter().map(|(w, _)| *w).collect();
                error(
                    Some(value.span()),
                    format!(
                        "{key} `{}` is not one of: {}",
                        value.as_ref(),
                        words.join(", ")
                    ),
                )
            })
    }
    let variant: Variant = raw
        .base
        .as_ref()
        .parse()
        .map_err(|e: crate::variant::UnknownVariant| error(Some(raw.base.span()), e.to_string()))?;
    let layout = pick(LAYOUTS, &raw.board.layout, "board.layout", &error)?;
    let board = Geometry::new(*raw.board.width.as_ref(), raw.board.height, layout);
    if !board.fits() {
        return Err(error(
            Some(raw.board.width.span()),
            format!(
                "a {}x{} {} board does not fit pdnkit's bitboards (at most 16 wide and high; \
                 128 playing squares)",
                raw.board.width.as_ref(),
                raw.board.height,
                word(LAYOUTS, layout)
            ),
        ));
    }
    let rows = *raw.setup.men_rows.as_ref() as u32 + raw.setup.back_rows_empty as u32;
    if 2 * rows > board.height as u32 && raw.setup.white.is_none() {
        return Err(error(
            Some(raw.setup.men_rows.span()),
            format!(
                "men_rows and back_rows_empty fill {rows} rows a side, more than half the \
                 board's {}",
                board.height
            ),
        ));
    }
    let squares = |list: &Spanned<Vec<String>>, key: &str| -> Result<Bits, RulesFileError> {
        let mut bits: Bits = 0;
        for name in list.as_ref() {
            let cell = square(&board, name).ok_or_else(|| {
                error(
                    Some(list.span()),
                    format!("{key}: `{name}` is not a playing square of this board"),
                )
            })?;
            bits |= 1 << cell;
        }
        Ok(bits)
    };
    let pair = |white: &Option<Spanned<Vec<String>>>,
                black: &Option<Spanned<Vec<String>>>,
                section: &str|
     -> Result<Option<[Bits; 2]>, RulesFileError> {
        match (white, black) {
            (None, None) => Ok(None),
            (Some(w), Some(b)) => Ok(Some([
                squares(w, &format!("{section}.white"))?,
                squares(b, &format!("{section}.black"))?,
            ])),
            (Some(one), None) | (None, Some(one)) => Err(error(
                Some(one.span()),
                format!("{section}: give the squares of both white and black, or neither"),
            )),
        }
    };
    let start_squares = pair(&raw.setup.white, &raw.setup.black, "setup")?;
    let promotion_squares = pair(&raw.promotion.white, &raw.promotion.black, "promotion")?;
    Ok(Rules {
        variant,
        board,
        men_rows: *raw.setup.men_rows.as_ref(),
        back_rows_empty: raw.setup.back_rows_empty,
        extra_setup_rows: raw.setup.extra_setup_rows,
        first_mover: pick(COLORS, &raw.setup.first_mover, "setup.first_mover", &error)?,
        movement: pick(MOVEMENTS, &raw.moves.movement, "moves.movement", &error)?,
        men_capture_backward: raw.moves.men_capture_backward,
        king_range: pick(
            KING_RANGES,
            &raw.moves.king_range,
            "moves.king_range",
            &error,
        )?,
        man_captures_king: raw.moves.man_captures_king,
        precedence: pick(
            PRECEDENCES,
            &raw.captures.precedence,
            "captures.precedence",
            &error,
        )?,
        capture_promotion: pick(
            CAPTURE_PROMOTIONS,
            &raw.promotion.capture_promotion,
            "promotion.capture_promotion",
            &error,
        )?,
        removal: pick(REMOVALS, &raw.captures.removal, "captures.removal", &error)?,
        no_180_turn: raw.moves.no_180_turn,
        orthogonal_captures: raw.moves.orthogonal_captures,
        king_move_limit: raw.moves.king_move_limit,
        goal: pick(GOALS, &raw.ending.goal, "ending.goal", &error)?,
        start_squares,
        promotion_squares,
        men_direction: pick(
            MEN_DIRECTIONS,
            &raw.moves.men_direction,
            "moves.men_direction",
            &error,
        )?,
        men_jump_any_way_after_first: raw.moves.men_jump_any_way_after_first,
        men_stop_on_far_row: raw.moves.men_stop_on_far_row,
        parachutists: match &raw.moves.parachutists {
            Some(value) => pick(PARACHUTISTS, value, "moves.parachutists", &error)?,
            None => Parachutists::None,
        },
    })
}

/// The cell of an algebraic square name (`a1` at White's bottom-left) on `geo`.
fn square(geo: &Geometry, name: &str) -> Option<super::board::Cell> {
    let mut chars = name.chars();
    let file = chars.next()?;
    let rank: u8 = chars.as_str().parse().ok()?;
    if !file.is_ascii_lowercase() || rank == 0 || rank > geo.height {
        return None;
    }
    let col = file as u8 - b'a';
    geo.cell(geo.height - rank, col)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rulebook::ALL;

    #[test]
    fn every_built_in_row_reads_back_as_itself() {
        for rules in ALL {
            let text = to_toml(rules);
            assert_eq!(from_toml(&text).as_ref(), Ok(*rules), "{text}");
        }
    }

    #[test]
    fn a_wrong_value_is_named_with_its_place() {
        let text = to_toml(&crate::rules::rulebook::CORNER)
            .replace("precedence = \"king-first\"", "precedence = \"longest\"");
        let e = from_toml(&text).unwrap_err();
        assert!(e.message.contains("captures.precedence `longest`"), "{e}");
        assert!(e.message.contains("max-pieces"), "{e}");
        let line = text.lines().position(|l| l.contains("longest")).unwrap() + 1;
        assert_eq!(e.at.map(|(l, _)| l), Some(line));
        let e = from_toml(&text.replace("[ending]", "[ending]\nvictory = 1")).unwrap_err();
        assert!(e.message.contains("victory"), "{e}");
        let e = from_toml(&to_toml(&crate::rules::rulebook::CORNER).replace("\"a7\"", "\"a8\""))
            .unwrap_err();
        assert!(e.message.contains("`a8` is not a playing square"), "{e}");
    }
}
