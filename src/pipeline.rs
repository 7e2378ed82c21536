//! Checking many files on several threads, with results delivered in input order.
//!
//! The inputs are cut, in order, into raw chunks of about [`BATCH_GAMES`] games without parsing
//! them (the sequential stage of [`crate::reader::raw`]); each thread takes the next chunk
//! itself when it wants work, and parses and checks it; the calling thread, a worker too, puts
//! the results back in order between its own chunks, joins what crosses chunks (comments
//! between games, game numbers) and hands them to the sink ([`ordered::pull_in_order`]). Every
//! item carries a sequence number, so the output is the same whatever the number of jobs, and
//! the window keeps memory flat: at most a few chunks are in flight. With one job everything
//! runs on the calling thread.
//!
//! [`run`] checks each game ([`GameReport`]); [`run_with`] hands each game to any function on
//! the workers (the archive commands summarise, match or fingerprint games this way).

use crate::check::{CheckOptions, GameReport, check_game};
use crate::ordered;
use crate::reader::raw::{self, Opening, RawChunk, Splitter, Stitcher};
use crate::reader::{Game, ReadOptions, Reader};
use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::{Arc, Mutex};

/// Games per batch handed to a worker: enough to amortise taking and delivering it, few enough to
/// keep the output flowing and the reorder buffer small.
pub const BATCH_GAMES: usize = 64;
/// ... or fewer, once the batch's games hold this much text: a batch of large games would
/// otherwise hold up to 64 of them at once (each game's tree takes several times its text,
/// `docs/limits.md`).
const BATCH_TEXT: u64 = 1 << 20;

/// How full a batch of games is: full at [`BATCH_GAMES`] games, or once they hold
/// [`BATCH_TEXT`] bytes of text (every command that hands games out in batches asks this).
#[derive(Default)]
pub struct BatchFill {
    games: usize,
    text: u64,
}

impl BatchFill {
    /// Counts a game of `text` bytes into the batch.
    pub fn add(&mut self, text: u64) {
        self.games += 1;
        self.text += text;
    }

    pub fn is_full(&self) -> bool {
        self.games >= BATCH_GAMES || self.text >= BATCH_TEXT
    }
}

/// One input to check, opened only when its turn comes (so thousands of files never hold
/// thousands of descriptors).
pub struct Input {
    pub name: String,
    pub open: Box<dyn FnOnce() -> io::Result<Box<dyn Read + Send>> + Send>,
}

