//! The speed table, every row measured in-process in one run so the ratios are fair (run with
//! `cargo bench --bench speed`). Not a test: it measures and prints, each row beside its target.
//!
//! - `check --jobs 1`, English: OCA_2.0 x10 through the check pipeline, games/s;
//! - `check --jobs 1`, International: the International tournament games of the PDN standard's
//!   corpus, repeated to 30 MB, games/s;
//! - check time / parse-only time on the same bytes, both;
//! - `--jobs 2` / `--jobs 1`, both;
//! - parse only, MB/s (OCA_2.0 x10);
//! - peak memory checking a 1 GB archive: OCA_2.0 repeated to 1 GB as a stream (never held in
//!   memory), the peak resident set of this process as Linux reports it (`VmHWM`).
//!
//! (Speeds are the best of `BENCH_ROUNDS` rounds, 7 by default; a ratio is the median of the
//! ratios within each round, with their range: on a shared machine one spell of noise moved a
//! best-of-three ratio by a tenth.)
//!
//! Whole-process figures (`/usr/bin/time -v pdnkit check ...`) belong in the closing notes.

// The allocator of the `pdnkit` binary (see src/main.rs), so the figures are the tool's own.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod support;

use support::best_of;

use pdnkit::reader::{ReadOptions, Reader};
use std::io::Read;
use std::sync::Arc;
use std::time::Instant;

/// `bytes` repeated until the stream has given `total` bytes (whole copies only).
struct Repeat {
    bytes: Arc<Vec<u8>>,
    at: usize,
    left: u64,
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.bytes.len() {
            if self.left < self.bytes.len() as u64 {
                return Ok(0);
            }
            self.left -= self.bytes.len() as u64;
            self.at = 0;
        }
        let n = buf.len().min(self.bytes.len() - self.at);
        buf[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The games the check pipeline reports, reading `copies` copies of `bytes` as one stream.
fn check(bytes: &Arc<Vec<u8>>, copies: u64, jobs: usize) -> u64 {
    let stream = Repeat {
        at: bytes.len(),
        bytes: Arc::clone(bytes),
        left: bytes.len() as u64 * copies,
    };
    support::check_games(Box::new(stream), jobs)
}

fn parse(bytes: &[u8]) -> u64 {
    let mut games = 0;
    for game in Reader::new(bytes, ReadOptions::default()) {
        std::hint::black_box(game.expect("memory reads"));
        games += 1;
    }
    games
}

/// Peak resident set of this process so far, in MB (Linux; `None` elsewhere).
fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Timings of one archive: parse and check at 1 job, each the best of its rounds; and the
/// two ratios of the table, each the median (and range) of the ratios within a round. The three
/// are timed one after another in every round, so a slow spell of a shared machine lands on all
/// of them rather than on one.
struct Rates {
    games: f64,
    mb: f64,
    parse: f64,
    jobs1: f64,
    check_over_parse: Spread,
    speed_up: Spread,
}

/// A median and the range around it.
struct Spread {
    median: f64,
    low: f64,
    high: f64,
}

impl Spread {
    fn of(mut values: Vec<f64>) -> Spread {
        values.sort_by(f64::total_cmp);
        Spread {
            median: values[values.len() / 2],
            low: values[0],
            high: values[values.len() - 1],
        }
    }
}

impl std::fmt::Display for Spread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.2}x ({:.2}-{:.2})", self.median, self.low, self.high)
    }
}

/// Rounds per archive: `BENCH_ROUNDS`, else 7.
fn rounds() -> usize {
    std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(7)
}

fn measure(bytes: Vec<u8>) -> Rates {
    let games = parse(&bytes) as f64;
    let mb = bytes.len() as f64 / 1e6;
    let shared = Arc::new(bytes);
    let mut times = Vec::new();
    for _ in 0..rounds() {
        let parse = best_of(1, || assert_eq!(parse(&shared) as f64, games));
        let jobs1 = best_of(1, || assert_eq!(check(&shared, 1, 1) as f64, games));
        let jobs2 = best_of(1, || assert_eq!(check(&shared, 1, 2) as f64, games));
        times.push((parse, jobs1, jobs2));
    }
    let best = |pick: fn(&(f64, f64, f64)) -> f64| times.iter().map(pick).fold(f64::MAX, f64::min);
    Rates {
        games,
        mb,
        parse: best(|t| t.0),
        jobs1: best(|t| t.1),
        check_over_parse: Spread::of(times.iter().map(|t| t.1 / t.0).collect()),
        speed_up: Spread::of(times.iter().map(|t| t.1 / t.2).collect()),
    }
}

fn row(work: &str, now: String, target: &str) {
    println!("| {work:<44} | {now:>22} | {target:<28} |");
}

fn main() {
    let Some(corpus) = support::corpus() else {
        return;
    };
    let oca = std::fs::read(corpus.join("english/OCA_2.0.pdn")).expect("OCA reads");
    // 1 GB streamed through the pipeline at 2 jobs, first: the peak is over this process's
    // whole life, and the runs below hold their archives in memory.
    let before = peak_rss_mb();
    let oca = Arc::new(oca);
    let copies_1gb = (1u64 << 30) / oca.len() as u64;
    let started = Instant::now();
    let games_1gb = check(&oca, copies_1gb, 2);
    let secs_1gb = started.elapsed().as_secs_f64();
    let after = peak_rss_mb();

    let english = measure(oca.repeat(10));
    let international = measure(support::international_tournaments(&corpus, 30 << 20));

    println!(
        "English: OCA_2.0 x10, {:.1} MB, {} games; International: {:.1} MB, {} games",
        english.mb, english.games, international.mb, international.games
    );
    println!("| {:<44} | {:>22} | {:<28} |", "work", "now", "target");
    println!("|{:-<46}|{:-<24}|{:-<30}|", "", "", "");
    let per_s = |r: &Rates, secs: f64| format!("{:.0} games/s", r.games / secs);
    row(
        "check -j1, English",
        per_s(&english, english.jobs1),
        ">= 100,000 games/s per core",
    );
    row(
        "check -j1, International",
        per_s(&international, international.jobs1),
        ">= 55,000 games/s",
    );
    for (name, r) in [("English", &english), ("International", &international)] {
        row(
            &format!("check time / parse time, {name}"),
            r.check_over_parse.to_string(),
            "<= 3x",
        );
    }
    for (name, r) in [("English", &english), ("International", &international)] {
        row(
            &format!("-j2 / -j1 speed-up, {name}"),
            r.speed_up.to_string(),
            ">= 1.8x",
        );
    }
    row(
        "parse only, English",
        format!("{:.0} MB/s", english.mb / english.parse),
        ">= 300 MB/s per core",
    );
    row(
        "parse only, International",
        format!("{:.0} MB/s", international.mb / international.parse),
        ">= 300 MB/s per core",
    );
    let memory = match (before, after) {
        (Some(b), Some(a)) => format!("{a:.0} MB (before: {b:.0})"),
        _ => "not measured here".to_string(),
    };
    row("peak memory, 1 GB archive, -j2", memory, "flat, < 100 MB");
    println!(
        "(1 GB: {games_1gb} games checked in {secs_1gb:.1} s, {:.0} MB/s)",
        (copies_1gb * oca.len() as u64) as f64 / 1e6 / secs_1gb
    );
}
