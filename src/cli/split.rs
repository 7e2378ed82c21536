//! `pdnkit split`: cut archives into files of N games, or one file per value of a tag, each
//! game written as it was written. Files are written beside their final names and put in place
//! when the run has finished; an existing file is never replaced without `--force` (the run
//! stops before writing anything in place).

use super::archive::{GameRun, ReadArgs};
use super::conventions::Quiet;
use super::files::Pending;
use super::{ColorWhen, Outcome};
use clap::{Args, ValueEnum};
use pdnkit::archive::source::Seam;
use pdnkit::archive::split::{Names, SplitKey, key_value, numbered_stem};
use pdnkit::pipeline::PerGame;
use pdnkit::report::human::{self, Style, escape_controls};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

#[derive(Args)]
#[command(group(clap::ArgGroup::new("how").required(true).args(["games", "by"])))]
pub struct SplitArgs {
    #[command(flatten)]
    read: ReadArgs,
    /// Files of at most N games each: PREFIX-0001.pdn, PREFIX-0002.pdn, ...
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    games: Option<u64>,
    /// One file per value of a tag, named from the value (games without one go to unknown.pdn).
    #[arg(long, value_enum, value_name = "TAG")]
    by: Option<By>,
    /// The directory to write the files in (created if missing). `-o` and `--output` name it
    /// too: split's output is a directory.
    #[arg(short = 'o', long, value_name = "DIR", alias = "output")]
    out_dir: PathBuf,
    /// The name files of `--games` start with.
    #[arg(long, default_value = "games")]
    prefix: String,
    /// Replace files that already exist.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    quiet: Quiet,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum By {
    Event,
    Round,
    Variant,
    /// The year of the Date tag.
    DateYear,
}

impl From<By> for SplitKey {
    fn from(by: By) -> SplitKey {
        match by {
            By::Event => SplitKey::Event,
            By::Round => SplitKey::Round,
            By::Variant => SplitKey::Variant,
            By::DateYear => SplitKey::DateYear,
        }
    }
}

/// What a worker hands back for each game.
struct Piece {
    index: u64,
    value: Option<String>,
    moves: u64,
    source: Option<Box<str>>,
}

impl PerGame for Piece {
    fn shift_index(&mut self, by: u64) {
        self.index += by;
    }
}

/// Output files open at once at most; beyond that they are closed and reopened to append (a
/// split by event can make thousands of files).
const OPEN_FILES: usize = 64;

/// One output file: written to a temporary file in the directory, renamed at the end.
struct Output {
    path: PathBuf,
    pending: Pending,
    file: Option<BufWriter<File>>,
    games: u64,
    /// How the next game joins the last one written.
    seam: Seam,
}

