//! `pdnkit stats`: the figures of a small fixture whose answers are worked out by hand (see the
//! comments), the JSON against its schema, the same output for any `--jobs`, SVG charts that
//! parse and are written only where asked, text from the input escaped, and OCA_2.0's results
//! by colour (English: `1-0` is a win for Black, who moves first).

use crate::support::cli;
use crate::support::corpus;
use crate::support::schema;

use cli::{assert_code, pdnkit, run, stderr, stdout, temp_dir};
use serde_json::{Value, json};
use std::path::Path;

const FIXTURE: &str = "fixtures/archive/stats.pdn";

/// The lines of the section whose title starts with `title`, up to the blank line after it.
fn section<'a>(text: &'a str, title: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with(title))
        .unwrap_or_else(|| panic!("no section {title:?} in\n{text}"));
    lines[start + 1..]
        .iter()
        .take_while(|l| !l.is_empty())
        .copied()
        .collect()
}

/// The cells after `label` on the row of `lines` that starts with it.
fn row(lines: &[&str], label: &str) -> Vec<String> {
    let line = lines
        .iter()
        .find(|l| l.trim_start().starts_with(label))
        .unwrap_or_else(|| panic!("no row {label:?} in\n{}", lines.join("\n")));
    line.trim_start()[label.len()..]
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

fn json_of(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON: {e}\n{}", stdout(out)))
}

// The fixture, by hand: English games 1-4 and 7, International 5-6.
// 1 Ames-Brown 1-0 (English: Black, Brown, wins), 6 plies, Opening "Old Fourteenth"
// 2 Brown-Ames 0-1 (White, Brown, wins), 4 plies
// 3 Ames-Cole 1/2-1/2, 4 plies
// 4 Cole-Brown *, 3 plies
// 5 Eck-Fox 2-0 (International: White, Eck, wins), 4 plies
// 6 Fox-Eck 1-1, 2 plies, no Event
// 7 Dunn-Ames, no result at all, 2 plies
#[test]
fn the_fixture_reads_each_variants_results_by_colour() {
    let out = run(&["stats", FIXTURE]);
    assert_code(&out, 0, "stats of the fixture");
    let text = stdout(&out);
    let games = section(&text, "Games by variant");
    assert_eq!(row(&games, "english"), ["5", "71.4%", "19", "3.8"]);
    assert_eq!(row(&games, "international"), ["2", "28.6%", "6", "3.0"]);
    assert_eq!(row(&games, "all"), ["7", "100.0%", "25", "3.6"]);

    let english = section(&text, "Results, english");
    assert_eq!(row(&english, "Black wins (1-0)"), ["1", "20.0%"]);
    assert_eq!(row(&english, "White wins (0-1)"), ["1", "20.0%"]);
    assert_eq!(row(&english, "draws (1/2-1/2)"), ["1", "20.0%"]);
    assert_eq!(row(&english, "unfinished (*)"), ["1", "20.0%"]);
    assert_eq!(row(&english, "missing"), ["1", "20.0%"]);
    assert_eq!(row(&english, "unknown"), ["0", "0.0%"]);
    // The first mover's row comes first.
    assert!(english[1].contains("Black wins"), "{english:?}");
    let international = section(&text, "Results, international");
    assert!(international[1].contains("White wins (2-0)"));
    assert_eq!(row(&international, "White wins (2-0)"), ["1", "50.0%"]);
    assert_eq!(row(&international, "draws (1-1)"), ["1", "50.0%"]);

    // Lengths 2, 2, 3, 4, 4, 4, 6.
    let lengths = section(&text, "Game lengths");
    assert_eq!(lengths[0].trim(), "min 2, median 4, max 6");
    assert!(lengths[1].contains("shortest: game 6 of fixtures/archive/stats.pdn: Fox - Eck"));
    assert!(
        lengths[2]
            .contains("longest: game 1 of fixtures/archive/stats.pdn: Ames - Brown, Club 2024")
    );
    assert_eq!(row(&lengths, "4 ")[0], "3");

    // Games 1, 2 and 4 open 11-15 23-19 8-11; game 7 (2 plies) has no three-ply opening.
    let openings = section(&text, "Openings (first 3 plies; 5 of 7 games");
    assert_eq!(
        row(&openings, "english"),
        ["11-15", "23-19", "8-11", "Old", "Fourteenth", "3", "60.0%"]
    );

    // Ames: lost 1 and 2, drew 3, no result in 7. Brown: won 1 and 2, 4 unfinished.
    let players = section(&text, "Players (top 6 of 6");
    assert_eq!(row(&players, "Ames"), ["4", "0", "1", "2", "0.5", "16.7%"]);
    assert_eq!(row(&players, "Brown"), ["3", "2", "0", "0", "2", "100.0%"]);
    assert_eq!(row(&players, "Eck"), ["2", "1", "1", "0", "1.5", "75.0%"]);
    assert_eq!(row(&players, "Dunn"), ["1", "0", "0", "0", "0", "-"]);

    let events = section(&text, "Events (top 3 of 3)");
    assert_eq!(row(&events, "Club 2024"), ["4", "1", "1", "1", "1"]);
    assert_eq!(row(&events, "Open"), ["1", "1", "0", "0", "0"]);
    assert_eq!(section(&text, "Draw rules")[0].trim(), "(none)");
}

#[test]
fn json_has_the_same_figures_and_matches_its_schema() {
    let out = run(&["stats", "--format", "json", FIXTURE]);
    assert_code(&out, 0, "json");
    let doc = json_of(&out);
    schema::assert_valid(
        &schema::validator("stats-report.json", None),
        &doc,
        "stats of the fixture",
    );
    assert_eq!(doc["schema"], "pdnkit-stats/1");
    assert_eq!(doc["totals"]["games"], 7);
    assert_eq!(doc["totals"]["plies"], 25);
    assert_eq!(doc["variants"][0]["variant"], "english");
    assert_eq!(doc["variants"][0]["first_mover"], "black");
    assert_eq!(
        doc["variants"][0]["results"],
        json!({"white": 1, "black": 1, "draws": 1, "unfinished": 1, "unknown": 0, "missing": 1})
    );
    assert_eq!(doc["variants"][1]["first_mover"], "white");
    assert_eq!(doc["results"]["white"], 2);
    assert_eq!(doc["lengths"]["median"], 4.0);
    assert_eq!(doc["lengths"]["longest"]["game"], 1);
    assert_eq!(doc["openings"]["games"], 5);
    assert_eq!(doc["openings"]["top"][0]["name"], "Old Fourteenth");
    assert_eq!(doc["players"]["top"][0]["name"], "Ames");
    assert_eq!(doc["players"]["top"][0]["score"], 0.5);
    assert_eq!(doc["players"]["top"][1]["score"], 2.0);
}

#[test]
fn every_fixture_gives_json_that_matches_the_schema() {
    // All the fixtures: unknown variants, setups, broken games, every result token.
    let out = run(&["stats", "--format", "json", "fixtures/"]);
    let doc = json_of(&out);
    schema::assert_valid(
        &schema::validator("stats-report.json", None),
        &doc,
        "stats of fixtures/",
    );
    assert!(doc["totals"]["games"].as_u64().unwrap() > 100);
    let by_code = doc["findings"]["by_code"].as_array().unwrap();
    assert!(by_code.iter().any(|c| c["code"] == "E-CAPTURE-MANDATORY"));
}

#[test]
fn opening_moves_and_top_are_honoured() {
    let out = run(&[
        "stats",
        "--format",
        "json",
        "--opening-moves",
        "2",
        "--top",
        "1",
        FIXTURE,
    ]);
    let doc = json_of(&out);
    // Every game has two plies from the start position; 1, 2 and 4 open 11-15 23-19.
    assert_eq!(doc["openings"]["games"], 7);
    assert_eq!(doc["openings"]["distinct"], 5);
    let top = doc["openings"]["top"].as_array().unwrap();
    assert_eq!(top.len(), 1);
    assert_eq!(top[0]["moves"], "11-15 23-19");
    assert_eq!(top[0]["games"], 3);
    assert_eq!(doc["players"]["top"].as_array().unwrap().len(), 1);
    assert_eq!(doc["players"]["distinct"], 6);
    assert_eq!(doc["events"]["top"].as_array().unwrap().len(), 1);
}

#[test]
fn the_same_output_for_any_jobs() {
    for format in ["human", "json"] {
        let with = |jobs: &str| run(&["stats", "-q", "--format", format, "-j", jobs, "fixtures/"]);
        let (one, two) = (with("1"), with("2"));
        assert!(!one.stdout.is_empty());
        assert!(one.stdout == two.stdout, "{format}: --jobs 1 and 2 differ");
        assert_eq!(one.status.code(), two.status.code());
    }
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let plain = run(&["stats", FIXTURE]);
    assert!(!plain.stdout.contains(&0x1b), "no colour into a pipe");
    let always = run(&["--color", "always", "stats", FIXTURE]);
    assert!(stdout(&always).contains("\x1b[1mGames by variant\x1b[0m"));
    let never = pdnkit()
        .args(["--color", "auto", "stats", FIXTURE])
        .env("NO_COLOR", "1")
        .output()
        .expect("run");
    assert!(!never.stdout.contains(&0x1b));
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Parses an SVG document: well-formed XML with an `svg` root.
fn parse_svg(text: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(text.starts_with("<svg "));
    doc
}

/// The texts of the chart, whole: a text shortened to fit keeps the whole one as its tooltip.
fn texts(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| {
            let tooltip = n.children().find(|c| c.has_tag_name("title"));
            tooltip.unwrap_or(n).text().map(str::to_string)
        })
        .collect()
}

#[test]
fn svg_charts_are_well_formed_and_only_the_two_asked_for_are_written() {
    let dir = temp_dir("svg");
    let charts = dir.join("charts");
    std::fs::create_dir(&charts).expect("dir");
    std::fs::write(charts.join("notes.txt"), "mine").expect("write");
    let out = run(&["stats", "-q", "--svg", charts.to_str().unwrap(), FIXTURE]);
    assert_code(&out, 0, "--svg");
    assert_eq!(
        files_in(&charts),
        ["lengths.svg", "notes.txt", "results.svg"]
    );
    assert_eq!(
        std::fs::read_to_string(charts.join("notes.txt")).unwrap(),
        "mine"
    );

    let results = std::fs::read_to_string(charts.join("results.svg")).unwrap();
    let doc = parse_svg(&results);
    let labels = texts(&doc);
    for label in [
        "english (5 games)",
        "Black wins (1-0)",
        "international (2 games)",
        "White wins (2-0)",
    ] {
        assert!(labels.iter().any(|t| t == label), "{label} in {labels:?}");
    }
    assert!(labels.iter().any(|t| t == "1 (20.0%)"), "{labels:?}");
    // A bar per result group per variant.
    let bars = doc.descendants().filter(|n| n.has_tag_name("rect")).count();
    assert_eq!(
        bars,
        1 + 2 * 4,
        "background and 4 bars for each of 2 variants"
    );

    let lengths = std::fs::read_to_string(charts.join("lengths.svg")).unwrap();
    let doc = parse_svg(&lengths);
    // Lengths 2 to 6 in buckets of 1: five bars, the tallest for 4 plies (3 games).
    let bars: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("#4f6d8f"))
        .collect();
    assert_eq!(bars.len(), 5);
    let heights: Vec<u32> = bars
        .iter()
        .map(|b| b.attribute("height").unwrap().parse().unwrap())
        .collect();
    assert_eq!(heights.iter().max(), Some(&heights[2]));
    assert_eq!(heights[3], 0);
    assert!(texts(&doc).iter().any(|t| t.contains("Ames - Brown")));
}

