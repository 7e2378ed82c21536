//! Helpers shared by the conversion tests: converting text, the *meaning* of a game (what a
//! lossless conversion must keep), random legal games from the engine.

use super::corpus;

use pdnkit::convert::{self, Converted, Converter, Options, UNREPLAYED};
use pdnkit::reader::{Annotation, Game, Line, ReadOptions, read_str};
use pdnkit::replay::{self, MoveEvent, Visitor};
use pdnkit::rules::{Move, Position, Rules};
use pdnkit::variant::Variant;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Converts every game of `games` with `options`; returns the PDN text and the reports.
pub fn convert_games(games: Vec<Game>, options: &Options) -> (String, Vec<Converted>) {
    let mut converter = Converter::new(options.clone());
    let mut out = String::new();
    let mut reports = Vec::new();
    for mut game in games {
        let report = converter.convert(&mut game);
        convert::pdn::write_game(&game, &mut out).expect("a game read from PDN is writable");
        reports.push(report);
    }
    (out, reports)
}

pub fn convert_text(text: &str, options: &Options) -> (String, Vec<Converted>) {
    convert_games(read_str(text, ReadOptions::default()), options)
}

/// Converts to the JSON model (one game a line) and back to games.
pub fn via_json(games: Vec<Game>, options: &Options) -> Vec<Game> {
    let mut converter = Converter::new(Options {
        keep_raw: true,
        ..options.clone()
    });
    let mut json = String::new();
    for mut game in games {
        converter.convert(&mut game);
        json.push_str(&serde_json::to_string(&game).expect("serialises"));
        json.push('\n');
    }
    serde_json::Deserializer::from_str(&json)
        .into_iter::<Game>()
        .map(|g| g.expect("reads back"))
        .collect()
}

/// What a conversion must keep, as comparable text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meaning {
    pub tags: Vec<(String, String)>,
    pub variant: Option<Variant>,
    pub start: Option<String>,
    pub result: Option<String>,
    pub header_comments: Vec<String>,
    pub events: Vec<String>,
}

/// Each move played, by its node, with the nodes after it that were its other legs (a capture
/// written a leg per move).
struct Moves(HashMap<usize, (Move, usize)>, usize);

impl Visitor for Moves {
    fn on_move(&mut self, e: &MoveEvent) {
        self.0.insert(e.node.id(), (*e.mv, 0));
        self.1 = e.node.id();
    }
    fn on_legs(&mut self, legs: usize) {
        if let Some(last) = self.0.get_mut(&self.1) {
            last.1 = legs;
        }
    }
    fn restart(&mut self) {
        self.0.clear();
    }
}

/// Moves as legal moves (cells), comments, NAGs, strength marks and variations in order; tags
/// by standard name (sorted: canonical output reorders them); GameType and FEN by what they
/// mean (variant and start position).
pub fn meaning(game: &Game) -> Meaning {
    let mut moves = Moves(HashMap::new(), 0);
    let r = replay::replay(game, &mut moves);
    let mut tags: Vec<(String, String)> = game
        .tags
        .iter()
        .map(|t| {
            (
                t.standard_name.as_ref().unwrap_or(&t.name).to_string(),
                t.value.to_string(),
            )
        })
        .filter(|(n, _)| n != "GameType" && n != "FEN")
        .collect();
    tags.sort();
    let mut events = Vec::new();
    // A main line cut before its first move: the comment opens the body, which the reader
    // takes for a header comment.
    let mut header_comments: Vec<String> = game
        .header_comments
        .iter()
        .map(|c| c.text.clone())
        .collect();
    if let Some(at) = header_comments
        .iter()
        .position(|c| c.starts_with(UNREPLAYED))
    {
        header_comments.truncate(at);
        events.push("REST".to_string());
    }
    line_events(
        &game.moves,
        &moves.0,
        r.rules.is_some() && r.start.is_some(),
        &mut events,
    );
    Meaning {
        tags,
        variant: r.rules.map(|r| r.variant).or(game.variant),
        start: r.start.map(|p| p.to_setup().to_string()),
        // A missing terminator is written from the Result tag.
        result: Some(game.result.as_ref().map_or_else(
            || {
                game.tag("Result")
                    .and_then(|v| pdnkit::reader::ResultKind::parse(v.trim()))
                    .map_or("*".to_string(), |k| k.as_str().to_string())
            },
            |r| {
                r.nonstandard
                    .clone()
                    .unwrap_or_else(|| r.kind.as_str().to_string())
            },
        )),
        header_comments,
        events,
    }
}

