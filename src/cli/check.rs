//! `pdnkit check`: read, replay and judge every game; report for people or for CI.

use super::conventions::{JSON_HELP, JSONL_HELP, Jobs, Output, Quiet};
use super::files::RunFiles;
use super::fix::{FileFixer, Mode};
use super::policy::{PolicyArgs, RunPolicy};
use super::progress::Progress;
use super::{ColorWhen, Outcome, RunSummary, destination, inputs};
use clap::{ArgGroup, Args, ValueEnum};
use pdnkit::check::run::{CheckReport, CheckTotals, Judge};
use pdnkit::check::{CheckOptions, check_game};
use pdnkit::draw_rules::DrawProfile;
use pdnkit::finding::Level;
use pdnkit::pipeline::PipelineOptions;
use pdnkit::pipeline::run::Run;
use pdnkit::reader::{Encoding, ReadOptions};
use pdnkit::report::concise::ConciseWriter;
use pdnkit::report::github::{self, GithubWriter};
use pdnkit::report::html::{self, HtmlWriter};
use pdnkit::report::human::escape_controls;
use pdnkit::report::human::{HumanWriter, Style};
use pdnkit::report::json::{JsonLinesWriter, JsonWriter};
use pdnkit::report::junit::JunitWriter;
use pdnkit::report::kept::Cap;
use pdnkit::report::per_code::DEFAULT_MAX_PER_CODE;
use pdnkit::report::sarif::{self, SarifWriter};
use pdnkit::report::{ReportWriter, Show};
use pdnkit::rules::Rules;
use pdnkit::variant::Variant;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Args)]
#[command(after_help = concat!("Exit codes:
  0  clean: every game was replayed and nothing at the --fail-on level was found
  1  findings: at least one error (or warning, with --fail-on warning), or a game whose
     moves could not be replayed (W-NOT-REPLAYED; --allow-unreplayed accepts those)
  2  usage error, a bad pdnkit.toml, or a file that could not be opened or read to its end
     (or, with --fix, written)
With --fix they are about what remains after the fixes; with --diff, 0 means nothing to fix and
1 a diff to apply.

