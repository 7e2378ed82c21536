//! What the reader says about the text it read. Each deviation from strict PDN 3.0 has a stable
//! code; `--strict` turns the ones that violate the standard into errors.

use super::span::Span;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Information: what the reader decided (variant inferred, encoding used).
    Note,
    /// Read fine, but not as PDN 3.0 writes it.
    Warning,
    /// Something could not be read; the text is kept verbatim in the model.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

macro_rules! codes {
    ($( $(#[$doc:meta])* $variant:ident = $code:literal, $severity:ident, $violation:literal; )*) => {
        /// Every diagnostic the reader can emit. The string form (`W-ZERO-PADDED-SQUARE`) is stable:
        /// scripts and CI filters may rely on it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code { $( $(#[$doc])* $variant, )* }

        impl Code {
            pub const ALL: &'static [Code] = &[ $( Code::$variant, )* ];

            pub fn as_str(self) -> &'static str {
                match self { $( Code::$variant => $code, )* }
            }

            /// Severity in the default (lenient) mode.
            pub fn severity(self) -> Severity {
                match self { $( Code::$variant => Severity::$severity, )* }
            }

            /// True when the text breaks the PDN 3.0 reading grammar (an error under `--strict`).
            pub fn violates_pdn3(self) -> bool {
                match self { $( Code::$variant => $violation, )* }
            }

            pub fn from_code(text: &str) -> Option<Code> {
                match text { $( $code => Some(Code::$variant), )* _ => None }
            }
        }
    };
}

codes! {
    // Encoding and layout
    /// A UTF-8 byte order mark at the start of the file.
    Bom = "N-UTF8-BOM", Note, false;
    /// The file is not UTF-8; it was decoded as Windows-1252.
    Windows1252 = "W-ENCODING-WINDOWS-1252", Warning, true;
    /// The file is not UTF-8; it was decoded as Windows-1251 (Cyrillic).
    Windows1251 = "W-ENCODING-WINDOWS-1251", Warning, true;
    /// Bytes after the end of gzip-compressed input, not gzip data: ignored.
    GzipTrailingData = "W-GZIP-TRAILING-DATA", Warning, false;
    /// A UTF-8 game with bytes that are not UTF-8: each read as its Windows-1252 character.
    EncodingRepaired = "W-ENCODING-REPAIRED", Warning, true;
    /// UTF-16 input (byte order mark or `--encoding utf-16`), transcoded to UTF-8 as it is read.
    Utf16 = "N-UTF16", Note, false;
    /// A lone UTF-16 surrogate (half of a pair without its other half), read as U+FFFD.
    Utf16LoneSurrogate = "W-UTF16-LONE-SURROGATE", Warning, true;
    /// Lines end with a lone carriage return (old Mac files).
    CrLineEnds = "W-CR-LINE-ENDS", Warning, false;
    /// A NUL or other control byte in the text.
    ControlCharacter = "W-CONTROL-CHARACTER", Warning, true;

    // Tags
    /// A space between `[` and the tag name, or before `]`.
    TagPadding = "W-TAG-PADDING", Warning, true;
    /// A tag name that does not start with a capital letter.
    TagNameCase = "W-TAG-NAME-CASE", Warning, true;
    /// A tag name in another language (`Bianco`, `Noir`): mapped to the standard one.
    LocalisedTag = "W-LOCALISED-TAG", Warning, false;
    /// A double quote inside a tag value that is not escaped as `\"`.
    UnescapedQuote = "W-UNESCAPED-QUOTE", Warning, true;
    /// A literal two-character `\r` or `\n` after a tag.
    LiteralEscape = "W-LITERAL-ESCAPE", Warning, true;
    /// The same tag name twice in one game.
    DuplicateTag = "W-DUPLICATE-TAG", Warning, false;
    /// Spaces around a Result tag value (`" 0-1"`).
    PaddedResult = "W-PADDED-RESULT", Warning, false;
    /// A Result tag value that is not a PDN result token.
    NonstandardResult = "W-NONSTANDARD-RESULT", Warning, true;
    /// A Date that is not `YYYY.MM.DD` (with `??` for unknown parts).
    DateFormat = "W-DATE-FORMAT", Warning, false;
    /// `SetUp "1"`: a chess habit, not PDN 3.0 (a FEN tag alone sets up the position).
    SetUpTag = "N-SETUP-TAG", Note, false;
    /// A GameType value pdnkit cannot read or does not know.
    UnknownGameType = "E-UNKNOWN-GAMETYPE", Error, true;
    /// A GameType that is not well formed but still names a variant: a known type number before
    /// a broken long form (`20,W,0,0,N,0`), or a variant name (`Russian`). Read as that type.
    MalformedGameType = "W-MALFORMED-GAMETYPE", Warning, true;
    /// A `Variant` tag naming no variant pdnkit knows (`Dameo`): the variant is not guessed.
    UnknownVariantTag = "W-UNKNOWN-VARIANT-TAG", Warning, false;
    /// A `Variant` tag naming another variant than the GameType (the GameType is used).
    VariantTagMismatch = "W-VARIANT-TAG-MISMATCH", Warning, false;
    /// A FEN (tag or `/FEN/` setup) that cannot be read.
    BadFen = "E-BAD-FEN", Error, true;
    /// FEN dialects (see grammar/fen.md); the same codes as `fen::codes`.
    /// A `.` after the last FEN field (found in the standard's own conformance files).
    FenTrailingDot = "N-FEN-TRAILING-DOT", Note, false;
    /// Fields after the two colours, such as lidraughts' `:H0:F1`.
    FenExtraField = "W-FEN-EXTRA-FIELD", Warning, true;
    /// An empty FEN field.
    FenEmptyField = "N-FEN-EMPTY-FIELD", Note, false;
    /// A zero-padded square in a FEN.
    FenZeroPaddedSquare = "W-FEN-ZERO-PADDED-SQUARE", Warning, true;
    /// Lower-case side or colour letters in a FEN.
    FenLowercase = "W-FEN-LOWERCASE", Warning, true;
    /// A FEN value wrapped in its own quotes.
    FenQuoted = "W-FEN-QUOTED", Warning, true;
    /// Whitespace inside a FEN.
    FenWhitespace = "W-FEN-WHITESPACE", Warning, true;
    /// The same square listed twice in a FEN.
    FenDuplicateSquare = "W-FEN-DUPLICATE-SQUARE", Warning, false;
    /// A tag name with characters PDN names cannot have (`White-Elo`, `Type de jeu`) or written
    /// with HTML references (`R&#x00e9;sultat`): kept whole (references decoded).
    NonstandardTagName = "W-NONSTANDARD-TAG-NAME", Warning, true;
    /// A tag line without its `[` (`Event "b"]`), read as a tag opening a header.
    TagMissingBracket = "W-TAG-MISSING-BRACKET", Warning, true;
    /// A tag with a name and no value (`[Empty]`).
    TagWithoutValue = "W-TAG-WITHOUT-VALUE", Warning, true;
    /// A tag value without quotes (`[Event Foo]`).
    UnquotedTagValue = "W-UNQUOTED-TAG-VALUE", Warning, true;
    /// A tag that is not closed on its line.
    UnclosedTag = "E-UNCLOSED-TAG", Error, true;

    // Moves
    /// A square written with a leading zero (`06-11`).
    ZeroPaddedSquare = "W-ZERO-PADDED-SQUARE", Warning, true;
    /// A space inside a move (`35x 4`, `1- 7`).
    SpaceInMove = "W-SPACE-IN-MOVE", Warning, false;
    /// `:` as the capture separator in a numeric game (PDN 3.0 writes `x`).
    ColonCapture = "N-COLON-CAPTURE", Note, false;
    /// Mixed separators inside one move (`32-28x19`).
    MixedSeparators = "W-MIXED-SEPARATORS", Warning, true;
    /// An unknown move written `- -` or `--`.
    UnknownMove = "W-UNKNOWN-MOVE", Warning, true;
    /// `...` standing alone (`1. ... 7-12`) rather than glued to a move number (`1...`).
    LoneEllipsis = "N-LONE-ELLIPSIS", Note, false;
    /// A `.` standing alone.
    LoneDot = "W-LONE-DOT", Warning, true;
    /// A move number not followed by a move (`1. 0-2`: a forfeited game).
    DanglingMoveNumber = "W-DANGLING-MOVE-NUMBER", Warning, true;
    /// `77. ...` with no move after it (seen at the end of engine output).
    EllipsisWithoutMove = "N-ELLIPSIS-WITHOUT-MOVE", Note, false;
    /// A move number that does not follow from the previous one.
    MoveNumberSequence = "W-MOVE-NUMBER-SEQUENCE", Warning, false;
    /// `*` glued to a move: the old "forced move" mark.
    ForcedMoveMark = "W-FORCED-MOVE-MARK", Warning, true;

    // Comments and structure
    /// `;` comment to the end of the line (not PDN 3.0).
    SemicolonComment = "W-SEMICOLON-COMMENT", Warning, true;
    /// `{` inside a comment: read as a nested comment.
    NestedComment = "W-NESTED-COMMENT", Warning, true;
    /// A `}` with no comment open.
    StrayBrace = "W-STRAY-BRACE", Warning, true;
    /// A game with no terminator, followed by the next game's tags.
    MissingTerminator = "W-MISSING-TERMINATOR", Warning, true;
    /// The last game of the file has no terminator.
    NoTerminatorAtEnd = "N-NO-TERMINATOR-AT-END", Note, false;
    /// A non-standard result written in place of the terminator (`4-6`), matching the Result tag.
    NonstandardTerminator = "W-NONSTANDARD-TERMINATOR", Warning, true;
    /// Text outside any game (only comments between two games, or at the end of the file).
    TextOutsideGame = "W-TEXT-OUTSIDE-GAME", Warning, false;
    /// A game with neither tags nor moves.
    EmptyGame = "W-EMPTY-GAME", Warning, false;

    /// A variation `(` that is never closed.
    UnclosedVariation = "E-UNCLOSED-VARIATION", Error, true;
    /// A `)` with no variation open.
    StrayParenthesis = "E-STRAY-PARENTHESIS", Error, true;
    /// Variations nested deeper than the reader's limit; the deeper text is kept verbatim.
    NestingTooDeep = "E-NESTING-TOO-DEEP", Error, true;
    /// A comment that is never closed.
    UnclosedComment = "E-UNCLOSED-COMMENT", Error, true;
    /// Text that is not PDN; kept verbatim.
    UnreadableText = "E-UNREADABLE-TEXT", Error, true;
    /// A game longer than the reader's limit; skipped.
    GameTooLarge = "E-GAME-TOO-LARGE", Error, true;
    /// Bytes that are not text at all (binary data).
    BinaryData = "E-BINARY-DATA", Error, true;

    /// A file of one FEN a line: each line read as a position without moves.
    FenFile = "N-FEN-PER-LINE", Note, false;

    // Variant
    /// The game has no GameType; the variant was inferred (or taken from --variant).
    VariantInferred = "N-VARIANT-INFERRED", Note, false;
}

impl Code {
    /// Notes about the whole file (byte order mark, line ends, character set), given to the game
    /// holding the byte they point at.
    pub fn is_file_note(self) -> bool {
        matches!(
            self,
            Code::Bom
                | Code::CrLineEnds
                | Code::Windows1252
                | Code::Windows1251
                | Code::GzipTrailingData
                | Code::EncodingRepaired
                | Code::Utf16
                | Code::Utf16LoneSurrogate
                | Code::FenFile
        )
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Code, D::Error> {
        let text = String::deserialize(d)?;
        // JSON written before the renaming (crate::renamed_codes) still reads.
        Code::from_code(&text)
            .or_else(|| crate::renamed_codes::renamed(&text).and_then(Code::from_code))
            .ok_or_else(|| serde::de::Error::custom(format!("unknown code {text}")))
    }
}

/// One located message about the input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub code: Code,
    /// `severity` in JSON written before schema version 2.
    #[serde(alias = "severity")]
    pub level: Severity,
    pub message: String,
    pub span: Span,
}

impl Diagnostic {
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            level: code.severity(),
            message: message.into(),
            span,
        }
    }

    /// Applies `--strict`: a violation of PDN 3.0 becomes an error.
    pub fn make_strict(&mut self) {
        if self.code.violates_pdn3() {
            self.level = Severity::Error;
        }
    }
}

