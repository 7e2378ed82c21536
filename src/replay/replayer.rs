//! The replayer: a game's lines walked move by move, each token matched to a legal move, and
//! every mismatch explained.

use super::*;
use crate::finding::ListingLimit;

mod legs;

/// Replays `game` in `rules`, its squares read in `numbering`.
pub(super) fn run(
    game: &Game,
    rules: &'static Rules,
    numbering: Numbering,
    visitor: &mut impl Visitor,
) -> GameReplay {
    let mut replayer = Replayer::new(rules, numbering, visitor);
    replayer.game(game);
    replayer.limit.finish(&mut replayer.out.findings);
    replayer.out
}

struct Replayer<'v, V> {
    rules: &'static Rules,
    generator: Generator,
    numbering: Numbering,
    squares: Rc<SquareMap>,
    /// The legal moves of the position being matched, kept on the heap and reused: a move list
    /// is kilobytes, too much to return by value at every ply.
    legal: Option<Box<MoveList>>,
    visitor: &'v mut V,
    out: GameReplay,
    /// The numbering with the record's own notation (algebraic or numeric, from its first
    /// move): squares in messages are written as the record writes them.
    written: Numbering,
    /// What the record says about its start position, for hints.
    start_fen: StartFen,
    /// The GameType tag as written, for hints.
    game_type: Option<String>,
    /// A game lists at most `MAX_LISTED_PER_CODE` findings of one code, as the reader does
    /// (see `docs/limits.md`).
    limit: ListingLimit,
    /// A capture written a leg per move, found where no legal move fitted its first leg: the
    /// move and the number of tokens after that one that were its other legs. (Kept beside
    /// what `play` returns, not in it, so that the path of the usual move stays as it was.)
    joined: Option<Box<(Move, usize)>>,
}

/// The move a token names: where it lies among the legal moves (the usual answer, read in
/// place: a move is 96 bytes, and copying it through every step of a replay stalled more
/// than the matching cost), or a move found elsewhere (a capture route, an ambiguity
/// resolved), boxed so that the usual answer stays two words.
enum Played {
    Legal(usize),
    Owned(Box<Move>),
}

impl Played {
    fn read<'a>(&'a self, legal: &'a MoveList) -> &'a Move {
        match self {
            Played::Legal(i) => &legal[*i],
            Played::Owned(mv) => mv,
        }
    }
}

/// Whether the record sets up its start position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum StartFen {
    /// No FEN tag and no `/FEN/` setup before the first move.
    None,
    /// A FEN is written but could not be read: replay starts from the initial position.
    Unreadable,
    /// A FEN is written and read.
    Read,
}

/// What the moves after an ambiguous short form say about it.
enum Resolved {
    /// Only after this one does the rest of the line replay as far.
    One(Move),
    /// The whole rest of the line replays after each: this is the first.
    Any(Move),
    /// No way to tell, and the line cannot go on.
    No,
}

/// Where a line's next move stands.
#[derive(Clone, Copy)]
struct Cursor {
    pos: Position,
    /// Ply of the next move.
    ply: u32,
    /// Move number of the last move (carried when the next one has none).
    number: u32,
    depth: u32,
}

impl<'v, V: Visitor> Replayer<'v, V> {
    fn new(rules: &'static Rules, numbering: Numbering, visitor: &'v mut V) -> Self {
        let mut out = GameReplay::new();
        out.rules = Some(rules);
        out.numbering = Some(numbering);
        Replayer {
            rules,
            generator: Generator::new(rules),
            numbering,
            squares: square_map(rules, numbering),
            legal: Some(Box::default()),
            visitor,
            out,
            written: numbering,
            start_fen: StartFen::None,
            game_type: None,
            limit: ListingLimit::default(),
            joined: None,
        }
    }

    /// Whether a finding of `code` at `span` is listed; when its code has reached the limit, it
    /// is counted as left out instead (and need not be built).
    fn may_list(&mut self, code: Code, span: Span) -> bool {
        let listed = self.out.findings.iter().map(|f| f.code);
        self.limit.admits(code, span, listed)
    }

