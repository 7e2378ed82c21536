//! Parse-only throughput of the reader (run with `cargo bench --bench reader`).
//! Reports MB/s and games/s on OCA_2.0 (English) and on a synthetic International archive made
//! by repeating the International games of the PDN standard's corpus. Not a test: it asserts
//! nothing about speed, it measures.

// The allocator of the `pdnkit` binary (see src/main.rs), so the figures are the tool's own.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use pdnkit::reader::{ReadOptions, Reader};
use std::path::Path;
use std::time::Instant;

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

fn main() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !corpus.is_dir() {
        println!("skipped: {} is absent", corpus.display());
        return;
    }
    let oca = std::fs::read(corpus.join("english/OCA_2.0.pdn")).expect("OCA reads");
    measure("OCA_2.0 (English)", &oca);

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
}
