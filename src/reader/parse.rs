//! The game parser: one chunk of bytes (whole games, as the splitter cut them) to games of the
//! lossless model. Tokens are read by the nom parsers in `tokens`; this module decides what each
//! means in its place, builds the move tree with an explicit stack (no recursion, so no stack
//! overflow however deep the variations), and reports every deviation with its span.

use super::diagnostic::{Code, Diagnostic};
use super::encoding::Encoding;
use super::entities;
use super::infer::SquareSummary;
use super::lex::{self, CommentEnd};
use super::model::*;
use super::span::{self, LineIndex, Span};
use super::tokens;
use crate::notation::Square;
use smallvec::SmallVec;

/// Variations nested deeper than this are kept as unread text: a bound for every consumer that
/// walks the tree recursively (printing, JSON, drop).
pub const MAX_VARIATION_DEPTH: usize = 64;

/// One chunk to parse.
pub struct Chunk<'a> {
    pub bytes: &'a [u8],
    /// File offset of `bytes[0]`.
    pub base: u64,
    /// Line number of `bytes[0]`.
    pub first_line: u64,
    /// Column (0-based, in characters) of `bytes[0]`: a chunk may start in the middle of a line.
    pub first_column: u32,
    /// Line-break byte of the file (`\n`, or `\r` for old Mac files).
    pub newline: u8,
    pub encoding: Encoding,
    /// True when the chunk ends where the input ends (a game without terminator there is normal).
    pub at_end_of_input: bool,
}

/// A game as parsed, before tags are interpreted and the variant decided.
pub struct ParsedGame {
    pub game: Game,
    /// Offset (in the chunk) just past the game.
    pub end: usize,
    /// Whether the game ended with a terminator (or a recognised non-standard one).
    pub terminated: bool,
    /// The squares of every move of every line, for inferring the variant.
    pub squares: SquareSummary,
}

/// The games of a chunk: most chunks hold one game (the splitter cuts at every game boundary it
/// can), which is then kept without an allocation.
pub type ParsedGames = SmallVec<[ParsedGame; 1]>;

/// Parses every game in the chunk.
pub fn parse_chunk(chunk: &Chunk<'_>) -> ParsedGames {
    parse_chunk_with(chunk, true)
}

/// [`parse_chunk`], with or without the reading of plain runs (the tests compare the two).
fn parse_chunk_with(chunk: &Chunk<'_>, plain_runs: bool) -> ParsedGames {
    let mut games = ParsedGames::new();
    // One parser for the chunk: its buffers serve every game.
    let mut parser = GameParser::new(chunk);
    parser.plain_runs = plain_runs;
    while let Some(parsed) = parser.parse_game() {
        games.push(parsed);
    }
    games
}

/// How the body of a game ended.
enum BodyEnd {
    Terminator(ResultToken),
    /// A `[` after move text: the next game's tags.
    NextGame,
    EndOfChunk,
}

/// A line being built: the main line at the bottom of the stack, open variations above it.
struct Frame {
    line: Line,
    /// Offset of the `(` that opened it.
    open: usize,
    /// The move number and side expected for the next move (unknown at the start of a game or
    /// after a `/FEN/` setup).
    next_turn: Option<Turn>,
    /// The turn of the line's last move: a variation after it starts there.
    last_turn: Option<Turn>,
}

impl Frame {
    fn new(open: usize, next_turn: Option<Turn>) -> Self {
        Frame {
            line: Line::default(),
            open,
            next_turn,
            last_turn: None,
        }
    }
}

/// A move number read, waiting for its move.
#[derive(Debug, Clone, Copy)]
struct PendingNumber {
    number: u32,
    /// Written with `...`.
    ellipsis: bool,
    start: usize,
    end: usize,
}

/// A move's number and whether it is the second player's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Turn {
    number: u32,
    second: bool,
}

impl Turn {
    fn following(self) -> Turn {
        if self.second {
            Turn {
                number: self.number.saturating_add(1),
                second: false,
            }
        } else {
            Turn {
                number: self.number,
                second: true,
            }
        }
    }
}

struct GameParser<'a> {
    chunk: &'a Chunk<'a>,
    bytes: &'a [u8],
    /// The chunk as text, when it is UTF-8 (checked once here): a tag's name and value are then
    /// sliced from it, not checked again each.
    text: Option<&'a str>,
    pos: usize,
    /// A place in the chunk whose line and 0-based column are known (the chunk start, or the
    /// start of the last game's index), and where the last game ended.
    known_position: (usize, (u64, u32)),
    previous_end: usize,
    diagnostics: Vec<Diagnostic>,
    /// (Inline up to one open variation: no allocation per chunk for the main line.)
    stack: SmallVec<[Frame; 2]>,
    /// The move number read and not yet given to a move.
    pending_number: Option<PendingNumber>,
    /// Offset just past the last move token, for marks glued to it.
    last_move_end: Option<usize>,
    /// Index in `diagnostics` of the open unread-text report, to extend it over adjacent junk.
    open_unread: Option<usize>,
    /// The game's Result tag value when it is not a PDN result (`4-6`): written alone as the last
    /// move token, it is the game's terminator.
    declared_result: Option<String>,
    /// The squares of the moves read so far, in every line.
    squares: SquareSummary,
    /// Whether the fast paths are taken: runs of plain tokens ([`Self::read_plain_run`]) and
    /// plain tags ([`Self::plain_tag`]). The tests compare reading with and without them.
    plain_runs: bool,
    /// Literal `\r`/`\n` line-end noise in this game: where the first is, and how many.
    escapes: Option<(usize, u32)>,
}

impl<'a> GameParser<'a> {
    fn new(chunk: &'a Chunk<'a>) -> Self {
        GameParser {
            chunk,
            bytes: chunk.bytes,
            text: std::str::from_utf8(chunk.bytes).ok(),
            pos: 0,
            known_position: (0, (chunk.first_line, chunk.first_column)),
            previous_end: 0,
            diagnostics: Vec::new(),
            stack: SmallVec::new(),
            pending_number: None,
            last_move_end: None,
            open_unread: None,
            declared_result: None,
            squares: SquareSummary::default(),
            plain_runs: true,
            escapes: None,
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.chunk.base + start as u64, end.saturating_sub(start))
    }

    /// The line index of the game ending at `end`: from the end of the game before it (so the
    /// blank lines between them are counted here, not apart). Its first line and column are
    /// counted from the last place known, only now: most chunks hold one game, never counted.
    fn index_lines(&mut self, end: usize) -> LineIndex {
        let chunk = self.chunk;
        let utf8 = chunk.encoding.is_utf8();
        let (known, position) = self.known_position;
        let from = self.previous_end;
        let first = span::position_after(&self.bytes[known..from], position, chunk.newline, utf8);
        self.known_position = (from, first);
        self.previous_end = end;
        LineIndex::build(
            &self.bytes[from..end],
            chunk.base + from as u64,
            first,
            chunk.newline,
            utf8,
        )
    }

    fn report(&mut self, code: Code, start: usize, end: usize, message: impl Into<String>) {
        let span = self.span(start, end);
        self.diagnostics.push(Diagnostic::new(code, span, message));
    }

    fn text(&self, start: usize, end: usize) -> String {
        self.chunk
            .encoding
            .decode(&self.bytes[start..end])
            .into_owned()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn rest(&self) -> &'a [u8] {
        &self.bytes[self.pos..]
    }

