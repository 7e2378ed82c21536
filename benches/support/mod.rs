//! What the benches share.

use std::time::Instant;

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
