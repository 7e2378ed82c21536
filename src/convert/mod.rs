//! Lossless conversion: a game of the reader's model rewritten in place as canonical PDN 3.0
//! (or any requested notation), then printed as PDN ([`pdn`]), as the JSON model, or as one
//! line per position ([`positions`]).
//!
//! The game is replayed first; a [`replay::Visitor`] records, for every move node it plays (by
//! the node's address), the legal move and the positions around it. A walk over the model in
//! the same order (moves, then the variations after each) rewrites each replayed token from its
//! legal move: squares in the output numbering, the variant's separators, the short form unless
//! another legal move shares its from and to squares (then the full path, PDN 3.0's
//! intermediate-square rule), move numbers recomputed. A line whose move cannot be replayed is
//! kept up to that move; the rest goes, as written, into one comment starting with
//! [`UNREPLAYED`], so nothing is lost.
//!
//! ```
//! use pdnkit::convert::{Converter, Options};
//! use pdnkit::reader::{read_str, ReadOptions};
//! let mut game = read_str("[GameType \"20\"]\n1.32-28 19-23 2.28x19 14x23 *", ReadOptions::default())
//!     .remove(0);
//! let mut converter = Converter::new(Options::default());
//! let report = converter.convert(&mut game);
//! assert_eq!(report.errors, 0);
//! let mut text = String::new();
//! pdnkit::convert::pdn::write_game(&game, &mut text).unwrap();
//! assert!(text.contains("1. 32-28 19-23 2. 28x19 14x23 *"));
//! ```

pub mod json;
pub mod pdn;
pub mod positions;
pub mod run;
pub mod squares;
pub mod unnumbered;
mod walk;

use crate::fen::{FenPiece, FenSetup};
use crate::finding::{Code, Finding, Fix, Level};
use crate::notation::Color;
use crate::reader::{
    Annotation, Annotations, Comment, CommentStyle, Game, Line, MoveKind, MoveNode, MoveNumber,
    ResultKind, ResultToken, Span, Tag, VariantSource, normalise_date,
};
use crate::replay::{self, MoveEvent, Visitor};
use crate::rules::{Move, MoveList, Numbering, Position, Rules, movegen};
use crate::variant::{ResultStyle, SquareNotation, Variant};
use squares::{SquareTable, TableCache};
use walk::Walk;

/// The comment that holds the rest of a line that could not be replayed starts with this.
pub const UNREPLAYED: &str = "pdnkit-unreplayed:";

/// How captures are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Captures {
    /// `from x to`, the full path only where two legal moves share from and to.
    #[default]
    Short,
    /// Every landing square, always.
    Long,
}

/// What a conversion does.
#[derive(Debug, Clone)]
pub struct Options {
    /// Square notation of the output (`None`: the variant's standard one).
    pub notation: Option<SquareNotation>,
    pub captures: Captures,
    /// A `{[%fen ...]}` comment after every replayed move (replacing such comments already there).
    pub fen_comments: bool,
    /// Repair what can be repaired without guessing, and report each repair.
    pub fix: bool,
    pub comments: bool,
    pub variations: bool,
    pub nags: bool,
    /// Keep the original spelling of each rewritten move in its `raw` field (for JSON output).
    pub keep_raw: bool,
    /// Collect the main line's positions ([`Converted::positions`]).
    pub positions: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            notation: None,
            captures: Captures::Short,
            fen_comments: false,
            fix: false,
            comments: true,
            variations: true,
            nags: true,
            keep_raw: false,
            positions: false,
        }
    }
}

/// How many repairs `--fix` made that `finding` reports: none unless it is a note whose message
/// starts `repaired: ` (every repair says so); one at each of its places (a habit of the record
/// is reported once a game).
pub fn repairs(finding: &Finding) -> u64 {
    if finding.level == Level::Note && finding.message.starts_with("repaired: ") {
        1 + finding.also.len() as u64
    } else {
        0
    }
}

/// One main-line position, for datasets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionLine {
    /// Half-moves played before it.
    pub ply: u32,
    pub fen: String,
    pub to_move: Color,
    pub legal_moves: u32,
    /// The move played from it, in the output notation (`None` at the end of the line).
    pub played: Option<String>,
}

