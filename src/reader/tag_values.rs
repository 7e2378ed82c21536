//! What the tags mean: localised names, the Result, Date, SetUp, GameType and FEN tags. Each
//! oddity becomes a located diagnostic; the values themselves are never changed.

use super::model::{Game, ResultKind, Tag, TagText};
use super::span::Span;
use crate::fen::{self, FenSetup};
use crate::finding::{Code, Finding};
use crate::variant::{GameType, GameTypeError, Variant, known_variants};
use smallvec::SmallVec;
use std::collections::HashSet;

/// Tag names in other languages seen in real archives, and the standard tag each stands for.
const LOCALISED: &[(&str, &str)] = &[
    // Italian
    ("Bianco", "White"),
    ("Nero", "Black"),
    ("Risultato", "Result"),
    ("Evento", "Event"),
    ("Dati", "Event"),
    ("Luogo", "Site"),
    ("Data", "Date"),
    ("Anno", "Date"),
    ("Turno", "Round"),
    ("Apertura", "Opening"),
    // French
    ("Blanc", "White"),
    ("Noir", "Black"),
    ("Blancs", "White"),
    ("Noirs", "Black"),
    ("Resultat", "Result"),
    ("Résultat", "Result"),
    ("Evenement", "Event"),
    ("Événement", "Event"),
    ("Evénement", "Event"),
    ("Lieu", "Site"),
    ("Ronde", "Round"),
    ("Tour", "Round"),
    ("Type de jeu", "GameType"),
    // Dutch
    ("Wit", "White"),
    ("Zwart", "Black"),
    ("Uitslag", "Result"),
    ("Datum", "Date"),
    ("Toernooi", "Event"),
    ("Plaats", "Site"),
    ("Speltype", "GameType"),
    // German
    ("Weiss", "White"),
    ("Weiß", "White"),
    ("Schwarz", "Black"),
    ("Ergebnis", "Result"),
    // Russian
    ("Белые", "White"),
    ("Черные", "Black"),
    ("Чёрные", "Black"),
    ("Результат", "Result"),
    ("Событие", "Event"),
    ("Турнир", "Event"),
    ("Место", "Site"),
    ("Дата", "Date"),
    ("Тур", "Round"),
];

/// Whether `name` is one of the standard tag names seen in nearly every game (none is in
/// [`LOCALISED`]). (A `match`: the compiler compares lengths first.)
fn is_common_standard(name: &str) -> bool {
    matches!(
        name,
        "Event" | "Site" | "Date" | "Round" | "White" | "Black" | "Result" | "GameType"
    )
}

/// The tag names seen so far in a game: a scan of a short inline list for the usual handful
/// (no allocation per game), a hash set past that, so that a game of 100,000 tags is not
/// quadratic.
#[derive(Default)]
struct SeenNames<'a> {
    few: SmallVec<[&'a str; 16]>,
    many: Option<HashSet<&'a str>>,
}

impl<'a> SeenNames<'a> {
    /// Adds `name`; false when it was there already.
    fn insert(&mut self, name: &'a str) -> bool {
        if let Some(many) = &mut self.many {
            return many.insert(name);
        }
        if self.few.contains(&name) {
            return false;
        }
        if self.few.len() == self.few.inline_size() {
            let mut many: HashSet<&str> = self.few.drain(..).collect();
            many.insert(name);
            self.many = Some(many);
        } else {
            self.few.push(name);
        }
        true
    }
}

/// Interprets the game's tags in place: fills `standard_name`, `game_type` and `setup`, and adds
/// diagnostics.
pub fn interpret(game: &mut Game) {
    let nonstandard_terminator = game
        .result
        .as_ref()
        .and_then(|r| Some((r.span, r.nonstandard.clone()?)));
    let diagnostics = &mut game.diagnostics;
    let mut seen = SeenNames::default();
    for tag in &mut game.tags {
        // (The usual standard names are no localised one: they skip the search. The first bytes
        // are compared first: most names match no entry.)
        let first = tag.name.as_bytes().first();
        let localised = match tag.name.as_str() {
            name if is_common_standard(name) => None,
            name => LOCALISED
                .iter()
                .find(|(local, _)| local.as_bytes().first() == first && *local == name),
        };
        if let Some((_, standard)) = localised {
            tag.standard_name = Some(TagText::const_new(standard));
            diagnostics.push(Finding::new(
                Code::LocalisedTag,
                tag.span,
                format!("tag `{}` read as the standard `{standard}`", tag.name),
            ));
        } else if !tag.name.is_ascii() {
            diagnostics.push(Finding::new(
                Code::LocalisedTag,
                tag.span,
                format!(
                    "tag `{}` is not a standard PDN tag name (not ASCII); kept as written",
                    tag.name
                ),
            ));
        }
    }
    for tag in &game.tags {
        let name = tag.standard_name.as_deref().unwrap_or(&tag.name);
        if !seen.insert(name) {
            diagnostics.push(Finding::new(
                Code::DuplicateTag,
                tag.span,
                format!("second `{name}` tag; the first one is used"),
            ));
            continue;
        }
        match name {
            "Result" => check_result(tag, nonstandard_terminator.as_ref(), diagnostics),
            "Date" if tag.name == "Date" => check_date(tag, diagnostics),
            "SetUp" | "Setup" => diagnostics.push(Finding::new(
                Code::SetUpTag,
                tag.span,
                format!(
                    "`{}` is a chess (PGN) tag; in PDN the FEN tag alone sets up a position",
                    tag.name
                ),
            )),
            "GameType" => game.game_type = read_game_type(tag, diagnostics),
            "FEN" => game.setup = read_fen(&tag.value, tag.span, diagnostics),
            _ => {}
        }
    }
}

