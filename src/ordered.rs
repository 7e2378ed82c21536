//! Work on several threads, results in input order: each thread pulls the next item itself
//! when it wants work, and the calling thread works too, handing finished results to a sink in
//! item order between its items. No thread only reads or only delivers, so nothing wakes
//! another for each item.
//!
//! Memory stays bounded: at most a window of items is between the source and the sink. A
//! failing sink (a closed pipe) stops the workers.

use std::collections::BTreeMap;
use std::io;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// The window [`pull_in_order`]'s callers use for `jobs` threads: four items each and four
/// more, so a thread rarely waits for room while one slow item holds the others back.
pub fn window(jobs: usize) -> usize {
    jobs * 4 + 4
}

/// Turns the items `next` gives (`None` at the end) into results with `work` on `jobs` threads,
/// the calling thread one of them, and gives the results to `sink` in item order on the calling
/// thread. Each thread calls `next` itself (under a lock, so items are taken in turn) when it
/// wants work, and the calling thread delivers what is ready between its items. (A dedicated
/// reading thread and delivering thread beside the workers, waking each other for every item,
/// put 7% of a 2-core `check -j2` in the kernel's scheduling; here a thread waits only when the
/// window is full, or at the end.)
/// At most `window` items are between `next` and the sink. Returns the sink's error.
pub fn pull_in_order<T, U, W>(
    jobs: usize,
    window: usize,
    mut next: impl FnMut() -> Option<T> + Send,
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
        while let Some(item) = next() {
            sink(work(item))?;
        }
        return Ok(());
    }
    // (A window of none would let nobody take an item.)
    let pool = Pull::new(window.max(1) as u64, jobs - 1);
    let feed = Mutex::new(Feed {
        next: Some(next),
        taken: 0,
    });
    std::thread::scope(|scope| {
        for _ in 1..jobs {
            let (pool, feed, make_worker) = (&pool, &feed, &make_worker);
            scope.spawn(move || {
                // Counted out however the thread ends, so the delivering thread never waits
                // for a worker that is gone.
                let _running = Running(pool);
                let mut work = make_worker();
                while let Some((seq, item)) = pool.take(feed) {
                    let result = work(item);
                    pool.put(seq, result);
                }
            });
        }
        // However this thread leaves (the sink failed, or a panic), the workers stop too.
        let _stop = Stop(&pool);
        let mut work = make_worker();
        pool.work_and_deliver(&feed, &mut work, &mut sink)
    })
}

/// Stops a [`pull_in_order`] run when dropped: waiting workers wake and take no more.
struct Stop<'a, U>(&'a Pull<U>);

impl<U> Drop for Stop<'_, U> {
    fn drop(&mut self) {
        self.0.lock().stopped = true;
        self.0.room.notify_all();
    }
}

/// The item source of [`pull_in_order`], shared by the threads; `next` is dropped once it
/// has given `None`, so it is never called again.
struct Feed<F> {
    next: Option<F>,
    /// Items taken so far: the sequence number of the last one.
    taken: u64,
}

/// What the threads of [`pull_in_order`] share.
struct Pull<U> {
    state: Mutex<PullState<U>>,
    /// Signalled when the window has room again, or the run stopped.
    room: Condvar,
    /// Signalled when a result arrives or a worker ends (only the calling thread waits on it).
    arrived: Condvar,
    window: u64,
}

struct PullState<U> {
    /// Items taken, or being taken, and not yet handed to the sink.
    in_flight: u64,
    /// Results waiting for the ones before them.
    done: BTreeMap<u64, U>,
    /// The feed has given its last item.
    exhausted: bool,
    /// The sink failed: take no more.
    stopped: bool,
    /// Spawned workers still running.
    running: usize,
    /// Whether the calling thread waits on `arrived`, and how many workers wait on `room`
    /// (a signal nobody waits for is skipped: it is a system call).
    deliverer_waiting: bool,
    workers_waiting: usize,
}

