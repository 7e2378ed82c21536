//! Parse-only throughput of the reader (run with `cargo bench --bench reader`).
//! Reports MB/s and games/s on OCA_2.0 (English) and on a synthetic International archive made
//! by repeating the International games of the PDN standard's corpus, and where the time goes:
//! the splitter (boundaries, file-level decisions, copying regions out), parsing and finishing
//! games (tags, variant), and dropping them. Not a test: it asserts nothing about speed, it
//! measures.

// The allocator of the `pdnkit` binary (see src/main.rs), so the figures are the tool's own.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod support;

use pdnkit::reader::raw::{Finisher, RawChunk, Splitter};
use pdnkit::reader::{ReadOptions, Reader};
use std::time::{Duration, Instant};

fn measure(name: &str, bytes: &[u8]) {
    let mut best = f64::MAX;
    let mut games = 0;
    for _ in 0..5 {
        let started = Instant::now();
        games = 0;
        for game in Reader::new(bytes, ReadOptions::default()) {
            std::hint::black_box(game.expect("memory reads"));
            games += 1;
        }
        best = best.min(started.elapsed().as_secs_f64());
    }
    println!(
        "{name:<32} {:>8.1} MB {:>9} games  {:>7.1} MB/s  {:>10.0} games/s",
        bytes.len() as f64 / 1e6,
        games,
        bytes.len() as f64 / 1e6 / best,
        games as f64 / best
    );
}

/// The reader's stages timed apart, one region at a time, best of three: MB/s of each alone
/// and its share of their sum.
fn stages(bytes: &[u8]) {
    let options = ReadOptions::default();
    let mut best = [f64::MAX; 3];
    for _ in 0..3 {
        let started = Instant::now();
        let mut splitter = Splitter::new(bytes, &options);
        let mut chunks = Vec::new();
        loop {
            let mut chunk = RawChunk::new();
            if !splitter
                .fill(&mut chunk, 1, usize::MAX)
                .expect("memory reads")
            {
                break;
            }
            chunks.push(chunk);
        }
        let split = started.elapsed();
        let (mut parse, mut drop) = (Duration::ZERO, Duration::ZERO);
        let mut finisher = Finisher::new(&options);
        for chunk in &chunks {
            let started = Instant::now();
            finisher.feed(chunk);
            let mut games = Vec::new();
            while let Some(game) = finisher.pop() {
                games.push(game);
            }
            parse += started.elapsed();
            let started = Instant::now();
            std::hint::black_box(games);
            drop += started.elapsed();
        }
        for (best, time) in best.iter_mut().zip([split, parse, drop]) {
            *best = best.min(time.as_secs_f64());
        }
    }
    let total: f64 = best.iter().sum();
    let mb = bytes.len() as f64 / 1e6;
    for (stage, time) in ["split", "parse and finish", "drop"].iter().zip(best) {
        println!(
            "  {stage:<30} {:>8.1} MB/s  {:>5.1}% of the time",
            mb / time,
            100.0 * time / total
        );
    }
}

fn main() {
    let Some(corpus) = support::corpus() else {
        return;
    };
    let oca = std::fs::read(corpus.join("english/OCA_2.0.pdn")).expect("OCA reads");
    measure("OCA_2.0 (English)", &oca);
    stages(&oca);

    // International games of the standard's corpus (GameType 20 or squares above 32).
    let mut international = Vec::new();
    for name in [
        "nk2003-amsterdam.pdn",
        "wk2003.pdn",
        "mrcd2007.pdn",
        "schildpad.pdn",
        "nk_ronde_01.pdn",
    ] {
        international
            .extend(std::fs::read(corpus.join("pdn-standard/succeed").join(name)).expect("reads"));
        international.extend_from_slice(b"\n\n");
    }
    let mut synthetic = Vec::with_capacity(100 << 20);
    while synthetic.len() < 100 << 20 {
        synthetic.extend_from_slice(&international);
    }
    measure("synthetic International", &synthetic);
    stages(&synthetic);
}
