//! Draughts variants as PDN names them: the `GameType` tag, its defaults, and the names used on the
//! command line and in reports. What each variant's *rules* are lives in `rules`; this module only
//! knows identity and notation.

use crate::notation::Color;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Every variant pdnkit knows by name. The PDN 3.0 GameType list, plus lidraughts' unofficial codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    International,
    English,
    Italian,
    Pool,
    Spanish,
    Russian,
    Brazilian,
    Canadian,
    Portuguese,
    Czech,
    Turkish,
    Thai,
    Frisian,
    Spantsiretti,
    Antidraughts,
    Breakthrough,
    Frysk,
    // BrainKing's variants without a PDN GameType number (named by the `Variant` tag).
    #[serde(rename = "anti-checkers")]
    AntiCheckers,
    Corner,
    #[serde(rename = "one-way")]
    OneWay,
    Parachute,
    Gothic,
    Alquerque,
    Hawaiian,
    Dameo,
}

/// How squares are written in a variant's PDN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SquareNotation {
    Numeric,
    Algebraic,
}

/// Which set of result tokens a variant uses (PDN 3.0, "Result").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResultStyle {
    /// `1-0 0-1 1/2-1/2 0-0 *`
    Default,
    /// `2-0 0-2 1-1 0-0 *` (International and Canadian; lidraughts' own 10x10 variants)
    International,
}

/// One row of the PDN GameType table: the full default GameType of each variant
/// (PDN 3.0 standard, "GameType"; lidraughts for the codes 96-98).
///
/// BrainKing's variants have no GameType number (the PDN table assigns none beyond 41, and
/// BrainKing publishes no PDN export): `code` is `None`, and `default_game_type` describes their
/// board and squares with the number 0 in place of a type number, which is never written (a
/// record names such a variant with its `Variant` tag; see [`Variant::code`]).
struct Row {
    variant: Variant,
    name: &'static str,
    code: Option<u16>,
    default_game_type: &'static str,
}

#[rustfmt::skip]
const TABLE: &[Row] = &[
    Row { variant: Variant::International, name: "international", code: Some(20), default_game_type: "20,W,10,10,N2,0" },
    Row { variant: Variant::English,       name: "english",       code: Some(21), default_game_type: "21,B,8,8,N1,0" },
    Row { variant: Variant::Italian,       name: "italian",       code: Some(22), default_game_type: "22,W,8,8,N2,1" },
    Row { variant: Variant::Pool,          name: "pool",          code: Some(23), default_game_type: "23,B,8,8,N1,0" },
    Row { variant: Variant::Spanish,       name: "spanish",       code: Some(24), default_game_type: "24,W,8,8,N1,1" },
    Row { variant: Variant::Russian,       name: "russian",       code: Some(25), default_game_type: "25,W,8,8,A0,0" },
    Row { variant: Variant::Brazilian,     name: "brazilian",     code: Some(26), default_game_type: "26,W,8,8,A0,0" },
    Row { variant: Variant::Canadian,      name: "canadian",      code: Some(27), default_game_type: "27,W,12,12,N2,0" },
    Row { variant: Variant::Portuguese,    name: "portuguese",    code: Some(28), default_game_type: "28,W,8,8,N1,1" },
    Row { variant: Variant::Czech,         name: "czech",         code: Some(29), default_game_type: "29,W,8,8,A0,0" },
    Row { variant: Variant::Turkish,       name: "turkish",       code: Some(30), default_game_type: "30,W,8,8,A0,0" },
    Row { variant: Variant::Thai,          name: "thai",          code: Some(31), default_game_type: "31,B,8,8,N2,0" },
    Row { variant: Variant::Frisian,       name: "frisian",       code: Some(40), default_game_type: "40,W,10,10,N2,0" },
    // The PDN table writes 41 algebraic since its change of 18 April 2014 ("Spantsiretti: N2 -> A0").
    Row { variant: Variant::Spantsiretti,  name: "spantsiretti",  code: Some(41), default_game_type: "41,W,10,8,A0,0" },
    // lidraughts' unofficial codes (not in PDN 3.0)
    Row { variant: Variant::Breakthrough,  name: "breakthrough",  code: Some(96), default_game_type: "96,W,10,10,N2,0" },
    Row { variant: Variant::Frysk,         name: "frysk",         code: Some(97), default_game_type: "97,W,10,10,N2,0" },
    Row { variant: Variant::Antidraughts,  name: "antidraughts",  code: Some(98), default_game_type: "98,W,10,10,N2,0" },
    // BrainKing (https://brainking.com/en/GameRules?tp=N): algebraic squares, a1 dark at White's
    // bottom-left, White first ("the white player always starts a game (for all game types)",
    // https://brainking.com/en/OldFAQ?ht=3) but in Hawaiian, whose rules page says Black starts.
    Row { variant: Variant::AntiCheckers,  name: "anti-checkers", code: None,     default_game_type: "0,W,8,8,A0,0" },
    Row { variant: Variant::Corner,        name: "corner",        code: None,     default_game_type: "0,W,8,8,A0,0" },
    Row { variant: Variant::OneWay,        name: "one-way",       code: None,     default_game_type: "0,W,8,8,A0,0" },
    Row { variant: Variant::Parachute,     name: "parachute",     code: None,     default_game_type: "0,W,8,8,A0,0" },
    Row { variant: Variant::Gothic,        name: "gothic",        code: None,     default_game_type: "0,W,8,8,A0,0" },
    Row { variant: Variant::Alquerque,     name: "alquerque",     code: None,     default_game_type: "0,W,5,5,A0,0" },
    Row { variant: Variant::Hawaiian,      name: "hawaiian",      code: None,     default_game_type: "0,B,8,8,A0,0" },
    Row { variant: Variant::Dameo,         name: "dameo",         code: None,     default_game_type: "0,W,8,8,A0,0" },
];

