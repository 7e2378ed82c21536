//! Every code pdnkit reports, in one table: a row per code with its stable name, its default
//! level, the group it belongs to, what `convert --fix` does about it, what `check --fix` does
//! about it, and whether it breaks PDN 3.0's reading grammar (an error under `--strict`). What each code means, for people, is
//! the catalogue (`pdnkit explain`, `docs/codes.md`), keyed by [`Code`].
//!
//! A code's name is stable: scripts, CI filters, `pdnkit.toml` and baselines rely on it. Its
//! prefix is its default level (`E-` error, `W-` warning, `N-` note); names that broke that
//! rule were renamed, and their old spelling still reads ([`super::renamed`]).

use super::Level;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The stage of pdnkit that reports a code (and the policy group of the same name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    /// The reader: how the text is written.
    Reader,
    /// The replay of the moves (illegal moves, notation of captures, variants).
    Moves,
    /// The Result tag and terminator against each other and the final position.
    Result,
    /// Draw rules that held (`N-DRAW-*`), and what the record did afterwards.
    Draws,
    /// `convert`'s own notices about its work: not a finding of a check.
    Convert,
}

/// What `convert --fix` does about a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fix {
    /// Nothing: the record is written as it was read (or no repair is known).
    No,
    /// Written the canonical way; `--fix` reports the finding as repaired.
    Rewritten,
    /// Repaired where it can be without guessing (a Date that reads as a date).
    WhereReadable,
}

/// What `check --fix` does about a code: it edits the bytes of the finding (at every place of a
/// habit) and leaves every other byte of the file as it was. A separate fact from [`Fix`]: a code
/// `convert` rewrites may have no safe edit in place, and the other way round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edit {
    /// No edit: the finding stays.
    No,
    /// Edited wherever it is found.
    Yes,
    /// Edited only where the edit is certain, by the rule the catalogue states (a date that reads
    /// as a date; a Result tag the terminator and the final position both contradict).
    WhereCertain,
}

macro_rules! codes {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, $level:ident, $group:ident, $fix:ident,
        $edit:ident, $strict:literal; )*) => {
        /// Every code pdnkit can report. Its string form (`W-ZERO-PADDED-SQUARE`) is stable.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code { $( $(#[$doc])* $variant, )* }

        impl Code {
            /// Every code, in the catalogue's order.
            pub const ALL: &'static [Code] = &[ $( Code::$variant, )* ];

            pub fn as_str(self) -> &'static str {
                match self { $( Code::$variant => $name, )* }
            }

            /// The level in the default (lenient) mode, unless a policy says otherwise.
            pub fn level(self) -> Level {
                match self { $( Code::$variant => Level::$level, )* }
            }

            pub fn group(self) -> Group {
                match self { $( Code::$variant => Group::$group, )* }
            }

            pub fn fix(self) -> Fix {
                match self { $( Code::$variant => Fix::$fix, )* }
            }

            /// What `check --fix` does about the code.
            pub fn edit(self) -> Edit {
                match self { $( Code::$variant => Edit::$edit, )* }
            }

            /// True when the text breaks the PDN 3.0 reading grammar (an error under `--strict`).
            pub fn violates_pdn3(self) -> bool {
                match self { $( Code::$variant => $strict, )* }
            }

            /// The code of its current name (exact spelling; see [`Code::parse`] for old ones).
            pub fn from_name(name: &str) -> Option<Code> {
                match name { $( $name => Some(Code::$variant), )* _ => None }
            }
        }
    };
}