pub fn run(args: SplitArgs, color: ColorWhen) -> io::Result<Outcome> {
    // The list of files written goes to standard output: closed, the run fails before it
    // writes anything, as every command writing there does.
    if args.quiet.lists() {
        super::destination::require_stdout(" (use --quiet)")?;
    }
    // The inputs and options first: a usage error (a bad --rules file or --exclude glob)
    // leaves no directory behind.
    let (run, mut run_files) = GameRun::new(&args.read, true)?;
    let dir = &args.out_dir;
    fs::create_dir_all(dir).map_err(|e| named(dir, e))?;
    let run = run.quiet(args.quiet);
    let names = run.names.clone();
    let key = args.by.map(SplitKey::from);
    let mut stems = Names::default();
    let mut outputs: Vec<Output> = Vec::new();
    let mut by_stem: std::collections::HashMap<String, usize> = Default::default();
    // The outputs with a file open, at most OPEN_FILES.
    let mut open: Vec<usize> = Vec::new();
    let mut games_written = 0u64;
    let mut unwritable = 0u64;
    let mut moves = 0u64;
    let bar = run.bar.clone();
    let totals = run.run(
        |game| Piece {
            index: game.index,
            value: key.and_then(|k| key_value(game, k)),
            moves: game.moves.len() as u64,
            source: game.source.clone(),
        },
        |file, piece| {
            let Some(source) = piece.source else {
                unwritable += 1;
                let message = format!(
                    "{} game {}: too large to copy as written; it is not in the output",
                    names[file], piece.index
                );
                bar.suspend(|| eprintln!("pdnkit: {}", escape_controls(&message)));
                return Ok(());
            };
            moves += piece.moves;
            let stem = match (key, args.games) {
                (Some(_), _) => stems.stem(piece.value.as_deref()).0.to_string(),
                (None, Some(n)) => numbered_stem(&args.prefix, games_written / n + 1),
                (None, None) => unreachable!("clap requires --games or --by"),
            };
            let slot = match by_stem.get(&stem) {
                Some(&slot) => slot,
                None => {
                    let path = dir.join(format!("{stem}.pdn"));
                    if !args.force && fs::symlink_metadata(&path).is_ok() {
                        return Err(io::Error::new(
                            io::ErrorKind::AlreadyExists,
                            format!(
                                "{} exists; nothing was written (--force replaces it)",
                                path.display()
                            ),
                        ));
                    }
                    let (file, pending) = run_files.create(&path, "split")?;
                    drop(file);
                    outputs.push(Output {
                        path,
                        pending,
                        file: None,
                        games: 0,
                        seam: Seam::default(),
                    });
                    by_stem.insert(stem, outputs.len() - 1);
                    outputs.len() - 1
                }
            };
            if outputs[slot].file.is_none() {
                if open.len() >= OPEN_FILES {
                    // Only the files open now: a walk over every output here would make a
                    // split into thousands of files quadratic.
                    for &open_slot in &open {
                        if let Some(mut file) = outputs[open_slot].file.take() {
                            file.flush()?;
                        }
                    }
                    open.clear();
                }
                let file = OpenOptions::new()
                    .append(true)
                    .open(outputs[slot].pending.writing_to())
                    .map_err(|e| named(&outputs[slot].path, e))?;
                outputs[slot].file = Some(BufWriter::new(file));
                open.push(slot);
            }
            let output = &mut outputs[slot];
            let writer = output.file.as_mut().expect("opened above");
            output
                .seam
                .write(writer, Some((file, piece.index)), &source)
                .map_err(|e| named(&output.path, e))?;
            output.games += 1;
            games_written += 1;
            Ok(())
        },
    )?;
    for output in &mut outputs {
        if output.seam.needs_line_end() && output.file.is_none() {
            let file = OpenOptions::new()
                .append(true)
                .open(output.pending.writing_to())
                .map_err(|e| named(&output.path, e))?;
            output.file = Some(BufWriter::new(file));
        }
        if let Some(mut file) = output.file.take() {
            output
                .seam
                .finish(&mut file)
                .map_err(|e| named(&output.path, e))?;
            file.flush().map_err(|e| named(&output.path, e))?;
        }
    }
    let written: u64 = outputs.iter().map(|o| o.games).sum();
    let listing: Vec<(PathBuf, u64)> = outputs.iter().map(|o| (o.path.clone(), o.games)).collect();
    if let Some(why) = totals.failure() {
        // Nothing is put in place (the temporary files go with `outputs`): a run that could not
        // read every input leaves the directory as it was.
        eprintln!(
            "pdnkit: {}: no file written ({why}); existing files are as they were",
            escape_controls(&dir.display().to_string())
        );
        return Ok(totals.outcome(unwritable));
    }
    for output in outputs {
        output.pending.settle(None)?;
    }
    let style = Style {
        colour: color.colour(io::stdout().is_terminal()),
    };
    if args.quiet.lists() {
        let mut out = io::stdout().lock();
        let width = listing
            .iter()
            .map(|(_, n)| n.to_string().len())
            .max()
            .unwrap_or(1);
        for (path, games) in &listing {
            writeln!(
                out,
                "{games:>width$}  {}",
                escape_controls(&path.display().to_string())
            )?;
        }
        let counts = human::RunCounts {
            moves,
            ..totals.counts
        };
        human::write_run_line(&mut out, style, "read", counts, totals.counts.elapsed)?;
        writeln!(
            out,
            "wrote {written} games to {} files in {}",
            listing.len(),
            escape_controls(&dir.display().to_string())
        )?;
    }
    Ok(totals.outcome(unwritable))
}

fn named(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}
