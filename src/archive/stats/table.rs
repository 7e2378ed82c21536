//! The statistics for people: one titled section per subject, each an aligned table. Text from
//! the input (names, events, openings) is shown with control characters escaped; colour is the
//! caller's choice ([`Style`]), and is added after padding so it never breaks the alignment.
//! Columns are measured in terminal columns ([`display_width`]): a CJK name takes two a
//! character.

use super::{GameRef, ResultCounts, Stats, variant_name};
use crate::notation::Color;
use crate::report::human::{Style, display_width, escape_controls};
use crate::variant::{ResultStyle, Variant};
use std::io::{self, Write};

/// What to show beside the figures.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    /// Rows of the openings, players and events lists.
    pub top: usize,
    /// Plies an opening is made of.
    pub opening_plies: usize,
    /// The inputs' names, by file index (where the shortest and longest games are).
    pub names: &'a [String],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Align {
    Left,
    Right,
}

/// Columns and rows, laid out to the widest cell of each column.
struct Table {
    columns: Vec<(&'static str, Align)>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn new(columns: &[(&'static str, Align)]) -> Table {
        Table {
            columns: columns.to_vec(),
            rows: Vec::new(),
        }
    }

    fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    fn write(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        let width = |i: usize| {
            self.rows
                .iter()
                .map(|r| display_width(&r[i]))
                .chain([self.columns[i].0.len()])
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = (0..self.columns.len()).map(width).collect();
        let line = |cells: Vec<&str>| -> String {
            let mut text = String::from(" ");
            for (i, cell) in cells.into_iter().enumerate() {
                let pad = " ".repeat(widths[i].saturating_sub(display_width(cell)));
                let last = i + 1 == widths.len();
                text.push(' ');
                match self.columns[i].1 {
                    Align::Right => {
                        text.push_str(&pad);
                        text.push_str(cell);
                    }
                    Align::Left => {
                        text.push_str(cell);
                        if !last {
                            text.push_str(&pad);
                        }
                    }
                }
                if !last {
                    text.push(' ');
                }
            }
            // An empty last column (the histogram's bars header) leaves no trailing blanks.
            text.truncate(text.trim_end().len());
            text
        };
        if self.rows.is_empty() {
            return writeln!(out, "  {}", style.dim("(none)"));
        }
        let header = line(self.columns.iter().map(|c| c.0).collect());
        writeln!(out, "{}", style.dim(&header))?;
        for row in &self.rows {
            writeln!(out, "{}", line(row.iter().map(String::as_str).collect()))?;
        }
        Ok(())
    }
}

/// `12.3%` of `total` (`-` when there is nothing to divide by).
fn percent(part: u64, total: u64) -> String {
    if total == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / total as f64)
    }
}

/// A score in half points: `12`, `12.5`.
pub fn score(half_points: u64) -> String {
    if half_points.is_multiple_of(2) {
        (half_points / 2).to_string()
    } else {
        format!("{}.5", half_points / 2)
    }
}

/// Input text as shown on a terminal.
fn shown(text: &str) -> String {
    escape_controls(text).into_owned()
}

fn title(out: &mut dyn Write, style: Style, text: &str) -> io::Result<()> {
    writeln!(out, "{}", style.bold(text))
}

/// `White`, `Black`.
pub fn colour_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The result tokens of a variant: first mover wins, second mover wins, draw.
pub fn tokens(variant: Option<Variant>) -> [&'static str; 3] {
    match variant.map(Variant::result_style) {
        Some(ResultStyle::International) => ["2-0", "0-2", "1-1"],
        _ => ["1-0", "0-1", "1/2-1/2"],
    }
}

/// The result rows of one variant, in the order its convention reads them: the first mover's
/// wins first, each with the token that says it.
pub fn result_rows(
    variant: Option<Variant>,
    first: Option<Color>,
    r: &ResultCounts,
) -> Vec<(String, u64)> {
    let [one_zero, zero_one, draw] = tokens(variant);
    let (a, b) = match first {
        Some(first) => (
            format!("{} wins ({one_zero})", colour_name(first)),
            format!("{} wins ({zero_one})", colour_name(first.opposite())),
        ),
        None => ("White wins".to_string(), "Black wins".to_string()),
    };
    let first = first.unwrap_or(Color::White);
    vec![
        (a, r.wins(first)),
        (b, r.wins(first.opposite())),
        (format!("draws ({draw})"), r.draws),
        ("unfinished (*)".to_string(), r.unfinished),
        ("unknown".to_string(), r.unknown),
        ("missing".to_string(), r.missing),
    ]
}

/// `game 12 of FILE: White - Black, Event`.
pub fn pointed_text(game: &GameRef, names: &[String]) -> String {
    let mut text = format!("game {} of {}", game.index, shown(&names[game.file]));
    let players = match (&game.white, &game.black) {
        (None, None) => None,
        (w, b) => Some(format!(
            "{} - {}",
            w.as_deref().unwrap_or("?"),
            b.as_deref().unwrap_or("?")
        )),
    };
    let about: Vec<String> = players
        .into_iter()
        .chain(game.event.as_deref().map(str::to_string))
        .map(|t| shown(&t))
        .collect();
    if !about.is_empty() {
        text.push_str(": ");
        text.push_str(&about.join(", "));
    }
    text
}

