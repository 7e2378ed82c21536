//! The reference move generator: the slow obvious one beside the fast path ([`super::movegen`]),
//! with a property test holding them equal (`tests/rules_reference.rs`, and at every ply of
//! random games in `tests/rules_replay.rs`). Slow, plain and independent of the bitboard code: it
//! works on a grid of `(row, col)` squares, follows each rule as the rulebook words it, and
//! collects every complete capture sequence before applying precedence.
//!
//! It is compiled for tests only (feature `test-support`, which the tests turn on through the
//! package's dev-dependency on itself): it is an oracle, far too slow to replay archives with,
//! so the binary has no use for it and does not carry it.
//!
//! It shares only the data: the [`Rules`] row and the cell <-> `(row, col)` mapping of the board.

use super::position::Position;
use super::rulebook::{
    CapturePromotion, KingRange, MenDirection, Movement, Parachutists, Precedence, Removal, Rules,
};
use crate::notation::Color;
use std::collections::BTreeSet;

/// A square as `(row, col)`, row 0 at the top (White's promotion row).
pub type Rc = (u8, u8);

/// A move as the reference sees it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct RefMove {
    pub from: Rc,
    pub to: Rc,
    pub captured: BTreeSet<Rc>,
    pub promotes: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Piece {
    color: Color,
    king: bool,
}

type Grid = Vec<Vec<Option<Piece>>>;

/// The pieces of one colour with their squares, row by row.
fn pieces_of(grid: &Grid, color: Color) -> impl Iterator<Item = (Rc, Piece)> + '_ {
    grid.iter().enumerate().flat_map(move |(row, line)| {
        line.iter().enumerate().filter_map(move |(col, sq)| {
            sq.filter(|p| p.color == color)
                .map(|p| ((row as u8, col as u8), p))
        })
    })
}

/// A capture sequence being built or finished.
#[derive(Debug, Clone)]
struct Seq {
    to: Rc,
    taken: Vec<Rc>,
    kings_taken: Vec<bool>,
    promotes: bool,
    /// Begun by a parachutist (Parachute): a man on its own far row.
    parachutist: bool,
}

/// All legal moves of `pos`, by the book.
pub fn legal_moves(pos: &Position) -> Vec<RefMove> {
    let rules = pos.rules();
    let geo = &rules.board;
    let h = geo.height as usize;
    let w = geo.width as usize;
    let mut grid: Grid = vec![vec![None; w]; h];
    for (color, bits) in [
        (Color::White, pos.pieces(Color::White)),
        (Color::Black, pos.pieces(Color::Black)),
    ] {
        for cell in super::board::CellIter(bits) {
            let (r, c) = geo.coords(cell);
            let king = pos.kings(color) & (1 << cell) != 0;
            grid[r as usize][c as usize] = Some(Piece { color, king });
        }
    }
    let me = pos.to_move();
    if rules.movement == Movement::Konane {
        return konane_moves(&grid, me);
    }
    let r = Ref {
        rules,
        me,
        h: h as i8,
        w: w as i8,
    };

    // Every complete capture sequence of every piece.
    let mut captures: Vec<(Rc, bool, Seq)> = Vec::new();
    for (from, p) in pieces_of(&grid, me) {
        let (row, col) = (from.0 as usize, from.1 as usize);
        let mut board = grid.clone();
        board[row][col] = None; // the moving piece leaves its square
        let start = Seq {
            to: from,
            taken: Vec::new(),
            kings_taken: Vec::new(),
            promotes: false,
            parachutist: !p.king
                && rules.parachutists != Parachutists::None
                && from.0 == r.far_row(),
        };
        for seq in r.sequences(&board, &BTreeSet::new(), start, p.king, None) {
            captures.push((from, p.king, seq));
        }
    }
    if !captures.is_empty() {
        let chosen = r.apply_precedence(captures);
        let mut out: Vec<RefMove> = chosen
            .into_iter()
            .map(|(from, _, s)| RefMove {
                from,
                to: s.to,
                captured: s.taken.iter().copied().collect(),
                promotes: s.promotes,
            })
            .collect();
        out.sort();
        out.dedup_by(|a, b| a.from == b.from && a.to == b.to && a.captured == b.captured);
        return out;
    }

    // No capture: steps and slides. Frisian: a king that has moved `king_move_limit` times in
    // a row without capturing may not move again while its side has men.
    let run = pos.king_run(me);
    let has_men = pieces_of(&grid, me).any(|(_, p)| !p.king);
    let limit = rules.king_move_limit;
    let mut out = Vec::new();
    for (from, p) in pieces_of(&grid, me) {
        // Alquerque: a pawn on its last row "cannot make any more moves" but jumps.
        if !p.king && rules.men_stop_on_far_row && from.0 == r.far_row() {
            continue;
        }
        if p.king && limit > 0 && has_men && run.moves >= limit && geo.coords(run.cell) == from {
            continue;
        }
        let dirs = if p.king {
            r.king_dirs()
        } else {
            r.man_step_dirs()
        };
        for (dr, dc) in dirs {
            let mut cur = from;
            // Dameo's linear movement: a man goes "jumping over a solid line of friendly pawns
            // to a vacant space" (BrainKing): start from the last man of that line.
            if !p.king && rules.movement == Movement::Dameo {
                while let Some(next) = r.go(cur, dr, dc) {
                    match grid[next.0 as usize][next.1 as usize] {
                        Some(q) if q.color == me && !q.king => cur = next,
                        _ => break,
                    }
                }
            }
            while let Some(next) = r.go(cur, dr, dc) {
                if grid[next.0 as usize][next.1 as usize].is_some() {
                    break;
                }
                let promotes = !p.king && r.crowns(next);
                out.push(RefMove {
                    from,
                    to: next,
                    captured: BTreeSet::new(),
                    promotes,
                });
                if !p.king || rules.king_range == KingRange::Short {
                    break;
                }
                cur = next;
            }
        }
    }
    out.sort();
    out
}

