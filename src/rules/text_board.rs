//! A position drawn as text, in White's view (White at the bottom), for human reports: `w`/`b`
//! men, `W`/`B` kings, `.` an empty playing square (Parachute's parachutists are men on their
//! own far row, and a line under the board says so). Rows are labelled with their first and last
//! square numbers, or ranks and files on algebraic boards.

use super::board::{Bits, CellIter};
use super::numbering::Numbering;
use super::position::Position;
use crate::notation::{Color, Square};
use crate::variant::SquareNotation;

/// The lines of the drawing (no trailing newlines).
pub fn diagram(pos: &Position, numbering: Numbering) -> Vec<String> {
    let geo = &pos.rules().board;
    let (h, w) = (geo.height as usize, geo.width as usize);
    let mut grid = vec![vec![' '; w]; h];
    let mut first_last: Vec<Option<(Square, Square)>> = vec![None; h];
    // Rank of each row and file of each column as the numbering names them (a1 need not be
    // at White's bottom-left: see `Numbering::a1_corner`).
    let mut ranks: Vec<usize> = (0..h).map(|r| h - r).collect();
    let mut files: Vec<u8> = (0..w).map(|c| c as u8).collect();
    for cell in CellIter(geo.cells) {
        let (r, c) = numbering.white_view(geo, cell);
        let bit: Bits = 1 << cell;
        let piece = [
            (pos.men(Color::White), 'w'),
            (pos.kings(Color::White), 'W'),
            (pos.men(Color::Black), 'b'),
            (pos.kings(Color::Black), 'B'),
        ]
        .iter()
        .find(|(bits, _)| bits & bit != 0)
        .map_or('.', |&(_, ch)| ch);
        grid[r as usize][c as usize] = piece;
        let square = numbering.square(geo, cell);
        if let Square::Alg { file, rank } = square {
            ranks[r as usize] = rank as usize + 1;
            files[c as usize] = file;
        }
        let entry = &mut first_last[r as usize];
        *entry = Some(match *entry {
            None => (square, square),
            Some((a, b)) => (a.min(square), b.max(square)),
        });
    }
    let algebraic = numbering.notation == SquareNotation::Algebraic;
    let mut lines = Vec::with_capacity(h + 1);
    for (r, row) in grid.iter().enumerate() {
        let cells: String = row.iter().flat_map(|&ch| [' ', ch]).collect();
        let label = match (algebraic, first_last[r]) {
            (true, _) => format!("{:>3} ", ranks[r]),
            (false, Some((a, _))) => format!("{:>3} ", a.to_string()),
            (false, None) => "    ".to_string(),
        };
        let right = match (algebraic, first_last[r]) {
            (false, Some((_, b))) => format!("  {b}"),
            _ => String::new(),
        };
        lines.push(format!("{label}{cells}{right}"));
    }
    if algebraic {
        let files: String = files
            .iter()
            .flat_map(|&f| [' ', (b'a' + f) as char])
            .collect();
        lines.push(format!("    {files}"));
    }
    // Parachute: its third kind of piece is drawn as the man it is stored as, so say so.
    let rules = pos.rules();
    let parachutists = [Color::White, Color::Black]
        .iter()
        .any(|&c| pos.men(c) & rules.parachutist_cells(c) != 0);
    if parachutists {
        lines.push("    (a man on its own far row is a parachutist)".to_string());
    }
    lines
}