/// Counts a spawned worker out when it ends. A worker that panicked stops the run: its item
/// will never arrive, and the others would wait for room behind it.
struct Running<'a, U>(&'a Pull<U>);

impl<U> Drop for Running<'_, U> {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.running -= 1;
        if std::thread::panicking() {
            state.stopped = true;
            self.0.room.notify_all();
        }
        self.0.arrived.notify_one();
    }
}

impl<U> Pull<U> {
    fn new(window: u64, workers: usize) -> Self {
        Pull {
            state: Mutex::new(PullState {
                in_flight: 0,
                done: BTreeMap::new(),
                exhausted: false,
                stopped: false,
                running: workers,
                deliverer_waiting: false,
                workers_waiting: 0,
            }),
            room: Condvar::new(),
            arrived: Condvar::new(),
            window,
        }
    }

    /// The state; a thread that panicked holding it left nothing half-done (each change under
    /// the lock is a single step), so a poisoned lock is used as it is.
    fn lock(&self) -> MutexGuard<'_, PullState<U>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The next item and its sequence number (from 1), once the window has room; `None` at the
    /// end of the feed or when the run stopped. (Only spawned workers wait here: the calling
    /// thread reserves its room itself, as it is the one that makes room.)
    fn take<T>(&self, feed: &Mutex<Feed<impl FnMut() -> Option<T>>>) -> Option<(u64, T)> {
        {
            let mut state = self.lock();
            while !state.stopped && !state.exhausted && state.in_flight >= self.window {
                state.workers_waiting += 1;
                state = self
                    .room
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
                state.workers_waiting -= 1;
            }
            if state.stopped || state.exhausted {
                return None;
            }
            state.in_flight += 1;
        }
        self.pull(feed)
    }

    /// The next item from the feed, for a thread that has counted it in flight.
    fn pull<T>(&self, feed: &Mutex<Feed<impl FnMut() -> Option<T>>>) -> Option<(u64, T)> {
        let taken = match feed.lock() {
            Ok(mut feed) => match feed.next.as_mut().and_then(|next| next()) {
                Some(item) => {
                    feed.taken += 1;
                    Some((feed.taken, item))
                }
                None => {
                    feed.next = None;
                    None
                }
            },
            // `next` panicked: the panic reaches the caller when the threads are joined.
            Err(_) => None,
        };
        if taken.is_none() {
            let mut state = self.lock();
            state.in_flight -= 1;
            state.exhausted = true;
            self.wake(&state);
            self.room.notify_all();
        }
        taken
    }

    /// A worker's result.
    fn put(&self, seq: u64, result: U) {
        let mut state = self.lock();
        state.done.insert(seq, result);
        self.wake(&state);
    }

    /// Wakes the calling thread if it waits for results.
    fn wake(&self, state: &PullState<U>) {
        if state.deliverer_waiting {
            self.arrived.notify_one();
        }
    }

