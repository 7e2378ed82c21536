//! The edit of each code `check --fix` repairs, at one place of a finding, read from the game's
//! own text; and what each does, in words, for the catalogue. The repaired forms are the ones
//! `convert --fix` writes (the same date, the same terminator), so the two fixers agree.

use super::ByteEdit;
use crate::check::GameReport;
use crate::finding::{Code, Finding};
use crate::reader::{ResultKind, Span, normalise_date};
use crate::replay::SEPARATOR_OF_A_CAPTURE;
use crate::variant::Variant;

/// What `check --fix` writes for `code`, for `explain` and `docs/codes.md` (`None`: no edit).
pub fn describe(code: Code) -> Option<&'static str> {
    Some(match code {
        Code::DateFormat => {
            "the Date value is written `YYYY.MM.DD`, as `convert --fix` writes it, where the form \
             it is in leaves no doubt: year first (`2004-10-27`, `2004/10/27`), or day first \
             with dots (`27.10.2004`); other dates (`10/27/2004`, `Oct 2004`) are left as they are"
        }
        Code::ZeroPaddedSquare => "the leading zeros are removed (`06-11` becomes `6-11`)",
        Code::FenZeroPaddedSquare => {
            "the leading zeros of the FEN tag's squares are removed (`W:W06,09` becomes `W:W6,9`)"
        }
        Code::ColonCapture => "each `:` of the move is written `x`",
        Code::MixedSeparators => {
            "every separator of the move is written as the capture separator (`x`; `:` in \
             Russian)"
        }
        Code::SeparatorMismatch => {
            "a capture written with `-` (or `X`) gets the capture separator (`x`; `:` in \
             Russian), a move that captures nothing written with a capture separator gets `-`; \
             a place where what was written leaves the way it is wrong in doubt is left, and the \
             finding with it"
        }
        Code::MissingTerminator | Code::NoTerminatorAtEnd => {
            "the terminator is added after the game's last text: the Result tag's value when it \
             is a PDN result, else `*` (as `convert --fix` adds it); on a line of its own when \
             that line could hold a `;` or `%` comment; not in a game with a comment or a \
             variation left open, which would hold it"
        }
        Code::ResultMismatch | Code::ResultIncomplete => {
            "the Result tag is given the terminator's value, only where that is certain: the \
             whole main line replays, its final position decides the game (the side to move \
             has no move, or a decision such as Breakthrough's first king), no draw rule held, \
             and the terminator gives the game to the same side as that position; otherwise \
             nothing is changed"
        }
        Code::TagPadding => "the spaces between `[` and the tag name are removed",
        Code::TagMissingBracket => "the missing `[` is added at the start of the tag",
        Code::StrayBracket => {
            "the stray `[` is removed: a doubled one, or the line it stands alone on"
        }
        Code::LiteralEscape => {
            "each run of literal `\\r`/`\\n` text is removed where a line end is already next \
             to it, and written as a line end (the file's own) elsewhere"
        }
        _ => return None,
    })
}

/// The game's text around a place: its bytes and the file offset they start at.
struct Text<'a> {
    start: u64,
    bytes: &'a [u8],
}

impl<'a> Text<'a> {
    fn of(game: &'a GameReport) -> Self {
        let (start, bytes) = game.lines.text();
        Text { start, bytes }
    }

    /// The index in `bytes` of file offset `offset`, when the text reaches it.
    fn at(&self, offset: u64) -> Option<usize> {
        let at = usize::try_from(offset.checked_sub(self.start)?).ok()?;
        (at <= self.bytes.len()).then_some(at)
    }

    fn get(&self, span: Span) -> Option<&'a [u8]> {
        let start = self.at(span.offset)?;
        self.bytes.get(start..start.checked_add(span.len as usize)?)
    }

    fn edit(&self, start: usize, end: usize, text: impl Into<String>) -> ByteEdit {
        ByteEdit {
            span: Span::new(self.start + start as u64, end - start),
            text: text.into(),
            original: self.bytes[start..end].to_vec(),
        }
    }

    /// The line end the text uses (`\r\n`, `\n`, or an old Mac file's `\r`).
    fn line_end(&self) -> &'static str {
        if memchr::memmem::find(self.bytes, b"\r\n").is_some() {
            "\r\n"
        } else if self.bytes.contains(&b'\n') || !self.bytes.contains(&b'\r') {
            "\n"
        } else {
            "\r"
        }
    }
}