// Columns: name, default level, group, what `convert --fix` does, what `check --fix` does,
// breaks PDN 3.0's reading grammar. The order is the catalogue's: reader, replay, result, draws; convert's last.
codes! {
    // The reader: Encoding and layout
    /// A UTF-8 byte order mark at the start of the file.
    Bom = "N-UTF8-BOM", Note, Reader, No, No, false;
    /// The file is not UTF-8; it was decoded as Windows-1252.
    Windows1252 = "W-ENCODING-WINDOWS-1252", Warning, Reader, No, No, true;
    /// The file is not UTF-8; it was decoded as Windows-1251 (Cyrillic).
    Windows1251 = "W-ENCODING-WINDOWS-1251", Warning, Reader, No, No, true;
    /// Bytes after the end of compressed input (gzip, zstd, xz, bzip2) that start no new
    /// member: ignored. (`W-GZIP-TRAILING-DATA` until other formats were read.)
    CompressedTrailingData = "W-COMPRESSED-TRAILING-DATA", Warning, Reader, No, No, false;
    /// A UTF-8 game with bytes that are not UTF-8: each read as its Windows-1252 character.
    EncodingRepaired = "W-ENCODING-REPAIRED", Warning, Reader, No, No, true;
    /// UTF-16 input (byte order mark or `--encoding utf-16`), transcoded to UTF-8 as it is read.
    Utf16 = "N-UTF16", Note, Reader, No, No, false;
    /// A lone UTF-16 surrogate (half of a pair without its other half), read as U+FFFD.
    Utf16LoneSurrogate = "W-UTF16-LONE-SURROGATE", Warning, Reader, No, No, true;
    /// Lines end with a lone carriage return (old Mac files).
    CrLineEnds = "W-CR-LINE-ENDS", Warning, Reader, No, No, false;
    /// A NUL or other control byte in the text.
    ControlCharacter = "W-CONTROL-CHARACTER", Warning, Reader, No, No, true;

    // The reader: Tags
    /// A space between `[` and the tag name, or before `]`.
    TagPadding = "W-TAG-PADDING", Warning, Reader, Rewritten, Yes, true;
    /// A tag name that does not start with a capital letter.
    TagNameCase = "W-TAG-NAME-CASE", Warning, Reader, No, No, true;
    /// A tag name in another language (`Bianco`, `Noir`): mapped to the standard one.
    LocalisedTag = "W-LOCALISED-TAG", Warning, Reader, No, No, false;
    /// A double quote inside a tag value that is not escaped as `\"`.
    UnescapedQuote = "W-UNESCAPED-QUOTE", Warning, Reader, No, No, true;
    /// A literal two-character `\r` or `\n` after a tag.
    LiteralEscape = "W-LITERAL-ESCAPE", Warning, Reader, No, Yes, true;
    /// The same tag name twice in one game.
    DuplicateTag = "W-DUPLICATE-TAG", Warning, Reader, No, No, false;
    /// Spaces around a Result tag value (`" 0-1"`).
    PaddedResult = "W-PADDED-RESULT", Warning, Reader, No, No, false;
    /// A Result tag value that is not a PDN result token.
    NonstandardResult = "W-NONSTANDARD-RESULT", Warning, Reader, No, No, true;
    /// A Date that is not `YYYY.MM.DD` (with `??` for unknown parts).
    DateFormat = "W-DATE-FORMAT", Warning, Reader, WhereReadable, WhereCertain, false;
    /// `SetUp "1"`: a chess habit, not PDN 3.0 (a FEN tag alone sets up the position).
    SetUpTag = "N-SETUP-TAG", Note, Reader, No, No, false;
    /// A GameType value pdnkit cannot read or does not know.
    UnknownGameType = "E-UNKNOWN-GAMETYPE", Error, Reader, No, No, true;
    /// A GameType that is not well formed but still names a variant: a known type number before
    /// a broken long form (`20,W,0,0,N,0`), or a variant name (`Russian`). Read as that type.
    MalformedGameType = "W-MALFORMED-GAMETYPE", Warning, Reader, No, No, true;
    /// A `Variant` tag naming no variant pdnkit knows (`Killer`): the variant is not guessed.
    UnknownVariantTag = "W-UNKNOWN-VARIANT-TAG", Warning, Reader, No, No, false;
    /// A `Variant` tag naming another variant than the GameType (the GameType is used).
    VariantTagMismatch = "W-VARIANT-TAG-MISMATCH", Warning, Reader, No, No, false;
    /// A FEN (tag or `/FEN/` setup) that cannot be read.
    BadFen = "E-BAD-FEN", Error, Reader, No, No, true;
    // FEN dialects (see grammar/fen.md), also reported by `fen::parse`.
    /// A `.` after the last FEN field (found in the standard's own conformance files).
    FenTrailingDot = "N-FEN-TRAILING-DOT", Note, Reader, Rewritten, No, false;
    /// Fields after the two colours, such as lidraughts' `:H0:F1`.
    FenExtraField = "W-FEN-EXTRA-FIELD", Warning, Reader, No, No, true;
    /// An empty FEN field.
    FenEmptyField = "N-FEN-EMPTY-FIELD", Note, Reader, No, No, false;
    /// A zero-padded square in a FEN.
    FenZeroPaddedSquare = "W-FEN-ZERO-PADDED-SQUARE", Warning, Reader, Rewritten, Yes, true;
    /// Lower-case side or colour letters in a FEN.
    FenLowercase = "W-FEN-LOWERCASE", Warning, Reader, Rewritten, No, true;
    /// A FEN value wrapped in its own quotes.
    FenQuoted = "W-FEN-QUOTED", Warning, Reader, Rewritten, No, true;
    /// Whitespace inside a FEN.
    FenWhitespace = "W-FEN-WHITESPACE", Warning, Reader, Rewritten, No, true;
    /// The same square listed twice in a FEN.
    FenDuplicateSquare = "W-FEN-DUPLICATE-SQUARE", Warning, Reader, No, No, false;
    /// A tag name with characters PDN names cannot have (`White-Elo`, `Type de jeu`) or written
    /// with HTML references (`R&#x00e9;sultat`): kept whole (references decoded).
    NonstandardTagName = "W-NONSTANDARD-TAG-NAME", Warning, Reader, No, No, true;
    /// A tag line without its `[` (`Event "b"]`), read as a tag opening a header.
    TagMissingBracket = "W-TAG-MISSING-BRACKET", Warning, Reader, No, Yes, true;
    /// A tag with a name and no value (`[Empty]`).
    TagWithoutValue = "W-TAG-WITHOUT-VALUE", Warning, Reader, No, No, true;
    /// A tag value without quotes (`[Event Foo]`).
    UnquotedTagValue = "W-UNQUOTED-TAG-VALUE", Warning, Reader, No, No, true;
    /// A tag that is not closed on its line.
    UnclosedTag = "E-UNCLOSED-TAG", Error, Reader, No, No, true;

    // The reader: Moves
    /// A square written with a leading zero (`06-11`).
    ZeroPaddedSquare = "W-ZERO-PADDED-SQUARE", Warning, Reader, Rewritten, Yes, true;
    /// A space inside a move (`35x 4`, `1- 7`).
    SpaceInMove = "W-SPACE-IN-MOVE", Warning, Reader, Rewritten, No, false;
    /// `:` as the capture separator in a numeric game (PDN 3.0 writes `x`).
    ColonCapture = "N-COLON-CAPTURE", Note, Reader, No, Yes, false;
    /// Mixed separators inside one move (`32-28x19`).
    MixedSeparators = "W-MIXED-SEPARATORS", Warning, Reader, Rewritten, Yes, true;
    /// An unknown move written `- -` or `--`.
    UnknownMove = "W-UNKNOWN-MOVE", Warning, Reader, No, No, true;
    /// `...` standing alone (`1. ... 7-12`) rather than glued to a move number (`1...`).
    LoneEllipsis = "N-LONE-ELLIPSIS", Note, Reader, No, No, false;
    /// A `.` standing alone.
    LoneDot = "W-LONE-DOT", Warning, Reader, Rewritten, No, true;
    /// A move number not followed by a move (`1. 0-2`: a forfeited game).
    DanglingMoveNumber = "W-DANGLING-MOVE-NUMBER", Warning, Reader, No, No, true;
    /// `77. ...` with no move after it (seen at the end of engine output).
    EllipsisWithoutMove = "N-ELLIPSIS-WITHOUT-MOVE", Note, Reader, No, No, false;
    /// A move number that does not follow from the previous one.
    MoveNumberSequence = "W-MOVE-NUMBER-SEQUENCE", Warning, Reader, No, No, false;
    /// `*` glued to a move: the old "forced move" mark.
    ForcedMoveMark = "W-FORCED-MOVE-MARK", Warning, Reader, Rewritten, No, true;

    // The reader: Comments and structure
    /// `;` comment to the end of the line (not PDN 3.0).
    SemicolonComment = "W-SEMICOLON-COMMENT", Warning, Reader, No, No, true;
    /// `{` inside a comment: read as a nested comment.
    NestedComment = "W-NESTED-COMMENT", Warning, Reader, No, No, true;
    /// A `}` with no comment open.
    StrayBrace = "W-STRAY-BRACE", Warning, Reader, No, No, true;
    /// A `[` that opens no tag: alone on its line, or doubled (`[[Event`).
    StrayBracket = "W-STRAY-BRACKET", Warning, Reader, Rewritten, Yes, true;
    /// A game with no terminator, followed by the next game's tags.
    MissingTerminator = "W-MISSING-TERMINATOR", Warning, Reader, No, Yes, true;
    /// The last game of the file has no terminator.
    NoTerminatorAtEnd = "N-NO-TERMINATOR-AT-END", Note, Reader, No, Yes, false;
    /// A non-standard result written in place of the terminator (`4-6`), matching the Result tag.
    NonstandardTerminator = "W-NONSTANDARD-TERMINATOR", Warning, Reader, No, No, true;
    /// Text outside any game (only comments between two games, or at the end of the file).
    TextOutsideGame = "W-TEXT-OUTSIDE-GAME", Warning, Reader, No, No, false;
    /// Text before a game's tags that is neither tags nor moves (a stray `3` line).
    TextBeforeGame = "W-TEXT-BEFORE-GAME", Warning, Reader, Rewritten, No, true;
    /// A game with neither tags nor moves.
    EmptyGame = "W-EMPTY-GAME", Warning, Reader, No, No, false;
    /// A record with tags and no moves (an export of headers, a game forfeited).
    NoMoves = "N-NO-MOVES", Note, Reader, No, No, false;

    /// A variation `(` that is never closed.
    UnclosedVariation = "E-UNCLOSED-VARIATION", Error, Reader, No, No, true;
    /// A `)` with no variation open.
    StrayParenthesis = "E-STRAY-PARENTHESIS", Error, Reader, No, No, true;
    /// Variations nested deeper than the reader's limit; the deeper text is kept verbatim.
    NestingTooDeep = "E-NESTING-TOO-DEEP", Error, Reader, No, No, true;
    /// A comment that is never closed.
    UnclosedComment = "E-UNCLOSED-COMMENT", Error, Reader, No, No, true;
    /// Text that is not PDN; kept verbatim.
    UnreadableText = "E-UNREADABLE-TEXT", Error, Reader, No, No, true;
    /// A game longer than the reader's limit; skipped.
    GameTooLarge = "E-GAME-TOO-LARGE", Error, Reader, No, No, true;
    /// Bytes that are not text at all (binary data).
    BinaryData = "E-BINARY-DATA", Error, Reader, No, No, true;

    /// A file of one FEN a line: each line read as a position without moves.
    FenFile = "N-FEN-PER-LINE", Note, Reader, No, No, false;

    // The reader: Variant
    /// The game has no GameType; the variant was inferred (or taken from --variant, pdnkit.toml
    /// or a --rules file).
    VariantInferred = "N-VARIANT-INFERRED", Note, Reader, No, No, false;

    // The replay: The move is not legal (the line stops being replayed there).
    /// No piece on the square the move starts from.
    NoPiece = "E-NO-PIECE", Error, Moves, No, No, false;
    /// The piece on the from-square belongs to the side not to move.
    WrongSide = "E-WRONG-SIDE", Error, Moves, No, No, false;
    /// A move without capture while a capture was available.
    CaptureMandatory = "E-CAPTURE-MANDATORY", Error, Moves, No, No, false;
    /// A capture taking fewer pieces than the variant requires (maximum capture).
    LongerCaptureRequired = "E-LONGER-CAPTURE-REQUIRED", Error, Moves, No, No, false;
    /// A capture the variant's precedence rules out (Italian steps, Spanish kings, Czech king first).
    CapturePrecedence = "E-CAPTURE-PRECEDENCE", Error, Moves, No, No, false;
    /// A man capturing a king where the rules forbid it (Italian).
    ManCannotCaptureKing = "E-MAN-CANNOT-CAPTURE-KING", Error, Moves, No, No, false;
    /// A capture that stops while the same piece can go on capturing.
    CaptureIncomplete = "E-CAPTURE-INCOMPLETE", Error, Moves, No, No, false;
    /// A man crowned mid-capture handled against the variant's rule (goes on, or stops, wrongly).
    PromotionMishandled = "E-PROMOTION-MISHANDLED", Error, Moves, No, No, false;
    /// A king moving a fourth time in a row without capturing while its side has men (Frisian).
    KingMoveLimit = "E-KING-MOVE-LIMIT", Error, Moves, No, No, false;
    /// The piece cannot make this move at all.
    IllegalMove = "E-ILLEGAL-MOVE", Error, Moves, No, No, false;
    /// A square the board does not have, or a light square.
    SquareNotOnBoard = "E-SQUARE-NOT-ON-BOARD", Error, Moves, No, No, false;
    /// A short move that names several legal moves, and the moves after it do not tell which.
    AmbiguousMove = "E-AMBIGUOUS-MOVE", Error, Moves, No, No, false;
    /// A FEN setup that is not a position of the variant.
    ImpossibleSetup = "E-IMPOSSIBLE-SETUP", Error, Moves, No, No, false;

    // The replay: The move is legal but written against PDN 3.0.
    /// A short move naming several legal moves; the following moves tell which was played.
    AmbiguousResolved = "W-AMBIGUOUS-MOVE", Warning, Moves, Rewritten, No, false;
    /// A full path against PDN 3.0's intermediate-square rule: landing squares left out, or
    /// other squares on the route named instead.
    CapturePath = "W-CAPTURE-PATH", Warning, Moves, Rewritten, No, false;
    /// Captured squares listed Hub-style (`from x to x taken...`) instead of a path.
    HubCaptureList = "W-HUB-CAPTURE-LIST", Warning, Moves, Rewritten, No, false;
    /// A capture written with `-`, or a plain move written with `x`/`:`.
    SeparatorMismatch = "W-SEPARATOR-MISMATCH", Warning, Moves, Rewritten, Yes, false;
    /// One capture written a leg per move (`e5xc3 c3xa1` for `e5xc3xa1`), the move numbers
    /// counting each leg as a half-move: the legs are read as the one move they make.
    CaptureSplitIntoLegs = "W-CAPTURE-SPLIT-INTO-LEGS", Warning, Moves, Rewritten, No, false;
    /// A variation numbered for the next move, written before that move (`1. 32-28 (1... 19-23)
    /// 1... 18-23`): replayed as the alternative to it.
    VariationBeforeItsMove = "W-VARIATION-BEFORE-ITS-MOVE", Warning, Moves, No, No, false;
    /// The variant has no rules table yet (or is not known): the game's moves or setup are not
    /// checked at all. A run with one is not clean unless `--allow-unreplayed` is given.
    NotReplayed = "W-NOT-REPLAYED", Warning, Moves, No, No, false;
    /// No GameType, and the moves are not legal in the inferred variant but are in another.
    VariantReinferred = "W-VARIANT-REINFERRED", Warning, Moves, No, No, false;
    /// The GameType's numbering does not fit the moves; the variant's standard numbering does.
    NumberingMismatch = "W-NUMBERING-MISMATCH", Warning, Moves, No, No, false;

    // The replay: What the replay decided or could not do.
    /// The FEN says `?` for the side to move; the first move tells.
    SideToMoveInferred = "N-SIDE-TO-MOVE-INFERRED", Note, Moves, No, No, false;
    /// The move is recorded as unknown (`- -`): the rest of the line cannot be replayed.
    UnknownMoveStopsReplay = "N-UNKNOWN-MOVE", Note, Moves, No, No, false;
    /// The variant has no rules table yet (or is not known), and the game has no moves or
    /// setup to check.
    VariantNotReplayed = "N-VARIANT-NOT-REPLAYED", Note, Moves, No, No, false;

    // The result check.
    /// The Result tag and the terminator say different things.
    ResultMismatch = "E-RESULT-MISMATCH", Error, Result, No, WhereCertain, false;
    /// One of the Result tag and the terminator is `*` (unknown), the other is a result.
    ResultIncomplete = "W-RESULT-INCOMPLETE", Warning, Result, No, WhereCertain, false;
    /// The final position decides the game, and the record says otherwise.
    ResultContradictsPosition = "E-RESULT-CONTRADICTS-POSITION", Error, Result, No, No, false;
    /// A result token of the other result type (`1-0` in International, `2-0` in English).
    ResultStyle = "N-RESULT-STYLE", Note, Result, Rewritten, No, false;

    // The draw checks: what the record did once a draw rule held.
    /// Moves recorded after a draw rule had already ended the game.
    PlayedAfterDraw = "W-PLAYED-AFTER-DRAW", Warning, Draws, No, No, false;
    /// Moves recorded after the game was decided (Breakthrough: the first king wins at once).
    PlayedAfterWin = "W-PLAYED-AFTER-WIN", Warning, Draws, No, No, false;
    /// The game ends where a draw rule holds, yet the record declares a win.
    ResultNotDraw = "W-RESULT-NOT-DRAW", Warning, Draws, No, No, false;
    /// The profile has no federation text for this variant: only some rules are checked.
    DrawRulesPartial = "N-DRAW-RULES-PARTIAL", Note, Draws, No, No, false;

    // The draw rules that held: one code per [`DrawRule`](crate::draw_rules::DrawRule), which
    // describes it and names its source.
    DrawThreefold = "N-DRAW-THREEFOLD", Note, Draws, No, No, false;
    DrawKingMoves25 = "N-DRAW-KING-MOVES-25", Note, Draws, No, No, false;
    DrawEndgame16 = "N-DRAW-ENDGAME-16", Note, Draws, No, No, false;
    DrawEndgame5 = "N-DRAW-ENDGAME-5", Note, Draws, No, No, false;
    DrawItalianKings40 = "N-DRAW-ITALIAN-KINGS-40", Note, Draws, No, No, false;
    DrawEnglish40 = "N-DRAW-ENGLISH-40", Note, Draws, No, No, false;
    DrawRussianKings15 = "N-DRAW-RUSSIAN-KINGS-15", Note, Draws, No, No, false;
    DrawRussianThreeKings15 = "N-DRAW-RUSSIAN-THREE-KINGS-15", Note, Draws, No, No, false;
    DrawRussianLongDiagonal5 = "N-DRAW-RUSSIAN-LONG-DIAGONAL-5", Note, Draws, No, No, false;
    DrawRussianEndgame5 = "N-DRAW-RUSSIAN-ENDGAME-5", Note, Draws, No, No, false;
    DrawRussianEndgame30 = "N-DRAW-RUSSIAN-ENDGAME-30", Note, Draws, No, No, false;
    DrawRussianEndgame60 = "N-DRAW-RUSSIAN-ENDGAME-60", Note, Draws, No, No, false;
    DrawTurkishOnePiece = "N-DRAW-TURKISH-ONE-PIECE", Note, Draws, No, No, false;
    DrawCzechKings15 = "N-DRAW-CZECH-KINGS-15", Note, Draws, No, No, false;
    DrawFrisianTwoKings7 = "N-DRAW-FRISIAN-TWO-KINGS-7", Note, Draws, No, No, false;
    DrawFrisianOneKing2 = "N-DRAW-FRISIAN-ONE-KING-2", Note, Draws, No, No, false;
    DrawServerKingPlies80 = "N-DRAW-SERVER-KING-PLIES-80", Note, Draws, No, No, false;
    DrawServerKingPlies120 = "N-DRAW-SERVER-KING-PLIES-120", Note, Draws, No, No, false;
    DrawServerTurkishOnePiece = "N-DRAW-SERVER-TURKISH-ONE-PIECE", Note, Draws, No, No, false;

    // What `convert` says about its own work (not findings of a check: no policy selects them,
    // and `explain` does not list them).
    /// `--fix` wrote the terminator in the variant's result tokens (`1-0` as `2-0`).
    RepairedResultToken = "FIX-RESULT-TOKEN", Note, Convert, No, No, false;
    /// `--fix` wrote the Result tag in the variant's result tokens.
    RepairedResultTag = "FIX-RESULT-TAG", Note, Convert, No, No, false;
    /// `--fix` added the separator a move that is not replayed left out.
    RepairedSeparator = "FIX-SEPARATOR", Note, Convert, No, No, false;
    /// The converted game cannot be written as PDN; it is left out of the output.
    NotWritable = "E-NOT-WRITABLE", Error, Convert, No, No, false;
}