/// What converting one game found.
#[derive(Debug, Clone, Default)]
pub struct Converted {
    /// Findings and repairs (notes), in source order.
    pub notices: Vec<Finding>,
    /// Error-level notices: a line cut at a move that cannot be replayed, an unreadable part.
    pub errors: u32,
    /// Main-line positions (when [`Options::positions`]).
    pub positions: Vec<PositionLine>,
    /// Moves rewritten from their legal move.
    pub moves_replayed: u64,
}

/// One move as the replay played it.
#[derive(Clone, Copy)]
struct Record {
    node: usize,
    mv: Move,
    before: Position,
    after: Position,
    depth: u32,
    ply: u32,
    /// Written with its full path.
    full: bool,
    /// Legal moves in `before`.
    legal_count: u32,
    /// The nodes after this one that were the other legs of its capture.
    legs: u32,
}

struct Recorder<'a> {
    records: &'a mut Vec<Record>,
    long: bool,
}

impl Visitor for Recorder<'_> {
    fn on_move(&mut self, e: &MoveEvent) {
        let full = e.mv.is_capture() && (self.long || ambiguous(e.mv, e.legal));
        self.records.push(Record {
            node: e.node.id(),
            mv: *e.mv,
            before: *e.before,
            after: *e.after,
            depth: e.depth,
            ply: e.ply,
            full,
            legal_count: e.legal.len() as u32,
            legs: 0,
        });
    }

    fn on_legs(&mut self, legs: usize) {
        if let Some(last) = self.records.last_mut() {
            last.legs = legs as u32;
        }
    }

    fn restart(&mut self) {
        self.records.clear();
    }
}

/// Another legal move goes from the same square to the same square (PDN 3.0: then the full path
/// is required).
fn ambiguous(mv: &Move, legal: &MoveList) -> bool {
    legal
        .iter()
        .any(|o| o.from == mv.from && o.to == mv.to && o != mv)
}

/// Converts games one after another, reusing its buffers.
pub struct Converter {
    options: Options,
    records: Vec<Record>,
    legal: Box<MoveList>,
    tables: TableCache,
}