/// Extra spellings accepted on the command line and in `Variant` tags (compared after
/// [`normalise`]): the names lidraughts and playstrategy write in their `Variant` tags, and
/// common English ones.
const ALIASES: &[(&str, Variant)] = &[
    ("american", Variant::English),
    ("american/english", Variant::English), // playstrategy
    ("anglo-american", Variant::English),   // playstrategy
    ("checkers", Variant::English),
    ("straight-checkers", Variant::English),
    ("draughts", Variant::International),
    ("standard", Variant::International), // lidraughts: International rules
    ("from-position", Variant::International), // lidraughts: International rules from a FEN
    ("fromposition", Variant::International), // lidraughts' key `fromPosition`
    ("american-pool", Variant::Pool),
    ("pool-checkers", Variant::Pool),
    ("anti", Variant::Antidraughts),
    ("frysk!", Variant::Frysk), // lidraughts' display name
    // BrainKing's names, English and Danish (https://brainking.com/en/GameRules?tp=8 ... and the
    // Danish table of variants on the same pages); Konane is the Hawaiian game's own name.
    ("anti-dam", Variant::AntiCheckers),
    ("hjørne-dam", Variant::Corner),
    ("one-way-checkers", Variant::OneWay),
    ("en-vejs-dam", Variant::OneWay),
    ("faldskærms-dam", Variant::Parachute),
    ("gotisk-dam", Variant::Gothic),
    ("hawaii-dam", Variant::Hawaiian),
    ("konane", Variant::Hawaiian),
];

/// A variant name as the tables spell it: lower case, words joined by `-`, and a trailing
/// `draughts` or `checkers` dropped when a name is left (`Russian draughts` -> `russian`).
fn normalise(text: &str) -> String {
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == '_' || c == '-')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let known = |name: &str| {
        TABLE.iter().any(|r| r.name == name) || ALIASES.iter().any(|(a, _)| *a == name)
    };
    // A whole name first: `Anti Checkers` is BrainKing's, not `anti` (Antidraughts).
    let whole = words.join("-");
    if known(&whole) {
        return whole;
    }
    if let [rest @ .., last] = words.as_slice()
        && !rest.is_empty()
        && matches!(last.as_str(), "draughts" | "checkers")
    {
        let shorter = rest.join("-");
        if known(&shorter) {
            return shorter;
        }
    }
    words.join("-")
}

