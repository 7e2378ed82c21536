//! A position drawn as SVG: the board as the variant's numbering lays it out (White at the
//! bottom unless turned), men and kings, square numbers (or files and ranks) on the edge, the
//! legal moves as green arrows with the pieces they capture crossed out, and the move as
//! written as a red arrow, or named under the board when its squares are not on it.
//!
//! One pure function of its inputs ([`BoardSvg::to_svg`]), so that the same position always
//! gives the same text (snapshot tests, reports byte-identical for any `--jobs`). Nothing in
//! the drawing has an `id`, so any number of boards can share one HTML page; the only text
//! taken from the input (the move as written) is escaped by `maud`.

use crate::notation::{Color, Square};
use crate::rules::board::CellIter;
use crate::rules::{Bits, Cell, Geometry, Layout, Move, Numbering, Position};
use crate::variant::SquareNotation;
use maud::{Markup, html};
use std::fmt::Write as _;

/// Side of a square, in SVG user units.
const SQUARE: f64 = 40.0;
/// Room on each edge for the labels.
const MARGIN: f64 = 22.0;
/// Height of the line under the board that names the move as written.
const CAPTION: f64 = 20.0;

/// How pieces are painted: inside a standalone drawing, and once in a page of many.
pub const STYLE: &str = ".piece{stroke-width:1.5}.piece.white{fill:#f7f3e8;stroke:#333}\
.piece.black{fill:#2a2a2a;stroke:#000}.crown{fill:none;stroke:#c9a227;stroke-width:3}\
.canopy{fill:none;stroke:#3b7dd8;stroke-width:2.5}";

/// Which side sits at the bottom of the drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Orientation {
    /// White's view: the one every numbering in `rules::numbering` is described in.
    #[default]
    WhiteBottom,
    /// Turned half a circle.
    BlackBottom,
}

/// A move as the record writes it, resolved to cells where its squares are on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenMove {
    /// The text as written (escaped when drawn).
    pub text: String,
    /// The squares it names, in order; `None` when one is not a square of this board or fewer
    /// than two are named (the move is then shown as impossible).
    pub cells: Option<Vec<Cell>>,
}

impl WrittenMove {
    /// Reads `text` (`32-28`, `23x32`, `c3:e5`, `17x10x19`, `d5`; a trailing `!`, `?`, `+` or `*` is
    /// ignored) against the board and numbering.
    pub fn parse(text: &str, geo: &Geometry, numbering: Numbering) -> WrittenMove {
        let core = text.trim().trim_end_matches(['!', '?', '+', '*', '#']);
        let cells: Option<Vec<Cell>> = core
            .split(['-', 'x', 'X', ':'])
            .map(|part| {
                let square = Square::parse(part)?;
                numbering.cell(geo, square).ok()
            })
            .collect();
        WrittenMove {
            text: text.to_string(),
            cells: cells
                // `d5`, a Hawaiian removal written as its square alone, is drawn as `d5xd5`.
                .map(|c| if let [one] = c[..] { vec![one, one] } else { c })
                .filter(|c| c.len() >= 2),
        }
    }
}

/// Everything a drawing shows.
#[derive(Debug, Clone, Copy)]
pub struct BoardSvg<'a> {
    pub position: &'a Position,
    /// How squares are named (the game's GameType, or the variant's default).
    pub numbering: Numbering,
    pub written: Option<&'a WrittenMove>,
    /// Drawn in green; the pieces they capture are crossed out.
    pub legal: &'a [Move],
    pub orientation: Orientation,
}

/// A number for an SVG attribute: at most one decimal, no trailing `.0`.
fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