struct Ref {
    rules: &'static Rules,
    me: Color,
    h: i8,
    w: i8,
}

impl Ref {
    /// The row step of a man's forward move: up for White, down for Black, up for both in One
    /// Way (both sides' men move towards rank 8).
    fn forward(&self) -> i8 {
        match (self.rules.men_direction, self.me) {
            (MenDirection::SameWay, _) | (_, Color::White) => -1,
            (MenDirection::TowardsOpponent, Color::Black) => 1,
        }
    }

    /// The row the side to move's men move towards.
    fn far_row(&self) -> u8 {
        if self.forward() < 0 {
            0
        } else {
            (self.h - 1) as u8
        }
    }

    /// Whether a man of the side to move is crowned on `sq`: the far row in its forward
    /// direction, or the variant's named squares (Corner: a7, b8 for White; g1, h2 for Black).
    fn crowns(&self, sq: Rc) -> bool {
        if let Some(squares) = self.rules.promotion_squares {
            let mine = squares[usize::from(self.me == Color::Black)];
            let cell = self.rules.board.cell(sq.0, sq.1).expect("a playing square");
            return mine & (1 << cell) != 0;
        }
        let last = if self.forward() < 0 { 0 } else { self.h - 1 };
        sq.0 as i8 == last
    }

    fn king_dirs(&self) -> Vec<(i8, i8)> {
        match self.rules.movement {
            Movement::Diagonal => vec![(-1, -1), (-1, 1), (1, -1), (1, 1)],
            Movement::Orthogonal => vec![(-1, 0), (1, 0), (0, -1), (0, 1)],
            // Gothic: "one space in any direction".
            Movement::Gothic | Movement::Dameo => vec![
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ],
            Movement::Konane => Vec::new(), // `konane_moves`: no kings
        }
    }

    fn man_step_dirs(&self) -> Vec<(i8, i8)> {
        let f = self.forward();
        match self.rules.movement {
            Movement::Diagonal => vec![(f, -1), (f, 1)],
            Movement::Orthogonal => vec![(f, 0), (0, -1), (0, 1)],
            // Gothic: diagonally forward, directly forward, and sideways.
            Movement::Gothic => vec![(f, -1), (f, 1), (f, 0), (0, -1), (0, 1)],
            // Dameo: "forward or diagonally forward".
            Movement::Dameo => vec![(f, -1), (f, 1), (f, 0)],
            Movement::Konane => Vec::new(), // `konane_moves`: jumps only
        }
    }

    /// Dameo: "Capture moves are allowed only vertically and horizontally", for men (forward,
    /// sideways, backward) and kings alike.
    fn dameo_capture_dirs() -> Vec<(i8, i8)> {
        vec![(-1, 0), (1, 0), (0, -1), (0, 1)]
    }

    fn man_capture_dirs(&self) -> Vec<(i8, i8)> {
        if self.rules.movement == Movement::Dameo {
            return Self::dameo_capture_dirs();
        }
        let mut d = self.man_step_dirs();
        if self.rules.men_capture_backward {
            d.extend(d.clone().into_iter().map(|(dr, dc)| (-dr, dc)));
        }
        d.extend(self.orthogonal_captures());
        d
    }

    fn king_capture_dirs(&self) -> Vec<(i8, i8)> {
        if self.rules.movement == Movement::Dameo {
            return Self::dameo_capture_dirs();
        }
        let mut d = self.king_dirs();
        d.extend(self.orthogonal_captures());
        d
    }

    /// Frisian: captures also go along rows and columns, where the next dark square is two
    /// squares away.
    fn orthogonal_captures(&self) -> Vec<(i8, i8)> {
        if self.rules.orthogonal_captures {
            vec![(-2, 0), (2, 0), (0, -2), (0, 2)]
        } else {
            Vec::new()
        }
    }