/// At most this many diagnostics of one code are listed for a game; the others are counted,
/// and one more diagnostic of that code says how many were left out (see `docs/limits.md`).
/// A game's findings then take memory bounded by the number of codes, whatever its size.
pub const MAX_LISTED_PER_CODE: usize = 1000;

/// The limit of one game's findings of one kind: per kind (`K`, a code or a replay finding's
/// kind, with `slot` its index among the kinds) how many are listed, counted once the game has
/// [`MAX_LISTED_PER_CODE`] in all (before that no kind can be over the limit), and per kind the
/// first one left out and how many. The reader and the replay each keep one.
#[derive(Debug)]
pub(crate) struct ListingLimit<K> {
    listed: Vec<u32>,
    left_out: Vec<(K, Span, u64)>,
}

impl<K> Default for ListingLimit<K> {
    fn default() -> Self {
        ListingLimit {
            listed: Vec::new(),
            left_out: Vec::new(),
        }
    }
}

impl<K: Copy + PartialEq> ListingLimit<K> {
    /// Whether nothing is counted: the state of a new game.
    #[inline]
    pub(crate) fn is_clear(&self) -> bool {
        self.listed.is_empty() && self.left_out.is_empty()
    }

    /// Whether a finding of this game has been left out.
    pub(crate) fn any(&self) -> bool {
        !self.left_out.is_empty()
    }

