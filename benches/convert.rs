//! Conversion throughput (run with `cargo bench --bench convert`): OCA_2.0 (English) read,
//! replayed and written as canonical PDN, and as the JSON model. Reports input MB/s and
//! games/s, best of three runs. Not a test: it measures.

// The allocator of the `pdnkit` binary (see src/main.rs), so the figures are the tool's own.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod support;

use pdnkit::convert::{Converter, Options, pdn};
use pdnkit::reader::{ReadOptions, Reader};
use std::time::Instant;

#[derive(Clone, Copy)]
enum To {
    Pdn,
    Json,
}

fn measure(name: &str, bytes: &[u8], to: To) {
    let mut best = f64::MAX;
    let mut games = 0u64;
    let mut written = 0usize;
    for _ in 0..3 {
        let started = Instant::now();
        let mut converter = Converter::new(Options {
            keep_raw: matches!(to, To::Json),
            ..Options::default()
        });
        let mut out = String::new();
        let mut json = Vec::new();
        games = 0;
        written = 0;
        for game in Reader::new(bytes, ReadOptions::default()) {
            let mut game = game.expect("memory reads");
            std::hint::black_box(converter.convert(&mut game));
            match to {
                To::Pdn => {
                    out.clear();
                    pdn::write_game(&game, &mut out).expect("writable");
                    written += out.len();
                }
                To::Json => {
                    json.clear();
                    serde_json::to_writer(&mut json, &game).expect("serialises");
                    written += json.len();
                }
            }
            games += 1;
        }
        best = best.min(started.elapsed().as_secs_f64());
    }
    println!(
        "{name:<28} {:>6.1} MB in {:>7} games  {:>6.1} MB/s  {:>8.0} games/s  ({:.1} MB out)",
        bytes.len() as f64 / 1e6,
        games,
        bytes.len() as f64 / 1e6 / best,
        games as f64 / best,
        written as f64 / 1e6
    );
}

fn main() {
    let Some(corpus) = support::corpus() else {
        return;
    };
    let oca = std::fs::read(corpus.join("english/OCA_2.0.pdn")).expect("OCA reads");
    measure("OCA_2.0 -> canonical PDN", &oca, To::Pdn);
    measure("OCA_2.0 -> JSON", &oca, To::Json);
}
