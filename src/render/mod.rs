//! Pictures of positions and records for people: [`board_svg`] draws one position as SVG
//! (the HTML report and `pdnkit show` embed it).

pub mod board_svg;

pub use board_svg::{BoardSvg, Orientation, WrittenMove};