#[test]
fn the_chart_directory_is_made_only_after_a_successful_run() {
    let dir = temp_dir("svg-fail");
    let charts = dir.join("charts");
    let empty = dir.join("empty.pdn");
    std::fs::write(&empty, "").expect("write");
    let out = run(&[
        "stats",
        "--svg",
        charts.to_str().unwrap(),
        empty.to_str().unwrap(),
    ]);
    assert_code(&out, 2, "no games");
    assert!(stderr(&out).contains("no games found"), "{}", stderr(&out));
    assert!(!charts.exists(), "a failed run made the chart directory");

    let missing = dir.join("missing.pdn");
    let out = run(&[
        "stats",
        "--svg",
        charts.to_str().unwrap(),
        FIXTURE,
        missing.to_str().unwrap(),
    ]);
    assert_code(&out, 2, "an unreadable input");
    assert!(!charts.exists());

    // A new directory (and its parents) once the run succeeds.
    let nested = dir.join("a/b");
    let out = run(&["stats", "-q", "--svg", nested.to_str().unwrap(), FIXTURE]);
    assert_code(&out, 0, "nested chart directory");
    assert_eq!(files_in(&nested), ["lengths.svg", "results.svg"]);

    // A file where the directory should be: refused before the run, the file left alone.
    let out = run(&["stats", "--svg", empty.to_str().unwrap(), FIXTURE]);
    assert_code(&out, 2, "--svg names a file");
    assert_eq!(std::fs::read(&empty).unwrap(), b"");
}