impl Code {
    /// The code a user wrote: its current name, or a name it had before (exact, upper case).
    pub fn parse(name: &str) -> Option<Code> {
        Code::from_name(name).or_else(|| super::renamed::renamed(name).and_then(Code::from_name))
    }

    /// Notes about the whole file (byte order mark, line ends, character set), given to the game
    /// holding the byte they point at.
    pub fn is_file_note(self) -> bool {
        matches!(
            self,
            Code::Bom
                | Code::CrLineEnds
                | Code::Windows1252
                | Code::Windows1251
                | Code::CompressedTrailingData
                | Code::EncodingRepaired
                | Code::Utf16
                | Code::Utf16LoneSurrogate
                | Code::FenFile
        )
    }

    /// Whether a check can report it (every group but `convert`'s own notices): the codes a
    /// policy selects and the catalogue explains.
    pub fn is_checked(self) -> bool {
        self.group() != Group::Convert
    }

    /// Every code a check can report, in the catalogue's order.
    pub fn checked() -> impl Iterator<Item = Code> {
        Code::ALL.iter().copied().filter(|c| c.is_checked())
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A code equals its current name (`code == "W-DATE-FORMAT"`).
impl PartialEq<&str> for Code {
    fn eq(&self, name: &&str) -> bool {
        self.as_str() == *name
    }
}

impl PartialEq<Code> for &str {
    fn eq(&self, code: &Code) -> bool {
        *self == code.as_str()
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
        // JSON written before a code was renamed still reads.
        Code::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("unknown code {text}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_round_trip_and_start_with_their_level() {
        let mut seen = std::collections::HashSet::new();
        for &code in Code::ALL {
            assert!(seen.insert(code.as_str()), "{code} twice");
            assert_eq!(Code::from_name(code.as_str()), Some(code));
            if code.group() == Group::Convert && code.as_str().starts_with("FIX-") {
                continue; // a repair, named for what it did
            }
            let expected = match code.level() {
                Level::Error => "E-",
                Level::Warning => "W-",
                Level::Note => "N-",
            };
            assert_eq!(&code.as_str()[..2], expected, "{code}");
        }
    }

    #[test]
    fn old_names_read_as_the_current_ones() {
        assert_eq!(Code::parse("W-UTF8-BOM"), Some(Code::Bom));
        assert_eq!(Code::parse("D-THREEFOLD"), Some(Code::DrawThreefold));
        assert_eq!(Code::parse("W-NO-SUCH-CODE"), None);
    }
}
