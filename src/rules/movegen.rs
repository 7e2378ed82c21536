//! The fast move generator: bitboards, one shift per step, a depth-first search per capturing
//! piece (Scan's scheme). No heap: the route being explored lives in fixed arrays and the result
//! goes to a [`MoveList`] that stays inline in every realistic position.
//!
//! Captures first; quiet moves only when there is none (capturing is mandatory everywhere).
//! Precedence is enforced while generating: each complete sequence gets a key (see
//! [`Gen::key`]); a better key clears the list, a worse one is dropped. Routes with the same
//! from, to and captured set are merged.
//!
//! Its oracle is `rules::reference`, the slow obvious generator (compiled for tests only, feature
//! `test-support`): a property test holds the two equal on random positions of every variant.

use super::board::{BitSet, Bits, Cell, CellIter, DirSet, Steps, opposite};
use super::moves::{MAX_CAPTURES, Move, MoveList, PieceKind};
use super::position::{Position, side};
use super::rulebook::{CapturePromotion, KingRange, Movement, Precedence, Removal, Rules};
use crate::notation::Color;

/// Whether capture routes with the same from, to and captured set are merged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Duplicates {
    /// One move per (from, to, captured set): the legal moves (dctl's `drop_duplicates`).
    Merge,
    /// One move per distinct route (capture order, and the landing square of each capture
    /// where the route turns or ends), as dctl's `keep_duplicates` perft counts them. A flying
    /// king that goes straight on to its next capture counts once, whatever square it "stops"
    /// on between the two (kish counts each stop; see `turkish_depth_7_and_8_against_kish` in
    /// tests/rules_perft.rs). For checking published numbers only.
    Keep,
}

/// Rules to leave out, so that a recorded move that is not legal can be explained: a move found
/// only with `precedence` relaxed broke the precedence rule, and so on. All off: the legal moves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Relax {
    /// Every complete capture sequence, whatever the variant's precedence says.
    pub precedence: bool,
    /// Men may capture kings (Italian forbids it).
    pub man_captures_king: bool,
    /// Handle a man reaching the last row mid-capture this way instead of the variant's way.
    pub capture_promotion: Option<CapturePromotion>,
    /// Quiet moves too when a capture is available (capturing is mandatory everywhere).
    pub quiet_with_captures: bool,
    /// A king that has made the variant's limit of consecutive moves may move again (Frisian).
    pub king_move_limit: bool,
}

/// Fills `list` (expected empty) with the legal moves of `pos`.
pub fn generate(pos: &Position, list: &mut MoveList) {
    generate_with(pos, list, Duplicates::Merge)
}

/// [`generate`] with a choice of how duplicate routes count.
pub fn generate_with(pos: &Position, list: &mut MoveList, duplicates: Duplicates) {
    generate_relaxed(pos, list, duplicates, Relax::default())
}

/// [`generate_with`] leaving out the rules `relax` names.
pub fn generate_relaxed(pos: &Position, list: &mut MoveList, duplicates: Duplicates, relax: Relax) {
    Generator::new(pos.rules()).generate_relaxed(pos, list, duplicates, relax)
}

/// The legal moves of `pos` that matter when the move played starts on `from`: see
/// [`Generator::generate_from`].
pub fn generate_from(pos: &Position, list: &mut MoveList, from: Cell) {
    Generator::new(pos.rules()).generate_from(pos, list, from)
}

/// Which generator a variant's moves need: the draughts generator monomorphised for the width
/// of its board (`u64` where it fits) and for the Alquerque switches
/// ([`Rules::men_stop_on_far_row`], [`Rules::men_jump_any_way_after_first`]), so that those
/// cost the other variants nothing; or Hawaiian's own ([`Movement::Konane`], [`super::konane`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Narrow,
    NarrowAlquerque,
    Wide,
    WideAlquerque,
    Konane,
}

impl Kind {
    fn of(rules: &Rules) -> Kind {
        let alquerque = rules.men_stop_on_far_row || rules.men_jump_any_way_after_first;
        match (rules.movement, rules.board.fits_u64(), alquerque) {
            (Movement::Konane, _, _) => Kind::Konane,
            (_, true, false) => Kind::Narrow,
            (_, true, true) => Kind::NarrowAlquerque,
            (_, false, false) => Kind::Wide,
            (_, false, true) => Kind::WideAlquerque,
        }
    }
}

