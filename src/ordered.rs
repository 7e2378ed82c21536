//! Work on several threads, results in input order: one producer thread makes the items, workers
//! turn each into a result, and the calling thread hands the results to a sink in the order the
//! items were made. Memory stays bounded: at most a window of items is between the producer and
//! the sink. A failing sink (a closed pipe) stops the producer and the workers.

use std::collections::BTreeMap;
use std::io;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Condvar, Mutex};

/// Makes `produce`'s items into results with `work` on `jobs` threads (each thread gets its own
/// worker from `make_worker`), and gives the results to `sink` in item order. With one job
/// everything runs on the calling thread. Returns the sink's error first, then the producer's.
pub fn map_in_order<T, U, W>(
    jobs: usize,
    produce: impl FnOnce(&mut dyn FnMut(T) -> io::Result<()>) -> io::Result<()> + Send,
    make_worker: impl Fn() -> W + Sync,
    mut sink: impl FnMut(U) -> io::Result<()>,
) -> io::Result<()>
where
    T: Send,
    U: Send,
    W: FnMut(T) -> U,
{
    if jobs <= 1 {
        let mut work = make_worker();
        return produce(&mut |item| sink(work(item)));
    }
    let window = Window::new(jobs as u64 * 4 + 4);
    std::thread::scope(|scope| {
        let (work_tx, work_rx) = sync_channel::<(u64, T)>(jobs * 2);
        let (done_tx, done_rx) = sync_channel::<(u64, U)>(jobs * 2);
        let work_rx = Arc::new(Mutex::new(work_rx));
        for _ in 0..jobs {
            let work_rx = Arc::clone(&work_rx);
            let done_tx = done_tx.clone();
            let make_worker = &make_worker;
            scope.spawn(move || worker(&work_rx, &done_tx, make_worker()));
        }
        // Only the workers hold the receiving end: once they stop (the sink failed), the
        // producer's next send fails instead of waiting for room forever.
        drop(work_rx);
        drop(done_tx);
        let window = &window;
        let producer = scope.spawn(move || {
            let mut seq = 0u64;
            produce(&mut |item| {
                seq += 1;
                // A closed channel or window means the sink failed; the error is reported there.
                let stopped = || io::Error::new(io::ErrorKind::BrokenPipe, "stopped");
                if !window.wait_for(seq) {
                    return Err(stopped());
                }
                work_tx.send((seq, item)).map_err(|_| stopped())
            })
        });
        let sunk = deliver(&done_rx, window, &mut sink);
        // Unblock the producer and the workers if the sink gave up early.
        window.close();
        drop(done_rx);
        let produced = producer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("producer thread panicked")));
        sunk?;
        produced
    })
}

fn worker<T, U>(
    work: &Mutex<Receiver<(u64, T)>>,
    done: &SyncSender<(u64, U)>,
    mut make: impl FnMut(T) -> U,
) {
    loop {
        let next = match work.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((seq, item)) = next else { return };
        if done.send((seq, make(item))).is_err() {
            return;
        }
    }
}

/// Hands results to `sink` in sequence order, holding early arrivals back.
fn deliver<U>(
    done: &Receiver<(u64, U)>,
    window: &Window,
    sink: &mut impl FnMut(U) -> io::Result<()>,
) -> io::Result<()> {
    let mut waiting: BTreeMap<u64, U> = BTreeMap::new();
    let mut next = 1u64;
    for (seq, result) in done.iter() {
        waiting.insert(seq, result);
        while let Some(result) = waiting.remove(&next) {
            sink(result)?;
            window.delivered(next);
            next += 1;
        }
    }
    Ok(())
}

/// Bounds the items between the producer and the sink, so one slow item cannot let the others
/// pile up waiting to be put back in order.
pub struct Window {
    /// Items delivered to the sink; `u64::MAX` once delivery stopped.
    delivered: Mutex<u64>,
    moved: Condvar,
    size: u64,
}

impl Window {
    pub fn new(size: u64) -> Self {
        Window {
            delivered: Mutex::new(0),
            moved: Condvar::new(),
            size,
        }
    }

    /// Waits until item `seq` (counted from 1) may be sent. False when delivery stopped.
    pub fn wait_for(&self, seq: u64) -> bool {
        let Ok(mut delivered) = self.delivered.lock() else {
            return false;
        };
        while seq > delivered.saturating_add(self.size) {
            match self.moved.wait(delivered) {
                Ok(guard) => delivered = guard,
                Err(_) => return false,
            }
        }
        *delivered != u64::MAX
    }

    /// `count` items have reached the sink.
    pub fn delivered(&self, count: u64) {
        if let Ok(mut delivered) = self.delivered.lock()
            && *delivered != u64::MAX
        {
            *delivered = count;
        }
        self.moved.notify_all();
    }

    /// Delivery stopped: every wait ends.
    pub fn close(&self) {
        if let Ok(mut delivered) = self.delivered.lock() {
            *delivered = u64::MAX;
        }
        self.moved.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(jobs: usize, n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        map_in_order(
            jobs,
            |emit| (1..=n).try_for_each(emit),
            || {
                |i: u64| {
                    // Uneven work, so results arrive out of order.
                    if i.is_multiple_of(7) {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    i * i
                }
            },
            |r| {
                out.push(r);
                Ok(())
            },
        )
        .unwrap();
        out
    }

    #[test]
    fn results_come_in_item_order_for_any_number_of_jobs() {
        let expected: Vec<u64> = (1..=500).map(|i| i * i).collect();
        for jobs in [1, 2, 3, 8] {
            assert_eq!(squares(jobs, 500), expected, "{jobs} jobs");
        }
    }

    #[test]
    fn a_failing_sink_stops_everything() {
        for jobs in [1, 3] {
            let mut seen = 0;
            let outcome = map_in_order(
                jobs,
                |emit| (0..1_000_000u64).try_for_each(emit),
                || |i: u64| i,
                |_| {
                    seen += 1;
                    if seen == 10 {
                        Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
                    } else {
                        Ok(())
                    }
                },
            );
            assert_eq!(outcome.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
            assert_eq!(seen, 10);
        }
    }
}
