//! Pictures of positions and records for people: [`board_svg`] draws one position as SVG
//! (the HTML report and `pdnkit show` embed it); [`main_line`] replays a game into
//! the positions along its main line; [`viewer`] makes a one-game HTML page of them.

pub mod board_svg;
pub mod main_line;
pub mod viewer;

pub use board_svg::{BoardSvg, Orientation, WrittenMove};
pub use main_line::{MainLine, Step};
