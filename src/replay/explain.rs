//! Why a recorded move is not legal. The move is looked for again with one rule at a time left
//! out (see [`Relax`]): the first rule whose absence makes it legal is the rule it broke.

use super::finding::Kind;
use super::matcher::{self, Match};
use crate::rules::movegen::Relax;
use crate::rules::{Bits, CapturePromotion, Cell, Move, MoveList, Numbering, PieceKind, Position};
use crate::rules::{Precedence, Rules};

/// A finding's kind, message and the moves worth listing with it.
pub struct Explanation {
    pub kind: Kind,
    pub message: String,
    pub moves: Vec<String>,
}

/// Writes moves in a game's numbering; a short form is used unless another move in the same
/// list shares its from and to (then the full path, as PDN 3.0 requires).
pub struct Writer<'a> {
    pub pos: &'a Position,
    pub numbering: Numbering,
}

impl Writer<'_> {
    pub fn square(&self, cell: Cell) -> String {
        self.numbering
            .square(&self.pos.rules().board, cell)
            .to_string()
    }

    pub fn text(&self, m: &Move, among: &[Move]) -> String {
        let geo = &self.pos.rules().board;
        let sep = self.pos.capture_separator();
        let ambiguous = among
            .iter()
            .any(|o| o.from == m.from && o.to == m.to && o != m);
        if ambiguous {
            m.full_notation(geo, self.numbering, sep)
        } else {
            m.notation(geo, self.numbering, sep)
        }
    }

    pub fn texts(&self, moves: &[Move]) -> Vec<String> {
        moves.iter().map(|m| self.text(m, moves)).collect()
    }

    /// "man" or "king" on a cell, for messages.
    fn piece(&self, cell: Cell) -> &'static str {
        let bit = 1 << cell;
        if (self.pos.kings(self.pos.to_move()) | self.pos.kings(self.pos.to_move().opposite()))
            & bit
            != 0
        {
            "king"
        } else {
            "man"
        }
    }
}

/// Explains why `cells` (from, ..., to) names none of `legal`, the legal moves of `pos`.
pub fn explain(
    pos: &Position,
    numbering: Numbering,
    legal: &MoveList,
    cells: &[Cell],
) -> Explanation {
    let w = Writer { pos, numbering };
    let me = pos.to_move();
    let Some(&from) = cells.first() else {
        // Only a hand-made game (JSON) can name no square; the reader never makes one.
        return Explanation {
            kind: Kind::NoPiece,
            message: "the move names no square".to_string(),
            moves: w.texts(legal),
        };
    };
    let from_bit: Bits = 1 << from;
    let all = |moves: &[Move]| w.texts(moves);
    if pos.occupied() & from_bit == 0 {
        return Explanation {
            kind: Kind::NoPiece,
            message: format!("no piece on {}", w.square(from)),
            moves: all(legal),
        };
    }
    if pos.pieces(me) & from_bit == 0 {
        return Explanation {
            kind: Kind::WrongSide,
            message: format!(
                "the {} on {} is {}'s, and {me} is to move",
                w.piece(from),
                w.square(from),
                me.opposite()
            ),
            moves: all(legal),
        };
    }
    let captures_required = legal.first().is_some_and(Move::is_capture);

    // A king past the limit of consecutive moves (Frisian).
    let limit = Relax {
        king_move_limit: true,
        ..Relax::default()
    };
    if pos.frozen_king() & from_bit != 0
        && let Some(m) = first(matcher::find(pos, limit, cells))
        && !m.is_capture()
    {
        let run = pos.king_run(me);
        return Explanation {
            kind: Kind::KingMoveLimit,
            message: format!(
                "the king on {} has made {} moves in a row without capturing; while {me} has men, \
                 a king may make at most {} (it must capture, or another piece must move)",
                w.square(from),
                run.moves,
                pos.rules().king_move_limit
            ),
            moves: all(legal),
        };
    }

    // A plain move, or a capture the precedence rules out.
    let free = Relax {
        precedence: true,
        quiet_with_captures: true,
        ..Relax::default()
    };
    if let Some(m) = first(matcher::find(pos, free, cells)) {
        if !m.is_capture() && captures_required {
            return Explanation {
                kind: Kind::CaptureMandatory,
                message: format!(
                    "capturing is mandatory: {} capture{} available",
                    legal.len(),
                    if legal.len() == 1 { " is" } else { "s are" }
                ),
                moves: all(legal),
            };
        }
        if m.is_capture()
            && let Some(best) = legal.first()
        {
            let (kind, message) = precedence(pos.rules(), pos, &m, best);
            return Explanation {
                kind,
                message,
                moves: all(legal),
            };
        }
    }

    // A man taking a king.
    let kings_too = Relax {
        man_captures_king: true,
        precedence: true,
        ..Relax::default()
    };
    if let Some(m) = first(matcher::find(pos, kings_too, cells))
        && m.piece == PieceKind::Man
        && m.captured & pos.kings(me.opposite()) != 0
    {
        return Explanation {
            kind: Kind::ManCannotCaptureKing,
            message: "a man may not capture a king".to_string(),
            moves: all(legal),
        };
    }

    // A man reaching the last row mid-capture, handled by another variant's rule.
    for other in [
        CapturePromotion::EndsMove,
        CapturePromotion::ContinuesAsKing,
        CapturePromotion::OnlyAtEnd,
    ] {
        if other == pos.rules().capture_promotion {
            continue;
        }
        let relax = Relax {
            capture_promotion: Some(other),
            precedence: true,
            ..Relax::default()
        };
        if first(matcher::find(pos, relax, cells)).is_some() {
            return Explanation {
                kind: Kind::PromotionMishandled,
                message: promotion_rule(pos.rules().capture_promotion).to_string(),
                moves: all(legal),
            };
        }
    }

    // A capture that stops too soon: the written squares begin a longer legal route.
    let written = &cells[1..];
    let longer: Vec<Move> = matcher::routes(pos, Relax::default())
        .into_iter()
        .filter(|m| m.from == from && m.path().len() > written.len())
        .filter(|m| m.path()[..written.len()] == *written)
        .collect();
    if !longer.is_empty() {
        let geo = &pos.rules().board;
        return Explanation {
            kind: Kind::CaptureIncomplete,
            message: "the capture stops while the piece can go on capturing".to_string(),
            moves: longer
                .iter()
                .map(|m| m.full_notation(geo, numbering, pos.capture_separator()))
                .collect(),
        };
    }

    let own: Vec<Move> = legal.iter().filter(|m| m.from == from).copied().collect();
    let to = *cells.last().unwrap_or(&from);
    let message = if own.iter().any(|m| m.to == to) {
        format!(
            "no legal capture from {} to {} goes the way written",
            w.square(from),
            w.square(to)
        )
    } else if own.is_empty() {
        format!(
            "the {} on {} has no legal move here",
            w.piece(from),
            w.square(from)
        )
    } else {
        format!(
            "the {} on {} cannot go to {}",
            w.piece(from),
            w.square(from),
            w.square(*cells.last().unwrap_or(&from))
        )
    };
    Explanation {
        kind: Kind::IllegalMove,
        message,
        moves: all(legal),
    }
}

