//! Opening an input as PDN or as pdnkit's JSON games, reading JSON games a batch at a time, and
//! the whole read on one thread.

use super::sniff::{self, Content, NotGameRecords, Seems};
use super::{BATCH_GAMES, BatchFill, Event, Input, PipelineOptions, Progress};
use crate::convert::json::{self, JsonGameError};
use crate::reader::{Game, ReadOptions, Reader};
use std::io::{self, BufRead, BufReader, Read};

/// An input, opened.
pub(super) enum Opened {
    Pdn(Box<dyn Read + Send>),
    Json(JsonGames),
}

/// Opens `input`: what its first bytes say ([`sniff::classify`]) decides how it is read. pdnkit's
/// JSON games are read when the options read them; an input that holds no game records (an
/// image, pdnkit's positions, ...) is an error that says what it seems to be, not a flood of
/// findings about each of its lines.
pub(super) fn open(input: Input, options: &PipelineOptions) -> io::Result<Opened> {
    let (head, source) = sniff::head_of((input.open)()?)?;
    match sniff::classify(&head, options.read.encoding) {
        Content::Records => Ok(Opened::Pdn(source)),
        // JSON of pdnkit's games, or JSON it cannot tell (a game's keys may come in any
        // order): read a line at a time, the lines that are not games counted.
        Content::JsonGames | Content::Other(Seems::Json) if options.json_games => Ok(Opened::Json(
            JsonGames::new(BufReader::with_capacity(1 << 16, source), &options.read),
        )),
        content => {
            let seems = match content {
                Content::Other(seems) => seems,
                Content::Records | Content::JsonGames => Seems::JsonGames,
            };
            Err(io::Error::new(
                io::ErrorKind::InvalidData,
                NotGameRecords {
                    seems,
                    json_games: options.json_games,
                },
            ))
        }
    }
}

/// pdnkit's JSON games being read, a game a line.
pub(super) struct JsonGames {
    source: BufReader<Box<dyn Read + Send>>,
    /// The number of the last line read.
    line: u64,
    /// The longest line read as a game ([`json_line_limit`]).
    limit: u64,
    /// Bytes read so far.
    pub bytes: u64,
    text: Vec<u8>,
}

/// How reading a batch of JSON games ended.
pub(super) enum Filled {
    /// The batch is full; the file goes on.
    Full,
    /// A line is not a game: reported in its place, and the file goes on.
    Rejected(JsonGameError),
    /// The file ended.
    End,
}

/// The longest JSON line read as a game: 16 times the largest game the PDN reader reads
/// ([`ReadOptions::max_game_bytes`], 16 MiB: 256 MiB), as the JSON of a game gives each of its
/// tokens a span and is that much longer than its PDN.
fn json_line_limit(read: &ReadOptions) -> u64 {
    (read.max_game_bytes as u64).saturating_mul(16)
}

impl JsonGames {
    fn new(source: BufReader<Box<dyn Read + Send>>, read: &ReadOptions) -> Self {
        JsonGames {
            source,
            line: 0,
            limit: json_line_limit(read),
            bytes: 0,
            text: Vec::new(),
        }
    }

    /// Reads games into `games` until the batch is full (64 games, or a mebibyte of JSON: a
    /// game's JSON is several times its PDN) or the file says something else.
    #[allow(clippy::vec_box)]
    pub(super) fn fill(&mut self, games: &mut Vec<Box<Game>>) -> io::Result<Filled> {
        let mut fill = BatchFill::default();
        while !fill.is_full() {
            self.text.clear();
            // A line is read with a limit, as the PDN reader reads a game (a file of one endless
            // line must not fill the memory).
            let read = Read::by_ref(&mut self.source)
                .take(self.limit + 1)
                .read_until(b'\n', &mut self.text)?;
            if read == 0 {
                return Ok(Filled::End);
            }
            self.line += 1;
            self.bytes += self.text.len() as u64;
            if self.text.len() as u64 > self.limit && self.text.last() != Some(&b'\n') {
                self.bytes += skip_line(&mut self.source)?;
                return Ok(Filled::Rejected(JsonGameError {
                    line: self.line,
                    column: 1,
                    message: format!(
                        "the line is longer than {} MiB, the most a game's JSON may take; skipped",
                        self.limit >> 20
                    ),
                }));
            }
            if self.text.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            match json::read_game(self.text.trim_ascii_end(), self.line) {
                Ok(game) => {
                    fill.add(self.text.len() as u64);
                    games.push(Box::new(game));
                }
                Err(error) => return Ok(Filled::Rejected(error)),
            }
        }
        Ok(Filled::Full)
    }
}