/// Reads a GameType tag. One that is not well formed but still names a variant (a known type
/// number before a broken long form, or a variant name) is reported and read as that variant's
/// default GameType; anything else is reported with the list of known types.
fn read_game_type(tag: &Tag, diagnostics: &mut Vec<Finding>) -> Option<GameType> {
    let text = tag.value.trim();
    let error = match GameType::parse(text) {
        Ok(game_type) if game_type.variant.is_none() => {
            // A long form of a number nobody assigned: it describes a board, but no rules.
            diagnostics.push(Finding::new(
                Code::UnknownGameType,
                tag.span,
                format!(
                    "GameType {} names no variant pdnkit knows (known: {})",
                    game_type.code,
                    known_variants()
                ),
            ));
            return Some(game_type);
        }
        Ok(game_type) => return Some(game_type),
        Err(error) => error,
    };
    let first = text.split(',').next().unwrap_or_default().trim();
    let number = first.parse::<u16>().ok();
    let repaired = match (number, &error) {
        (Some(code), GameTypeError::Malformed(_)) => Variant::from_code(code),
        // A name in place of the number (only the whole value: `Russian,W,...` is not a form).
        (None, _) if !text.contains(',') => text.parse::<Variant>().ok(),
        _ => None,
    };
    if let Some(variant) = repaired
        && variant.code().is_none()
    {
        // BrainKing's variants have no number to read the tag as: the Variant tag names them.
        diagnostics.push(Finding::new(
            Code::UnknownGameType,
            tag.span,
            format!(
                "GameType `{text}` is a variant name, not a type number, and {variant} has no \
                 GameType number: name it in a Variant tag (`[Variant \"{variant}\"]`)"
            ),
        ));
        return None;
    }
    if let Some(variant) = repaired
        && let (Some(code), Some(default)) = (variant.code(), variant.default_game_type())
    {
        let why = match number {
            Some(_) => error.to_string(),
            None => format!("GameType `{text}` is a variant name, not a type number"),
        };
        diagnostics.push(Finding::new(
            Code::MalformedGameType,
            tag.span,
            format!("{why}; read as type {code} ({variant}, `{default}`)"),
        ));
        return Some(default);
    }
    let message = match number {
        Some(code) if matches!(error, GameTypeError::UnknownCode(_)) => {
            format!("unknown GameType {code} (known: {})", known_variants())
        }
        _ if text.contains(',') => format!("{error} (known types: {})", known_variants()),
        _ => format!(
            "GameType `{text}` is neither a type number nor a variant pdnkit knows (known: {})",
            known_variants()
        ),
    };
    diagnostics.push(Finding::new(Code::UnknownGameType, tag.span, message));
    None
}

/// `terminator`: where the game ends with a token that is not a PDN result, and the token.
fn check_result(tag: &Tag, terminator: Option<&(Span, String)>, diagnostics: &mut Vec<Finding>) {
    let trimmed = tag.value.trim();
    // A terminator written as the tag is one dialect, so one finding: the terminator's, with
    // the tag as its other place.
    let at_terminator = terminator
        .filter(|(_, token)| token == trimmed)
        .and_then(|(span, _)| {
            diagnostics
                .iter_mut()
                .find(|d| d.code == Code::NonstandardTerminator && d.span == *span)
        });
    if let Some(finding) = at_terminator {
        if trimmed == "-" {
            finding.message =
                "`-` ends the game, and is its Result tag: read as `*`, the result not known"
                    .to_string();
        }
        finding.also.push(tag.span);
    } else if trimmed == "-" {
        diagnostics.push(Finding::new(
            Code::NonstandardResult,
            tag.span,
            "`-` is not a PDN result: read as `*`, the result not known",
        ));
    } else if trimmed != tag.value && ResultKind::parse(trimmed).is_some() {
        diagnostics.push(Finding::new(
            Code::PaddedResult,
            tag.span,
            format!("spaces around the result `{trimmed}`"),
        ));
    } else if ResultKind::parse(trimmed).is_none() {
        diagnostics.push(Finding::new(
            Code::NonstandardResult,
            tag.span,
            format!(
                "`{}` is not a PDN result (1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0, *)",
                tag.value
            ),
        ));
    }
}

