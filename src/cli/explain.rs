//! `pdnkit explain CODE`: what a finding code means, an example that triggers it and how to fix
//! the record, from the catalogue `docs/codes.md` is generated from.

use super::Outcome;
use clap::Args;
use pdnkit::check::catalogue;
use pdnkit::report::human::escape_controls;
use std::io::{self, Write};

#[derive(Args)]
#[command(after_help = "Every code, with the same text: docs/codes.md")]
pub struct ExplainArgs {
    /// A finding code, such as `W-DATE-FORMAT` (any case), or a variant, such as `corner`: its
    /// rules' readings where the sources leave a rule open.
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    code: Option<String>,
    /// Explain every code.
    #[arg(long)]
    all: bool,
    /// Write Markdown (the text of docs/codes.md with --all).
    #[arg(long)]
    markdown: bool,
}

pub fn run(args: ExplainArgs) -> io::Result<Outcome> {
    let mut out = io::stdout().lock();
    if args.all {
        if args.markdown {
            out.write_all(catalogue::render_markdown().as_bytes())?;
        } else {
            let texts: Vec<String> = catalogue::entries()
                .iter()
                .map(catalogue::render_text)
                .collect();
            out.write_all(texts.join("\n").as_bytes())?;
        }
        return Ok(Outcome::Clean);
    }
    let text = args.code.unwrap_or_default();
    let upper = text.trim().to_ascii_uppercase();
    let renamed = pdnkit::finding::renamed::renamed(&upper);
    if let Some(current) = renamed {
        writeln!(
            out,
            "{upper} is now called {current} (read as that everywhere).\n"
        )?;
    }
    if catalogue::lookup(renamed.unwrap_or(&upper)).is_none()
        && let Ok(variant) = text.parse::<pdnkit::variant::Variant>()
    {
        return explain_variant(&mut out, variant);
    }
    let Some(entry) = catalogue::lookup(renamed.unwrap_or(&upper)) else {
        // The argument as typed, its control bytes escaped: it reaches the terminal.
        let mut message = format!("pdnkit: unknown code `{}`", escape_controls(&text));
        if let Some(near) = catalogue::suggest(&text) {
            message.push_str(&format!("; did you mean `{near}`?"));
        }
        eprintln!("{message} (`pdnkit explain --all` lists every code)");
        return Ok(Outcome::Failure);
    };
    if args.markdown {
        writeln!(
            out,
            "{}",
            catalogue::render_markdown_entry(&entry).trim_start()
        )?;
    } else {
        out.write_all(catalogue::render_text(&entry).as_bytes())?;
    }
    out.flush()?;
    Ok(Outcome::Clean)
}

/// What `explain VARIANT` says: whether pdnkit replays it, and the readings its rules take where
/// the sources leave a rule open (`pdnkit rules --variant` prints every switch).
fn explain_variant(out: &mut impl Write, variant: pdnkit::variant::Variant) -> io::Result<Outcome> {
    let Some(rules) = pdnkit::rules::Rules::for_variant(variant) else {
        writeln!(
            out,
            "{variant}: pdnkit knows the name but has no rules for it yet, so its games are read \
             and not replayed (W-NOT-REPLAYED)."
        )?;
        return Ok(Outcome::Clean);
    };
    writeln!(
        out,
        "{variant}: replayed; `pdnkit rules --variant {variant}` prints every switch of its rules, \
         docs/rules.md gives their sources."
    )?;
    let mut readings = rules.readings().peekable();
    if readings.peek().is_none() {
        writeln!(
            out,
            "No rule of its row is marked as a reading where the sources leave it open."
        )?;
    } else {
        writeln!(out, "Readings chosen where the sources leave a rule open:")?;
        for (name, reading) in readings {
            writeln!(out, "  {name}: {reading}")?;
        }
    }
    Ok(Outcome::Clean)
}
