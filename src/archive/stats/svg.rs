//! The charts `stats --svg DIR` writes, as standalone SVG 1.1 written by hand (two simple charts
//! do not need a plotting crate): results by colour as horizontal bars, one group per variant,
//! and the histogram of game lengths. Text from the input (file names, players, events) is
//! escaped for XML, its control characters first written out as escapes (XML 1.0 cannot hold
//! most of them at all).

use super::table::{colour_name, pointed_text, tokens};
use super::{Stats, variant_name};
use crate::notation::Color;
use crate::report::human::escape_controls;
use std::fmt::Write as _;

/// The file name of the results chart.
pub const RESULTS: &str = "results.svg";
/// The file name of the length histogram.
pub const LENGTHS: &str = "lengths.svg";

const WIDTH: u32 = 760;
const FONT: &str = "font-family=\"sans-serif\"";

/// `text` as XML character data or attribute value, control and bidi characters first made
/// visible as `human` output shows them.
pub fn xml(text: &str) -> String {
    crate::report::xml::escape(&escape_controls(text))
}

/// `a.pdn, b.pdn and 3 more`.
pub fn inputs_caption(names: &[String], games: u64) -> String {
    let shown: Vec<&str> = names.iter().take(3).map(String::as_str).collect();
    let mut text = shown.join(", ");
    if names.len() > 3 {
        let _ = write!(text, " and {} more", names.len() - 3);
    }
    let _ = write!(text, ": {games} games");
    text
}

fn open(out: &mut String, height: u32, title: &str, caption: &str) {
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\">"
    );
    let _ = writeln!(out, "<title>{}</title>", xml(title));
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{WIDTH}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"16\" y=\"24\" {FONT} font-size=\"16\" font-weight=\"bold\">{}</text>",
        xml(title)
    );
    let _ = writeln!(
        out,
        "<text x=\"16\" y=\"42\" {FONT} font-size=\"12\" fill=\"#555555\">{}</text>",
        xml(caption)
    );
}

fn fill(color: Option<Color>) -> (&'static str, &'static str) {
    match color {
        Some(Color::White) => ("#f2efe6", "#333333"),
        Some(Color::Black) => ("#262626", "#262626"),
        None => ("#7a8ca3", "#7a8ca3"),
    }
}

/// Results by colour: per variant, a bar for each side's wins, the draws and the rest, as a
/// share of the variant's games.
pub fn results(stats: &Stats, names: &[String]) -> String {
    const ROW: u32 = 22;
    const LABEL: u32 = 230;
    const BAR: u32 = 380;
    let variants = stats.variants();
    let rows = variants.len() as u32 * 5;
    let height = 64 + rows * ROW + 16;
    let mut out = String::new();
    open(
        &mut out,
        height,
        "Results by colour",
        &inputs_caption(names, stats.games),
    );
    let mut y = 64;
    for (variant, s) in &variants {
        let first = s.first_mover.unwrap_or(Color::White);
        let [one_zero, zero_one, draw] = tokens(*variant);
        let label = |c: Color, token: &str| match s.first_mover {
            Some(_) => format!("{} wins ({token})", colour_name(c)),
            None => format!("{} wins", colour_name(c)),
        };
        let r = &s.results;
        let other = r.unfinished + r.unknown + r.missing;
        let _ = writeln!(
            out,
            "<text x=\"16\" y=\"{}\" {FONT} font-size=\"12\" font-weight=\"bold\">{} ({} games)</text>",
            y + 15,
            xml(variant_name(*variant)),
            s.games
        );
        y += ROW;
        let bars = [
            (label(first, one_zero), r.wins(first), fill(Some(first))),
            (
                label(first.opposite(), zero_one),
                r.wins(first.opposite()),
                fill(Some(first.opposite())),
            ),
            (format!("draws ({draw})"), r.draws, fill(None)),
            (
                "unfinished, unknown, missing".to_string(),
                other,
                ("#c9c9c9", "#c9c9c9"),
            ),
        ];
        for (label, n, (fill, stroke)) in bars {
            let share = n as f64 / s.games.max(1) as f64;
            let width = (share * f64::from(BAR)).round() as u32;
            let _ = writeln!(
                out,
                "<text x=\"32\" y=\"{}\" {FONT} font-size=\"12\">{}</text>",
                y + 15,
                xml(&label)
            );
            let _ = writeln!(
                out,
                "<rect x=\"{LABEL}\" y=\"{}\" width=\"{width}\" height=\"16\" fill=\"{fill}\" stroke=\"{stroke}\"/>",
                y + 3
            );
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"12\">{n} ({:.1}%)</text>",
                LABEL + width + 6,
                y + 15,
                100.0 * share
            );
            y += ROW;
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The histogram of game lengths, with the longest game named.
pub fn lengths(stats: &Stats, names: &[String]) -> String {
    const HEIGHT: u32 = 400;
    const TOP: u32 = 96;
    const BOTTOM: u32 = 340;
    const LEFT: u32 = 64;
    let buckets = stats.histogram();
    let mut out = String::new();
    let mut caption = format!(
        "{}; min {}, median {}, max {} plies",
        inputs_caption(names, stats.games),
        stats.shortest.as_ref().map_or(0, |g| g.plies),
        stats.median_length().unwrap_or(0.0),
        stats.longest.as_ref().map_or(0, |g| g.plies),
    );
    open(&mut out, HEIGHT, "Game lengths (plies)", &caption);
    if let Some(longest) = &stats.longest {
        caption = format!("longest: {}", pointed_text(longest, names));
        let _ = writeln!(
            out,
            "<text x=\"16\" y=\"60\" {FONT} font-size=\"12\" fill=\"#555555\">{}</text>",
            xml(&caption)
        );
    }
    let most = buckets.iter().map(|b| b.games).max().unwrap_or(0).max(1);
    let span = BOTTOM - TOP;
    let slot = (WIDTH - LEFT - 24) / (buckets.len() as u32).max(1);
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT}\" y1=\"{BOTTOM}\" x2=\"{}\" y2=\"{BOTTOM}\" stroke=\"#333333\"/>",
        WIDTH - 16
    );
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{BOTTOM}\" stroke=\"#333333\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"12\" text-anchor=\"end\">{most}</text>",
        LEFT - 6,
        TOP + 4
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"12\" text-anchor=\"end\">0</text>",
        LEFT - 6,
        BOTTOM + 4
    );
    for (i, b) in buckets.iter().enumerate() {
        let x = LEFT + 4 + i as u32 * slot;
        let h = (b.games as f64 / most as f64 * f64::from(span)).round() as u32;
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{}\" width=\"{}\" height=\"{h}\" fill=\"#4f6d8f\"><title>{}-{} plies: {} games</title></rect>",
            BOTTOM - h,
            slot.saturating_sub(4).max(1),
            b.from,
            b.to,
            b.games
        );
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"10\" text-anchor=\"middle\">{}</text>",
            x + slot / 2,
            BOTTOM + 14,
            b.from
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"12\" text-anchor=\"middle\">plies (each bar: games of that length range)</text>",
        WIDTH / 2,
        BOTTOM + 36
    );
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_control_characters_are_escaped() {
        assert_eq!(
            xml("<script>\"a\" & 'b'\x1b[31m"),
            "&lt;script&gt;&quot;a&quot; &amp; &apos;b&apos;\\x1b[31m"
        );
    }
}