/// Whether `date` is in the PDN 3.0 form `YYYY.MM.DD`, with `?` for unknown digits.
fn is_standard_date(date: &str) -> bool {
    let bytes = date.as_bytes();
    bytes.len() == 10
        && bytes[4] == b'.'
        && bytes[7] == b'.'
        && bytes
            .iter()
            .enumerate()
            .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit() || *b == b'?')
}

/// A date written another way, in the PDN form, when the way it is written leaves no doubt:
/// `1841-??-??` and `2004/10/27` (other separators), `2004.1.5` (one digit), `1998` and
/// `1998.05` (parts left out), `27.10.2004` (day first: dots after a day are the European
/// order). `None` for ranges (`2004.10.27 - 2004.11.01`), month-first `10/27/2004`, and
/// anything else: those stay as written.
pub fn normalise_date(date: &str) -> Option<String> {
    let date = date.trim();
    if is_standard_date(date) {
        return None;
    }
    let separators: &[char] = &['.', '-', '/'];
    let parts: Vec<&str> = date.split(separators).collect();
    let is_part = |p: &str, max_len: usize| {
        !p.is_empty() && p.len() <= max_len && p.bytes().all(|b| b.is_ascii_digit() || b == b'?')
    };
    let pad = |p: &str| {
        if p.len() == 1 {
            format!("0{p}")
        } else {
            p.to_string()
        }
    };
    let year_first = |parts: &[&str]| -> Option<String> {
        let year = parts.first().filter(|y| y.len() == 4 && is_part(y, 4))?;
        let month = parts.get(1).copied().unwrap_or("??");
        let day = parts.get(2).copied().unwrap_or("??");
        (is_part(month, 2) && is_part(day, 2))
            .then(|| format!("{year}.{}.{}", pad(month), pad(day)))
    };
    let mut used = date.chars().filter(|c| separators.contains(c));
    let first = used.next();
    if used.any(|c| Some(c) != first) || parts.len() > 3 {
        return None; // mixed separators, or a range
    }
    if parts[0].len() == 4 {
        return year_first(&parts);
    }
    // Day first: only with dots, the European order (`10/27/2004` is month first in the US).
    if parts.len() == 3 && date.contains('.') && parts[2].len() == 4 {
        return year_first(&[parts[2], parts[1], parts[0]]);
    }
    None
}

/// PDN 3.0 dates are `YYYY.MM.DD`, with `?` for unknown digits.
fn check_date(tag: &Tag, diagnostics: &mut Vec<Finding>) {
    if !is_standard_date(&tag.value) && !tag.value.is_empty() {
        diagnostics.push(Finding::new(
            Code::DateFormat,
            tag.span,
            // (Joined, not `format!`ted: whole archives write their dates another way.)
            ["date `", &tag.value, "` is not in the PDN form YYYY.MM.DD"].concat(),
        ));
    }
}

/// Reads a FEN (from a tag or a `/FEN/` setup), reporting its dialects and errors at `span`.
pub fn read_fen(text: &str, span: Span, diagnostics: &mut Vec<Finding>) -> Option<FenSetup> {
    match fen::parse(text) {
        Ok(parsed) => {
            for warning in parsed.warnings {
                diagnostics.push(Finding::new(
                    warning.code,
                    span,
                    format!(
                        "FEN: {} (at character {})",
                        warning.message,
                        warning.offset + 1
                    ),
                ));
            }
            Some(parsed.setup)
        }
        Err(error) => {
            diagnostics.push(Finding::new(
                Code::BadFen,
                span,
                format!(
                    "cannot read FEN `{text}`: {} (at character {})",
                    error.message,
                    error.offset + 1
                ),
            ));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_standard_names_are_not_localised_ones() {
        for (local, standard) in LOCALISED {
            assert!(!is_common_standard(local), "{local}");
            assert!(
                is_common_standard(standard) || ["Opening"].contains(standard),
                "{standard}"
            );
        }
    }

    #[test]
    fn dates_are_normalised_only_where_the_form_leaves_no_doubt() {
        for (written, fixed) in [
            ("1841-??-??", Some("1841.??.??")),
            ("2004/10/27", Some("2004.10.27")),
            ("2004.1.5", Some("2004.01.05")),
            ("1998", Some("1998.??.??")),
            ("1998.05", Some("1998.05.??")),
            ("11.05.2002", Some("2002.05.11")),
            ("2004.10.27", None),
            ("2004.10.27 - 2004.11.01", None),
            ("10/27/2004", None),
            ("2004-10/27", None),
            ("spring 1990", None),
            ("", None),
        ] {
            assert_eq!(normalise_date(written).as_deref(), fixed, "{written}");
            if let Some(fixed) = fixed {
                assert!(is_standard_date(fixed), "{fixed}");
            }
        }
    }
}