impl Variant {
    pub const ALL: [Variant; 25] = [
        Variant::International,
        Variant::English,
        Variant::Italian,
        Variant::Pool,
        Variant::Spanish,
        Variant::Russian,
        Variant::Brazilian,
        Variant::Canadian,
        Variant::Portuguese,
        Variant::Czech,
        Variant::Turkish,
        Variant::Thai,
        Variant::Frisian,
        Variant::Spantsiretti,
        Variant::Breakthrough,
        Variant::Frysk,
        Variant::Antidraughts,
        Variant::AntiCheckers,
        Variant::Corner,
        Variant::OneWay,
        Variant::Parachute,
        Variant::Gothic,
        Variant::Alquerque,
        Variant::Hawaiian,
        Variant::Dameo,
    ];

    fn row(self) -> &'static Row {
        TABLE
            .iter()
            .find(|r| r.variant == self)
            .expect("every variant has a row")
    }

    /// The lower-case name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The PDN GameType number; `None` for BrainKing's variants, which have none (a record
    /// names them with its `Variant` tag).
    pub fn code(self) -> Option<u16> {
        self.row().code
    }

    pub fn from_code(code: u16) -> Option<Variant> {
        TABLE
            .iter()
            .find(|r| r.code == Some(code))
            .map(|r| r.variant)
    }

    /// The PDN header tag that names this variant: `[GameType "20"]`, or `[Variant "dameo"]`
    /// for a variant without a GameType number.
    pub fn header_tag(self) -> String {
        match self.code() {
            Some(code) => format!("[GameType \"{code}\"]"),
            None => format!("[Variant \"{}\"]", self.name()),
        }
    }

    /// The variant's complete default GameType (what the short form `"20"` stands for), or
    /// `None` when it has no GameType number.
    pub fn default_game_type(self) -> Option<GameType> {
        self.code().map(|_| self.board_type())
    }

    /// The board, first mover and squares as a GameType describes them: the default GameType,
    /// or for a variant without a number the same description with 0 as its number (never
    /// written; [`Variant::default_game_type`] says whether there is one to write).
    pub fn board_type(self) -> GameType {
        // Read once from the table: every replay asks for it.
        static PARSED: std::sync::OnceLock<Vec<(Variant, GameType)>> = std::sync::OnceLock::new();
        let parsed = PARSED.get_or_init(|| {
            TABLE
                .iter()
                .map(|row| {
                    let mut game_type = GameType::parse(row.default_game_type)
                        .expect("table rows are valid GameTypes");
                    game_type.variant = Some(row.variant);
                    (row.variant, game_type)
                })
                .collect()
        });
        parsed
            .iter()
            .find(|(variant, _)| *variant == self)
            .map(|&(_, game_type)| game_type)
            .expect("every variant has a row")
    }

    /// The result tokens the variant's records use. PDN 3.0's GameType table gives the
    /// International result type (`2-0 1-1 0-2`) to International (20) and Canadian (27)
    /// only, the default one (`1-0 1/2-1/2 0-1`) to every other type, Frisian (40) included;
    /// lidraughts writes `2-0` for its own 10x10 variants (96-98), which the table does not list.
    pub fn result_style(self) -> ResultStyle {
        match self {
            Variant::International | Variant::Canadian => ResultStyle::International,
            Variant::Frysk | Variant::Antidraughts | Variant::Breakthrough => {
                ResultStyle::International
            }
            _ => ResultStyle::Default,
        }
    }

    /// Whether a record may write either result type: lidraughts writes `2-0` for its 10x10
    /// variants (Frisian among them, whose own type is the default one), so either is read
    /// as written, neither demanded.
    pub fn accepts_either_result_style(self) -> bool {
        matches!(
            self,
            Variant::Frisian | Variant::Frysk | Variant::Antidraughts | Variant::Breakthrough
        )
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for a variant name or number nobody knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = TABLE.iter().map(|r| r.name).collect();
        write!(
            f,
            "unknown variant `{}` (expected a PDN GameType number or one of: {})",
            self.0,
            names.join(", ")
        )
    }
}