fn move_text(m: &Move) -> String {
    format!("{}-{}:{:x}", m.from, m.to, m.captured)
}

fn line_events(
    line: &Line,
    moves: &HashMap<usize, (Move, usize)>,
    replayed: bool,
    out: &mut Vec<String>,
) {
    for a in &line.before {
        if annotation_events(a, moves, replayed, out) {
            return;
        }
    }
    // The nodes still to come that are legs of the last move: its annotations follow.
    let mut legs = 0;
    for node in line {
        match moves.get(&node.id()) {
            _ if legs > 0 => legs -= 1,
            Some((m, l)) => {
                out.push(move_text(m));
                legs = *l;
            }
            None if replayed => {
                out.push("REST".into());
                return;
            }
            None => out.push(node.canonical()),
        }
        if let Some(s) = node.strength() {
            out.push(format!("strength {}", s.text));
        }
        for a in node.after() {
            if annotation_events(a, moves, replayed, out) {
                return;
            }
        }
    }
}

/// Returns true when the line stops here (the unreplayed comment).
fn annotation_events(
    a: &Annotation,
    moves: &HashMap<usize, (Move, usize)>,
    replayed: bool,
    out: &mut Vec<String>,
) -> bool {
    match a {
        Annotation::Comment(c) if c.text.starts_with(UNREPLAYED) => {
            out.push("REST".into());
            return true;
        }
        Annotation::Comment(c) => out.push(format!("comment {}", c.text)),
        Annotation::Nags(nags) => out.extend(nags.iter().map(|n| format!("nag {}", n.value))),
        Annotation::Variation(v) => {
            out.push("(".into());
            line_events(&v.line, moves, replayed, out);
            out.push(")".into());
        }
        Annotation::Setup(s) => out.push(format!(
            "setup {}",
            s.parsed
                .as_ref()
                .map_or(0, |p| p.white.len() + p.black.len())
        )),
        Annotation::Unread(u) => out.push(format!("unread {}", u.text)),
    }
    false
}

/// The corpus folder beside the checkout, or `None` with a printed reason.
pub fn corpus() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if root.is_dir() {
        Some(root)
    } else {
        corpus::skip(format_args!(
            "{} is absent (the corpus sits beside the checkout in CI)",
            root.display()
        ));
        None
    }
}

/// A small seeded generator (xorshift64*), enough to pick moves.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0.max(1);
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal game of up to `plies` moves: its PDN text (full paths where two moves share
/// from and to, else the short form; full paths also at random) and its moves.
pub fn random_game(rules: &'static Rules, seed: u64, plies: usize) -> (String, Vec<Move>) {
    let mut rng = Rng(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut pos = Position::initial(rules);
    let mut played = Vec::new();
    let mut text = format!(
        "[Event \"random {seed}\"]\n{}\n\n",
        rules.variant.header_tag()
    );
    for ply in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        // A single capture that shares its squares with a longer route to the same square
        // (free choice: Thai, English kings) has no notation of its own: its full path is its
        // short form, which PDN reads as either. A record of it is ambiguous by nature, so
        // such a move is drawn only when nothing else is legal.
        let ambiguous = |m: &Move| {
            legal
                .iter()
                .any(|o| o.from == m.from && o.to == m.to && o != m)
        };
        let writable: Vec<Move> = legal
            .iter()
            .filter(|m| !ambiguous(m) || m.path().len() > 1)
            .copied()
            .collect();
        let pool = if writable.is_empty() {
            &legal[..]
        } else {
            &writable[..]
        };
        let m = pool[rng.below(pool.len())];
        let ambiguous = ambiguous(&m);
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        if ambiguous || rng.below(4) == 0 {
            text.push_str(&pos.move_full_text(&m));
        } else {
            text.push_str(&pos.move_text(&m));
        }
        text.push(if ply % 8 == 7 { '\n' } else { ' ' });
        played.push(m);
        pos = pos.play(&m);
    }
    text.push_str("*\n");
    (text, played)
}

/// The legal moves a game's main line replays to.
pub fn main_line(game: &Game) -> Vec<Move> {
    struct Main(Vec<Move>);
    impl Visitor for Main {
        fn on_move(&mut self, e: &MoveEvent) {
            if e.depth == 0 {
                self.0.push(*e.mv);
            }
        }
        fn restart(&mut self) {
            self.0.clear();
        }
    }
    let mut v = Main(Vec::new());
    replay::replay(game, &mut v);
    v.0
}