fn is_line_end(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The edits that fix `finding` at every one of its places, or `None` when one place has no
/// certain edit (the finding is then left whole).
pub(super) fn edits(game: &GameReport, finding: &Finding) -> Option<Vec<ByteEdit>> {
    let text = Text::of(game);
    let mut edits = Vec::new();
    if matches!(finding.code, Code::ResultMismatch | Code::ResultIncomplete) {
        edits.push(result_tag(game, &text)?);
        return Some(edits);
    }
    if finding.code == Code::LiteralEscape {
        return literal_escapes(finding, &text);
    }
    for &place in std::iter::once(&finding.span).chain(&finding.also) {
        let at = text.at(place.offset)?;
        let bytes = text.get(place)?;
        match finding.code {
            Code::DateFormat => edits.push(date(&text, at, bytes)?),
            Code::ZeroPaddedSquare => {
                let zeros = bytes.iter().take_while(|&&b| b == b'0').count();
                let zeros = zeros.min(bytes.len().saturating_sub(1));
                if zeros == 0 || !bytes.iter().all(u8::is_ascii_digit) {
                    return None;
                }
                edits.push(text.edit(at, at + zeros, ""));
            }
            Code::ColonCapture => {
                edits.extend(separators(&text, at, bytes, |b| (b == b':').then_some('x')));
            }
            Code::MixedSeparators => {
                let capture = capture_separator(game, bytes);
                edits.extend(separators(&text, at, bytes, |b| {
                    (is_separator(b) && b != capture as u8).then_some(capture)
                }));
            }
            Code::SeparatorMismatch => {
                let capture = capture_separator(game, bytes);
                let captures = if place == finding.span {
                    finding.message.starts_with(SEPARATOR_OF_A_CAPTURE)
                } else {
                    // The other places of the habit, by what is written: `-` alone on a move
                    // flagged is a capture; the capture separator alone, a move that captures
                    // nothing. Anything else (`X`, `x` in Russian) is not certain.
                    let written: Vec<u8> =
                        bytes.iter().copied().filter(|&b| is_separator(b)).collect();
                    if written.iter().all(|&b| b == b'-') {
                        true
                    } else if written.iter().all(|&b| b == capture as u8) {
                        false
                    } else {
                        return None;
                    }
                };
                let to = if captures { capture } else { '-' };
                edits.extend(separators(&text, at, bytes, |b| {
                    (is_separator(b) && b != to as u8).then_some(to)
                }));
            }
            Code::MissingTerminator | Code::NoTerminatorAtEnd => {
                // A comment or variation left open would swallow the terminator added.
                let open = game
                    .findings
                    .iter()
                    .any(|f| matches!(f.code, Code::UnclosedComment | Code::UnclosedVariation));
                if open {
                    return None;
                }
                edits.push(terminator(game, &text, at)?);
            }
            Code::TagPadding => {
                if !bytes.iter().all(|&b| b == b' ') {
                    return None;
                }
                edits.push(text.edit(at, at + bytes.len(), ""));
            }
            Code::FenZeroPaddedSquare => edits.extend(fen_zeros(&text, at, bytes)?),
            Code::TagMissingBracket => edits.push(text.edit(at, at, "[")),
            Code::StrayBracket => edits.push(stray_bracket(&text, at, bytes)?),
            _ => return None,
        }
    }
    Some(edits)
}

fn is_separator(b: u8) -> bool {
    matches!(b, b'-' | b'x' | b'X' | b':')
}

/// The capture separator a move's game writes: `x`, or `:` in Russian's algebraic squares.
fn capture_separator(game: &GameReport, move_text: &[u8]) -> char {
    let algebraic = move_text.first().is_some_and(u8::is_ascii_alphabetic);
    if algebraic && game.variant == Some(Variant::Russian) {
        ':'
    } else {
        'x'
    }
}

/// An edit of each separator of a move `to` says to write otherwise.
fn separators(
    text: &Text,
    at: usize,
    move_text: &[u8],
    to: impl Fn(u8) -> Option<char>,
) -> Vec<ByteEdit> {
    move_text
        .iter()
        .enumerate()
        .filter_map(|(k, &b)| to(b).map(|c| text.edit(at + k, at + k + 1, c)))
        .collect()
}

/// The value of a tag written at `at` (`bytes`), between its quotes: its offset and its bytes
/// (none with an escape: the value read is then not the text).
fn quoted_value(at: usize, bytes: &[u8]) -> Option<(usize, &[u8])> {
    let first = memchr::memchr(b'"', bytes)?;
    let last = memchr::memrchr(b'"', bytes)?;
    let value = bytes.get(first + 1..last)?;
    (!value.contains(&b'\\')).then_some((at + first + 1, value))
}

fn date(text: &Text, at: usize, tag: &[u8]) -> Option<ByteEdit> {
    let (start, value) = quoted_value(at, tag)?;
    let fixed = normalise_date(std::str::from_utf8(value).ok()?)?;
    Some(text.edit(start, start + value.len(), fixed))
}

/// The leading zeros of the squares of a FEN tag written at `at` (`bytes`): each number that
/// starts a square or a range end (after `:`, `,`, `-`, a colour or `K`) loses its zeros.
fn fen_zeros(text: &Text, at: usize, tag: &[u8]) -> Option<Vec<ByteEdit>> {
    if tag.first() != Some(&b'[') {
        return None;
    }
    let (start, value) = quoted_value(at, tag)?;
    let mut edits = Vec::new();
    let mut k = 0;
    while k < value.len() {
        let starts_square =
            k == 0 || matches!(value[k - 1], b':' | b',' | b'-' | b'W' | b'B' | b'K');
        let digits = value[k..].iter().take_while(|b| b.is_ascii_digit()).count();
        if starts_square && digits > 1 && value[k] == b'0' {
            let zeros = value[k..k + digits - 1]
                .iter()
                .take_while(|&&b| b == b'0')
                .count();
            edits.push(text.edit(start + k, start + k + zeros, ""));
        }
        k += digits.max(1);
    }
    (!edits.is_empty()).then_some(edits)
}

/// The terminator added at `at`, just after the game's last text.
fn terminator(game: &GameReport, text: &Text, at: usize) -> Option<ByteEdit> {
    let token = game
        .tags
        .iter()
        .find(|t| t.standard() == "Result")
        .and_then(|t| ResultKind::parse(t.value.trim()))
        .unwrap_or(ResultKind::Unknown)
        .as_str();
    let line_start = text.bytes[..at]
        .iter()
        .rposition(|&b| is_line_end(b))
        .map_or(0, |k| k + 1);
    let line = &text.bytes[line_start..at];
    // A `;` comment runs to the line's end, and so does a `%` line: the terminator goes below.
    let comment_may_run_on =
        line.contains(&b';') || line.iter().find(|&&b| !is_blank(b)) == Some(&b'%');
    let added = if comment_may_run_on {
        format!("{}{token}", text.line_end())
    } else if at == 0 || text.bytes[at - 1].is_ascii_whitespace() {
        token.to_string()
    } else {
        format!(" {token}")
    };
    Some(text.edit(at, at, added))
}

/// A stray `[`: a doubled one removed; one alone on its line removed with its line.
fn stray_bracket(text: &Text, at: usize, bytes: &[u8]) -> Option<ByteEdit> {
    if bytes != b"[" {
        return None;
    }
    let b = text.bytes;
    let mut line_start = at;
    while line_start > 0 && is_blank(b[line_start - 1]) {
        line_start -= 1;
    }
    let mut after = at + 1;
    while after < b.len() && is_blank(b[after]) {
        after += 1;
    }
    let alone_before = line_start == 0 || is_line_end(b[line_start - 1]);
    let alone_after = after == b.len() || is_line_end(b[after]);
    if !(alone_before && alone_after) {
        return Some(text.edit(at, at + 1, ""));
    }
    // Through its line end (`\r\n` is one).
    let mut end = after;
    if b.get(end) == Some(&b'\r') {
        end += 1;
    }
    if b.get(end) == Some(&b'\n') {
        end += 1;
    }
    Some(text.edit(line_start, end, ""))
}

/// Literal `\r`/`\n` text: each run of it (escapes written one after the other) removed where a
/// line end is already next to it, else written as one line end.
fn literal_escapes(finding: &Finding, text: &Text) -> Option<Vec<ByteEdit>> {
    let mut places: Vec<usize> = Vec::with_capacity(1 + finding.also.len());
    for &place in std::iter::once(&finding.span).chain(&finding.also) {
        let at = text.at(place.offset)?;
        if !matches!(text.get(place)?, b"\\r" | b"\\n") {
            return None;
        }
        places.push(at);
    }
    places.sort_unstable();
    places.dedup();
    let b = text.bytes;
    let mut edits = Vec::new();
    let mut k = 0;
    while k < places.len() {
        let start = places[k];
        let mut end = start + 2;
        k += 1;
        while k < places.len() && places[k] == end {
            end += 2;
            k += 1;
        }
        let mut after = end;
        while after < b.len() && is_blank(b[after]) {
            after += 1;
        }
        let mut before = start;
        while before > 0 && is_blank(b[before - 1]) {
            before -= 1;
        }
        let line_end_next =
            after == b.len() || is_line_end(b[after]) || before == 0 || is_line_end(b[before - 1]);
        let written = if line_end_next { "" } else { text.line_end() };
        edits.push(text.edit(start, end, written));
    }
    Some(edits)
}

/// Who a result gives the game to: the first mover (`Some(true)`), the second
/// (`Some(false)`), or a draw (`None`); `*` and `0-0` give nothing to compare.
fn winner(kind: ResultKind) -> Option<Option<bool>> {
    match kind {
        ResultKind::OneZero | ResultKind::TwoZero => Some(Some(true)),
        ResultKind::ZeroOne | ResultKind::ZeroTwo => Some(Some(false)),
        ResultKind::Half | ResultKind::OneOne => Some(None),
        ResultKind::ZeroZero | ResultKind::Unknown => None,
    }
}

/// The Result tag given the terminator's value, where the terminator and the final position
/// agree (the rule [`describe`] states).
fn result_tag(game: &GameReport, text: &Text) -> Option<ByteEdit> {
    if !game.draws.is_empty() {
        return None;
    }
    let terminator = game.result.terminator.as_deref()?;
    let said = winner(ResultKind::parse(terminator)?)?;
    let computed = winner(ResultKind::parse(game.result.computed?)?)?;
    if said != computed {
        return None;
    }
    let tag = game.tags.iter().find(|t| t.standard() == "Result")?;
    let at = text.at(tag.span.offset)?;
    let (start, value) = quoted_value(at, text.get(tag.span)?)?;
    (value != terminator.as_bytes()).then(|| text.edit(start, start + value.len(), terminator))
}
