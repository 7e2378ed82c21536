//! The lossless game model: everything the text says, in order, each item with its span.
//!
//! A game is its tags and a main [`Line`]. A line is a list of moves (read as [`MoveRef`]s, kept
//! compactly: see `line`); everything written after a move and before the next move number or
//! move (comments, NAGs, variations, setups) is kept in that move's `after` list, in source
//! order. A variation in a move's `after` list is an alternative to that move: it branches from
//! the position before the move.

use super::span::{LineIndex, Location, Span};
use crate::fen::FenSetup;
use crate::finding::{Finding, Level};
use crate::notation::Square;
use crate::variant::{GameType, Variant};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

mod annotation;
mod line;
mod located;
pub(crate) use annotation::push_annotation;
pub use annotation::{
    Annotation, Annotations, Comment, CommentStyle, Nag, Nags, Setup, Unread, Variation,
};
pub(crate) use line::PlainNumber;
pub use line::{Line, MoveRef, Moves};

/// Text of a tag: a string kept inline when short (no allocation), on the heap otherwise. It
/// reads as a `&str` and serialises as a string.
pub type TagText = compact_str::CompactString;

/// (Written with its spans located by its own index, [`Game::lines`] (see `located`). Read
/// back from pdnkit's JSON by [`crate::convert::json::read_game`], which also gives it the
/// index of the lines and columns its spans were written with.)
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Game {
    /// 1-based position of the game in its file.
    pub index: u64,
    pub span: Span,
    /// Comments before the first tag (or between tags), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub header_comments: Vec<Comment>,
    pub tags: Vec<Tag>,
    pub moves: Line,
    /// The terminator, if the game has one.
    pub result: Option<ResultToken>,
    /// The decoded GameType tag, if present and readable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_type: Option<GameType>,
    /// The variant the game is in, and how pdnkit knows.
    pub variant: Option<Variant>,
    pub variant_source: VariantSource,
    /// The decoded FEN tag, if present and readable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<FenSetup>,
    pub diagnostics: Vec<Finding>,
    /// The game's text as written, decoded to UTF-8 (with [`ReadOptions::keep_source`]): from
    /// the end of the game before it (comments between games included) to the end of this one
    /// and the blank space after it, so the sources of a file's games, in order, are its text.
    ///
    /// [`ReadOptions::keep_source`]: crate::reader::ReadOptions::keep_source
    #[serde(skip)]
    pub source: Option<Box<str>>,
    /// The character set the game's text was read in (UTF-16 when the file was transcoded:
    /// its spans then count the UTF-8 text, not the file's bytes). What a report showing the
    /// file's own lines decodes them with.
    #[serde(skip)]
    pub encoding: super::Encoding,
    /// The line and column of the game's spans ([`Game::locate`]).
    #[serde(skip)]
    pub lines: LineIndex,
}

impl Game {
    /// The decoded value of the first tag with this (standard) name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name || t.standard_name.as_deref() == Some(name))
            .map(|t| t.value.as_str())
    }

    /// `span` (of this game) with its line and column.
    pub fn locate(&self, span: Span) -> Location {
        self.lines.locate(span)
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.level == Level::Error)
    }
}

/// How the game's variant was determined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VariantSource {
    /// From the GameType tag.
    GameType,
    /// From the `Variant` tag (`American/English`, lidraughts' `Frisian`), the game having no
    /// readable GameType.
    VariantTag,
    /// From `--variant`, the game having no readable GameType.
    Default,
    /// Inferred from the squares and tags the game uses.
    Inferred,
    /// Not known (unknown GameType, nothing to infer from).
    Unknown,
}

/// A tag's name and value are [`TagText`]: held inline up to 24 bytes (every standard name and
/// most values), so reading a tag, and copying it into a report, allocates nothing.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Tag {
    /// The name as written (HTML character references decoded: `R&#x00e9;sultat` is
    /// `Résultat`).
    pub name: TagText,
    /// The standard PDN name this tag stands for, when `name` is a localised one (`Bianco`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standard_name: Option<TagText>,
    /// The value with escapes resolved.
    pub value: TagText,
    /// The text between the quotes exactly as written, when it differs from `value`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raw: Option<String>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct MoveNode {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<MoveNumber>,
    pub token: MoveToken,
    /// `!`, `?!`, `(!?)`, ... as written.
    /// (Boxed: rare, and the node stays small to build and move.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<Box<Strength>>,
    /// Everything after the move up to the next move, in order.
    #[serde(
        default,
        skip_serializing_if = "Annotations::is_empty",
        deserialize_with = "annotation::list::deserialize"
    )]
    pub after: Annotations,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct MoveNumber {
    pub number: u32,
    /// `12...`: the number of a move by the second player.
    pub ellipsis: bool,
    pub span: Span,
}

