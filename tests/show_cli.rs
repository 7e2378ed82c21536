//! `pdnkit show`: a position drawn as SVG from a FEN or from a ply of a game, written through a
//! temporary file and never over an input.

use crate::support::cli;

use cli::{assert_code, run, stderr, stdout, temp_dir};
use std::fs;

/// The README's game: 34-30 is not legal (28x19 is mandatory).
const GAME: &str = "[Event \"Club\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 34-30 23x32 *\n";

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

#[test]
fn a_fen_is_drawn_with_its_pieces() {
    let dir = temp_dir("fen");
    let out = dir.join("english.svg");
    let result = run(&[
        "show",
        "--fen",
        "B:W18,K30,31:BK1,5,9",
        "--variant",
        "english",
        "--svg",
        out.to_str().unwrap(),
    ]);
    assert_code(&result, 0, "show --fen");
    let svg = fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(count(&svg, "class=\"piece white man\""), 2);
    assert_eq!(count(&svg, "class=\"piece white king\""), 1);
    assert_eq!(count(&svg, "class=\"piece black man\""), 2);
    assert_eq!(count(&svg, "class=\"piece black king\""), 1);
    assert!(svg.contains("class=\"piece black king\" data-square=\"1\""));
    // No legal moves unless asked for.
    assert_eq!(count(&svg, "class=\"arrow"), 0);
}

#[test]
fn a_ply_of_a_game_shows_the_move_written_next_and_the_legal_ones() {
    let dir = temp_dir("ply");
    let game = dir.join("game.pdn");
    fs::write(&game, GAME).unwrap();
    let result = run(&[
        "show",
        game.to_str().unwrap(),
        "--ply",
        "2",
        "--legal",
        "--svg",
        "-",
    ]);
    assert_code(&result, 0, "show --ply 2");
    let svg = String::from_utf8(result.stdout).unwrap();
    assert_eq!(count(&svg, "class=\"piece white man\""), 20);
    assert_eq!(count(&svg, "class=\"piece black man\""), 20);
    // After 32-28 19-23: 28 and 23 are taken, 32 and 19 are empty.
    assert!(svg.contains("class=\"piece white man\" data-square=\"28\""));
    assert!(svg.contains("class=\"piece black man\" data-square=\"23\""));
    assert!(!svg.contains("data-square=\"32\""));
    assert!(!svg.contains("data-square=\"19\""));
    // The only legal move (28x19) in green, 23 crossed out, and 34-30 as written in red.
    assert_eq!(count(&svg, "class=\"arrow legal\""), 1);
    assert!(svg.contains("class=\"captured\" data-square=\"23\""));
    assert_eq!(count(&svg, "class=\"arrow written\""), 1);
    assert!(svg.contains(">as written: 34-30</text>"));
    // The start position: 40 pieces, the first move as written.
    let start = run(&["show", game.to_str().unwrap(), "--svg", "-"]);
    let svg = String::from_utf8(start.stdout).unwrap();
    assert!(svg.contains("class=\"piece white man\" data-square=\"32\""));
    assert!(svg.contains(">as written: 32-28</text>"));
}

#[test]
fn a_ply_past_the_replayed_line_or_a_missing_game_is_an_error_and_writes_nothing() {
    let dir = temp_dir("errors");
    let game = dir.join("game.pdn");
    fs::write(&game, GAME).unwrap();
    let out = dir.join("out.svg");
    fs::write(&out, "kept").unwrap();
    let path = out.to_str().unwrap();
    let past = run(&["show", game.to_str().unwrap(), "--ply", "3", "--svg", path]);
    assert_code(&past, 2, "ply past the replayed line");
    assert!(
        stderr(&past).contains("2 of its main line were replayed"),
        "{}",
        stderr(&past)
    );
    let missing = run(&["show", game.to_str().unwrap(), "--game", "2", "--svg", path]);
    assert_code(&missing, 2, "game 2 of 1");
    assert!(stderr(&missing).contains("there is no game 2 (the file has 1)"));
    assert_eq!(fs::read_to_string(&out).unwrap(), "kept");
    // No temporary file left beside it.
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn the_drawing_never_overwrites_its_input() {
    let dir = temp_dir("input");
    let game = dir.join("game.pdn");
    fs::write(&game, GAME).unwrap();
    let path = game.to_str().unwrap();
    let result = run(&["show", path, "--svg", path]);
    assert_code(&result, 2, "--svg naming the input");
    assert!(stderr(&result).contains("is also an input"));
    assert_eq!(fs::read_to_string(&game).unwrap(), GAME);
}

#[test]
fn a_fen_needs_a_variant_and_a_bad_fen_is_refused() {
    let no_variant = run(&["show", "--fen", "W:W28:B19", "--svg", "-"]);
    assert_code(&no_variant, 2, "no variant");
    let bad = run(&[
        "show",
        "--fen",
        "W:W99:B19",
        "--variant",
        "english",
        "--svg",
        "-",
    ]);
    assert_code(&bad, 2, "square 99 on 8x8");
    assert!(stderr(&bad).contains("--fen"), "{}", stderr(&bad));
    assert!(bad.stdout.is_empty());
}

#[test]
fn the_viewer_has_a_board_per_position_and_the_move_that_stops_the_line() {
    let dir = temp_dir("viewer");
    let game = dir.join("game.pdn");
    fs::write(&game, GAME).unwrap();
    let out = dir.join("viewer.html");
    let result = run(&[
        "show",
        game.to_str().unwrap(),
        "--html",
        out.to_str().unwrap(),
    ]);
    assert_code(&result, 0, "show --html");
    let page = fs::read_to_string(&out).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    // The start and the two positions after the moves replayed; 34-30 is named, not played.
    assert_eq!(count(&page, "<figure class=\"ply\""), 3);
    assert_eq!(count(&page, "<svg"), 3);
    assert_eq!(count(&page, "class=\"piece "), 3 * 40);
    assert!(page.contains("2. 34-30 (not legal)"));
    // Steps by buttons and keys in the page's one inline script; nothing from elsewhere.
    assert_eq!(count(&page, "<script"), 1);
    assert!(page.contains("ArrowRight"));
    for needle in [" src=", "<link", "url(", "xmlns"] {
        assert!(!page.contains(needle), "{needle}");
    }
    // A viewer needs a game.
    let fen = run(&[
        "show",
        "--fen",
        "W:W28:B19",
        "--variant",
        "international",
        "--html",
        "-",
    ]);
    assert_code(&fen, 2, "--html with --fen");
}

#[test]
fn the_viewer_opens_at_the_ply_asked_for() {
    let dir = temp_dir("viewer-ply");
    let game = dir.join("game.pdn");
    fs::write(&game, GAME).unwrap();
    for (ply, start) in [("0", "0"), ("2", "2")] {
        let result = run(&["show", game.to_str().unwrap(), "--ply", ply, "--html", "-"]);
        assert_code(&result, 0, "show --html --ply");
        let page = stdout(&result);
        assert!(
            page.contains(&format!("<body data-start=\"{start}\">")),
            "--ply {ply}"
        );
        // The script opens at it unless the address names a ply.
        assert!(page.contains("go(m?+m[1]:+document.body.dataset.start)"));
    }
    // A ply past the line is an error that counts plies.
    let past = run(&["show", game.to_str().unwrap(), "--ply", "9", "--html", "-"]);
    assert_code(&past, 2, "--ply past the line");
    assert!(
        stderr(&past)
            .contains("there is no position after 9 plies: 2 of its main line were replayed"),
        "{}",
        stderr(&past)
    );
}