    /// Skips whitespace, and the literal `\r`/`\n` line-end noise some programs write (counted
    /// for one report per game).
    fn skip_space(&mut self) {
        loop {
            match self.bytes.get(self.pos) {
                Some(&b) if lex::is_space(b) => self.pos += 1,
                Some(b'\\') if lex::is_literal_escape(self.bytes, self.pos) => {
                    self.note_escape(self.pos);
                    self.pos += 2;
                }
                _ => return,
            }
        }
    }

    /// Counts a literal `\r` or `\n` at `at`.
    fn note_escape(&mut self, at: usize) {
        match &mut self.escapes {
            Some((_, count)) => *count += 1,
            None => self.escapes = Some((at, 1)),
        }
    }

    /// Reads the literal `\r`/`\n` written after a game's terminator (on its line and on the
    /// blank lines after it) as part of that game, not the start of the next one.
    fn skip_trailing_escapes(&mut self) {
        let mut at = self.pos;
        loop {
            while self.bytes.get(at).is_some_and(|b| lex::is_space(*b)) {
                at += 1;
            }
            if !lex::is_literal_escape(self.bytes, at) {
                return;
            }
            self.note_escape(at);
            at += 2;
            self.pos = at;
        }
    }

    /// The one report of a game's literal `\r`/`\n` noise, in order among its diagnostics.
    fn report_escapes(&mut self) {
        let Some((first, count)) = self.escapes.take() else {
            return;
        };
        let text = if self.bytes[first + 1] == b'r' {
            "\\r"
        } else {
            "\\n"
        };
        let message = if count == 1 {
            format!("literal `{text}` text; read as a line end")
        } else {
            format!("literal `{text}` text ({count} times in this game); read as line ends")
        };
        let span = self.span(first, first + 2);
        let at = self
            .diagnostics
            .iter()
            .position(|d| d.span.offset > span.offset)
            .unwrap_or(self.diagnostics.len());
        self.diagnostics
            .insert(at, Diagnostic::new(Code::LiteralEscape, span, message));
    }

    /// Skips whitespace; returns whether a blank line was crossed.
    fn skip_space_across_blank(&mut self) -> bool {
        let start = self.pos;
        self.skip_space();
        let gap = &self.bytes[start..self.pos];
        gap.windows(2).any(|w| w == b"\n\n" || w == b"\r\r")
            || gap.windows(4).any(|w| w == b"\n\r\n\r" || w == b"\r\n\r\n")
    }

    /// Parses the game that starts at `pos` (after any whitespace), and moves `pos` past it.
    fn parse_game(&mut self) -> Option<ParsedGame> {
        // A new game: the state of the last one goes.
        self.stack.clear();
        self.stack.push(Frame::new(self.pos, None));
        self.pending_number = None;
        self.last_move_end = None;
        self.open_unread = None;
        self.squares = SquareSummary::default();
        self.escapes = None;
        self.skip_space();
        // The game starts at any literal `\r`/`\n` noise before it (text of nothing but such
        // noise is still reported, as an empty game).
        let start = match self.escapes {
            Some((first, _)) => first,
            None if self.pos < self.bytes.len() => self.pos,
            None => return None,
        };
        let game_start = self.span(start, start);
        let mut header_comments = Vec::new();
        // (Most games have a handful of tags: one allocation rather than two or three.)
        let mut tags: Vec<Tag> = Vec::with_capacity(8);

        // Header: tags and the comments around them.
        loop {
            let blank_line = self.skip_space_across_blank();
            let Some(b) = self.peek() else { break };
            match b {
                b'[' => {
                    // A repeated Event after a blank line, with no moves between: the previous
                    // game had tags only and no terminator.
                    if blank_line && !tags.is_empty() && self.repeats_first_tag(&tags) {
                        break;
                    }
                    tags.push(self.parse_tag());
                }
                b'{' => {
                    let runaway = matches!(
                        lex::comment_end(self.bytes, self.pos),
                        CommentEnd::Runaway { .. }
                    );
                    header_comments.push(self.parse_comment());
                    // A comment that runs away to the next game's tags ends this game there,
                    // where the splitter cuts.
                    if runaway {
                        break;
                    }
                }
                b';' => header_comments.push(self.parse_comment()),
                b'%' if lex::at_line_start(self.bytes, self.pos) => {
                    header_comments.push(self.parse_comment())
                }
                b'A'..=b'Z' if self.at_bracketless_tag() => tags.push(self.parse_tag()),
                _ => break,
            }
        }

        self.declared_result = tags
            .iter()
            .find(|t| t.name == "Result")
            .map(|t| t.value.trim())
            .filter(|v| !v.is_empty() && ResultKind::parse(v).is_none())
            .map(str::to_string);
        let body_start = self.pos;
        let end = self.parse_body();
        let main = self.stack.pop().expect("main line").line;
        let mut terminated = true;
        let result = match end {
            BodyEnd::Terminator(token) => {
                self.skip_trailing_escapes();
                Some(token)
            }
            BodyEnd::NextGame | BodyEnd::EndOfChunk => {
                terminated = false;
                if self.pos > body_start || !tags.is_empty() {
                    let at_end = matches!(end, BodyEnd::EndOfChunk) && self.chunk.at_end_of_input;
                    let (code, message) = if at_end {
                        (
                            Code::NoTerminatorAtEnd,
                            "the last game has no terminator (result or `*`)",
                        )
                    } else {
                        (
                            Code::MissingTerminator,
                            "game has no terminator; the next game starts here",
                        )
                    };
                    // Point just after the game's last text, not at the whitespace after it.
                    let mut here = self.pos;
                    while here > start && lex::is_space(self.bytes[here - 1]) {
                        here -= 1;
                    }
                    self.report(code, here, here, message);
                }
                None
            }
        };

        if tags.is_empty()
            && main.moves.is_empty()
            && result.is_some()
            && main.before.is_empty()
            && header_comments.is_empty()
        {
            self.report(
                Code::EmptyGame,
                start,
                self.pos,
                "a game with neither tags nor moves: a terminator alone",
            );
        }
        if tags.is_empty() && main.moves.is_empty() && result.is_none() {
            let only_comments = main
                .before
                .iter()
                .all(|a| matches!(a, Annotation::Comment(_)));
            if only_comments && (!main.before.is_empty() || !header_comments.is_empty()) {
                self.report(
                    Code::TextOutsideGame,
                    start,
                    self.pos,
                    "comment outside any game",
                );
            } else if main.before.is_empty() && header_comments.is_empty() {
                self.report(
                    Code::EmptyGame,
                    start,
                    self.pos,
                    "a game with neither tags nor moves",
                );
            }
        }

        let span = game_start.stretched_to(self.pos - start);
        self.report_escapes();
        let lines = self.index_lines(self.pos);
        let game = Game {
            index: 0,
            span,
            header_comments,
            tags,
            moves: main,
            result,
            game_type: None,
            variant: None,
            variant_source: VariantSource::Unknown,
            setup: None,
            diagnostics: std::mem::take(&mut self.diagnostics),
            source: None,
            lines,
        };
        Some(ParsedGame {
            game,
            end: self.pos,
            terminated,
            squares: self.squares,
        })
    }

    fn repeats_first_tag(&self, tags: &[Tag]) -> bool {
        let Ok((_, name)) = tokens::tag_name(&self.bytes[self.pos + 1..]) else {
            return false;
        };
        tags[0].name.as_bytes() == name
    }

    // ---- tags -------------------------------------------------------------------------------