/// What the sink receives, in input order: a [`GameReport`] per game from [`run`], whatever the
/// per-game function returns from [`run_with`].
pub enum Event<T = GameReport> {
    FileStart {
        file: usize,
    },
    Games {
        file: usize,
        reports: Vec<T>,
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

/// Raw chunks handed to a worker hold about this many games...
const CHUNK_REGIONS: usize = BATCH_GAMES;
/// ... or about this many bytes, whichever comes first.
const CHUNK_BYTES: usize = 256 << 10;

/// What [`run_with`]'s per-game function returns: it knows its game's 1-based index in its file,
/// which is put right once the chunks before it are counted.
pub trait PerGame: Send {
    fn shift_index(&mut self, by: u64);
}

impl PerGame for GameReport {
    fn shift_index(&mut self, by: u64) {
        self.index += by;
    }
}

/// Checks `inputs`, calling `sink` with each event in input order. Stops early (returning the
/// error) when the sink fails, such as a closed pipe.
pub fn run(
    inputs: Vec<Input>,
    options: &PipelineOptions,
    progress: Progress,
    sink: impl FnMut(Event) -> io::Result<()>,
) -> io::Result<()> {
    let check = options.check.clone();
    run_with(
        inputs,
        options,
        progress,
        |game| check_game(game, &check),
        sink,
    )
}

/// Reads `inputs` and calls `per_game` on each game (on the worker threads), calling `sink`
/// with each event in input order: the same games, indices and order as [`run`] for any number
/// of jobs. Stops early (returning the error) when the sink fails, such as a closed pipe.
pub fn run_with<T: PerGame>(
    inputs: Vec<Input>,
    options: &PipelineOptions,
    progress: Progress,
    per_game: impl Fn(&Game) -> T + Sync,
    mut sink: impl FnMut(Event<T>) -> io::Result<()>,
) -> io::Result<()> {
    let per_game = &per_game;
    if options.jobs <= 1 {
        return read_all(inputs, &options.read, &progress, &mut |item| match item {
            Item::Batch { file, games } => sink(Event::Games {
                file,
                reports: games.iter().map(|game| per_game(game)).collect(),
            }),
            Item::Event(e) => sink(e.into_any()),
        });
    }
    let pool = &ChunkPool::default();
    let mut feed = Feed {
        inputs: inputs.into_iter().enumerate(),
        options: &options.read,
        progress: &progress,
        pool,
        open: None,
        queued: VecDeque::new(),
        done_before: 0,
    };
    let mut stitcher = Stitcher::new(&options.read);
    ordered::pull_in_order(
        options.jobs,
        // Items in flight at most (in the workers, or waiting to be put back in order).
        ordered::window(options.jobs),
        move || feed.next(),
        || |work| parse_and_check(work, &options.read, pool, per_game),
        |done| match stitch(done, &mut stitcher, &options.read, per_game) {
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
struct ChunkPool(Mutex<Vec<RawChunk>>);

impl ChunkPool {
    fn take(&self) -> RawChunk {
        let spare = self.0.lock().ok().and_then(|mut pool| pool.pop());
        spare.unwrap_or_default()
    }

    fn give(&self, mut chunk: RawChunk) {
        if chunk.capacity() > 2 * CHUNK_BYTES {
            return;
        }
        chunk.clear();
        if let Ok(mut pool) = self.0.lock() {
            pool.push(chunk);
        }
    }
}

/// A unit of work: file events pass through the workers untouched, so one sequence orders all.
enum Item {
    Event(Event<()>),
    // (Boxed as the reader holds them: unboxing each into the batch would copy it.)
    #[allow(clippy::vec_box)]
    Batch {
        file: usize,
        games: Vec<Box<Game>>,
    },
}

impl Event<()> {
    /// A file event (never `Games`) as an event of any per-game type.
    fn into_any<T>(self) -> Event<T> {
        match self {
            Event::FileStart { file } => Event::FileStart { file },
            Event::FileEnd { file, bytes, error } => Event::FileEnd { file, bytes, error },
            Event::Games { file, .. } => Event::Games {
                file,
                reports: Vec::new(),
            },
        }
    }
}

/// A unit of parallel work: file events pass through the workers untouched, so one sequence
/// orders all.
enum Work {
    Event(Event<()>),
    Chunk { file: usize, chunk: RawChunk },
}

/// A worker's outcome, finished in order by [`deliver_in_order`].
enum Done<T> {
    Event(Event<()>),
    Chunk(Box<ChunkDone<T>>),
}

/// A chunk parsed, and each game handed to the per-game function.
struct ChunkDone<T> {
    file: usize,
    /// What the per-game function returned for the chunk's games, numbered from 1 within the
    /// chunk.
    reports: Vec<T>,
    /// The chunk's first game when comments carried from before would join it.
    head: Option<Box<Game>>,
    opening: Option<Opening>,
    carried: Option<Box<Game>>,
}

/// A worker's part: a chunk parsed, and each of its games handed to `per_game`.
fn parse_and_check<T>(
    work: Work,
    read: &ReadOptions,
    pool: &ChunkPool,
    per_game: &impl Fn(&Game) -> T,
) -> Done<T> {
    match work {
        Work::Event(e) => Done::Event(e),
        Work::Chunk { file, chunk } => {
            let parsed = raw::parse_chunk(&chunk, read);
            pool.give(chunk);
            let reports = parsed.games.iter().map(|game| per_game(game)).collect();
            let head = match parsed.opening {
                Some(Opening::Absorbs) => parsed.games.into_iter().next(),
                _ => None,
            };
            Done::Chunk(Box::new(ChunkDone {
                file,
                reports,
                head,
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
    per_game: &impl Fn(&Game) -> T,
) -> Option<Event<T>> {
    match outcome {
        Done::Event(event) => {
            if let Event::FileStart { .. } = event {
                *stitcher = Stitcher::new(read);
            }
            Some(event.into_any())
        }
        Done::Chunk(done) => {
            let ChunkDone {
                file,
                reports,
                head,
                opening,
                carried,
            } = *done;
            let stitch = stitcher.stitch(opening, reports.len(), carried);
            let mut all = Vec::with_capacity(reports.len() + 1);
            if let Some(game) = stitch.released {
                all.push(per_game(&game));
            }
            let first = all.len();
            all.extend(reports.into_iter().map(|mut report| {
                report.shift_index(stitch.index_offset);
                report
            }));
            if let (Some(carried), Some(mut game)) = (stitch.absorbed, head) {
                stitcher.absorb(carried, &mut game);
                game.index += stitch.index_offset;
                all[first] = per_game(&game);
            }
            (!all.is_empty()).then_some(Event::Games { file, reports: all })
        }
    }
}

/// The inputs in order as units of work, taken by whichever thread wants work next: each
/// file's start, its raw chunks of games (not parsed), its end.
struct Feed<'a> {
    inputs: std::iter::Enumerate<std::vec::IntoIter<Input>>,
    options: &'a ReadOptions,
    progress: &'a Progress,
    pool: &'a ChunkPool,
    /// The file being split, and its number.
    open: Option<(usize, Splitter<Box<dyn Read + Send>>)>,
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
            let Some((file, mut splitter)) = self.open.take() else {
                let (file, input) = self.inputs.next()?;
                self.queued
                    .push_back(Work::Event(Event::FileStart { file }));
                match (input.open)() {
                    Ok(source) => self.open = Some((file, Splitter::new(source, self.options))),
                    Err(e) => self.queued.push_back(Work::Event(Event::FileEnd {
                        file,
                        bytes: 0,
                        error: Some(e.to_string()),
                    })),
                }
                continue;
            };
            let mut chunk = self.pool.take();
            let more = splitter.fill(&mut chunk, CHUNK_REGIONS, CHUNK_BYTES);
            if chunk.is_empty() {
                self.pool.give(chunk);
            } else {
                self.queued.push_back(Work::Chunk { file, chunk });
                (self.progress)(self.done_before + splitter.bytes_consumed());
            }
            let error = match more {
                Ok(true) => {
                    self.open = Some((file, splitter));
                    continue;
                }
                Ok(false) => None,
                Err(e) => Some(e.to_string()),
            };
            let bytes = splitter.bytes_consumed();
            self.done_before += bytes;
            (self.progress)(self.done_before);
            self.queued
                .push_back(Work::Event(Event::FileEnd { file, bytes, error }));
        }
    }
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
        let mut fill = BatchFill::default();
        let mut error = None;
        while let Some(game) = reader.next_boxed() {
            match game {
                Ok(game) => {
                    fill.add(u64::from(game.span.len));
                    batch.push(game);
                }
                Err(e) => {
                    error = Some(e.to_string());
                    break;
                }
            }
            if fill.is_full() {
                let games = std::mem::replace(&mut batch, Vec::with_capacity(BATCH_GAMES));
                fill = BatchFill::default();
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A file mixing what crosses chunk boundaries: comments between games (after a result, on
    /// their own, at the start and the end), games over the size limit (with and without a
    /// boundary in reach), games without terminator, a code page detected mid-file.
    fn mixed_file(seed: u64, games: usize, cr: bool) -> Vec<u8> {
        let mut state = seed;
        let mut next = move |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let mut text: Vec<u8> = Vec::new();
        if next(2) == 0 {
            text.extend_from_slice(b"\xEF\xBB\xBF");
        }
        if next(2) == 0 {
            text.extend_from_slice(b"{before everything}\n\n");
        }
        for i in 0..games {
            text.extend_from_slice(format!("[Event \"g{i}\"]\n[Result \"1-0\"]\n").as_bytes());
            match next(12) {
                0 => text.extend_from_slice(format!("{{{}}}\n", "long ".repeat(80)).as_bytes()),
                1 => text.extend_from_slice(b"{runaway comment\n\n"),
                2 if i > games / 2 => text.extend_from_slice(b"{caf\xE9}\n"),
                _ => {}
            }
            text.extend_from_slice(b"1. 11-15 23-19 {c} 2. 8-11 22-17");
            match next(8) {
                0 => {}
                1 => text.extend_from_slice(b" *"),
                _ => text.extend_from_slice(b" 1-0"),
            }
            match next(6) {
                0 => text.extend_from_slice(b" {after}"),
                1 => text.extend_from_slice(b"\n{between}\n\n{again}\n"),
                2 => text.extend_from_slice(b"\n; a line comment\n"),
                3 => text.extend_from_slice(b"\n%escaped line\n{c} *\n"),
                _ => {}
            }
            text.extend_from_slice(b"\n\n");
        }
        if next(2) == 0 {
            text.extend_from_slice(b"{after everything}\n");
        }
        if cr {
            text.retain(|&b| b != b'\r');
            for b in &mut text {
                if *b == b'\n' {
                    *b = b'\r';
                }
            }
        }
        text
    }

    /// The text of one game, as the per-game work of [`batches_of_large_games_hold_few`].
    struct TextLen(u64);

    impl PerGame for TextLen {
        fn shift_index(&mut self, _: u64) {}
    }

    /// One job reads games in batches of 64, or fewer when they are large: a batch closes once
    /// its games hold a mebibyte of text, so large games are not held 64 at a time.
    #[test]
    fn batches_of_large_games_hold_few() {
        let mut text = String::new();
        for i in 0..20 {
            let comment = if i % 4 == 0 {
                "x".repeat(600 << 10)
            } else {
                String::new()
            };
            text.push_str(&format!(
                "[Event \"{i}\"]\n\n1. 11-15 {{{comment}}} 23-19 *\n\n"
            ));
        }
        let inputs = vec![Input {
            name: "large".into(),
            open: Box::new(move || Ok(Box::new(io::Cursor::new(text.into_bytes())) as _)),
        }];
        let options = PipelineOptions {
            jobs: 1,
            read: ReadOptions::default(),
            check: CheckOptions::default(),
        };
        let mut batches: Vec<Vec<u64>> = Vec::new();
        run_with(
            inputs,
            &options,
            Arc::new(|_| {}),
            |game| TextLen(u64::from(game.span.len)),
            |event| {
                if let Event::Games { reports, .. } = event {
                    batches.push(reports.into_iter().map(|r| r.0).collect());
                }
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(
            batches.iter().map(Vec::len).sum::<usize>(),
            20,
            "{batches:?}"
        );
        assert!(batches.len() > 1, "{batches:?}");
        for batch in &batches {
            let before_last: u64 = batch[..batch.len() - 1].iter().sum();
            assert!(
                before_last < BATCH_TEXT,
                "a batch went on past its limit: {batches:?}"
            );
        }
    }

    fn check_all(files: &[Vec<u8>], jobs: usize, read: &ReadOptions) -> Vec<String> {
        let inputs = files
            .iter()
            .enumerate()
            .map(|(i, bytes)| {
                let bytes = bytes.clone();
                Input {
                    name: format!("f{i}"),
                    open: Box::new(move || Ok(Box::new(io::Cursor::new(bytes)) as _)),
                }
            })
            .collect();
        let options = PipelineOptions {
            jobs,
            read: read.clone(),
            check: CheckOptions::default(),
        };
        let mut out = Vec::new();
        run(inputs, &options, Arc::new(|_| {}), |event| {
            match event {
                Event::FileStart { file } => out.push(format!("start {file}")),
                Event::Games { file, reports } => {
                    for report in reports {
                        out.push(format!(
                            "{file} {}",
                            serde_json::to_string(&report).unwrap()
                        ));
                    }
                }
                Event::FileEnd { file, bytes, error } => {
                    out.push(format!("end {file} {bytes} {error:?}"))
                }
            }
            Ok(())
        })
        .unwrap();
        out
    }

    /// A chunk of `text` as the feed cuts it.
    fn chunk_of(text: Vec<u8>) -> RawChunk {
        let mut splitter = Splitter::new(io::Cursor::new(text), &ReadOptions::default());
        let mut chunk = RawChunk::new();
        splitter
            .fill(&mut chunk, CHUNK_REGIONS, CHUNK_BYTES)
            .expect("in memory");
        chunk
    }

    #[test]
    fn the_pool_reuses_chunks_and_frees_the_oversized() {
        let pool = ChunkPool::default();
        let small = chunk_of(b"[Event \"a\"]\n1. 32-28 19-23 *\n".to_vec());
        let capacity = small.capacity();
        assert!(capacity > 0 && capacity <= 2 * CHUNK_BYTES);
        pool.give(small);
        let again = pool.take();
        assert!(again.is_empty(), "a chunk comes back emptied");
        assert_eq!(again.capacity(), capacity, "with its buffer");
        assert!(pool.take().capacity() == 0, "the pool held one chunk");

        // One game larger than two chunks' worth of bytes: its chunk is not kept.
        let mut big = b"[Event \"big\"]\n{".to_vec();
        big.resize(big.len() + 3 * CHUNK_BYTES, b'x');
        big.extend_from_slice(b"} 1. 32-28 *\n");
        let big = chunk_of(big);
        assert!(big.capacity() > 2 * CHUNK_BYTES);
        pool.give(big);
        assert_eq!(pool.take().capacity(), 0, "the oversized chunk was freed");
    }

    #[test]
    fn any_number_of_jobs_gives_the_same_reports() {
        for seed in 0..6u64 {
            let files: Vec<Vec<u8>> = (0..3)
                .map(|f| mixed_file(seed * 3 + f, 150 + 40 * f as usize, (seed + f) % 4 == 3))
                .collect();
            for (strict, max_game_bytes) in [(false, 16 << 20), (true, 400), (false, 250)] {
                let read = ReadOptions {
                    strict,
                    max_game_bytes,
                    ..ReadOptions::default()
                };
                let one = check_all(&files, 1, &read);
                assert!(one.len() > 400, "{}", one.len());
                for jobs in [2, 3] {
                    let many = check_all(&files, jobs, &read);
                    assert_eq!(one.len(), many.len(), "seed {seed} jobs {jobs}");
                    for (a, b) in one.iter().zip(&many) {
                        assert_eq!(a, b, "seed {seed} jobs {jobs} max {max_game_bytes}");
                    }
                }
            }
        }
    }

    /// The first byte that is not UTF-8 in comments between games, at the end of a chunk: the
    /// encoding note travels with the comments to the next chunk's first game.
    #[test]
    fn notes_carried_across_chunks_reach_the_next_game() {
        for at in [
            CHUNK_REGIONS - 2,
            CHUNK_REGIONS - 1,
            CHUNK_REGIONS,
            2 * CHUNK_REGIONS - 1,
        ] {
            let mut text = Vec::new();
            for i in 0..3 * CHUNK_REGIONS {
                text.extend_from_slice(format!("[Event \"g{i}\"]\n1. 11-15 23-19 1-0").as_bytes());
                if i == at {
                    text.extend_from_slice(b"\n{caf\xE9 between games}\n\n");
                } else if i == at + 1 {
                    text.extend_from_slice(b" {just after}");
                }
                text.extend_from_slice(b"\n\n");
            }
            for strict in [false, true] {
                let read = ReadOptions {
                    strict,
                    ..ReadOptions::default()
                };
                let one = check_all(std::slice::from_ref(&text), 1, &read);
                assert!(one.iter().any(|r| r.contains("W-ENCODING-WINDOWS-1252")));
                assert_eq!(
                    one,
                    check_all(std::slice::from_ref(&text), 2, &read),
                    "at {at}"
                );
            }
        }
    }

    /// A per-game summary of `run_with`: the game's index and span as the sink sees them.
    struct Seen {
        index: u64,
        offset: u64,
        len: u64,
    }

    impl PerGame for Seen {
        fn shift_index(&mut self, by: u64) {
            self.index += by;
        }
    }

    fn seen_all(files: &[Vec<u8>], jobs: usize) -> Vec<(usize, u64, u64, u64)> {
        let inputs = files
            .iter()
            .map(|bytes| {
                let bytes = bytes.clone();
                Input {
                    name: String::new(),
                    open: Box::new(move || Ok(Box::new(io::Cursor::new(bytes)) as _)),
                }
            })
            .collect();
        let options = PipelineOptions {
            jobs,
            read: ReadOptions::default(),
            check: CheckOptions::default(),
        };
        let per_game = |game: &Game| Seen {
            index: game.index,
            offset: game.span.offset,
            len: u64::from(game.span.len),
        };
        let mut out = Vec::new();
        run_with(inputs, &options, Arc::new(|_| {}), per_game, |event| {
            if let Event::Games { file, reports } = event {
                out.extend(reports.iter().map(|s| (file, s.index, s.offset, s.len)));
            }
            Ok(())
        })
        .unwrap();
        out
    }

    /// `run_with` sees the games `run` checks, with the same indices and spans, for any jobs.
    #[test]
    fn run_with_sees_the_games_run_checks() {
        for seed in 0..4u64 {
            let files: Vec<Vec<u8>> = (0..2)
                .map(|f| mixed_file(seed * 2 + f, 200, seed == 3))
                .collect();
            let checked: Vec<(usize, u64, u64, u64)> =
                check_all(&files, 1, &ReadOptions::default())
                    .iter()
                    .filter_map(|line| {
                        let (file, json) = line.split_once(' ')?;
                        let report: serde_json::Value = serde_json::from_str(json).ok()?;
                        Some((
                            file.parse().ok()?,
                            report["index"].as_u64()?,
                            report["span"]["offset"].as_u64()?,
                            report["span"]["len"].as_u64()?,
                        ))
                    })
                    .collect();
            assert!(checked.len() > 300, "{}", checked.len());
            for jobs in [1, 2, 3] {
                assert_eq!(seen_all(&files, jobs), checked, "seed {seed} jobs {jobs}");
            }
        }
    }
}
