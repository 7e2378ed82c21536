//! Checking many files on several threads, with results delivered in input order.
//!
//! One thread reads (and parses) the inputs in order and cuts them into batches of games; worker
//! threads check the batches; the calling thread puts the results back in order and hands them
//! to the sink. Every item carries a sequence number, so the output is the same whatever the
//! number of jobs, and the bounded channels keep memory flat: at most a few batches are in
//! flight. With one job everything runs on the calling thread.

use super::{CheckOptions, GameReport, check_game};
use crate::reader::{Game, ReadOptions, Reader};
use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// Games per batch handed to a worker: enough to amortise the channel, few enough to keep
/// the output flowing and the reorder buffer small.
const BATCH_GAMES: usize = 64;

/// One input to check, opened only when its turn comes (so thousands of files never hold
/// thousands of descriptors).
pub struct Input {
    pub name: String,
    pub open: Box<dyn FnOnce() -> io::Result<Box<dyn Read + Send>> + Send>,
}

/// What the sink receives, in input order.
pub enum Event {
    FileStart {
        file: usize,
    },
    Games {
        file: usize,
        reports: Vec<GameReport>,
    },
    /// `bytes` read; `error` when the file could not be opened or read to its end.
    FileEnd {
        file: usize,
        bytes: u64,
        error: Option<String>,
    },
}

#[derive(Clone)]
pub struct PipelineOptions {
    pub jobs: usize,
    pub read: ReadOptions,
    pub check: CheckOptions,
}

/// Called with the bytes read so far (for a progress bar).
pub type Progress = Arc<dyn Fn(u64) + Send + Sync>;

/// Checks `inputs`, calling `sink` with each event in input order. Stops early (returning the
/// error) when the sink fails, such as a closed pipe.
pub fn run(
    inputs: Vec<Input>,
    options: &PipelineOptions,
    progress: Progress,
    mut sink: impl FnMut(Event) -> io::Result<()>,
) -> io::Result<()> {
    if options.jobs <= 1 {
        let check = options.check.clone();
        return read_all(inputs, &options.read, &progress, &mut |item| match item {
            Item::Batch { file, games } => sink(Event::Games {
                file,
                reports: games.iter().map(|g| check_game(g, &check)).collect(),
            }),
            Item::Event(e) => sink(e),
        });
    }
    std::thread::scope(|scope| {
        let (work_tx, work_rx) = sync_channel::<(u64, Item)>(options.jobs * 2);
        let (done_tx, done_rx) = sync_channel::<(u64, Event)>(options.jobs * 2);
        let work_rx = Arc::new(Mutex::new(work_rx));
        for _ in 0..options.jobs {
            let work_rx = Arc::clone(&work_rx);
            let done_tx = done_tx.clone();
            let check = options.check.clone();
            scope.spawn(move || worker(&work_rx, &done_tx, &check));
        }
        drop(done_tx);
        let read = options.read.clone();
        let progress = Arc::clone(&progress);
        let reader = scope.spawn(move || {
            let mut seq = 0u64;
            read_all(inputs, &read, &progress, &mut |item| {
                seq += 1;
                // A closed channel means the sink failed; the error is reported there.
                work_tx
                    .send((seq, item))
                    .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "stopped"))
            })
        });
        let sunk = deliver_in_order(&done_rx, &mut sink);
        // Unblock the reader and the workers if the sink gave up early.
        drop(done_rx);
        let read = reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("reader thread panicked")));
        sunk?;
        read
    })
}

/// A unit of work: file events pass through the workers untouched, so one sequence orders all.
enum Item {
    Event(Event),
    Batch { file: usize, games: Vec<Game> },
}

fn worker(
    work: &Mutex<Receiver<(u64, Item)>>,
    done: &SyncSender<(u64, Event)>,
    check: &CheckOptions,
) {
    loop {
        let next = match work.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((seq, item)) = next else { return };
        let event = match item {
            Item::Event(e) => e,
            Item::Batch { file, games } => Event::Games {
                file,
                reports: games.iter().map(|g| check_game(g, check)).collect(),
            },
        };
        if done.send((seq, event)).is_err() {
            return;
        }
    }
}

/// Hands events to `sink` in sequence order, holding early arrivals back.
fn deliver_in_order(
    done: &Receiver<(u64, Event)>,
    sink: &mut impl FnMut(Event) -> io::Result<()>,
) -> io::Result<()> {
    let mut waiting: BTreeMap<u64, Event> = BTreeMap::new();
    let mut next = 1u64;
    for (seq, event) in done.iter() {
        waiting.insert(seq, event);
        while let Some(event) = waiting.remove(&next) {
            sink(event)?;
            next += 1;
        }
    }
    Ok(())
}

/// Reads every input in order, emitting file events and batches of games.
fn read_all(
    inputs: Vec<Input>,
    options: &ReadOptions,
    progress: &Progress,
    emit: &mut dyn FnMut(Item) -> io::Result<()>,
) -> io::Result<()> {
    let mut done_before = 0u64;
    for (file, input) in inputs.into_iter().enumerate() {
        emit(Item::Event(Event::FileStart { file }))?;
        let source = match (input.open)() {
            Ok(source) => source,
            Err(e) => {
                emit(Item::Event(Event::FileEnd {
                    file,
                    bytes: 0,
                    error: Some(e.to_string()),
                }))?;
                continue;
            }
        };
        let mut reader = Reader::new(source, options.clone());
        let mut batch = Vec::with_capacity(BATCH_GAMES);
        let mut error = None;
        while let Some(game) = reader.next() {
            match game {
                Ok(game) => batch.push(game),
                Err(e) => {
                    error = Some(e.to_string());
                    break;
                }
            }
            if batch.len() == BATCH_GAMES {
                let games = std::mem::replace(&mut batch, Vec::with_capacity(BATCH_GAMES));
                emit(Item::Batch { file, games })?;
                progress(done_before + reader.bytes_consumed());
            }
        }
        if !batch.is_empty() {
            emit(Item::Batch { file, games: batch })?;
        }
        let bytes = reader.bytes_consumed();
        done_before += bytes;
        progress(done_before);
        emit(Item::Event(Event::FileEnd { file, bytes, error }))?;
    }
    Ok(())
}
