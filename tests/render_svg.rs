//! The SVG board (`pdnkit::render::board_svg`) on every kind of board: 10x10, 8x8 numbered
//! from either corner (English; Italian's mirrored board), 8x8 algebraic (Russian), 12x12
//! (Canadian) and Turkish's 64 squares. Each test counts the pieces drawn and finds squares
//! where the variant's numbering puts them (worked out from docs/rules.md, not from the code), then
//! keeps the whole drawing as a snapshot.
//!
//! Update with `INSTA_UPDATE=always cargo test --test integration render_svg::`, then read every changed
//! `.snap` file before committing it.

use pdnkit::fen;
use pdnkit::render::{BoardSvg, Orientation, WrittenMove};
use pdnkit::rules::{Numbering, Position, Rules};
use pdnkit::variant::Variant;

/// Side of a square and the margin, as the drawing uses them.
const SQUARE: f64 = 40.0;
const MARGIN: f64 = 22.0;

fn rules(variant: Variant) -> &'static Rules {
    Rules::for_variant(variant).expect("rules")
}

fn from_fen(variant: Variant, text: &str) -> Position {
    let rules = rules(variant);
    let setup = fen::parse(text).expect("fen").setup;
    Position::from_setup(rules, &setup).expect("position")
}

/// The drawing with the legal moves and, if given, a move as written.
fn draw(pos: &Position, written: Option<&str>) -> String {
    let numbering = Numbering::for_rules(pos.rules());
    let written = written.map(|w| WrittenMove::parse(w, &pos.rules().board, numbering));
    let legal = pos.legal_moves();
    BoardSvg {
        position: pos,
        numbering,
        written: written.as_ref(),
        legal: &legal,
        orientation: Orientation::WhiteBottom,
    }
    .to_svg()
}

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

/// Centre of the square at White's-view `(row, col)` (row 0 at the top).
fn centre(row: u8, col: u8) -> (f64, f64) {
    (
        MARGIN + (f64::from(col) + 0.5) * SQUARE,
        MARGIN + (f64::from(row) + 0.5) * SQUARE,
    )
}

/// The class and centre of the piece drawn on `square`.
fn piece(svg: &str, square: &str) -> (String, (f64, f64)) {
    let marker = format!("data-square=\"{square}\"");
    let at = svg
        .match_indices(&marker)
        .map(|(i, _)| i)
        .find(|&i| svg[..i].ends_with("\" "))
        .unwrap_or_else(|| panic!("no piece on {square}"));
    let class_start = svg[..at].rfind("class=\"").expect("class") + 7;
    let class = svg[class_start..at - 2].to_string();
    let rest = &svg[at..];
    let attr = |name: &str| -> f64 {
        let start = rest.find(&format!("{name}=\"")).expect(name) + name.len() + 2;
        let end = start + rest[start..].find('"').expect("quote");
        rest[start..end].parse().expect("number")
    };
    (class, (attr("cx"), attr("cy")))
}

#[test]
fn international_10x10() {
    // The README's example position (White must take 28x19), with a move as written
    // from 23 to 32 drawn in red.
    let pos = from_fen(Variant::International, "W:W28,31,33-50:B1-18,20,23");
    let svg = draw(&pos, Some("23x32"));
    assert_eq!(count(&svg, "class=\"piece white man\""), 20);
    assert_eq!(count(&svg, "class=\"piece black man\""), 20);
    // Square 1: top row, second column (the top-left corner is a light square); 46 is the
    // bottom-left corner; 5 ends the top row.
    assert_eq!(piece(&svg, "1"), ("piece black man".into(), centre(0, 1)));
    assert_eq!(piece(&svg, "5"), ("piece black man".into(), centre(0, 9)));
    assert_eq!(piece(&svg, "46"), ("piece white man".into(), centre(9, 0)));
    // 28: row 6 (26-30 from the left, on columns 0, 2, ...), the third square: column 4.
    assert_eq!(piece(&svg, "28"), ("piece white man".into(), centre(5, 4)));
    assert_eq!(count(&svg, "class=\"arrow legal\""), 1);
    assert_eq!(count(&svg, "class=\"arrow written\""), 1);
    assert_eq!(count(&svg, "class=\"captured\" data-square=\"23\""), 1);
    insta::assert_snapshot!("international", svg);
}

