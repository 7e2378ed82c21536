//! `pdnkit show`: draw one position as SVG, from a FEN or from a ply of a game in a file, or
//! write a one-game viewer.

use super::destination::Destination;
use super::files::{Pending, RunFiles};
use super::inputs::Input;
use super::{Outcome, destination};
use clap::Args;
use pdnkit::reader::{MoveKind, ReadOptions, Reader, open_path};
use pdnkit::render::viewer::game_viewer;
use pdnkit::render::{BoardSvg, MainLine, Orientation, WrittenMove};
use pdnkit::report::human::escape_controls;
use pdnkit::rules::{Move, Numbering, Position, Rules};
use pdnkit::variant::Variant;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

#[derive(Args)]
#[command(group = clap::ArgGroup::new("source").required(true).args(["file", "fen"]))]
#[command(group = clap::ArgGroup::new("output").required(true).multiple(true).args(["svg", "html"]))]
#[command(group = clap::ArgGroup::new("fen_variant").multiple(true).args(["variant", "rules"]))]
pub struct ShowArgs {
    /// A PDN file (`--game` and `--ply` choose the position); or give `--fen`.
    file: Option<PathBuf>,
    /// The position as a PDN FEN (with `--variant`, or `--rules`).
    #[arg(long, requires = "fen_variant")]
    fen: Option<String>,
    /// Variant: of the FEN, or of the file's games without a GameType.
    #[arg(long)]
    variant: Option<Variant>,
    #[command(flatten)]
    rules: super::rules::HouseRulesArg,
    /// Which game of the file (1 is the first).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    game: u64,
    /// The position after this many plies (moves of either side) of the main line (0: the
    /// start); the `--html` viewer opens at it.
    #[arg(long, default_value_t = 0)]
    ply: usize,
    /// Write the drawing as SVG to FILE (`-`: standard output).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write a one-game viewer to FILE (`-`: standard output): every position of the main
    /// line, stepped through with buttons or the arrow keys.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Draw the board turned, Black at the bottom.
    #[arg(long)]
    flip: bool,
    /// Draw the legal moves (green arrows; the pieces they capture crossed out).
    #[arg(long)]
    legal: bool,
}

/// A position to draw and the move the record plays from it, as written.
struct Shown {
    position: Position,
    numbering: Numbering,
    written: Option<String>,
    /// The viewer page, when asked for.
    viewer: Option<String>,
}

pub fn run(args: ShowArgs) -> io::Result<Outcome> {
    let default = args.rules.apply(args.variant, "--variant")?;
    let shown = match (&args.fen, &args.file) {
        (Some(_), _) if args.html.is_some() => {
            Err("--html shows a game of a file: give FILE, not --fen".to_string())
        }
        (Some(fen), _) => from_fen(fen, default.0),
        (None, Some(file)) => from_file(file, default, &args),
        (None, None) => Err("give a FILE or --fen".to_string()),
    };
    let shown = match shown {
        Ok(shown) => shown,
        Err(message) => {
            eprintln!("pdnkit: {}", escape_controls(&message));
            return Ok(Outcome::Failure);
        }
    };
    let legal: Vec<Move> = if args.legal {
        shown.position.legal_moves().to_vec()
    } else {
        Vec::new()
    };
    let written = shown
        .written
        .as_deref()
        .map(|w| WrittenMove::parse(w, &shown.position.rules().board, shown.numbering));
    let svg = BoardSvg {
        position: &shown.position,
        numbering: shown.numbering,
        written: written.as_ref(),
        legal: &legal,
        orientation: orientation(&args),
    }
    .to_svg();
    let inputs: Vec<Input> = args.file.iter().cloned().map(Input::File).collect();
    let mut run_files = RunFiles::new(&inputs)?;
    let svg_output = args
        .svg
        .as_deref()
        .map(|path| destination::open(Some(path), &mut run_files))
        .transpose()?;
    let html_output = match (&args.html, &shown.viewer) {
        (Some(path), Some(_)) => Some(destination::open(Some(path), &mut run_files)?),
        _ => None,
    };
    if let Some(output) = svg_output {
        write_whole(output, svg.as_bytes())?;
    }
    if let (Some(output), Some(page)) = (html_output, &shown.viewer) {
        write_whole(output, page.as_bytes())?;
    }
    Ok(Outcome::Clean)
}