    fn game(&mut self, game: &Game) {
        if let Some(square) = game.moves.first().and_then(|n| n.squares().first()) {
            self.written.notation = match square {
                Square::Alg { .. } => SquareNotation::Algebraic,
                Square::Num(_) => SquareNotation::Numeric,
            };
        }
        self.game_type = game.tag("GameType").map(str::to_string);
        let setups = game.moves.before.iter().filter_map(|a| match a {
            Annotation::Setup(s) => Some(s.parsed.is_some()),
            _ => None,
        });
        let written = game.tag("FEN").map(|_| game.setup.is_some());
        self.start_fen = match written.into_iter().chain(setups).reduce(|a, b| a || b) {
            None => StartFen::None,
            Some(false) => StartFen::Unreadable,
            Some(true) => StartFen::Read,
        };
        let start = match &game.setup {
            None => Position::initial(self.rules),
            Some(setup) => {
                match self.setup_position(game, setup) {
                    Ok(p) => p,
                    // `?` and no move to tell: nothing to replay, nothing wrong.
                    Err(crate::rules::SetupError::MissingSideToMove) => {
                        let span = tag_span(game, "FEN").unwrap_or(game.span);
                        self.out.findings.push(Finding::new(
                            Code::SideToMoveInferred,
                            span,
                            "the FEN does not say who is to move (`?`) and no move tells, so nothing is replayed",
                        ));
                        return;
                    }
                    Err(e) => {
                        let span = tag_span(game, "FEN").unwrap_or(game.span);
                        self.out.findings.push(Finding::new(
                            Code::ImpossibleSetup,
                            span,
                            format!(
                                "the FEN is not a legal {} position: {e}",
                                self.rules.variant
                            ),
                        ));
                        return;
                    }
                }
            }
        };
        self.out.start = Some(start);
        let cursor = Cursor {
            pos: start,
            ply: 1,
            number: 0,
            depth: 0,
        };
        let (end, complete) = self.line(&game.moves, cursor);
        self.out.end = Some(end.pos);
        self.out.main_line_plies = end.ply - 1;
        self.out.main_line_complete = complete;
    }

    /// The game's FEN as a position. A FEN with `?` for the side to move (PDN allows it) gets
    /// the side whose piece makes the first move, with a note.
    fn setup_position(
        &mut self,
        game: &Game,
        setup: &crate::fen::FenSetup,
    ) -> Result<Position, crate::rules::SetupError> {
        if setup.to_move.is_some() {
            return Position::from_setup_numbered(self.rules, self.numbering, setup);
        }
        let mut white = setup.clone();
        white.to_move = Some(Color::White);
        let pos = Position::from_setup_numbered(self.rules, self.numbering, &white)?;
        let first = game.moves.first();
        let from = first
            .and_then(|n| n.squares().first())
            .and_then(|&sq| self.squares.cell(&self.rules.board, sq).ok());
        let Some((node, from)) = first.zip(from) else {
            return Err(crate::rules::SetupError::MissingSideToMove);
        };
        let side = if pos.pieces(Color::Black) & (1 << from) != 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut f = Finding::new(
            Code::SideToMoveInferred,
            node.span(),
            format!("the FEN does not say who is to move (`?`); the first move is {side}'s"),
        );
        f.ply = Some(1);
        self.out.findings.push(f);
        Ok(Position::from_parts(
            self.rules,
            side,
            [pos.men(Color::White), pos.men(Color::Black)],
            [pos.kings(Color::White), pos.kings(Color::Black)],
        ))
    }

