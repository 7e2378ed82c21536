//! One run of a command over its inputs: what every command does around its own per-game work.
//!
//! A [`Run`] opens the inputs in turn, counts the bytes read from disk for the progress shown
//! on the [`Console`], says on the console which inputs could not be read (the run goes on),
//! counts files, games and bytes, and hands each game's result, in input order, to the
//! command's [`Consumer`]: `check` judges and reports it, `convert` writes it, `parse` prints
//! it, the archive commands summarise, match or copy it.

use super::paths::{KeptBytes, PathInput, for_pipeline};
use super::{Event, PerGame, PipelineOptions};
use crate::convert::json::JsonGameError;
use crate::reader::Game;
use crate::report::FileInfo;
use crate::report::human::{RunCounts, escape_controls};
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Where a run shows its progress and says what went wrong on the side (standard error, with a
/// progress bar out of the way while it writes).
pub trait Console: Send + Sync {
    /// `on_disk` bytes of the inputs read so far (compressed files count as on disk).
    fn progress(&self, on_disk: u64);
    /// The run reports on the file named `name` now (as reports name it).
    fn file(&self, _name: &str) {}
    /// Calls `write` with the console's stream, nothing else drawing on it meanwhile.
    fn write(&self, write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>) -> io::Result<()>;

    /// One line, `pdnkit: ` and `message`, control bytes escaped.
    fn say(&self, message: &str) {
        let line = escape_controls(message);
        // A console that cannot be written to has nowhere to say so either.
        let _ = self.write(&mut |out| writeln!(out, "pdnkit: {line}"));
    }
}

/// What a command does with the games, in input order, on the calling thread. `T` is what the
/// per-game work returned on the worker threads.
pub trait Consumer<T> {
    fn file_start(&mut self, _file: usize) -> io::Result<()> {
        Ok(())
    }
    /// The file holds pdnkit's JSON games ([`PipelineOptions::json_games`]).
    fn json_games(&mut self, _file: usize) {}
    fn game(&mut self, file: usize, game: T) -> io::Result<()>;
    /// A line of a JSON file that is not a game (the file goes on).
    fn rejected(&mut self, _file: usize, _error: JsonGameError) -> io::Result<()> {
        Ok(())
    }
    /// The file's end; `error` when it could not be opened or read to its end (already said on
    /// the console and counted).
    fn file_end(&mut self, _file: usize, _error: Option<&str>) -> io::Result<()> {
        Ok(())
    }
}

/// Any `FnMut(file, game)` consumes games and nothing else.
impl<T, F: FnMut(usize, T) -> io::Result<()>> Consumer<T> for F {
    fn game(&mut self, file: usize, game: T) -> io::Result<()> {
        self(file, game)
    }
}

/// The inputs of one run, with what reports call them.
pub struct Run {
    inputs: Vec<PathInput>,
    /// The inputs, by file index, as reports name them.
    pub files: Vec<FileInfo>,
    /// The inputs' sizes on disk, as far as known (what the progress counts towards).
    pub total_bytes: u64,
    /// Where the files' bytes are kept as read ([`Run::keep_bytes`]).
    kept: Option<KeptBytes>,
}

impl Run {
    pub fn new(inputs: Vec<PathInput>) -> Run {
        let files = inputs
            .iter()
            .map(|input| FileInfo {
                name: input.name(),
                path: input.source_file().map(Into::into),
            })
            .collect();
        let total_bytes = inputs.iter().filter_map(PathInput::size).sum();
        Run {
            inputs,
            files,
            total_bytes,
            kept: None,
        }
    }

    /// Reads each file whole as it is opened and keeps its bytes (`check --fix` edits them).
    pub fn keep_bytes(&mut self) -> KeptBytes {
        self.kept.get_or_insert_with(KeptBytes::default).clone()
    }

    /// Reads every input and calls `per_game` on each game on the workers, handing the results
    /// to `consumer` in input order.
    pub fn run_with<T: PerGame>(
        self,
        options: &PipelineOptions,
        console: Arc<dyn Console>,
        per_game: impl Fn(&Game) -> T + Sync,
        consumer: &mut impl Consumer<T>,
    ) -> io::Result<RunCounts> {
        let per_game = &per_game;
        self.run_each(
            options,
            console,
            || move |game: Box<Game>| per_game(&game),
            consumer,
        )
    }

    /// [`Run::run_with`] with a worker of its own on each thread (made by `make_worker`), handed
    /// each game itself ([`super::run_each`]).
    pub fn run_each<T: PerGame, W: FnMut(Box<Game>) -> T>(
        self,
        options: &PipelineOptions,
        console: Arc<dyn Console>,
        make_worker: impl Fn() -> W + Sync,
        consumer: &mut impl Consumer<T>,
    ) -> io::Result<RunCounts> {
        let started = Instant::now();
        let on_disk = Arc::new(AtomicU64::new(0));
        let work = for_pipeline(self.inputs, &on_disk, self.kept.as_ref());
        let progress: super::Progress = {
            let console = Arc::clone(&console);
            Arc::new(move |_| console.progress(on_disk.load(Ordering::Relaxed)))
        };
        let mut counts = RunCounts::default();
        let files = &self.files;
        super::run_each(work, options, progress, make_worker, |event| match event {
            Event::FileStart { file } => {
                counts.files += 1;
                console.file(&files[file].name);
                consumer.file_start(file)
            }
            Event::JsonGames { file } => {
                consumer.json_games(file);
                Ok(())
            }
            Event::Games { file, reports } => {
                for game in reports {
                    counts.games += 1;
                    consumer.game(file, game)?;
                }
                Ok(())
            }
            Event::Rejected { file, error } => consumer.rejected(file, error),
            Event::FileEnd { file, bytes, error } => {
                counts.bytes += bytes;
                if let Some(error) = &error {
                    counts.unreadable += 1;
                    console.say(&format!("{}: {error}", files[file].name));
                }
                consumer.file_end(file, error.as_deref())
            }
        })?;
        counts.elapsed = started.elapsed();
        Ok(counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::CheckOptions;
    use crate::reader::ReadOptions;
    use std::sync::Mutex;

    /// A game's index in its file.
    struct Index(u64);

    impl PerGame for Index {
        fn shift_index(&mut self, by: u64) {
            self.0 += by;
        }
    }

    /// A console that keeps what it is told.
    #[derive(Default)]
    struct Kept(Mutex<Vec<u8>>, AtomicU64);

    impl Console for Kept {
        fn progress(&self, on_disk: u64) {
            self.1.store(on_disk, Ordering::Relaxed);
        }
        fn write(&self, write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
            write(&mut *self.0.lock().expect("not poisoned"))
        }
    }

    /// Every command's run counts the same way, whatever the jobs: files tried, games, bytes of
    /// text, files that could not be read (each said once on the console, its name escaped),
    /// and the games reach the consumer in input order.
    #[test]
    fn a_run_counts_and_says_what_it_went_through() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let first = dir.path().join("a.pdn");
        let missing = dir.path().join("gone\u{7}.pdn");
        let second = dir.path().join("b.pdn");
        let texts = [
            "1. 11-15 23-19 *\n\n1. 9-13 22-18 *\n",
            "1. 10-14 24-20 1-0\n",
        ];
        std::fs::write(&first, texts[0]).expect("writes");
        std::fs::write(&second, texts[1]).expect("writes");
        let bytes = (texts[0].len() + texts[1].len()) as u64;
        for jobs in [1, 2] {
            let paths = [first.clone(), missing.clone(), second.clone()];
            let run = Run::new(
                super::super::paths::expand(&paths, &Default::default())
                    .expect("no globs")
                    .inputs,
            );
            assert_eq!(run.files.len(), 3);
            let options =
                PipelineOptions::new(jobs, ReadOptions::default(), CheckOptions::default());
            let console = Arc::new(Kept::default());
            let mut seen = Vec::new();
            let mut consumer = |file: usize, index: Index| {
                seen.push((file, index.0));
                Ok(())
            };
            let counts = run
                .run_with(
                    &options,
                    console.clone(),
                    |game| Index(game.index),
                    &mut consumer,
                )
                .expect("runs");
            assert_eq!(seen, [(0, 1), (0, 2), (2, 1)], "jobs {jobs}");
            assert_eq!((counts.files, counts.games, counts.unreadable), (3, 3, 1));
            assert_eq!(counts.bytes, bytes);
            let said = String::from_utf8(console.0.lock().expect("kept").clone()).expect("text");
            assert_eq!(said.lines().count(), 1, "{said}");
            assert!(
                said.starts_with("pdnkit: ") && said.contains("gone\\x07.pdn"),
                "{said}"
            );
            assert_eq!(console.1.load(Ordering::Relaxed), bytes);
        }
    }
}