    /// The square one step away, if on the board and a playing square.
    fn go(&self, (r, c): Rc, dr: i8, dc: i8) -> Option<Rc> {
        let (r2, c2) = (r as i8 + dr, c as i8 + dc);
        if r2 < 0 || c2 < 0 || r2 >= self.h || c2 >= self.w {
            return None;
        }
        let rc = (r2 as u8, c2 as u8);
        // Alquerque: diagonal lines leave only the points with (file + rank) even.
        let rank = self.h - 1 - r as i8;
        if self.rules.board.layout == super::board::Layout::Alquerque
            && dr != 0
            && dc != 0
            && (c as i8 + rank) % 2 != 0
        {
            return None;
        }
        self.rules.board.cell(rc.0, rc.1).map(|_| rc)
    }

    /// Every complete capture sequence continuing `seq` from `seq.to`. Returns `[seq]` itself
    /// (if it has captured anything) when it cannot go on.
    fn sequences(
        &self,
        board: &Grid,
        jumped: &BTreeSet<Rc>,
        seq: Seq,
        king: bool,
        last_dir: Option<(i8, i8)>,
    ) -> Vec<Seq> {
        let mut result = Vec::new();
        let dirs = if king {
            self.king_capture_dirs()
        } else if seq.parachutist && seq.taken.is_empty() {
            // Parachute: "the only valid move of a parachutist is to capture a piece at seventh
            // (white parachutist) or second (black parachutist) row", landing right behind it.
            let back = -self.forward();
            vec![(back, -1), (back, 1)]
        } else if seq.parachutist && self.rules.parachutists == Parachutists::OneJump {
            Vec::new() // the landed man stops
        } else if self.rules.men_jump_any_way_after_first && !seq.taken.is_empty() {
            // Alquerque: "the second and next jumps can be done in any direction".
            (-1..=1)
                .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
                .filter(|&d| d != (0, 0))
                .collect()
        } else {
            self.man_capture_dirs()
        };
        for (dr, dc) in dirs {
            if self.rules.no_180_turn && last_dir == Some((-dr, -dc)) {
                continue;
            }
            // Find the piece to jump.
            let mut cur = seq.to;
            let mut target = None;
            while let Some(next) = self.go(cur, dr, dc) {
                match board[next.0 as usize][next.1 as usize] {
                    None => {
                        if king && self.rules.king_range != KingRange::Short {
                            cur = next;
                            continue;
                        }
                        break;
                    }
                    Some(p) => {
                        let can_take = p.color != self.me
                            && !jumped.contains(&next)
                            && (king || !p.king || self.rules.man_captures_king);
                        if can_take {
                            target = Some((next, p));
                        }
                        break;
                    }
                }
            }
            let Some((victim, vp)) = target else { continue };
            // The landing squares behind it.
            let mut landings = Vec::new();
            let mut cur = victim;
            while let Some(next) = self.go(cur, dr, dc) {
                if board[next.0 as usize][next.1 as usize].is_some() {
                    break;
                }
                landings.push(next);
                if !king || self.rules.king_range != KingRange::Flying {
                    break;
                }
                cur = next;
            }
            let mut board2 = board.clone();
            let mut jumped2 = jumped.clone();
            if self.rules.removal == Removal::Immediate {
                board2[victim.0 as usize][victim.1 as usize] = None;
            } else {
                jumped2.insert(victim);
            }
            // For each landing square, the ways to go on; if any square lets the piece go on, it
            // must stop on such a square.
            let mut per_landing = Vec::new();
            for &land in &landings {
                let mut s = seq.clone();
                s.to = land;
                s.taken.push(victim);
                s.kings_taken.push(vp.king);
                let crowned_here = !king && self.crowns(land);
                let mut goes_on = Vec::new();
                let mut ended = s.clone();
                if crowned_here {
                    ended.promotes = true;
                    match self.rules.capture_promotion {
                        CapturePromotion::EndsMove => {}
                        CapturePromotion::ContinuesAsKing => {
                            let mut s2 = s.clone();
                            s2.promotes = true;
                            goes_on = self.sequences(&board2, &jumped2, s2, true, Some((dr, dc)));
                        }
                        CapturePromotion::OnlyAtEnd => {
                            goes_on =
                                self.sequences(&board2, &jumped2, s.clone(), false, Some((dr, dc)));
                        }
                    }
                } else {
                    goes_on = self.sequences(&board2, &jumped2, s.clone(), king, Some((dr, dc)));
                }
                per_landing.push((ended, goes_on));
            }
            let any_goes_on = per_landing.iter().any(|(_, g)| !g.is_empty());
            for (ended, goes_on) in per_landing {
                if any_goes_on {
                    result.extend(goes_on);
                } else {
                    result.push(ended);
                }
            }
        }
        result
    }