/// Every known variant with its GameType number, for messages: `20 international, 21 english,
/// ..., anti-checkers, ...` (the variants without a number by name only).
pub fn known_variants() -> String {
    let mut out = String::new();
    for row in TABLE {
        if !out.is_empty() {
            out.push_str(", ");
        }
        if let Some(code) = row.code {
            out.push_str(&code.to_string());
            out.push(' ');
        }
        out.push_str(row.name);
    }
    out
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Accepts a name (`russian`), an alias (`checkers`) or a GameType number (`25`).
    fn from_str(text: &str) -> Result<Variant, UnknownVariant> {
        let lower = normalise(text);
        if let Ok(code) = lower.parse::<u16>() {
            return Variant::from_code(code).ok_or_else(|| UnknownVariant(text.to_string()));
        }
        TABLE
            .iter()
            .find(|r| r.name == lower)
            .map(|r| r.variant)
            .or_else(|| ALIASES.iter().find(|(a, _)| *a == lower).map(|(_, v)| *v))
            .ok_or_else(|| UnknownVariant(text.to_string()))
    }
}

/// A parsed `GameType` tag: `type[,start colour,width,height,notation+corner[,invert]]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameType {
    /// The type number as written (may be unknown to us).
    pub code: u16,
    /// The variant the number stands for, if we know it.
    pub variant: Option<Variant>,
    pub first_mover: Color,
    pub width: u8,
    pub height: u8,
    pub notation: SquareNotation,
    /// Corner of square 1 seen from the starting player's side: 0 bottom-left, 1 bottom-right,
    /// 2 top-left, 3 top-right.
    pub corner: u8,
    /// 1 = the bottom-left corner is not a playing square.
    pub inverted: bool,
    /// True when only the number was written and the rest is the variant's default.
    pub short_form: bool,
}

/// Why a GameType value could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameTypeError {
    /// Not `number[,...]` at all.
    Malformed(String),
    /// A well-formed number nobody assigned (and no long form to describe the board).
    UnknownCode(u16),
}

impl fmt::Display for GameTypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameTypeError::Malformed(why) => write!(f, "malformed GameType: {why}"),
            GameTypeError::UnknownCode(code) => write!(
                f,
                "unknown GameType {code} (PDN 3.0 knows 20-31, 40 and 41; lidraughts uses 96-98)"
            ),
        }
    }
}

impl std::error::Error for GameTypeError {}

impl GameType {
    /// Parses the short (`"20"`) and long (`"20,W,10,10,N2,0"`) forms. A long form with an unknown
    /// code is accepted (it still describes the board); a short form with an unknown code is not.
    pub fn parse(text: &str) -> Result<GameType, GameTypeError> {
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        let code: u16 = fields[0].parse().map_err(|_| {
            GameTypeError::Malformed(format!("`{}` is not a type number", fields[0]))
        })?;
        let variant = Variant::from_code(code);
        if fields.len() == 1 {
            let variant = variant.ok_or(GameTypeError::UnknownCode(code))?;
            let mut full = variant.board_type();
            full.short_form = true;
            return Ok(full);
        }
        if !(5..=6).contains(&fields.len()) {
            return Err(GameTypeError::Malformed(format!(
                "expected 1, 5 or 6 comma-separated fields, found {}",
                fields.len()
            )));
        }
        let first_mover = match fields[1] {
            "W" | "w" => Color::White,
            "B" | "b" => Color::Black,
            other => {
                return Err(GameTypeError::Malformed(format!(
                    "start colour `{other}` is neither W nor B"
                )));
            }
        };
        let dimension = |s: &str, what: &str| -> Result<u8, GameTypeError> {
            s.parse::<u8>()
                .ok()
                .filter(|n| (2..=26).contains(n))
                .ok_or_else(|| GameTypeError::Malformed(format!("{what} `{s}` is not 2..26")))
        };
        let width = dimension(fields[2], "width")?;
        let height = dimension(fields[3], "height")?;
        let mut notation_chars = fields[4].chars();
        let notation = match notation_chars.next() {
            Some('N' | 'n') => SquareNotation::Numeric,
            Some('A' | 'a') => SquareNotation::Algebraic,
            _ => {
                return Err(GameTypeError::Malformed(format!(
                    "notation `{}` should be N or A followed by a corner digit",
                    fields[4]
                )));
            }
        };
        let corner = match notation_chars.as_str() {
            "" => 0,
            d => d
                .parse::<u8>()
                .ok()
                .filter(|c| *c <= 3)
                .ok_or_else(|| GameTypeError::Malformed(format!("corner `{d}` is not 0..3")))?,
        };
        let inverted = match fields.get(5) {
            None | Some(&"0") => false,
            Some(&"1") => true,
            Some(other) => {
                return Err(GameTypeError::Malformed(format!(
                    "invert flag `{other}` is not 0 or 1"
                )));
            }
        };
        Ok(GameType {
            code,
            variant,
            first_mover,
            width,
            height,
            notation,
            corner,
            inverted,
            short_form: false,
        })
    }
}