    /// Replays `line` from `at`; returns where it ended and whether every move was played.
    fn line(&mut self, line: &Line, mut at: Cursor) -> (Cursor, bool) {
        let mut live = true;
        // Whether a move of this line has been played since its start or its last setup.
        let mut follows = false;
        // Variations before the line's first move numbered for the move after it, replayed
        // once that move is played.
        let mut ahead: Vec<&Line> = Vec::new();
        for a in &line.before {
            match a {
                // (No move of the line yet: nothing for the setup to follow.)
                Annotation::Setup(s) => live = self.setup(&mut at, s),
                Annotation::Variation(v)
                    if live && self.numbered_for_the_other_side(&v.line, &at) =>
                {
                    ahead.push(&v.line)
                }
                // A variation before the line's first move: an alternative from where the line
                // starts, replayed from there.
                Annotation::Variation(v) if live => {
                    let mut branch = at;
                    branch.depth += 1;
                    self.line(&v.line, branch);
                }
                _ => {}
            }
        }
        let mut moves = line.iter();
        while let Some(node) = moves.next() {
            // Kept only for the variations after the move (the rest of the time it was a copy
            // per move that nothing read).
            let after_move = node.after();
            // (Copied only when needed: `then_some` would copy the position for every move.)
            let before = if live && !after_move.is_empty() {
                Some(at)
            } else {
                None
            };
            if live {
                at.number = match node.number() {
                    Some(n) => n.number,
                    None if at.pos.to_move() == self.rules.first_mover => at.number + 1,
                    None => at.number.max(1),
                };
                // (`moves` is now the rest of the line, for resolving an ambiguous move.)
                match self.play(&at, node, moves.clone()) {
                    Some(played) => {
                        // `play` left the legal moves of `at.pos` in the reused list.
                        let none = MoveList::new();
                        let legal = self.legal.as_deref().unwrap_or(&none);
                        let mv = played.read(legal);
                        let after = at.pos.play(mv);
                        self.out.moves_replayed += 1;
                        self.visitor.on_move(&MoveEvent {
                            depth: at.depth,
                            ply: at.ply,
                            node,
                            before: &at.pos,
                            follows,
                            mv,
                            after: &after,
                            legal,
                        });
                        at.pos = after;
                        at.ply += 1;
                        follows = true;
                    }
                    None => match self.joined.take() {
                        // A capture written a leg per move, played out of line with the
                        // annotations of its legs and its own.
                        Some(joined) => {
                            let (mv, legs) = *joined;
                            self.play_legs(
                                &mut at,
                                node,
                                &mv,
                                legs,
                                &mut moves,
                                &mut live,
                                &mut follows,
                            );
                            continue;
                        }
                        None => live = false,
                    },
                }
            }
            // (Asked per move: almost always empty, so no drain is set up.)
            if !ahead.is_empty() {
                for variation in std::mem::take(&mut ahead) {
                    if live {
                        self.variation_before_its_move(variation, at);
                    }
                }
            }
            for a in after_move {
                match (a, before) {
                    // Numbered for the other side, which is to move after this move: written
                    // before the move it replaces (`1. 32-28 (1... 19-23) 1... 18-23`).
                    (Annotation::Variation(v), Some(branch))
                        if live
                            && self.numbered_for_the_other_side(&v.line, &branch)
                            && !self.numbered_for_the_other_side(&v.line, &at) =>
                    {
                        self.variation_before_its_move(&v.line, at);
                    }
                    // An alternative to this move: from the position before it, when known.
                    (Annotation::Variation(v), Some(mut branch)) => {
                        branch.depth += 1;
                        self.line(&v.line, branch);
                    }
                    (Annotation::Setup(s), _) => {
                        // A setup of the position the line had reached (or one that could not
                        // be set up) leaves the line going on from there.
                        let reached = at.pos;
                        live = self.setup(&mut at, s);
                        follows &= at.pos == reached;
                    }
                    _ => {}
                }
            }
        }
        (at, live)
    }

    /// Whether `line` opens with a move number that gives the move to the side not to move at
    /// `at` (`1...`, the second mover's number, where the first mover is to move).
    fn numbered_for_the_other_side(&self, line: &Line, at: &Cursor) -> bool {
        let Some(number) = line.first().and_then(|m| m.number()) else {
            return false;
        };
        let side = if number.ellipsis {
            self.rules.first_mover.opposite()
        } else {
            self.rules.first_mover
        };
        side != at.pos.to_move()
    }

    /// A variation whose number says it replaces the next move, written before that move: an
    /// alternative from `at`, the position before the move it replaces, with one warning.
    fn variation_before_its_move(&mut self, line: &Line, at: Cursor) {
        let mut branch = at;
        branch.depth += 1;
        if let Some(first) = line.first() {
            let number = first.number().map_or(0, |n| n.number);
            self.report(
                &branch,
                first,
                Code::VariationBeforeItsMove,
                format!(
                    "a variation numbered for the next move ({number}...), written before that move: replayed as an alternative to it"
                ),
                Vec::new(),
            );
        }
        self.line(line, branch);
    }

    /// A `/FEN/` inside the moves: the line goes on from that position.
    fn setup(&mut self, at: &mut Cursor, s: &crate::reader::Setup) -> bool {
        let Some(parsed) = &s.parsed else {
            return false; // the reader has reported the unreadable FEN
        };
        match Position::from_setup_numbered(self.rules, self.numbering, parsed) {
            Ok(p) => {
                at.pos = p;
                true
            }
            Err(e) => {
                if !self.may_list(Code::ImpossibleSetup, s.span) {
                    return false;
                }
                self.out.findings.push(Finding::new(
                    Code::ImpossibleSetup,
                    s.span,
                    format!(
                        "the FEN is not a legal {} position: {e}",
                        self.rules.variant
                    ),
                ));
                false
            }
        }
    }

