//! What every finding code means: the one table `pdnkit explain`, `docs/codes.md` and the SARIF
//! rule descriptions are written from. Each entry has a one-line summary, a longer meaning, how to
//! fix the record and, where a few lines of PDN can show it, an example that triggers the code
//! (tests run every example through the checker, so they cannot drift from what it reports).
//!
//! The draw rules' codes (`N-DRAW-*`) are described by [`DrawRule::description`]; their entries are
//! made from it rather than written twice.

use super::{draws, policy, result};
use crate::draw_rules::DrawRule;
use crate::reader::{Code, Severity};
use crate::replay::Kind;
use std::fmt::Write;

/// Where the documentation of every code lives, relative to the repository root.
pub const DOC_PATH: &str = "docs/codes.md";

/// A code's documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub code: &'static str,
    /// One line, no final full stop (SARIF `shortDescription`).
    pub summary: &'static str,
    /// What the code means and why it is reported.
    pub meaning: &'static str,
    /// How to fix the record.
    pub fix: &'static str,
    pub example: Example,
}

/// A record that triggers the code, or why none is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Example {
    Pdn(&'static str),
    /// The code is about bytes, files or sizes that a short text cannot show.
    None(&'static str),
}

const fn e(
    code: &'static str,
    summary: &'static str,
    meaning: &'static str,
    fix: &'static str,
    example: Example,
) -> Entry {
    Entry {
        code,
        summary,
        meaning,
        fix,
        example,
    }
}

use Example::{None as NoExample, Pdn};

/// Codes of this branch's stages: the reader, the replay, the result check and the draw checks.
const TABLE: &[Entry] = &[
    // The reader: encoding and layout.
    e(
        "N-UTF8-BOM",
        "the file starts with a UTF-8 byte order mark",
        "The first three bytes of the file are EF BB BF, a byte order mark some editors write. \
         PDN 3.0 does not need one; the text is read as UTF-8 either way. A note, not a warning.",
        "Save the file as UTF-8 without a byte order mark, or leave it: nothing is lost.",
        NoExample("the code is about the file's first bytes"),
    ),
    e(
        "W-ENCODING-WINDOWS-1252",
        "the file is not UTF-8 and was decoded as Windows-1252",
        "Some bytes are not valid UTF-8, and the text reads as Windows-1252 (Western European), \
         the character set of many older Windows programs. Names such as `Bertè` are decoded \
         from it; a guess can be wrong for another character set.",
        "Convert the file to UTF-8 (`iconv -f WINDOWS-1252 -t UTF-8`), or say which character \
         set it is in with --encoding.",
        NoExample("the code is about the file's bytes, which a UTF-8 example cannot hold"),
    ),
    e(
        "W-ENCODING-WINDOWS-1251",
        "the file is not UTF-8 and was decoded as Windows-1251 (Cyrillic)",
        "Some bytes are not valid UTF-8, and the text reads best as Windows-1251, the Cyrillic \
         character set of older Windows programs (Russian archives). A guess can be wrong for \
         another character set.",
        "Convert the file to UTF-8 (`iconv -f WINDOWS-1251 -t UTF-8`), or say which character \
         set it is in with --encoding.",
        NoExample("the code is about the file's bytes, which a UTF-8 example cannot hold"),
    ),
    e(
        "W-CR-LINE-ENDS",
        "lines end with a lone carriage return",
        "Lines end with a carriage return alone, as on the classic Mac OS. They are read as line \
         ends, but many tools see the whole file as one line.",
        "Convert the line ends to LF (or CR LF), e.g. with `mac2unix`.",
        NoExample("the code is about the file's line-end bytes"),
    ),
    e(
        "W-CONTROL-CHARACTER",
        "a NUL or other control byte in the text",
        "A control character other than tab, line feed or carriage return (a NUL, a form feed, \
         an escape) is in the text. It is usually debris from a file transfer or a database \
         export; the text is kept as written.",
        "Delete the control character.",
        NoExample("the code is about an invisible byte"),
    ),
    // The reader: tags.
    e(
        "W-TAG-PADDING",
        "a space between `[` and the tag name, or before `]`",
        "PDN 3.0 writes a tag as `[Name \"value\"]`, with nothing between the bracket and the \
         name. Some archives pad names to line the values up.",
        "Remove the spaces after `[` and before `]`.",
        Pdn("[ Event \"Padded\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "W-TAG-NAME-CASE",
        "a tag name that does not start with a capital letter",
        "PDN tag names start with a capital letter (`Event`, not `event`). The tag is read, under \
         the name as written.",
        "Capitalise the tag name.",
        Pdn("[event \"lower case\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "W-LOCALISED-TAG",
        "a tag name in another language, read as the standard one",
        "A tag name in another language (`Bianco`, `Weiss`, `Noir`) is read as the standard tag \
         it stands for (`White`); reports show both names.",
        "Rename the tag to its standard PDN name (`White`, `Black`, `Result`, ...).",
        Pdn("[Weiss \"Müller\"]\n[Schwarz \"Schmidt\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "W-UNESCAPED-QUOTE",
        "a double quote inside a tag value that is not escaped",
        "Inside a tag value a double quote must be written `\\\"`. A bare `\"` inside the value \
         would end it; the reader keeps it as part of the value because the tag goes on.",
        "Write the quote as `\\\"`, or use single quotes inside the value.",
        Pdn("[White \"The \"Big\" One\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "W-LITERAL-ESCAPE",
        "a literal `\\r` or `\\n` after a tag",
        "The two characters `\\` and `r` (or `n`) stand where a line end belongs: a program \
         wrote the escape sequence instead of the line end. They are read as a line end.",
        "Replace each literal `\\r` or `\\n` with a real line end.",
        Pdn(
            "[Event \"one line\"]\\r[White \"A\"]\\r[Black \"B\"]\\r[GameType \"20\"]\\r\n1. 32-28 19-23 *",
        ),
    ),
    e(
        "W-DUPLICATE-TAG",
        "the same tag twice in one game",
        "A tag name occurs twice in one game (possibly once localised and once standard). PDN \
         allows each tag once; which value is meant is unclear. Both are kept.",
        "Keep one of the tags (merge the values if both are right).",
        Pdn("[White \"First\"]\n[White \"Second\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "W-PADDED-RESULT",
        "spaces around a Result tag value",
        "The Result value has spaces around it (`\" 0-1\"`). It is read without them.",
        "Remove the spaces inside the quotes.",
        Pdn("[Result \" 0-1\"]\n[GameType \"20\"]\n1. 32-28 19-23 0-1"),
    ),
    e(
        "W-NONSTANDARD-RESULT",
        "a Result tag value that is not a PDN result",
        "The Result tag holds something other than a PDN result token (`2-0`, `0-2`, `1-1`, \
         `1-0`, `0-1`, `1/2-1/2`, `0-0`, `*`), such as `win`. It cannot be checked against the \
         game.",
        "Write the result as a PDN result token of the variant, or `*` when it is not known.",
        Pdn("[Result \"win\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "W-DATE-FORMAT",
        "a Date that is not `YYYY.MM.DD`",
        "PDN writes dates as `YYYY.MM.DD`, with `??` for a part that is not known \
         (`1841.??.??`). Other forms (`1841-??-??`, `12/05/1950`, `1950.`) are kept as written \
         but cannot be sorted or compared.",
        "Write the date as `YYYY.MM.DD` with `??` for unknown parts (`1841-??-??` becomes \
         `1841.??.??`). An archive that keeps its own style can allow the code in pdnkit.toml \
         (`[codes] \"W-DATE-FORMAT\" = \"allow\"`).",
        Pdn("[Date \"1841-??-??\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "N-SETUP-TAG",
        "a `SetUp` tag, a chess habit PDN does not need",
        "`[SetUp \"1\"]` comes from chess PGN. In PDN a FEN tag alone sets up the position, so \
         the tag says nothing. A note.",
        "Remove the SetUp tag (keep the FEN).",
        Pdn("[GameType \"20\"]\n[SetUp \"1\"]\n[FEN \"W:W31-50:B1-20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "E-UNKNOWN-GAMETYPE",
        "a GameType that cannot be read or names no known variant",
        "The GameType tag is neither a known type number (`20`, `21`, ...) nor a long form \
         pdnkit can read, nor a variant name. The variant is not guessed over it, so the moves \
         are not replayed unless --variant says which variant it is.",
        "Write the variant's GameType number (20 International, 21 English, 22 Italian, 25 \
         Russian, ...; see README), or pass --variant.",
        Pdn("[GameType \"Killer\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "W-MALFORMED-GAMETYPE",
        "a GameType that is not well formed but still names a variant",
        "The GameType is not well formed, but it still says which variant it is: a known type \
         number before a broken long form (`20,W,0,0,N,0`), or a variant name (`Russian`). The \
         game is read as that variant.",
        "Write the GameType as its number (or a complete long form).",
        Pdn("[GameType \"Russian\"]\n1. c3-d4 f6-e5 *"),
    ),
    e(
        "W-UNKNOWN-VARIANT-TAG",
        "a Variant tag naming no variant pdnkit knows",
        "The `Variant` tag (as lidraughts and playstrategy write it) names a variant pdnkit does \
         not know (`Dameo`). The variant is not guessed, so the moves may not be replayed.",
        "Add a GameType tag with the variant's number, or pass --variant.",
        Pdn("[Variant \"Dameo\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "E-BAD-FEN",
        "a FEN that cannot be read",
        "A FEN tag (or a `/FEN/` setup) cannot be read as a position: a side to move other than \
         W, B or ?, a square that is not a number or a coordinate, a broken range. The FEN is \
         left out: the moves are replayed from the variant's initial position, so findings \
         about them may not hold for the game.",
        "Correct the FEN (`W:W31-50:B1-20`: side to move, then each colour's squares, `K` before \
         a king).",
        Pdn("[FEN \"X:W31:B1\"]\n[GameType \"20\"]\n*"),
    ),
    e(
        "N-FEN-TRAILING-DOT",
        "a `.` after the last FEN field",
        "The FEN ends with a full stop, as in the PDN standard's own conformance files. It is \
         ignored. A note.",
        "Remove the final `.` from the FEN.",
        Pdn("[FEN \"W:W31-50:B1-20.\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "W-FEN-EXTRA-FIELD",
        "fields after the two colours in a FEN",
        "The FEN has fields after the white and black pieces, such as lidraughts' move counters \
         `:H0:F1`. They are not PDN and are ignored.",
        "Remove the extra fields (`W:W31-50:B1-20:H0:F1` becomes `W:W31-50:B1-20`).",
        Pdn("[FEN \"W:W31-50:B1-20:H0:F1\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "N-FEN-EMPTY-FIELD",
        "an empty FEN field",
        "A FEN field holds no colour letter (`W::`): it stands for a colour without pieces, or \
         is ignored when both colours are present. A note.",
        "Write the colour letter with no squares (`W:W:B`), or drop the empty field.",
        Pdn("[FEN \"W::\"]\n[GameType \"20\"]\n*"),
    ),
    e(
        "W-FEN-ZERO-PADDED-SQUARE",
        "a square written with a leading zero in a FEN",
        "A square in the FEN is written with a leading zero (`09`). It is read as the number.",
        "Remove the leading zero.",
        Pdn("[FEN \"W:W31,29,K15:B14,13,12,09\"]\n[GameType \"20\"]\n1. 31-27 *"),
    ),
    e(
        "W-FEN-LOWERCASE",
        "lower-case side or colour letters in a FEN",
        "PDN writes the side to move and the colours as capital letters (`W`, `B`); `w` and `b` \
         are read as them.",
        "Write the letters in capitals.",
        Pdn("[FEN \"w:w31,29,K15:b14,13,12,9\"]\n[GameType \"20\"]\n1. 31-27 *"),
    ),
    e(
        "W-FEN-QUOTED",
        "a FEN value wrapped in its own quotes",
        "The FEN inside the tag is wrapped in a second pair of (escaped) quotes. They are \
         removed.",
        "Remove the inner quotes.",
        Pdn("[FEN \"\\\"W:W31,29,K15:B14,13,12,9\\\"\"]\n[GameType \"20\"]\n1. 31-27 *"),
    ),
    e(
        "W-FEN-WHITESPACE",
        "white space inside a FEN",
        "The FEN has spaces between its tokens (`W31, 29`). They are ignored; reported once per \
         FEN.",
        "Remove the spaces.",
        Pdn("[FEN \"W:W31, 29, K15 :B14,13,12,9\"]\n[GameType \"20\"]\n1. 31-27 *"),
    ),
    e(
        "W-FEN-DUPLICATE-SQUARE",
        "the same square twice in a FEN",
        "A square is listed twice, in one colour or in both. Which piece stands there is not \
         clear from the record.",
        "Find out which piece stands on the square and list it once.",
        Pdn("[FEN \"W:W31,29,K15:B14,13,12,9,31\"]\n[GameType \"20\"]\n*"),
    ),
    e(
        "W-UNQUOTED-TAG-VALUE",
        "a tag value without quotes",
        "A tag value is written without double quotes (`[Round 3]`). It is read up to the `]`.",
        "Put the value in double quotes.",
        Pdn("[Round 3]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "E-UNCLOSED-TAG",
        "a tag that is not closed on its line",
        "A tag's `]` (or its value's closing quote) is missing on its line. The tag is kept as \
         text and the game goes on from the next line.",
        "Close the tag: `[Name \"value\"]` on one line.",
        Pdn("[GameType \"20\"]\n[Event \"never closed\n1. 32-28 19-23 *"),
    ),
    // The reader: moves.
    e(
        "W-ZERO-PADDED-SQUARE",
        "a square in a move written with a leading zero",
        "A square is written with a leading zero (`06-11`). It is read as the number.",
        "Remove the leading zero (`6-11`).",
        Pdn("[GameType \"21\"]\n1. 09-13 22-18 *"),
    ),
    e(
        "W-SPACE-IN-MOVE",
        "a space inside a move",
        "A move has a space inside it (`35x 24`, `1- 7`). It is read as one move.",
        "Remove the space.",
        Pdn("[GameType \"20\"]\n[FEN \"W:W35:B30\"]\n1. 35x 24 *"),
    ),
    e(
        "N-COLON-CAPTURE",
        "`:` as the capture separator in a numeric game",
        "A capture is written with `:` (`18:11`), as Russian sources do. PDN 3.0 writes `x` in \
         numeric notation. A note.",
        "Write captures with `x`.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 28:19 14:23 *"),
    ),
    e(
        "W-MIXED-SEPARATORS",
        "mixed separators inside one move",
        "One move uses both `-` and `x` (`32-28x19`). It is read as the route it names, but the \
         record is unclear about what was captured.",
        "Write a plain move with `-` and a capture with `x` only.",
        Pdn("[GameType \"20\"]\n1. 32-28x19 *"),
    ),
    e(
        "W-UNKNOWN-MOVE",
        "a move written `- -` or `--` (not known)",
        "The record marks a move it does not know with `- -` or `--`. It is kept; the moves \
         after it cannot be replayed (N-UNKNOWN-MOVE).",
        "Find the move in the game's source and write it; otherwise end the record there.",
        Pdn("[GameType \"20\"]\n1. 32-28 - - 2. 37-32 *"),
    ),
    e(
        "N-LONE-ELLIPSIS",
        "`...` standing alone instead of glued to a move number",
        "`1. ... 7-12`: the ellipsis stands apart from the move number. PDN writes `1... 7-12`. \
         A note.",
        "Glue the ellipsis to the move number (`1...`).",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 ... 14x23 *"),
    ),
    e(
        "W-LONE-DOT",
        "a `.` standing alone",
        "A full stop stands between moves on its own. It is ignored.",
        "Remove the dot, or glue it to its move number.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 . 2. 28x19 14x23 *"),
    ),
    e(
        "W-DANGLING-MOVE-NUMBER",
        "a move number not followed by a move",
        "A move number has no move after it (`1. 0-2`: often a forfeited game, or a move \
         number left at the end of a line).",
        "Remove the move number, or write the missing move.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. *"),
    ),
    e(
        "N-ELLIPSIS-WITHOUT-MOVE",
        "`77. ...` with no move after it",
        "A move number with an ellipsis ends the game, with no move after it (seen at the end \
         of engine output). A note.",
        "Remove the trailing move number.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. ... *"),
    ),
    e(
        "W-MOVE-NUMBER-SEQUENCE",
        "a move number that does not follow from the previous one",
        "A move number skips or goes back (`1. ... 5. ...`). The moves are replayed in the order \
         written; the numbers are only checked.",
        "Renumber the moves, or find the moves that are missing.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 5. 28x19 14x23 *"),
    ),
    e(
        "W-FORCED-MOVE-MARK",
        "`*` glued to a move (an old forced-move mark)",
        "A `*` right after a move marked it as forced in some old programs. In PDN `*` is the \
         unknown result; it is read as a mark here.",
        "Remove the `*` after the move (a comment can say the move was forced).",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19* 14x23 *"),
    ),
    // The reader: comments and structure.
    e(
        "W-SEMICOLON-COMMENT",
        "a `;` comment to the end of the line",
        "A `;` starts a comment to the end of the line, as in PGN. PDN 3.0 has only `{...}` \
         comments.",
        "Write the comment in braces: `{ ... }`.",
        Pdn("[GameType \"20\"]\n1. 32-28 ; a comment\n19-23 *"),
    ),
    e(
        "W-NESTED-COMMENT",
        "a `{` inside a comment",
        "A comment holds another `{`: it is read as a nested comment, closed by the matching \
         `}`. PDN comments do not nest.",
        "Remove the inner braces, or write them as other brackets.",
        Pdn("[GameType \"20\"]\n1. 32-28 {a {nested} comment} 19-23 *"),
    ),
    e(
        "W-STRAY-BRACE",
        "a `}` with no comment open",
        "A closing brace stands in the moves with no comment open. It is ignored.",
        "Remove the `}`, or add the `{` that opens its comment.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 } 2. 28x19 14x23 *"),
    ),
    e(
        "W-MISSING-TERMINATOR",
        "a game with no terminator, followed by the next game's tags",
        "A game has no result token at its end; the next game's tags begin right after it. The \
         game ends there, and its result is not known from the record.",
        "End the game with its result (`2-0`, `0-2`, `1-1`, ...) or `*`.",
        Pdn(
            "[Event \"a\"]\n[GameType \"20\"]\n1. 32-28 19-23\n[Event \"b\"]\n[GameType \"20\"]\n1. 32-28 *",
        ),
    ),
    e(
        "N-NO-TERMINATOR-AT-END",
        "the last game of the file has no terminator",
        "The file ends without the last game's result token. The game is read to the end of the \
         file; a file cut short looks the same. A note.",
        "End the game with its result or `*`, and check that the file is complete.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23"),
    ),
    e(
        "W-NONSTANDARD-TERMINATOR",
        "a non-standard result as the terminator",
        "The game ends with a score that is not a PDN result token (`4-6`, a match score), and \
         it matches the Result tag. It is read as the terminator.",
        "End the game with a PDN result token; a match score can go in a comment or an Event tag.",
        Pdn("[Result \"4-6\"]\n[GameType \"20\"]\n1. 32-28 19-23 4-6"),
    ),
    e(
        "W-TEXT-OUTSIDE-GAME",
        "text outside any game",
        "Text stands between two games or after the last one, and holds no moves (a comment). It \
         is kept, but belongs to no game.",
        "Move the comment into the game it is about, or delete it.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 * { a remark }"),
    ),
    e(
        "W-EMPTY-GAME",
        "a game with neither tags nor moves",
        "A terminator stands alone, with no tags and no moves before it.",
        "Delete the stray terminator, or restore the game it belonged to.",
        Pdn("*"),
    ),
    e(
        "E-UNCLOSED-VARIATION",
        "a variation `(` that is never closed",
        "A variation opened with `(` has no `)`. The rest of the game is read inside it, so the \
         main line's later moves and its result are lost.",
        "Add the `)` where the variation ends.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 (2. 33-29 14x23 3. 37-32 *"),
    ),
    e(
        "E-STRAY-PARENTHESIS",
        "a `)` with no variation open",
        "A closing parenthesis stands in the moves with no variation open. It is kept as text.",
        "Remove the `)`, or add the `(` that opens its variation.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 ) 2. 28x19 14x23 *"),
    ),
    e(
        "E-NESTING-TOO-DEEP",
        "variations nested deeper than the reader's limit",
        "Variations are nested deeper than the reader's limit (64). The deeper text is kept \
         verbatim and not read, so it is not checked.",
        "Flatten the variations; a record this deep is usually broken.",
        NoExample("the example needs 65 nested variations: see fixtures/errors/deep_nesting.pdn"),
    ),
    e(
        "E-UNCLOSED-COMMENT",
        "a comment that is never closed",
        "A `{` comment has no `}`. The rest of the game (often the rest of the file) is read as \
         the comment.",
        "Add the `}` where the comment ends.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 { open to the end"),
    ),
    e(
        "E-UNREADABLE-TEXT",
        "text that is not PDN",
        "A piece of the moves text is not a move, a move number, a comment, a variation or a \
         result. It is kept verbatim and the reader goes on after it.",
        "Delete the text, or put it in a comment.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 # *"),
    ),
    e(
        "E-GAME-TOO-LARGE",
        "a game longer than the reader's limit",
        "A game is longer than the reader's limit (which bounds memory). It is skipped; the next \
         game is read.",
        "Look for a missing terminator or tag that merged several games into one.",
        NoExample("the code is about a game's size"),
    ),
    e(
        "E-BINARY-DATA",
        "bytes that are not text",
        "The input holds binary data (a zip archive, an image, a database file): it is not PDN \
         text.",
        "Check PDN files only; unpack an archive first (gzip is read as it is).",
        NoExample("the code is about bytes that are not text"),
    ),
    e(
        "N-VARIANT-INFERRED",
        "no GameType: the variant was inferred",
        "The game has no GameType tag; the variant was inferred from its squares, moves and \
         setup (or taken from --variant). A note; reports say which variant.",
        "Add a GameType tag (20 International, 21 English, ...) so no guess is needed.",
        Pdn("1. 32-28 19-23 *"),
    ),
    // The replay: moves that are not legal (the line stops there).
    e(
        "E-NO-PIECE",
        "no piece on the square the move starts from",
        "The move starts on an empty square. The rest of the line is not replayed.",
        "Check the move against the game's source: a mistyped square, a move left out before \
         it, or the wrong numbering (GameType).",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 27-22 *"),
    ),
    e(
        "E-WRONG-SIDE",
        "the piece belongs to the side not to move",
        "The move starts on a piece of the side that is not to move: a move is missing or \
         doubled before it, the FEN names the wrong side to move, or White and Black are \
         swapped.",
        "Check the moves before it and the FEN's side to move.",
        Pdn("[GameType \"20\"]\n1. 19-23 *"),
    ),
    e(
        "E-CAPTURE-MANDATORY",
        "a move without capture while a capture was available",
        "Capturing is compulsory in every variant pdnkit replays, and this move captures nothing \
         while the side to move could capture. The legal moves are listed.",
        "Write the capture that was played (the report lists the legal ones).",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 33-29 *"),
    ),
    e(
        "E-LONGER-CAPTURE-REQUIRED",
        "a capture taking fewer pieces than the variant requires",
        "The variant requires the capture that takes the most pieces (International, Russian \
         and others), and this capture takes fewer than another one available.",
        "Write the capture that was played; the report lists the longest ones.",
        Pdn("[GameType \"20\"]\n[FEN \"W:W26,28:B12,21,23\"]\n1. 28x19 *"),
    ),
    e(
        "E-CAPTURE-PRECEDENCE",
        "a capture the variant's precedence rules out",
        "The variant says which capture comes first when several are possible (Italian: more \
         pieces, then with the king, then more kings, then the first king; Spanish: more kings; \
         Czech: a king before a man), and this capture comes after another one.",
        "Write the capture that was played; the report lists the ones the rules allow.",
        Pdn("[GameType \"29\"]\n[FEN \"W:WKa1,e3:Bb2,f4\"]\n1. e3xg5 *"),
    ),
    e(
        "E-MAN-CANNOT-CAPTURE-KING",
        "a man capturing a king where the rules forbid it",
        "In Italian draughts a man may not capture a king, and this move does.",
        "Check the move and the variant (GameType 22 is Italian).",
        Pdn("[GameType \"22\"]\n[FEN \"W:W22:BK18\"]\n1. 22x13 *"),
    ),
    e(
        "E-CAPTURE-INCOMPLETE",
        "a capture that stops while the same piece can go on capturing",
        "A capture must go on while the capturing piece can take more, and this one stops \
         early.",
        "Write the whole capture (its last landing square, or every square of the route).",
        Pdn("[GameType \"21\"]\n[FEN \"W:W21:B10,17\"]\n1. 21x14 *"),
    ),
    e(
        "E-PROMOTION-MISHANDLED",
        "a man crowned mid-capture handled against the variant's rule",
        "A man reaching the last row during a capture goes on capturing as a king in Russian \
         draughts, and stops (or goes on as a man) in others. The move does the opposite of \
         the variant's rule.",
        "Check the capture's route and the variant.",
        Pdn("[GameType \"25\"]\n[FEN \"W:Wb6:Bc7,f6\"]\n1. b6:d8 *"),
    ),
    e(
        "E-ILLEGAL-MOVE",
        "the piece cannot make this move",
        "The move is not one the piece can make: too far, backwards for a man, or over a piece \
         it may not take. The legal moves are listed.",
        "Check the move against the game's source.",
        Pdn("[GameType \"20\"]\n1. 32-23 *"),
    ),
    e(
        "E-SQUARE-NOT-ON-BOARD",
        "a square the board does not have",
        "The move names a square the variant's board does not have (55 on a board of 50), or a \
         light square in algebraic notation. Often the GameType is wrong.",
        "Check the square and the GameType.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 55-50 *"),
    ),
    e(
        "E-AMBIGUOUS-MOVE",
        "a short move naming several legal moves",
        "The move gives only its start and end, and several legal captures join them (they \
         take different pieces). Nothing later in the game tells which was played.",
        "Write the capture's full route (`47x38x24x13x36`), as the report lists them.",
        Pdn("[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x36 *"),
    ),
    e(
        "E-IMPOSSIBLE-SETUP",
        "a FEN setup that is not a position of the variant",
        "The FEN can be read, but it is not a position of the variant: a man on its own crowning \
         row, more pieces than the variant has, a square off the board.",
        "Correct the FEN, or the GameType if the FEN is of another variant.",
        Pdn("[GameType \"20\"]\n[FEN \"W:W3:B40\"]\n1. 3-9 *"),
    ),
    // The replay: legal moves written against PDN 3.0.
    e(
        "W-AMBIGUOUS-MOVE",
        "a short move naming several legal moves, resolved by the next moves",
        "The move gives only its start and end and several legal captures join them, but only \
         one of them lets the moves after it be played.",
        "Write the capture's full route, so no reader has to look ahead.",
        Pdn("[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x36 14-20 *"),
    ),
    e(
        "W-CAPTURE-PATH",
        "a full capture path against PDN 3.0's rule",
        "A capture written as a route leaves out landing squares, or names squares on the way \
         that are not landing squares. PDN 3.0 writes every landing square (or only the start \
         and end).",
        "Write the start, every landing square and the end (`48x37x26x17`), or only the start \
         and end.",
        Pdn("[GameType \"20\"]\n[FEN \"W:W48:B42,31,21\"]\n1. 48x26x17 *"),
    ),
    e(
        "W-HUB-CAPTURE-LIST",
        "captured squares listed after the capture",
        "The capture is written as Draughts Hub does: start, end, then the squares taken \
         (`26x8x21x12`), not a route. It is read as that capture.",
        "Write the route of landing squares (or only the start and end).",
        Pdn("[GameType \"20\"]\n[FEN \"W:W26,28:B12,21,23\"]\n1. 26x8x21x12 *"),
    ),
    e(
        "W-SEPARATOR-MISMATCH",
        "a capture written with `-`, or a plain move with `x`",
        "The separator does not fit the move: a capture written with `-`, or a move that takes \
         nothing written with `x` or `:`.",
        "Write captures with `x` and plain moves with `-`.",
        Pdn("[GameType \"20\"]\n1. 32x28 19-23 *"),
    ),
    e(
        "W-NOT-REPLAYED",
        "the game's moves or setup were not checked",
        "pdnkit has no rules for the game's variant (or does not know it), so its moves and \
         setup are read but not replayed. The run is not clean (exit 1) unless \
         --allow-unreplayed is given, because nothing unchecked is reported as clean.",
        "Give the variant if it is one pdnkit replays (GameType or --variant); otherwise accept \
         it with --allow-unreplayed.",
        Pdn("[GameType \"41\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "W-VARIANT-REINFERRED",
        "no GameType, and the moves fit another variant than the one inferred",
        "The game has no GameType; the variant inferred first does not allow its moves, but \
         another one does, and the game is checked as that one. (Here the algebraic squares \
         suggest Russian, where `h2-e5` breaks mandatory capture; Czech allows it.)",
        "Add the GameType of the variant the game was played in.",
        Pdn("[FEN \"W:Wc3,Kh2:Bb2,h8\"]\n1. h2-e5 h8-g7 *"),
    ),
    e(
        "W-NUMBERING-MISMATCH",
        "the GameType's numbering does not fit the moves",
        "The GameType's long form names a board numbering (or corner) under which the moves \
         are not legal, while the variant's standard numbering replays them. The game is \
         checked with the standard one.",
        "Correct the numbering field of the GameType, or write the number alone (`20`).",
        Pdn("[GameType \"20,W,10,10,N1,0\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 *"),
    ),
    // The replay: what it decided or could not do.
    e(
        "N-SIDE-TO-MOVE-INFERRED",
        "the FEN says `?` for the side to move; the first move tells",
        "The FEN's side to move is `?`; the first move's piece says which side moved. A note.",
        "Write `W` or `B` as the FEN's side to move.",
        Pdn("[GameType \"20\"]\n[FEN \"?:W31:B20\"]\n1... 20-25 2. 31-27 *"),
    ),
    e(
        "N-UNKNOWN-MOVE",
        "an unknown move: the rest of the line is not replayed",
        "The record marks a move as unknown (`- -`), so the position after it is not known and \
         the rest of the line is read but not replayed. A note.",
        "Find the move in the game's source and write it.",
        Pdn("[GameType \"20\"]\n1. 32-28 - - 2. 37-32 *"),
    ),
    e(
        "N-VARIANT-NOT-REPLAYED",
        "a variant without rules, and no moves or setup to check",
        "pdnkit has no rules for the game's variant (or does not know it), but the game has no \
         moves or setup, so nothing is left unchecked. A note.",
        "Nothing to fix; a GameType makes the variant known.",
        Pdn("[GameType \"41\"]\n*"),
    ),
    // The result check.
    e(
        "E-RESULT-MISMATCH",
        "the Result tag and the terminator disagree",
        "The Result tag and the result token that ends the moves say different things (a win \
         for one side and a win for the other, or a win and a draw).",
        "Find the right result in the game's source and write it in both places.",
        Pdn("[GameType \"20\"]\n[Result \"2-0\"]\n1. 32-28 19-23 0-2"),
    ),
    e(
        "W-RESULT-INCOMPLETE",
        "one of the Result tag and the terminator is `*`",
        "One of the Result tag and the terminator says the result is unknown (`*`) and the \
         other gives a result.",
        "Write the result in both places (or `*` in both).",
        Pdn("[GameType \"20\"]\n[Result \"*\"]\n1. 32-28 19-23 2-0"),
    ),
    e(
        "E-RESULT-CONTRADICTS-POSITION",
        "the final position decides the game, and the record says otherwise",
        "After the last move the side to move has no legal move (or no pieces) and so has lost, \
         but the record declares a draw or the other side's win.",
        "Check the result and the last moves against the game's source (a move may be missing).",
        Pdn("[GameType \"20\"]\n[FEN \"W:W28:B23\"]\n1. 28x19 0-2"),
    ),
    e(
        "W-RESULT-STYLE",
        "a result token of the other result type",
        "International-style variants score 2-0/1-1/0-2 and English-style ones 1-0, 1/2-1/2, \
         0-1; the record uses the other style (`1-0` in International). It is read, but \
         programs disagree on what `1-0` means in English checkers.",
        "Write the result in the variant's own style.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 0-1"),
    ),
    // The draw checks.
    e(
        "W-PLAYED-AFTER-DRAW",
        "moves recorded after a draw rule ended the game",
        "A draw rule of the profile (--draw-rules) held, which ends the game, yet the record \
         goes on. Either the rule did not apply where the game was played or moves were added.",
        "Check the moves against the game's source, or choose the draw rules the game was \
         played under with --draw-rules.",
        Pdn(
            "[GameType \"20\"]\n[FEN \"W:WK47,K49:BK3\"]\n1. 47-15 3-12 2. 15-10 12-1 3. 10-14 1-12 4. 14-19 12-1 5. 19-10 1-12 6. 10-14 12-1 *",
        ),
    ),
    e(
        "W-RESULT-NOT-DRAW",
        "the game ends where a draw rule holds, yet the record declares a win",
        "The game ends in a position where a draw rule of the profile holds, but the result is \
         a win.",
        "Check the result (often a draw was agreed or the win was on time), or the draw rules \
         the game was played under (--draw-rules).",
        Pdn(
            "[GameType \"20\"]\n[FEN \"W:WK47,K49:BK3\"]\n[Result \"2-0\"]\n1. 47-15 3-12 2. 15-10 12-1 3. 10-14 1-12 4. 14-19 12-1 5. 19-10 1-12 2-0",
        ),
    ),
    e(
        "N-DRAW-RULES-PARTIAL",
        "only some draw rules are checked for this variant",
        "The draw profile has no federation text for this variant, so only some of its draw \
         rules are checked (threefold repetition, for instance). A note.",
        "Nothing to fix in the record.",
        Pdn("[GameType \"29\"]\n[FEN \"W:Wc3,Kh2:Bb2,h8\"]\n1. h2-e5 h8-g7 *"),
    ),
    // Export dialects.
    e(
        "W-GZIP-TRAILING-DATA",
        "bytes after the end of gzip-compressed input",
        "The input is gzip-compressed, and after the end of the compressed data come bytes that \
         are not gzip data (padding or debris from a transfer). Every game of the compressed \
         data is read; the trailing bytes are ignored.",
        "Recompress the file (`gunzip -c f.pdn.gz | gzip > g.pdn.gz`), or leave it: no game is \
         lost.",
        NoExample("the code is about the bytes of a compressed file"),
    ),
    e(
        "W-ENCODING-REPAIRED",
        "a UTF-8 game with bytes that are not UTF-8",
        "The file is UTF-8, but a game holds bytes that are not (a name pasted from another \
         character set). Each such byte is read as its Windows-1252 character; the rest of the \
         game is read as UTF-8.",
        "Correct the characters in the game (check the names against the source) and save the \
         file as UTF-8.",
        NoExample("the code is about bytes that are not UTF-8, which an example cannot hold"),
    ),
    e(
        "N-UTF16",
        "UTF-16 input, transcoded to UTF-8",
        "The input is UTF-16 (it starts with a UTF-16 byte order mark, or --encoding utf-16 \
         says so) and is transcoded to UTF-8 as it is read. A note.",
        "Save the file as UTF-8 for tools that read only UTF-8, or leave it.",
        NoExample("the code is about the file's character set"),
    ),
    e(
        "W-UTF16-LONE-SURROGATE",
        "a lone UTF-16 surrogate, read as U+FFFD",
        "The input is UTF-16 and holds a surrogate (a code unit that is half of a character \
         outside the Basic Multilingual Plane) without its other half: a file cut or edited \
         inside a character. It stands for no character and is read as U+FFFD (the replacement \
         character); the warning gives the first in the game and how many there are.",
        "Find the character that was damaged (the source of the record has it whole) and write \
         it in; or save the file as UTF-8 from a tool that reports the damage.",
        NoExample("the code is about UTF-16 bytes, which an example cannot hold"),
    ),
    e(
        "W-NONSTANDARD-TAG-NAME",
        "a tag name with characters PDN names cannot have",
        "A tag name holds characters a PDN tag name cannot (`White-Elo`, `Type de jeu`), or is \
         written with HTML character references (`R&#x00e9;sultat`). It is kept whole, \
         references decoded.",
        "Rename the tag with letters, digits and `_` only (`WhiteElo`), or use the standard tag \
         it stands for.",
        Pdn("[White-Elo \"2400\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "W-TAG-MISSING-BRACKET",
        "a tag line without its `[`",
        "A line looks like a tag but lacks its opening bracket (`Event \"b\"]`). It is read as a \
         tag, and as the start of a header.",
        "Add the `[`.",
        Pdn("[Event \"a\"]\nEvent \"b\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        "W-TAG-WITHOUT-VALUE",
        "a tag with a name and no value",
        "A tag has a name and no value (`[Empty]`). It is kept with an empty value.",
        "Give the tag its value in double quotes, or delete it.",
        Pdn("[GameType \"20\"]\n[Empty]\n1. 32-28 19-23 *"),
    ),
    e(
        "N-FEN-PER-LINE",
        "a file of one FEN a line",
        "The file holds one FEN position a line and no PDN games (a position collection). Each \
         line is read as a game of that position without moves. A note.",
        "Nothing to fix for a position list; to make PDN of it, write each line as \
         `[FEN \"...\"]` followed by `*`.",
        Pdn("W:W31-50:B1-20\nB:W31-50:B1-20"),
    ),
    // Variant tags and GameTypes.
    e(
        "W-VARIANT-TAG-MISMATCH",
        "a Variant tag naming another variant than the GameType",
        "The game has both a GameType and a `Variant` tag (as lidraughts writes), and they name \
         different variants. The GameType is used.",
        "Make the two tags agree, or remove the wrong one.",
        Pdn("[GameType \"20\"]\n[Variant \"Russian\"]\n1. 32-28 19-23 *"),
    ),
    // The replay and the draw checks of the lidraughts variants.
    e(
        "E-KING-MOVE-LIMIT",
        "a king moving a fourth time in a row while its side has men",
        "In Frisian draughts a king may make at most three moves in a row without capturing \
         while its side still has men; then another piece must move (or the king capture). \
         This is the king's fourth such move.",
        "Check the moves against the game's source (a move of another piece may be missing), \
         and the GameType.",
        Pdn(
            "[GameType \"40\"]\n[FEN \"W:WK46,K6,31:B3,20\"]\n1. 46-41 20-25 2. 41-46 25-30 3. 46-41 30-35 4. 41-46 *",
        ),
    ),
    e(
        "W-PLAYED-AFTER-WIN",
        "moves recorded after the game was decided",
        "The game was decided by a rule of the variant (Breakthrough: the first king wins at \
         once), yet the record goes on.",
        "End the record where the game was decided, with its result.",
        Pdn("[GameType \"96\"]\n[FEN \"W:W6:B30\"]\n[Result \"2-0\"]\n1. 6-1 30-35 2. 1-7 2-0"),
    ),
];

/// Short examples for some draw rules (the others need dozens of moves: see `fixtures/draws/`).
const DRAW_EXAMPLES: &[(&str, &str)] = &[
    (
        "N-DRAW-ENDGAME-5",
        "[GameType \"20\"]\n[FEN \"W:WK47,K49:BK3\"]\n[Result \"1-1\"]\n1. 47-15 3-12 2. 15-10 12-1 3. 10-14 1-12 4. 14-19 12-1 5. 19-10 1-12 1-1",
    ),
    (
        "N-DRAW-THREEFOLD",
        "[GameType \"21\"]\n[FEN \"B:WK32,K28,21:BK1,K5,12\"]\n[Result \"1/2-1/2\"]\n1. 1-6 32-27 2. 6-1 27-32 3. 1-6 32-27 4. 6-1 27-32 1/2-1/2",
    ),
    (
        "N-DRAW-TURKISH-ONE-PIECE",
        "[GameType \"30\"]\n[FEN \"W:Wd2:Be7\"]\n[Result \"1/2-1/2\"]\n1. d2-d3 1/2-1/2",
    ),
];

fn draw_entry(rule: DrawRule) -> Entry {
    let example = DRAW_EXAMPLES
        .iter()
        .find(|(code, _)| *code == rule.code())
        .map_or(
            NoExample("the rule needs a long game to hold: see the games in fixtures/draws/"),
            |(_, pdn)| Pdn(pdn),
        );
    Entry {
        code: rule.code(),
        summary: draw_summary(rule.description()),
        meaning: rule.description(),
        fix: "Nothing to fix when the record ends there with a draw. When it plays on or declares a \
              win, W-PLAYED-AFTER-DRAW or W-RESULT-NOT-DRAW says so; check the moves and the \
              Result tag against the game's source, or choose the draw rules the game was played \
              under with --draw-rules.",
        example,
    }
}

/// A draw rule's description without its sources (`... (FMJD art. 6)`).
fn draw_summary(description: &'static str) -> &'static str {
    description
        .rfind(" (")
        .map_or(description, |end| &description[..end])
}

/// Every code the checker reports ([`policy::all_codes`], the draw rules among them).
pub fn reported_codes() -> impl Iterator<Item = &'static str> {
    policy::all_codes()
}

fn is_reported(code: &str) -> bool {
    reported_codes().any(|c| c == code)
}

/// Every entry in force, in the order of [`reported_codes`].
pub fn entries() -> Vec<Entry> {
    reported_codes().filter_map(lookup).collect()
}

/// The entry of a code the checker reports (exact spelling).
pub fn lookup(code: &str) -> Option<Entry> {
    if !is_reported(code) {
        return None;
    }
    if let Some(rule) = DrawRule::ALL.iter().find(|r| r.code() == code) {
        return Some(draw_entry(*rule));
    }
    TABLE.iter().find(|e| e.code == code).copied()
}

/// The level a code is reported at unless a policy says otherwise.
pub fn default_level(code: &str) -> Option<Severity> {
    if let Some(c) = Code::from_code(code) {
        return Some(c.severity());
    }
    if let Some(k) = Kind::from_code(code) {
        return Some(k.severity());
    }
    if DrawRule::ALL.iter().any(|r| r.code() == code) {
        return Some(Severity::Note);
    }
    if result::codes::ALL.contains(&code) || draws::codes::ALL.contains(&code) {
        return Some(match code.as_bytes().first() {
            Some(b'E') => Severity::Error,
            Some(b'W') => Severity::Warning,
            _ => Severity::Note,
        });
    }
    None
}

/// The anchor of a code's heading in `docs/codes.md` (GitHub's: lower case).
pub fn anchor(code: &str) -> String {
    code.to_ascii_lowercase()
}

/// A link to a code's entry, relative to the repository root (`docs/codes.md#w-date-format`).
pub fn help_uri(code: &str) -> String {
    format!("{DOC_PATH}#{}", anchor(code))
}

/// The reported code nearest to `text` when it is close enough to be a typo (as the
/// policy's own suggestion, draw rules included), for "did you mean".
pub fn suggest(text: &str) -> Option<&'static str> {
    let upper = text.trim().to_ascii_uppercase();
    reported_codes()
        .map(|c| (policy::edit_distance(&upper, c), c))
        .filter(|&(d, _)| d <= 3)
        .min()
        .map(|(_, c)| c)
}

/// The entry as `pdnkit explain` prints it.
pub fn render_text(entry: &Entry) -> String {
    let mut out = String::new();
    let level = default_level(entry.code).map_or("unknown", level_name);
    let _ = writeln!(out, "{} ({level}): {}", entry.code, entry.summary);
    let _ = writeln!(out, "\n{}", wrap(entry.meaning, 96));
    match entry.example {
        Pdn(pdn) => {
            let _ = writeln!(out, "\nExample:\n");
            for line in pdn.lines() {
                let _ = writeln!(out, "    {line}");
            }
        }
        NoExample(why) => {
            let _ = writeln!(out, "\nNo example: {why}.");
        }
    }
    let _ = writeln!(out, "\nHow to fix the record:\n{}", wrap(entry.fix, 96));
    out
}

/// `docs/codes.md`: every entry in force, under a heading per code.
pub fn render_markdown() -> String {
    let mut out = String::from(
        "# Finding codes\n\n\
         <!-- Generated from src/check/catalogue.rs by `pdnkit explain --all --markdown`; \
         tests/codes_doc.rs fails when this file and the table differ. Do not edit by hand. -->\n\n\
         Every code pdnkit reports, with its default level. A code's prefix is its level \
         (`E-` error, `W-` warning, `N-`/`I-` note; `D-` codes are draw rules that held, \
         reported as notes; a few `W-` codes are notes by default). `--allow`, `--warn`, `--deny` \
         and `pdnkit.toml` change the level; `pdnkit explain CODE` prints an entry.\n\n",
    );
    let all = entries();
    for entry in &all {
        let level = default_level(entry.code).map_or("unknown", level_name);
        let _ = writeln!(
            out,
            "- [`{}`](#{}) ({level}): {}",
            entry.code,
            anchor(entry.code),
            entry.summary
        );
    }
    for entry in &all {
        out.push_str(&render_markdown_entry(entry));
    }
    out
}

/// One entry of `docs/codes.md`, from its heading on.
pub fn render_markdown_entry(entry: &Entry) -> String {
    let mut out = String::new();
    let level = default_level(entry.code).map_or("unknown", level_name);
    let _ = writeln!(out, "\n## {}\n", entry.code);
    let _ = writeln!(out, "Level: {level}. {}.\n", capitalise(entry.summary));
    let _ = writeln!(out, "{}\n", entry.meaning);
    match entry.example {
        Pdn(pdn) => {
            let _ = writeln!(out, "Example:\n\n```pdn\n{pdn}\n```\n");
        }
        NoExample(why) => {
            let _ = writeln!(out, "No example: {why}.\n");
        }
    }
    let _ = writeln!(out, "How to fix the record: {}", entry.fix);
    out
}

fn level_name(level: Severity) -> &'static str {
    match level {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Words joined into lines of at most `width` characters (a longer word stands alone).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split_whitespace() {
        if line_len > 0 && line_len + 1 + word.chars().count() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.chars().count();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_and_the_width() {
        let text = "one two three four five six seven";
        let wrapped = wrap(text, 9);
        assert!(wrapped.lines().all(|l| l.chars().count() <= 9), "{wrapped}");
        assert_eq!(
            wrapped.split_whitespace().collect::<Vec<_>>().join(" "),
            text
        );
    }

    #[test]
    fn table_entries_are_for_reported_codes() {
        for entry in TABLE {
            assert!(
                is_reported(entry.code),
                "{} is not reported: drop it",
                entry.code
            );
            assert!(
                !DrawRule::ALL.iter().any(|r| r.code() == entry.code),
                "draw entries come from DrawRule"
            );
        }
    }

    #[test]
    fn typos_of_any_reported_code_get_a_suggestion() {
        assert_eq!(suggest("n-draw-threfold"), Some("N-DRAW-THREEFOLD"));
        assert_eq!(suggest("W-DATE-FROMAT"), Some("W-DATE-FORMAT"));
        assert_eq!(suggest("SOMETHING-ELSE-ENTIRELY"), None);
    }

    #[test]
    fn anchors_are_lower_case_codes() {
        assert_eq!(help_uri("W-DATE-FORMAT"), "docs/codes.md#w-date-format");
    }

    #[test]
    fn default_levels_follow_each_stage() {
        assert_eq!(default_level("N-UTF8-BOM"), Some(Severity::Note));
        assert_eq!(default_level("E-RESULT-MISMATCH"), Some(Severity::Error));
        assert_eq!(default_level("N-DRAW-RULES-PARTIAL"), Some(Severity::Note));
        assert_eq!(default_level("N-DRAW-THREEFOLD"), Some(Severity::Note));
        assert_eq!(default_level("W-NO-SUCH"), None);
    }
}