impl BoardSvg<'_> {
    fn geo(&self) -> &Geometry {
        &self.position.rules().board
    }

    /// Displayed `(row, col)` of a cell: White's view, turned if asked.
    fn place(&self, cell: Cell) -> (u8, u8) {
        let geo = self.geo();
        let (r, c) = self.numbering.white_view(geo, cell);
        match self.orientation {
            Orientation::WhiteBottom => (r, c),
            Orientation::BlackBottom => (geo.height - 1 - r, geo.width - 1 - c),
        }
    }

    /// Centre of a cell in user units.
    fn centre(&self, cell: Cell) -> (f64, f64) {
        let (r, c) = self.place(cell);
        (
            MARGIN + (f64::from(c) + 0.5) * SQUARE,
            MARGIN + (f64::from(r) + 0.5) * SQUARE,
        )
    }

    fn caption(&self) -> Option<String> {
        let written = self.written?;
        Some(match written.cells {
            Some(_) => format!("as written: {}", written.text),
            None => format!("as written: {} (impossible on this board)", written.text),
        })
    }

    /// The drawing, for embedding in HTML (no namespace: HTML gives it).
    pub fn markup(&self) -> Markup {
        self.render(None)
    }

    fn render(&self, namespace: Option<&str>) -> Markup {
        let geo = self.geo();
        let (w, h) = (f64::from(geo.width), f64::from(geo.height));
        let board_w = w * SQUARE;
        let board_h = h * SQUARE;
        let caption = self.caption();
        let width = board_w + 2.0 * MARGIN;
        let height = board_h + 2.0 * MARGIN + if caption.is_some() { CAPTION } else { 0.0 };
        let rules = self.position.rules();
        let to_move = self.position.to_move();
        let label = format!(
            "{} board, {} to move, {} white and {} black pieces",
            rules.variant.name(),
            to_move,
            self.position.pieces(Color::White).count_ones(),
            self.position.pieces(Color::Black).count_ones()
        );
        let captured: Bits = self.legal.iter().fold(0, |b, m| b | m.captured);
        html! {
            svg xmlns=[namespace] class="board" viewBox=(format!("0 0 {} {}", num(width), num(height)))
                width=(num(width)) height=(num(height)) role="img" aria-label=(label) font-family="sans-serif" {
                @if namespace.is_some() { style { (STYLE) } }
                rect class="frame" x="0" y="0" width=(num(width)) height=(num(height)) fill="#ffffff" {}
                rect class="light" x=(num(MARGIN)) y=(num(MARGIN)) width=(num(board_w)) height=(num(board_h))
                    fill="#f0d9b5" stroke="#5a4632" {}
                path class="dark" d=(self.dark_path()) fill=(if geo.layout != Layout::Diagonal { "none" } else { "#b58863" })
                    stroke=(if geo.layout != Layout::Diagonal { "#5a4632" } else { "none" }) {}
                (self.labels())
                @for cell in CellIter(self.position.occupied()) {
                    (self.piece(cell))
                }
                @for cell in CellIter(captured) {
                    (self.cross(cell))
                }
                @for m in self.legal {
                    (self.arrow(&route(m), "legal", "#1e9e4a", 4.0))
                }
                @if let Some(WrittenMove { cells: Some(cells), .. }) = self.written {
                    (self.arrow(cells, "written", "#d62728", 5.0))
                }
                @if let Some(text) = caption {
                    text class="caption" x=(num(MARGIN)) y=(num(board_h + 2.0 * MARGIN + CAPTION - 6.0))
                        font-size="13" fill="#d62728" { (text) }
                }
            }
        }
    }

    /// The drawing as a standalone SVG document, an element a line. (No text inside the
    /// drawing holds `><`: the one text from the input is escaped.)
    pub fn to_svg(&self) -> String {
        let compact = self
            .render(Some("http://www.w3.org/2000/svg"))
            .into_string();
        let mut s = String::with_capacity(compact.len() + compact.len() / 16);
        let mut rest = compact.as_str();
        while let Some(at) = rest.find("><") {
            s.push_str(&rest[..=at]);
            rest = &rest[at + 1..];
            if !rest.starts_with("</") {
                s.push('\n');
            }
        }
        s.push_str(rest);
        s.push('\n');
        s
    }

    /// One path for every square: the playing squares of a diagonal board (filled dark), or
    /// every square of Turkish's board (outlined).
    fn dark_path(&self) -> String {
        let geo = self.geo();
        let mut d = String::new();
        for cell in CellIter(geo.cells) {
            let (r, c) = self.place(cell);
            let _ = write!(
                d,
                "M{} {}h{}v{}h-{}z",
                num(MARGIN + f64::from(c) * SQUARE),
                num(MARGIN + f64::from(r) * SQUARE),
                num(SQUARE),
                num(SQUARE),
                num(SQUARE)
            );
        }
        d
    }

    /// Square numbers beside each row (the first on the left, the last on the right), or ranks
    /// on the left and files below on an algebraic board.
    fn labels(&self) -> Markup {
        let geo = self.geo();
        let (h, w) = (geo.height as usize, geo.width as usize);
        // Per displayed row: (leftmost column, its square), (rightmost column, its square).
        let mut rows: Vec<Option<(Edge, Edge)>> = vec![None; h];
        let mut cols: Vec<Option<Square>> = vec![None; w];
        for cell in CellIter(geo.cells) {
            let (r, c) = self.place(cell);
            let square = self.numbering.square(geo, cell);
            let entry = &mut rows[r as usize];
            *entry = Some(match *entry {
                None => ((c, square), (c, square)),
                Some((a, b)) => (
                    if c < a.0 { (c, square) } else { a },
                    if c > b.0 { (c, square) } else { b },
                ),
            });
            cols[c as usize].get_or_insert(square);
        }
        let algebraic = self.numbering.notation == SquareNotation::Algebraic;
        let board_h = f64::from(geo.height) * SQUARE;
        let board_w = f64::from(geo.width) * SQUARE;
        let row_y = |r: usize| MARGIN + (r as f64 + 0.5) * SQUARE + 4.0;
        html! {
            g class="labels" font-size="11" fill="#444" text-anchor="middle" {
                @for (r, row) in rows.iter().enumerate() {
                    @if let Some(((_, first), (_, last))) = row {
                        @if algebraic {
                            @if let Square::Alg { rank, .. } = first {
                                text x=(num(MARGIN / 2.0)) y=(num(row_y(r))) { (rank + 1) }
                            }
                        } @else {
                            text x=(num(MARGIN / 2.0)) y=(num(row_y(r))) { (first) }
                            text x=(num(MARGIN * 1.5 + board_w)) y=(num(row_y(r))) { (last) }
                        }
                    }
                }
                @if algebraic {
                    @for (c, square) in cols.iter().enumerate() {
                        @if let Some(Square::Alg { file, .. }) = square {
                            text x=(num(MARGIN + (c as f64 + 0.5) * SQUARE)) y=(num(MARGIN + board_h + 15.0)) {
                                (char::from(b'a' + file))
                            }
                        }
                    }
                }
            }
        }
    }

    fn piece(&self, cell: Cell) -> Markup {
        let pos = self.position;
        let bit: Bits = 1 << cell;
        let color = if pos.pieces(Color::White) & bit != 0 {
            Color::White
        } else {
            Color::Black
        };
        let king = pos.kings(color) & bit != 0;
        // Parachute: a man on its own far row is a parachutist, drawn with a canopy.
        let parachutist = !king && pos.rules().parachutist_cells(color) & bit != 0;
        let (x, y) = self.centre(cell);
        let square = self.numbering.square(self.geo(), cell);
        let kind = match (king, parachutist) {
            (true, _) => "king",
            (false, true) => "parachutist",
            (false, false) => "man",
        };
        let class = format!("piece {color} {kind}");
        let r = SQUARE * 0.2;
        let canopy = format!(
            "M {} {} A {} {} 0 0 1 {} {} Z M {} {} L {} {}",
            num(x - r),
            num(y),
            num(r),
            num(r),
            num(x + r),
            num(y),
            num(x),
            num(y),
            num(x),
            num(y + r)
        );
        // Colours come from [`STYLE`]: a page of many boards states them once.
        html! {
            circle class=(class) data-square=(square) cx=(num(x)) cy=(num(y)) r=(num(SQUARE * 0.38)) {}
            @if king {
                circle class="crown" cx=(num(x)) cy=(num(y)) r=(num(r)) {}
            }
            @if parachutist {
                path class="canopy" d=(canopy) {}
            }
        }
    }

    /// A cross over a piece a legal move captures.
    fn cross(&self, cell: Cell) -> Markup {
        let (x, y) = self.centre(cell);
        let d = SQUARE * 0.28;
        let path = format!(
            "M{} {}L{} {}M{} {}L{} {}",
            num(x - d),
            num(y - d),
            num(x + d),
            num(y + d),
            num(x - d),
            num(y + d),
            num(x + d),
            num(y - d)
        );
        let square = self.numbering.square(self.geo(), cell);
        html! {
            path class="captured" data-square=(square) d=(path) stroke="#e8590c" stroke-width="4" stroke-linecap="round" {}
        }
    }

    /// An arrow through the centres of `cells`, with a head at the last one.
    fn arrow(&self, cells: &[Cell], class: &str, colour: &str, width: f64) -> Markup {
        let points: Vec<(f64, f64)> = cells.iter().map(|&c| self.centre(c)).collect();
        let mut d = String::new();
        let mut head = String::new();
        if let (Some(&end), Some(&before)) = (points.last(), points.iter().rev().nth(1)) {
            let (dx, dy) = (end.0 - before.0, end.1 - before.1);
            let len = (dx * dx + dy * dy).sqrt();
            let mut line_end = end;
            if len > 1e-6 {
                let (ux, uy) = (dx / len, dy / len);
                let (nx, ny) = (-uy, ux);
                let long = width * 3.0;
                let half = width * 1.8;
                let base = (end.0 - ux * long, end.1 - uy * long);
                line_end = base;
                head = format!(
                    "{},{} {},{} {},{}",
                    num(end.0),
                    num(end.1),
                    num(base.0 + nx * half),
                    num(base.1 + ny * half),
                    num(base.0 - nx * half),
                    num(base.1 - ny * half)
                );
            }
            for (i, p) in points.iter().enumerate() {
                let p = if i + 1 == points.len() { line_end } else { *p };
                let _ = write!(
                    d,
                    "{}{} {}",
                    if i == 0 { "M" } else { "L" },
                    num(p.0),
                    num(p.1)
                );
            }
        }
        html! {
            g class=(format!("arrow {class}")) fill=(colour) stroke=(colour) opacity="0.85" {
                path d=(d) fill="none" stroke-width=(num(width)) stroke-linecap="round" stroke-linejoin="round" {}
                @if !head.is_empty() {
                    polygon points=(head) stroke="none" {}
                }
            }
        }
    }
}