    /// Keeps the captures the variant's precedence rule allows.
    fn apply_precedence(&self, all: Vec<(Rc, bool, Seq)>) -> Vec<(Rc, bool, Seq)> {
        fn keep_max<K: Ord, F: Fn(&(Rc, bool, Seq)) -> K>(
            v: Vec<(Rc, bool, Seq)>,
            f: F,
        ) -> Vec<(Rc, bool, Seq)> {
            let Some(best) = v.iter().map(&f).max() else {
                return v;
            };
            v.into_iter().filter(|x| f(x) == best).collect()
        }
        let count = |x: &(Rc, bool, Seq)| x.2.taken.len();
        let kings = |x: &(Rc, bool, Seq)| x.2.kings_taken.iter().filter(|k| **k).count();
        let by_king = |x: &(Rc, bool, Seq)| usize::from(x.1);
        match self.rules.precedence {
            Precedence::None => all,
            Precedence::MaxPieces => keep_max(all, count),
            Precedence::MaxPiecesThenKings => keep_max(keep_max(all, count), kings),
            Precedence::KingFirst => keep_max(all, by_king),
            Precedence::Value => {
                // Frisian: the highest value, a man 100 and a king 199; then with a king.
                let value = |x: &(Rc, bool, Seq)| {
                    x.2.kings_taken
                        .iter()
                        .map(|&k| if k { 199 } else { 100 })
                        .sum::<usize>()
                };
                keep_max(keep_max(all, value), by_king)
            }
            Precedence::Italian => {
                // 1 most pieces; 2 king rather than man; 3 most kings; 4 a king met earliest
                // (comparing the sequences piece by piece: a king beats a man at the first place
                // where they differ).
                let v = keep_max(keep_max(keep_max(all, count), by_king), kings);
                keep_max(v, |x| x.2.kings_taken.clone())
            }
        }
    }
}

/// Hawaiian (Konane) by the book (https://brainking.com/en/GameRules?tp=94): on a full board,
/// Black "must remove a piece which is located on the longest diagonal (A8 to H1) … either a
/// corner piece (A8 or H1) or a central one (D5 or E4)"; then White removes "a piece which is
/// orthogonally adjacent to the empty square"; after that "All jumps are horizontal or vertical
/// only … the multiple captures are not mandatory … it is not allowed to change the direction".
/// A removal is a move from a square to itself taking the piece there.
fn konane_moves(grid: &Grid, me: Color) -> Vec<RefMove> {
    let at = |r: i8, c: i8| -> Option<Option<Piece>> {
        let row = grid.get(usize::try_from(r).ok()?)?;
        row.get(usize::try_from(c).ok()?).copied()
    };
    let holes: Vec<Rc> = (0..8u8)
        .flat_map(|r| (0..8u8).map(move |c| (r, c)))
        .filter(|&(r, c)| grid[r as usize][c as usize].is_none())
        .collect();
    let removal = |sq: Rc| RefMove {
        from: sq,
        to: sq,
        captured: BTreeSet::from([sq]),
        promotes: false,
    };
    let mine: Vec<Rc> = pieces_of(grid, me).map(|(sq, _)| sq).collect();
    let mut out: Vec<RefMove> = match holes.as_slice() {
        // a8, h1, d5, e4 as (row, col), row 0 being rank 8.
        [] => mine
            .iter()
            .filter(|sq| [(0, 0), (7, 7), (3, 3), (4, 4)].contains(*sq))
            .map(|&sq| removal(sq))
            .collect(),
        [(hr, hc)] => mine
            .iter()
            .filter(|&&(r, c)| hr.abs_diff(r) + hc.abs_diff(c) == 1)
            .map(|&sq| removal(sq))
            .collect(),
        _ => {
            let mut jumps = Vec::new();
            for &(r0, c0) in &mine {
                for (dr, dc) in [(-1i8, 0i8), (0, 1), (1, 0), (0, -1)] {
                    let (mut r, mut c) = (r0 as i8, c0 as i8);
                    let mut captured = BTreeSet::new();
                    // One more jump while an enemy is next in line and the square behind it empty.
                    while let (Some(Some(over)), Some(None)) =
                        (at(r + dr, c + dc), at(r + 2 * dr, c + 2 * dc))
                    {
                        if over.color == me {
                            break;
                        }
                        captured.insert(((r + dr) as u8, (c + dc) as u8));
                        (r, c) = (r + 2 * dr, c + 2 * dc);
                        jumps.push(RefMove {
                            from: (r0, c0),
                            to: (r as u8, c as u8),
                            captured: captured.clone(),
                            promotes: false,
                        });
                    }
                }
            }
            jumps
        }
    };
    out.sort();
    out
}