/// Reads past the rest of a line (through its `\n`, or to the end of input) without keeping
/// it; returns the bytes read.
fn skip_line(source: &mut impl BufRead) -> io::Result<u64> {
    let mut skipped = 0u64;
    loop {
        let buf = source.fill_buf()?;
        if buf.is_empty() {
            return Ok(skipped);
        }
        match memchr::memchr(b'\n', buf) {
            Some(at) => {
                source.consume(at + 1);
                return Ok(skipped + at as u64 + 1);
            }
            None => {
                let n = buf.len();
                source.consume(n);
                skipped += n as u64;
            }
        }
    }
}

/// What the one-job read emits: events, and batches of games.
pub(super) enum Emitted {
    Event(Event<()>),
    // (Boxed as the reader holds them: unboxing each into the batch would copy it.)
    #[allow(clippy::vec_box)]
    Batch {
        file: usize,
        games: Vec<Box<Game>>,
    },
}

/// Reads every input in order on this thread, emitting events and batches of games.
pub(super) fn read_all(
    inputs: Vec<Input>,
    options: &PipelineOptions,
    progress: &Progress,
    emit: &mut dyn FnMut(Emitted) -> io::Result<()>,
) -> io::Result<()> {
    let mut done_before = 0u64;
    for (file, input) in inputs.into_iter().enumerate() {
        emit(Emitted::Event(Event::FileStart { file }))?;
        let (bytes, error) = match open(input, options) {
            Ok(Opened::Pdn(source)) => {
                read_pdn(file, source, &options.read, done_before, progress, emit)?
            }
            Ok(Opened::Json(json)) => {
                emit(Emitted::Event(Event::JsonGames { file }))?;
                read_json(file, json, done_before, progress, emit)?
            }
            Err(e) => (0, Some(e.to_string())),
        };
        done_before += bytes;
        progress(done_before);
        emit(Emitted::Event(Event::FileEnd { file, bytes, error }))?;
    }
    Ok(())
}

/// Reads one PDN file in batches; gives the bytes read and the error that ended it early.
fn read_pdn(
    file: usize,
    source: Box<dyn Read + Send>,
    options: &ReadOptions,
    done_before: u64,
    progress: &Progress,
    emit: &mut dyn FnMut(Emitted) -> io::Result<()>,
) -> io::Result<(u64, Option<String>)> {
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
            emit(Emitted::Batch { file, games })?;
            progress(done_before + reader.bytes_consumed());
        }
    }
    if !batch.is_empty() {
        emit(Emitted::Batch { file, games: batch })?;
    }
    Ok((reader.bytes_consumed(), error))
}

/// Reads one file of JSON games in batches; gives the bytes read and the error that ended it
/// early.
fn read_json(
    file: usize,
    mut json: JsonGames,
    done_before: u64,
    progress: &Progress,
    emit: &mut dyn FnMut(Emitted) -> io::Result<()>,
) -> io::Result<(u64, Option<String>)> {
    loop {
        let mut games = Vec::with_capacity(BATCH_GAMES);
        let filled = json.fill(&mut games);
        if !games.is_empty() {
            emit(Emitted::Batch { file, games })?;
            progress(done_before + json.bytes);
        }
        match filled {
            Ok(Filled::Full) => {}
            Ok(Filled::Rejected(error)) => emit(Emitted::Event(Event::Rejected { file, error }))?,
            Ok(Filled::End) => return Ok((json.bytes, None)),
            Err(e) => return Ok((json.bytes, Some(e.to_string()))),
        }
    }
}
