//! `pdnkit check`: read, replay and judge every game; report for people or for CI.

use super::progress::Progress;
use super::{ColorWhen, Outcome, RunSummary, destination, inputs};
use clap::{Args, ValueEnum};
use pdnkit::check::CheckOptions;
use pdnkit::check::pipeline::{self, Event, PipelineOptions};
use pdnkit::draw::DrawProfile;
use pdnkit::reader::{Encoding, ReadOptions, Severity};
use pdnkit::report::github::GithubWriter;
use pdnkit::report::human::escape_controls;
use pdnkit::report::human::{HumanWriter, Style};
use pdnkit::report::json::{JsonLinesWriter, JsonWriter};
use pdnkit::report::sarif::SarifWriter;
use pdnkit::report::{FileInfo, ReportWriter, Show, Totals};
use pdnkit::variant::Variant;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Args)]
pub struct CheckArgs {
    /// PDN files, directories (searched for *.pdn) or `-` for standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Variant of games without a GameType tag (a name such as `english`, or a GameType number).
    #[arg(long)]
    variant: Option<Variant>,
    /// Report every PDN 3.0 violation as an error.
    #[arg(long)]
    strict: bool,
    /// Draw rules to flag: `official` (federation rules) or `seed` (the game servers' rules).
    #[arg(long, value_name = "PROFILE", default_value = "official")]
    draw_rules: DrawProfile,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Write the report to FILE (`-`: standard output) instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// List at most N findings (human, sarif, github); the summary still counts them all.
    #[arg(long, value_name = "N")]
    max_findings: Option<u64>,
    /// Print only the summary (human, github).
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Also list notes (variant inferred, encoding used, ...): the same as `--level note`.
    #[arg(long)]
    notes: bool,
    /// The least severe findings listed (human, sarif, github): `error`, `warning` or `note`.
    #[arg(long, value_enum, default_value_t = Level::Warning)]
    level: Level,
    /// Threads checking games: 1 or more (default, and at most: one per core). Output is the
    /// same for any value.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    jobs: Option<u32>,
    /// Character set of the input (default: UTF-8, else detected Windows-1252/1251).
    #[arg(long, value_parser = super::parse::parse_encoding)]
    encoding: Option<Encoding>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Level {
    Error,
    Warning,
    Note,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Human,
    Json,
    Jsonl,
    Sarif,
    Github,
}

pub fn run(args: CheckArgs, color: ColorWhen) -> io::Result<Outcome> {
    let inputs = inputs::expand(&args.paths);
    let (out, pending) = destination::open(args.output.as_deref(), &inputs)?;
    let colour = out.colour(color);
    let files: Vec<FileInfo> = inputs
        .iter()
        .map(|i| FileInfo {
            name: i.name(),
            path: i.source_file().map(Path::to_path_buf),
        })
        .collect();
    // The progress bar counts the bytes read from the files as they are on disk, compressed or
    // not, against their sizes. (The reader counts decompressed bytes, which overran the total of
    // a `.pdn.gz`.)
    let total_bytes: u64 = inputs.iter().filter_map(inputs::Input::size).sum();
    let read_bytes = Arc::new(AtomicU64::new(0));
    let work: Vec<pipeline::Input> = inputs
        .into_iter()
        .map(|input| {
            let counter = Arc::clone(&read_bytes);
            pipeline::Input {
                name: input.name(),
                open: Box::new(move || input.open_counted(counter)),
            }
        })
        .collect();

    let bar = Progress::new(
        total_bytes,
        "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
        std::time::Duration::from_secs(1),
    );
    let out = out.buffered(Some(&bar));
    let show = Show {
        min_level: match (args.notes, args.level) {
            (true, _) | (_, Level::Note) => Severity::Note,
            (_, Level::Warning) => Severity::Warning,
            (_, Level::Error) => Severity::Error,
        },
        max_findings: args.max_findings,
        quiet: args.quiet,
    };
    let mut writer: Box<dyn ReportWriter> = match args.format {
        Format::Human => Box::new(HumanWriter::new(out, Style { colour }, show)),
        Format::Json => Box::new(JsonWriter::new(out)?),
        Format::Jsonl => Box::new(JsonLinesWriter::new(out)),
        Format::Sarif => Box::new(SarifWriter::new(out, show)?),
        Format::Github => Box::new(GithubWriter::new(out, show)),
    };

    let progress: pipeline::Progress = {
        let bar = bar.clone();
        Arc::new(move |_| bar.bar().set_position(read_bytes.load(Ordering::Relaxed)))
    };
    let options = PipelineOptions {
        jobs: super::jobs(args.jobs),
        read: ReadOptions {
            strict: args.strict,
            default_variant: args.variant,
            encoding: args.encoding,
            ..ReadOptions::default()
        },
        check: CheckOptions {
            draw_profile: args.draw_rules,
        },
    };
    let started = std::time::Instant::now();
    let mut totals = Totals::default();
    pipeline::run(work, &options, progress, |event| match event {
        Event::FileStart { file } => {
            totals.files += 1;
            writer.file_start(&files[file])
        }
        Event::Games { file, reports } => {
            for game in &reports {
                totals.add_game(game);
                writer.game(&files[file], game)?;
            }
            Ok(())
        }
        Event::FileEnd { file, bytes, error } => {
            totals.bytes += bytes;
            if let Some(e) = &error {
                totals.unreadable_files += 1;
                let message = escape_controls(&format!("{}: {e}", files[file].name)).into_owned();
                bar.suspend(|| eprintln!("pdnkit: {message}"));
            }
            writer.file_end(&files[file], error.as_deref())
        }
    })?;
    bar.finish();
    totals.seconds = started.elapsed().as_secs_f64();
    writer.finish(&totals)?;
    drop(writer);
    pending.commit()?;
    Ok(RunSummary {
        failed_inputs: totals.unreadable_files,
        games: totals.games,
        errors: totals.errors,
    }
    .outcome())
}
