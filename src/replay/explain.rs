//! Why a recorded move is not legal. The move is looked for again with one rule at a time left
//! out (see [`Relax`]): the first rule whose absence makes it legal is the rule it broke.

use super::matcher::{self, Match};
use crate::finding::Code;
use crate::rules::movegen::Relax;
use crate::rules::{Bits, CapturePromotion, Cell, Move, MoveList, Numbering, PieceKind, Position};
use crate::rules::{Movement, Precedence, Rules};

/// A finding's code, message and the moves worth listing with it.
pub struct Explanation {
    pub code: Code,
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
/// The checks run in order, each leaving out one rule; the first that makes the move legal
/// names the rule it broke, and a move no single rule explains is plainly illegal.
pub fn explain(
    pos: &Position,
    numbering: Numbering,
    legal: &MoveList,
    cells: &[Cell],
) -> Explanation {
    let w = Writer { pos, numbering };
    let Some(&from) = cells.first() else {
        // Only a hand-made game (JSON) can name no square; the reader never makes one.
        return Explanation {
            code: Code::NoPiece,
            message: "the move names no square".to_string(),
            moves: w.texts(legal),
        };
    };
    let asked = Asked {
        w,
        legal,
        cells,
        from,
    };
    if cells.len() == 1 {
        return one_square(&asked);
    }
    const CHECKS: [fn(&Asked) -> Option<Explanation>; 6] = [
        not_the_movers_piece,
        king_move_limit,
        capture_mandatory_or_precedence,
        man_captures_king,
        promotion_of_another_variant,
        capture_incomplete,
    ];
    CHECKS
        .iter()
        .find_map(|check| check(&asked))
        .unwrap_or_else(|| illegal_move(&asked))
}

/// The move being explained, and where.
struct Asked<'a> {
    w: Writer<'a>,
    legal: &'a MoveList,
    cells: &'a [Cell],
    /// The first square written.
    from: Cell,
}

impl Asked<'_> {
    fn pos(&self) -> &Position {
        self.w.pos
    }

    /// An explanation listing every legal move.
    fn with_legal(&self, code: Code, message: String) -> Option<Explanation> {
        Some(Explanation {
            code,
            message,
            moves: self.w.texts(self.legal),
        })
    }

    /// The move found with `relax`'s rules left out, if one is.
    fn found(&self, relax: Relax) -> Option<Move> {
        first(matcher::find(self.pos(), relax, self.cells))
    }
}

/// No piece on the first square, or one of the side not to move.
fn not_the_movers_piece(a: &Asked) -> Option<Explanation> {
    let (pos, w, from) = (a.pos(), &a.w, a.from);
    let me = pos.to_move();
    let from_bit: Bits = 1 << from;
    if pos.occupied() & from_bit == 0 {
        return a.with_legal(Code::NoPiece, format!("no piece on {}", w.square(from)));
    }
    if pos.pieces(me) & from_bit == 0 {
        let message = format!(
            "the {} on {} is {}'s, and {me} is to move",
            w.piece(from),
            w.square(from),
            me.opposite()
        );
        return a.with_legal(Code::WrongSide, message);
    }
    None
}

/// A king past the limit of consecutive moves (Frisian).
fn king_move_limit(a: &Asked) -> Option<Explanation> {
    let (pos, me) = (a.pos(), a.pos().to_move());
    let limit = Relax {
        king_move_limit: true,
        ..Relax::default()
    };
    if pos.frozen_king() & (1 << a.from) == 0 {
        return None;
    }
    let m = a.found(limit)?;
    if m.is_capture() {
        return None;
    }
    let run = pos.king_run(me);
    let message = format!(
        "the king on {} has made {} moves in a row without capturing; while {me} has men, \
         a king may make at most {} (it must capture, or another piece must move)",
        a.w.square(a.from),
        run.moves,
        pos.rules().king_move_limit
    );
    a.with_legal(Code::KingMoveLimit, message)
}

