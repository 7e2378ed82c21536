//! Result consistency: the Result tag against the terminator, the token style against the
//! variant, and a declared result against the final position where the position decides it
//! (the side to move has no legal move, or no pieces, and loses; in Antidraughts it wins), or
//! against a decision on the way (Breakthrough: the first king wins).
//!
//! `1-0` means the first mover won (PDN 3.0; for English the PDN 2.0 draft and CheckerBoard):
//! White in International, but Black in English checkers, where some programs wrote the opposite.

use crate::draw_rules::Decision;
use crate::finding::{Code, Finding};
use crate::notation::Color;
use crate::reader::{Game, ResultKind, Span, TagText};
use crate::replay::GameReplay;
use crate::rules::{Goal, Rules};
use crate::variant::ResultStyle;
use serde::Serialize;

/// What the game's result is, by each source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResultReport {
    /// The Result tag's value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tag: Option<TagText>,
    /// The terminator as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terminator: Option<TagText>,
    /// The result the final position forces, when it forces one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computed: Option<&'static str>,
}

pub struct ResultCheck {
    pub report: ResultReport,
    pub findings: Vec<Finding>,
    /// The record declares a win (terminator, else Result tag).
    pub declares_win: bool,
    /// Where the record declares its result (terminator, else Result tag, else the game).
    pub declared_span: Span,
}

/// Who a result gives the game to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    FirstMover,
    SecondMover,
    Draw,
    /// `*`, `0-0` and the like: nothing to compare.
    Other,
}

fn outcome(kind: ResultKind) -> Outcome {
    match kind {
        ResultKind::OneZero | ResultKind::TwoZero => Outcome::FirstMover,
        ResultKind::ZeroOne | ResultKind::ZeroTwo => Outcome::SecondMover,
        ResultKind::Half | ResultKind::OneOne => Outcome::Draw,
        ResultKind::ZeroZero | ResultKind::Unknown => Outcome::Other,
    }
}

fn parse_kind(text: &str) -> Option<ResultKind> {
    let text = text.trim();
    ResultKind::ALL.into_iter().find(|k| k.as_str() == text)
}

/// The draw token of the variant's result type (`1-1` International and Canadian).
pub fn draw_token(variant: Option<crate::variant::Variant>) -> &'static str {
    match variant.map(|v| v.result_style()) {
        Some(ResultStyle::International) => ResultKind::OneOne.as_str(),
        _ => ResultKind::Half.as_str(),
    }
}

/// The win token of the variant's result type for the first mover or the second.
fn win_token(first_wins: bool, variant: crate::variant::Variant) -> ResultKind {
    let international = variant.result_style() == ResultStyle::International;
    match (first_wins, international) {
        (true, false) => ResultKind::OneZero,
        (false, false) => ResultKind::ZeroOne,
        (true, true) => ResultKind::TwoZero,
        (false, true) => ResultKind::ZeroTwo,
    }
}

/// E-RESULT-CONTRADICTS-POSITION when the declared result gives the game to someone else than
/// `computed`, which `why` explains.
fn contradicts(
    declared: Option<ResultKind>,
    computed: ResultKind,
    why: String,
    winner: Color,
    rules: &Rules,
    variant: crate::variant::Variant,
    declared_span: Span,
) -> Option<Finding> {
    let kind = declared?;
    let said = outcome(kind);
    if said == Outcome::Other || said == outcome(computed) {
        return None;
    }
    let mut message = format!(
        "{why}, so {winner} won ({}), but the record says {}",
        computed.as_str(),
        kind.as_str()
    );
    if said != Outcome::Draw && rules.first_mover == Color::Black {
        message.push_str(&format!(
            "; in {variant} `1-0` means the first mover ({}) won, and some programs wrote the opposite",
            rules.first_mover
        ));
    }
    Some(Finding::new(
        Code::ResultContradictsPosition,
        declared_span,
        message,
    ))
}