/// The move generator of one variant, with what it reads from the rule table on every call
/// (the directions each piece moves and captures in, the promotion rows) worked out once. A
/// replay makes one per game; the free functions above make one per call.
#[derive(Debug, Clone, Copy)]
pub struct Generator {
    rules: &'static Rules,
    /// Per side, White first: the directions a man steps in, and captures in.
    man_step: [DirSet; 2],
    man_capture: [DirSet; 2],
    /// Which generator to run, worked out once.
    kind: Kind,
    /// Per side, White first: the squares that crown its men.
    promotion_row: [Bits; 2],
    king_step: DirSet,
    king_capture: DirSet,
}

impl Generator {
    pub fn new(rules: &'static Rules) -> Generator {
        let sides = [Color::White, Color::Black];
        Generator {
            rules,
            man_step: sides.map(|c| rules.man_step_dirs(c)),
            man_capture: sides.map(|c| rules.man_capture_dirs(c)),
            kind: Kind::of(rules),
            promotion_row: sides.map(|c| rules.promotion_cells(c)),
            king_step: rules.king_dirs(),
            king_capture: rules.king_capture_dirs(),
        }
    }

    /// [`generate`] with this generator's rules, which must be `pos`'s.
    pub fn generate(&self, pos: &Position, list: &mut MoveList) {
        self.generate_relaxed(pos, list, Duplicates::Merge, Relax::default())
    }

    /// [`generate_relaxed`] with this generator's rules, which must be `pos`'s.
    pub fn generate_relaxed(
        &self,
        pos: &Position,
        list: &mut MoveList,
        duplicates: Duplicates,
        relax: Relax,
    ) {
        match self.kind {
            Kind::Narrow => self.generate_in::<u64, false>(pos, list, duplicates, relax, None),
            Kind::NarrowAlquerque => {
                self.generate_in::<u64, true>(pos, list, duplicates, relax, None)
            }
            Kind::Wide => self.generate_in::<u128, false>(pos, list, duplicates, relax, None),
            Kind::WideAlquerque => {
                self.generate_in::<u128, true>(pos, list, duplicates, relax, None)
            }
            Kind::Konane => super::konane::generate(pos, list),
        }
    }

    /// The legal moves of `pos` that matter when the move played starts on `from`: every
    /// capture when a capture is due (which capture is legal depends on all of them), else the
    /// quiet moves of the piece on `from` only. What a replay needs to match a recorded move,
    /// without building the moves of every other piece.
    pub fn generate_from(&self, pos: &Position, list: &mut MoveList, from: Cell) {
        let quiet_from = Some(from);
        let (merge, relax) = (Duplicates::Merge, Relax::default());
        match self.kind {
            Kind::Narrow => self.generate_in::<u64, false>(pos, list, merge, relax, quiet_from),
            Kind::NarrowAlquerque => {
                self.generate_in::<u64, true>(pos, list, merge, relax, quiet_from)
            }
            Kind::Wide => self.generate_in::<u128, false>(pos, list, merge, relax, quiet_from),
            Kind::WideAlquerque => {
                self.generate_in::<u128, true>(pos, list, merge, relax, quiet_from)
            }
            Kind::Konane => super::konane::generate(pos, list),
        }
    }