#[test]
fn english_8x8() {
    // The start position: Black (who starts) on 1-12, White on 21-32.
    let pos = Position::initial(rules(Variant::English));
    let svg = draw(&pos, Some("9-14"));
    assert_eq!(count(&svg, "class=\"piece black man\""), 12);
    assert_eq!(count(&svg, "class=\"piece white man\""), 12);
    // White's view: 1-4 on the top row from the left (b8, d8, f8, h8), 29 at a1.
    assert_eq!(piece(&svg, "1"), ("piece black man".into(), centre(0, 1)));
    assert_eq!(piece(&svg, "4"), ("piece black man".into(), centre(0, 7)));
    assert_eq!(piece(&svg, "29"), ("piece white man".into(), centre(7, 0)));
    // Seven opening moves for Black, all drawn.
    assert_eq!(count(&svg, "class=\"arrow legal\""), 7);
    assert_eq!(count(&svg, "class=\"captured\""), 0);
    insta::assert_snapshot!("english", svg);
}

#[test]
fn italian_8x8_mirrored() {
    // Square 1 in White's top-left corner, a playing square (the board is turned).
    let pos = Position::initial(rules(Variant::Italian));
    let svg = draw(&pos, None);
    assert_eq!(count(&svg, "class=\"piece black man\""), 12);
    assert_eq!(count(&svg, "class=\"piece white man\""), 12);
    assert_eq!(piece(&svg, "1"), ("piece black man".into(), centre(0, 0)));
    assert_eq!(piece(&svg, "32"), ("piece white man".into(), centre(7, 7)));
    // Row 5 starts on a light square (row 0 starts on a dark one): 21 is column 1.
    assert_eq!(piece(&svg, "21"), ("piece white man".into(), centre(5, 1)));
    // The dark squares drawn include the top-left corner.
    assert!(svg.contains("M22 22h40v40h-40z"), "{svg}");
    insta::assert_snapshot!("italian", svg);
}

#[test]
fn russian_8x8_algebraic() {
    let pos = from_fen(Variant::Russian, "W:Wc3,Kh2:Bd4,f6");
    let svg = draw(&pos, Some("c3-b4"));
    assert_eq!(count(&svg, "class=\"piece white man\""), 1);
    assert_eq!(count(&svg, "class=\"piece white king\""), 1);
    assert_eq!(count(&svg, "class=\"piece black man\""), 2);
    // a1 bottom-left: c3 is row 5, column 2; h2 row 6, column 7.
    assert_eq!(piece(&svg, "c3"), ("piece white man".into(), centre(5, 2)));
    assert_eq!(piece(&svg, "h2"), ("piece white king".into(), centre(6, 7)));
    // Files under the board, ranks on the left.
    for file in ["a", "b", "c", "d", "e", "f", "g", "h"] {
        assert!(svg.contains(&format!(">{file}</text>")), "file {file}");
    }
    // The capture c3:e5 is mandatory; d4 is crossed out.
    assert_eq!(count(&svg, "class=\"captured\" data-square=\"d4\""), 1);
    insta::assert_snapshot!("russian", svg);
}

#[test]
fn canadian_12x12() {
    let pos = Position::initial(rules(Variant::Canadian));
    let svg = draw(&pos, None);
    assert_eq!(count(&svg, "class=\"piece white man\""), 30);
    assert_eq!(count(&svg, "class=\"piece black man\""), 30);
    // 1-6 on the top row from column 1; 67 in the bottom-left corner, 72 at column 10.
    assert_eq!(piece(&svg, "1"), ("piece black man".into(), centre(0, 1)));
    assert_eq!(piece(&svg, "6"), ("piece black man".into(), centre(0, 11)));
    assert_eq!(piece(&svg, "67"), ("piece white man".into(), centre(11, 0)));
    assert_eq!(
        piece(&svg, "72"),
        ("piece white man".into(), centre(11, 10))
    );
    assert_eq!(count(&svg, "h40v40h-40z"), 72);
    insta::assert_snapshot!("canadian", svg);
}

#[test]
fn turkish_64_squares() {
    let pos = Position::initial(rules(Variant::Turkish));
    let svg = draw(&pos, Some("a3-a4"));
    assert_eq!(count(&svg, "class=\"piece white man\""), 16);
    assert_eq!(count(&svg, "class=\"piece black man\""), 16);
    // Every square drawn; White's men on ranks 2-3, Black's on 6-7.
    assert_eq!(count(&svg, "h40v40h-40z"), 64);
    assert_eq!(piece(&svg, "a2"), ("piece white man".into(), centre(6, 0)));
    assert_eq!(piece(&svg, "h3"), ("piece white man".into(), centre(5, 7)));
    assert_eq!(piece(&svg, "h7"), ("piece black man".into(), centre(1, 7)));
    // Turkish men move forward or sideways: 8 moves from the start (perft 1, kish).
    assert_eq!(count(&svg, "class=\"arrow legal\""), 8);
    insta::assert_snapshot!("turkish", svg);
}