impl fmt::Display for GameType {
    /// Always the long form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{},{},{},{}{},{}",
            self.code,
            self.first_mover.fen_letter(),
            self.width,
            self.height,
            match self.notation {
                SquareNotation::Numeric => 'N',
                SquareNotation::Algebraic => 'A',
            },
            self.corner,
            u8::from(self.inverted)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_round_trips() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            let Some(code) = v.code() else {
                assert_eq!(v.default_game_type(), None);
                assert_eq!(v.board_type().code, 0);
                continue;
            };
            assert_eq!(code.to_string().parse::<Variant>(), Ok(v));
            let gt = v.default_game_type().unwrap();
            assert_eq!(gt.variant, Some(v));
            assert_eq!(GameType::parse(&gt.to_string()), Ok(gt));
        }
        // Type 0 is chess, not a BrainKing variant.
        assert_eq!(Variant::from_code(0), None);
    }

    #[test]
    fn short_form_means_the_full_default() {
        let gt = GameType::parse("20").unwrap();
        assert!(gt.short_form);
        assert_eq!(gt.to_string(), "20,W,10,10,N2,0");
        assert_eq!(GameType::parse("21").unwrap().first_mover, Color::Black);
    }

    #[test]
    fn names_exporters_write_in_variant_tags() {
        for (text, variant) in [
            ("American/English", Variant::English),    // playstrategy
            ("Anglo American", Variant::English),      // playstrategy
            ("Standard", Variant::International),      // lidraughts
            ("From Position", Variant::International), // lidraughts
            ("fromPosition", Variant::International),
            ("Frisian", Variant::Frisian),
            ("Frysk!", Variant::Frysk),
            ("frysk", Variant::Frysk),
            ("Antidraughts", Variant::Antidraughts),
            ("Breakthrough", Variant::Breakthrough),
            ("Russian", Variant::Russian),
            ("Brazilian", Variant::Brazilian),
            ("Pool", Variant::Pool),
            ("Portuguese", Variant::Portuguese),
            ("Russian draughts", Variant::Russian),
            ("american_pool", Variant::Pool),
            (" russian ", Variant::Russian),
            ("Anti Checkers", Variant::AntiCheckers), // BrainKing
            ("Anti", Variant::Antidraughts),
            ("Corner Checkers", Variant::Corner),
            ("One Way Checkers", Variant::OneWay),
            ("Parachute Checkers", Variant::Parachute),
            ("Gothic Checkers", Variant::Gothic),
            ("Hawaiian Checkers", Variant::Hawaiian),
            ("Konane", Variant::Hawaiian),
            ("Hjørne Dam", Variant::Corner),
            ("Alquerque", Variant::Alquerque),
            ("Dameo", Variant::Dameo), // PlayStrategy
        ] {
            assert_eq!(text.parse::<Variant>(), Ok(variant), "{text}");
        }
        for text in ["Killer", "", "standard chess", "Dama"] {
            assert!(text.parse::<Variant>().is_err(), "{text}");
        }
        assert!(known_variants().starts_with("20 international, 21 english, "));
    }

    #[test]
    fn unknown_and_malformed_are_told_apart() {
        assert_eq!(GameType::parse("55"), Err(GameTypeError::UnknownCode(55)));
        assert!(matches!(
            GameType::parse("x"),
            Err(GameTypeError::Malformed(_))
        ));
        assert!(matches!(
            GameType::parse("20,W,10"),
            Err(GameTypeError::Malformed(_))
        ));
        // A long form with an unassigned number still describes its board.
        let gt = GameType::parse("55,W,10,10,N2,0").unwrap();
        assert_eq!(gt.variant, None);
        assert!("99".parse::<Variant>().is_err());
    }
}