    /// [`generate_relaxed`] working in bit sets of type `B`, which must hold the board; quiet
    /// moves only of the piece on `quiet_from` when it is given.
    ///
    /// `ALQ`: the Alquerque switches are on ([`Rules::men_stop_on_far_row`],
    /// [`Rules::men_jump_any_way_after_first`]); a parameter so that they cost the other
    /// variants nothing.
    fn generate_in<B: BitSet, const ALQ: bool>(
        &self,
        pos: &Position,
        list: &mut MoveList,
        duplicates: Duplicates,
        relax: Relax,
        quiet_from: Option<Cell>,
    ) {
        let rules = self.rules;
        debug_assert!(std::ptr::eq(rules, pos.rules()) || *rules == *pos.rules());
        let geo = Steps::<B>::of(&rules.board);
        let me = pos.to_move();
        let opp = me.opposite();
        let mine = side(me);
        let occ = B::from_bits(pos.occupied());
        let my_men = B::from_bits(pos.men(me));
        let my_kings = B::from_bits(pos.kings(me));
        let opp_pieces = B::from_bits(pos.pieces(opp));
        let opp_kings = B::from_bits(pos.kings(opp));
        let empty = B::from_bits(rules.board.cells) & !occ;
        let promo_row = B::from_bits(self.promotion_row[mine]);
        let man_captures_king = rules.man_captures_king || relax.man_captures_king;
        let man_capture_dirs = self.man_capture[mine];
        let man_continue_dirs = if ALQ && rules.men_jump_any_way_after_first {
            0xff
        } else {
            man_capture_dirs
        };
        let king_dirs = self.king_capture;
        let (capturers, kings_may_capture) = self.capture_starts::<B>(pos, man_captures_king);

        // The search, and its state, only when some piece can capture (in most positions none can).
        if capturers != B::ZERO || kings_may_capture {
            let mut g: Gen<'_, B, ALQ> = Gen {
                rules,
                geo,
                opp_pieces,
                opp_kings,
                man_capture_dirs,
                man_continue_dirs,
                king_dirs,
                promo_row,
                immediate: rules.removal == Removal::Immediate,
                capture_promotion: relax.capture_promotion.unwrap_or(rules.capture_promotion),
                man_captures_king,
                precedence: !relax.precedence,
                list: &mut *list,
                duplicates,
                best: 0,
                from: 0,
                piece: PieceKind::Man,
                len: 0,
                path: [0; MAX_CAPTURES],
                order: [0; MAX_CAPTURES],
            };
            for from in CellIter(capturers) {
                g.from = from;
                g.piece = PieceKind::Man;
                let bit = B::bit(from);
                g.man_jumps(bit, occ & !bit, B::ZERO, None);
            }
            if kings_may_capture {
                for from in CellIter(my_kings) {
                    g.from = from;
                    g.piece = PieceKind::King;
                    let bit = B::bit(from);
                    g.king_jumps(bit, occ & !bit, B::ZERO, g.king_dirs);
                }
            }
            if !list.is_empty() && !relax.quiet_with_captures {
                return;
            }
        }
        let (my_men, my_kings) = match quiet_from {
            Some(cell) => (my_men & B::bit(cell), my_kings & B::bit(cell)),
            None => (my_men, my_kings),
        };
        let my_men = if ALQ && rules.men_stop_on_far_row {
            my_men & !B::from_bits(rules.far_row(me))
        } else {
            my_men
        };
        for d in dirs(self.man_step[mine]) {
            for to in CellIter(geo.step(my_men, d) & empty) {
                let from = geo.step(B::bit(to), opposite(d)).lowest();
                let promotes = promo_row & B::bit(to) != B::ZERO;
                list.push(Move::quiet(from, to, PieceKind::Man, promotes));
            }
        }
        // A king that has made the limit of consecutive moves may not move quietly again (Frisian).
        let frozen = if relax.king_move_limit {
            B::ZERO
        } else {
            B::from_bits(pos.frozen_king())
        };
        for from in CellIter(my_kings & !frozen) {
            for d in dirs(self.king_step) {
                let mut s = geo.step(B::bit(from), d) & empty;
                while s != B::ZERO {
                    list.push(Move::quiet(from, s.lowest(), PieceKind::King, false));
                    if rules.king_range == KingRange::Short {
                        break;
                    }
                    s = geo.step(s, d) & empty;
                }
            }
        }
    }

    /// Where a capture of `pos` may start: the men of the side to move with a first jump open
    /// (each of them has a capture), and whether some king of that side may have one (never
    /// false when it has). Found for all pieces at once, with a few shifts per direction.
    #[inline(always)]
    fn capture_starts<B: BitSet>(&self, pos: &Position, man_captures_king: bool) -> (B, bool) {
        let rules = self.rules;
        let geo = Steps::<B>::of(&rules.board);
        let me = pos.to_move();
        let opp = me.opposite();
        let opp_pieces = B::from_bits(pos.pieces(opp));
        let empty = B::from_bits(rules.board.cells & !pos.occupied());
        let jumpable_by_men = if man_captures_king {
            opp_pieces
        } else {
            opp_pieces & !B::from_bits(pos.kings(opp))
        };
        let mut capturers = B::ZERO;
        for d in dirs(self.man_capture[side(me)]) {
            // Worked back from the landing squares: a man one step behind a piece it may
            // jump, with an empty square behind that piece (two steps, not four).
            let back = opposite(d);
            capturers |= geo.step(geo.step(empty, back) & jumpable_by_men, back);
        }
        capturers &= B::from_bits(pos.men(me));
        let my_kings = B::from_bits(pos.kings(me));
        let kings_may_capture =
            some_king_may_capture(rules, geo, self.king_capture, my_kings, opp_pieces, empty);
        (capturers, kings_may_capture)
    }

    /// Whether a capture may be due in `pos`: never false when one is. It tests each piece's
    /// first jump only, so for kings it may answer yes where the search then finds none.
    pub fn capture_may_be_due(&self, pos: &Position) -> bool {
        if self.kind == Kind::Konane {
            return true; // (not worked out for Hawaiian, whose every move but two is a jump)
        }
        let man_captures_king = self.rules.man_captures_king;
        if self.rules.board.fits_u64() {
            let (men, kings) = self.capture_starts::<u64>(pos, man_captures_king);
            men != 0 || kings
        } else {
            let (men, kings) = self.capture_starts::<u128>(pos, man_captures_king);
            men != 0 || kings
        }
    }

    /// The quiet move from `from` to `to` when it is legal in `pos`, found without building a
    /// move list: what a replay needs for most recorded moves. `None` when it is not legal,
    /// and also whenever [`Generator::capture_may_be_due`]; the caller then generates the
    /// moves. [`Generator::generate`] is the reference: a move this returns is the one quiet
    /// move from `from` to `to` it lists.
    #[inline(always)]
    pub fn quiet_move(&self, pos: &Position, from: Cell, to: Cell) -> Option<Move> {
        match self.kind {
            Kind::Narrow => self.quiet_move_in::<u64, false>(pos, from, to),
            Kind::NarrowAlquerque => self.quiet_move_in::<u64, true>(pos, from, to),
            Kind::Wide => self.quiet_move_in::<u128, false>(pos, from, to),
            Kind::WideAlquerque => self.quiet_move_in::<u128, true>(pos, from, to),
            Kind::Konane => None, // every Hawaiian move is a removal or a jump
        }
    }

    #[inline(always)]
    fn quiet_move_in<B: BitSet, const ALQ: bool>(
        &self,
        pos: &Position,
        from: Cell,
        to: Cell,
    ) -> Option<Move> {
        let rules = self.rules;
        debug_assert!(std::ptr::eq(rules, pos.rules()) || *rules == *pos.rules());
        if u32::from(from.max(to)) >= B::WIDTH {
            return None;
        }
        // (Both on the board: `target` is empty and `source` holds a piece.)
        let (source, target) = (B::bit(from), B::bit(to));
        let empty = B::from_bits(rules.board.cells & !pos.occupied());
        let me = pos.to_move();
        let mine = side(me);
        let men = if ALQ && rules.men_stop_on_far_row {
            pos.men(me) & !rules.far_row(me)
        } else {
            pos.men(me)
        };
        let man = source & B::from_bits(men) != B::ZERO;
        let king = source & B::from_bits(pos.kings(me) & !pos.frozen_king()) != B::ZERO;
        if target & empty == B::ZERO || !(man || king) {
            return None;
        }
        let (capturers, kings_may_capture) = self.capture_starts::<B>(pos, rules.man_captures_king);
        if capturers != B::ZERO || kings_may_capture {
            return None;
        }
        let geo = Steps::<B>::of(&rules.board);
        if man {
            let promotes = target & B::from_bits(self.promotion_row[mine]) != B::ZERO;
            return dirs(self.man_step[mine])
                .any(|d| geo.step(source, d) == target)
                .then(|| Move::quiet(from, to, PieceKind::Man, promotes));
        }
        for d in dirs(self.king_step) {
            let mut s = geo.step(source, d) & empty;
            while s != B::ZERO {
                if s == target {
                    return Some(Move::quiet(from, to, PieceKind::King, false));
                }
                if rules.king_range == KingRange::Short {
                    break;
                }
                s = geo.step(s, d) & empty;
            }
        }
        None
    }
}

