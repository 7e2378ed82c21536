//! Findings: what pdnkit says about a record, from the reader to the report. Every finding has
//! one [`Code`] (the table of every code is [`code`]), a [`Level`], a message and the bytes it
//! is about; a finding about one move also says where in the game the move is. Line and column
//! are worked out only where a report shows them ([`crate::reader::Game::locate`]).

pub mod code;
pub mod habit;
mod limit;
pub mod renamed;

pub use code::{Code, Edit, Fix, Group};
pub(crate) use limit::{ListingLimit, push_capped};
pub use limit::{MAX_LISTED_PER_CODE, left_out_message, stands_for_left_out};

use crate::reader::span::{Locator, SerializeLocated};
use crate::reader::{Location, Span};
use serde::{Deserialize, Serialize};
use std::fmt;
use thin_vec::ThinVec;

/// How much a finding matters. A policy may change a finding's level from its code's default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Information: what pdnkit decided (variant inferred, encoding used, a draw rule held).
    Note,
    /// Read fine, but not as PDN 3.0 writes it.
    Warning,
    /// Something could not be read, or a move is not legal.
    Error,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Note => "note",
            Level::Warning => "warning",
            Level::Error => "error",
        })
    }
}

/// One thing found about a record. The fields after `span` say which move it is about (the
/// replay's findings); they are empty for a finding about the text or the game. Written with
/// its span located by its game's index ([`SerializeLocated`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Finding {
    pub code: Code,
    /// `severity` in JSON written before schema version 2.
    #[serde(alias = "severity")]
    pub level: Level,
    pub message: String,
    /// Byte offset and length in the file (written with its line and column).
    pub span: Span,
    /// Half-moves from the game's start up to and including this move (1 = the first move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<u32>,
    /// The move number as recorded (or carried on from the previous one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_number: Option<u32>,
    /// Nesting of the line: 0 for the main line, 1 for a variation, 2 inside it, ...
    #[serde(default, skip_serializing_if = "is_zero")]
    pub depth: u32,
    /// The move as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// The position before the move, as FEN in the game's numbering.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen_before: Option<String>,
    /// The legal moves in that position, or the ones that matter (the captures required, the
    /// moves a short form could mean).
    /// (One pointer wide, as `diagram`: most findings have none, and a smaller finding is
    /// cheaper to move around.)
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    pub legal_moves: ThinVec<String>,
    /// The position before the move drawn as text, for error-level findings (human output).
    #[serde(skip)]
    pub diagram: ThinVec<String>,
    /// For a habit of the record ([`Code::once_per_game`]): the other places of the game
    /// written the same way.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    pub also: ThinVec<Span>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Finding {
    /// A finding at its code's default level, about `span` rather than one move.
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Finding {
        Finding {
            code,
            level: code.level(),
            message: message.into(),
            span,
            ply: None,
            move_number: None,
            depth: 0,
            token: None,
            fen_before: None,
            legal_moves: ThinVec::new(),
            diagram: ThinVec::new(),
            also: ThinVec::new(),
        }
    }

    /// A finding at `level` rather than its code's default (a repair `convert --fix` made is a
    /// note; an error the reader found is still an error where it makes a game unconvertible).
    pub fn at_level(level: Level, code: Code, span: Span, message: impl Into<String>) -> Finding {
        Finding {
            level,
            ..Finding::new(code, span, message)
        }
    }

    /// Applies `--strict`: a violation of PDN 3.0 becomes an error.
    pub fn make_strict(&mut self) {
        if self.code.violates_pdn3() {
            self.level = Level::Error;
        }
    }

    /// The offset findings are put in source order by (a finding about nothing in the source
    /// first, as it is written at offset 0).
    pub fn order(&self) -> u64 {
        if self.span == Span::NOWHERE {
            0
        } else {
            self.span.offset
        }
    }
}

/// A finding as written: its fields, its span located.
#[derive(Serialize)]
struct FindingOut<'a> {
    code: Code,
    level: Level,
    message: &'a str,
    span: Location,
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    move_number: Option<u32>,
    #[serde(skip_serializing_if = "is_zero")]
    depth: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen_before: Option<&'a str>,
    #[serde(skip_serializing_if = "no_moves")]
    legal_moves: &'a [String],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    also: Vec<Location>,
}

fn no_moves(moves: &&[String]) -> bool {
    moves.is_empty()
}

impl SerializeLocated for Finding {
    fn serialize_located<S: serde::Serializer>(
        &self,
        at: &Locator,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let Finding {
            code,
            level,
            message,
            span,
            ply,
            move_number,
            depth,
            token,
            fen_before,
            legal_moves,
            // Shown to people only.
            diagram: _,
            also,
        } = self;
        FindingOut {
            code: *code,
            level: *level,
            message,
            span: at.locate(*span),
            ply: *ply,
            move_number: *move_number,
            depth: *depth,
            token: token.as_deref(),
            fen_before: fen_before.as_deref(),
            legal_moves,
            also: also.iter().map(|&span| at.locate(span)).collect(),
        }
        .serialize(serializer)
    }
}