    /// The legal move `node` names, or a finding and `None`.
    fn play(&mut self, at: &Cursor, node: MoveRef<'_>, rest: Moves<'_>) -> Option<Played> {
        if node.kind() == MoveKind::Unknown {
            self.unknown_move(at, node);
            return None;
        }
        let geo = &self.rules.board;
        // The token's cells, on the stack unless the token is longer than any move.
        let mut short = [0 as Cell; 40];
        let mut long = Vec::new();
        let squares = node.squares();
        let cells: &mut [Cell] = match squares.len() {
            n if n <= short.len() => &mut short[..n],
            n => {
                long.resize(n, 0);
                &mut long
            }
        };
        for (cell, &square) in cells.iter_mut().zip(squares) {
            match self.squares.cell(geo, square) {
                Ok(c) => *cell = c,
                Err(error) => {
                    self.square_not_on_board(at, node, square, error);
                    return None;
                }
            }
        }
        let cells = &*cells;
        let mut legal = self.legal.take().unwrap_or_default();
        legal.clear();
        // Most moves are quiet moves written `from-to`: one found legal needs no list (a token
        // written as a capture is matched the long way, which explains the separator).
        let wants_all = self.visitor.wants_every_legal_move();
        let written_quiet = !matches!(node.separator(), Some('x' | ':'));
        let quiet = match *cells {
            [from, to] if !wants_all && written_quiet => {
                self.generator.quiet_move(&at.pos, from, to)
            }
            _ => None,
        };
        if let Some(mv) = quiet {
            // Read `from-to` and captureless: nothing for `match_move` to report.
            legal.push(mv);
            self.legal = Some(legal);
            return Some(Played::Legal(0));
        }
        match cells.first() {
            Some(&from) if !wants_all => self.generator.generate_from(&at.pos, &mut legal, from),
            _ => self.generator.generate(&at.pos, &mut legal),
        }
        let played = self.match_move(at, node, rest, cells, &legal);
        self.legal = Some(legal);
        played
    }

    #[cold]
    #[inline(never)]
    fn unknown_move(&mut self, at: &Cursor, node: MoveRef<'_>) {
        self.report(
            at,
            node,
            Code::UnknownMoveStopsReplay,
            "the move is not known; the rest of this line is not replayed".into(),
            Vec::new(),
        );
    }

    /// A square of the token that is not a playing square of the board.
    #[cold]
    #[inline(never)]
    fn square_not_on_board(
        &mut self,
        at: &Cursor,
        node: MoveRef<'_>,
        square: Square,
        error: SquareError,
    ) {
        if node.squares().len() == 1 && self.rules.movement != crate::rules::Movement::Konane {
            // `d5` in a variant whose moves are never one square: that, not the square, is
            // what is wrong (whatever the board).
            let mut all = MoveList::new();
            movegen::generate(&at.pos, &mut all);
            let writer = Writer {
                pos: &at.pos,
                numbering: self.written,
            };
            let e = explain::one_square_elsewhere(&writer, &square.to_string(), &all);
            let message = format!("{}; the rest of this line is not replayed", e.message);
            return self.report(at, node, e.code, message, e.moves);
        }
        let geo = &self.rules.board;
        let mut message = format!(
            "{square} is not a playing square of the {} board",
            self.rules.variant
        );
        // Off the board altogether: say which board it would fit.
        if let Some(size) = board_that_fits(square)
            .filter(|_| error == SquareError::NotOnBoard)
            .filter(|&size| size != geo.width || geo.width != geo.height)
        {
            let what = match &self.game_type {
                Some(written) => format!("GameType {written}"),
                None => format!("{} (no GameType tag)", self.rules.variant),
            };
            message.push_str(&format!("; {square} fits {size}x{size}: is {what} right?"));
        }
        self.report(at, node, Code::SquareNotOnBoard, message, Vec::new());
    }