/// A plain move where a capture is due, or a capture the precedence rules out.
fn capture_mandatory_or_precedence(a: &Asked) -> Option<Explanation> {
    let free = Relax {
        precedence: true,
        quiet_with_captures: true,
        ..Relax::default()
    };
    let m = a.found(free)?;
    let captures_required = a.legal.first().is_some_and(Move::is_capture);
    if !m.is_capture() && captures_required {
        let message = format!(
            "capturing is mandatory: {} capture{} available",
            a.legal.len(),
            if a.legal.len() == 1 { " is" } else { "s are" }
        );
        return a.with_legal(Code::CaptureMandatory, message);
    }
    let best = a.legal.first().filter(|_| m.is_capture())?;
    let (code, message) = precedence(a.pos().rules(), a.pos(), &m, best);
    a.with_legal(code, message)
}

/// A man taking a king.
fn man_captures_king(a: &Asked) -> Option<Explanation> {
    let kings_too = Relax {
        man_captures_king: true,
        precedence: true,
        ..Relax::default()
    };
    let m = a.found(kings_too)?;
    let theirs = a.pos().kings(a.pos().to_move().opposite());
    if m.piece != PieceKind::Man || m.captured & theirs == 0 {
        return None;
    }
    a.with_legal(
        Code::ManCannotCaptureKing,
        "a man may not capture a king".to_string(),
    )
}

/// A man reaching the last row mid-capture, handled by another variant's rule.
fn promotion_of_another_variant(a: &Asked) -> Option<Explanation> {
    let rule = a.pos().rules().capture_promotion;
    let others = [
        CapturePromotion::EndsMove,
        CapturePromotion::ContinuesAsKing,
        CapturePromotion::OnlyAtEnd,
    ];
    others
        .into_iter()
        .filter(|&other| other != rule)
        .find(|&other| {
            let relax = Relax {
                capture_promotion: Some(other),
                precedence: true,
                ..Relax::default()
            };
            a.found(relax).is_some()
        })?;
    a.with_legal(Code::PromotionMishandled, promotion_rule(rule).to_string())
}

/// A capture that stops too soon: the written squares begin a longer legal route (the routes
/// are listed, not the legal moves).
fn capture_incomplete(a: &Asked) -> Option<Explanation> {
    let pos = a.pos();
    let written = &a.cells[1..];
    let longer: Vec<Move> = matcher::routes(pos, Relax::default())
        .into_iter()
        .filter(|m| m.from == a.from && m.path().len() > written.len())
        .filter(|m| m.path()[..written.len()] == *written)
        .collect();
    if longer.is_empty() {
        return None;
    }
    let geo = &pos.rules().board;
    Some(Explanation {
        code: Code::CaptureIncomplete,
        message: "the capture stops while the piece can go on capturing".to_string(),
        moves: longer
            .iter()
            .map(|m| m.full_notation(geo, a.w.numbering, pos.capture_separator()))
            .collect(),
    })
}

/// A token of one square (`d5`) that is no legal removal. Only Hawaiian's opening removals are
/// written so; the rules left out one at a time explain nothing about it (a capture "stopping
/// too soon" would be any capture from that square).
fn one_square(a: &Asked) -> Explanation {
    if a.pos().rules().movement == Movement::Konane {
        return not_the_movers_piece(a).unwrap_or_else(|| illegal_move(a));
    }
    one_square_elsewhere(&a.w, &a.w.square(a.from), a.legal)
}

/// A token of one square, `written`, in a variant other than Hawaiian (where its square may not
/// even be on the board): the legal moves of `legal` are listed.
pub fn one_square_elsewhere(w: &Writer, written: &str, legal: &[Move]) -> Explanation {
    let message = format!(
        "`{written}` names one square: only Hawaiian's opening removals are written as one \
         square; in {}, a move names its from and to squares",
        w.pos.rules().variant
    );
    Explanation {
        code: Code::IllegalMove,
        message,
        moves: w.texts(legal),
    }
}

