//! What the replay says about a recorded move. Each kind has a stable code, like the reader's
//! diagnostics, so scripts and CI filters can rely on it.

use crate::reader::{Severity, Span};
use serde::{Serialize, Serializer};
use std::fmt;

macro_rules! kinds {
    ($( $(#[$doc:meta])* $variant:ident = $code:literal, $severity:ident; )*) => {
        /// Every finding the replay can report.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind { $( $(#[$doc])* $variant, )* }

        impl Kind {
            pub const ALL: &'static [Kind] = &[ $( Kind::$variant, )* ];

            pub fn as_str(self) -> &'static str {
                match self { $( Kind::$variant => $code, )* }
            }

            pub fn severity(self) -> Severity {
                match self { $( Kind::$variant => Severity::$severity, )* }
            }

            pub fn from_code(text: &str) -> Option<Kind> {
                match text { $( $code => Some(Kind::$variant), )* _ => None }
            }
        }
    };
}

kinds! {
    // The move is not legal (the line stops being replayed there).
    /// No piece on the square the move starts from.
    NoPiece = "E-NO-PIECE", Error;
    /// The piece on the from-square belongs to the side not to move.
    WrongSide = "E-WRONG-SIDE", Error;
    /// A move without capture while a capture was available.
    CaptureMandatory = "E-CAPTURE-MANDATORY", Error;
    /// A capture taking fewer pieces than the variant requires (maximum capture).
    LongerCaptureRequired = "E-LONGER-CAPTURE-REQUIRED", Error;
    /// A capture the variant's precedence rules out (Italian steps, Spanish kings, Czech king first).
    CapturePrecedence = "E-CAPTURE-PRECEDENCE", Error;
    /// A man capturing a king where the rules forbid it (Italian).
    ManCannotCaptureKing = "E-MAN-CANNOT-CAPTURE-KING", Error;
    /// A capture that stops while the same piece can go on capturing.
    CaptureIncomplete = "E-CAPTURE-INCOMPLETE", Error;
    /// A man crowned mid-capture handled against the variant's rule (goes on, or stops, wrongly).
    PromotionMishandled = "E-PROMOTION-MISHANDLED", Error;
    /// A king moving a fourth time in a row without capturing while its side has men (Frisian).
    KingMoveLimit = "E-KING-MOVE-LIMIT", Error;
    /// The piece cannot make this move at all.
    IllegalMove = "E-ILLEGAL-MOVE", Error;
    /// A square the board does not have, or a light square.
    SquareNotOnBoard = "E-SQUARE-NOT-ON-BOARD", Error;
    /// A short move that names several legal moves, and the moves after it do not tell which.
    AmbiguousMove = "E-AMBIGUOUS-MOVE", Error;
    /// A FEN setup that is not a position of the variant.
    ImpossibleSetup = "E-IMPOSSIBLE-SETUP", Error;

    // The move is legal but written against PDN 3.0.
    /// A short move naming several legal moves; the following moves tell which was played.
    AmbiguousResolved = "W-AMBIGUOUS-MOVE", Warning;
    /// A full path against PDN 3.0's intermediate-square rule: landing squares left out, or
    /// other squares on the route named instead.
    CapturePath = "W-CAPTURE-PATH", Warning;
    /// Captured squares listed Hub-style (`from x to x taken...`) instead of a path.
    HubCaptureList = "W-HUB-CAPTURE-LIST", Warning;
    /// A capture written with `-`, or a plain move written with `x`/`:`.
    SeparatorMismatch = "W-SEPARATOR-MISMATCH", Warning;
    /// The variant has no rules table yet (or is not known): the game's moves or setup are not
    /// checked at all. A run with one is not clean unless `--allow-unreplayed` is given.
    NotReplayed = "W-NOT-REPLAYED", Warning;
    /// No GameType, and the moves are not legal in the inferred variant but are in another.
    VariantReinferred = "W-VARIANT-REINFERRED", Warning;
    /// The GameType's numbering does not fit the moves; the variant's standard numbering does.
    NumberingMismatch = "W-NUMBERING-MISMATCH", Warning;

    // What the replay decided or could not do.
    /// The FEN says `?` for the side to move; the first move tells.
    SideToMoveInferred = "N-SIDE-TO-MOVE-INFERRED", Note;
    /// The move is recorded as unknown (`- -`): the rest of the line cannot be replayed.
    UnknownMove = "N-UNKNOWN-MOVE", Note;
    /// The variant has no rules table yet (or is not known), and the game has no moves or
    /// setup to check.
    VariantNotReplayed = "N-VARIANT-NOT-REPLAYED", Note;
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// One thing the replay found, located in the source and in the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub kind: Kind,
    pub severity: Severity,
    pub message: String,
    pub span: Span,
    /// Half-moves from the game's start up to and including this move (1 = the first move).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<u32>,
    /// The move number as recorded (or carried on from the previous one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_number: Option<u32>,
    /// Nesting of the line: 0 for the main line, 1 for a variation, 2 inside it, ...
    pub depth: u32,
    /// The move as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// The position before the move, as FEN in the game's numbering.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen_before: Option<String>,
    /// The legal moves in that position, or the ones that matter (the captures required, the
    /// moves a short form could mean).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub legal_moves: Vec<String>,
    /// The position before the move drawn as text, for error-level findings (human output).
    #[serde(skip)]
    pub diagram: Vec<String>,
}

impl Finding {
    /// A finding not tied to a move (setup, variant).
    pub fn at(kind: Kind, span: Span, message: String) -> Finding {
        Finding {
            kind,
            severity: kind.severity(),
            message,
            span,
            ply: None,
            move_number: None,
            depth: 0,
            token: None,
            fen_before: None,
            legal_moves: Vec::new(),
            diagram: Vec::new(),
        }
    }
}
