//! The game parser: one chunk of bytes (whole games, as the splitter cut them) to games of the
//! lossless model. It runs the productions of `grammar/pdn.md` that depend on what came before
//! (`file`, `game`, `header`, `body`, `body-item`, `terminator`, `variation`) and, for each
//! item, the nom productions of [`super::grammar`]; it decides what each item means in its
//! place, builds the move tree with an explicit stack (no recursion, so no stack overflow
//! however deep the variations: [`MAX_VARIATION_DEPTH`] bounds it), and reports every deviation
//! with its span.
//!
//! The game and its move text are read here; the parser's other parts are in `tag`, `moves`
//! (move numbers, moves, strength marks), `annotation` (comments, setups, variations) and
//! `unread` (text that is not PDN).

use super::encoding::Encoding;
use super::entities;
use super::grammar;
use super::infer::SquareSummary;
use super::lex::{self, CommentEnd};
use super::model::*;
use super::span::{self, LineIndex, Span};
use crate::finding::{Code, Finding, ListingLimit, push_capped};
use crate::notation::Square;
use smallvec::SmallVec;
use thin_vec::ThinVec;

mod annotation;
mod moves;
mod plain_run;
mod tag;
#[cfg(test)]
mod tests;
mod unread;

pub(crate) use unread::preview;

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
    /// The bytes `bytes` were cut from and where in them `bytes` start, when known: a game's
    /// line index keeps the text around it to the ends of its lines, which may reach before
    /// the chunk (a game that starts on the line where the one before it ends).
    pub around: Option<(&'a [u8], usize)>,
}

impl Chunk<'_> {
    /// The span of `bytes[start..end]`.
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start as u64, end.saturating_sub(start))
    }
}

/// A game as parsed, before tags are interpreted and the variant decided.
pub struct ParsedGame {
    /// (Boxed: a game passes through several queues before it is read, and moving a pointer
    /// is cheaper than moving the game each time.)
    pub game: Box<Game>,
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

/// [`parse_chunk`] with every fast path off (plain runs, plain tags, plain moves): the nom
/// productions alone. The tests hold the fast paths to them.
#[cfg(any(test, feature = "test-support"))]
pub fn parse_chunk_by_productions(chunk: &Chunk<'_>) -> ParsedGames {
    parse_chunk_with(chunk, false)
}

/// [`parse_chunk`], with or without the fast paths (the tests compare the two).
fn parse_chunk_with(chunk: &Chunk<'_>, plain_runs: bool) -> ParsedGames {
    // One parser for the chunk: its buffers serve every game.
    let mut parser = GameParser::new(chunk);
    parser.plain_runs = plain_runs;
    parser.file()
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
    /// The turn of a move written with `number` (or none) where `expected` was expected, and
    /// whether the number is in sequence (the caller reports one that is not).
    #[inline(always)]
    fn of_move(expected: Option<Turn>, number: Option<PendingNumber>) -> (Option<Turn>, bool) {
        let Some(written) = number else {
            return (expected, true);
        };
        let in_sequence = expected.is_none_or(|e| e.number == written.number);
        let turn = Turn {
            number: written.number,
            second: written.ellipsis || (in_sequence && expected.is_some_and(|e| e.second)),
        };
        (Some(turn), in_sequence)
    }

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
    diagnostics: Vec<Finding>,
    /// The game's diagnostics over the limit of one code, counted and not listed.
    left_out: ListingLimit,
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
    /// Whether the fast paths are taken: runs of plain tokens ([`Self::read_plain_run`]), plain
    /// tags ([`Self::plain_tag`]) and plain moves ([`grammar::moves::plain_move`]). The tests
    /// compare reading with and without them.
    plain_runs: bool,
    /// Literal `\r`/`\n` line-end noise in this game: where the first is, and how many.
    escapes: Option<(usize, u32)>,
    /// The places of the others (the finding's `also`: `check --fix` edits each).
    escapes_also: ThinVec<Span>,
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
            left_out: ListingLimit::default(),
            stack: SmallVec::new(),
            pending_number: None,
            last_move_end: None,
            open_unread: None,
            declared_result: None,
            squares: SquareSummary::default(),
            plain_runs: true,
            escapes: None,
            escapes_also: ThinVec::new(),
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        self.chunk.span(start, end)
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
        let (around, at) = chunk.around.unwrap_or((self.bytes, 0));
        LineIndex::build_reaching(
            around,
            (at + from, at + end),
            chunk.base - at as u64,
            first,
            chunk.newline,
            utf8,
        )
    }