/// The directions of a set, lowest first (one step per direction in the set, not eight).
#[inline(always)]
fn dirs(set: DirSet) -> impl Iterator<Item = u8> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let d = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        Some(d)
    })
}

/// Whether any of `kings` has a first jump over one of `jumpable`: every king's rays at once,
/// so that a position whose kings cannot capture (most of them) costs a few shifts, not a
/// search per king. Never false when [`Gen::king_jumps`] would find a capture.
#[inline(always)]
fn some_king_may_capture<B: BitSet>(
    rules: &Rules,
    geo: &Steps<B>,
    king_dirs: DirSet,
    kings: B,
    jumpable: B,
    empty: B,
) -> bool {
    if kings == B::ZERO {
        return false;
    }
    let flying = rules.king_range != KingRange::Short;
    for d in dirs(king_dirs) {
        // Worked back from the pieces that could be jumped that way (an empty square behind
        // them): the squares a king could jump them from, then, for a flying king, further
        // back over empty squares. Most directions have no such piece at all.
        let back = opposite(d);
        let targets = jumpable & geo.step(empty, back);
        if targets == B::ZERO {
            continue;
        }
        let mut reach = geo.step(targets, back);
        while reach != B::ZERO {
            if reach & kings != B::ZERO {
                return true;
            }
            if !flying {
                break;
            }
            reach = geo.step(reach & empty, back);
        }
    }
    false
}

