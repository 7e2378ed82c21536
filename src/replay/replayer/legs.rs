//! A capture written a leg per move: `5. a3xc5 d6xb4 6. c3xa5 e5xc3 7. c3xa1`, where Black's
//! one move is `e5xc3xa1`. Some game sites export captures so, each jump a half-move and the
//! move numbers counting on. Under every rulebook pdnkit replays a capture is one move, and the
//! piece must go on capturing while it can (FMJD rules, art. 4; the Russian and Brazilian
//! rules alike; PDN 3.0 writes the whole capture as one move), so a jump that stops where the
//! same piece must go on, followed by a jump of that piece from there, is one move: it is
//! read so, with one warning a game, and the replay goes on.

use super::*;
use crate::rules::{Bits, Geometry};

impl<V: Visitor> Replayer<'_, V> {
    /// When no legal move fits `cells` because the capture stops where its piece must go on,
    /// and the next tokens of the line go on from there leg by leg until the capture is
    /// complete: the move and the number of tokens after `node` it took (with a finding).
    /// `None` otherwise: the capture is incomplete, or the token is wrong some other way.
    #[cold]
    #[inline(never)]
    pub(super) fn join_legs(
        &mut self,
        at: &Cursor,
        node: MoveRef<'_>,
        rest: Moves<'_>,
        cells: &[Cell],
    ) -> Option<(Move, usize)> {
        let (&from, written) = cells.split_first()?;
        if written.is_empty() || !written_as_capture(node) {
            return None;
        }
        // Every route of the position, the legal ones only (the variant's precedence and
        // maximum-capture rules applied): a leg goes on along one of them.
        let routes = matcher::routes(&at.pos, Relax::default());
        let geo = &self.rules.board;
        let starts = |path: &[Cell]| {
            routes
                .iter()
                .any(|m| m.from == from && follows(geo, m, path) == Follows::Part)
        };
        if !starts(written) {
            return None;
        }
        let mut path: SmallVec<[Cell; 16]> = SmallVec::from_slice(written);
        // The tokens of the legs, for the finding.
        let mut tokens = vec![node.canonical()];
        for next in rest {
            // A leg goes on from where the capture stopped, and is written as a capture.
            let squares = next.squares();
            if squares.len() < 2 || !written_as_capture(next) {
                return None;
            }
            for (i, &square) in squares.iter().enumerate() {
                let cell = self.squares.cell(&self.rules.board, square).ok()?;
                match i {
                    0 if Some(&cell) != path.last() => return None,
                    0 => {}
                    _ => path.push(cell),
                }
            }
            tokens.push(next.canonical());
            if let Some(mv) = routes
                .iter()
                .find(|m| m.from == from && follows(geo, m, &path) == Follows::Whole)
            {
                self.report_legs(at, node, mv, &tokens);
                return Some((*mv, tokens.len() - 1));
            }
            if !starts(&path) {
                return None;
            }
        }
        None
    }

    /// Plays `mv`, the move of `node` and of the `legs` tokens after it, and reads the
    /// annotations of all of them as the move's: a variation is an alternative to the whole
    /// move, replayed from where it started (the middle of a capture is no position a move
    /// is played from).
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn play_legs<'a>(
        &mut self,
        at: &mut Cursor,
        node: MoveRef<'a>,
        mv: &Move,
        legs: usize,
        moves: &mut Moves<'a>,
        live: &mut bool,
        follows: &mut bool,
    ) {
        let from = *at;
        let none = MoveList::new();
        let legal = self.legal.as_deref().unwrap_or(&none);
        let after = at.pos.play(mv);
        self.out.moves_replayed += 1;
        self.visitor.on_move(&MoveEvent {
            depth: at.depth,
            ply: at.ply,
            node,
            before: &at.pos,
            follows: *follows,
            mv,
            after: &after,
            legal,
        });
        self.visitor.on_legs(legs);
        at.pos = after;
        at.ply += 1;
        *follows = true;
        for token in std::iter::once(node).chain(moves.take(legs)) {
            for a in token.after() {
                match a {
                    Annotation::Variation(v) => {
                        let mut branch = from;
                        branch.depth += 1;
                        self.line(&v.line, branch);
                    }
                    // As after any move: a setup of the position reached goes on from there.
                    Annotation::Setup(s) => {
                        let reached = at.pos;
                        *live = self.setup(at, s);
                        *follows &= at.pos == reached;
                    }
                    _ => {}
                }
            }
        }
    }

    /// The finding for a capture read from the moves `tokens`: reported at each capture,
    /// folded into one a game (a habit of the record) with the count.
    fn report_legs(&mut self, at: &Cursor, node: MoveRef<'_>, mv: &Move, tokens: &[String]) {
        let separator = node
            .separator()
            .unwrap_or_else(|| at.pos.capture_separator());
        let whole = mv.full_notation(&self.rules.board, self.written, separator);
        let (last, first) = tokens.split_last().expect("two tokens or more");
        let message = format!(
            "{} and {last} are one capture written a leg per move, read as {whole} (a capture \
             is one move, the piece going on while it can); the move numbers after it count \
             each leg as a half-move",
            first.join(", "),
        );
        self.report(at, node, Code::CaptureSplitIntoLegs, message, Vec::new());
    }
}

/// How written landing squares follow a capture route.
#[derive(PartialEq, Eq)]
enum Follows {
    No,
    /// The route's beginning: pieces are left to take.
    Part,
    /// The whole route.
    Whole,
}

/// Whether the landing squares `written` (after the start) follow the capture route `m`: each
/// is a square the piece passes or stops on, in order, none holds a piece it takes, and each
/// leg takes at least one piece. (Not only the landing squares of the route as PDN 3.0 writes
/// it: a flying king taking two pieces on one line, `a1xg7` over c3 and f6, may stop between
/// them, `a1xe5 e5xg7`.)
fn follows(geo: &Geometry, m: &Move, written: &[Cell]) -> Follows {
    let taken = |c: Cell| m.captured & ((1 as Bits) << c) != 0;
    let squares = matcher::traversed(geo, m);
    let mut rest = squares.iter();
    for &w in written {
        if taken(w) {
            return Follows::No;
        }
        let mut takes = false;
        loop {
            match rest.next() {
                None => return Follows::No,
                Some(&c) if c == w => break,
                Some(&c) => takes |= taken(c),
            }
        }
        if !takes {
            return Follows::No;
        }
    }
    if rest.any(|&c| taken(c)) {
        Follows::Part
    } else if written.last() == Some(&m.to) {
        Follows::Whole
    } else {
        // Past the last piece taken, but not where this route stops: another route's end.
        Follows::No
    }
}

/// Whether a token is written as a capture (`x` or `:`), as a leg of this dialect is.
fn written_as_capture(node: MoveRef<'_>) -> bool {
    matches!(node.separator(), Some('x' | ':'))
}