Policy: a pdnkit.toml in the current directory or an ancestor sets the default variant,
draw rules, encoding, fail-on and per-code levels ([codes] \"W-DATE-FORMAT\" = \"allow\"), also
per path ([[paths]] glob = \"historic/**\"); the command line overrides it.

", super::limits_help!()))]
#[command(group(ArgGroup::new("fixing").args(["fix", "diff"]).multiple(true)))]
pub struct CheckArgs {
    /// PDN or FEN files, directories (searched for *.pdn, *.pdn.gz, *.fen and files that start
    /// like records) or `-` for standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Variant of games without a GameType tag (a name such as `english`, or a GameType number).
    #[arg(long)]
    variant: Option<Variant>,
    #[command(flatten)]
    rules: super::rules::HouseRulesArg,
    #[command(flatten)]
    policy: PolicyArgs,
    /// Report every PDN 3.0 violation as an error.
    #[arg(long)]
    strict: bool,
    /// Draw rules to flag: `official` (the federations' rules, the default) or `servers` (the
    /// rules game servers apply; `seed` is its old name). See docs/rules.md.
    #[arg(long, value_name = "PROFILE")]
    draw_rules: Option<DrawProfile>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    #[command(flatten)]
    output: Output,
    /// List at most N findings (human, concise, sarif, github, html: 5000 by default there); the
    /// summary still counts them all.
    #[arg(long, value_name = "N")]
    max_findings: Option<u64>,
    /// Write at most N results (sarif: in all, most severe first, 25000 by default, GitHub code
    /// scanning's limit) or annotations of each level (github: 10 by default, what GitHub shows
    /// per step; at most 50 in all, what it shows per job); 0: no cap. What is left out is said, and the totals count it.
    #[arg(long, value_name = "N")]
    max_results: Option<usize>,
    /// The web address of pdnkit's repository (`https://...`) for SARIF's links: each rule's
    /// `helpUri` (URL/blob/HEAD/docs/codes.md#code) and the driver's `informationUri`. Default:
    /// the repository `Cargo.toml` names; without one, SARIF links `docs/codes.md` only in the
    /// help text, as a relative path.
    #[arg(long, value_name = "URL", value_parser = sarif::repository_url)]
    sarif_repository: Option<String>,
    /// Show at most N findings of each code in full (human; 10 by default, 0: every one); the
    /// rest are counted, and the report ends with how many of each code it did not show.
    #[arg(long, value_name = "N")]
    max_per_code: Option<u64>,
    #[command(flatten)]
    quiet: Quiet,
    /// Also list notes (variant inferred, encoding used, ...): the same as `--level note`.
    #[arg(long)]
    notes: bool,
    /// The least severe findings listed (human, concise, sarif, github, html): `error`, `warning` or `note`.
    #[arg(long, value_enum, default_value_t = ListedLevel::Warning)]
    level: ListedLevel,
    #[command(flatten)]
    jobs: Jobs,
    /// Fix in place what has a safe edit (a `[*]` in the report, "fixable" in `pdnkit explain`):
    /// only the bytes of each finding fixed are changed, every other byte is kept. Fixes the
    /// findings at the listed level (`--level`, `--notes`) the policy keeps. A file is written
    /// whole or not at all (a temporary file renamed over it), keeps its permissions, and is not
    /// written when it changed on disk meanwhile or would not change. The report and the exit
    /// code are about what remains.
    #[arg(long)]
    fix: bool,
    /// Print the fixes `--fix` would make as a unified diff (to standard output or -o) instead
    /// of writing them, and no report; exit 1 when the diff is not empty.
    #[arg(long)]
    diff: bool,
    /// Also fix games that have an error the fixes leave (an illegal move, text that could not be
    /// read), which --fix otherwise leaves alone.
    #[arg(long, requires = "fixing")]
    fix_games_with_errors: bool,
    /// Character set of the input (default: UTF-8, else detected Windows-1252/1251; UTF-16 with a
    /// byte order mark; `utf-16` for UTF-16 without one, its byte order read from its zero
    /// bytes; `utf-16le` or `utf-16be` to give the order).
    #[arg(long, value_parser = super::parse::parse_encoding)]
    encoding: Option<Encoding>,
    #[command(flatten)]
    walk: super::inputs::WalkArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ListedLevel {
    Error,
    Warning,
    Note,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// For people: each finding with its source lines, then a summary
    Human,
    /// One line a finding: the human report's headlines, then its summary
    Concise,
    #[value(help = JSON_HELP)]
    Json,
    #[value(help = JSONL_HELP)]
    Jsonl,
    /// SARIF 2.1.0, for code scanning
    Sarif,
    /// GitHub Actions annotations
    Github,
    /// JUnit XML, a test case a game
    Junit,
    /// One HTML page
    Html,
}

pub fn run(args: CheckArgs, color: ColorWhen) -> io::Result<Outcome> {
    let mut policy = match RunPolicy::from_args(&args.policy) {
        Ok(policy) => policy,
        Err(error) => {
            eprintln!("pdnkit: {}", escape_controls(&error.to_string()));
            return Ok(Outcome::Failure);
        }
    };
    let Some(default) = default_variant(&args, &policy)? else {
        return Ok(Outcome::Failure);
    };
    let inputs = inputs::expand(&args.paths, &args.walk)?;
    let paths: Vec<Option<PathBuf>> = inputs
        .iter()
        .map(|input| match input {
            inputs::Input::File(path) => Some(path.clone()),
            _ => None,
        })
        .collect();
    let mut run_files = RunFiles::new(&inputs)?;
    for path in &policy.files_read {
        run_files.reads(path);
    }
    let (out, pending) = destination::open(args.output.path(), &mut run_files)?;
    let baseline_output = policy.open_baseline(&mut run_files)?;
    let step_summary = std::env::var_os("GITHUB_STEP_SUMMARY").map(PathBuf::from);
    if args.format == Format::Github
        && let Some(path) = &step_summary
    {
        run_files.refuse_input(path, "GITHUB_STEP_SUMMARY")?;
    }
    let colour = out.colour(color);
    let mut run = Run::new(inputs);
    let kept = (args.fix || args.diff).then(|| run.keep_bytes());
    let bar = Progress::new(
        run.total_bytes,
        super::progress::BYTES_BAR,
        std::time::Duration::from_secs(1),
    )
    .drawn(args.quiet.summary());
    let out = out.buffered(Some(&bar));
    let show = show(&args);
    // With --diff the diff is the output, and the report is not written.
    let (report_out, diff_out): (Box<dyn Write>, _) = if args.diff {
        (Box::new(io::sink()), Some(out))
    } else {
        (out, None)
    };
    let mut writer = report_writer(&args, &policy, report_out, colour, show, step_summary)?;
    let options = pipeline_options(&args, &policy, default);
    let files = run.files.clone();
    let judge = Judge {
        policies: files
            .iter()
            .map(|f| policy.for_file(f.path.as_deref()))
            .collect(),
        baseline: policy.baseline.as_mut(),
        record: policy.write_baseline.as_mut().map(|(_, record)| record),
        allow_unreplayed: policy.allow_unreplayed,
    };
    let timed = args.format == Format::Junit;
    let mut fixer = kept.map(|kept| {
        let mode = match diff_out {
            Some(out) => Mode::Diff(out),
            None => Mode::Write,
        };
        FileFixer::new(
            &files,
            paths,
            kept,
            mode,
            args.fix_games_with_errors,
            show.min_level,
        )
    });
    let mut report = CheckReport::new(&files, judge, writer.as_mut());
    if let Some(fixer) = fixer.as_mut() {
        report = report.fixing(fixer);
    }
    let counts = run.run_with(
        &options,
        Arc::new(bar.clone()),
        |game| {
            // Only JUnit writes how long each game took.
            let started = timed.then(std::time::Instant::now);
            let mut report = check_game(game, &options.check);
            if let Some(started) = started {
                report.seconds = started.elapsed().as_secs_f64();
            }
            report
        },
        &mut report,
    )?;
    bar.finish();
    let CheckTotals {
        totals,
        unaccepted_unreplayed,
    } = report.finish(counts)?;
    drop(writer);
    // The exit code (`pdnkit check --help` documents it): a run that left moves unchecked is
    // never clean unless the user said that is acceptable.
    let fails_on_warnings = policy.fail_on.fails(Level::Warning);
    let summary = RunSummary {
        failed_inputs: totals.unreadable_files,
        games: totals.games,
        failing_findings: totals.errors
            + if fails_on_warnings {
                totals.warnings
            } else {
                0
            },
        unaccepted_unreplayed,
    };
    let failure = summary.failure();
    policy.finish_baseline(baseline_output, failure.as_deref())?;
    let mut write_failed = false;
    if let Some(fixer) = &mut fixer {
        fixer.flush()?;
        write_failed = fixer.failed > 0;
        // (JSON says it in its totals.)
        if args.diff || !matches!(args.format, Format::Json | Format::Jsonl) {
            super::fix::say_summary(totals.fixes.as_ref().expect("a fixing run's summary"));
        }
    }
    pending.settle(failure.as_deref())?;
    let outcome = summary.outcome();
    Ok(match totals.fixes {
        _ if write_failed || outcome == Outcome::Failure => Outcome::Failure,
        // `--diff` says whether there is anything to fix, as `diff` does.
        Some(fixes) if args.diff => {
            if fixes.files > 0 {
                Outcome::Findings
            } else {
                Outcome::Clean
            }
        }
        _ => outcome,
    })
}

/// The variant of games without a GameType tag (`--variant`, else the config's, else the base
/// variant of `--rules`) and what gave it, or `None` after saying why the run cannot go on: a
/// variant pdnkit cannot replay. A bad rules file is an error.
fn default_variant(
    args: &CheckArgs,
    policy: &RunPolicy,
) -> io::Result<Option<(Option<Variant>, &'static str)>> {
    let config = policy.config.as_ref();
    let (given, given_by) = match (args.variant, config.and_then(|c| c.variant)) {
        (None, Some(variant)) => (Some(variant), pdnkit::check::config::FILE_NAME),
        (variant, _) => (variant, "--variant"),
    };
    let default = args.rules.apply(given, given_by)?;
    if let (Some(variant), from) = default
        && Rules::for_variant(variant).is_none()
    {
        let source = match config {
            Some(config) if from == pdnkit::check::config::FILE_NAME => {
                format!("{}: variant", config.path.display())
            }
            _ => from.to_string(),
        };
        eprintln!(
            "pdnkit: {source} {variant}: pdnkit cannot replay {variant} yet (it replays {})",
            super::replayable_names()
        );
        return Ok(None);
    }
    Ok(Some(default))
}

/// What the report lists: `--level` (or `--notes`), `--max-findings`, `--max-per-code`,
/// `--quiet`.
fn show(args: &CheckArgs) -> Show {
    Show {
        min_level: match (args.notes, args.level) {
            (true, _) | (_, ListedLevel::Note) => Level::Note,
            (_, ListedLevel::Warning) => Level::Warning,
            (_, ListedLevel::Error) => Level::Error,
        },
        max_findings: args.max_findings,
        quiet: !args.quiet.lists(),
        summary: args.quiet.summary(),
        max_per_code: match args.max_per_code {
            Some(0) => None,
            Some(n) => Some(n),
            None => Some(DEFAULT_MAX_PER_CODE),
        },
    }
}

/// `--max-results`: the format's default when not given, none for 0.
fn ci_cap(max_results: Option<usize>, default: usize, cap: fn(usize) -> Cap) -> Cap {
    match max_results.unwrap_or(default) {
        0 => Cap::None,
        n => cap(n),
    }
}

/// The writer of `--format`, writing to `out`.
fn report_writer(
    args: &CheckArgs,
    policy: &RunPolicy,
    out: Box<dyn Write>,
    colour: bool,
    show: Show,
    step_summary: Option<PathBuf>,
) -> io::Result<Box<dyn ReportWriter>> {
    Ok(match args.format {
        Format::Human => Box::new(HumanWriter::new(out, Style { colour }, show)),
        Format::Concise => Box::new(ConciseWriter::new(out, Style { colour }, show)),
        Format::Json => Box::new(JsonWriter::new(out)?),
        Format::Jsonl => Box::new(JsonLinesWriter::new(out)),
        Format::Sarif => Box::new(
            SarifWriter::new(
                out,
                show,
                ci_cap(args.max_results, sarif::DEFAULT_MAX_RESULTS, Cap::Total),
            )?
            .with_repository(args.sarif_repository.clone()),
        ),
        Format::Github => Box::new(GithubWriter::new(
            out,
            show,
            step_summary,
            ci_cap(args.max_results, github::DEFAULT_MAX_PER_LEVEL, |n| {
                Cap::PerLevel {
                    per_level: n,
                    total: github::MAX_PER_JOB,
                }
            }),
        )),
        Format::Html => {
            let show = Show {
                max_findings: show.max_findings.or(Some(html::DEFAULT_MAX_FINDINGS)),
                ..show
            };
            Box::new(HtmlWriter::new(out, show))
        }
        Format::Junit => {
            let fail_level = if policy.fail_on.fails(Level::Warning) {
                Level::Warning
            } else {
                Level::Error
            };
            Box::new(JunitWriter::new(out, fail_level)?)
        }
    })
}

/// How games are read and checked: the command line first, then the config.
fn pipeline_options(
    args: &CheckArgs,
    policy: &RunPolicy,
    (default_variant, default_variant_from): (Option<Variant>, &'static str),
) -> PipelineOptions {
    let config = policy.config.as_ref();
    PipelineOptions::new(
        args.jobs.threads(),
        ReadOptions {
            strict: args.strict,
            default_variant,
            default_variant_from,
            encoding: args.encoding.or(config.and_then(|c| c.encoding)),
            ..ReadOptions::default()
        },
        CheckOptions {
            draw_profile: args
                .draw_rules
                .or(config.and_then(|c| c.draw_profile))
                .unwrap_or_default(),
            skip_identity: policy.baseline.is_none() && policy.write_baseline.is_none(),
        },
    )
}