/// Checks the declared result; `drawn` says a draw rule held somewhere on the main line,
/// `decided` that the game was won at once before any (Breakthrough's first king).
pub fn check(
    game: &Game,
    replay: &GameReplay,
    drawn: bool,
    decided: Option<&Decision>,
) -> ResultCheck {
    let tag = game
        .tags
        .iter()
        .find(|t| t.name == "Result" || t.standard_name.as_deref() == Some("Result"));
    let mut report = ResultReport {
        tag: tag.map(|t| t.value.clone()),
        terminator: game.result.as_ref().map(|r| match &r.nonstandard {
            Some(text) => TagText::from(text.as_str()),
            None => TagText::const_new(r.kind.as_str()),
        }),
        computed: None,
    };
    let mut findings = Vec::new();
    let tag_kind = tag.and_then(|t| parse_kind(&t.value));
    let term_kind = game
        .result
        .as_ref()
        .filter(|r| r.nonstandard.is_none())
        .map(|r| r.kind);

    if let (Some(t), Some(r), Some(term)) = (tag_kind, term_kind, &game.result)
        && outcome(t) != outcome(r)
    {
        let unknown = t == ResultKind::Unknown || r == ResultKind::Unknown;
        let code = if unknown {
            Code::ResultIncomplete
        } else {
            Code::ResultMismatch
        };
        findings.push(Finding::new(
            code,
            term.span,
            format!(
                "the terminator says {} but the Result tag says {}",
                r.as_str(),
                t.as_str()
            ),
        ));
    }

    let declared = term_kind.or(tag_kind);
    let declared_span = game
        .result
        .as_ref()
        .map(|r| r.span)
        .or(tag.map(|t| t.span))
        .unwrap_or(game.span);
    if let (Some(kind), Some(variant)) = (declared, game.variant)
        && !variant.accepts_either_result_style()
    {
        let international = variant.result_style() == ResultStyle::International;
        let wrong = match kind {
            ResultKind::OneZero | ResultKind::ZeroOne | ResultKind::Half => international,
            ResultKind::TwoZero | ResultKind::ZeroTwo | ResultKind::OneOne => !international,
            _ => false,
        };
        if wrong {
            let expected = if international {
                "2-0, 0-2 and 1-1"
            } else {
                "1-0, 0-1 and 1/2-1/2"
            };
            findings.push(Finding::new(
                Code::ResultStyle,
                declared_span,
                format!(
                    "{} results are written {expected}; {} is read as the same outcome",
                    variant,
                    kind.as_str()
                ),
            ));
        }
    }

    // A draw rule held on the way: the game was drawn there, whatever came after (the draw
    // stage reports play after the draw, or a win declared where it held).
    if drawn {
        report.computed = Some(draw_token(game.variant));
    }
    // Decided at once (Breakthrough's first king; the servers profile's Turkish, a king against a
    // lone man).
    else if let (Some(d), Some(rules), Some(variant)) = (decided, replay.rules, game.variant) {
        let computed = win_token(d.winner == rules.first_mover, variant);
        report.computed = Some(computed.as_str());
        let why = format!("{} (after ply {})", d.detail, d.ply);
        findings.extend(contradicts(
            declared,
            computed,
            why,
            d.winner,
            rules,
            variant,
            declared_span,
        ));
    }
    // Otherwise the final position decides the game when the side to move cannot move.
    else if let (true, Some(end), Some(rules), Some(variant)) = (
        replay.main_line_complete,
        replay.end,
        replay.rules,
        game.variant,
    ) && end.legal_moves().is_empty()
    {
        let stuck = end.to_move();
        let why = if end.pieces(stuck) == 0 {
            format!("{stuck} has no pieces left")
        } else {
            format!("{stuck} is to move and has no legal move")
        };
        // Antidraughts: the side that cannot move wins.
        let (winner, why) = match rules.goal {
            Goal::CannotMoveWins => (stuck, format!("{why}, which wins {variant}")),
            Goal::Standard | Goal::FirstKingWins => (stuck.opposite(), why),
        };
        let computed = win_token(winner == rules.first_mover, variant);
        report.computed = Some(computed.as_str());
        findings.extend(contradicts(
            declared,
            computed,
            why,
            winner,
            rules,
            variant,
            declared_span,
        ));
    }
    let declares_win =
        declared.is_some_and(|k| matches!(outcome(k), Outcome::FirstMover | Outcome::SecondMover));
    ResultCheck {
        report,
        findings,
        declares_win,
        declared_span,
    }
}

#[cfg(test)]
mod tests {
    use crate::check::{CheckOptions, check_game};
    use crate::finding::Code;
    use crate::reader::{ReadOptions, read_str};

    /// Whether the game's result token gets N-RESULT-STYLE.
    fn style_noted(game_type: &str, moves: &str) -> bool {
        let text = format!("[GameType \"{game_type}\"]\n{moves}");
        let game = read_str(&text, ReadOptions::default()).remove(0);
        let report = check_game(&game, &CheckOptions::default());
        report.findings.iter().any(|f| f.code == Code::ResultStyle)
    }

    /// PDN 3.0's GameType table: the International result type for 20 and 27 only, the
    /// default one elsewhere (Frisian, 40, too); lidraughts' `2-0` for its 10x10 variants is
    /// read without a finding, and so is the standard's `1-0` there.
    #[test]
    fn each_variant_has_its_result_type() {
        for (game_type, moves, noted) in [
            ("20", "1. 32-28 19-23 1-0", true),
            ("20", "1. 32-28 19-23 2-0", false),
            ("21", "1. 11-15 23-19 1-1", true),
            ("21", "1. 11-15 23-19 1/2-1/2", false),
            ("25", "1. c3-d4 f6-g5 2-0", true),
            ("40", "1. 32-28 19-23 1-0", false),
            ("40", "1. 32-28 19-23 2-0", false),
            ("98", "1. 32-28 19-23 2-0", false),
            ("98", "1. 32-28 19-23 1-0", false),
        ] {
            assert_eq!(style_noted(game_type, moves), noted, "{game_type}: {moves}");
        }
    }
}