fn orientation(args: &ShowArgs) -> Orientation {
    if args.flip {
        Orientation::BlackBottom
    } else {
        Orientation::WhiteBottom
    }
}

/// Writes `bytes` to an output opened by [`destination::open`], and puts it in place.
fn write_whole((out, pending): (Destination, Pending), bytes: &[u8]) -> io::Result<()> {
    let mut out = out.buffered(None);
    out.write_all(bytes)?;
    out.flush()?;
    drop(out);
    pending.settle(None)
}

fn from_fen(text: &str, variant: Option<Variant>) -> Result<Shown, String> {
    let variant = variant.ok_or("--fen needs --variant or --rules")?;
    let rules = Rules::for_variant(variant).ok_or_else(|| {
        format!(
            "pdnkit cannot draw {variant} yet (it knows the boards of {})",
            super::replayable_names()
        )
    })?;
    let setup = pdnkit::fen::parse(text)
        .map_err(|e| format!("--fen: {e}"))?
        .setup;
    let numbering = Numbering::for_rules(rules);
    let position = Position::from_setup_numbered(rules, numbering, &setup)
        .map_err(|e| format!("--fen: {e}"))?;
    Ok(Shown {
        position,
        numbering,
        written: None,
        viewer: None,
    })
}

/// Game `--game` of the file at `path`, its games without a GameType read as the variant of
/// `default`, with what gave it.
fn from_file(
    path: &Path,
    (default_variant, default_variant_from): (Option<Variant>, &'static str),
    args: &ShowArgs,
) -> Result<Shown, String> {
    let name = path.display();
    let source = open_path(path)
        .and_then(|source| pdnkit::pipeline::sniff::records_only(source, None))
        .map_err(|e| format!("{name}: {e}"))?;
    let options = ReadOptions {
        default_variant,
        default_variant_from,
        ..ReadOptions::default()
    };
    let mut reader = Reader::new(source, options);
    let mut read = 0u64;
    let game = loop {
        match reader.next() {
            Some(Ok(game)) => {
                read += 1;
                if read == args.game {
                    break game;
                }
            }
            Some(Err(e)) => return Err(format!("{name}: {e}")),
            None => {
                return Err(format!(
                    "{name}: there is no game {} (the file has {read})",
                    args.game
                ));
            }
        }
    };
    let line = MainLine::of(&game).ok_or_else(|| {
        format!(
            "{name}: game {} cannot be replayed (`pdnkit check` says why)",
            args.game
        )
    })?;
    let position = line.position(args.ply).ok_or_else(|| {
        format!(
            "{name}: game {}: there is no position after {}: {} of its main line {} replayed{}",
            args.game,
            pdnkit::report::human::plies(args.ply as u64),
            line.steps.len(),
            if line.steps.len() == 1 { "was" } else { "were" },
            if line.complete {
                ""
            } else {
                " (the next is not legal: `pdnkit check` says why)"
            }
        )
    })?;
    // The move the record plays next, as written: also the one that is not legal, where the
    // line stops.
    let written = game
        .moves
        .get(args.ply)
        .filter(|node| node.kind() != MoveKind::Unknown)
        .map(|node| node.canonical());
    let viewer = args.html.as_ref().map(|_| {
        let title = format!("{name}, game {}", args.game);
        game_viewer(&title, &game, &line, orientation(args), args.ply)
    });
    Ok(Shown {
        position,
        numbering: line.numbering,
        written,
        viewer,
    })
}