    /// Whether a tag line that lost its `[` starts here, right before the next tags
    /// ([`lex::bracketless_tag_before_tags`]).
    fn at_bracketless_tag(&self) -> bool {
        lex::at_line_start(self.bytes, self.pos)
            && lex::bracketless_tag_before_tags(self.bytes, self.pos)
    }

    /// Reads the tag at `pos`: `[Name "value"]`, or a [`lex::bracketless_tag`].
    fn parse_tag(&mut self) -> Tag {
        let open = self.pos;
        // (The short cut reads a tag that starts with `[`, not one that lost it.)
        if self.plain_runs
            && self.bytes[open] == b'['
            && let Some(tag) = self.plain_tag(open)
        {
            return tag;
        }
        let extent = lex::tag_extent(self.bytes, open);
        let inner_end = if extent.closed {
            extent.end - 1
        } else {
            extent.end
        };
        let bracketed = self.bytes[open] == b'[';
        if !bracketed {
            self.report(
                Code::TagMissingBracket,
                open,
                open,
                "tag line without its `[`; read as a tag",
            );
        }
        let mut i = open + usize::from(bracketed);
        let pad = self.bytes[i..inner_end]
            .iter()
            .take_while(|b| **b == b' ')
            .count();
        if pad > 0 {
            self.report(
                Code::TagPadding,
                i,
                i + pad,
                "space between `[` and the tag name",
            );
            i += pad;
        }
        // A quoted value: the name is all the text before it, as exporters write names
        // (`White-Elo`, `Type de jeu`, `R&#x00e9;sultat`). Unquoted: the name ends at the first
        // character no name has.
        let name_end = match extent.quotes {
            Some((q1, _)) => {
                let mut end = q1;
                while end > i && lex::is_space(self.bytes[end - 1]) {
                    end -= 1;
                }
                end
            }
            None => i + tag_name_len(&self.bytes[i..inner_end], self.chunk.encoding),
        };
        let name = self.tag_name(i, name_end);
        if name.is_empty() {
            self.report(
                Code::UnreadableText,
                open,
                extent.end,
                "a tag without a name",
            );
        } else if !name.chars().next().is_some_and(char::is_uppercase) {
            self.report(
                Code::TagNameCase,
                i,
                name_end,
                format!("tag name `{name}` should start with a capital letter"),
            );
        }
        let (value, raw) = match extent.quotes {
            Some((q1, q2)) => {
                let raw_bytes = &self.bytes[q1 + 1..q2];
                let (value, inner_quote) = unescape(raw_bytes);
                if let Some(at) = inner_quote {
                    let at = q1 + 1 + at;
                    self.report(
                        Code::UnescapedQuote,
                        at,
                        at + 1,
                        "a double quote inside a tag value should be written `\\\"`",
                    );
                }
                // Without escapes the value is the raw text itself: no second copy to compare.
                let escaped = matches!(value, std::borrow::Cow::Owned(_));
                let value = self.chunk.encoding.decode(&value).into_owned();
                let raw = if escaped {
                    let raw = self.text(q1 + 1, q2);
                    (raw != value).then_some(raw)
                } else {
                    None
                };
                (value, raw)
            }
            None => {
                let value = self.text(name_end, inner_end).trim().to_string();
                if extent.closed && value.is_empty() && !name.is_empty() {
                    self.report(
                        Code::TagWithoutValue,
                        open,
                        extent.end,
                        format!("tag `{name}` has no value"),
                    );
                } else if extent.closed && !value.is_empty() {
                    self.report(
                        Code::UnquotedTagValue,
                        name_end,
                        inner_end,
                        "tag value should be in double quotes",
                    );
                }
                (value, None)
            }
        };
        if !extent.closed {
            self.report(
                Code::UnclosedTag,
                open,
                extent.end,
                "tag is not closed by `]` on its line",
            );
        }
        self.report_control_byte(open, extent.end, "a tag");
        let span = self.span(open, extent.end);
        self.pos = extent.end;
        // A literal `\r` or `\n` (two characters) written after the tag by some programs.
        let after = lex::skip_literal_escapes(self.bytes, self.pos);
        for at in (self.pos..after).step_by(2) {
            self.note_escape(at);
        }
        self.pos = after;
        Tag {
            name: name.as_str().into(),
            standard_name: None,
            value: value.as_str().into(),
            raw,
            span,
        }
    }

    /// The tag name written in `bytes[start..end]`, HTML references decoded; a name PDN does not
    /// allow (other characters than letters, digits and `_`) is kept whole and reported.
    fn tag_name(&mut self, start: usize, end: usize) -> String {
        let written = self.text(start, end);
        let decoded = entities::decode(&written);
        let name = decoded.as_deref().unwrap_or(&written);
        let pdn_name = name.chars().all(|c| c.is_alphanumeric() || c == '_');
        if decoded.is_some() || !pdn_name {
            let how = if decoded.is_some() {
                format!("written with HTML references, read as `{name}`")
            } else {
                "has characters a PDN tag name cannot have; kept whole".to_string()
            };
            self.report(
                Code::NonstandardTagName,
                start,
                end,
                format!("tag name `{written}` {how}"),
            );
        }
        decoded.unwrap_or(written)
    }

    /// A [`lex::plain_tag`], the shape of nearly every tag, read in one pass with nothing to
    /// report. `None` for anything else: [`parse_tag`](Self::parse_tag) reads it the general way.
    fn plain_tag(&mut self, open: usize) -> Option<Tag> {
        let bytes = self.bytes;
        let tag = lex::plain_tag(bytes, open, self.chunk.encoding.is_utf8())?;
        // (The slices start and end at ASCII bytes: quotes, `[`, the end of a name.)
        let slice = |range: std::ops::Range<usize>| match self.text {
            Some(text) => text.get(range),
            None => std::str::from_utf8(&bytes[range]).ok(),
        };
        let value = slice(tag.value.clone())?;
        let name = slice(open + 1..tag.name_end)?;
        let span = self.span(open, tag.end);
        self.pos = tag.end;
        Some(Tag {
            name: name.into(),
            standard_name: None,
            value: value.into(),
            raw: None,
            span,
        })
    }

    /// Reports the first control byte (other than whitespace) in `bytes[start..end]`, text kept
    /// as written: `W-CONTROL-CHARACTER`.
    fn report_control_byte(&mut self, start: usize, end: usize, what: &str) {
        if let Some(at) = self.bytes[start..end].iter().position(|&b| is_control(b)) {
            let at = start + at;
            let byte = self.bytes[at];
            self.report(
                Code::ControlCharacter,
                at,
                at + 1,
                format!("control byte 0x{byte:02X} in {what}"),
            );
        }
    }

    // ---- body -------------------------------------------------------------------------------