#[test]
fn hostile_tag_values_are_escaped_in_the_table_and_the_svg() {
    let dir = temp_dir("hostile");
    let path = dir.join("hostile.pdn");
    std::fs::write(
        &path,
        "[Event \"\x1b]0;owned\x07 <b>&amp;</b>\"]\n[White \"<script>alert(1)</script>\"]\n\
         [Black \"\x1b[31mRed\"]\n[GameType \"21\"]\n[Result \"1-0\"]\n\
         1. 11-15 23-19 2. 8-11 22-17 1-0\n",
    )
    .expect("write");
    let charts = dir.join("charts");
    let out = run(&[
        "stats",
        "--svg",
        charts.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    assert_code(&out, 0, "hostile values");
    let text = stdout(&out);
    assert!(
        !out.stdout.iter().any(|&b| b < 0x20 && b != b'\n'),
        "control bytes in\n{text}"
    );
    assert!(text.contains("\\x1b[31mRed"), "{text}");
    assert!(text.contains("\\x1b]0;owned\\x07"), "{text}");

    let svg = std::fs::read_to_string(charts.join("lengths.svg")).unwrap();
    let doc = parse_svg(&svg);
    assert!(
        !svg.bytes().any(|b| b < 0x20 && b != b'\n'),
        "control bytes in the SVG"
    );
    assert!(!svg.contains("<script"), "{svg}");
    assert!(!svg.contains("<b>"), "{svg}");
    assert!(
        svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{svg}"
    );
    // Read back, the text is the escaped value, not markup.
    assert!(
        texts(&doc)
            .iter()
            .any(|t| t.contains("<script>alert(1)</script> - \\x1b[31mRed")),
        "{svg}"
    );
    parse_svg(&std::fs::read_to_string(charts.join("results.svg")).unwrap());
}

/// Counts `[Result "..."]` lines of the file (the test's own reading, not pdnkit's).
fn result_tags(text: &str) -> [u64; 3] {
    let mut n = [0; 3];
    for line in text.lines() {
        match line.trim() {
            "[Result \"1-0\"]" => n[0] += 1,
            "[Result \"0-1\"]" => n[1] += 1,
            "[Result \"1/2-1/2\"]" => n[2] += 1,
            _ => {}
        }
    }
    n
}

#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn oca_results_by_colour_read_one_zero_as_a_win_for_black() {
    let Some(oca) = corpus::corpus("english/OCA_2.0.pdn") else {
        return;
    };
    let text = std::fs::read_to_string(&oca).expect("OCA reads");
    // The archive's own Result tags.
    assert_eq!(result_tags(&text), [3626, 4803, 14192]);
    let oca = oca.to_str().unwrap();
    let out = run(&["stats", "--format", "json", oca]);
    assert_code(&out, 0, "OCA");
    let doc = json_of(&out);
    schema::assert_valid(&schema::validator("stats-report.json", None), &doc, "OCA");
    assert_eq!(doc["totals"]["games"], 22_621);
    assert_eq!(doc["variants"].as_array().unwrap().len(), 1);
    assert_eq!(doc["variants"][0]["variant"], "english");
    // English: 1-0 is a win for Black, who moves first; 0-1 for White.
    assert_eq!(
        doc["results"],
        json!({"black": 3626, "white": 4803, "draws": 14192, "unfinished": 0, "unknown": 0, "missing": 0})
    );

    // The most frequent player's record, scored by the test from the tags.
    let top = &doc["players"]["top"][0];
    let name = top["name"].as_str().unwrap();
    let (mut games, mut half_points) = (0u64, 0u64);
    for game in text.split("\n\n") {
        let tag = |t: &str| {
            game.lines()
                .find_map(|l| l.strip_prefix(&format!("[{t} \"")))
                .and_then(|v| v.strip_suffix("\"]"))
        };
        let result = tag("Result");
        // English: 1-0 Black won, 0-1 White won.
        if tag("White") == Some(name) {
            games += 1;
            half_points += match result {
                Some("0-1") => 2,
                Some("1/2-1/2") => 1,
                _ => 0,
            };
        }
        if tag("Black") == Some(name) {
            games += 1;
            half_points += match result {
                Some("1-0") => 2,
                Some("1/2-1/2") => 1,
                _ => 0,
            };
        }
    }
    assert_eq!(top["games"], games, "{name}");
    assert_eq!(
        top["score"].as_f64().unwrap() * 2.0,
        half_points as f64,
        "{name}"
    );

    // The most played three-move ballot, counted from the move text's first line.
    let opening = &doc["openings"]["top"][0];
    let moves: Vec<&str> = opening["moves"].as_str().unwrap().split(' ').collect();
    let prefix = format!("1. {} {} 2. {} ", moves[0], moves[1], moves[2]);
    let played = text.lines().filter(|l| l.starts_with(&prefix)).count() as u64;
    assert_eq!(opening["games"], played, "{prefix}");

    // The table says it too, with the colour reading.
    let human = run(&["stats", "-j", "1", oca]);
    let table = stdout(&human);
    let results = section(&table, "Results, english");
    assert_eq!(row(&results, "Black wins (1-0)")[0], "3626");
    assert_eq!(row(&results, "White wins (0-1)")[0], "4803");
    assert_eq!(row(&results, "draws (1/2-1/2)")[0], "14192");
    let two = run(&["stats", "-j", "2", oca]);
    assert!(human.stdout == two.stdout, "OCA: --jobs 1 and 2 differ");
}

/// `stats` on nothing fails as every other command does ("no games found", exit 2): an empty
/// file, a file of blank lines and empty standard input, in either format.
#[test]
fn no_games_is_exit_2_as_for_every_command() {
    let dir = temp_dir("no-games");
    let empty = dir.join("empty.pdn");
    std::fs::write(&empty, "").unwrap();
    let blank = dir.join("blank.pdn");
    std::fs::write(&blank, "\n\n  \n").unwrap();
    for path in [&empty, &blank] {
        for format in ["human", "json"] {
            let out = run(&["stats", "--format", format, path.to_str().unwrap()]);
            assert_code(&out, 2, &format!("stats {format} {}", path.display()));
            assert!(stderr(&out).contains("no games found"), "{}", stderr(&out));
        }
    }
    let out = pdnkit()
        .args(["stats", "-"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_code(&out, 2, "stats - (empty)");
}

/// Games whose players and event have CJK names (two columns a character on a terminal), and a
/// longest game whose description is far wider than a chart.
const WIDE_NAMES: &str = "[Event \"世界选手权 World Championship of a very long name indeed, round robin\"]\n[White \"金东焕\"]\n[Black \"Tinsley, M.\"]\n[Result \"0-1\"]\n[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17x10 4. 7x14 25-22 0-1\n\n[Event \"Club\"]\n[White \"Lee\"]\n[Black \"박영철\"]\n[Result \"1/2-1/2\"]\n[GameType \"21\"]\n1. 11-15 23-19 1/2-1/2\n";

#[test]
fn tables_align_names_by_their_width_on_a_terminal() {
    let dir = temp_dir("wide-names");
    let file = dir.join("wide.pdn");
    std::fs::write(&file, WIDE_NAMES).unwrap();
    let out = run(&["stats", file.to_str().unwrap()]);
    assert_code(&out, 0, "stats");
    let text = stdout(&out);
    let width = |s: &str| unicode_width::UnicodeWidthStr::width(s);
    for title in ["Players", "Events"] {
        let lines = section(&text, title);
        assert!(lines.len() >= 3, "{title}: {lines:?}");
        // Every column after the name is right-aligned: with the name measured in terminal
        // columns, each row ends in the column the header does (measured in characters, a
        // row with a CJK name would stick out by one column a character).
        let header = width(lines[0]);
        for line in &lines {
            assert_eq!(width(line), header, "{title}:\n{}", lines.join("\n"));
        }
        assert!(
            lines
                .iter()
                .any(|l| l.chars().any(|c| width(&c.to_string()) == 2)),
            "{title}: a CJK row"
        );
    }
}

/// Every text of the charts fits the picture, measured generously (a column of text at most
/// 0.65 of the font size, a CJK character two, bold a tenth wider), and the y axis has ticks.
#[test]
fn chart_text_fits_the_picture_and_the_y_axis_has_ticks() {
    let dir = temp_dir("svg-fit");
    let file = dir.join("wide.pdn");
    std::fs::write(&file, WIDE_NAMES).unwrap();
    let charts = dir.join("charts");
    for input in [file.to_str().unwrap(), FIXTURE] {
        let out = run(&["stats", "-q", "--svg", charts.to_str().unwrap(), input]);
        assert_code(&out, 0, "--svg");
        for chart in ["results.svg", "lengths.svg"] {
            let svg = std::fs::read_to_string(charts.join(chart)).unwrap();
            let doc = parse_svg(&svg);
            let root = doc.root_element();
            let view: Vec<f64> = root
                .attribute("viewBox")
                .unwrap()
                .split(' ')
                .map(|v| v.parse().unwrap())
                .collect();
            let (left, right) = (view[0], view[0] + view[2]);
            for text in doc.descendants().filter(|n| n.has_tag_name("text")) {
                // The text drawn: its own characters, not its tooltip's.
                let drawn: String = text
                    .children()
                    .filter(|c| c.is_text())
                    .filter_map(|c| c.text())
                    .collect();
                let size: f64 = text.attribute("font-size").unwrap().parse().unwrap();
                let bold = text.attribute("font-weight") == Some("bold");
                let columns = unicode_width::UnicodeWidthStr::width(drawn.as_str()) as f64;
                let wide = columns * 0.65 * size * if bold { 1.1 } else { 1.0 };
                let x: f64 = text.attribute("x").unwrap().parse().unwrap();
                let (from, to) = match text.attribute("text-anchor") {
                    Some("end") => (x - wide, x),
                    Some("middle") => (x - wide / 2.0, x + wide / 2.0),
                    _ => (x, x + wide),
                };
                assert!(
                    from >= left && to <= right,
                    "{chart} of {input}: {drawn:?} spans {from:.0}..{to:.0}, outside {left}..{right}"
                );
            }
            if chart == "results.svg" && input == FIXTURE {
                // The chart's own labels fit whole; only long text from the input is cut.
                assert!(!svg.contains('…'), "{svg}");
                assert!(
                    svg.contains(">unfinished, unknown, missing</text>"),
                    "{svg}"
                );
            }
            if chart == "lengths.svg" {
                let ticks = doc
                    .descendants()
                    .filter(|n| n.has_tag_name("line") && n.attribute("class") == Some("tick"))
                    .count();
                assert!(ticks >= 2, "{input}: {ticks} ticks on the y axis");
                // A shortened text keeps the whole one as its tooltip.
                if input != FIXTURE {
                    assert!(svg.contains("…<title>longest: "), "{svg}");
                }
            }
        }
    }
}
