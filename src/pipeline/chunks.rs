//! The read on several threads: PDN cut into raw chunks parsed by the workers and stitched back
//! in order, JSON games read in batches; every unit of work numbered, so the sink sees them in
//! input order.

use super::sources::{self, Filled, JsonGames, Opened};
use super::{BATCH_GAMES, Event, Input, PerGame, PipelineOptions, Progress};
use crate::ordered;
use crate::reader::raw::{self, Opening, RawChunk, Splitter, Stitcher};
use crate::reader::{Game, ReadOptions};
use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::Mutex;

/// Raw chunks handed to a worker hold about this many games...
pub(super) const CHUNK_REGIONS: usize = BATCH_GAMES;
/// ... or about this many bytes, whichever comes first.
pub(super) const CHUNK_BYTES: usize = 256 << 10;

/// [`super::run_each`] on `options.jobs` threads.
pub(super) fn run_parallel<T: PerGame, W: FnMut(Box<Game>) -> T>(
    inputs: Vec<Input>,
    options: &PipelineOptions,
    progress: Progress,
    make_worker: impl Fn() -> W + Sync,
    mut sink: impl FnMut(Event<T>) -> io::Result<()>,
) -> io::Result<()> {
    let pool = &ChunkPool::default();
    let mut feed = Feed {
        inputs: inputs.into_iter().enumerate(),
        options,
        progress: &progress,
        pool,
        open: None,
        queued: VecDeque::new(),
        done_before: 0,
    };
    let read = &options.read;
    let mut stitcher = Stitcher::new(read);
    // The games whose work waits for the chunks before them (see `stitch`) are worked on here.
    let mut work_in_order = make_worker();
    let make_worker = &make_worker;
    ordered::pull_in_order(
        options.jobs,
        // Items in flight at most (in the workers, or waiting to be put back in order).
        ordered::window(options.jobs),
        move || feed.next(),
        || {
            let mut work = make_worker();
            move |item| parse_and_work(item, read, pool, &mut work)
        },
        |done| match stitch(done, &mut stitcher, read, &mut work_in_order) {
            Some(event) => sink(event),
            None => Ok(()),
        },
    )
}

/// Raw chunks the workers are done with, their buffers kept for the feed to fill again: a
/// buffer allocated on one thread and freed on another costs the allocator more than reusing it.
/// (The window bounds the chunks in flight, so the pool stays small; a chunk grown past twice
/// the usual size for a large game is freed, so memory goes down again after it.)
#[derive(Default)]
pub(super) struct ChunkPool(Mutex<Vec<RawChunk>>);

impl ChunkPool {
    pub(super) fn take(&self) -> RawChunk {
        let spare = self.0.lock().ok().and_then(|mut pool| pool.pop());
        spare.unwrap_or_default()
    }

    pub(super) fn give(&self, mut chunk: RawChunk) {
        if chunk.capacity() > 2 * CHUNK_BYTES {
            return;
        }
        chunk.clear();
        if let Ok(mut pool) = self.0.lock() {
            pool.push(chunk);
        }
    }
}

/// A unit of parallel work: file events pass through the workers untouched, so one sequence
/// orders all.
enum Work {
    Event(Event<()>),
    Chunk {
        file: usize,
        chunk: RawChunk,
    },
    /// JSON games, read already (a batch closes as a chunk of PDN does).
    #[allow(clippy::vec_box)]
    Games {
        file: usize,
        games: Vec<Box<Game>>,
    },
}

/// A worker's outcome, finished in order by [`stitch`].
enum Done<T> {
    Event(Event<()>),
    Chunk(Box<ChunkDone<T>>),
    Games { file: usize, reports: Vec<T> },
}

/// A chunk parsed, and its games worked on.
struct ChunkDone<T> {
    file: usize,
    /// The chunk's first game when comments carried from before may join it: worked on once
    /// that is known.
    head: Option<Box<Game>>,
    /// What the work returned for the chunk's other games, numbered from 1 within the chunk.
    reports: Vec<T>,
    opening: Option<Opening>,
    carried: Option<Box<Game>>,
}

/// A worker's part: a chunk parsed, and each of its games handed to `work`.
fn parse_and_work<T>(
    item: Work,
    read: &ReadOptions,
    pool: &ChunkPool,
    work: &mut impl FnMut(Box<Game>) -> T,
) -> Done<T> {
    match item {
        Work::Event(e) => Done::Event(e),
        Work::Games { file, games } => Done::Games {
            file,
            reports: games.into_iter().map(work).collect(),
        },
        Work::Chunk { file, chunk } => {
            let parsed = raw::parse_chunk(&chunk, read);
            pool.give(chunk);
            let mut games = parsed.games.into_iter();
            let head = match parsed.opening {
                Some(Opening::Absorbs) => games.next(),
                _ => None,
            };
            Done::Chunk(Box::new(ChunkDone {
                file,
                head,
                reports: games.map(work).collect(),
                opening: parsed.opening,
                carried: parsed.carried,
            }))
        }
    }
}