/// No single rule explains the move: it is not a move of this position.
fn illegal_move(a: &Asked) -> Explanation {
    let (w, from) = (&a.w, a.from);
    let own: Vec<Move> = a.legal.iter().filter(|m| m.from == from).copied().collect();
    let to = *a.cells.last().unwrap_or(&from);
    // `d5xd5`, or `d5` alone.
    let removal_written = a.cells.len() <= 2 && to == from;
    let message = if removal_written && a.pos().rules().movement == Movement::Konane {
        // Hawaiian's opening removals, written `d5xd5` or `d5` (rulebook::HAWAIIAN_FIRST_REMOVALS).
        let one_square = if a.cells.len() == 1 {
            "a move written as one square is a removal, and "
        } else {
            ""
        };
        format!(
            "{one_square}the {} on {} may not be removed here: only the first two plies remove \
             a piece, the first from a8, h1, d5 or e4, the second next to the hole",
            w.piece(from),
            w.square(from)
        )
    } else if own.iter().any(|m| m.to == to) {
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
            w.square(to)
        )
    };
    Explanation {
        code: Code::IllegalMove,
        message,
        moves: w.texts(a.legal),
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
fn precedence(rules: &Rules, pos: &Position, played: &Move, best: &Move) -> (Code, String) {
    let kings = |m: &Move| (m.captured & pos.kings(pos.to_move().opposite())).count_ones();
    let pieces = |n: u32| if n == 1 { "piece" } else { "pieces" };
    let (n, required) = (played.capture_count(), best.capture_count());
    let longer = || {
        (
            Code::LongerCaptureRequired,
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
            Code::CapturePrecedence,
            format!(
                "equal captures must take the most kings: this one takes {}, another takes {}",
                kings(played),
                kings(best)
            ),
        ),
        Precedence::KingFirst => (
            Code::CapturePrecedence,
            "a king can capture, so a king must capture".to_string(),
        ),
        Precedence::Italian if n < required => (
            Code::LongerCaptureRequired,
            format!(
                "Italian precedence step 1 (most pieces): this capture takes {n} {}, another takes {required}",
                pieces(n)
            ),
        ),
        Precedence::Italian
            if played.piece == PieceKind::Man && best.piece == PieceKind::King =>
        {
            (
                Code::CapturePrecedence,
                "Italian precedence step 2: with equal pieces, the king must capture rather than the man"
                    .to_string(),
            )
        }
        Precedence::Italian if kings(played) < kings(best) => (
            Code::CapturePrecedence,
            format!(
                "Italian precedence step 3 (most kings): this capture takes {} king{}, another takes {}",
                kings(played),
                if kings(played) == 1 { "" } else { "s" },
                kings(best)
            ),
        ),
        Precedence::Italian => (
            Code::CapturePrecedence,
            "Italian precedence step 4: with everything equal, the capture meeting a king earliest is required"
                .to_string(),
        ),
        Precedence::Value => {
            let value = |m: &Move| 100 * (m.capture_count() - kings(m)) + 199 * kings(m);
            let (v, best_v) = (value(played), value(best));
            if v < best_v {
                let code = if n < required {
                    Code::LongerCaptureRequired
                } else {
                    Code::CapturePrecedence
                };
                (
                    code,
                    format!(
                        "the capture of the highest value is required (a man counts 100, a king \
                         199): this one takes {n} {} worth {v}, another takes {required} worth {best_v}",
                        pieces(n)
                    ),
                )
            } else {
                (
                    Code::CapturePrecedence,
                    "with equal values, a capture by a king is required".to_string(),
                )
            }
        }
        // The relaxed and the legal generation differ only by precedence: unreachable with
        // `None` or with enough pieces taken, kept as a plain illegal move.
        _ => (
            Code::IllegalMove,
            "this capture is not one of the legal ones".to_string(),
        ),
    }
}