/// The tags PDN 3.0 writes first, in this order (the seven-tag roster).
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl Converter {
    pub fn new(options: Options) -> Converter {
        Converter {
            options,
            records: Vec::new(),
            legal: Box::default(),
            tables: TableCache::default(),
        }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Rewrites `game` in place as the options ask.
    pub fn convert(&mut self, game: &mut Game) -> Converted {
        let mut report = Converted::default();
        let options = self.options.clone();
        if options.fix {
            fix_tags(game, &mut report.notices);
            fix_forced_marks(&mut game.moves);
        }
        self.records.clear();
        let replay = {
            let mut recorder = Recorder {
                records: &mut self.records,
                long: options.captures == Captures::Long,
            };
            replay::replay(game, &mut recorder)
        };
        report.moves_replayed = replay.moves_replayed;
        replay_notices(&replay.findings, options.fix, &mut report.notices);
        reader_notices(game, options.fix, &mut report.notices);

        let start = replay.start;
        let rules = replay.rules;
        let replayed = rules.is_some() && start.is_some();
        let in_numbering = replay.numbering;
        let out_numbering = rules.map(|r| squares::output_numbering(r, options.notation));
        let table = match (rules, out_numbering) {
            (Some(r), Some(n)) => Some(self.tables.get(r, n).clone()),
            _ => None,
        };

        // Tags.
        rewrite_tags(game, rules, start, in_numbering, out_numbering);

        // Moves.
        if !options.comments {
            game.header_comments.clear();
        }
        let first_mover = rules
            .map(|r| r.first_mover)
            .or(game.game_type.map(|g| g.first_mover))
            .unwrap_or(Color::White);
        let side = start
            .map(|p| p.to_move())
            .or(game.setup.as_ref().and_then(|s| s.to_move))
            .unwrap_or(first_mover);
        let number = game
            .moves
            .first()
            .and_then(|n| n.number())
            .map_or(1, |n| n.number.max(1));
        let separator = start.map_or('x', |p| p.capture_separator());
        let mut walk = Walk {
            records: &self.records,
            cursor: 0,
            replayed,
            table: table.as_ref(),
            rules,
            in_numbering,
            options: &options,
            separator,
            first_mover,
            positions: Vec::new(),
            notices: &mut report.notices,
        };
        walk.line(&mut game.moves, side, number, 0);
        let mut positions = walk.positions;
        if options.positions && replayed {
            positions.extend(self.final_position(start, out_numbering));
        }
        report.positions = positions;
        lift_leading_comments(game);
        terminator(game, rules, options.fix, &mut report.notices);
        report.notices.sort_by_key(Finding::order);
        report.errors = report
            .notices
            .iter()
            .filter(|n| n.level == Level::Error)
            .count() as u32;
        report
    }

    /// The position after the main line's last replayed move, for `--format positions`.
    fn final_position(
        &mut self,
        start: Option<Position>,
        out_numbering: Option<Numbering>,
    ) -> Option<PositionLine> {
        let last = self.records.iter().rev().find(|r| r.depth == 0);
        let end = last.map_or(start, |r| Some(r.after))?;
        let n = out_numbering?;
        let count = count_legal(&end, &mut self.legal);
        Some(PositionLine {
            ply: last.map_or(0, |r| r.ply),
            fen: end.to_setup_numbered(n).to_string(),
            to_move: end.to_move(),
            legal_moves: count,
            played: None,
        })
    }
}

fn count_legal(pos: &Position, legal: &mut MoveList) -> u32 {
    legal.clear();
    movegen::generate(pos, legal);
    legal.len() as u32
}

/// The same result in the variant's result tokens (`1-0` is `2-0` in International).
pub fn restyle(kind: ResultKind, style: ResultStyle) -> ResultKind {
    use ResultKind::*;
    match (style, kind) {
        (ResultStyle::International, OneZero) => TwoZero,
        (ResultStyle::International, ZeroOne) => ZeroTwo,
        (ResultStyle::International, Half) => OneOne,
        (ResultStyle::Default, TwoZero) => OneZero,
        (ResultStyle::Default, ZeroTwo) => ZeroOne,
        (ResultStyle::Default, OneOne) => Half,
        (_, other) => other,
    }
}

/// The replay's findings as notices: the ones `convert` repairs (as notes, only with `--fix`),
/// the others as they were found; an error says the rest of its line is kept in a comment.
fn replay_notices(findings: &[Finding], fix: bool, notices: &mut Vec<Finding>) {
    for f in findings {
        let repaired = f.code.fix() == Fix::Rewritten;
        if repaired && !fix {
            continue;
        }
        let message = if repaired {
            format!("repaired: {}", f.message)
        } else if f.level == Level::Error {
            format!(
                "{}; the rest of the line is kept as written in a comment",
                f.message
                    .trim_end_matches("; the rest of this line is not replayed")
            )
        } else {
            f.message.clone()
        };
        let level = if repaired { Level::Note } else { f.level };
        notices.push(Finding::at_level(level, f.code, f.span, message));
    }
}

/// The reader's errors (the text is kept as read), and with `--fix` the deviations the writer
/// repairs.
fn reader_notices(game: &Game, fix: bool, notices: &mut Vec<Finding>) {
    for d in &game.diagnostics {
        if d.level == Level::Error {
            notices.push(Finding::at_level(
                Level::Error,
                d.code,
                d.span,
                format!("{} (the text is kept as read)", d.message),
            ));
        } else if fix && d.code.fix() == Fix::Rewritten {
            // (A habit of the record is one repair at each of its places.)
            notices.push(Finding {
                also: d.also.clone(),
                ..Finding::at_level(
                    Level::Note,
                    d.code,
                    d.span,
                    format!("repaired: {}", d.message),
                )
            });
        }
    }
}

/// Comments alone before the first move open the body, which the reader takes for header
/// comments (a line cut before its first move): say so in the model already.
fn lift_leading_comments(game: &mut Game) {
    // Comments alone before the first move open the body, which the reader takes for
    // header comments (a line cut before its first move): say so in the model already.
    if game.moves.is_empty()
        && game
            .moves
            .before
            .iter()
            .all(|a| matches!(a, Annotation::Comment(_)))
    {
        for a in std::mem::take(&mut game.moves.before) {
            if let Annotation::Comment(c) = a {
                game.header_comments.push(*c);
            }
        }
    }
}

/// The terminator: with `--fix` in the variant's result style, and added (from the Result tag)
/// where the game had none.
fn terminator(
    game: &mut Game,
    rules: Option<&'static Rules>,
    fix: bool,
    notices: &mut Vec<Finding>,
) {
    // The terminator.
    // (A variant that accepts either result type keeps the one written.)
    let style = rules
        .map(|r| r.variant)
        .or(game.variant)
        .filter(|v| !v.accepts_either_result_style())
        .map(|v| v.result_style());
    match &mut game.result {
        Some(result) => {
            if fix && result.nonstandard.as_deref() == Some("-") {
                notices.push(Finding::at_level(
                    Level::Note,
                    Code::RepairedResultToken,
                    result.span,
                    "repaired: the terminator `-` written `*`, PDN's result not known",
                ));
                result.nonstandard = None;
            }
            if fix
                && result.nonstandard.is_none()
                && let Some(style) = style
            {
                let fixed = restyle(result.kind, style);
                if fixed != result.kind {
                    notices.push(Finding::at_level(Level::Note, Code::RepairedResultToken, result.span, format!(
                            "repaired: the terminator `{}` written `{}`, the result token of this variant",
                            result.kind.as_str(),
                            fixed.as_str()
                        )));
                    result.kind = fixed;
                }
            }
        }
        // A file's trailing comments are a "game" of their own: no terminator for them.
        None if game.tags.is_empty() && game.moves.is_empty() => {}
        None => {
            let kind = game
                .tag("Result")
                .and_then(|v| ResultKind::parse(v.trim()))
                .unwrap_or(ResultKind::Unknown);
            let kind = match style {
                Some(style) if fix => restyle(kind, style),
                _ => kind,
            };
            if fix {
                notices.push(Finding::at_level(
                    Level::Note,
                    Code::MissingTerminator,
                    game.span,
                    format!(
                        "repaired: the game had no terminator; `{}` added (from the Result tag)",
                        kind.as_str()
                    ),
                ));
            }
            game.result = Some(ResultToken {
                kind,
                nonstandard: None,
                span: Span::NOWHERE,
            });
        }
    }
}

/// `--fix` on tags: localised names to standard ones, dates in the PDN form where the form they
/// are written in leaves no doubt, the Result value trimmed and in the variant's tokens.
fn fix_tags(game: &mut Game, notices: &mut Vec<Finding>) {
    let style = game
        .variant
        .filter(|v| !v.accepts_either_result_style())
        .map(|v| v.result_style());
    for tag in &mut game.tags {
        if let Some(standard) = tag.standard_name.take() {
            notices.push(Finding::at_level(
                Level::Note,
                Code::LocalisedTag,
                tag.span,
                format!("repaired: tag `{}` written `{standard}`", tag.name),
            ));
            tag.name = standard;
        }
        if tag.name == "Date"
            && let Some(fixed) = normalise_date(&tag.value)
        {
            notices.push(Finding::at_level(
                Level::Note,
                Code::DateFormat,
                tag.span,
                format!("repaired: date `{}` written `{fixed}`", tag.value),
            ));
            tag.value = fixed.into();
            tag.raw = None;
        }
        // `-`, some exporters' "result not known", is PDN's `*`.
        let value = match tag.value.trim() {
            "-" => "*",
            value => value,
        };
        if tag.name == "Result"
            && let Some(kind) = ResultKind::parse(value)
        {
            let fixed = style.map_or(kind, |s| restyle(kind, s));
            if fixed.as_str() != tag.value {
                notices.push(Finding::at_level(
                    Level::Note,
                    Code::RepairedResultTag,
                    tag.span,
                    format!(
                        "repaired: Result `{}` written `{}`",
                        tag.value,
                        fixed.as_str()
                    ),
                ));
                tag.value = fixed.as_str().into();
                tag.raw = None;
            }
        }
    }
}

/// `--fix` on the old forced-move mark (`37-32*`), which PDN 3.0 has no place for: written as
/// the comment `{forced}` after the move, in every line. (The reader's W-FORCED-MOVE-MARK is
/// reported as repaired.)
fn fix_forced_marks(line: &mut Line) {
    for k in 0..line.len() {
        // (Only a move with a mark or a variation is changed: the rest stay records.)
        let Some(m) = line.get(k) else { break };
        let marked = m.strength().is_some_and(|s| s.text == "*");
        let has_variation = m
            .after()
            .iter()
            .any(|a| matches!(a, Annotation::Variation(_)));
        if !marked && !has_variation {
            continue;
        }
        let node = line.node_mut(k);
        if let Some(strength) = node.strength.take_if(|s| s.text == "*") {
            node.after.insert(
                0,
                Annotation::from(Comment {
                    style: CommentStyle::Brace,
                    text: "forced".to_string(),
                    commands: thin_vec::ThinVec::new(),
                    span: strength.span,
                }),
            );
        }
        for annotation in &mut node.after {
            if let Annotation::Variation(variation) = annotation {
                fix_forced_marks(&mut variation.line);
            }
        }
    }
}

/// The name a tag stands for.
fn standard(tag: &Tag) -> &str {
    tag.standard_name.as_deref().unwrap_or(&tag.name)
}

/// Tags in canonical order, the GameType in its long form for the output numbering, the FEN in
/// the output numbering (dropped when it is the start position).
fn rewrite_tags(
    game: &mut Game,
    rules: Option<&'static Rules>,
    start: Option<Position>,
    in_numbering: Option<Numbering>,
    out_numbering: Option<Numbering>,
) {
    let mut rest = std::mem::take(&mut game.tags);
    let mut tags = Vec::with_capacity(rest.len() + 1);
    let take = |rest: &mut Vec<Tag>, name: &str| {
        rest.iter()
            .position(|t| standard(t) == name)
            .map(|i| rest.remove(i))
    };
    for name in ROSTER {
        if let Some(tag) = take(&mut rest, name) {
            tags.push(tag);
        }
    }
    let old_type = take(&mut rest, "GameType");
    let numbered = rules
        .zip(out_numbering)
        .and_then(|(r, n)| Some((r, squares::game_type(r, n)?)));
    match (rules, out_numbering, numbered) {
        (Some(rules), Some(_), None) => {
            // No GameType number (BrainKing's variants): the Variant tag names the variant,
            // as written when it names this one, else (from `--variant`) by its name.
            let tag = take(&mut rest, "Variant")
                .filter(|t| t.value.parse::<Variant>() == Ok(rules.variant))
                .unwrap_or_else(|| Tag {
                    name: "Variant".into(),
                    standard_name: None,
                    value: rules.variant.name().into(),
                    raw: None,
                    span: Span::NOWHERE,
                });
            tags.push(tag);
            if let Some(old) = old_type {
                rest.push(old); // a GameType that named nothing stays as written
            }
            game.game_type = None;
            game.variant = Some(rules.variant);
            game.variant_source = VariantSource::VariantTag;
        }
        (Some(rules), Some(_), Some((_, game_type))) => {
            tags.push(Tag {
                name: "GameType".into(),
                standard_name: None,
                value: game_type.to_string().into(),
                raw: None,
                span: old_type.map_or(Span::NOWHERE, |t| t.span),
            });
            // The model says what its tags now say (the replay may have re-inferred the
            // variant): a game converted again, from JSON, is read in the same variant.
            game.game_type = Some(game_type);
            game.variant = Some(rules.variant);
            game.variant_source = VariantSource::GameType;
        }
        _ => {
            if let Some(mut tag) = old_type {
                if let Some(gt) = &game.game_type {
                    tag.value = gt.to_string().into();
                    tag.raw = None;
                }
                tags.push(tag);
            }
        }
    }
    if let Some(mut fen) = take(&mut rest, "FEN") {
        let converted = match (&game.setup, rules, in_numbering, out_numbering, start) {
            (Some(setup), Some(rules), Some(i), Some(o), Some(start)) => {
                if setup.to_move.is_some()
                    && setup.extra.is_empty()
                    && start == Position::initial(rules)
                {
                    None // the start position: no FEN
                } else {
                    Some(convert_setup(setup, rules, i, o).unwrap_or_else(|| setup.clone()))
                }
            }
            (Some(setup), ..) => Some(setup.clone()),
            _ => {
                tags.push(fen.clone());
                None
            }
        };
        if let Some(setup) = converted {
            fen.value = setup.to_string().into();
            fen.raw = None;
            tags.push(fen);
        }
    }
    tags.append(&mut rest);
    game.tags = tags;
}

/// A FEN's squares in another numbering (`None` if a square is not on the board).
fn convert_setup(
    setup: &FenSetup,
    rules: &Rules,
    from: Numbering,
    to: Numbering,
) -> Option<FenSetup> {
    let geo = &rules.board;
    let map = |pieces: &[FenPiece]| -> Option<Vec<FenPiece>> {
        pieces
            .iter()
            .map(|p| {
                let cell = from.cell(geo, p.square).ok()?;
                Some(FenPiece {
                    square: to.square(geo, cell),
                    king: p.king,
                })
            })
            .collect()
    };
    Some(FenSetup {
        to_move: setup.to_move,
        white: map(&setup.white)?,
        black: map(&setup.black)?,
        extra: setup.extra.clone(),
    })
}