    /// The legal move (of `legal`) that `cells` names, or a finding and `None`. The usual
    /// answer, one move written as PDN writes it, is the short path; everything to report is
    /// out of line.
    fn match_move(
        &mut self,
        at: &Cursor,
        node: MoveRef<'_>,
        rest: Moves<'_>,
        cells: &[Cell],
        legal: &MoveList,
    ) -> Option<Played> {
        let (played, reading) = match matcher::find_in(&at.pos, legal, Relax::default(), cells) {
            Found::At(i, reading) => (Played::Legal(i), reading),
            Found::Route(mv, reading) => (Played::Owned(Box::new(mv)), reading),
            Found::Many(candidates) => {
                let (mv, reading) = self.ambiguous(at, node, rest, &candidates)?;
                (Played::Owned(Box::new(mv)), reading)
            }
            Found::None => {
                self.illegal(at, node, rest, cells);
                return None;
            }
        };
        let mv = played.read(legal);
        let separator_wrong = node
            .separator()
            .is_some_and(|s| (s == 'x' || s == ':') != mv.is_capture());
        if separator_wrong || !matches!(reading, Reading::Short | Reading::FullPath) {
            self.notation_findings(at, node, mv, reading, separator_wrong, legal);
        }
        Some(played)
    }

    /// Several legal moves fit the token: the one the rest of the line shows, or any when
    /// nothing later depends on it (each with a finding), or `None`.
    #[cold]
    #[inline(never)]
    fn ambiguous(
        &mut self,
        at: &Cursor,
        node: MoveRef<'_>,
        rest: Moves<'_>,
        candidates: &[Move],
    ) -> Option<(Move, Reading)> {
        let writer = Writer {
            pos: &at.pos,
            numbering: self.written,
        };
        let texts = writer.texts(candidates);
        let head = format!(
            "{} moves go from {} to {}",
            candidates.len(),
            writer.square(candidates[0].from),
            writer.square(candidates[0].to)
        );
        let unsaid = "the record does not say which was played";
        Some(match self.resolve(&at.pos, candidates, rest) {
            Resolved::One(mv) => {
                let message = format!(
                    "{head}: the full path is required; the next moves show it was {}",
                    writer.text(&mv, candidates)
                );
                self.report(at, node, Code::AmbiguousResolved, message, texts);
                (mv, Reading::Short)
            }
            // The record is ambiguous, but nothing later depends on it: go on with one.
            Resolved::Any(mv) => {
                let message = format!(
                    "{head} and {unsaid}; the rest of the line replays after each, so replay goes on after {}",
                    writer.text(&mv, candidates)
                );
                self.report(at, node, Code::AmbiguousMove, message, texts);
                (mv, Reading::Short)
            }
            Resolved::No => {
                let message = format!("{head} and {unsaid}; the rest of this line is not replayed");
                self.report(at, node, Code::AmbiguousMove, message, texts);
                return None;
            }
        })
    }

    /// No legal move fits the token: the finding that explains why; or, when the token is the
    /// first leg of a capture that the next tokens go on with, that capture, left in
    /// `self.joined`.
    #[cold]
    #[inline(never)]
    fn illegal(&mut self, at: &Cursor, node: MoveRef<'_>, rest: Moves<'_>, cells: &[Cell]) {
        // (Only a token no legal move fits pays for looking at the next ones.)
        if let Some(joined) = self.join_legs(at, node, rest, cells) {
            self.joined = Some(Box::new(joined));
            return;
        }
        // The explanation lists every legal move, not only those `legal` may be.
        let mut all = MoveList::new();
        movegen::generate(&at.pos, &mut all);
        let e = explain::explain(&at.pos, self.written, &all, cells);
        let mut message = format!("{}; the rest of this line is not replayed", e.message);
        if at.ply == 1 && at.depth == 0 && at.number > 1 && at.pos == Position::initial(self.rules)
        {
            let n = at.number;
            message.push_str(&match self.start_fen {
                StartFen::None => {
                    format!(" (the record starts at move {n} without a FEN setup)")
                }
                StartFen::Unreadable => format!(
                    " (the record starts at move {n}; its FEN could not be read, so replay starts from the initial position)"
                ),
                StartFen::Read => format!(
                    " (the record starts at move {n} from its FEN, which is the initial position)"
                ),
            });
        }
        self.report(at, node, e.code, message, e.moves);
    }

