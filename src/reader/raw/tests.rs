use super::*;
use crate::reader::Reader;

/// Chunks of `regions` regions parsed independently and stitched in order.
fn stitched(bytes: &[u8], options: &ReadOptions, regions: usize) -> Vec<Game> {
    let mut splitter = Splitter::new(bytes, options);
    let mut stitcher = Stitcher::new(options);
    let mut games = Vec::new();
    loop {
        let mut chunk = RawChunk::new();
        let more = splitter.fill(&mut chunk, regions, usize::MAX).unwrap();
        let parsed = parse_chunk(&chunk, options);
        let stitch = stitcher.stitch(parsed.opening, parsed.games.len(), parsed.carried);
        games.extend(stitch.released.map(|game| *game));
        let first = games.len();
        games.extend(parsed.games.into_iter().map(|mut game| {
            game.index += stitch.index_offset;
            *game
        }));
        if let Some(carried) = stitch.absorbed {
            stitcher.absorb(carried, &mut games[first]);
        }
        if !more {
            return games;
        }
    }
}

fn texts() -> Vec<Vec<u8>> {
    let mut texts = Vec::new();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut dirs = vec![fixtures];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pdn") {
                texts.push(std::fs::read(path).unwrap());
            }
        }
    }
    let mut mixed = b"\xEF\xBB\xBF{first}\n\n".to_vec();
    for i in 0..40 {
        mixed.extend_from_slice(format!("[Event \"{i}\"]\n1. 11-15 23-19").as_bytes());
        mixed.extend_from_slice(match i % 7 {
            0 => &b" 1-0 {after}\n\n"[..],
            1 => b" 1-0\n{between}\n\n{and}\n\n",
            2 => b" 1-0\n{caf\xE9}\n\n",
            3 => b" *\n; line\n",
            4 => b"\n\n",
            5 => b" 1-0 { runaway\n\n",
            _ => b" 0-1\n",
        });
    }
    mixed.extend_from_slice(b"{last}\n");
    let cr: Vec<u8> = mixed
        .iter()
        .map(|&b| if b == b'\n' { b'\r' } else { b })
        .collect();
    texts.push(mixed);
    texts.push(cr);
    texts
}

#[test]
fn chunks_parsed_apart_and_stitched_give_the_reader_games() {
    for text in texts() {
        for (strict, max_game_bytes) in [(false, 16 << 20), (true, 60), (false, 200)] {
            let options = ReadOptions {
                strict,
                max_game_bytes,
                ..ReadOptions::default()
            };
            let whole: Vec<Game> = Reader::new(&text[..], options.clone())
                .map(Result::unwrap)
                .collect();
            for regions in [1, 2, 3, 7, 64] {
                assert_eq!(whole, stitched(&text, &options, regions), "{regions}");
            }
        }
    }
}
