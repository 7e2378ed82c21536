//! Archive commands beside `check` (run with `cargo bench --bench archive`). Not a test: it
//! measures and prints, in one run so the ratios are fair, the parallel pipeline over OCA_2.0
//! concatenated ten times into a temporary file (about 115 MB, 226,210 games):
//! - `check`: every game checked (the reports counted, not written);
//! - `stats`: every game checked and summarised on the workers, the summaries folded in order;
//! - `dedup`: every game fingerprinted, the fingerprints grouped in order.
//!
//! Each is the library's part of the command, as `pdnkit` runs it (same options, default
//! `--jobs`), and each ratio is to `check`'s time (target for stats: at most 1.5x).

// The allocator of the `pdnkit` binary (see src/main.rs), so the figures are the tool's own.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod support;

use support::best_of;

use pdnkit::archive::dedup::{Dedup, GameKey, KeyOptions};
use pdnkit::archive::stats::{GameSummary, Stats, StatsOptions};
use pdnkit::check::CheckOptions;
use pdnkit::pipeline::{self, Event, Input, PerGame, PipelineOptions};
use pdnkit::reader::{Game, ReadOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Copies of OCA_2.0 in the file measured.
const COPIES: usize = 10;

fn options(jobs: usize) -> PipelineOptions {
    PipelineOptions::new(jobs, ReadOptions::default(), CheckOptions::default())
}

fn input(path: &Path) -> Vec<Input> {
    let path: PathBuf = path.to_path_buf();
    vec![Input {
        name: path.display().to_string(),
        open: Box::new(move || Ok(Box::new(std::fs::File::open(&path)?) as _)),
    }]
}

/// One pipeline run with `per_game` on the workers and `fold` on each result in order; the
/// games seen.
fn run<T: PerGame>(
    path: &Path,
    jobs: usize,
    per_game: impl Fn(&Game) -> T + Sync,
    mut fold: impl FnMut(usize, T),
) -> u64 {
    let mut games = 0u64;
    pipeline::run_with(
        input(path),
        &options(jobs),
        Arc::new(|_| {}),
        per_game,
        |event| {
            if let Event::Games { file, reports } = event {
                for report in reports {
                    games += 1;
                    fold(file, report);
                }
            }
            Ok(())
        },
    )
    .expect("the file reads");
    games
}

fn main() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let oca = corpus.join("english/OCA_2.0.pdn");
    let Ok(bytes) = std::fs::read(&oca) else {
        println!("skipped: {} is absent", oca.display());
        return;
    };
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    for _ in 0..COPIES {
        file.write_all(&bytes).expect("write");
        file.write_all(b"\n\n").expect("write");
    }
    file.flush().expect("write");
    let path = file.path();
    let mb = (bytes.len() * COPIES) as f64 / 1e6;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let check_options = CheckOptions::default();
    let stats_options = StatsOptions::default();
    let mut games = 0u64;

    let check = best_of(3, || {
        games = run(
            path,
            jobs,
            |g| pdnkit::check::check_game(g, &check_options),
            |_, r| {
                std::hint::black_box(r);
            },
        );
    });
    let mut summary = (0u64, 0u64);
    let stats = best_of(3, || {
        let mut stats = Stats::default();
        run(
            path,
            jobs,
            |g| GameSummary::of(g, &stats_options),
            |file, s| stats.add(file, s),
        );
        summary = (stats.games, stats.results().black);
        std::hint::black_box(&stats);
    });
    let mut distinct = 0u64;
    let dedup = best_of(3, || {
        let mut dedup = Dedup::default();
        run(
            path,
            jobs,
            |g| GameKey::of(g, KeyOptions::default(), false),
            |file, key| {
                dedup.add(file, &key);
            },
        );
        distinct = dedup.distinct();
    });
    assert_eq!(summary.0, games, "stats saw every game");
    println!(
        "OCA_2.0 x{COPIES}: {mb:.1} MB, {games} games, --jobs {jobs} (best of 3); \
         stats counted {} Black wins, dedup {distinct} distinct games",
        summary.1
    );
    let row = |name: &str, secs: f64| {
        println!(
            "  {name:<6} {secs:>7.2}s  {:>9.0} games/s  {:>6.1} MB/s  {:>5.2}x check",
            games as f64 / secs,
            mb / secs,
            secs / check
        );
    };
    row("check", check);
    row("stats", stats);
    row("dedup", dedup);
    println!(
        "  stats/check {:.2} (target: at most 1.50); dedup/check {:.2}",
        stats / check,
        dedup / check
    );
}
