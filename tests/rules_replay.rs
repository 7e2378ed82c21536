//! Numbering and rules against real games: every move of the corpus games below must be a legal
//! move in the variant's default numbering. A tiny movetext scanner is enough for these files
//! (the real reader is built elsewhere; files with spaced or other dialect moves are left to it).
//! kurnik.pdn says `N1` in its GameType (an old corner code) yet numbers like every other
//! International file: the default numbering is used. Skips with a message when the corpus is absent.

#[path = "support/corpus.rs"]
mod corpus;
use pdnkit::fen;
use pdnkit::rules::variants::{self, Rules};
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
fn english_oca_games_replay_with_black_on_1_to_12_moving_first() {
    replay("english/OCA_2.0.pdn", &variants::ENGLISH, 22_000);
}

#[test]
fn international_tournament_games_replay_with_white_on_31_to_50() {
    for f in [
        "wk2003.pdn",
        "nk2003-amsterdam.pdn",
        "nk_ronde_01.pdn",
        "kurnik.pdn",
    ] {
        replay(
            &format!("pdn-standard/succeed/{f}"),
            &variants::INTERNATIONAL,
            1,
        );
    }
}

#[test]
fn international_problems_replay_from_their_fen() {
    for f in ["Cat.B1.pdn", "Cat.D1.pdn"] {
        replay(
            &format!("pdn-standard/succeed/{f}"),
            &variants::INTERNATIONAL,
            1,
        );
    }
}

#[test]
fn russian_games_replay_in_algebraic_from_numeric_fen() {
    replay("pdn-standard/succeed/ussr1947.pdn", &variants::RUSSIAN, 100);
}
