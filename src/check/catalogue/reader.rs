//! The catalogue's text of the reader's codes: encoding and layout, tags, moves, comments and structure.

use super::Example::{None as NoExample, Pdn};
use super::{Entry, e};
use crate::finding::Code;

/// The reader's codes, in the order of [`Code::ALL`].
pub(super) const ENTRIES: &[Entry] = &[
    // The reader: encoding and layout.
    e(
        Code::Bom,
        "the file starts with a UTF-8 byte order mark",
        "The first three bytes of the file are EF BB BF, a byte order mark some editors write. \
         PDN 3.0 does not need one; the text is read as UTF-8 either way. A note, not a warning.",
        "Save the file as UTF-8 without a byte order mark, or leave it: nothing is lost.",
        NoExample("the code is about the file's first bytes"),
    ),
    e(
        Code::Windows1252,
        "the file is not UTF-8 and was decoded as Windows-1252",
        "Some bytes are not valid UTF-8, and the text reads as Windows-1252 (Western European), \
         the character set of many older Windows programs. Names such as `Bertè` are decoded \
         from it; a guess can be wrong for another character set.",
        "Convert the file to UTF-8 (`iconv -f WINDOWS-1252 -t UTF-8`), or say which character \
         set it is in with --encoding.",
        NoExample("the code is about the file's bytes, which a UTF-8 example cannot hold"),
    ),
    e(
        Code::Windows1251,
        "the file is not UTF-8 and was decoded as Windows-1251 (Cyrillic)",
        "Some bytes are not valid UTF-8, and the text reads best as Windows-1251, the Cyrillic \
         character set of older Windows programs (Russian archives). A guess can be wrong for \
         another character set.",
        "Convert the file to UTF-8 (`iconv -f WINDOWS-1251 -t UTF-8`), or say which character \
         set it is in with --encoding.",
        NoExample("the code is about the file's bytes, which a UTF-8 example cannot hold"),
    ),
    e(
        Code::CrLineEnds,
        "lines end with a lone carriage return",
        "Lines end with a carriage return alone, as on the classic Mac OS. They are read as line \
         ends, but many tools see the whole file as one line.",
        "Convert the line ends to LF (or CR LF), e.g. with `mac2unix`.",
        NoExample("the code is about the file's line-end bytes"),
    ),
    e(
        Code::ControlCharacter,
        "a NUL or other control byte in the text",
        "A control character other than tab, line feed or carriage return (a NUL, a form feed, \
         an escape) is in the text. It is usually debris from a file transfer or a database \
         export; the text is kept as written.",
        "Delete the control character.",
        NoExample("the code is about an invisible byte"),
    ),
    // The reader: tags.
    e(
        Code::TagPadding,
        "a space between `[` and the tag name, or before `]`",
        "PDN 3.0 writes a tag as `[Name \"value\"]`, with nothing between the bracket and the \
         name. Some archives pad names to line the values up.",
        "Remove the spaces after `[` and before `]`.",
        Pdn("[ Event \"Padded\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::TagNameCase,
        "a tag name that does not start with a capital letter",
        "PDN tag names start with a capital letter (`Event`, not `event`). The tag is read, under \
         the name as written.",
        "Capitalise the tag name.",
        Pdn("[event \"lower case\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::LocalisedTag,
        "a tag name in another language, read as the standard one",
        "A tag name in another language (`Bianco`, `Weiss`, `Noir`) is read as the standard tag \
         it stands for (`White`); reports show both names.",
        "Rename the tag to its standard PDN name (`White`, `Black`, `Result`, ...).",
        Pdn("[Weiss \"Müller\"]\n[Schwarz \"Schmidt\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::UnescapedQuote,
        "a double quote inside a tag value that is not escaped",
        "Inside a tag value a double quote must be written `\\\"`. A bare `\"` inside the value \
         would end it; the reader keeps it as part of the value because the tag goes on.",
        "Write the quote as `\\\"`, or use single quotes inside the value.",
        Pdn("[White \"The \"Big\" One\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::LiteralEscape,
        "a literal `\\r` or `\\n` after a tag",
        "The two characters `\\` and `r` (or `n`) stand where a line end belongs: a program \
         wrote the escape sequence instead of the line end. They are read as a line end.",
        "Replace each literal `\\r` or `\\n` with a real line end.",
        Pdn(
            "[Event \"one line\"]\\r[White \"A\"]\\r[Black \"B\"]\\r[GameType \"20\"]\\r\n1. 32-28 19-23 *",
        ),
    ),
    e(
        Code::DuplicateTag,
        "the same tag twice in one game",
        "A tag name occurs twice in one game (possibly once localised and once standard). PDN \
         allows each tag once; which value is meant is unclear. Both are kept.",
        "Keep one of the tags (merge the values if both are right).",
        Pdn("[White \"First\"]\n[White \"Second\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::PaddedResult,
        "spaces around a Result tag value",
        "The Result value has spaces around it (`\" 0-1\"`). It is read without them.",
        "Remove the spaces inside the quotes.",
        Pdn("[Result \" 0-1\"]\n[GameType \"20\"]\n1. 32-28 19-23 0-1"),
    ),
    e(
        Code::NonstandardResult,
        "a Result tag value that is not a PDN result",
        "The Result tag holds something other than a PDN result token (`2-0`, `0-2`, `1-1`, \
         `1-0`, `0-1`, `1/2-1/2`, `0-0`, `*`), such as `win`. It cannot be checked against the \
         game.",
        "Write the result as a PDN result token of the variant, or `*` when it is not known.",
        Pdn("[Result \"win\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::DateFormat,
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
        Code::SetUpTag,
        "a `SetUp` tag, a chess habit PDN does not need",
        "`[SetUp \"1\"]` comes from chess PGN. In PDN a FEN tag alone sets up the position, so \
         the tag says nothing. A note.",
        "Remove the SetUp tag (keep the FEN).",
        Pdn("[GameType \"20\"]\n[SetUp \"1\"]\n[FEN \"W:W31-50:B1-20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::UnknownGameType,
        "a GameType that cannot be read or names no known variant",
        "The GameType tag is neither a known type number (`20`, `21`, ...) nor a long form \
         pdnkit can read, nor a variant name. The variant is not guessed over it, so the moves \
         are not replayed unless --variant says which variant it is.",
        "Write the variant's GameType number (20 International, 21 English, 22 Italian, 25 \
         Russian, ...; see README), or pass --variant.",
        Pdn("[GameType \"Killer\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::MalformedGameType,
        "a GameType that is not well formed but still names a variant",
        "The GameType is not well formed, but it still says which variant it is: a known type \
         number before a broken long form (`20,W,0,0,N,0`), or a variant name (`Russian`). The \
         game is read as that variant.",
        "Write the GameType as its number (or a complete long form).",
        Pdn("[GameType \"Russian\"]\n1. c3-d4 f6-e5 *"),
    ),
    e(
        Code::UnknownVariantTag,
        "a Variant tag naming no variant pdnkit knows",
        "The `Variant` tag (as lidraughts and playstrategy write it) names a variant pdnkit does \
         not know (`Armenian`). The variant is not guessed, so the moves may not be replayed.",
        "Add a GameType tag with the variant's number, or pass --variant.",
        Pdn("[Variant \"Armenian\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::BadFen,
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
        Code::FenTrailingDot,
        "a `.` after the last FEN field",
        "The FEN ends with a full stop, as in the PDN standard's own conformance files. It is \
         ignored. A note.",
        "Remove the final `.` from the FEN.",
        Pdn("[FEN \"W:W31-50:B1-20.\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::FenExtraField,
        "fields after the two colours in a FEN",
        "The FEN has fields after the white and black pieces, such as lidraughts' move counters \
         `:H0:F1`. They are not PDN and are ignored.",
        "Remove the extra fields (`W:W31-50:B1-20:H0:F1` becomes `W:W31-50:B1-20`).",
        Pdn("[FEN \"W:W31-50:B1-20:H0:F1\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::FenEmptyField,
        "an empty FEN field",
        "A FEN field holds no colour letter (`W::`): it stands for a colour without pieces, or \
         is ignored when both colours are present. A note.",
        "Write the colour letter with no squares (`W:W:B`), or drop the empty field.",
        Pdn("[FEN \"W::\"]\n[GameType \"20\"]\n*"),
    ),
    e(
        Code::FenZeroPaddedSquare,
        "a square written with a leading zero in a FEN",
        "A square in the FEN is written with a leading zero (`09`). It is read as the number.",
        "Remove the leading zero.",
        Pdn("[FEN \"W:W31,29,K15:B14,13,12,09\"]\n[GameType \"20\"]\n1. 31-27 *"),
    ),
    e(
        Code::FenLowercase,
        "lower-case side or colour letters in a FEN",
        "PDN writes the side to move and the colours as capital letters (`W`, `B`); `w` and `b` \
         are read as them.",
        "Write the letters in capitals.",
        Pdn("[FEN \"w:w31,29,K15:b14,13,12,9\"]\n[GameType \"20\"]\n1. 31-27 *"),
    ),
    e(
        Code::FenQuoted,
        "a FEN value wrapped in its own quotes",
        "The FEN inside the tag is wrapped in a second pair of (escaped) quotes. They are \
         removed.",
        "Remove the inner quotes.",
        Pdn("[FEN \"\\\"W:W31,29,K15:B14,13,12,9\\\"\"]\n[GameType \"20\"]\n1. 31-27 *"),
    ),
    e(
        Code::FenWhitespace,
        "white space inside a FEN",
        "The FEN has spaces between its tokens (`W31, 29`). They are ignored; reported once per \
         FEN.",
        "Remove the spaces.",
        Pdn("[FEN \"W:W31, 29, K15 :B14,13,12,9\"]\n[GameType \"20\"]\n1. 31-27 *"),
    ),
    e(
        Code::FenDuplicateSquare,
        "the same square twice in a FEN",
        "A square is listed twice, in one colour or in both. Which piece stands there is not \
         clear from the record.",
        "Find out which piece stands on the square and list it once.",
        Pdn("[FEN \"W:W31,29,K15:B14,13,12,9,31\"]\n[GameType \"20\"]\n*"),
    ),
    e(
        Code::UnquotedTagValue,
        "a tag value without quotes",
        "A tag value is written without double quotes (`[Round 3]`). It is read up to the `]`.",
        "Put the value in double quotes.",
        Pdn("[Round 3]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::UnclosedTag,
        "a tag that is not closed on its line",
        "A tag's `]` (or its value's closing quote) is missing on its line. The tag is kept as \
         text and the game goes on from the next line.",
        "Close the tag: `[Name \"value\"]` on one line.",
        Pdn("[GameType \"20\"]\n[Event \"never closed\n1. 32-28 19-23 *"),
    ),
    // The reader: moves.
    e(
        Code::ZeroPaddedSquare,
        "a square in a move written with a leading zero",
        "A square is written with a leading zero (`06-11`). It is read as the number.",
        "Remove the leading zero (`6-11`).",
        Pdn("[GameType \"21\"]\n1. 09-13 22-18 *"),
    ),
    e(
        Code::SpaceInMove,
        "a space inside a move",
        "A move has a space inside it (`35x 24`, `1- 7`). It is read as one move.",
        "Remove the space.",
        Pdn("[GameType \"20\"]\n[FEN \"W:W35:B30\"]\n1. 35x 24 *"),
    ),
    e(
        Code::ColonCapture,
        "`:` as the capture separator in a numeric game",
        "A capture is written with `:` (`18:11`), as Russian sources do. PDN 3.0 writes `x` in \
         numeric notation. A note.",
        "Write captures with `x`.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 28:19 14:23 *"),
    ),
    e(
        Code::MixedSeparators,
        "mixed separators inside one move",
        "One move uses both `-` and `x` (`32-28x19`). It is read as the route it names, but the \
         record is unclear about what was captured.",
        "Write a plain move with `-` and a capture with `x` only.",
        Pdn("[GameType \"20\"]\n1. 32-28x19 *"),
    ),
    e(
        Code::UnknownMove,
        "a move written `- -` or `--` (not known)",
        "The record marks a move it does not know with `- -` or `--`. It is kept; the moves \
         after it cannot be replayed (N-UNKNOWN-MOVE).",
        "Find the move in the game's source and write it; otherwise end the record there.",
        Pdn("[GameType \"20\"]\n1. 32-28 - - 2. 37-32 *"),
    ),
    e(
        Code::LoneEllipsis,
        "`...` standing alone instead of glued to a move number",
        "`1. ... 7-12`: the ellipsis stands apart from the move number. PDN writes `1... 7-12`. \
         A note.",
        "Glue the ellipsis to the move number (`1...`).",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 ... 14x23 *"),
    ),
    e(
        Code::LoneDot,
        "a `.` standing alone",
        "A full stop stands between moves on its own. It is ignored.",
        "Remove the dot, or glue it to its move number.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 . 2. 28x19 14x23 *"),
    ),
    e(
        Code::DanglingMoveNumber,
        "a move number not followed by a move",
        "A move number has no move after it (`1. 0-2`: often a forfeited game, or a move \
         number left at the end of a line).",
        "Remove the move number, or write the missing move.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. *"),
    ),
    e(
        Code::EllipsisWithoutMove,
        "`77. ...` with no move after it",
        "A move number with an ellipsis ends the game, with no move after it (seen at the end \
         of engine output). A note.",
        "Remove the trailing move number.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. ... *"),
    ),
    e(
        Code::MoveNumberSequence,
        "a move number that does not follow from the previous one",
        "A move number skips or goes back (`1. ... 5. ...`). The moves are replayed in the order \
         written; the numbers are only checked.",
        "Renumber the moves, or find the moves that are missing.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 5. 28x19 14x23 *"),
    ),
    e(
        Code::ForcedMoveMark,
        "`*` glued to a move (an old forced-move mark)",
        "A `*` right after a move marked it as forced in some old programs. In PDN `*` is the \
         unknown result; it is read as a mark here.",
        "Remove the `*` after the move (a comment can say the move was forced).",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19* 14x23 *"),
    ),
    // The reader: comments and structure.
    e(
        Code::SemicolonComment,
        "a `;` comment to the end of the line",
        "A `;` starts a comment to the end of the line, as in PGN. PDN 3.0 has only `{...}` \
         comments.",
        "Write the comment in braces: `{ ... }`.",
        Pdn("[GameType \"20\"]\n1. 32-28 ; a comment\n19-23 *"),
    ),
    e(
        Code::NestedComment,
        "a `{` inside a comment",
        "A comment holds another `{`: it is read as a nested comment, closed by the matching \
         `}`. PDN comments do not nest.",
        "Remove the inner braces, or write them as other brackets.",
        Pdn("[GameType \"20\"]\n1. 32-28 {a {nested} comment} 19-23 *"),
    ),
    e(
        Code::StrayBrace,
        "a `}` with no comment open",
        "A closing brace stands in the moves with no comment open. It is ignored.",
        "Remove the `}`, or add the `{` that opens its comment.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 } 2. 28x19 14x23 *"),
    ),
    e(
        Code::StrayBracket,
        "a `[` that opens no tag",
        "A `[` in a game's header opens no tag: it stands alone on its line, or is doubled \
         (`[[Event \"x\"]`, the tag read from the second `[`). It is ignored, and `convert` \
         leaves it out.",
        "Delete the stray `[`.",
        Pdn("[[Event \"Round 1\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::MissingTerminator,
        "a game with no terminator, followed by the next game's tags",
        "A game has no result token at its end; the next game's tags begin right after it. The \
         game ends there, and its result is not known from the record.",
        "End the game with its result (`2-0`, `0-2`, `1-1`, ...) or `*`.",
        Pdn(
            "[Event \"a\"]\n[GameType \"20\"]\n1. 32-28 19-23\n[Event \"b\"]\n[GameType \"20\"]\n1. 32-28 *",
        ),
    ),
    e(
        Code::NoTerminatorAtEnd,
        "the last game of the file has no terminator",
        "The file ends without the last game's result token. The game is read to the end of the \
         file; a file cut short looks the same. A note.",
        "End the game with its result or `*`, and check that the file is complete.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23"),
    ),
    e(
        Code::NonstandardTerminator,
        "a non-standard result as the terminator",
        "The game ends with a token that is not a PDN result: a score matching the Result tag \
         (`4-6`, a match score), read as the terminator; or a lone `-`, which some exporters \
         write (with `[Result \"-\"]`) for a result not known, read as `*`. `convert --fix` \
         writes `-` as `*`.",
        "End the game with a PDN result token (`*` when the result is not known); a match score \
         can go in a comment or an Event tag.",
        Pdn("[Result \"4-6\"]\n[GameType \"20\"]\n1. 32-28 19-23 4-6"),
    ),
    e(
        Code::TextOutsideGame,
        "text outside any game",
        "Text stands between two games or after the last one, and holds no moves (a comment). It \
         is kept, but belongs to no game.",
        "Move the comment into the game it is about, or delete it.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 * { a remark }"),
    ),
    e(
        Code::TextBeforeGame,
        "text before a game's tags that is neither tags nor moves",
        "Stray text stands in front of a game's tags (a lone `3` line, a page number): it is \
         noise, not a game of its own. It is reported once, with the game it stands before, \
         kept as a comment before that game's tags, and not counted as a game.",
        "Delete the stray text, or make it a comment.",
        Pdn("3\n1\n[Event \"Round 1\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::EmptyGame,
        "a game with neither tags nor moves",
        "A terminator stands alone, with no tags and no moves before it.",
        "Delete the stray terminator, or restore the game it belonged to.",
        Pdn("*"),
    ),
    e(
        Code::NoMoves,
        "a record with tags and no moves",
        "A record has tags and no moves: an export of headers only, or a game decided \
         without play (a forfeit) whose result the tags give. It is read as it is; no \
         terminator is asked of it.",
        "Nothing, if the record is meant to hold headers only; else restore the moves.",
        Pdn("[Event \"Round 1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]"),
    ),
    e(
        Code::UnclosedVariation,
        "a variation `(` that is never closed",
        "A variation opened with `(` has no `)`. The rest of the game is read inside it, so the \
         main line's later moves and its result are lost.",
        "Add the `)` where the variation ends.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 (2. 33-29 14x23 3. 37-32 *"),
    ),
    e(
        Code::StrayParenthesis,
        "a `)` with no variation open",
        "A closing parenthesis stands in the moves with no variation open. It is kept as text.",
        "Remove the `)`, or add the `(` that opens its variation.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 ) 2. 28x19 14x23 *"),
    ),
    e(
        Code::NestingTooDeep,
        "variations nested deeper than the reader's limit",
        "Variations are nested deeper than the reader's limit (64). The deeper text is kept \
         verbatim and not read, so it is not checked.",
        "Flatten the variations; a record this deep is usually broken.",
        NoExample("the example needs 65 nested variations: see fixtures/errors/deep_nesting.pdn"),
    ),
    e(
        Code::UnclosedComment,
        "a comment that is never closed",
        "A `{` comment has no `}`. The rest of the game (often the rest of the file) is read as \
         the comment.",
        "Add the `}` where the comment ends.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 { open to the end"),
    ),
    e(
        Code::UnreadableText,
        "text that is not PDN",
        "A piece of the moves text is not a move, a move number, a comment, a variation or a \
         result. It is kept verbatim and the reader goes on after it.",
        "Delete the text, or put it in a comment.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 # *"),
    ),
    e(
        Code::GameTooLarge,
        "a game longer than the reader's limit",
        "A game is longer than the reader's limit (which bounds memory). It is skipped; the next \
         game is read.",
        "Look for a missing terminator or tag that merged several games into one.",
        NoExample("the code is about a game's size"),
    ),
    e(
        Code::BinaryData,
        "bytes that are not text",
        "The input holds binary data (a zip archive, an image, a database file): it is not PDN \
         text.",
        "Check PDN files only; unpack an archive first (gzip is read as it is).",
        NoExample("the code is about bytes that are not text"),
    ),
    e(
        Code::VariantInferred,
        "no GameType: the variant was inferred",
        "The game has no GameType tag; the variant was inferred from its squares, moves and \
         setup (or taken from --variant, pdnkit.toml or a --rules file, which the note names). \
         A note; reports say which variant. A position \
         without moves is weighed by what its setup rules out (a man on its own promotion row, \
         the start position with the side that does not move first to move): the one 8x8 \
         variant left is inferred; the usual game of its squares (English for numbers, Russian \
         for algebraic squares) is assumed when it is among several; a 10x10 position is \
         International assumed, Frisian starting from the same setup. The note says what fits \
         and what was ruled out.",
        "Add a GameType tag (20 International, 21 English, ...) so no guess is needed.",
        Pdn("1. 32-28 19-23 *"),
    ),
];
