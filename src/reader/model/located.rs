//! The JSON of a game: each item as written, each span a [`Location`] found from the game's own
//! index. Each item is written through a mirror of its fields, its spans located; the mirrors
//! take every field by name, so a field added to an item cannot be left out unnoticed.

use super::annotation::list::Items;
use super::{
    Comment, Game, MoveKind, MoveNode, MoveNumber, MoveToken, ResultKind, ResultToken, Strength,
    Tag, TagText, VariantSource,
};
use crate::fen::FenSetup;
use crate::finding::Finding;
use crate::notation::Square;
use crate::reader::Location;
use crate::reader::span::{Located, Locator, SerializeLocated};
use crate::variant::{GameType, Variant};
use serde::{Serialize, Serializer};

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize_located(&Locator::new(&self.lines), serializer)
    }
}

#[derive(Serialize)]
struct GameOut<'a> {
    index: u64,
    span: Location,
    #[serde(skip_serializing_if = "no_comments")]
    header_comments: Located<'a, Vec<Comment>>,
    tags: Located<'a, Vec<Tag>>,
    moves: Located<'a, super::Line>,
    result: Located<'a, Option<ResultToken>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game_type: Option<&'a GameType>,
    variant: Option<Variant>,
    variant_source: VariantSource,
    #[serde(skip_serializing_if = "Option::is_none")]
    setup: Option<&'a FenSetup>,
    diagnostics: Located<'a, Vec<Finding>>,
}

fn no_comments(comments: &Located<'_, Vec<Comment>>) -> bool {
    comments.value().is_empty()
}

impl SerializeLocated for Game {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        let Game {
            index,
            span,
            header_comments,
            tags,
            moves,
            result,
            game_type,
            variant,
            variant_source,
            setup,
            diagnostics,
            // Not written: the text, its character set and its index.
            source: _,
            encoding: _,
            lines: _,
        } = self;
        GameOut {
            index: *index,
            span: at.locate(*span),
            header_comments: at.with(header_comments),
            tags: at.with(tags),
            moves: at.with(moves),
            result: at.with(result),
            game_type: game_type.as_ref(),
            variant: *variant,
            variant_source: *variant_source,
            setup: setup.as_ref(),
            diagnostics: at.with(diagnostics),
        }
        .serialize(s)
    }
}

#[derive(Serialize)]
struct TagOut<'a> {
    name: &'a TagText,
    #[serde(skip_serializing_if = "Option::is_none")]
    standard_name: Option<&'a TagText>,
    value: &'a TagText,
    #[serde(skip_serializing_if = "Option::is_none")]
    raw: Option<&'a String>,
    span: Location,
}

impl SerializeLocated for Tag {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        let Tag {
            name,
            standard_name,
            value,
            raw,
            span,
        } = self;
        TagOut {
            name,
            standard_name: standard_name.as_ref(),
            value,
            raw: raw.as_ref(),
            span: at.locate(*span),
        }
        .serialize(s)
    }
}

#[derive(Serialize)]
struct MoveNodeOut<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<MoveNumberOut>,
    token: Located<'a, MoveToken>,
    #[serde(skip_serializing_if = "no_strength")]
    strength: Located<'a, Option<Box<Strength>>>,
    #[serde(skip_serializing_if = "no_items")]
    after: Located<'a, Items<'a>>,
}

fn no_strength(strength: &Located<'_, Option<Box<Strength>>>) -> bool {
    strength.value().is_none()
}

fn no_items(items: &Located<'_, Items<'_>>) -> bool {
    items.value().0.is_empty()
}

impl SerializeLocated for MoveNode {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        let MoveNode {
            number,
            token,
            strength,
            after,
        } = self;
        MoveNodeOut {
            number: number.map(|n| MoveNumberOut::of(&n, at)),
            token: at.with(token),
            strength: at.with(strength),
            after: at.with(&Items(after)),
        }
        .serialize(s)
    }
}

#[derive(Serialize)]
struct MoveNumberOut {
    number: u32,
    ellipsis: bool,
    span: Location,
}

impl MoveNumberOut {
    fn of(number: &MoveNumber, at: &Locator) -> MoveNumberOut {
        let MoveNumber {
            number,
            ellipsis,
            span,
        } = number;
        MoveNumberOut {
            number: *number,
            ellipsis: *ellipsis,
            span: at.locate(*span),
        }
    }
}

impl SerializeLocated for MoveNumber {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        MoveNumberOut::of(self, at).serialize(s)
    }
}

#[derive(Serialize)]
struct MoveTokenOut<'a> {
    kind: MoveKind,
    squares: &'a [Square],
    separator: Option<char>,
    #[serde(skip_serializing_if = "Option::is_none")]
    raw: Option<&'a String>,
    span: Location,
}

impl SerializeLocated for MoveToken {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        let MoveToken {
            kind,
            squares,
            separator,
            raw,
            span,
        } = self;
        MoveTokenOut {
            kind: *kind,
            squares,
            separator: *separator,
            raw: raw.as_deref(),
            span: at.locate(*span),
        }
        .serialize(s)
    }
}

#[derive(Serialize)]
struct StrengthOut<'a> {
    text: &'a str,
    span: Location,
}

impl SerializeLocated for Strength {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        let Strength { text, span } = self;
        StrengthOut {
            text,
            span: at.locate(*span),
        }
        .serialize(s)
    }
}

#[derive(Serialize)]
struct ResultTokenOut<'a> {
    kind: ResultKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    nonstandard: Option<&'a String>,
    span: Location,
}

impl SerializeLocated for ResultToken {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        let ResultToken {
            kind,
            nonstandard,
            span,
        } = self;
        ResultTokenOut {
            kind: *kind,
            nonstandard: nonstandard.as_ref(),
            span: at.locate(*span),
        }
        .serialize(s)
    }
}