/// A displayed column and the square drawn there: one end of a row.
type Edge = (u8, Square);

/// A move's squares in order: from, then each landing square (or `to` for a quiet move).
fn route(m: &Move) -> Vec<Cell> {
    let mut cells = vec![m.from];
    if m.is_capture() {
        cells.extend_from_slice(m.path());
    } else {
        cells.push(m.to);
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;
    use crate::rules::Rules;
    use crate::variant::Variant;

    fn position(variant: Variant, fen_text: &str) -> (Position, Numbering) {
        let rules = Rules::for_variant(variant).expect("rules");
        let numbering = Numbering::for_rules(rules);
        let setup = fen::parse(fen_text).expect("fen").setup;
        let pos = Position::from_setup_numbered(rules, numbering, &setup).expect("position");
        (pos, numbering)
    }

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    /// `(x, y)` of the piece on `square` in the drawing, read back from its circle.
    fn piece_at(svg: &str, square: &str) -> (f64, f64) {
        let at = svg
            .find(&format!("data-square=\"{square}\""))
            .unwrap_or_else(|| panic!("no piece on {square}"));
        let rest = &svg[at..];
        let attr = |name: &str| -> f64 {
            let start = rest.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
            let end = start + rest[start..].find('"').unwrap();
            rest[start..end].parse().unwrap()
        };
        (attr("cx"), attr("cy"))
    }

    #[test]
    fn the_start_position_has_every_piece_in_place() {
        let rules = Rules::for_variant(Variant::International).unwrap();
        let pos = Position::initial(rules);
        let numbering = Numbering::for_rules(rules);
        let svg = BoardSvg {
            position: &pos,
            numbering,
            written: None,
            legal: &[],
            orientation: Orientation::WhiteBottom,
        }
        .to_svg();
        assert_eq!(count(&svg, "class=\"piece white man\""), 20);
        assert_eq!(count(&svg, "class=\"piece black man\""), 20);
        // Square 1: top row, second column (the top-left corner is light); 46 bottom-left.
        assert_eq!(
            piece_at(&svg, "1"),
            (MARGIN + 1.5 * SQUARE, MARGIN + 0.5 * SQUARE)
        );
        assert_eq!(
            piece_at(&svg, "46"),
            (MARGIN + 0.5 * SQUARE, MARGIN + 9.5 * SQUARE)
        );
        // Turned: square 1 at the bottom, second column from the right.
        let turned = BoardSvg {
            position: &pos,
            numbering,
            written: None,
            legal: &[],
            orientation: Orientation::BlackBottom,
        }
        .to_svg();
        assert_eq!(
            piece_at(&turned, "1"),
            (MARGIN + 8.5 * SQUARE, MARGIN + 9.5 * SQUARE)
        );
    }

    #[test]
    fn parachutists_are_drawn_with_a_canopy_and_men_without() {
        let rules = Rules::for_variant(Variant::Parachute).unwrap();
        let pos = Position::initial(rules);
        let svg = BoardSvg {
            position: &pos,
            numbering: Numbering::for_rules(rules),
            written: None,
            legal: &[],
            orientation: Orientation::WhiteBottom,
        }
        .to_svg();
        assert_eq!(count(&svg, "class=\"piece white parachutist\""), 4);
        assert_eq!(count(&svg, "class=\"piece black parachutist\""), 4);
        assert_eq!(count(&svg, "class=\"piece white man\""), 8);
        assert_eq!(count(&svg, "class=\"canopy\""), 8);
        // In Czech a man cannot stand on its far row, and nothing is drawn as a parachutist.
        let czech = Rules::for_variant(Variant::Czech).unwrap();
        let svg = BoardSvg {
            position: &Position::initial(czech),
            numbering: Numbering::for_rules(czech),
            written: None,
            legal: &[],
            orientation: Orientation::WhiteBottom,
        }
        .to_svg();
        assert_eq!(count(&svg, "class=\"canopy\""), 0);
    }

    #[test]
    fn legal_moves_are_green_and_their_captures_crossed() {
        let (pos, numbering) = position(Variant::International, "W:W28,31,33-50:B1-18,20,23");
        let legal = pos.legal_moves();
        assert_eq!(legal.len(), 1);
        let written = WrittenMove::parse("34-30", &pos.rules().board, numbering);
        let svg = BoardSvg {
            position: &pos,
            numbering,
            written: Some(&written),
            legal: &legal,
            orientation: Orientation::WhiteBottom,
        }
        .to_svg();
        assert_eq!(count(&svg, "class=\"arrow legal\""), 1);
        assert_eq!(count(&svg, "class=\"arrow written\""), 1);
        assert_eq!(count(&svg, "class=\"captured\" data-square=\"23\""), 1);
        assert_eq!(count(&svg, "class=\"captured\""), 1);
    }

    #[test]
    fn a_move_off_the_board_is_named_not_drawn_and_its_text_is_escaped() {
        let (pos, numbering) = position(Variant::English, "B:W21-32:B1-12");
        let written = WrittenMove::parse("9-77<script>", &pos.rules().board, numbering);
        assert_eq!(written.cells, None);
        let svg = BoardSvg {
            position: &pos,
            numbering,
            written: Some(&written),
            legal: &[],
            orientation: Orientation::WhiteBottom,
        }
        .to_svg();
        assert!(!svg.contains("<script>"), "{svg}");
        assert!(svg.contains("9-77&lt;script&gt; (impossible on this board)"));
        assert_eq!(count(&svg, "class=\"arrow written\""), 0);
    }

    #[test]
    fn written_moves_resolve_every_notation() {
        let rules = Rules::for_variant(Variant::Russian).unwrap();
        let n = Numbering::for_rules(rules);
        let geo = &rules.board;
        let m = WrittenMove::parse("c3:e5:g3", geo, n);
        assert_eq!(m.cells.as_ref().map(Vec::len), Some(3));
        // One square is a move as the reader reads it (Hawaiian's removal `d5`): `c3xc3`.
        let one = WrittenMove::parse("c3", geo, n).cells;
        assert_eq!(one.as_ref().map(Vec::len), Some(2));
        assert_eq!(one, WrittenMove::parse("c3xc3", geo, n).cells);
        assert_eq!(WrittenMove::parse("i3", geo, n).cells, None);
        assert_eq!(WrittenMove::parse("c3-d4!", geo, n).cells.unwrap().len(), 2);
        // A light square names no cell.
        assert_eq!(WrittenMove::parse("a2-b3", geo, n).cells, None);
    }
}