    fn report(&mut self, code: Code, start: usize, end: usize, message: impl Into<String>) {
        let span = self.span(start, end);
        push_capped(
            &mut self.diagnostics,
            &mut self.left_out,
            Finding::new(code, span, message),
        );
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
    /// for one report per game): production `ws`, repeated.
    #[inline]
    fn skip_space(&mut self) {
        if !self.plain_runs {
            return self.skip_space_by_production();
        }
        // Fast path of `ws`: a byte loop. The production (`take_while1` on the byte class, then
        // the literal escapes) cost 3.5 M more of the 529 M instructions of parsing OCA_2.0: it
        // runs before every tag and every token outside the plain runs. Held to the production
        // by `lex::tests::space_end_reads_as_the_production_does` and by reading with and
        // without the fast paths (`tests/pdn_grammar.rs`).
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

    /// Production `ws`, run where the fast paths are off (out of line: the fast path above is
    /// inlined where it runs).
    #[inline(never)]
    fn skip_space_by_production(&mut self) {
        while let Ok((rest, piece)) = grammar::ws(self.rest()) {
            if piece[0] == b'\\' {
                self.note_escape(self.pos);
            }
            self.pos = self.bytes.len() - rest.len();
        }
    }

    /// Counts a literal `\r` or `\n` at `at`, keeping its place. (Cold and out of line: it
    /// keeps [`Self::skip_space`], which calls it, small enough to be inlined where it runs.)
    #[cold]
    #[inline(never)]
    fn note_escape(&mut self, at: usize) {
        match &mut self.escapes {
            Some((_, count)) => {
                *count += 1;
                let span = self.span(at, at + 2);
                self.escapes_also.push(span);
            }
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
        let Some((first, _)) = self.escapes.take() else {
            return;
        };
        let text = if self.bytes[first + 1] == b'r' {
            "\\r"
        } else {
            "\\n"
        };
        // (The count of the others is said once the game's habits are collapsed.)
        let message = format!("literal `{text}` text; read as a line end");
        let span = self.span(first, first + 2);
        let at = self
            .diagnostics
            .iter()
            .position(|d| d.span.offset > span.offset)
            .unwrap_or(self.diagnostics.len());
        self.diagnostics.insert(
            at,
            Finding {
                also: std::mem::take(&mut self.escapes_also),
                ..Finding::new(Code::LiteralEscape, span, message)
            },
        );
    }

    /// Skips whitespace; returns whether a blank line was crossed.
    fn skip_space_across_blank(&mut self) -> bool {
        let start = self.pos;
        self.skip_space();
        let gap = &self.bytes[start..self.pos];
        gap.windows(2).any(|w| w == b"\n\n" || w == b"\r\r")
            || gap.windows(4).any(|w| w == b"\n\r\n\r" || w == b"\r\n\r\n")
    }

    /// Production `file` within one chunk: `{ ws | game }` (the `bom` is the splitter's).
    fn file(&mut self) -> ParsedGames {
        let mut games = ParsedGames::new();
        while let Some(parsed) = self.game() {
            games.push(parsed);
        }
        games
    }

    /// Production `game`: `header body [ terminator ]`, the game that starts at `pos` (after any
    /// whitespace); moves `pos` past it.
    fn game(&mut self) -> Option<ParsedGame> {
        // A new game: the state of the last one goes.
        self.stack.clear();
        self.stack.push(Frame::new(self.pos, None));
        self.pending_number = None;
        // (Left as the last game's `finish` left it, unless that game was not finished.)
        if !self.left_out.is_clear() {
            self.left_out = ListingLimit::default();
        }
        self.last_move_end = None;
        self.open_unread = None;
        self.squares = SquareSummary::default();
        self.escapes = None;
        self.escapes_also.clear();
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

        let next_game_here = self.header(&mut tags, &mut header_comments);

        self.declared_result = tags
            .iter()
            .find(|t| t.name == "Result")
            .map(|t| t.value.trim())
            .filter(|v| !v.is_empty() && ResultKind::parse(v).is_none())
            .map(str::to_string);
        let body_start = self.pos;
        let end = if next_game_here {
            BodyEnd::NextGame
        } else {
            self.body()
        };
        let main = self.stack.pop().expect("main line").line;
        let mut terminated = true;
        let result = match end {
            BodyEnd::Terminator(token) => {
                self.skip_trailing_escapes();
                Some(token)
            }
            BodyEnd::NextGame | BodyEnd::EndOfChunk => {
                terminated = false;
                // No terminator is missing where no moves were written: a record of tags alone
                // (an export of headers) gets N-NO-MOVES below, a position its setup.
                let headers_only = !tags.is_empty() && main.is_empty();
                if (self.pos > body_start || !tags.is_empty()) && !headers_only {
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

        // A record with a setup and no moves is a position (a problem, one line of a position
        // file): the setup is what it holds, so only a record of tags alone gets the note.
        let has_setup = tags.iter().any(|t| t.name.eq_ignore_ascii_case("FEN"));
        if let (Some(first), Some(last)) = (tags.first(), tags.last())
            && main.is_empty()
            && !has_setup
            // A forfeit written `1. 0-2` has its finding at the move number already.
            && !self.diagnostics.iter().any(|d| d.code == Code::DanglingMoveNumber)
        {
            // At the tags, from the first to the end of the last.
            let end = last.span.offset + u64::from(last.span.len);
            let len = usize::try_from(end.saturating_sub(first.span.offset)).unwrap_or(0);
            let message = if result.is_some() {
                "a record with tags and a result but no moves"
            } else {
                "a record with tags and no moves"
            };
            let finding = Finding::new(Code::NoMoves, Span::new(first.span.offset, len), message);
            push_capped(&mut self.diagnostics, &mut self.left_out, finding);
        }
        if tags.is_empty()
            && main.is_empty()
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
        if tags.is_empty() && main.is_empty() && result.is_none() {
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
            } else if main.before.is_empty()
                && header_comments.is_empty()
                // (A stray `[` alone has its own finding.)
                && !self.diagnostics.iter().any(|d| d.code == Code::StrayBracket)
            {
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
        self.left_out.finish(&mut self.diagnostics);
        let lines = self.index_lines(self.pos);
        let game = Box::new(Game {
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
            encoding: self.chunk.encoding,
            lines,
        });
        Some(ParsedGame {
            game,
            end: self.pos,
            terminated,
            squares: self.squares,
        })
    }

    /// Production `body`: `{ body-item }`, up to the terminator, the next game or the end of
    /// the chunk. Variations open and close on the explicit stack (production `variation`), so
    /// this loop is the body of every line.
    fn body(&mut self) -> BodyEnd {
        loop {
            self.skip_space();
            if let Some(end) = self.body_item() {
                return end;
            }
        }
    }

    /// Production `body-item`: `move-number | move | comment | line-comment | variation | nag |
    /// setup | ellipsis` (and the terminator, the stray and unreadable text the body also meets),
    /// chosen by its first byte; the production it starts is run. `Some` when the body ends here.
    #[inline(always)]
    fn body_item(&mut self) -> Option<BodyEnd> {
        let Some(b) = self.peek() else {
            self.close_open_variations();
            return Some(BodyEnd::EndOfChunk);
        };
        let start = self.pos;
        match b {
            b'[' => {
                self.close_open_variations();
                return Some(BodyEnd::NextGame);
            }
            b'{' | b';' => self.read_comment(),
            b'%' if lex::at_line_start(self.bytes, start) => self.read_comment(),
            b'}' => self.read_stray_brace(start),
            b'(' => {
                if self.try_strength() {
                    return None;
                }
                self.variation();
            }
            b')' => self.variation(),
            b'$' => self.read_nag(start),
            b'/' => self.parse_setup(),
            b'*' if self.last_move_end == Some(start) => self.read_forced_move_mark(start),
            b'!' | b'?' => {
                if !self.try_strength() {
                    self.unreadable_token();
                }
            }
            b'-' => {
                if let Some(terminator) = self.try_dash_terminator() {
                    return Some(BodyEnd::Terminator(terminator));
                }
                self.read_unknown_move(start)
            }
            b'.' => self.read_dots(start),
            b'0'..=b'9'
                if self.declared_result.is_none()
                    && !grammar::moves::may_be_result(self.rest()) =>
            {
                // A move number or a move (nearly every token): no result to try first.
                if self.plain_runs && self.read_plain_run() {
                    return None;
                }
                self.read_number_or_move();
            }
            b'A'..=b'Z' if self.at_bracketless_tag() => {
                // `Event "b"]`: a tag that lost its `[`, right before the next game's tags,
                // opens that header (where the splitter cuts).
                self.close_open_variations();
                return Some(BodyEnd::NextGame);
            }
            b'*' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' => {
                if b.is_ascii_lowercase()
                    && self.declared_result.is_none()
                    && self.plain_runs
                    && self.read_plain_run()
                {
                    return None;
                }
                if let Some(terminator) = self.terminator(start) {
                    return Some(BodyEnd::Terminator(terminator));
                }
                if self.try_move_number() || self.try_move() {
                    return None;
                }
                self.unreadable_token();
            }
            _ => self.unreadable_token(),
        }
        if self.pos == start {
            // Defensive: never loop without progress.
            self.unreadable_token();
        }
        None
    }

    /// `{...}`, `;...` or `%...` (at the start of a line).
    fn read_comment(&mut self) {
        let comment = self.parse_comment();
        self.annotate(Annotation::from(comment));
    }

    /// `}` with no comment open: reported, kept as text.
    fn read_stray_brace(&mut self, start: usize) {
        self.pos += 1;
        self.report(
            Code::StrayBrace,
            start,
            start + 1,
            "`}` with no comment open",
        );
        self.unread(start, start + 1, false);
    }

    /// `$14`: production `nag` (a value past 65535 is unreadable).
    fn read_nag(&mut self, start: usize) {
        let Ok((rest, value)) = grammar::moves::nag(self.rest()) else {
            return self.unreadable_token();
        };
        let end = self.bytes.len() - rest.len();
        let span = self.span(start, end);
        self.pos = end;
        self.annotate(Annotation::from(Nag { value, span }));
    }

    /// `*` right after a move: the old forced-move mark, kept as the move's strength.
    fn read_forced_move_mark(&mut self, start: usize) {
        self.pos += 1;
        self.report(
            Code::ForcedMoveMark,
            start,
            start + 1,
            "`*` after a move: old forced-move mark",
        );
        self.set_strength(start, start + 1);
    }

    /// `- -` or `--`: a move not known.
    fn read_unknown_move(&mut self, start: usize) {
        let Ok((rest, _)) = grammar::moves::unknown_move(self.rest()) else {
            return self.unreadable_token();
        };
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

    /// Production `ellipsis`: `...` standing alone (the ellipsis of the number before it), or a
    /// lone `.`.
    fn read_dots(&mut self, start: usize) {
        let dots = grammar::moves::ellipsis(self.rest()).map_or(1, |(_, dots)| dots.len());
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

    /// Digits that are not a plain run: a move number (digits and `.`) or a move.
    fn read_number_or_move(&mut self) {
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

    /// Production `terminator`: `result` (`1-0`, `*`, ...; or **[ext]** a non-standard one
    /// matching the Result tag), if one starts here: the variations still open are closed.
    fn terminator(&mut self, start: usize) -> Option<ResultToken> {
        let read = if self.plain_runs {
            grammar::moves::plain_result(self.rest())
        } else {
            grammar::moves::result(self.rest())
                .ok()
                .map(|(rest, token)| (self.bytes.len() - rest.len() - start, token))
        };
        if let Some((len, token)) = read {
            let end = start + len;
            let kind = ResultKind::parse(std::str::from_utf8(token).unwrap_or("*"))
                .unwrap_or(ResultKind::Unknown);
            self.pos = end;
            self.flush_dangling_number("a move number followed by the result (a forfeited game?)");
            self.close_open_variations();
            let span = self.span(start, end);
            return Some(ResultToken {
                kind,
                nonstandard: None,
                span,
            });
        }
        self.try_nonstandard_terminator()
    }
}
