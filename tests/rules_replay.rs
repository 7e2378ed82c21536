//! Numbering and rules against real games: every move of the corpus games below must be a legal
//! move in the variant's default numbering. A tiny movetext scanner is enough for these files
//! (the real reader is built elsewhere; files with spaced or other dialect moves are left to it).
//! kurnik.pdn says `N1` in its GameType (an old corner code) yet numbers like every other
//! International file: the default numbering is used. Skips with a message when the corpus is absent.

use crate::support::corpus;
use pdnkit::fen;
use pdnkit::rules::rulebook::{self, Rules};
use pdnkit::rules::{Move, Position};
use std::path::Path;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");

/// Games as (FEN if any, move tokens).
fn games(text: &str) -> Vec<(Option<String>, Vec<String>)> {
    let mut out = Vec::new();
    let mut fen_tag = None;
    let mut moves = Vec::new();
    let mut depth_comment = false;
    let mut depth_var = 0;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') && !depth_comment {
            if !moves.is_empty() {
                out.push((fen_tag.take(), std::mem::take(&mut moves)));
            }
            if let Some(rest) = t.strip_prefix("[FEN \"") {
                fen_tag = rest.split('"').next().map(str::to_string);
            }
            continue;
        }
        let mut word = String::new();
        for ch in t.chars().chain(std::iter::once(' ')) {
            match ch {
                '{' => depth_comment = true,
                '}' => depth_comment = false,
                '(' if !depth_comment => depth_var += 1,
                ')' if !depth_comment => depth_var -= 1,
                _ if depth_comment || depth_var > 0 => {}
                c if c.is_whitespace() => {
                    let w = std::mem::take(&mut word);
                    let w = match w.rsplit_once('.') {
                        Some((_, after)) => after.to_string(),
                        None => w.to_string(),
                    };
                    let is_move = (w.contains('-') || w.contains('x') || w.contains(':'))
                        && !["1-0", "0-1", "2-0", "0-2", "1-1", "0-0", "1/2-1/2"]
                            .contains(&w.as_str())
                        && w.chars().next().is_some_and(|c| c.is_ascii_alphanumeric());
                    if is_move {
                        moves.push(w.trim_end_matches(['!', '?', '*']).to_string());
                    }
                }
                c => word.push(c),
            }
        }
    }
    if !moves.is_empty() {
        out.push((fen_tag, moves));
    }
    out
}

/// The legal move a token names: full path, or from-to when that is unambiguous.
fn find(pos: &Position, token: &str) -> Option<Move> {
    let norm = |s: String| s.replace(':', "x");
    let token = norm(token.to_string());
    let moves = pos.legal_moves();
    if let Some(m) = moves.iter().find(|m| norm(pos.move_full_text(m)) == token) {
        return Some(*m);
    }
    let short: Vec<&Move> = moves
        .iter()
        .filter(|m| norm(pos.move_text(m)) == token)
        .collect();
    // The same from-to with different captures is genuinely ambiguous; any of them will do for
    // the position that follows only if they capture the same pieces, so insist on one.
    (short.len() == 1).then(|| *short[0])
}