    /// Whether one more finding of `key` (at `span`) may be listed beside `listed`, the slots
    /// of those listed so far, of `slots` kinds; otherwise it is counted as left out.
    #[inline]
    pub(crate) fn admits(
        &mut self,
        key: K,
        slot: usize,
        span: Span,
        slots: usize,
        listed: impl ExactSizeIterator<Item = usize>,
    ) -> bool {
        if self.listed.is_empty() {
            if listed.len() < MAX_LISTED_PER_CODE {
                return true;
            }
            self.listed = vec![0; slots];
            for listed_slot in listed {
                self.listed[listed_slot] += 1;
            }
        }
        let count = &mut self.listed[slot];
        if (*count as usize) < MAX_LISTED_PER_CODE {
            *count += 1;
            return true;
        }
        match self.left_out.iter_mut().find(|(k, _, _)| *k == key) {
            Some((_, _, n)) => *n += 1,
            None => self.left_out.push((key, span, 1)),
        }
        false
    }

    /// The kinds left out, each with its first span and how many; the limit starts again (next
    /// game).
    pub(crate) fn take_left_out(&mut self) -> Vec<(K, Span, u64)> {
        self.listed.clear();
        std::mem::take(&mut self.left_out)
    }
}

/// The reader's limit: per diagnostic code.
pub(crate) type LeftOut = ListingLimit<Code>;

