//! Replay and check throughput (run with `cargo bench --bench check`). Not a test: it measures
//! and prints, in one run so the ratios are fair:
//! - parse only, the floor every stage stands on;
//! - split only: the sequential stage of the reader (boundaries, file-level decisions, raw
//!   chunks), what a pipeline thread does under the lock before it parses its chunk;
//! - replay only (games already in memory): games/s and moves/s per core;
//! - the whole check of one game (reader findings, replay, draws, results);
//! - the parallel pipeline from bytes to reports with 1 and 2 jobs, and its ratio to parsing.
//!
//! On OCA_2.0 (English) and on the International tournament games of the PDN standard's corpus,
//! repeated to a few megabytes. Before them, every variant's replay beside International's on
//! games of the same kind: random legal games of each (the corpus has archives of few
//! variants), with their ratio. Then the move generators: perft of every variant pdnkit
//! replays, leaves/s and positions generated/s beside International's (the target: each
//! within 2x of it, on the same machine in the same run).
//! `cargo bench --bench check -- replay` runs only the sections whose name has that word
//! (`-- perft` the generators alone).

// The allocator of the `pdnkit` binary (see src/main.rs), so the figures are the tool's own.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod support;

use support::best_of;

use pdnkit::check::{CheckOptions, check_game};
use pdnkit::reader::raw::{RawChunk, Splitter};
use pdnkit::reader::{Game, ReadOptions, Reader};
use pdnkit::replay;
use pdnkit::rules::{Move, Position, Rules, perft, rulebook};
use std::sync::Arc;
use std::time::Instant;

fn pipeline_run(bytes: &Arc<Vec<u8>>, jobs: usize) -> u64 {
    support::check_games(Box::new(std::io::Cursor::new(bytes.to_vec())), jobs)
}

fn measure(name: &str, bytes: Vec<u8>) {
    let mb = bytes.len() as f64 / 1e6;
    let games: Vec<Game> = Reader::new(&bytes[..], ReadOptions::default())
        .map(|g| g.expect("memory reads"))
        .collect();
    let n = games.len() as f64;
    let parse = best_of(3, || {
        for g in Reader::new(&bytes[..], ReadOptions::default()) {
            std::hint::black_box(g.expect("memory reads"));
        }
    });
    let split = best_of(3, || {
        let mut splitter = Splitter::new(&bytes[..], &ReadOptions::default());
        let mut chunk = RawChunk::new();
        while splitter
            .fill(&mut chunk, 64, 256 << 10)
            .expect("memory reads")
        {
            std::hint::black_box(&chunk);
            chunk.clear();
        }
    });
    let mut moves = 0u64;
    let replay_only = best_of(3, || {
        moves = 0;
        for g in &games {
            moves += std::hint::black_box(replay::replay(g, &mut ())).moves_replayed;
        }
    });
    let options = CheckOptions::default();
    let check_only = best_of(3, || {
        for g in &games {
            std::hint::black_box(check_game(g, &options));
        }
    });
    let shared = Arc::new(bytes);
    let jobs1 = best_of(3, || assert_eq!(pipeline_run(&shared, 1) as f64, n));
    let jobs2 = best_of(3, || assert_eq!(pipeline_run(&shared, 2) as f64, n));

    println!("{name}: {mb:.1} MB, {n} games, {moves} moves replayed");
    let row = |stage: &str, secs: f64| {
        println!(
            "  {stage:<28} {:>9.0} games/s  {:>7.1} MB/s  {:>5.2}x parse time",
            n / secs,
            mb / secs,
            secs / parse
        );
    };
    row("parse only", parse);
    row("split only (sequential)", split);
    row("replay only (in memory)", replay_only);
    println!("  {:<28} {:>9.0} moves/s", "", moves as f64 / replay_only);
    row("check_game (in memory)", check_only);
    row("pipeline, --jobs 1", jobs1);
    row("pipeline, --jobs 2", jobs2);
}

/// `games` random legal games of `rules` (at most `max_plies` each, a fixed seed), as PDN.
fn random_games(rules: &'static Rules, games: usize, max_plies: usize) -> Vec<u8> {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = String::new();
    for _ in 0..games {
        out.push_str(&format!("{}\n", rules.variant.header_tag()));
        let mut pos = Position::initial(rules);
        for ply in 0..max_plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let ambiguous = |m: &Move| {
                moves
                    .iter()
                    .any(|o| o.from == m.from && o.to == m.to && o != m)
            };
            // A single capture sharing its from and to with a longer one (where the rules let
            // either be chosen: Gothic, Thai) has no notation of its own: its full path is its
            // short form, which reads as either. Drawn only when nothing else is legal.
            let writable: Vec<Move> = moves
                .iter()
                .filter(|m| !ambiguous(m) || m.capture_count() > 1)
                .copied()
                .collect();
            let pool = if writable.is_empty() {
                &moves[..]
            } else {
                &writable[..]
            };
            let m = pool[(next() % pool.len() as u64) as usize];
            if ply % 2 == 0 {
                out.push_str(&format!("{}. ", ply / 2 + 1));
            }
            out.push_str(&if ambiguous(&m) {
                pos.move_full_text(&m)
            } else {
                pos.move_text(&m)
            });
            out.push(' ');
            pos = pos.play(&m);
        }
        out.push_str("*\n\n");
    }
    out.into_bytes()
}