    fn parse_body(&mut self) -> BodyEnd {
        loop {
            self.skip_space();
            let Some(b) = self.peek() else {
                self.close_open_variations();
                return BodyEnd::EndOfChunk;
            };
            let start = self.pos;
            match b {
                b'[' => {
                    self.close_open_variations();
                    return BodyEnd::NextGame;
                }
                b'{' | b';' => {
                    let comment = self.parse_comment();
                    self.annotate(Annotation::Comment(comment));
                }
                b'%' if lex::at_line_start(self.bytes, start) => {
                    let comment = self.parse_comment();
                    self.annotate(Annotation::Comment(comment));
                }
                b'}' => {
                    self.pos += 1;
                    self.report(
                        Code::StrayBrace,
                        start,
                        start + 1,
                        "`}` with no comment open",
                    );
                    self.unread(start, start + 1, false);
                }
                b'(' => {
                    if self.try_strength() {
                        continue;
                    }
                    self.open_variation();
                }
                b')' => self.close_variation(),
                b'$' => match tokens::nag(self.rest()) {
                    Ok((rest, digits)) => {
                        let end = self.bytes.len() - rest.len();
                        match std::str::from_utf8(digits)
                            .ok()
                            .and_then(|d| d.parse::<u16>().ok())
                        {
                            Some(value) => {
                                let span = self.span(start, end);
                                self.pos = end;
                                self.annotate(Annotation::Nag(Nag { value, span }));
                            }
                            None => self.unreadable_token(),
                        }
                    }
                    Err(_) => self.unreadable_token(),
                },
                b'/' => self.parse_setup(),
                b'*' if self.last_move_end == Some(start) => {
                    self.pos += 1;
                    self.report(
                        Code::ForcedMoveMark,
                        start,
                        start + 1,
                        "`*` after a move: old forced-move mark",
                    );
                    self.set_strength(start, start + 1);
                }
                b'!' | b'?' => {
                    if !self.try_strength() {
                        self.unreadable_token();
                    }
                }
                b'-' => match tokens::unknown_move(self.rest()) {
                    Ok((rest, _)) => {
                        let end = self.bytes.len() - rest.len();
                        self.report(Code::UnknownMove, start, end, "unknown move written `- -`");
                        let span = self.span(start, end);
                        let raw = Some(Box::new(self.text(start, end)));
                        self.pos = end;
                        self.push_token(MoveToken {
                            kind: MoveKind::Unknown,
                            squares: SmallVec::new(),
                            separator: None,
                            raw,
                            span,
                        });
                    }
                    Err(_) => self.unreadable_token(),
                },
                b'.' => {
                    let dots = self.rest().iter().take_while(|b| **b == b'.').count();
                    self.pos += dots;
                    if dots == 3 {
                        self.report(
                            Code::LoneEllipsis,
                            start,
                            start + 3,
                            "`...` standing alone; PDN writes `12...`",
                        );
                        match &mut self.pending_number {
                            Some(number) => number.ellipsis = true,
                            None => self.unread(start, start + 3, false),
                        }
                    } else {
                        self.report(Code::LoneDot, start, start + dots, "a lone `.`");
                        self.unread(start, start + dots, false);
                    }
                }
                b'0'..=b'9'
                    if self.declared_result.is_none() && !tokens::may_be_result(self.rest()) =>
                {
                    // A move number or a move (nearly every token): no result to try first.
                    if self.plain_runs && self.read_plain_run() {
                        continue;
                    }
                    let digits = self
                        .rest()
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    let read = if self.rest().get(digits) == Some(&b'.') {
                        self.try_move_number()
                    } else {
                        self.try_move()
                    };
                    if !read {
                        self.unreadable_token();
                    }
                }
                b'A'..=b'Z' if self.at_bracketless_tag() => {
                    // `Event "b"]`: a tag that lost its `[`, right before the next game's tags,
                    // opens that header (where the splitter cuts).
                    self.close_open_variations();
                    return BodyEnd::NextGame;
                }
                b'*' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' => {
                    if b.is_ascii_lowercase()
                        && self.declared_result.is_none()
                        && self.plain_runs
                        && self.read_plain_run()
                    {
                        continue;
                    }
                    if let Ok((rest, token)) = tokens::result(self.rest()) {
                        let end = self.bytes.len() - rest.len();
                        let kind = ResultKind::parse(std::str::from_utf8(token).unwrap_or("*"))
                            .unwrap_or(ResultKind::Unknown);
                        self.pos = end;
                        self.flush_dangling_number(
                            "a move number followed by the result (a forfeited game?)",
                        );
                        self.close_open_variations();
                        let span = self.span(start, end);
                        return BodyEnd::Terminator(ResultToken {
                            kind,
                            nonstandard: None,
                            span,
                        });
                    }
                    if let Some(token) = self.try_nonstandard_terminator() {
                        return BodyEnd::Terminator(token);
                    }
                    if self.try_move_number() || self.try_move() {
                        continue;
                    }
                    self.unreadable_token();
                }
                _ => self.unreadable_token(),
            }
            if self.pos == start {
                // Defensive: never loop without progress.
                self.unreadable_token();
            }
        }
    }

    /// Reads the run of plain tokens that makes up most move text, `12. 32-28 19-23 13. 28x19`,
    /// and returns whether it read any. A plain token, followed by whitespace, is a move number
    /// (up to four digits and one `.`), a numeric move (two to four squares of one or two digits
    /// without leading zero, one `-` or `x` between), or an algebraic move of two squares
    /// (`c3-d4`): what the body loop would read the same way, with nothing to report (a property
    /// test holds the two to that). The run stops before anything else, which the body loop
    /// reads. (Each token costs a few comparisons here, against the body loop's dispatch, result
    /// test and general move reader: this is most of the parse of a plain archive.)
    fn read_plain_run(&mut self) -> bool {
        let bytes = self.bytes;
        let start = self.pos;
        // Each token is read from a 16-byte window (longer than any plain token and the byte
        // after it): no bounds check per byte. The run stops 16 bytes before the chunk ends.
        while let Some(window) = bytes.get(self.pos..self.pos + 16) {
            let w: &[u8; 16] = window.try_into().expect("16 bytes");
            let at = self.pos;
            let first = w[0].wrapping_sub(b'0');
            if first > 9 {
                // An algebraic move, `c3-d4`, `a1xc3`, `e3:g5`: a file, a rank of one digit,
                // twice, with `-`, `x` or `:` between.
                let file = |b: u8| b.is_ascii_lowercase() && b != b'x';
                let rank = |b: u8| (b'1'..=b'9').contains(&b);
                if !(file(w[0])
                    && rank(w[1])
                    && matches!(w[2], b'-' | b'x' | b':')
                    && file(w[3])
                    && rank(w[4])
                    && lex::is_space(w[5]))
                {
                    break;
                }
                let square = |file: u8, rank: u8| Square::Alg {
                    file: file - b'a',
                    rank: rank - b'1',
                };
                self.pos = at + 5;
                let (from, to) = (square(w[0], w[1]), square(w[3], w[4]));
                self.push_plain_move(at, at + 5, [from, to, from, to], 2, w[2]);
            } else {
                let mut digits = 1;
                while digits < 5 && w[digits].is_ascii_digit() {
                    digits += 1;
                }
                match w[digits] {
                    b'.' => {
                        // A move number (four digits at most: no overflow), the first since the
                        // last move, with no more dots.
                        if digits > 4
                            || self.pending_number.is_some()
                            || !lex::is_space(w[digits + 1])
                        {
                            break;
                        }
                        let number = w[..digits]
                            .iter()
                            .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
                        self.pending_number = Some(PendingNumber {
                            number,
                            ellipsis: false,
                            start: at,
                            end: at + digits + 1,
                        });
                        self.open_unread = None;
                        self.pos = at + digits + 1;
                    }
                    separator @ (b'-' | b'x') => {
                        // A numeric move: squares of one or two digits, no leading zero, two to
                        // four of them, one separator throughout (`32-28`, `26x17x10x1`).
                        if digits > 2 || first == 0 {
                            break;
                        }
                        // `1-0`, `1-1` and `2-0` standing alone are results.
                        if digits == 1
                            && separator == b'-'
                            && matches!((w[0], w[2]), (b'1', b'0' | b'1') | (b'2', b'0'))
                            && !w[3].is_ascii_digit()
                        {
                            break;
                        }
                        let from = if digits == 2 {
                            first * 10 + (w[1] - b'0')
                        } else {
                            first
                        };
                        let mut squares = [Square::Num(from); 4];
                        let mut count = 1;
                        // `end` is at a separator, then past each square read.
                        let mut end = digits;
                        while count < 4 && w[end] == separator {
                            let tens = w[end + 1].wrapping_sub(b'0');
                            if !(1..=9).contains(&tens) {
                                break;
                            }
                            let (number, len) = match w[end + 2].wrapping_sub(b'0') {
                                units @ 0..=9 => (tens * 10 + units, 2),
                                _ => (tens, 1),
                            };
                            squares[count] = Square::Num(number);
                            count += 1;
                            end += 1 + len;
                        }
                        if count < 2 || !lex::is_space(w[end]) {
                            break;
                        }
                        self.pos = at + end;
                        self.push_plain_move(at, at + end, squares, count, separator);
                    }
                    _ => break,
                }
            }
            // Past the space that ended the token, and any more.
            let mut next = self.pos + 1;
            while bytes.get(next).is_some_and(|b| lex::is_space(*b)) {
                next += 1;
            }
            self.pos = next;
        }
        self.pos > start
    }

    fn try_move_number(&mut self) -> bool {
        let Ok((rest, (digits, dots))) = tokens::move_number(self.rest()) else {
            return false;
        };
        let Some(number) = digits.iter().try_fold(0u32, |n, d| {
            n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
        }) else {
            return false;
        };
        let start = self.pos;
        let end = self.bytes.len() - rest.len();
        self.flush_dangling_number("a move number with no move after it");
        self.pos = end;
        // Junk on both sides of a number is not adjacent: it is not merged across it.
        self.open_unread = None;
        self.pending_number = Some(PendingNumber {
            number,
            ellipsis: dots.len() >= 2,
            start,
            end,
        });
        true
    }

    /// The move number waiting for the move being read, with its span. (The span is found here,
    /// not when the number is read: a `MoveNumber` stored in pieces one token earlier and copied
    /// whole here stalled the copy; this one is built in registers where the node is written.)
    #[inline(always)]
    fn take_pending_number(&mut self) -> Option<MoveNumber> {
        let pending = self.pending_number.take()?;
        Some(MoveNumber {
            number: pending.number,
            ellipsis: pending.ellipsis,
            span: self.span(pending.start, pending.end),
        })
    }

    /// Reports (and keeps as text) a move number that no move followed.
    fn flush_dangling_number(&mut self, why: &str) {
        if let Some(PendingNumber {
            start,
            end,
            ellipsis,
            ..
        }) = self.pending_number.take()
        {
            let span = self.span(start, end);
            if ellipsis {
                self.report(
                    Code::EllipsisWithoutMove,
                    start,
                    end,
                    "a move number and `...` with no move after them",
                );
            } else {
                self.report(Code::DanglingMoveNumber, start, end, why.to_string());
            }
            // Keep the number where it was written: items may have been added since.
            let text = self.text(start, end);
            let item = Annotation::Unread(Unread { text, span });
            let line = &mut self.stack.last_mut().expect("a line is open").line;
            let list = match line.moves.last_mut() {
                Some(node) => &mut node.after,
                None => &mut line.before,
            };
            let at = list
                .iter()
                .position(|a| annotation_offset(a) > span.offset)
                .unwrap_or(list.len());
            list.insert(at, item);
        }
    }

    fn try_move(&mut self) -> bool {
        let start = self.pos;
        if let Some((len, from, separator, to)) = tokens::plain_move(self.rest()) {
            // The common shape (`32-28`, `28x19`): canonical, nothing to report.
            let end = start + len;
            self.pos = end;
            let squares = [
                Square::Num(from),
                Square::Num(to),
                Square::Num(from),
                Square::Num(to),
            ];
            self.push_plain_move(start, end, squares, 2, separator);
            if matches!(self.peek(), Some(b'!' | b'?' | b'(')) {
                self.try_strength();
            }
            return true;
        }
        let Ok((rest, raw)) = tokens::move_text(self.rest()) else {
            return false;
        };
        let end = self.bytes.len() - rest.len();
        if !rest
            .first()
            .is_none_or(|b| tokens::is_delimiter(*b) || *b == b'*' || *b == b'!' || *b == b'?')
        {
            return false;
        }
        let mut squares: SmallVec<[Square; 4]> = SmallVec::new();
        let mut offset = start;
        let mut padded = false;
        for text in &raw.squares {
            let Some(square) = tokens::square(text) else {
                return false;
            };
            squares.push(square);
            // Where this square is written, for a precise location of zero padding (`text` is a
            // piece of `self.bytes`).
            let at = text.as_ptr() as usize - self.bytes.as_ptr() as usize;
            debug_assert_eq!(
                at,
                offset + memchr::memmem::find(&self.bytes[offset..end], text).unwrap_or(0)
            );
            if text.len() > 1 && text[0] == b'0' {
                padded = true;
                self.report(
                    Code::ZeroPaddedSquare,
                    at,
                    at + text.len(),
                    format!(
                        "square written with a leading zero: `{}`",
                        self.text(at, at + text.len())
                    ),
                );
            }
            offset = at + text.len();
        }
        if raw.spaced {
            self.report(Code::SpaceInMove, start, end, "space inside a move");
        }
        let first_sep = raw.separators[0];
        if raw
            .separators
            .iter()
            .any(|s| !s.eq_ignore_ascii_case(&first_sep))
        {
            self.report(
                Code::MixedSeparators,
                start,
                end,
                "a move mixes `-` and capture separators",
            );
        }
        let is_capture = raw
            .separators
            .iter()
            .any(|s| matches!(s, b'x' | b'X' | b':'));
        if raw.separators.contains(&b':') && matches!(squares[0], Square::Num(_)) {
            self.report(
                Code::ColonCapture,
                start,
                end,
                "`:` capture in a numeric game; PDN 3.0 writes `x`",
            );
        }
        let separator = match first_sep {
            0 => None,
            _ if is_capture => raw
                .separators
                .iter()
                .find(|s| **s != b'-')
                .map(|s| *s as char),
            s => Some(s as char),
        };
        self.pos = end;
        let mut token = MoveToken {
            kind: if is_capture {
                MoveKind::Capture
            } else {
                MoveKind::Step
            },
            squares,
            separator,
            raw: None,
            span: self.span(start, end),
        };
        // The text differs from the canonical rendering (squares without leading zeros joined
        // by `separator`) exactly when a square is zero-padded, a space follows a separator, or a
        // separator is not the one rendered.
        let rendered_separator = token.separator.map_or(0, |c| c as u8);
        let canonical =
            !padded && !raw.spaced && raw.separators.iter().all(|s| *s == rendered_separator);
        debug_assert_eq!(
            canonical,
            self.bytes[start..end] == *token.canonical().as_bytes()
        );
        if !canonical {
            token.raw = Some(Box::new(self.text(start, end)));
        }
        self.push_token(token);
        // A strength mark glued to the move.
        if matches!(self.peek(), Some(b'!' | b'?' | b'(')) {
            self.try_strength();
        }
        true
    }

    /// Adds the plain move `bytes[start..end]` (`32-28`, `26x17x10`, `c3-d4`): the first
    /// `count` of `squares` joined by one separator, canonical, nothing to report.
    #[inline(always)]
    fn push_plain_move(
        &mut self,
        start: usize,
        end: usize,
        squares: [Square; 4],
        count: usize,
        separator: u8,
    ) {
        let kind = if separator == b'-' {
            MoveKind::Step
        } else {
            MoveKind::Capture
        };
        let number = self.take_pending_number();
        let span = self.span(start, end);
        for square in &squares[..count] {
            self.squares.add(square);
        }
        // (The token is built where the node is written, from values in registers: built here
        // and handed over, it was stored in pieces and loaded whole, and the load stalled.)
        self.push_move(number, kind, || MoveToken {
            kind,
            squares: SmallVec::from_buf_and_len(squares, count),
            separator: Some(separator as char),
            raw: None,
            span,
        });
        debug_assert_eq!(
            self.bytes[start..end],
            *self
                .stack
                .last()
                .expect("a line")
                .line
                .moves
                .last()
                .expect("pushed")
                .token
                .canonical()
                .as_bytes(),
            "plain moves are canonical"
        );
    }

    /// Adds a move read the general way.
    fn push_token(&mut self, token: MoveToken) {
        for square in &token.squares {
            self.squares.add(square);
        }
        let number = self.take_pending_number();
        self.push_move(number, token.kind, || token);
    }

    /// Adds a move of this kind, with the number written before it, to the current line; `token`
    /// builds it in place.
    #[inline(always)]
    fn push_move(
        &mut self,
        number: Option<MoveNumber>,
        kind: MoveKind,
        token: impl FnOnce() -> MoveToken,
    ) {
        self.last_move_end = Some(self.pos);
        self.open_unread = None;
        let main_line = self.stack.len() == 1;
        let frame = self.stack.last_mut().expect("a line is open");
        let expected = frame.next_turn;
        let turn = match number {
            Some(written) => {
                if let Some(expected) = expected
                    && expected.number != written.number
                {
                    self.diagnostics.push(Diagnostic::new(
                        Code::MoveNumberSequence,
                        written.span,
                        format!(
                            "move number {} where {} was expected",
                            written.number, expected.number
                        ),
                    ));
                }
                Some(Turn {
                    number: written.number,
                    second: written.ellipsis
                        || expected.is_some_and(|e| e.second && e.number == written.number),
                })
            }
            None => expected,
        };
        frame.last_turn = turn;
        // After an unknown move (`- -`, sometimes written once per move number) counting resumes
        // at the next written number.
        frame.next_turn = turn
            .filter(|_| kind != MoveKind::Unknown)
            .map(Turn::following);
        let moves = &mut frame.line.moves;
        if moves.is_empty() && main_line {
            // The main line's first move: room for about as many moves as the text up to the
            // next `[` (the next game, or a comment's bracket) can hold, so the list rarely grows.
            let rest = &self.bytes[self.pos..];
            let text = memchr::memchr(b'[', rest).unwrap_or(rest.len());
            moves.reserve((text / 6).clamp(4, 1024));
        }
        // (Room is made first: `push` can then write the node where it is stored, rather than
        // build it on the stack and copy it over, about 3% of parsing's instructions.)
        moves.reserve(1);
        moves.push(MoveNode {
            number,
            token: token(),
            strength: None,
            after: Annotations::new(),
        });
    }

    /// Reads `!?`-style marks (or `(!?)`) after the last move. Returns false if the text here is
    /// not a strength mark.
    fn try_strength(&mut self) -> bool {
        let Ok((rest, _)) = tokens::strength(self.rest()) else {
            return false;
        };
        let start = self.pos;
        let end = self.bytes.len() - rest.len();
        let has_move = self.stack.last().is_some_and(|f| !f.line.moves.is_empty());
        let free = has_move
            && self
                .stack
                .last()
                .and_then(|f| f.line.moves.last())
                .is_some_and(|m| m.strength.is_none());
        if !free {
            return false;
        }
        self.pos = end;
        self.set_strength(start, end);
        true
    }

    fn set_strength(&mut self, start: usize, end: usize) {
        // Junk on both sides of a mark is not adjacent.
        self.open_unread = None;
        let text = self.text(start, end);
        let span = self.span(start, end);
        if let Some(node) = self.stack.last_mut().and_then(|f| f.line.moves.last_mut()) {
            match &mut node.strength {
                Some(existing) => {
                    existing.text.push_str(&text);
                    existing.span.len = (span.end() - existing.span.offset) as u32;
                }
                None => node.strength = Some(Box::new(Strength { text, span })),
            }
        } else {
            self.unread(start, end, false);
        }
    }

    /// Adds an item after the last move of the current line (or before its first move).
    fn annotate(&mut self, item: Annotation) {
        if !matches!(item, Annotation::Unread(_)) {
            self.open_unread = None;
        }
        self.last_move_end = None;
        let line = &mut self.stack.last_mut().expect("a line is open").line;
        match line.moves.last_mut() {
            Some(node) => node.after.push(item),
            None => line.before.push(item),
        }
    }

    // ---- comments, setups, variations --------------------------------------------------------

    fn parse_comment(&mut self) -> Comment {
        let start = self.pos;
        let (style, text_start, text_end, end) = match self.bytes[start] {
            b'{' => match lex::comment_end(self.bytes, start) {
                CommentEnd::Closed { end, nested } => {
                    if nested {
                        self.report(
                            Code::NestedComment,
                            start,
                            end,
                            "`{` inside a comment: read as a nested comment",
                        );
                    }
                    (CommentStyle::Brace, start + 1, end - 1, end)
                }
                unclosed => {
                    let end = match unclosed {
                        CommentEnd::Runaway { end } => end,
                        _ => self.bytes.len(),
                    };
                    self.report(
                        Code::UnclosedComment,
                        start,
                        start + 1,
                        "comment is never closed by `}`",
                    );
                    (CommentStyle::Brace, start + 1, end, end)
                }
            },
            b';' => {
                let end = lex::line_end(self.bytes, start);
                self.report(
                    Code::SemicolonComment,
                    start,
                    end,
                    "`;` comment (not PDN 3.0)",
                );
                (CommentStyle::Semicolon, start + 1, end, end)
            }
            _ => {
                let end = lex::line_end(self.bytes, start);
                (CommentStyle::Percent, start + 1, end, end)
            }
        };
        self.report_control_byte(text_start, text_end, "a comment");
        let text = self.text(text_start, text_end);
        let commands = embedded_commands(&text);
        let span = self.span(start, end);
        self.pos = end;
        Comment {
            style,
            text,
            commands,
            span,
        }
    }

    fn parse_setup(&mut self) {
        let start = self.pos;
        let Ok((rest, fen)) = tokens::setup(self.rest()) else {
            self.unreadable_token();
            return;
        };
        let end = self.bytes.len() - rest.len();
        let fen_start = fen.as_ptr() as usize - self.bytes.as_ptr() as usize;
        let fen_text = self.text(fen_start, fen_start + fen.len());
        let span = self.span(start, end);
        self.pos = end;
        let parsed = super::tags::read_fen(&fen_text, span, &mut self.diagnostics);
        // A new position: move numbers may start again from anything.
        self.stack.last_mut().expect("a line is open").next_turn = None;
        self.annotate(Annotation::Setup(Setup {
            fen: fen_text,
            parsed,
            span,
        }));
    }

    fn open_variation(&mut self) {
        let start = self.pos;
        self.flush_dangling_number("a move number with no move after it");
        if self.stack.len() > MAX_VARIATION_DEPTH {
            // Too deep: keep the whole variation as text.
            let end = matching_paren(self.bytes, start);
            self.report(
                Code::NestingTooDeep,
                start,
                end,
                format!("variations nested deeper than {MAX_VARIATION_DEPTH} levels; kept as text"),
            );
            self.pos = end;
            self.unread(start, end, true);
            return;
        }
        self.pos += 1;
        self.last_move_end = None;
        self.open_unread = None;
        let parent = self.stack.last().expect("a line is open");
        let next_turn = if parent.line.moves.is_empty() {
            parent.next_turn
        } else {
            parent.last_turn
        };
        self.stack.push(Frame::new(start, next_turn));
    }

    fn close_variation(&mut self) {
        let start = self.pos;
        self.pos += 1;
        if self.stack.len() == 1 {
            self.report(
                Code::StrayParenthesis,
                start,
                start + 1,
                "`)` with no variation open",
            );
            self.unread(start, start + 1, false);
            return;
        }
        self.flush_dangling_number("a move number with no move after it");
        let frame = self.stack.pop().expect("checked above");
        let span = self.span(frame.open, self.pos);
        self.annotate(Annotation::Variation(Variation {
            line: frame.line,
            span,
        }));
    }

    fn close_open_variations(&mut self) {
        self.flush_dangling_number("a move number with no move after it");
        while self.stack.len() > 1 {
            let frame = self.stack.pop().expect("checked");
            let here = self.pos;
            self.report(
                Code::UnclosedVariation,
                frame.open,
                frame.open + 1,
                "variation is never closed by `)`",
            );
            let span = self.span(frame.open, here);
            self.annotate(Annotation::Variation(Variation {
                line: frame.line,
                span,
            }));
        }
    }

    // ---- unreadable text ----------------------------------------------------------------------

    /// Reads up to the next whitespace (or delimiter) as unreadable text.
    fn unreadable_token(&mut self) {
        let start = self.pos;
        let mut end = start + 1;
        while end < self.bytes.len()
            && !lex::is_space(self.bytes[end])
            && !matches!(self.bytes[end], b'{' | b'[' | b'(' | b')' | b';')
            && !lex::is_literal_escape(self.bytes, end)
        {
            end += 1;
        }
        self.pos = end;
        self.unread(start, end, true);
    }

    /// Keeps `bytes[start..end]` as unread text; with `report`, says so (adjacent junk is merged
    /// into one item and one report).
    fn unread(&mut self, start: usize, end: usize, report: bool) {
        let merge = self.open_unread.filter(|_| report);
        if let Some(index) = merge {
            let line = &mut self.stack.last_mut().expect("line").line;
            let last = line
                .moves
                .last_mut()
                .map_or(&mut line.before, |m| &mut m.after);
            if let Some(Annotation::Unread(unread)) = last.last_mut() {
                let from = unread.span.offset - self.chunk.base;
                let new_len = (end as u64 - from) as u32;
                unread.span.len = new_len;
                // All of it is kept (a game is at most `max_game_bytes`): `convert` writes it back.
                let gap_start = (from as usize + unread.text.len()).min(start);
                let more = self.chunk.encoding.decode(&self.bytes[gap_start..end]);
                unread.text.push_str(&more);
                self.diagnostics[index].span.len = new_len;
                return;
            }
        }
        let text = self.text(start, end);
        let span = self.span(start, end);
        if report {
            let binary = self.bytes[start..end]
                .iter()
                .any(|b| *b < 0x20 && !lex::is_space(*b));
            let (code, message) = if binary {
                (Code::BinaryData, "binary data, not text".to_string())
            } else {
                (
                    Code::UnreadableText,
                    format!("cannot read `{}` here", preview(&text)),
                )
            };
            self.diagnostics.push(Diagnostic::new(code, span, message));
        }
        self.annotate(Annotation::Unread(Unread { text, span }));
        self.open_unread = report.then(|| self.diagnostics.len() - 1);
    }

    /// A move token, last in the game, written exactly as the game's non-PDN Result tag, as in
    /// `... 13-19 4-6` with `[Result "4-6"]`: that token is the terminator. Only comments may
    /// follow it; a strength mark glued to it is kept as unread text.
    fn try_nonstandard_terminator(&mut self) -> Option<ResultToken> {
        let declared = self.declared_result.as_deref()?;
        if self.stack.len() > 1 || self.pending_number.is_some() {
            return None;
        }
        let rest = self.rest();
        let (after, _) = tokens::move_text(rest).ok()?;
        let written = &rest[..rest.len() - after.len()];
        if written != declared.as_bytes() {
            return None;
        }
        let start = self.pos;
        let end = start + written.len();
        let mark_end = match tokens::strength(after) {
            Ok((after_mark, _)) => self.bytes.len() - after_mark.len(),
            Err(_) => end,
        };
        if !self.only_comments_from(mark_end) {
            return None;
        }
        let declared = declared.to_string();
        let span = self.span(start, end);
        self.diagnostics.push(Diagnostic::new(
            Code::NonstandardTerminator,
            span,
            format!("`{declared}` ends the game as its Result tag says, but is not a PDN result"),
        ));
        self.pos = mark_end;
        if mark_end > end {
            self.report(
                Code::UnreadableText,
                end,
                mark_end,
                format!("a mark after the terminator `{declared}`; kept as text"),
            );
            self.unread(end, mark_end, false);
        }
        Some(ResultToken {
            kind: ResultKind::Unknown,
            nonstandard: Some(declared),
            span,
        })
    }

    /// Whether only whitespace and comments follow `from`, up to the next game or the chunk's end.
    fn only_comments_from(&self, from: usize) -> bool {
        let bytes = self.bytes;
        let mut i = from;
        loop {
            i = lex::space_end(bytes, i);
            match bytes.get(i) {
                None | Some(b'[') => return true,
                Some(b'{') => match lex::comment_end(bytes, i) {
                    CommentEnd::Closed { end, .. } => i = end,
                    CommentEnd::Runaway { .. } | CommentEnd::Unclosed => return true,
                },
                Some(b';') => i = lex::line_end(bytes, i),
                Some(b'%') if lex::at_line_start(bytes, i) => i = lex::line_end(bytes, i),
                Some(_) => return false,
            }
        }
    }
}