/// Writes every section.
pub fn write(out: &mut dyn Write, style: Style, stats: &Stats, view: View) -> io::Result<()> {
    use Align::{Left, Right};
    title(out, style, "Games by variant")?;
    let mut t = Table::new(&[
        ("variant", Left),
        ("games", Right),
        ("%", Right),
        ("plies", Right),
        ("plies/game", Right),
    ]);
    let variants = stats.variants();
    let per_game = |plies: u64, games: u64| format!("{:.1}", plies as f64 / games.max(1) as f64);
    for (variant, s) in &variants {
        t.row(vec![
            variant_name(*variant).to_string(),
            s.games.to_string(),
            percent(s.games, stats.games),
            s.plies.to_string(),
            per_game(s.plies, s.games),
        ]);
    }
    if variants.len() > 1 {
        t.row(vec![
            "all".to_string(),
            stats.games.to_string(),
            percent(stats.games, stats.games),
            stats.plies.to_string(),
            per_game(stats.plies, stats.games),
        ]);
    }
    t.write(out, style)?;

    for (variant, s) in &variants {
        writeln!(out)?;
        let reading = match (variant, s.first_mover) {
            (v, Some(first)) => format!(
                "Results, {} (Result tag, else the terminator; {} means {}, who moves first, won)",
                variant_name(*v),
                tokens(*v)[0],
                colour_name(first)
            ),
            _ => format!(
                "Results, {} (1-0 is a win for the side that moves first, where the GameType says which; unknown where nothing does)",
                variant_name(*variant)
            ),
        };
        title(out, style, &reading)?;
        let mut t = Table::new(&[("result", Left), ("games", Right), ("%", Right)]);
        for (label, n) in result_rows(*variant, s.first_mover, &s.results) {
            t.row(vec![label, n.to_string(), percent(n, s.games)]);
        }
        t.write(out, style)?;
    }

    writeln!(out)?;
    title(out, style, "Game lengths (plies of the main line)")?;
    let median = stats.median_length().unwrap_or(0.0);
    writeln!(
        out,
        "  min {}, median {}, max {}",
        stats.shortest.as_ref().map_or(0, |g| g.plies),
        median,
        stats.longest.as_ref().map_or(0, |g| g.plies)
    )?;
    for (what, game) in [("shortest", &stats.shortest), ("longest", &stats.longest)] {
        if let Some(game) = game {
            writeln!(out, "  {what}: {}", pointed_text(game, view.names))?;
        }
    }
    let histogram = stats.histogram();
    let most = histogram.iter().map(|b| b.games).max().unwrap_or(0);
    let mut t = Table::new(&[("plies", Right), ("games", Right), ("", Left)]);
    for b in &histogram {
        // Bars of up to 40 marks; any game at all shows one.
        let marks = (b.games * 40).div_ceil(most.max(1)) as usize;
        t.row(vec![
            if b.from == b.to {
                b.from.to_string()
            } else {
                format!("{}-{}", b.from, b.to)
            },
            b.games.to_string(),
            "#".repeat(marks),
        ]);
    }
    t.write(out, style)?;

    writeln!(out)?;
    title(
        out,
        style,
        &format!(
            "Openings (first {} plies; {} of {} games from the start position have them; top {})",
            view.opening_plies, stats.with_opening, stats.games, view.top
        ),
    )?;
    let mut t = Table::new(&[
        ("variant", Left),
        ("moves", Left),
        ("name", Left),
        ("games", Right),
        ("%", Right),
    ]);
    for (variant, moves, s) in stats.top_openings(view.top) {
        t.row(vec![
            variant_name(variant).to_string(),
            shown(moves),
            s.name().map_or(String::new(), shown),
            s.games.to_string(),
            percent(s.games, stats.with_opening),
        ]);
    }
    t.write(out, style)?;

    writeln!(out)?;
    title(out, style, "Draw rules that held (games)")?;
    let mut t = Table::new(&[("rule", Left), ("games", Right)]);
    for (rule, n) in &stats.draws {
        t.row(vec![rule.code().to_string(), n.to_string()]);
    }
    t.write(out, style)?;

    writeln!(out)?;
    title(
        out,
        style,
        &format!(
            "Findings by code (errors and warnings: {} games with errors, {} with warnings)",
            stats.games_with_errors, stats.games_with_warnings
        ),
    )?;
    let mut t = Table::new(&[("code", Left), ("findings", Right)]);
    for (code, n) in stats.findings_by_count() {
        t.row(vec![code.to_string(), n.to_string()]);
    }
    t.write(out, style)?;

    writeln!(out)?;
    title(
        out,
        style,
        &format!(
            "Players (top {} of {}; a win scores 1, a draw 1/2)",
            view.top.min(stats.players.len()),
            stats.players.len()
        ),
    )?;
    let mut t = Table::new(&[
        ("player", Left),
        ("games", Right),
        ("won", Right),
        ("drawn", Right),
        ("lost", Right),
        ("score", Right),
        ("%", Right),
    ]);
    for (name, p) in stats.top_players(view.top) {
        t.row(vec![
            shown(name),
            p.games.to_string(),
            p.wins.to_string(),
            p.draws.to_string(),
            p.losses.to_string(),
            score(p.half_points()),
            percent(p.half_points(), 2 * p.scored()),
        ]);
    }
    t.write(out, style)?;

    writeln!(out)?;
    title(
        out,
        style,
        &format!(
            "Events (top {} of {})",
            view.top.min(stats.events.len()),
            stats.events.len()
        ),
    )?;
    let mut t = Table::new(&[
        ("event", Left),
        ("games", Right),
        ("White wins", Right),
        ("Black wins", Right),
        ("draws", Right),
        ("other", Right),
    ]);
    for (name, r) in stats.top_events(view.top) {
        t.row(vec![
            shown(name),
            r.games().to_string(),
            r.white.to_string(),
            r.black.to_string(),
            r.draws.to_string(),
            (r.unfinished + r.unknown + r.missing).to_string(),
        ]);
    }
    t.write(out, style)
}