/// Replay moves/s of random legal games of every variant pdnkit replays (International first,
/// the rows after it as `rulebook::ALL` lists them), each with its ratio to International's:
/// what `check` pays per ply, its quiet moves matched without a move list and its captures
/// against the legal ones (the target: at least 0.5x, Frisian's since it was added).
fn replay_beside_international() {
    println!(
        "replay only, 2000 random legal games of each variant (at most 160 plies): moves/s \
         (target: at least 0.5x International)"
    );
    println!(
        "  {:<13} {:>8} {:>13} {:>7}",
        "variant", "moves", "moves/s", "x Intl"
    );
    let mut international = None;
    for &rules in rulebook::ALL {
        let bytes = random_games(rules, 2000, 160);
        let games: Vec<Game> = Reader::new(&bytes[..], ReadOptions::default())
            .map(|g| g.expect("memory reads"))
            .collect();
        let mut moves = 0u64;
        let secs = best_of(3, || {
            moves = 0;
            for g in &games {
                let r = std::hint::black_box(replay::replay(g, &mut ()));
                assert!(
                    !r.has_errors(),
                    "generated {} games are legal",
                    rules.variant
                );
                moves += r.moves_replayed;
            }
        });
        let rate = moves as f64 / secs;
        let ratio = rate / *international.get_or_insert(rate);
        println!(
            "  {:<13} {moves:>8} {rate:>13.0} {ratio:>6.2}x{}",
            rules.variant.name(),
            if ratio < 0.5 { "  under 0.5x" } else { "" }
        );
    }
}

/// A perft is timed at the first depth that takes at least this long ...
const PERFT_AT_LEAST: f64 = 0.2;
/// ... unless the next depth is expected to take longer than this (the leaves grow by the
/// branching factor, tens in some variants), when the shallower one is kept.
const PERFT_AT_MOST: f64 = 2.0;

/// Perft from the start position of every variant pdnkit replays (International first, the
/// rows after it as `rulebook::ALL` lists them): leaves/s, and positions generated per second
/// (the inner nodes: one move list each), each with its ratio to International's.
///
/// A generator's cost a position is one call plus one write per move it lists, so neither
/// ratio is fair to every variant. Leaves/s counts each last move list by its length: it
/// flatters the variants that list more moves a position than International (Gothic, Dameo)
/// and sells short those that list fewer (Parachute's forced jumps). Positions/s does the
/// reverse. Each generator is judged by the ratio that counts its own work: per position where
/// it lists fewer moves a position than International, per move listed where it lists more
/// (the larger of the two ratios, as the leaves/s ratio is the positions/s ratio times the
/// ratio of moves a position). Those under half of International's are marked. "Each
/// generator within 2x of International" is read from one run.
fn perft_beside_international() {
    println!(
        "perft from the start position, every variant replayed: best of 3 at the first depth \
         taking {PERFT_AT_LEAST} s; leaves/s and positions generated/s, each judged per \
         position or per move listed, whichever counts its work (target: at least 0.5x \
         International)"
    );
    println!(
        "  {:<13} {:>5} {:>13} {:>8} {:>13} {:>7} {:>13} {:>7} {:>13}",
        "variant",
        "depth",
        "leaves",
        "seconds",
        "leaves/s",
        "x Intl",
        "positions/s",
        "x Intl",
        "judged per"
    );
    let mut international = None;
    for &rules in rulebook::ALL {
        let start = Position::initial(rules);
        let (depth, leaves, nodes) = perft_depth(&start);
        let secs = best_of(3, || {
            std::hint::black_box(perft(&start, depth));
        });
        let (rate, node_rate) = (leaves as f64 / secs, nodes as f64 / secs);
        let (intl_rate, intl_nodes) = *international.get_or_insert((rate, node_rate));
        let (ratio, node_ratio) = (rate / intl_rate, node_rate / intl_nodes);
        let (judged, per) = if ratio > node_ratio {
            (ratio, "move")
        } else {
            (node_ratio, "position")
        };
        println!(
            "  {:<13} {depth:>5} {leaves:>13} {secs:>8.3} {rate:>13.0} {ratio:>6.2}x \
             {node_rate:>13.0} {node_ratio:>6.2}x {per:>13}{}",
            rules.variant.name(),
            if judged < 0.5 { "  under 0.5x" } else { "" }
        );
    }
}

/// The depth a perft from `start` is timed at, its leaf count and its inner nodes (the
/// positions whose moves it generates: those of every shallower depth): the first depth that
/// takes [`PERFT_AT_LEAST`], or the last before one expected to take over [`PERFT_AT_MOST`].
fn perft_depth(start: &Position) -> (u32, u64, u64) {
    let mut previous_leaves = 1u64;
    let mut inner = 0u64;
    for depth in 1.. {
        let started = Instant::now();
        let leaves = perft(start, depth);
        let secs = started.elapsed().as_secs_f64();
        inner += previous_leaves;
        let growth = leaves as f64 / previous_leaves.max(1) as f64;
        if secs >= PERFT_AT_LEAST || secs * growth > PERFT_AT_MOST || leaves == 0 {
            return (depth, leaves, inner);
        }
        previous_leaves = leaves;
    }
    unreachable!("the depths go on until one takes long enough")
}

fn main() {
    let only: Option<String> = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map(|a| a.to_lowercase());
    let wanted = |name: &str| {
        only.as_ref()
            .is_none_or(|o| name.to_lowercase().contains(o))
    };
    if wanted("replay beside international") {
        replay_beside_international();
    }
    if wanted("perft beside international") {
        perft_beside_international();
    }
    let Some(corpus) = support::corpus() else {
        return;
    };
    if !wanted("OCA_2.0 (English) International tournaments") {
        return;
    }
    measure(
        "OCA_2.0 (English)",
        std::fs::read(corpus.join("english/OCA_2.0.pdn")).expect("OCA reads"),
    );
    let repeated = support::international_tournaments(&corpus, 8 << 20);
    measure("International tournaments (repeated)", repeated);
}