/// The end of a `(` group, counting nested parentheses and skipping comments; the end of the
/// bytes (or the next game's tags) if it is never closed. Linear: each byte is looked at once.
fn matching_paren(bytes: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            // A comment that is never closed runs to the end, as `parse_comment` reads it (and
            // its end is not searched for again from every `{` inside it: that was quadratic).
            b'{' => match lex::comment_end(bytes, i) {
                CommentEnd::Closed { end, .. } | CommentEnd::Runaway { end } => {
                    i = end;
                    continue;
                }
                CommentEnd::Unclosed => return bytes.len(),
            },
            b'[' if lex::at_line_start(bytes, i) => return i,
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

fn annotation_offset(annotation: &Annotation) -> u64 {
    match annotation {
        Annotation::Comment(c) => c.span.offset,
        Annotation::Nag(n) => n.span.offset,
        Annotation::Variation(v) => v.span.offset,
        Annotation::Setup(s) => s.span.offset,
        Annotation::Unread(u) => u.span.offset,
    }
}

/// Resolves `\"` and `\\`; returns the value and the offset of the first unescaped inner quote.
fn unescape(raw: &[u8]) -> (std::borrow::Cow<'_, [u8]>, Option<usize>) {
    let inner_quote = raw
        .iter()
        .enumerate()
        .find(|(i, b)| **b == b'"' && (*i == 0 || raw[i - 1] != b'\\'))
        .map(|(i, _)| i);
    if !raw.contains(&b'\\') {
        return (std::borrow::Cow::Borrowed(raw), inner_quote);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'\\' && matches!(raw.get(i + 1), Some(b'"' | b'\\')) {
            out.push(raw[i + 1]);
            i += 2;
        } else {
            out.push(raw[i]);
            i += 1;
        }
    }
    (std::borrow::Cow::Owned(out), inner_quote)
}

/// A control byte that is not PDN whitespace (NUL, ESC, DEL, ...).
fn is_control(b: u8) -> bool {
    (b < 0x20 && !lex::is_space(b)) || b == 0x7F
}

/// Length of the tag name at the start of `bytes`: ASCII letters, digits and `_`, and letters of
/// any script (`Белые`), decoded in the chunk's encoding.
fn tag_name_len(bytes: &[u8], encoding: Encoding) -> usize {
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b.is_ascii_alphanumeric() || b == b'_' {
            i += 1;
            continue;
        }
        if b.is_ascii() {
            break;
        }
        let width = match (encoding.is_utf8(), b) {
            (false, _) => 1,
            (true, 0xF0..) => 4,
            (true, 0xE0..) => 3,
            (true, 0xC0..) => 2,
            _ => break,
        };
        let Some(piece) = bytes.get(i..i + width) else {
            break;
        };
        let letter = encoding
            .decode(piece)
            .chars()
            .next()
            .is_some_and(|c| c != char::REPLACEMENT_CHARACTER && c.is_alphanumeric());
        if !letter {
            break;
        }
        i += width;
    }
    i
}

