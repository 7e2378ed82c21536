//! Inputs of the `json_game` fuzz target (fuzz/fuzz_targets/json_game.rs) kept as regressions,
//! one file each under `tests/fuzz_regressions/json_game/`. Each is run through what the target
//! runs (read, convert, write as PDN and as JSON) and must be refused by the reader with a
//! located error naming the bad value: a game from JSON holds only what a game read from PDN
//! could (see `src/convert/json.rs`).

use pdnkit::convert::{Converter, Options, json, pdn};
use std::path::PathBuf;

fn regressions() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions/json_game");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the regression directory")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no regressions in {}", dir.display());
    files
}

/// What the fuzz target does with its input: nothing of it may panic.
fn fuzz_target_body(data: &[u8]) {
    let Ok(mut game) = json::read_game(data, 1) else {
        return;
    };
    let mut converter = Converter::new(Options::default());
    let _ = converter.convert(&mut game);
    let mut text = String::new();
    let _ = pdn::write_game(&game, &mut text);
    let _ = serde_json::to_string(&game);
}

/// The value each regression gets wrong, as the error names it.
const EXPECTED: &[(&str, &str)] = &[
    ("algebraic-file-200.json", "file 200"),
    ("corner-4.json", "game_type.corner 4 is not 0..3"),
    ("fen-file-30.json", "the FEN tag: square (file 30"),
    ("span-past-any-file.json", "ends past any file"),
    ("square-0.json", "square 0"),
    ("variant-not-the-code.json", "game_type.variant english"),
    ("width-0.json", "game_type.width 0 is not 2..26"),
];

#[test]
fn every_regression_runs_through_the_fuzz_target_without_panicking() {
    for file in regressions() {
        let data = std::fs::read(&file).unwrap();
        fuzz_target_body(&data);
    }
}

#[test]
fn every_regression_is_refused_with_a_located_error_naming_the_value() {
    let files = regressions();
    assert_eq!(
        files.len(),
        EXPECTED.len(),
        "a regression without an expectation"
    );
    for file in files {
        let name = file.file_name().unwrap().to_str().unwrap();
        let (_, expected) = EXPECTED
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("{name} has no expectation"));
        let data = std::fs::read(&file).unwrap();
        let error = json::read_game(&data, 7).expect_err(name);
        assert_eq!(error.line, 7, "{name}: {error}");
        assert!(error.to_string().contains(expected), "{name}: {error}");
    }
}

/// The same values written well read: the checks refuse only what PDN could not say.
#[test]
fn the_games_pdn_can_say_still_read() {
    let good = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fuzz_regressions/json_game/corner-4.json"),
    )
    .unwrap()
    .replace("\"corner\":4", "\"corner\":3");
    let mut game = json::read_game(good.as_bytes(), 1).expect("corner 3 reads");
    let mut converter = Converter::new(Options::default());
    let _ = converter.convert(&mut game);
}
