use super::chunks::{CHUNK_BYTES, CHUNK_REGIONS, ChunkPool};
use super::*;
use crate::reader::raw::{RawChunk, Splitter};

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
    let options = PipelineOptions::new(1, ReadOptions::default(), CheckOptions::default());
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
    let options = PipelineOptions::new(jobs, read.clone(), CheckOptions::default());
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
            Event::JsonGames { .. } | Event::Rejected { .. } => unreachable!("PDN only"),
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
    let options = PipelineOptions::new(jobs, ReadOptions::default(), CheckOptions::default());
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
        let checked: Vec<(usize, u64, u64, u64)> = check_all(&files, 1, &ReadOptions::default())
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

/// pdnkit's JSON games, with lines that are not games between them, read with a PDN file: the
/// same events in the same order for any number of jobs, and batches of at most 64 games.
#[test]
fn json_games_are_read_in_order_for_any_jobs() {
    let pdn = mixed_file(7, 150, false);
    let mut json = Vec::new();
    for game in crate::reader::Reader::new(&pdn[..], ReadOptions::default()) {
        json.extend_from_slice(serde_json::to_string(&game.unwrap()).unwrap().as_bytes());
        json.push(b'\n');
        if json.len() % 7 == 0 {
            json.extend_from_slice(b"{\"index\": 1, \"span\": 3}\n\n");
        }
    }
    let files = [json, pdn];
    let events = |jobs: usize| {
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
            json_games: true,
            ..PipelineOptions::new(jobs, ReadOptions::default(), CheckOptions::default())
        };
        let mut out = Vec::new();
        run_each(
            inputs,
            &options,
            Arc::new(|_| {}),
            || |game: Box<Game>| game,
            |event| {
                out.push(match event {
                    Event::FileStart { file } => format!("start {file}"),
                    Event::JsonGames { file } => format!("json {file}"),
                    Event::Games { file, reports } => {
                        assert!(file == 1 || reports.len() <= BATCH_GAMES);
                        let games: Vec<String> = reports
                            .iter()
                            .map(|game| serde_json::to_string(game).unwrap())
                            .collect();
                        format!("{file} {}", games.join("\n"))
                    }
                    Event::Rejected { file, error } => format!("{file} rejected {error}"),
                    Event::FileEnd { file, bytes, error } => {
                        format!("end {file} {bytes} {error:?}")
                    }
                });
                Ok(())
            },
        )
        .unwrap();
        out
    };
    let one = events(1);
    assert_eq!(one[1], "json 0");
    assert!(one.iter().filter(|e| e.contains("rejected")).count() > 3);
    let games = |events: &[String]| events.iter().filter(|e| e.starts_with("0 ")).count();
    assert!(games(&one) >= 3, "{}", games(&one));
    for jobs in [2, 3] {
        let many = events(jobs);
        // Batches may be cut elsewhere; the games and everything else in between are the same.
        let flat = |events: &[String]| -> Vec<String> {
            events
                .iter()
                .flat_map(|e| match e.split_once(' ') {
                    Some((file, games)) if file.parse::<usize>().is_ok() => games
                        .split('\n')
                        .map(|g| format!("{file} {g}"))
                        .collect::<Vec<_>>(),
                    _ => vec![e.clone()],
                })
                .collect()
        };
        assert_eq!(flat(&one), flat(&many), "jobs {jobs}");
    }
}