/// `[%clk 0:05:00]` and the like inside a comment.
fn embedded_commands(text: &str) -> Vec<(String, String)> {
    let mut commands = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("[%") {
        let after = &rest[at + 2..];
        let Some(close) = after.find(']') else { break };
        let body = after[..close].trim();
        let (name, argument) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        commands.push((name.to_string(), argument.trim().to_string()));
        rest = &after[close + 1..];
    }
    commands
}

fn preview(text: &str) -> String {
    let printable: String = text
        .chars()
        .take(40)
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect();
    if text.chars().count() > 40 {
        format!("{printable}…")
    } else {
        printable
    }
}

#[cfg(test)]
mod plain_run_tests {
    use super::*;
    use proptest::prelude::*;

    fn parse(text: &str, plain_runs: bool) -> Vec<Game> {
        let chunk = Chunk {
            bytes: text.as_bytes(),
            base: 0,
            first_line: 1,
            first_column: 0,
            newline: b'\n',
            encoding: Encoding::Utf8,
            at_end_of_input: true,
        };
        let games = parse_chunk_with(&chunk, plain_runs);
        games.into_iter().map(|g| g.game).collect()
    }

    /// Tokens plain and not, near the shapes the plain run reads: results that look like moves,
    /// marks glued to moves, numbers with more dots, padded and three-digit squares.
    const TOKENS: &[&str] = &[
        "26x17x10x1",
        "26x17x10x1x5",
        "1-5-9",
        "1-1-5",
        "26x17-10",
        "26x17x",
        "9x18x27!",
        "46x37x28x19x10",
        "c3-d4",
        "a1xc3",
        "e3:g5",
        "h2-g1!",
        "a10-b9",
        "x3-d4",
        "c0-d1",
        "C3-D4",
        "c3xd4xe5",
        "c3d4",
        "c3-d4x",
        "c3X d4",
        "j1-i2",
        "c3-",
        "12.",
        "1.",
        "9999.",
        "12345.",
        "3...",
        "7..",
        "32-28",
        "28x19",
        "9-14",
        "1-6",
        "1-15",
        "2-7",
        "1-0",
        "1-1",
        "2-0",
        "0-1",
        "0-2",
        "1/2-1/2",
        "*",
        "32-28!",
        "9x18?!",
        "28x19x10",
        "05-09",
        "46-100",
        "32x28(!)",
        "a3-b4",
        "c3:e5",
        "{note}",
        "(",
        ")",
        "$3",
        "--",
        "...",
        "[Event \"x\"]",
        "%c",
        "10x",
        "x",
        "-",
        "Event \"b\"]",
        "[Type de jeu \"21\"]",
        "[Event \"a b\"]",
        "[Event \"caf\u{e9}\"]",
        "[White-Elo \"2000\"]",
        "[Site  \"x\"]",
    ];
    /// Gaps between tokens, literal `\r`/`\n` line-end noise among them.
    const GAPS: &[&str] = &[
        " ", "  ", "\n", " \n ", "\t", "\r\n", "", "\\r\n", "\\r", "\\n ",
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        /// Reading plain runs (and plain tags) changes nothing in what is read, only how fast.
        #[test]
        fn plain_runs_read_what_the_body_loop_reads(
            picks in prop::collection::vec((0..TOKENS.len(), 0..GAPS.len()), 1..60)
        ) {
            let mut text = String::from("[Event \"e\"]\n");
            for (token, gap) in picks {
                text.push_str(TOKENS[token]);
                text.push_str(GAPS[gap]);
            }
            prop_assert_eq!(parse(&text, true), parse(&text, false), "{:?}", text);
        }
    }

