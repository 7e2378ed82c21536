//! A one-game viewer: a self-contained HTML page with the game's tags, its main line as a list
//! of moves, and a board for every position along it. Buttons and the arrow keys step through
//! the line (a few lines of inline JavaScript); without JavaScript every board is shown, one
//! under the other, and each move links to its board.

use super::board_svg::{BoardSvg, Orientation, WrittenMove};
use super::main_line::MainLine;
use crate::reader::{Game, MoveKind};
use maud::{DOCTYPE, Markup, PreEscaped, html};

const STYLE: &str = r#"
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fafafa}
dl.tags{display:grid;grid-template-columns:max-content auto;gap:0 1em}dl.tags dt{color:#666}dl.tags dd{margin:0}
#moves a{margin-right:.4em;text-decoration:none;color:#124}#moves a.current{background:#ffe08a;font-weight:bold}
#moves a.unplayed{color:#c00}
figure.ply{margin:.5em 0}figure.ply figcaption{color:#555}
#controls{margin:.5em 0}#controls button{font-size:1.1em;min-width:3em}
"#;

const SCRIPT: &str = r#"
(function(){
var plies=document.querySelectorAll('figure.ply'),links=document.querySelectorAll('#moves a'),
controls=document.getElementById('controls'),at=0;controls.hidden=false;
function go(n){at=Math.max(0,Math.min(plies.length-1,n));
 plies.forEach(function(p,i){p.hidden=i!==at;});
 links.forEach(function(a){a.classList.toggle('current',+a.dataset.ply===at);});}
document.getElementById('first').onclick=function(){go(0);};
document.getElementById('prev').onclick=function(){go(at-1);};
document.getElementById('next').onclick=function(){go(at+1);};
document.getElementById('last').onclick=function(){go(plies.length-1);};
links.forEach(function(a){a.addEventListener('click',function(e){e.preventDefault();go(+a.dataset.ply);});});
document.addEventListener('keydown',function(e){
 if(e.key==='ArrowLeft'){go(at-1);}else if(e.key==='ArrowRight'){go(at+1);}
 else if(e.key==='Home'){go(0);}else if(e.key==='End'){go(plies.length-1);}});
var m=/^#p(\d+)$/.exec(location.hash);go(m?+m[1]:+document.body.dataset.start);
})();
"#;

/// The viewer page for `game`, whose main line replayed as `line`; `title` names it (file and
/// game number). It opens at the position after `start` plies (a `#pN` in the address opens
/// at ply N instead).
pub fn game_viewer(
    title: &str,
    game: &Game,
    line: &MainLine,
    orientation: Orientation,
    start: usize,
) -> String {
    let geo = &line.start.rules().board;
    // The moves as written along the main line, the one that is not legal included.
    let written: Vec<String> = game
        .moves
        .iter()
        .take_while(|n| n.kind() != MoveKind::Unknown)
        .map(|n| n.canonical())
        .collect();
    let positions = line.steps.len() + 1;
    let boards: Vec<Markup> = (0..positions)
        .map(|ply| {
            let position = line.position(ply).expect("a ply of the line");
            let next = written
                .get(ply)
                .map(|w| WrittenMove::parse(w, geo, line.numbering));
            BoardSvg {
                position: &position,
                numbering: line.numbering,
                written: next.as_ref(),
                legal: &[],
                orientation,
            }
            .markup()
        })
        .collect();
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            (super::page_head(title, STYLE))
            body data-start=(start.min(line.steps.len())) {
                h1 { (title) }
                dl.tags {
                    @for tag in &game.tags {
                        dt { (tag.name) } dd { (tag.value) }
                    }
                }
                p #moves {
                    a href="#p0" data-ply="0" { "start" }
                    @for (i, w) in written.iter().enumerate() {
                        @if i < line.steps.len() {
                            a href=(format!("#p{}", i + 1)) data-ply=(i + 1) { (move_label(i, line)) (w) }
                        } @else if i == line.steps.len() {
                            a.unplayed href=(format!("#p{i}")) data-ply=(i) title="not legal: the line stops here" {
                                (move_label(i, line)) (w) " (not legal)"
                            }
                        }
                    }
                }
                div #controls hidden {
                    button #first type="button" title="first (Home)" { "«" } " "
                    button #prev type="button" title="back (←)" { "‹" } " "
                    button #next type="button" title="forward (→)" { "›" } " "
                    button #last type="button" title="last (End)" { "»" }
                }
                @for (ply, board) in boards.iter().enumerate() {
                    figure.ply id=(format!("p{ply}")) {
                        figcaption {
                            @if ply == 0 { "start" } @else { "after " (move_label(ply - 1, line)) (written[ply - 1]) }
                            " (" (line.position(ply).map_or("", |p| if p.to_move() == crate::notation::Color::White { "white" } else { "black" })) " to move)"
                        }
                        (board)
                    }
                }
                script { (PreEscaped(SCRIPT)) }
            }
        }
    };
    let mut s = page.into_string();
    s.push('\n');
    s
}

/// `12. ` before a first player's move, `12... ` before the other's, from the position's side
/// to move and the first mover.
fn move_label(index: usize, line: &MainLine) -> String {
    let start = line.start.to_move();
    let first = line.start.rules().first_mover;
    // Plies before this one counted from a first player's move.
    let offset = usize::from(start != first);
    let n = index + offset;
    let number = n / 2 + 1;
    if n.is_multiple_of(2) {
        format!("{number}. ")
    } else if index == 0 {
        format!("{number}... ")
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::{ReadOptions, read_str};

    #[test]
    fn every_position_has_a_board_and_the_illegal_move_is_named() {
        let games = read_str(
            "[White \"<b>W</b>\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 34-30 23x32 *\n",
            ReadOptions::default(),
        );
        let line = MainLine::of(&games[0]).unwrap();
        let page = game_viewer("game 1", &games[0], &line, Orientation::WhiteBottom, 0);
        assert_eq!(page.matches("<figure class=\"ply\"").count(), 3);
        assert_eq!(page.matches("<svg").count(), 3);
        assert!(page.contains("2. 34-30 (not legal)"));
        assert!(page.contains("&lt;b&gt;W&lt;/b&gt;"));
        assert!(!page.contains("<b>"));
        assert_eq!(page.matches("<script").count(), 1);
    }
}
