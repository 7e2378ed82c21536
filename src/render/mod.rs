//! Pictures of positions and records for people: [`board_svg`] draws one position as SVG
//! (the HTML report and `pdnkit show` embed it); [`main_line`] replays a game into
//! the positions along its main line; [`viewer`] makes a one-game HTML page of them.

pub mod board_svg;
pub mod main_line;
pub mod viewer;

pub use board_svg::{BoardSvg, Orientation, WrittenMove};
pub use main_line::{MainLine, Step};

use maud::{Markup, PreEscaped, html};

/// The `<head>` of a page of boards (the report, the viewer): UTF-8, the title, the page's own
/// style and the boards' colours, all inline so the page stands alone.
pub fn page_head(title: &str, page_style: &str) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            title { (title) }
            style { (PreEscaped(page_style)) (PreEscaped(board_svg::STYLE)) }
        }
    }
}