    /// The move was found, but not written as PDN writes it: a loose path, a Hub capture list,
    /// or the wrong separator.
    #[cold]
    #[inline(never)]
    fn notation_findings(
        &mut self,
        at: &Cursor,
        node: MoveRef<'_>,
        mv: &Move,
        reading: Reading,
        separator_wrong: bool,
        legal: &MoveList,
    ) {
        let geo = &self.rules.board;
        let writer = Writer {
            pos: &at.pos,
            numbering: self.written,
        };
        let full = || mv.full_notation(geo, self.written, at.pos.capture_separator());
        match reading {
            Reading::PartialPath => {
                let message = format!(
                    "a full path names every landing square as PDN 3.0 chooses them: {}",
                    full()
                );
                self.report(at, node, Code::CapturePath, message, Vec::new());
            }
            Reading::HubCaptures => {
                let message = format!(
                    "captured squares listed instead of the path; PDN writes {}",
                    writer.text(mv, legal)
                );
                self.report(at, node, Code::HubCaptureList, message, Vec::new());
            }
            Reading::Short | Reading::FullPath => {}
        }
        if separator_wrong {
            let message = if mv.is_capture() {
                format!(
                    "{}PDN writes it {}",
                    super::SEPARATOR_OF_A_CAPTURE,
                    writer.text(mv, legal)
                )
            } else {
                format!(
                    "this move captures nothing; PDN writes it {}",
                    writer.text(mv, legal)
                )
            };
            self.report(at, node, Code::SeparatorMismatch, message, Vec::new());
        }
    }

    /// Of several moves a short form names, the one after which the rest of the line replays
    /// furthest, if exactly one does.
    fn resolve(&self, pos: &Position, candidates: &[Move], rest: Moves<'_>) -> Resolved {
        let reach = |m: &Move| {
            let mut p = pos.play(m);
            let mut n = 0;
            for node in rest.clone() {
                let cells: Option<SmallVec<[Cell; 8]>> = node
                    .squares()
                    .iter()
                    .map(|&s| self.squares.cell(&self.rules.board, s).ok())
                    .collect();
                let Some(cells) = cells else { break };
                match matcher::find(&p, Relax::default(), &cells) {
                    Match::One(next, _) => p = p.play(&next),
                    _ => break,
                }
                n += 1;
            }
            n
        };
        let reaches: SmallVec<[usize; 4]> = candidates.iter().map(reach).collect();
        let best = reaches.iter().copied().max().unwrap_or(0);
        let mut winners = candidates
            .iter()
            .zip(&reaches)
            .filter(|(_, r)| **r == best)
            .map(|(m, _)| *m);
        match (winners.next(), winners.next()) {
            (Some(m), None) => Resolved::One(m),
            (Some(m), Some(_)) if best == rest.len() => Resolved::Any(m),
            _ => Resolved::No,
        }
    }

    fn report(
        &mut self,
        at: &Cursor,
        node: MoveRef<'_>,
        code: Code,
        message: String,
        legal_moves: Vec<String>,
    ) {
        if code.once_per_game()
            && let Some(first) = self.limit.habit(&mut self.out.findings, code)
        {
            first.also.push(node.span());
            return;
        }
        if !self.may_list(code, node.span()) {
            return;
        }
        self.out.findings.push(Finding {
            code,
            level: code.level(),
            message,
            span: node.span(),
            ply: Some(at.ply),
            move_number: Some(at.number),
            depth: at.depth,
            token: Some(node.raw().map_or_else(|| node.canonical(), str::to_string)),
            fen_before: Some(at.pos.to_setup_numbered(self.written).to_string()),
            legal_moves: legal_moves.into(),
            diagram: if code.level() == crate::finding::Level::Error {
                crate::rules::text_board::diagram(&at.pos, self.numbering).into()
            } else {
                thin_vec::ThinVec::new()
            },
            also: thin_vec::ThinVec::new(),
        });
    }
}

/// The side of the smallest square board a notation square can be on (8, 10 or 12), for hints.
fn board_that_fits(square: Square) -> Option<u8> {
    let needed = match square {
        Square::Num(n) => match n {
            1..=32 => 8,
            33..=50 => 10,
            51..=72 => 12,
            _ => return None,
        },
        Square::Alg { file, rank } => file.max(rank) + 1,
    };
    [8, 10, 12].into_iter().find(|&size| needed <= size)
}

/// The square map of a numbering, built once per thread: games of one archive share it.
fn square_map(rules: &'static Rules, numbering: Numbering) -> Rc<SquareMap> {
    thread_local! {
        static MAPS: RefCell<Vec<(&'static Rules, Rc<SquareMap>)>> = const { RefCell::new(Vec::new()) };
    }
    MAPS.with_borrow_mut(|maps| {
        if let Some((_, map)) = maps
            .iter()
            .find(|(r, m)| std::ptr::eq(*r, rules) && m.numbering() == numbering)
        {
            return Rc::clone(map);
        }
        let map = Rc::new(SquareMap::new(&rules.board, numbering));
        maps.push((rules, Rc::clone(&map)));
        map
    })
}
