//! What the tags mean: localised names, the Result, Date, SetUp, GameType and FEN tags. Each
//! oddity becomes a located diagnostic; the values themselves are never changed.

use super::diagnostic::{Code, Diagnostic};
use super::model::{Game, ResultKind, Tag};
use super::span::Span;
use crate::fen::{self, FenSetup};
use crate::variant::GameType;
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
    ("Lieu", "Site"),
    ("Ronde", "Round"),
    // Dutch
    ("Wit", "White"),
    ("Zwart", "Black"),
    ("Uitslag", "Result"),
    ("Datum", "Date"),
    ("Toernooi", "Event"),
    ("Plaats", "Site"),
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
            tag.standard_name = Some(standard.to_string());
            diagnostics.push(Diagnostic::new(
                Code::LocalisedTag,
                tag.span,
                format!("tag `{}` read as the standard `{standard}`", tag.name),
            ));
        } else if !tag.name.is_ascii() {
            diagnostics.push(Diagnostic::new(
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
            diagnostics.push(Diagnostic::new(
                Code::DuplicateTag,
                tag.span,
                format!("second `{name}` tag; the first one is used"),
            ));
            continue;
        }
        match name {
            "Result" => check_result(tag, diagnostics),
            "Date" if tag.name == "Date" => check_date(tag, diagnostics),
            "SetUp" | "Setup" => diagnostics.push(Diagnostic::new(
                Code::SetUpTag,
                tag.span,
                format!(
                    "`{}` is a chess (PGN) tag; in PDN the FEN tag alone sets up a position",
                    tag.name
                ),
            )),
            "GameType" => match GameType::parse(tag.value.trim()) {
                Ok(game_type) => game.game_type = Some(game_type),
                Err(error) => diagnostics.push(Diagnostic::new(
                    Code::UnknownGameType,
                    tag.span,
                    error.to_string(),
                )),
            },
            "FEN" => game.setup = read_fen(&tag.value, tag.span, diagnostics),
            _ => {}
        }
    }
}

fn check_result(tag: &Tag, diagnostics: &mut Vec<Diagnostic>) {
    let trimmed = tag.value.trim();
    if trimmed != tag.value && ResultKind::parse(trimmed).is_some() {
        diagnostics.push(Diagnostic::new(
            Code::PaddedResult,
            tag.span,
            format!("spaces around the result `{trimmed}`"),
        ));
    } else if ResultKind::parse(trimmed).is_none() {
        diagnostics.push(Diagnostic::new(
            Code::NonstandardResult,
            tag.span,
            format!(
                "`{}` is not a PDN result (1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0, *)",
                tag.value
            ),
        ));
    }
}

/// PDN 3.0 dates are `YYYY.MM.DD`, with `?` for unknown digits.
fn check_date(tag: &Tag, diagnostics: &mut Vec<Diagnostic>) {
    let bytes = tag.value.as_bytes();
    let standard = bytes.len() == 10
        && bytes[4] == b'.'
        && bytes[7] == b'.'
        && bytes
            .iter()
            .enumerate()
            .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit() || *b == b'?');
    if !standard && !tag.value.is_empty() {
        diagnostics.push(Diagnostic::new(
            Code::DateFormat,
            tag.span,
            // (Joined, not `format!`ted: whole archives write their dates another way.)
            ["date `", &tag.value, "` is not in the PDN form YYYY.MM.DD"].concat(),
        ));
    }
}

/// Reads a FEN (from a tag or a `/FEN/` setup), reporting its dialects and errors at `span`.
pub fn read_fen(text: &str, span: Span, diagnostics: &mut Vec<Diagnostic>) -> Option<FenSetup> {
    match fen::parse(text) {
        Ok(parsed) => {
            for warning in parsed.warnings {
                let code = Code::from_code(warning.code).unwrap_or(Code::FenExtraField);
                diagnostics.push(Diagnostic::new(
                    code,
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
            diagnostics.push(Diagnostic::new(
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
    fn every_fen_warning_has_a_reader_code() {
        for code in fen::codes::ALL {
            assert!(Code::from_code(code).is_some(), "{code} has no reader code");
        }
    }
}