fn replay(file: &str, rules: &'static Rules, min_games: usize) {
    let path = Path::new(CORPUS).join(file);
    let Ok(bytes) = std::fs::read(&path) else {
        corpus::skip(format_args!("{} not found", path.display()));
        return;
    };
    let text = String::from_utf8_lossy(&bytes);
    let mut replayed = 0;
    let mut failures = Vec::new();
    for (i, (fen_text, moves)) in games(&text).into_iter().enumerate() {
        let mut pos = match &fen_text {
            None => Position::initial(rules),
            Some(f) => match fen::parse(f)
                .ok()
                .and_then(|p| Position::from_setup(rules, &p.setup).ok())
            {
                Some(p) => p,
                None => {
                    failures.push(format!("game {i}: FEN {f} rejected"));
                    continue;
                }
            },
        };
        let mut ok = true;
        for (ply, token) in moves.iter().enumerate() {
            match find(&pos, token) {
                Some(m) => pos = pos.play(&m),
                None => {
                    failures.push(format!("game {i} ply {ply}: {token} not legal"));
                    ok = false;
                    break;
                }
            }
        }
        replayed += usize::from(ok);
    }
    eprintln!("{file}: {replayed} games replayed");
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(20)].join("\n")
    );
    assert!(replayed >= min_games, "only {replayed} games");
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn english_oca_games_replay_with_black_on_1_to_12_moving_first() {
    replay("english/OCA_2.0.pdn", &rulebook::ENGLISH, 22_000);
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn international_tournament_games_replay_with_white_on_31_to_50() {
    for f in [
        "wk2003.pdn",
        "nk2003-amsterdam.pdn",
        "nk_ronde_01.pdn",
        "kurnik.pdn",
    ] {
        replay(
            &format!("pdn-standard/succeed/{f}"),
            &rulebook::INTERNATIONAL,
            1,
        );
    }
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn international_problems_replay_from_their_fen() {
    for f in ["Cat.B1.pdn", "Cat.D1.pdn"] {
        replay(
            &format!("pdn-standard/succeed/{f}"),
            &rulebook::INTERNATIONAL,
            1,
        );
    }
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn russian_games_replay_in_algebraic_from_numeric_fen() {
    replay("pdn-standard/succeed/ussr1947.pdn", &rulebook::RUSSIAN, 100);
}

// --- Generated games --------------------------------------------------------------------------
// Random legal games of the PDN and lidraughts variants beyond the first five, played by the move generator and
// checked against the reference generator at every ply. Written as PDN they must replay with no
// error; with one move replaced by an illegal one they must be flagged at exactly that ply, with
// the code of the rule the replacement breaks.

use crate::support::rules as common;

use pdnkit::check::{CheckOptions, check_game};
use pdnkit::finding::Level;
use pdnkit::reader::{ReadOptions, read_str};
use pdnkit::replay::matcher;
use pdnkit::rules::movegen::{self, Duplicates, Relax};
use pdnkit::rules::{MoveList, reference};
use proptest::prelude::*;

const NEW_VARIANTS: [&Rules; 4] = [
    &rulebook::FRISIAN,
    &rulebook::FRYSK,
    &rulebook::ANTIDRAUGHTS,
    &rulebook::BREAKTHROUGH,
];

/// A legal game chosen by `picks`, as (position before, move) per ply; the fast generator and
/// the reference agree at every ply.
fn generated(rules: &'static Rules, picks: &[u16]) -> Vec<(Position, Move)> {
    let mut pos = Position::initial(rules);
    let mut plies = Vec::new();
    for &p in picks {
        assert_eq!(
            common::as_reference(&pos),
            reference::legal_moves(&pos),
            "{} {}",
            rules.variant,
            pos.to_setup()
        );
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[p as usize % moves.len()];
        plies.push((pos, m));
        pos = pos.play(&m);
    }
    plies
}

/// The game as PDN, each move short unless another legal move shares its from and to; the
/// move at `replace` (0-based ply), if any, written as the given text instead.
fn pdn(rules: &Rules, plies: &[(Position, Move)], replace: Option<(usize, &str)>) -> String {
    let mut text = format!("{}\n", rules.variant.header_tag());
    for (i, (pos, m)) in plies.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        let written = match replace {
            Some((at, t)) if at == i => t.to_string(),
            _ if pos
                .legal_moves()
                .iter()
                .any(|o| o.from == m.from && o.to == m.to && o != m) =>
            {
                pos.move_full_text(m)
            }
            _ => pos.move_text(m),
        };
        text.push_str(&written);
        text.push(' ');
        if replace.is_some_and(|(at, _)| at == i) {
            break;
        }
    }
    text.push_str("*\n");
    text
}

/// Moves only a relaxed rule allows in `pos`, as (full text, the code the replay must give).
/// Left out: those whose squares also read as a legal move (a shorter path written for a
/// longer legal capture is read as that one, with a warning) or as another illegal one (`36-27`
/// for a king's quiet move and for its capture to 27 alike).
fn breaking_moves(pos: &Position) -> Vec<(String, &'static str)> {
    let legal = pos.legal_moves();
    let relaxed = |relax: Relax| {
        let mut all = MoveList::new();
        movegen::generate_relaxed(pos, &mut all, Duplicates::Merge, relax);
        all.into_iter()
            .filter(|m| !legal.contains(m))
            .filter(|m| {
                let mut cells = vec![m.from];
                cells.extend_from_slice(m.path());
                if !m.is_capture() {
                    cells.push(m.to);
                }
                let everything = Relax {
                    precedence: true,
                    quiet_with_captures: true,
                    king_move_limit: true,
                    ..Relax::default()
                };
                let names_only_m = matches!(
                    matcher::find(pos, everything, &cells),
                    matcher::Match::One(x, _) if x == *m && x.is_capture() == m.is_capture()
                );
                names_only_m
                    && matches!(
                        matcher::find(pos, Relax::default(), &cells),
                        matcher::Match::None
                    )
            })
            .collect::<Vec<_>>()
    };
    let mut out = Vec::new();
    let quiet = Relax {
        quiet_with_captures: true,
        ..Relax::default()
    };
    for m in relaxed(quiet).iter().filter(|m| !m.is_capture()) {
        out.push((pos.move_full_text(m), "E-CAPTURE-MANDATORY"));
    }
    let free = Relax {
        precedence: true,
        ..Relax::default()
    };
    let most = legal.iter().map(Move::capture_count).max().unwrap_or(0);
    for m in relaxed(free) {
        let code = if m.capture_count() < most {
            "E-LONGER-CAPTURE-REQUIRED"
        } else {
            "E-CAPTURE-PRECEDENCE" // as many pieces, less value or not by a king (Frisian)
        };
        out.push((pos.move_full_text(&m), code));
    }
    let rested = Relax {
        king_move_limit: true,
        ..Relax::default()
    };
    for m in relaxed(rested) {
        out.push((pos.move_full_text(&m), "E-KING-MOVE-LIMIT"));
    }
    out
}

fn errors(text: &str) -> Vec<(&'static str, Option<u32>)> {
    let games = read_str(text, ReadOptions::default());
    assert_eq!(games.len(), 1);
    let report = check_game(&games[0], &CheckOptions::default());
    report
        .findings
        .iter()
        .filter(|f| f.level == Level::Error)
        .map(|f| (f.code.as_str(), f.ply))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generated_games_replay_and_a_broken_move_is_flagged_at_its_ply(
        picks in prop::collection::vec(any::<u16>(), 160),
        choice in any::<u16>(),
    ) {
        for rules in NEW_VARIANTS {
            let plies = generated(rules, &picks);
            let text = pdn(rules, &plies, None);
            prop_assert_eq!(errors(&text), vec![], "{}", text);
            // Every (ply, move, code) that breaks a rule; a code first (so that the rarer
            // rules get their turn), then one of its moves.
            let all: Vec<(usize, String, &str)> = plies
                .iter()
                .enumerate()
                .flat_map(|(i, (pos, _))| {
                    breaking_moves(pos).into_iter().map(move |(t, c)| (i, t, c))
                })
                .collect();
            let mut codes: Vec<&str> = all.iter().map(|(_, _, c)| *c).collect();
            codes.sort_unstable();
            codes.dedup();
            if codes.is_empty() {
                continue;
            }
            let code = codes[choice as usize % codes.len()];
            let with: Vec<&(usize, String, &str)> = all.iter().filter(|x| x.2 == code).collect();
            let (at, bad, code) = with[choice as usize / 7 % with.len()];
            let broken = pdn(rules, &plies, Some((*at, bad)));
            prop_assert_eq!(
                errors(&broken),
                vec![(*code, Some(*at as u32 + 1))],
                "{}",
                broken
            );
        }
    }
}
