//! The runs of plain tokens that make up most move text, `12. 32-28 19-23 13. 28x19`: the
//! parser's fast path.
//!
//! A plain token, followed by whitespace, is a move number (up to four digits and one `.`), a
//! numeric move (two to four squares of one or two digits without leading zero, one `-` or `x`
//! between), or an algebraic move of two squares (`c3-d4`): what the body loop would read the
//! same way, with nothing to report. A property test holds the two readers to that (`tests.rs`).
//! A run stops before anything else, which the body loop reads; and before a move whose number
//! is out of sequence, which the body loop reports.
//!
//! Each token costs a few comparisons here, against the body loop's dispatch, result test and
//! general move reader. What a run changes in the parser (its place, the number waiting for a
//! move, the turn, the square summary) is kept in locals while it runs and written back once at
//! its end: written back per token, it cost about 4% of the run's instructions.

use super::moves::{plain_kind, reserve_for_game};
use super::*;
use crate::reader::model::PlainNumber;

impl GameParser<'_> {
    /// Reads a run of plain tokens; returns whether it read any.
    pub(super) fn read_plain_run(&mut self) -> bool {
        let bytes = self.bytes;
        let start = self.pos;
        let main_line = self.stack.len() == 1;
        let GameParser {
            chunk,
            stack,
            pending_number,
            squares: summary,
            ..
        } = self;
        let frame = stack.last_mut().expect("a line is open");
        if main_line {
            reserve_for_game(&mut frame.line, &bytes[start..]);
        }
        let mut run = Run {
            chunk,
            line: &mut frame.line,
            pending: *pending_number,
            next_turn: frame.next_turn,
            last_turn: frame.last_turn,
            summary: *summary,
            last_move_end: None,
        };
        let mut pos = start;
        // Each token is read from a 16-byte window (longer than any plain token and the byte
        // after it): no bounds check per byte. The run stops 16 bytes before the chunk ends.
        while let Some(window) = bytes.get(pos..pos + 16) {
            let w: &[u8; 16] = window.try_into().expect("16 bytes");
            let at = pos;
            let first = w[0].wrapping_sub(b'0');
            let end = if first > 9 {
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
                let (from, to) = (square(w[0], w[1]), square(w[3], w[4]));
                let squares = || [from, to, from, to];
                if !run.add_move(at, 5, squares, 2, w[2], None) {
                    break;
                }
                at + 5
            } else {
                let mut digits = 1;
                while digits < 5 && w[digits].is_ascii_digit() {
                    digits += 1;
                }
                match w[digits] {
                    b'.' => {
                        // A move number (four digits at most: no overflow), the first since the
                        // last move, with no more dots.
                        if digits > 4 || run.pending.is_some() || !lex::is_space(w[digits + 1]) {
                            break;
                        }
                        let number = w[..digits]
                            .iter()
                            .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
                        run.pending = Some(PendingNumber {
                            number,
                            ellipsis: false,
                            start: at,
                            end: at + digits + 1,
                        });
                        at + digits + 1
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
                        // The squares packed a byte each, lowest first, and the highest: kept
                        // in registers. (Written into an array of squares one by one, they were
                        // read back whole moments later, and the read waited for the writes.)
                        let mut packed = u32::from(from);
                        let mut highest = from;
                        let mut count = 1;
                        // `len` is at a separator, then past each square read.
                        let mut len = digits;
                        while count < 4 && w[len] == separator {
                            let tens = w[len + 1].wrapping_sub(b'0');
                            if !(1..=9).contains(&tens) {
                                break;
                            }
                            let (number, digits) = match w[len + 2].wrapping_sub(b'0') {
                                units @ 0..=9 => (tens * 10 + units, 2),
                                _ => (tens, 1),
                            };
                            packed |= u32::from(number) << (8 * count);
                            highest = highest.max(number);
                            count += 1;
                            len += 1 + digits;
                        }
                        if count < 2 || !lex::is_space(w[len]) {
                            break;
                        }
                        let squares = || packed.to_le_bytes().map(Square::Num);
                        if !run.add_move(at, len, squares, count, separator, Some(highest)) {
                            break;
                        }
                        at + len
                    }
                    _ => break,
                }
            };
            debug_assert!(lex::is_space(bytes[end]));
            // Past the space that ended the token, and any more.
            pos = end + 1;
            while bytes.get(pos).is_some_and(|b| lex::is_space(*b)) {
                pos += 1;
            }
        }
        if pos == start {
            return false;
        }
        let Run {
            pending,
            next_turn,
            last_turn,
            summary: read,
            last_move_end,
            ..
        } = run;
        *pending_number = pending;
        *summary = read;
        frame.next_turn = next_turn;
        frame.last_turn = last_turn;
        self.pos = pos;
        self.open_unread = None;
        if last_move_end.is_some() {
            self.last_move_end = last_move_end;
        }
        true
    }
}

/// What a run changes in the parser, while it runs.
struct Run<'r, 'a> {
    chunk: &'r Chunk<'a>,
    line: &'r mut Line,
    /// The move number read and not yet given to a move.
    pending: Option<PendingNumber>,
    next_turn: Option<Turn>,
    last_turn: Option<Turn>,
    summary: SquareSummary,
    /// Just past the last move read.
    last_move_end: Option<usize>,
}

impl Run<'_, '_> {
    /// Adds the plain move of `len` bytes at `at` (`32-28`, `26x17x10`, `c3-d4`): the first
    /// `count` of `squares` joined by one `separator`, canonical. `highest` is the highest of
    /// them when they are numeric, `None` when they are algebraic: what the game's square summary
    /// needs, known to the caller without reading `squares` back. Returns false, adding
    /// nothing, when the move's number is out of sequence or one a record cannot hold (written
    /// too far before it): the body loop reads that move. (So the run has no report to make:
    /// the report of a number out of sequence, written into the loop, cost every move about six
    /// instructions.)
    #[inline(always)]
    fn add_move(
        &mut self,
        at: usize,
        len: usize,
        squares: impl FnOnce() -> [Square; 4],
        count: usize,
        separator: u8,
        highest: Option<u8>,
    ) -> bool {
        let number = match self.pending {
            None => None,
            Some(p) => {
                match PlainNumber::new(p.number, p.ellipsis, at - p.start, p.end - p.start) {
                    Some(number) => Some(number),
                    None => return false,
                }
            }
        };
        let (turn, in_sequence) = Turn::of_move(self.next_turn, self.pending);
        if !in_sequence {
            return false;
        }
        self.pending = None;
        self.last_turn = turn;
        self.next_turn = turn.map(Turn::following);
        self.summary.add_plain(highest);
        let kind = plain_kind(separator);
        let offset = self.chunk.base + at as u64;
        self.line
            .push_plain(offset, len, number, kind, squares, count, separator);
        debug_assert_eq!(
            self.line.last().expect("pushed").canonical().as_bytes(),
            &self.chunk.bytes[at..at + len],
            "plain moves are canonical"
        );
        self.last_move_end = Some(at + len);
        true
    }
}