    /// Unreadable text on both sides of a move number is two items, the number between them
    /// (it was one item over the number, which was also kept on its own: overlapping items).
    #[test]
    fn junk_is_not_merged_across_a_move_number() {
        let text = "[Event \"e\"]\n14. 15-1817-13 15. 10-1526-23 *\n";
        let games = parse(text, true);
        assert_eq!(games, parse(text, false));
        let texts: Vec<&str> = games[0]
            .moves
            .before
            .iter()
            .map(|a| match a {
                Annotation::Unread(u) => u.text.as_str(),
                _ => "?",
            })
            .collect();
        assert_eq!(texts, ["14.", "15-1817-13", "15.", "10-1526-23"]);
    }

    /// A strength mark between two pieces of junk (the last move's) keeps them apart.
    #[test]
    fn junk_is_not_merged_across_a_strength_mark() {
        let text = "[Event \"e\"]\n1. 32-28 junk ! more *\n";
        let games = parse(text, true);
        let node = &games[0].moves.moves[0];
        assert_eq!(node.strength.as_ref().map(|s| s.text.as_str()), Some("!"));
        let texts: Vec<&str> = node
            .after
            .iter()
            .map(|a| match a {
                Annotation::Unread(u) => u.text.as_str(),
                _ => "?",
            })
            .collect();
        assert_eq!(texts, ["junk", "more"]);
    }

    /// A tag line that lost its `[` keeps its whole name (the short cut for plain tags took the
    /// name to start one byte after the line start, `EN` for `FEN`).
    #[test]
    fn a_bracketless_tag_keeps_its_first_letter() {
        let text = "[Event \"e\"]\n\nFEN \"W:W31:B1\"]\n[Result \"*\"]\n1. 31-27 *\n";
        let games = parse(text, true);
        assert_eq!(games, parse(text, false));
        assert_eq!(games[0].tags[1].name, "FEN");
    }

    #[test]
    fn plain_runs_are_read_in_a_long_game() {
        let text = "[Event \"e\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 33-29 1-0 2-0\n".repeat(3);
        let games = parse(&text, true);
        assert_eq!(games, parse(&text, false));
        assert_eq!(games[0].moves.moves.len(), 5);
        assert_eq!(games[0].moves.moves[4].number.map(|n| n.number), Some(3));
        assert_eq!(games[0].moves.moves[4].token.canonical(), "33-29");
    }
}
