//! The catalogue's text of the codes of the replay, the result check and the draw checks
//! (the draw rules' own codes are made from [`crate::draw_rules::DrawRule::description`]).

use super::Example::{None as NoExample, Pdn};
use super::{Entry, e};
use crate::finding::Code;

/// The replay's, the result check's and the draw checks' codes.
pub(super) const ENTRIES: &[Entry] = &[
    // The replay: moves that are not legal (the line stops there).
    e(
        Code::NoPiece,
        "no piece on the square the move starts from",
        "The move starts on an empty square. The rest of the line is not replayed.",
        "Check the move against the game's source: a mistyped square, a move left out before \
         it, or the wrong numbering (GameType).",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 27-22 *"),
    ),
    e(
        Code::WrongSide,
        "the piece belongs to the side not to move",
        "The move starts on a piece of the side that is not to move: a move is missing or \
         doubled before it, the FEN names the wrong side to move, or White and Black are \
         swapped.",
        "Check the moves before it and the FEN's side to move.",
        Pdn("[GameType \"20\"]\n1. 19-23 *"),
    ),
    e(
        Code::CaptureMandatory,
        "a move without capture while a capture was available",
        "Capturing is compulsory in every variant pdnkit replays, and this move captures nothing \
         while the side to move could capture. The legal moves are listed.",
        "Write the capture that was played (the report lists the legal ones).",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 33-29 *"),
    ),
    e(
        Code::LongerCaptureRequired,
        "a capture taking fewer pieces than the variant requires",
        "The variant requires the capture that takes the most pieces (International, Russian \
         and others), and this capture takes fewer than another one available.",
        "Write the capture that was played; the report lists the longest ones.",
        Pdn("[GameType \"20\"]\n[FEN \"W:W26,28:B12,21,23\"]\n1. 28x19 *"),
    ),
    e(
        Code::CapturePrecedence,
        "a capture the variant's precedence rules out",
        "The variant says which capture comes first when several are possible (Italian: more \
         pieces, then with the king, then more kings, then the first king; Spanish: more kings; \
         Czech: a king before a man), and this capture comes after another one.",
        "Write the capture that was played; the report lists the ones the rules allow.",
        Pdn("[GameType \"29\"]\n[FEN \"W:WKa1,e3:Bb2,f4\"]\n1. e3xg5 *"),
    ),
    e(
        Code::ManCannotCaptureKing,
        "a man capturing a king where the rules forbid it",
        "In Italian draughts a man may not capture a king, and this move does.",
        "Check the move and the variant (GameType 22 is Italian).",
        Pdn("[GameType \"22\"]\n[FEN \"W:W22:BK18\"]\n1. 22x13 *"),
    ),
    e(
        Code::CaptureIncomplete,
        "a capture that stops while the same piece can go on capturing",
        "A capture must go on while the capturing piece can take more, and this one stops \
         early.",
        "Write the whole capture (its last landing square, or every square of the route).",
        Pdn("[GameType \"21\"]\n[FEN \"W:W21:B10,17\"]\n1. 21x14 *"),
    ),
    e(
        Code::PromotionMishandled,
        "a man crowned mid-capture handled against the variant's rule",
        "A man reaching the last row during a capture goes on capturing as a king in Russian \
         draughts, and stops (or goes on as a man) in others. The move does the opposite of \
         the variant's rule.",
        "Check the capture's route and the variant.",
        Pdn("[GameType \"25\"]\n[FEN \"W:Wb6:Bc7,f6\"]\n1. b6:d8 *"),
    ),
    e(
        Code::IllegalMove,
        "the piece cannot make this move",
        "The move is not one the piece can make: too far, backwards for a man, or over a piece \
         it may not take. The legal moves are listed.",
        "Check the move against the game's source.",
        Pdn("[GameType \"20\"]\n1. 32-23 *"),
    ),
    e(
        Code::SquareNotOnBoard,
        "a square the board does not have",
        "The move names a square the variant's board does not have (55 on a board of 50), or a \
         light square in algebraic notation. Often the GameType is wrong.",
        "Check the square and the GameType.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 55-50 *"),
    ),
    e(
        Code::AmbiguousMove,
        "a short move naming several legal moves",
        "The move gives only its start and end, and several legal captures join them (they \
         take different pieces). Nothing later in the game tells which was played.",
        "Write the capture's full route (`47x38x24x13x36`), as the report lists them.",
        Pdn("[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x36 *"),
    ),
    e(
        Code::ImpossibleSetup,
        "a FEN setup that is not a position of the variant",
        "The FEN can be read, but it is not a position of the variant: a man on its own crowning \
         row, more pieces than the variant has, a square off the board.",
        "Correct the FEN, or the GameType if the FEN is of another variant.",
        Pdn("[GameType \"20\"]\n[FEN \"W:W3:B40\"]\n1. 3-9 *"),
    ),
    // The replay: legal moves written against PDN 3.0.
    e(
        Code::AmbiguousResolved,
        "a short move naming several legal moves, resolved by the next moves",
        "The move gives only its start and end and several legal captures join them, but only \
         one of them lets the moves after it be played.",
        "Write the capture's full route, so no reader has to look ahead.",
        Pdn("[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x36 14-20 *"),
    ),
    e(
        Code::CapturePath,
        "a full capture path against PDN 3.0's rule",
        "A capture written as a route leaves out landing squares, or names squares on the way \
         that are not landing squares. PDN 3.0 writes every landing square (or only the start \
         and end).",
        "Write the start, every landing square and the end (`48x37x26x17`), or only the start \
         and end.",
        Pdn("[GameType \"20\"]\n[FEN \"W:W48:B42,31,21\"]\n1. 48x26x17 *"),
    ),
    e(
        Code::HubCaptureList,
        "captured squares listed after the capture",
        "The capture is written as Draughts Hub does: start, end, then the squares taken \
         (`26x8x21x12`), not a route. It is read as that capture.",
        "Write the route of landing squares (or only the start and end).",
        Pdn("[GameType \"20\"]\n[FEN \"W:W26,28:B12,21,23\"]\n1. 26x8x21x12 *"),
    ),
    e(
        Code::SeparatorMismatch,
        "a capture written with `-`, or a plain move with `x`",
        "The separator does not fit the move: a capture written with `-`, or a move that takes \
         nothing written with `x` or `:`.",
        "Write captures with `x` and plain moves with `-`.",
        Pdn("[GameType \"20\"]\n1. 32x28 19-23 *"),
    ),
    e(
        Code::CaptureSplitIntoLegs,
        "one capture written a leg per move",
        "A capture of several pieces is written one jump per move, as some game sites export \
         it (`5. e5xc3 6. c3xa1` for `e5xc3xa1`), each jump counted as a half-move. The rules \
         make the piece go on capturing (PDN 3.0 and the federations' rules: a capture is one \
         move, however many pieces it takes), and the next move goes on from where the jump \
         stopped, so the jumps are read as the one move they make and the replay goes on. \
         Reported once a game, with the count of such captures; the move numbers after one \
         count the jumps, and are read as written.",
        "Write each capture as one move with its whole route (`e5xc3xa1`), and number the \
         moves again.",
        Pdn("[GameType \"20\"]\n[FEN \"W:W32:B28,19\"]\n1. 32x23 23x14 *"),
    ),
    e(
        Code::VariationBeforeItsMove,
        "a variation written before the move it replaces",
        "A variation stands before the move it is an alternative to: its number and side say so \
         (`1. 32-28 (1... 19-23) 1... 18-23`: Black's alternative to 18-23, written after White's \
         32-28), where PDN writes a variation after the move it replaces. It is replayed from the \
         position before that move, as its number says. Reported once a game. (A variation \
         whose number fits neither place is replayed where it stands, and its moves checked \
         there.)",
        "Move the variation after the move it replaces: `1. 32-28 18-23 (1... 19-23)`.",
        Pdn("[GameType \"20\"]\n1. 32-28 (1... 19-23) 1... 18-23 2. 37-32 *"),
    ),
    e(
        Code::NotReplayed,
        "the game's moves or setup were not checked",
        "pdnkit does not know the game's variant (or has no rules for it), so its moves and \
         setup are read but not replayed. The run is not clean (exit 1) unless \
         --allow-unreplayed is given, because nothing unchecked is reported as clean. A \
         position without a GameType or moves that the usual game of its squares does not \
         allow, and several 8x8 variants whose rules differ do, is not known either: the \
         finding lists the variants it fits and those its setup rules out.",
        "Give the variant if it is one pdnkit replays (GameType or --variant); otherwise accept \
         it with --allow-unreplayed.",
        Pdn("[Variant \"Killer Checkers\"]\n1. c3-d4 f6-e5 *"),
    ),
    e(
        Code::VariantReinferred,
        "no GameType, and the moves fit another variant than the one inferred",
        "The game has no GameType; the variant inferred first does not allow its moves, but \
         another one does, and the game is checked as that one. This one finding says both \
         what was inferred and why it did not stand (the inference's N-VARIANT-INFERRED is \
         left out beside it). (Here the algebraic squares suggest Russian, where `h2-e5` \
         breaks mandatory capture; Czech allows it.)",
        "Add the GameType of the variant the game was played in.",
        Pdn("[FEN \"W:Wc3,Kh2:Bb2,h8\"]\n1. h2-e5 h8-g7 *"),
    ),
    e(
        Code::NumberingMismatch,
        "the GameType's numbering does not fit the moves",
        "The GameType's long form names a board numbering (or corner) under which the moves \
         are not legal, while the variant's standard numbering replays them. The game is \
         checked with the standard one.",
        "Correct the numbering field of the GameType, or write the number alone (`20`).",
        Pdn("[GameType \"20,W,10,10,N1,0\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 *"),
    ),
    // The replay: what it decided or could not do.
    e(
        Code::SideToMoveInferred,
        "the FEN says `?` for the side to move; the first move tells",
        "The FEN's side to move is `?`; the first move's piece says which side moved. A note.",
        "Write `W` or `B` as the FEN's side to move.",
        Pdn("[GameType \"20\"]\n[FEN \"?:W31:B20\"]\n1... 20-25 2. 31-27 *"),
    ),
    e(
        Code::UnknownMoveStopsReplay,
        "an unknown move: the rest of the line is not replayed",
        "The record marks a move as unknown (`- -`), so the position after it is not known and \
         the rest of the line is read but not replayed. A note.",
        "Find the move in the game's source and write it.",
        Pdn("[GameType \"20\"]\n1. 32-28 - - 2. 37-32 *"),
    ),
    e(
        Code::VariantNotReplayed,
        "an unknown variant, and no moves or setup to check",
        "pdnkit does not know the game's variant (or has no rules for it), but the game has no \
         moves or setup, so nothing is left unchecked. A note.",
        "Nothing to fix; a GameType makes the variant known.",
        Pdn("[Variant \"Killer Checkers\"]\n[FEN \"W:W:B\"]\n*"),
    ),
    // The result check.
    e(
        Code::ResultMismatch,
        "the Result tag and the terminator disagree",
        "The Result tag and the result token that ends the moves say different things (a win \
         for one side and a win for the other, or a win and a draw).",
        "Find the right result in the game's source and write it in both places.",
        Pdn("[GameType \"20\"]\n[Result \"2-0\"]\n1. 32-28 19-23 0-2"),
    ),
    e(
        Code::ResultIncomplete,
        "one of the Result tag and the terminator is `*`",
        "One of the Result tag and the terminator says the result is unknown (`*`) and the \
         other gives a result.",
        "Write the result in both places (or `*` in both).",
        Pdn("[GameType \"20\"]\n[Result \"*\"]\n1. 32-28 19-23 2-0"),
    ),
    e(
        Code::ResultContradictsPosition,
        "the final position decides the game, and the record says otherwise",
        "After the last move the side to move has no legal move (or no pieces) and so has lost, \
         but the record declares a draw or the other side's win.",
        "Check the result and the last moves against the game's source (a move may be missing).",
        Pdn("[GameType \"20\"]\n[FEN \"W:W28:B23\"]\n1. 28x19 0-2"),
    ),
    e(
        Code::ResultStyle,
        "a result token of the other result type",
        "International-style variants score 2-0/1-1/0-2 and English-style ones 1-0, 1/2-1/2, \
         0-1; the record uses the other style (`1-0` in International). It is read, but \
         programs disagree on what `1-0` means in English checkers.",
        "Write the result in the variant's own style.",
        Pdn("[GameType \"20\"]\n1. 32-28 19-23 0-1"),
    ),
    // The draw checks.
    e(
        Code::PlayedAfterDraw,
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
        Code::ResultNotDraw,
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
        Code::DrawRulesPartial,
        "only some draw rules are checked for this variant",
        "The draw profile has no federation text for this variant, so only some of its draw \
         rules are checked (threefold repetition, for instance). A note.",
        "Nothing to fix in the record.",
        Pdn("[GameType \"29\"]\n[FEN \"W:Wc3,Kh2:Bb2,h8\"]\n1. h2-e5 h8-g7 *"),
    ),
    // Export dialects.
    e(
        Code::CompressedTrailingData,
        "bytes after the end of compressed input",
        "The input is compressed (gzip, zstd, xz or bzip2), and after the end of the compressed \
         data come bytes that start no new member of that format (padding or debris from a \
         transfer). Every game of the compressed data is read; the trailing bytes are ignored. \
         Named `W-GZIP-TRAILING-DATA` before zstd, xz and bzip2 were read: that name still \
         reads.",
        "Recompress the file (`gunzip -c f.pdn.gz | gzip > g.pdn.gz`, or `zstd -dc` and \
         `zstd`), or leave it: no game is lost.",
        NoExample("the code is about the bytes of a compressed file"),
    ),
    e(
        Code::EncodingRepaired,
        "a UTF-8 game with bytes that are not UTF-8",
        "The file is UTF-8, but a game holds bytes that are not (a name pasted from another \
         character set). Each such byte is read as its Windows-1252 character; the rest of the \
         game is read as UTF-8.",
        "Correct the characters in the game (check the names against the source) and save the \
         file as UTF-8.",
        NoExample("the code is about bytes that are not UTF-8, which an example cannot hold"),
    ),
    e(
        Code::Utf16,
        "UTF-16 input, transcoded to UTF-8",
        "The input is UTF-16 (it starts with a UTF-16 byte order mark, or --encoding utf-16 \
         says so) and is transcoded to UTF-8 as it is read. A note.",
        "Save the file as UTF-8 for tools that read only UTF-8, or leave it.",
        NoExample("the code is about the file's character set"),
    ),
    e(
        Code::Utf16LoneSurrogate,
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
        Code::NonstandardTagName,
        "a tag name with characters PDN names cannot have",
        "A tag name holds characters a PDN tag name cannot (`White-Elo`, `Type de jeu`), or is \
         written with HTML character references (`R&#x00e9;sultat`). It is kept whole, \
         references decoded.",
        "Rename the tag with letters, digits and `_` only (`WhiteElo`), or use the standard tag \
         it stands for.",
        Pdn("[White-Elo \"2400\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::TagMissingBracket,
        "a tag line without its `[`",
        "A line looks like a tag but lacks its opening bracket (`Event \"b\"]`). It is read as a \
         tag, and as the start of a header.",
        "Add the `[`.",
        Pdn("[Event \"a\"]\nEvent \"b\"]\n[GameType \"20\"]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::TagWithoutValue,
        "a tag with a name and no value",
        "A tag has a name and no value (`[Empty]`). It is kept with an empty value.",
        "Give the tag its value in double quotes, or delete it.",
        Pdn("[GameType \"20\"]\n[Empty]\n1. 32-28 19-23 *"),
    ),
    e(
        Code::FenFile,
        "a file of one FEN a line",
        "The file holds one FEN position a line and no PDN games (a position collection). Each \
         line is read as a game of that position without moves. A note.",
        "Nothing to fix for a position list; to make PDN of it, write each line as \
         `[FEN \"...\"]` followed by `*`.",
        Pdn("W:W31-50:B1-20\nB:W31-50:B1-20"),
    ),
    // Variant tags and GameTypes.
    e(
        Code::VariantTagMismatch,
        "a Variant tag naming another variant than the GameType",
        "The game has both a GameType and a `Variant` tag (as lidraughts writes), and they name \
         different variants. The GameType is used.",
        "Make the two tags agree, or remove the wrong one.",
        Pdn("[GameType \"20\"]\n[Variant \"Russian\"]\n1. 32-28 19-23 *"),
    ),
    // The replay and the draw checks of the lidraughts variants.
    e(
        Code::KingMoveLimit,
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
        Code::PlayedAfterWin,
        "moves recorded after the game was decided",
        "The game was decided by a rule of the variant (Breakthrough: the first king wins at \
         once), yet the record goes on.",
        "End the record where the game was decided, with its result.",
        Pdn("[GameType \"96\"]\n[FEN \"W:W6:B30\"]\n[Result \"2-0\"]\n1. 6-1 30-35 2. 1-7 2-0"),
    ),
];