impl MoveNode {
    /// The move `token`, with the number written before it and nothing after it.
    pub fn new(number: Option<MoveNumber>, token: MoveToken) -> MoveNode {
        MoveNode {
            number,
            token,
            strength: None,
            after: Annotations::new(),
        }
    }
}

impl MoveNumber {
    /// Appends the number as PDN writes it: `12.` or `12...`.
    pub fn push_to(&self, out: &mut String) {
        crate::notation::push_decimal(self.number, out);
        out.push_str(if self.ellipsis { "..." } else { "." });
    }
}

/// How a move separates its squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveKind {
    /// `32-28`, `a3b4`
    Step,
    /// `28x19`, `c3:e5`, `47x38x24`
    Capture,
    /// `- -`: the move is not known.
    Unknown,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct MoveToken {
    pub kind: MoveKind,
    /// From, (intermediate,) to. Empty for an unknown move.
    pub squares: SmallVec<[Square; 4]>,
    /// The separator written (`-`, `x`, `:` or none for `a3b4`).
    pub separator: Option<char>,
    /// The text as written, when it differs from the canonical rendering. (A boxed `String`,
    /// one pointer wide: rare, and the node stays within 128 bytes, which are copied inline.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raw: Option<Box<String>>,
    pub span: Span,
}

impl MoveToken {
    /// Canonical text: squares joined by the written separator.
    pub fn canonical(&self) -> String {
        let mut text = String::new();
        self.write_canonical(&mut text);
        text
    }

    /// Appends the canonical text (no allocation when `out` has room).
    pub fn write_canonical(&self, out: &mut String) {
        write_canonical(self.kind, &self.squares, self.separator, out);
    }
}

/// Appends a move's canonical text: its squares joined by its separator, `--` for an unknown
/// move.
fn write_canonical(kind: MoveKind, squares: &[Square], separator: Option<char>, out: &mut String) {
    if kind == MoveKind::Unknown {
        out.push_str("--");
        return;
    }
    for (i, square) in squares.iter().enumerate() {
        if i > 0
            && let Some(sep) = separator
        {
            out.push(sep);
        }
        square.push_to(out);
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Strength {
    pub text: String,
    pub span: Span,
}

/// A game terminator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResultKind {
    #[serde(rename = "1-0")]
    OneZero,
    #[serde(rename = "0-1")]
    ZeroOne,
    #[serde(rename = "1/2-1/2")]
    Half,
    #[serde(rename = "2-0")]
    TwoZero,
    #[serde(rename = "0-2")]
    ZeroTwo,
    #[serde(rename = "1-1")]
    OneOne,
    #[serde(rename = "0-0")]
    ZeroZero,
    #[serde(rename = "*")]
    Unknown,
}

impl ResultKind {
    pub const ALL: [ResultKind; 8] = [
        ResultKind::OneZero,
        ResultKind::ZeroOne,
        ResultKind::Half,
        ResultKind::TwoZero,
        ResultKind::ZeroTwo,
        ResultKind::OneOne,
        ResultKind::ZeroZero,
        ResultKind::Unknown,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ResultKind::OneZero => "1-0",
            ResultKind::ZeroOne => "0-1",
            ResultKind::Half => "1/2-1/2",
            ResultKind::TwoZero => "2-0",
            ResultKind::ZeroTwo => "0-2",
            ResultKind::OneOne => "1-1",
            ResultKind::ZeroZero => "0-0",
            ResultKind::Unknown => "*",
        }
    }

    pub fn parse(text: &str) -> Option<ResultKind> {
        ResultKind::ALL.into_iter().find(|r| r.as_str() == text)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ResultToken {
    pub kind: ResultKind,
    /// Set when the terminator was a non-standard token (`4-6`) matching the Result tag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonstandard: Option<String>,
    pub span: Span,
}
