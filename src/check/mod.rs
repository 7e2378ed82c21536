//! Checking one game: what the reader found, the replay of every move, and whether the result
//! the record declares agrees with its terminator and its final position. The outcome is a
//! [`GameReport`], the unit every report format (human, JSON, SARIF, ...) is written from.

pub mod baseline;
pub mod catalogue;
pub mod config;
pub mod draws;
pub mod policy;
pub mod result;
pub mod run;

use crate::draw_rules::{Decision, DrawProfile};
use crate::finding::{Code, Finding, Level};
use crate::reader::span::{Located, Locator};
use crate::reader::{Game, LineIndex, Location, Span, TagText, VariantSource};
use crate::replay::{self, NotReplayed};
use crate::variant::Variant;
use draws::{DrawReport, DrawVisitor};
use serde::Serialize;

/// How to check.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// Which draw rules to flag.
    pub draw_profile: DrawProfile,
    /// Leave [`GameReport::identity`] out: only baselines use it, and hashing every game's
    /// tags and moves is a few percent of a check.
    pub skip_identity: bool,
}

/// A tag as the report shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReportTag {
    /// The name as written.
    pub name: TagText,
    /// The standard PDN name a localised name stands for (`White` for `Bianco`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standard_name: Option<TagText>,
    pub value: TagText,
    /// Where the tag is written (what `check --fix` edits).
    #[serde(skip)]
    pub span: Span,
}

impl ReportTag {
    /// The standard name: the one written, or the one a localised name stands for.
    pub fn standard(&self) -> &str {
        self.standard_name.as_deref().unwrap_or(&self.name)
    }
}

/// Where a game's main line ends, in the numbering its moves were read in. Its FEN is written
/// only when a report asks for it (most never do), not for every game checked.
#[derive(Debug, Clone, Copy)]
pub struct FinalPosition {
    pub position: crate::rules::Position,
    pub numbering: crate::rules::Numbering,
}

impl FinalPosition {
    /// The position as a PDN FEN (`B:WK36:B14`).
    pub fn fen(&self) -> String {
        self.position.to_setup_numbered(self.numbering).to_string()
    }
}

impl Serialize for FinalPosition {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.fen())
    }
}

/// The checked game. (Written through a mirror of its fields, below, its findings' spans
/// located by its own index.)
#[derive(Debug, Clone)]
pub struct GameReport {
    /// 1-based position in its file.
    pub index: u64,
    pub span: Location,
    pub tags: Vec<ReportTag>,
    pub variant: Option<Variant>,
    pub variant_source: VariantSource,
    /// Moves of the main line as recorded.
    pub plies_recorded: u32,
    /// Moves of the main line replayed (less than recorded when one is not legal).
    pub plies_replayed: u32,
    /// Moves replayed in all lines, variations included.
    pub moves_replayed: u64,
    /// Why the game's moves or setup were not checked at all (a `W-NOT-REPLAYED` finding says
    /// it too); absent when the game was replayed or had nothing to check.
    pub not_replayed: Option<NotReplayed>,
    /// Another variant in which the whole main line replays cleanly, when the tagged one fails
    /// in the first moves (the game is still checked in the tagged one, and its first error
    /// says so).
    pub variant_that_fits: Option<Variant>,
    pub result: result::ResultReport,
    /// Draw rules that held on the main line, in the order they fired.
    pub draws: Vec<DrawReport>,
    /// A game the profile decides without a draw (servers profile, Turkish: a king beats a lone
    /// man).
    pub decided: Option<Decision>,
    /// In source order; each span is located (given its line and column) by [`GameReport::locate`].
    pub findings: Vec<Finding>,
    /// The position after the last main-line move replayed (written as its FEN).
    pub final_fen: Option<FinalPosition>,
    /// A hash of the tags and moves that stays the same wherever the game is in its file
    /// (baselines find their games by it); `None` when [`CheckOptions::skip_identity`] said so.
    pub identity: Option<u64>,
    /// The numbering the moves and FENs were read and written in (what a board drawn from
    /// `fen_before` needs: a record may be read from another corner than its GameType says).
    pub numbering: Option<crate::rules::Numbering>,
    /// The character set the game was read in ([`Game::encoding`]): a report showing the
    /// file's lines decodes them with it.
    pub encoding: crate::reader::Encoding,
    /// The line and column of the game's spans ([`Game::lines`]).
    pub lines: LineIndex,
    /// Seconds checking the game took, when the run measures it (JUnit's testcase `time`);
    /// 0 otherwise.
    pub seconds: f64,
}