struct Gen<'a, B, const ALQ: bool> {
    rules: &'static Rules,
    geo: &'a Steps<B>,
    opp_pieces: B,
    opp_kings: B,
    man_capture_dirs: DirSet,
    /// Directions a man jumps in after its first jump.
    man_continue_dirs: DirSet,
    /// Directions kings capture in.
    king_dirs: DirSet,
    promo_row: B,
    immediate: bool,
    capture_promotion: CapturePromotion,
    man_captures_king: bool,
    /// Apply the variant's precedence (off only when explaining illegal moves).
    precedence: bool,
    list: &'a mut MoveList,
    duplicates: Duplicates,
    /// Key of the moves in `list`.
    best: u32,
    // The sequence being explored.
    from: Cell,
    piece: PieceKind,
    len: usize,
    path: [Cell; MAX_CAPTURES],
    order: [Cell; MAX_CAPTURES],
}

impl<B: BitSet, const ALQ: bool> Gen<'_, B, ALQ> {
    /// Pieces that may be jumped now: the opponent's, not yet jumped in this sequence.
    #[inline(always)]
    fn jumpable(&self, captured: B, by_man: bool) -> B {
        let mut j = self.opp_pieces & !captured;
        if by_man && !self.man_captures_king {
            j &= !self.opp_kings;
        }
        j
    }

    /// Records the jump of `over` landing on `land`. False when the route is already as long
    /// as a move can hold (impossible with legal piece counts).
    #[inline(always)]
    fn push(&mut self, land: B, over: B) -> bool {
        if self.len >= MAX_CAPTURES {
            return false;
        }
        self.path[self.len] = land.lowest();
        self.order[self.len] = over.lowest();
        self.len += 1;
        true
    }

    /// Captures by a man standing on `sq` (a single bit). `occ` holds every piece that blocks;
    /// `captured` the pieces already jumped. Returns whether any capture was found.
    fn man_jumps(&mut self, sq: B, occ: B, captured: B, last: Option<u8>) -> bool {
        let geo = self.geo;
        let jumpable = self.jumpable(captured, true);
        let mut found = false;
        let now = if ALQ && last.is_some() {
            self.man_continue_dirs
        } else {
            self.man_capture_dirs
        };
        for d in dirs(now) {
            if self.rules.no_180_turn && last == Some(opposite(d)) {
                continue;
            }
            let over = geo.step(sq, d) & jumpable;
            let land = geo.step(over, d) & !occ;
            if land == B::ZERO || !self.push(land, over) {
                continue;
            }
            found = true;
            let occ2 = if self.immediate { occ & !over } else { occ };
            let cap2 = captured | over;
            if land & self.promo_row != B::ZERO {
                match self.capture_promotion {
                    CapturePromotion::EndsMove => self.emit(true),
                    CapturePromotion::ContinuesAsKing => {
                        let allowed = self.king_dirs & !(1 << opposite(d));
                        if !self.king_jumps(land, occ2, cap2, allowed) {
                            self.emit(true);
                        }
                    }
                    CapturePromotion::OnlyAtEnd => {
                        if !self.man_jumps(land, occ2, cap2, Some(d)) {
                            self.emit(true);
                        }
                    }
                }
            } else if !self.man_jumps(land, occ2, cap2, Some(d)) {
                self.emit(false);
            }
            self.len -= 1;
        }
        found
    }

    /// Captures by a king on `sq` in the directions `allowed`.
    fn king_jumps(&mut self, sq: B, occ: B, captured: B, allowed: DirSet) -> bool {
        let mut found = false;
        for d in dirs(allowed & self.king_dirs) {
            found |= self.king_jump_dir(sq, d, occ, captured);
        }
        found
    }

    /// A king capture from `sq` in direction `d`, and every way to go on from it.
    fn king_jump_dir(&mut self, sq: B, d: u8, occ: B, captured: B) -> bool {
        let geo = self.geo;
        let flying = self.rules.king_range != KingRange::Short;
        let mut s = geo.step(sq, d);
        if flying {
            while s != B::ZERO && s & occ == B::ZERO {
                s = geo.step(s, d);
            }
        }
        let over = s & self.jumpable(captured, false);
        let first = geo.step(over, d) & !occ;
        if first == B::ZERO {
            return false;
        }
        let occ2 = if self.immediate { occ & !over } else { occ };
        let cap2 = captured | over;
        // Landing squares: any free square behind the piece, or only the first one.
        let mut landings = [B::ZERO; 16];
        let mut n = 0;
        let mut l = first;
        while l != B::ZERO && n < landings.len() {
            landings[n] = l;
            n += 1;
            if self.rules.king_range != KingRange::Flying {
                break;
            }
            l = geo.step(l, d) & !occ2;
        }
        if !self.push(first, over) {
            return false;
        }
        // Turning onto another line from each landing square (and reversing where pieces are
        // removed at once and the rules allow it).
        let mut turns = self.king_dirs & !(1 << d | 1 << opposite(d));
        if self.immediate && !self.rules.no_180_turn {
            turns |= 1 << opposite(d);
        }
        let mut goes_on = false;
        for &l in &landings[..n] {
            self.path[self.len - 1] = l.lowest();
            goes_on |= self.king_jumps(l, occ2, cap2, turns);
        }
        // Going straight on: scanning from the last landing square covers them all; the route
        // records the square right behind the captured piece.
        self.path[self.len - 1] = first.lowest();
        goes_on |= self.king_jump_dir(landings[n - 1], d, occ2, cap2);
        // A sequence ends only where it cannot go on.
        if !goes_on {
            let promotes = self.piece == PieceKind::Man;
            for &l in &landings[..n] {
                self.path[self.len - 1] = l.lowest();
                self.emit(promotes);
            }
        }
        self.len -= 1;
        true
    }

    /// The precedence key of the current sequence: higher is preferred, equal keys coexist.
    fn key(&self) -> u32 {
        if !self.precedence {
            return 0;
        }
        let n = self.len as u32;
        let taken = &self.order[..self.len];
        // Counted only for the rules that weigh kings (most moves are of the others).
        let kings = || {
            taken
                .iter()
                .filter(|&&c| self.opp_kings & B::bit(c) != B::ZERO)
                .count() as u32
        };
        let by_king = u32::from(self.piece == PieceKind::King);
        match self.rules.precedence {
            Precedence::None => 0,
            Precedence::MaxPieces => n,
            Precedence::MaxPiecesThenKings => n << 8 | kings(),
            Precedence::KingFirst => by_king,
            Precedence::Value => {
                // A man is worth 100 and a king 199 (lidraughts); then a capture by a king.
                let kings = kings();
                let value = 100 * (n - kings) + 199 * kings;
                value << 1 | by_king
            }
            Precedence::Italian => {
                // Step 4 compares where the kings come in the sequence, earliest first: bit
                // 15 - i is set when the i-th piece taken is a king, so a larger mask meets a
                // king earlier (and on a tie, the next king earlier). At most 12 captures on 8x8.
                let king_order = taken
                    .iter()
                    .take(16)
                    .enumerate()
                    .filter(|&(_, &c)| self.opp_kings & B::bit(c) != B::ZERO)
                    .fold(0, |mask, (i, _)| mask | 1 << (15 - i));
                n << 24 | by_king << 23 | kings() << 16 | king_order
            }
        }
    }

    /// Adds the current sequence as a complete move, subject to precedence and merging.
    fn emit(&mut self, promotes: bool) {
        let key = self.key();
        if key < self.best {
            return;
        }
        if key > self.best {
            self.list.clear();
            self.best = key;
        }
        let m = Move::capture(
            self.from,
            self.piece,
            promotes,
            &self.path[..self.len],
            &self.order[..self.len],
        );
        let seen = match self.duplicates {
            Duplicates::Merge => self.list.contains(&m),
            Duplicates::Keep => self.list.iter().any(|o| {
                o.from == m.from && o.path() == m.path() && o.capture_order() == m.capture_order()
            }),
        };
        if !seen {
            self.list.push(m);
        }
    }
}
