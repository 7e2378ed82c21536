//! Move numbers, moves and their strength marks, read the general way (the runs of plain tokens
//! most move text is made of have their own reader, `plain_run`).

use super::*;
use crate::reader::model::PlainNumber;

impl GameParser<'_> {
    pub(super) fn try_move_number(&mut self) -> bool {
        let read = if self.plain_runs {
            grammar::moves::move_number_fast(self.rest())
        } else {
            grammar::moves::move_number(self.rest())
                .ok()
                .map(|(rest, (digits, dots))| (rest, digits, dots))
        };
        let Some((rest, digits, dots)) = read else {
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

    /// The move number read for a move, with its span.
    fn move_number(&self, pending: PendingNumber) -> MoveNumber {
        MoveNumber {
            number: pending.number,
            ellipsis: pending.ellipsis,
            span: self.span(pending.start, pending.end),
        }
    }

    /// Reports (and keeps as text) a move number that no move followed.
    pub(super) fn flush_dangling_number(&mut self, why: &str) {
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
            // Past the limit of listed diagnostics, a number right after unread text is kept
            // in that item (memory in proportion to the game's size; the text is all kept).
            if self.left_out.any() && self.extend_last_unread(start, end) {
                return;
            }
            // Keep the number where it was written: items may have been added since.
            let text = self.text(start, end);
            let item = Annotation::from(Unread { text, span });
            let line = &mut self.stack.last_mut().expect("a line is open").line;
            let list = match line.last_after_mut() {
                Some(after) => after,
                None => &mut line.before,
            };
            // The list is in source order, and only what was read after the number can follow
            // it: searched from the back, so a game of numbers alone is read in linear time.
            let at = list
                .iter()
                .rposition(|a| a.offset() <= span.offset)
                .map_or(0, |i| i + 1);
            // NAGs read after the number, in the run of NAGs before it, go after it.
            if let Some(Annotation::Nags(run)) = at.checked_sub(1).map(|i| &mut list[i])
                && let Some(later) = run.split_after(span.offset)
            {
                list.insert(at, Annotation::Nags(later));
            }
            if at == list.len() {
                list.push(item);
            } else {
                list.insert(at, item);
            }
        }
    }

    pub(super) fn try_move(&mut self) -> bool {
        let start = self.pos;
        if self.plain_runs
            && let Some((len, from, separator, to)) = grammar::moves::plain_move(self.rest())
        {
            // The common shape (`32-28`, `28x19`): canonical, nothing to report.
            let end = start + len;
            self.pos = end;
            self.push_plain_move(start, end, from, to, separator);
            if matches!(self.peek(), Some(b'!' | b'?' | b'(')) {
                self.try_strength();
            }
            return true;
        }
        let read = if self.plain_runs {
            grammar::moves::move_fast(self.rest())
        } else {
            grammar::moves::r#move(self.rest()).ok()
        };
        let Some((rest, raw)) = read else {
            return false;
        };
        let end = self.bytes.len() - rest.len();
        if !rest
            .first()
            .is_none_or(|b| grammar::is_delimiter(*b) || *b == b'*' || *b == b'!' || *b == b'?')
        {
            return false;
        }
        let mut squares: SmallVec<[Square; 4]> = SmallVec::new();
        let mut offset = start;
        let mut padded = false;
        for text in &raw.squares {
            let Some(square) = grammar::moves::square_value(text) else {
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
        let Some(&first_sep) = raw.separators.first() else {
            // No separator: a move of one square, `d5`.
            return self.push_one_square(start, end, squares[0]);
        };
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

    /// Adds the plain move `bytes[start..end]`, `from` and `to` joined by `separator` (`32-28`,
    /// `28x19`): canonical, nothing to report in the token.
    #[inline(always)]
    fn push_plain_move(&mut self, start: usize, end: usize, from: u8, to: u8, separator: u8) {
        let (squares, count) = (|| [from, to, from, to].map(Square::Num), 2);
        self.squares.add_numeric(from.max(to));
        let kind = plain_kind(separator);
        // (The number and the move go into the line as plain values, not as a `MoveNumber` and a
        // `Span`: a struct assembled field by field and then copied whole stalls the copy.)
        let pending = self.pending_number.take();
        let offset = self.chunk.base + start as u64;
        // (`Some(None)`: a number a record cannot hold, written too far before its move.)
        let number = pending
            .map(|p| PlainNumber::new(p.number, p.ellipsis, start - p.start, p.end - p.start));
        let line = self.open_move(pending, kind);
        match number {
            None => line.push_plain(offset, end - start, None, kind, squares, count, separator),
            Some(Some(n)) => line.push_plain(
                offset,
                end - start,
                Some(n),
                kind,
                squares,
                count,
                separator,
            ),
            Some(None) => {
                let number = pending.map(|p| self.move_number(p));
                let token = MoveToken {
                    kind,
                    squares: SmallVec::from_slice(&squares()[..count]),
                    separator: Some(separator as char),
                    raw: None,
                    span: self.span(start, end),
                };
                let line = &mut self.stack.last_mut().expect("a line is open").line;
                line.push(MoveNode::new(number, token));
            }
        }
        debug_assert_eq!(
            self.bytes[start..end],
            *self
                .stack
                .last()
                .expect("a line")
                .line
                .last()
                .expect("pushed")
                .canonical()
                .as_bytes(),
            "plain moves are canonical"
        );
    }

    /// Adds the move of one square `bytes[start..end]` (`d5`, a Hawaiian opening removal as a
    /// person writes it), and the strength mark glued to it. (Out of line: the moves of every
    /// other variant pay nothing for it.)
    #[cold]
    #[inline(never)]
    fn push_one_square(&mut self, start: usize, end: usize, square: Square) -> bool {
        self.pos = end;
        let token = MoveToken {
            kind: MoveKind::Step,
            squares: SmallVec::from_elem(square, 1),
            separator: None,
            raw: None,
            span: self.span(start, end),
        };
        // (Not through `push_token`: one square tells no variant, and a stray `d5` in a
        // numeric game must not make its squares algebraic.)
        let pending = self.pending_number.take();
        let number = pending.map(|p| self.move_number(p));
        self.open_move(pending, token.kind)
            .push(MoveNode::new(number, token));
        if matches!(self.peek(), Some(b'!' | b'?' | b'(')) {
            self.try_strength();
        }
        true
    }

    /// Adds a move read the general way.
    pub(super) fn push_token(&mut self, token: MoveToken) {
        for square in &token.squares {
            self.squares.add(square);
        }
        let pending = self.pending_number.take();
        let number = pending.map(|p| self.move_number(p));
        self.open_move(pending, token.kind)
            .push(MoveNode::new(number, token));
    }

    /// Counts a move of this kind, with the number written before it, in the current line, and
    /// returns the line to add it to.
    #[inline(always)]
    fn open_move(&mut self, number: Option<PendingNumber>, kind: MoveKind) -> &mut Line {
        self.last_move_end = Some(self.pos);
        self.open_unread = None;
        let main_line = self.stack.len() == 1;
        let frame = self.stack.last_mut().expect("a line is open");
        let (turn, in_sequence) = Turn::of_move(frame.next_turn, number);
        if let (false, Some(written), Some(expected)) = (in_sequence, number, frame.next_turn) {
            let span = self.chunk.span(written.start, written.end);
            push_capped(
                &mut self.diagnostics,
                &mut self.left_out,
                Finding::new(
                    Code::MoveNumberSequence,
                    span,
                    format!(
                        "move number {} where {} was expected",
                        written.number, expected.number
                    ),
                ),
            );
        }
        frame.last_turn = turn;
        // After an unknown move (`- -`, sometimes written once per move number) counting resumes
        // at the next written number.
        frame.next_turn = turn
            .filter(|_| kind != MoveKind::Unknown)
            .map(Turn::following);
        let line = &mut frame.line;
        if main_line {
            reserve_for_game(line, &self.bytes[self.pos..]);
        }
        line
    }

    /// Reads `!?`-style marks (or `(!?)`) after the last move. Returns false if the text here is
    /// not a strength mark.
    pub(super) fn try_strength(&mut self) -> bool {
        let Ok((rest, _)) = grammar::moves::strength(self.rest()) else {
            return false;
        };
        let start = self.pos;
        let end = self.bytes.len() - rest.len();
        let has_move = self.stack.last().is_some_and(|f| !f.line.is_empty());
        let free = has_move
            && self
                .stack
                .last()
                .and_then(|f| f.line.last())
                .is_some_and(|m| m.strength().is_none());
        if !free {
            return false;
        }
        self.pos = end;
        self.set_strength(start, end);
        true
    }

    pub(super) fn set_strength(&mut self, start: usize, end: usize) {
        // Junk on both sides of a mark is not adjacent.
        self.open_unread = None;
        let text = self.text(start, end);
        let span = self.span(start, end);
        if let Some(node) = self.stack.last_mut().and_then(|f| f.line.last_mut()) {
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
}

/// Before the main line's first move, room for about as many moves as the `rest` of the text up
/// to the next `[` (the next game, or a comment's bracket) can hold, so the list rarely grows.
#[inline(always)]
pub(super) fn reserve_for_game(line: &mut Line, rest: &[u8]) {
    if line.is_empty() {
        let text = memchr::memchr(b'[', rest).unwrap_or(rest.len());
        line.reserve((text / 6).clamp(4, 1024));
    }
}

/// The kind of a plain move by its separator: `-` a step; `x` or `:` a capture.
#[inline(always)]
pub(super) fn plain_kind(separator: u8) -> MoveKind {
    if separator == b'-' {
        MoveKind::Step
    } else {
        MoveKind::Capture
    }
}
