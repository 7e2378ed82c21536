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
use unicode_width::UnicodeWidthStr;

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

/// The widest a column of text is drawn, as a share of the font size: sans-serif letters
/// average about half an em, so this bounds capitals and wide letters too; a CJK character
/// takes two columns. Bold text is taken a tenth wider.
pub const EM_PER_COLUMN: f64 = 0.65;

/// The most `text` can take, drawn at `size` (bold or not), in pixels.
pub fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let weight = if bold { 1.1 } else { 1.0 };
    text.width() as f64 * EM_PER_COLUMN * size * weight
}

/// `text` ready for the SVG (control characters made visible, XML escaped), shortened with `…`
/// to fit `room` pixels; a shortened text keeps the whole one as its tooltip (`<title>`).
fn fitted(text: &str, size: f64, bold: bool, room: f64) -> String {
    let visible = escape_controls(text);
    if text_width(&visible, size, bold) <= room {
        return crate::report::xml::escape(&visible);
    }
    let mut short = String::new();
    for c in visible.chars() {
        let next = format!("{short}{c}…");
        if text_width(&next, size, bold) > room {
            break;
        }
        short.push(c);
    }
    short.push('…');
    format!(
        "{}<title>{}</title>",
        crate::report::xml::escape(&short),
        crate::report::xml::escape(&visible)
    )
}

/// The step between the y axis's ticks (1, 2 or 5 times a power of ten, about five ticks up to
/// `most`) and the top tick, at or above `most`.
fn ticks(most: u64) -> (u64, u64) {
    let raw = most.max(1) as f64 / 5.0;
    let power = 10f64.powi(raw.log10().floor() as i32);
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * power)
        .max(1.0) as u64;
    (step, most.max(1).div_ceil(step) * step)
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
    let room = f64::from(WIDTH - 32);
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{WIDTH}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"16\" y=\"24\" {FONT} font-size=\"16\" font-weight=\"bold\">{}</text>",
        fitted(title, 16.0, true, room)
    );
    let _ = writeln!(
        out,
        "<text x=\"16\" y=\"42\" {FONT} font-size=\"12\" fill=\"#555555\">{}</text>",
        fitted(caption, 12.0, false, room)
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
    const LABEL: u32 = 262;
    const BAR: u32 = 360;
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
            "<text x=\"16\" y=\"{}\" {FONT} font-size=\"12\" font-weight=\"bold\">{}</text>",
            y + 15,
            fitted(
                &format!("{} ({} games)", variant_name(*variant), s.games),
                12.0,
                true,
                f64::from(WIDTH - 32)
            )
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
                fitted(&label, 12.0, false, f64::from(LABEL - 32 - 6))
            );
            let _ = writeln!(
                out,
                "<rect x=\"{LABEL}\" y=\"{}\" width=\"{width}\" height=\"16\" fill=\"{fill}\" stroke=\"{stroke}\"/>",
                y + 3
            );
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"12\">{}</text>",
                LABEL + width + 6,
                y + 15,
                fitted(
                    &format!("{n} ({:.1}%)", 100.0 * share),
                    12.0,
                    false,
                    f64::from(WIDTH - (LABEL + width + 6) - 8)
                )
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
            fitted(&caption, 12.0, false, f64::from(WIDTH - 32))
        );
    }
    let most = buckets.iter().map(|b| b.games).max().unwrap_or(0).max(1);
    // The y axis goes up to its top tick, so every tick is a round number of games.
    let (step, top) = ticks(most);
    let span = BOTTOM - TOP;
    let y_of = |games: u64| BOTTOM - (games as f64 / top as f64 * f64::from(span)).round() as u32;
    let slot = (WIDTH - LEFT - 24) / (buckets.len() as u32).max(1);
    for games in (0..=top).step_by(step as usize) {
        let y = y_of(games);
        if games > 0 {
            let _ = writeln!(
                out,
                "<line x1=\"{LEFT}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#e3e3e3\"/>",
                WIDTH - 16
            );
        }
        let _ = writeln!(
            out,
            "<line class=\"tick\" x1=\"{}\" y1=\"{y}\" x2=\"{LEFT}\" y2=\"{y}\" stroke=\"#333333\"/>",
            LEFT - 4
        );
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"11\" text-anchor=\"end\">{}</text>",
            LEFT - 6,
            y + 4,
            fitted(&games.to_string(), 11.0, false, f64::from(LEFT - 6))
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{LEFT}\" y=\"{}\" {FONT} font-size=\"11\" text-anchor=\"middle\">games</text>",
        TOP - 8
    );
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT}\" y1=\"{BOTTOM}\" x2=\"{}\" y2=\"{BOTTOM}\" stroke=\"#333333\"/>",
        WIDTH - 16
    );
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{BOTTOM}\" stroke=\"#333333\"/>"
    );
    for (i, b) in buckets.iter().enumerate() {
        let x = LEFT + 4 + i as u32 * slot;
        let h = BOTTOM - y_of(b.games);
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
    fn ticks_are_round_numbers_up_to_the_most() {
        assert_eq!(ticks(1), (1, 1));
        assert_eq!(ticks(7), (2, 8));
        assert_eq!(ticks(1650), (500, 2000));
        assert_eq!(ticks(3000), (1000, 3000));
    }

    #[test]
    fn text_too_wide_is_shortened_and_kept_as_its_tooltip() {
        assert_eq!(fitted("short", 12.0, false, 100.0), "short");
        let long = "Tinsley, M. - 金东焕 <Open>";
        let out = fitted(long, 12.0, false, 80.0);
        let shown = &out[..out.find("<title>").expect("a tooltip")];
        assert!(shown.ends_with('…'), "{out}");
        assert!(text_width(shown, 12.0, false) <= 80.0, "{out}");
        assert!(
            out.contains("<title>Tinsley, M. - 金东焕 &lt;Open&gt;</title>"),
            "{out}"
        );
    }

    #[test]
    fn markup_and_control_characters_are_escaped() {
        assert_eq!(
            xml("<script>\"a\" & 'b'\x1b[31m"),
            "&lt;script&gt;&quot;a&quot; &amp; &apos;b&apos;\\x1b[31m"
        );
    }
}
