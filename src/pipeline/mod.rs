//! Every command's games, read from many files on several threads and delivered in input order.
//!
//! With several jobs, PDN inputs are cut, in order, into raw chunks of about [`BATCH_GAMES`]
//! games without parsing them (the sequential stage of [`crate::reader::raw`]); each thread
//! takes the next chunk itself when it wants work, and parses it and works on its games; the
//! calling thread, a worker too, puts the results back in order between its own chunks, joins
//! what crosses chunks (comments between games, game numbers) and hands them to the sink
//! ([`ordered::pull_in_order`]). Every item carries a sequence number, so the output is the same
//! whatever the number of jobs, and the window keeps memory flat: at most a few chunks are in
//! flight. With one job everything runs on the calling thread, through the reader.
//!
//! pdnkit's own JSON games, a game a line, are read too when [`PipelineOptions::json_games`]
//! asks (`convert` reads them back): in order, in batches handed to the workers like chunks.
//!
//! [`run`] checks each game ([`GameReport`]); [`run_with`] hands each game to any function on
//! the workers (the archive commands summarise, match or fingerprint games this way);
//! [`run_each`] gives each worker its own state and the games themselves (`convert` rewrites
//! them). Every command runs them through [`run::Run`], which also opens the inputs, counts
//! what the run went through and says which inputs could not be read; a command brings only
//! its per-game work and its [`run::Consumer`].

mod chunks;
pub mod paths;
pub mod run;
pub mod sniff;
mod sources;
pub mod walk;

use crate::check::{CheckOptions, GameReport, check_game};
use crate::convert::json::JsonGameError;
use crate::reader::{Game, ReadOptions};
use std::io::{self, Read};
use std::sync::Arc;

/// Games per batch handed to a worker: enough to amortise taking and delivering it, few enough to
/// keep the output flowing and the reorder buffer small.
pub const BATCH_GAMES: usize = 64;
/// ... or fewer, once the batch's games hold this much text: a batch of large games would
/// otherwise hold up to 64 of them at once (each game's tree takes several times its text,
/// `docs/limits.md`).
const BATCH_TEXT: u64 = 1 << 20;

/// How full a batch of games is: full at [`BATCH_GAMES`] games, or once they hold
/// [`BATCH_TEXT`] bytes of text (every path that hands games out in batches asks this).
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

/// One input to read, opened only when its turn comes (so thousands of files never hold
/// thousands of descriptors).
pub struct Input {
    pub name: String,
    pub open: Box<dyn FnOnce() -> io::Result<Box<dyn Read + Send>> + Send>,
}

/// What the sink receives, in input order: a [`GameReport`] per game from [`run`], whatever the
/// per-game function returns from [`run_with`] and [`run_each`].
pub enum Event<T = GameReport> {
    FileStart {
        file: usize,
    },
    /// The file holds pdnkit's JSON games ([`PipelineOptions::json_games`]): its games' spans
    /// are places in the PDN they were read from, not in this file.
    JsonGames {
        file: usize,
    },
    Games {
        file: usize,
        reports: Vec<T>,
    },
    /// A line of a JSON file that is not a game, in its place; the file goes on.
    Rejected {
        file: usize,
        error: JsonGameError,
    },
    /// `bytes` read; `error` when the file could not be opened or read to its end.
    FileEnd {
        file: usize,
        bytes: u64,
        error: Option<String>,
    },
}

impl Event<()> {
    /// An event without games as an event of any per-game type.
    fn into_any<T>(self) -> Event<T> {
        match self {
            Event::FileStart { file } => Event::FileStart { file },
            Event::JsonGames { file } => Event::JsonGames { file },
            Event::Rejected { file, error } => Event::Rejected { file, error },
            Event::FileEnd { file, bytes, error } => Event::FileEnd { file, bytes, error },
            Event::Games { file, .. } => Event::Games {
                file,
                reports: Vec::new(),
            },
        }
    }
}

#[derive(Clone)]
pub struct PipelineOptions {
    pub jobs: usize,
    pub read: ReadOptions,
    pub check: CheckOptions,
    /// Also read pdnkit's JSON games (`convert --format jsonl`), a game a line: an input whose text
    /// starts with `{"` is read so ([`Event::JsonGames`]), any other as PDN.
    pub json_games: bool,
}

impl PipelineOptions {
    /// PDN read with `read` on `jobs` threads; games checked, when checked, with `check`.
    pub fn new(jobs: usize, read: ReadOptions, check: CheckOptions) -> Self {
        PipelineOptions {
            jobs,
            read,
            check,
            json_games: false,
        }
    }
}

/// Called with the bytes read so far (for a progress bar).
pub type Progress = Arc<dyn Fn(u64) + Send + Sync>;

/// What the per-game work returns: it knows its game's 1-based index in its file, which is put
/// right once the chunks before it are counted (a worker sees a PDN game numbered within its
/// chunk).
pub trait PerGame: Send {
    fn shift_index(&mut self, by: u64);
}

impl PerGame for GameReport {
    fn shift_index(&mut self, by: u64) {
        self.index += by;
    }
}

impl PerGame for Box<Game> {
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
    sink: impl FnMut(Event<T>) -> io::Result<()>,
) -> io::Result<()> {
    let per_game = &per_game;
    run_each(
        inputs,
        options,
        progress,
        || move |game: Box<Game>| per_game(&game),
        sink,
    )
}

/// [`run_with`] with a worker of its own on each thread (made by `make_worker`, so it may keep
/// state between games), handed each game itself. A game's index is the one in its file only
/// once [`PerGame::shift_index`] has put it right: what a worker writes that holds the index
/// must leave it to the sink.
pub fn run_each<T: PerGame, W: FnMut(Box<Game>) -> T>(
    inputs: Vec<Input>,
    options: &PipelineOptions,
    progress: Progress,
    make_worker: impl Fn() -> W + Sync,
    mut sink: impl FnMut(Event<T>) -> io::Result<()>,
) -> io::Result<()> {
    if options.jobs <= 1 {
        let mut work = make_worker();
        return sources::read_all(inputs, options, &progress, &mut |event| {
            sink(match event {
                sources::Emitted::Batch { file, games } => Event::Games {
                    file,
                    reports: games.into_iter().map(&mut work).collect(),
                },
                sources::Emitted::Event(event) => event.into_any(),
            })
        });
    }
    chunks::run_parallel(inputs, options, progress, make_worker, sink)
}

#[cfg(test)]
mod tests;
