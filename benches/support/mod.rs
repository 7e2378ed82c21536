//! What the benches share. (Each bench uses part of it.)
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Instant;

/// The public corpus beside the checkout (`../shared/corpus`), or `None` after saying that the
/// bench skips without it.
pub fn corpus() -> Option<PathBuf> {
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !corpus.is_dir() {
        println!("skipped: {} is absent", corpus.display());
        return None;
    }
    Some(corpus)
}

/// Best of `runs` timings of `f`, in seconds.
pub fn best_of(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

/// Runs the check pipeline with `jobs` over one input read from `source`; the games reported.
pub fn check_games(source: Box<dyn std::io::Read + Send>, jobs: usize) -> u64 {
    use pdnkit::check::CheckOptions;
    use pdnkit::pipeline::{self, Event, Input, PipelineOptions};
    use pdnkit::reader::ReadOptions;
    let input = Input {
        name: "bench".into(),
        open: Box::new(move || Ok(source)),
    };
    let options = PipelineOptions::new(jobs, ReadOptions::default(), CheckOptions::default());
    let mut games = 0u64;
    pipeline::run(
        vec![input],
        &options,
        std::sync::Arc::new(|_| {}),
        |event| {
            if let Event::Games { reports, .. } = event {
                games += reports.len() as u64;
                std::hint::black_box(reports);
            }
            Ok(())
        },
    )
    .expect("in-memory check");
    games
}

/// The International tournament games of the PDN standard's corpus (`corpus` is
/// `../shared/corpus`), one file after another, repeated to at least `bytes` bytes.
pub fn international_tournaments(corpus: &std::path::Path, bytes: usize) -> Vec<u8> {
    let mut once = Vec::new();
    for name in [
        "nk2003-amsterdam.pdn",
        "wk2003.pdn",
        "nk_ronde_01.pdn",
        "nk_ronde_02.pdn",
        "rk_ronde_12.pdn",
        "candidate95.pdn",
        "DUTCH96H.pdn",
    ] {
        once.extend(std::fs::read(corpus.join("pdn-standard/succeed").join(name)).expect("reads"));
        once.extend_from_slice(b"\n\n");
    }
    once.repeat(bytes.div_ceil(once.len()))
}