/// A report as written: its fields (every one by name, so that a new one is not left out
/// unnoticed), the findings' spans located.
#[derive(Serialize)]
struct GameReportOut<'a> {
    index: u64,
    span: Location,
    tags: &'a [ReportTag],
    variant: Option<Variant>,
    variant_source: VariantSource,
    plies_recorded: u32,
    plies_replayed: u32,
    moves_replayed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    not_replayed: Option<&'a NotReplayed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant_that_fits: Option<Variant>,
    result: &'a result::ResultReport,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    draws: &'a Vec<DrawReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decided: Option<&'a Decision>,
    findings: Located<'a, Vec<Finding>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    final_fen: Option<&'a FinalPosition>,
}

impl Serialize for GameReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let GameReport {
            index,
            span,
            tags,
            variant,
            variant_source,
            plies_recorded,
            plies_replayed,
            moves_replayed,
            not_replayed,
            variant_that_fits,
            result,
            draws,
            decided,
            findings,
            final_fen,
            // Not written: what baselines and the people-facing reports use.
            identity: _,
            numbering: _,
            encoding: _,
            seconds: _,
            lines,
        } = self;
        let at = Locator::new(lines);
        GameReportOut {
            index: *index,
            span: *span,
            tags,
            variant: *variant,
            variant_source: *variant_source,
            plies_recorded: *plies_recorded,
            plies_replayed: *plies_replayed,
            moves_replayed: *moves_replayed,
            not_replayed: not_replayed.as_ref(),
            variant_that_fits: *variant_that_fits,
            result,
            draws,
            decided: decided.as_ref(),
            findings: at.with(findings),
            final_fen: final_fen.as_ref(),
        }
        .serialize(serializer)
    }
}

impl GameReport {
    pub fn count(&self, level: Level) -> usize {
        self.findings.iter().filter(|f| f.level == level).count()
    }

    /// `span` (of this game, a finding's) with its line and column.
    pub fn locate(&self, span: Span) -> Location {
        self.lines.locate(span)
    }
}

/// Checks one game read by the reader.
pub fn check_game(game: &Game, options: &CheckOptions) -> GameReport {
    let mut findings: Vec<Finding> = game.diagnostics.clone();
    let mut draws = DrawVisitor::new(options.draw_profile);
    let replay = replay::replay(game, &mut draws);
    let numbering = replay.numbering;
    let final_fen = replay
        .end
        .zip(numbering)
        .map(|(position, numbering)| FinalPosition {
            position,
            numbering,
        });
    let decided = draws.decided();
    let result = result::check(game, &replay, draws.drawn(), decided.as_ref());
    let (draws, decided, draw_findings) = draws.finish(result.declares_win, result.declared_span);
    findings.extend(draw_findings);
    let result_report = result.report;
    // The replay's W-VARIANT-REINFERRED says what the reader inferred and why it did not stand:
    // the reader's note alone would contradict it.
    if replay
        .findings
        .iter()
        .any(|f| f.code == Code::VariantReinferred)
    {
        findings.retain(|f| f.code != Code::VariantInferred);
    }
    findings.extend(replay.findings);
    findings.extend(result.findings);
    // Source order, so reports read top to bottom (stable: equal offsets keep stage order).
    findings.sort_by_key(Finding::order);
    GameReport {
        index: game.index,
        span: game.locate(game.span),
        tags: game
            .tags
            .iter()
            .map(|t| ReportTag {
                name: t.name.clone(),
                standard_name: t.standard_name.clone(),
                value: t.value.clone(),
                span: t.span,
            })
            .collect(),
        variant: replay.variant.or(game.variant),
        variant_source: game.variant_source,
        plies_recorded: game.moves.len() as u32,
        plies_replayed: replay.main_line_plies,
        moves_replayed: replay.moves_replayed,
        not_replayed: replay.not_replayed,
        variant_that_fits: replay.variant_that_fits,
        result: result_report,
        draws,
        decided,
        findings,
        final_fen,
        identity: (!options.skip_identity).then(|| baseline::game_identity(game)),
        numbering,
        encoding: game.encoding,
        lines: game.lines.clone(),
        seconds: 0.0,
    }
}