impl LeftOut {
    /// Adds one diagnostic per code left out, saying how many, and starts again (next game).
    #[inline]
    pub(crate) fn finish(&mut self, list: &mut Vec<Diagnostic>) {
        if self.is_clear() {
            return; // fewer than the limit in all: nothing counted, nothing left out
        }
        for (code, span, count) in self.take_left_out() {
            list.push(Diagnostic::new(code, span, left_out_message(count)));
        }
    }
}

/// The message of the diagnostic standing for `count` left out of one code.
pub fn left_out_message(count: u64) -> String {
    format!(
        "{count} more like this in this game, left out (at most {MAX_LISTED_PER_CODE} of one \
         code are listed a game)"
    )
}

/// Adds `diagnostic` to a game's `list`, unless the list already has
/// [`MAX_LISTED_PER_CODE`] of its code: then it is counted in `left_out`. Returns whether it was
/// added.
#[inline]
pub(crate) fn push_capped(
    list: &mut Vec<Diagnostic>,
    left_out: &mut LeftOut,
    diagnostic: Diagnostic,
) -> bool {
    let slot = diagnostic.code as usize;
    let listed = list.iter().map(|d| d.code as usize);
    if !left_out.admits(
        diagnostic.code,
        slot,
        diagnostic.span,
        Code::ALL.len(),
        listed,
    ) {
        return false;
    }
    list.push(diagnostic);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for &code in Code::ALL {
            assert!(seen.insert(code.as_str()), "{code} twice");
            assert_eq!(Code::from_code(code.as_str()), Some(code));
            let prefix = &code.as_str()[..2];
            let expected = match code.severity() {
                Severity::Error => "E-",
                Severity::Warning => "W-",
                Severity::Note => "N-",
            };
            assert_eq!(prefix, expected, "{code}");
        }
    }
}
