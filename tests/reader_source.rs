//! `ReadOptions::keep_source`: each game keeps its text as written, and a file's games, in
//! order, give back the file's text byte for byte, with one reader or with the parallel pipeline.

use crate::support::corpus;

use pdnkit::check::CheckOptions;
use pdnkit::pipeline::{self, Event, PerGame, PipelineOptions};
use pdnkit::reader::{Game, ReadOptions, Reader};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn keep_source() -> ReadOptions {
    ReadOptions {
        keep_source: true,
        ..ReadOptions::default()
    }
}

/// Every `.pdn` and `.fen` file under `dir`, sorted.
fn records(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            records(&path, out);
        } else if path.extension().is_some_and(|e| e == "pdn" || e == "fen") {
            out.push(path);
        }
    }
    out.sort();
}

/// The file as text, as the reader reads it: UTF-8 without a byte order mark.
fn text_of(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8(bytes).ok()?;
    Some(text.strip_prefix('\u{feff}').unwrap_or(&text).to_string())
}

/// Checks that the sources are the file's text, in order, byte for byte (the blank space after
/// a game is its own); says where they part otherwise.
fn assert_sources_tile(path: &Path, text: &str, sources: &[Option<Box<str>>]) {
    let mut at = 0;
    for (i, source) in sources.iter().enumerate() {
        let source = source
            .as_deref()
            .unwrap_or_else(|| panic!("{}: game {} has no source", path.display(), i + 1));
        let rest = &text[at..];
        assert!(
            rest.starts_with(source),
            "{}: game {}'s source is not next in the file: source starts {:?}, file {:?}",
            path.display(),
            i + 1,
            source.chars().take(80).collect::<String>(),
            rest.chars().take(80).collect::<String>()
        );
        at += source.len();
    }
    assert!(
        text[at..].is_empty(),
        "{}: text after the last game belongs to no game: {:?}",
        path.display(),
        text[at..].chars().take(200).collect::<String>()
    );
}

struct Source(u64, Option<Box<str>>);

impl PerGame for Source {
    fn shift_index(&mut self, by: u64) {
        self.0 += by;
    }
}

fn through_pipeline(path: &Path, jobs: usize) -> Vec<Option<Box<str>>> {
    let path = path.to_path_buf();
    let inputs = vec![pipeline::Input {
        name: String::new(),
        open: Box::new(move || Ok(Box::new(std::fs::File::open(path)?) as _)),
    }];
    let options = PipelineOptions::new(jobs, keep_source(), CheckOptions::default());
    let mut sources = Vec::new();
    let per_game = |game: &Game| Source(game.index, game.source.clone());
    pipeline::run_with(inputs, &options, Arc::new(|_| {}), per_game, |event| {
        if let Event::Games { reports, .. } = event {
            sources.extend(reports.into_iter().map(|s| s.1));
        }
        Ok(())
    })
    .unwrap();
    sources
}

#[test]
fn the_games_of_a_file_give_back_its_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    records(&root.join("fixtures"), &mut files);
    if let Some(dir) = corpus::corpus("pdn-standard") {
        records(&dir, &mut files);
    }
    let mut compared = 0;
    for path in &files {
        // UTF-8 files only: other encodings are decoded (their sources are UTF-8 text).
        let Some(text) = text_of(path) else { continue };
        let file = std::fs::File::open(path).unwrap();
        let games: Vec<Option<Box<str>>> = Reader::new(file, keep_source())
            .map(|g| g.unwrap().source)
            .collect();
        assert_sources_tile(path, &text, &games);
        for jobs in [1, 2] {
            assert!(
                through_pipeline(path, jobs) == games,
                "{} with {jobs} jobs: other sources",
                path.display()
            );
        }
        compared += 1;
    }
    assert!(compared > 60, "{compared} files compared");
}

#[test]
fn sources_are_kept_only_when_asked() {
    let text = "[Event \"a\"]\n1. 32-28 *\n";
    assert!(
        pdnkit::reader::read_str(text, ReadOptions::default())
            .iter()
            .all(|g| g.source.is_none())
    );
}

/// Sources are UTF-8 text whatever the file's encoding: the decoded file, game by game.
#[test]
fn sources_of_other_encodings_are_the_decoded_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/dialects");
    let cases: [(&str, &'static encoding_rs::Encoding); 3] = [
        ("utf16_bom.pdn", encoding_rs::UTF_16LE),
        ("windows1252.pdn", encoding_rs::WINDOWS_1252),
        ("windows1251.pdn", encoding_rs::WINDOWS_1251),
    ];
    for (name, encoding) in cases {
        let path = root.join(name);
        let bytes = std::fs::read(&path).unwrap();
        // decode() follows a byte order mark, which is what the reader does too.
        let (text, _, _) = encoding.decode(&bytes);
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let games: Vec<Option<Box<str>>> = Reader::new(bytes.as_slice(), keep_source())
            .map(|g| g.unwrap().source)
            .collect();
        assert!(!games.is_empty(), "{name}");
        assert_sources_tile(&path, text, &games);
    }
}