/// Finishes a worker's outcome, in input order: joins the chunks of each file (comments
/// carried between chunks, game numbers). `None` when nothing is left to deliver.
fn stitch<T: PerGame>(
    outcome: Done<T>,
    stitcher: &mut Stitcher,
    read: &ReadOptions,
    work: &mut impl FnMut(Box<Game>) -> T,
) -> Option<Event<T>> {
    match outcome {
        Done::Event(event) => {
            if let Event::FileStart { .. } = event {
                *stitcher = Stitcher::new(read);
            }
            Some(event.into_any())
        }
        Done::Games { file, reports } => Some(Event::Games { file, reports }),
        Done::Chunk(done) => {
            let ChunkDone {
                file,
                head,
                reports,
                opening,
                carried,
            } = *done;
            let games = reports.len() + usize::from(head.is_some());
            let stitch = stitcher.stitch(opening, games, carried);
            let mut all = Vec::with_capacity(games + 1);
            if let Some(game) = stitch.released {
                all.push(work(game));
            }
            if let Some(mut game) = head {
                if let Some(carried) = stitch.absorbed {
                    stitcher.absorb(carried, &mut game);
                }
                game.index += stitch.index_offset;
                all.push(work(game));
            }
            all.extend(reports.into_iter().map(|mut report| {
                report.shift_index(stitch.index_offset);
                report
            }));
            (!all.is_empty()).then_some(Event::Games { file, reports: all })
        }
    }
}

/// An input being read by the feed.
enum Open {
    Pdn(Splitter<Box<dyn Read + Send>>),
    Json(JsonGames),
}

/// The inputs in order as units of work, taken by whichever thread wants work next: each
/// file's start, its raw chunks of games (not parsed) or batches of JSON games, its end.
struct Feed<'a> {
    inputs: std::iter::Enumerate<std::vec::IntoIter<Input>>,
    options: &'a PipelineOptions,
    progress: &'a Progress,
    pool: &'a ChunkPool,
    /// The file being read, and its number.
    open: Option<(usize, Open)>,
    /// Work found and not handed out yet (a file's start and end come with other work).
    queued: VecDeque<Work>,
    /// Bytes of the files before the open one.
    done_before: u64,
}

impl Feed<'_> {
    fn next(&mut self) -> Option<Work> {
        loop {
            if let Some(work) = self.queued.pop_front() {
                return Some(work);
            }
            let Some((file, open)) = self.open.take() else {
                let (file, input) = self.inputs.next()?;
                self.queued
                    .push_back(Work::Event(Event::FileStart { file }));
                match sources::open(input, self.options) {
                    Ok(Opened::Pdn(source)) => {
                        let splitter = Splitter::new(source, &self.options.read);
                        self.open = Some((file, Open::Pdn(splitter)));
                    }
                    Ok(Opened::Json(json)) => {
                        self.queued
                            .push_back(Work::Event(Event::JsonGames { file }));
                        self.open = Some((file, Open::Json(json)));
                    }
                    Err(e) => self.end(file, 0, Some(e.to_string())),
                }
                continue;
            };
            match open {
                Open::Pdn(splitter) => self.next_chunk(file, splitter),
                Open::Json(json) => self.next_games(file, json),
            }
        }
    }

    /// Queues the next raw chunk of a PDN file, and its end once reached.
    fn next_chunk(&mut self, file: usize, mut splitter: Splitter<Box<dyn Read + Send>>) {
        let mut chunk = self.pool.take();
        let more = splitter.fill(&mut chunk, CHUNK_REGIONS, CHUNK_BYTES);
        if chunk.is_empty() {
            self.pool.give(chunk);
        } else {
            self.queued.push_back(Work::Chunk { file, chunk });
            (self.progress)(self.done_before + splitter.bytes_consumed());
        }
        match more {
            Ok(true) => self.open = Some((file, Open::Pdn(splitter))),
            Ok(false) => self.end(file, splitter.bytes_consumed(), None),
            Err(e) => self.end(file, splitter.bytes_consumed(), Some(e.to_string())),
        }
    }

    /// Queues the next batch of a JSON file, and what ended it.
    fn next_games(&mut self, file: usize, mut json: JsonGames) {
        let mut games = Vec::with_capacity(BATCH_GAMES);
        let filled = json.fill(&mut games);
        if !games.is_empty() {
            self.queued.push_back(Work::Games { file, games });
            (self.progress)(self.done_before + json.bytes);
        }
        match filled {
            Ok(Filled::Full) => self.open = Some((file, Open::Json(json))),
            Ok(Filled::Rejected(error)) => {
                self.queued
                    .push_back(Work::Event(Event::Rejected { file, error }));
                self.open = Some((file, Open::Json(json)));
            }
            Ok(Filled::End) => self.end(file, json.bytes, None),
            Err(e) => self.end(file, json.bytes, Some(e.to_string())),
        }
    }

    /// Queues a file's end.
    fn end(&mut self, file: usize, bytes: u64, error: Option<String>) {
        self.done_before += bytes;
        (self.progress)(self.done_before);
        self.queued
            .push_back(Work::Event(Event::FileEnd { file, bytes, error }));
    }
}