fn first(m: Match) -> Option<Move> {
    match m {
        Match::One(m, _) => Some(m),
        Match::Many(ms) => ms.first().copied(),
        Match::None => None,
    }
}

/// The variant's rule for a man reaching the last row in the middle of a capture.
fn promotion_rule(rule: CapturePromotion) -> &'static str {
    match rule {
        CapturePromotion::EndsMove => {
            "a man reaching the last row by capturing is crowned and the move ends there"
        }
        CapturePromotion::ContinuesAsKing => {
            "a man reaching the last row mid-capture is crowned and goes on capturing as a king"
        }
        CapturePromotion::OnlyAtEnd => {
            "a man passing the last row mid-capture is not crowned and goes on capturing as a man"
        }
    }
}

/// Which precedence step `played` loses to `best` (a legal capture).
fn precedence(rules: &Rules, pos: &Position, played: &Move, best: &Move) -> (Kind, String) {
    let kings = |m: &Move| (m.captured & pos.kings(pos.to_move().opposite())).count_ones();
    let pieces = |n: u32| if n == 1 { "piece" } else { "pieces" };
    let (n, required) = (played.capture_count(), best.capture_count());
    let longer = || {
        (
            Kind::LongerCaptureRequired,
            format!(
                "this capture takes {n} {}; the maximum capture takes {required}",
                pieces(n)
            ),
        )
    };
    match rules.precedence {
        Precedence::MaxPieces if n < required => longer(),
        Precedence::MaxPiecesThenKings if n < required => longer(),
        Precedence::MaxPiecesThenKings => (
            Kind::CapturePrecedence,
            format!(
                "equal captures must take the most kings: this one takes {}, another takes {}",
                kings(played),
                kings(best)
            ),
        ),
        Precedence::KingFirst => (
            Kind::CapturePrecedence,
            "a king can capture, so a king must capture".to_string(),
        ),
        Precedence::Italian if n < required => (
            Kind::LongerCaptureRequired,
            format!(
                "Italian precedence step 1 (most pieces): this capture takes {n} {}, another takes {required}",
                pieces(n)
            ),
        ),
        Precedence::Italian
            if played.piece == PieceKind::Man && best.piece == PieceKind::King =>
        {
            (
                Kind::CapturePrecedence,
                "Italian precedence step 2: with equal pieces, the king must capture rather than the man"
                    .to_string(),
            )
        }
        Precedence::Italian if kings(played) < kings(best) => (
            Kind::CapturePrecedence,
            format!(
                "Italian precedence step 3 (most kings): this capture takes {} king{}, another takes {}",
                kings(played),
                if kings(played) == 1 { "" } else { "s" },
                kings(best)
            ),
        ),
        Precedence::Italian => (
            Kind::CapturePrecedence,
            "Italian precedence step 4: with everything equal, the capture meeting a king earliest is required"
                .to_string(),
        ),
        Precedence::Value => {
            let value = |m: &Move| 100 * (m.capture_count() - kings(m)) + 199 * kings(m);
            let (v, best_v) = (value(played), value(best));
            if v < best_v {
                let kind = if n < required {
                    Kind::LongerCaptureRequired
                } else {
                    Kind::CapturePrecedence
                };
                (
                    kind,
                    format!(
                        "the capture of the highest value is required (a man counts 100, a king \
                         199): this one takes {n} {} worth {v}, another takes {required} worth {best_v}",
                        pieces(n)
                    ),
                )
            } else {
                (
                    Kind::CapturePrecedence,
                    "with equal values, a capture by a king is required".to_string(),
                )
            }
        }
        // The relaxed and the legal generation differ only by precedence: unreachable with
        // `None` or with enough pieces taken, kept as a plain illegal move.
        _ => (
            Kind::IllegalMove,
            "this capture is not one of the legal ones".to_string(),
        ),
    }
}