    /// The calling thread's part: hands every result that is next in order to `sink`, then takes
    /// an item and works on it when the window has room, else waits for a result.
    fn work_and_deliver<T>(
        &self,
        feed: &Mutex<Feed<impl FnMut() -> Option<T>>>,
        work: &mut impl FnMut(T) -> U,
        sink: &mut impl FnMut(U) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut next = 1u64;
        let mut ready = Vec::new();
        loop {
            {
                let mut state = self.lock();
                while let Some(result) = state.done.remove(&next) {
                    ready.push(result);
                    next += 1;
                }
            }
            if !ready.is_empty() {
                let delivered = ready.len() as u64;
                for result in ready.drain(..) {
                    sink(result)?;
                }
                // Room is made once the sink has them, so the window bounds all they hold.
                let mut state = self.lock();
                state.in_flight -= delivered;
                if state.workers_waiting > 0 {
                    self.room.notify_all();
                }
            }
            let mut state = self.lock();
            if state.stopped {
                // Only a worker that panicked stops the run before this thread does.
                return Err(io::Error::other("a worker thread panicked"));
            }
            if state.done.contains_key(&next) {
                continue;
            }
            if !state.exhausted && state.in_flight < self.window {
                state.in_flight += 1;
                drop(state);
                if let Some((seq, item)) = self.pull(feed) {
                    let result = work(item);
                    self.put(seq, result);
                }
                continue;
            }
            if state.exhausted && state.in_flight == 0 {
                return Ok(());
            }
            if state.running == 0 {
                // Items are in flight and nobody is left to finish them.
                return Err(io::Error::other("a worker thread stopped"));
            }
            state.deliverer_waiting = true;
            let mut state = self
                .arrived
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
            state.deliverer_waiting = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square, with uneven work, so results arrive out of order.
    fn uneven_square(i: u64) -> u64 {
        if i.is_multiple_of(7) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        i * i
    }

    /// A sink that keeps what it gets.
    fn keep(out: &mut Vec<u64>) -> impl FnMut(u64) -> io::Result<()> + '_ {
        |r| {
            out.push(r);
            Ok(())
        }
    }

    /// A sink that fails at its tenth result, as a closed pipe does, counting what it got.
    fn failing_at_ten(seen: &mut u64) -> impl FnMut(u64) -> io::Result<()> + '_ {
        |_| {
            *seen += 1;
            if *seen == 10 {
                Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
            } else {
                Ok(())
            }
        }
    }

    /// The squares of 1 to `n` through [`pull_in_order`], with a window of `window` items.
    fn squares(jobs: usize, window: usize, n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        let mut items = 1..=n;
        pull_in_order(
            jobs,
            window,
            move || items.next(),
            || uneven_square,
            keep(&mut out),
        )
        .unwrap();
        out
    }

    #[test]
    fn results_come_in_item_order_for_any_number_of_jobs() {
        let expected: Vec<u64> = (1..=500).map(|i| i * i).collect();
        for jobs in [1, 2, 3, 8] {
            for window in [1, 2, 12] {
                assert_eq!(
                    squares(jobs, window, 500),
                    expected,
                    "{jobs} jobs, window {window}"
                );
            }
        }
        assert!(squares(3, 4, 0).is_empty());
    }

    /// Items in flight never exceed the window, also when it is smaller than the number
    /// of threads.
    #[test]
    fn items_in_flight_stay_within_the_window() {
        use std::sync::atomic::{AtomicU64, Ordering};
        for (jobs, window) in [(2, 1), (2, 2), (3, 5), (8, 3), (8, 12)] {
            let taken = AtomicU64::new(0);
            let mut delivered = 0u64;
            let mut most = 0u64;
            let mut items = 0..2_000u64;
            pull_in_order(
                jobs,
                window,
                || {
                    let item = items.next()?;
                    taken.fetch_add(1, Ordering::SeqCst);
                    Some(item)
                },
                || |i: u64| i,
                |_| {
                    delivered += 1;
                    most = most.max(taken.load(Ordering::SeqCst) - delivered + 1);
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(delivered, 2_000);
            assert!(most <= window as u64, "{most} in flight, window {window}");
        }
    }

    /// A worker that panics does not leave the run waiting for its item: the panic reaches the
    /// caller.
    #[test]
    fn a_panicking_worker_does_not_hang_the_run() {
        for jobs in [2, 3] {
            let mut items = 0..1_000u64;
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                pull_in_order(
                    jobs,
                    8,
                    move || items.next(),
                    || {
                        |i: u64| {
                            if i == 300 {
                                panic!("item 300");
                            }
                            i
                        }
                    },
                    |_| Ok(()),
                )
            }));
            assert!(caught.is_err(), "{jobs} jobs: the panic is not lost");
        }
    }

    #[test]
    fn a_failing_sink_stops_everything() {
        for jobs in [1, 2, 3] {
            let mut seen = 0;
            let mut items = 0..1_000_000u64;
            let outcome = pull_in_order(
                jobs,
                8,
                move || items.next(),
                || |i: u64| i,
                failing_at_ten(&mut seen),
            );
            assert_eq!(outcome.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
            assert_eq!(seen, 10, "{jobs} jobs");
        }
    }
}
