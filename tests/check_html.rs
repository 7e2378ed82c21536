//! `pdnkit check --format html`: one self-contained page whose finding sections are the JSON
//! report's findings, each board with the pieces of its position, nothing fetched from the
//! network, text from the input escaped, and large runs bounded by `--max-findings`.

use crate::support::cli;

use cli::{assert_code, run, stdout, temp_dir};
use std::fs;

fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

/// The finding sections of a page, in order.
fn sections(html: &str) -> Vec<&str> {
    html.split("<section class=\"finding ").skip(1).collect()
}

/// Every finding of the JSON report of the same run, in order: (code, fen_before).
fn json_findings(args: &[&str]) -> Vec<(String, Option<String>)> {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let out = run(&all);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    let mut findings = Vec::new();
    for file in report["files"].as_array().unwrap() {
        for game in file["games"].as_array().unwrap() {
            for f in game["findings"].as_array().unwrap() {
                findings.push((
                    f["code"].as_str().unwrap().to_string(),
                    f["fen_before"].as_str().map(str::to_string),
                ));
            }
        }
    }
    findings
}

fn html(args: &[&str]) -> String {
    let mut all = vec!["check", "--format", "html"];
    all.extend_from_slice(args);
    let out = run(&all);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "exit {:?}",
        out.status
    );
    stdout(&out)
}

#[test]
fn every_finding_of_the_fixtures_has_its_section_and_board() {
    let expected = json_findings(&["fixtures/"]);
    let page = html(&["fixtures/", "--level", "note", "--max-findings", "100000"]);
    let found = sections(&page);
    assert_eq!(found.len(), expected.len());
    let mut boards = 0;
    for (section, (code, fen_before)) in found.iter().zip(&expected) {
        assert!(
            section.contains(&format!("data-code=\"{code}\"")),
            "{code}: {section}"
        );
        match fen_before {
            Some(fen) => {
                assert_eq!(count(section, "<svg"), 1, "{code}: one board");
                let setup = pdnkit::fen::parse(fen).expect("fen").setup;
                let pieces = setup.white.len() + setup.black.len();
                assert_eq!(count(section, "class=\"piece "), pieces, "{code} at {fen}");
                boards += 1;
            }
            None => assert_eq!(count(section, "<svg"), 0, "{code}: no position, no board"),
        }
    }
    assert!(boards > 20, "only {boards} boards");
    // Warnings and errors only, by default.
    let default = html(&["fixtures/"]);
    let listed = expected
        .iter()
        .filter(|(c, _)| !c.starts_with("N-"))
        .count();
    assert_eq!(sections(&default).len(), listed);
}

#[test]
fn the_page_fetches_nothing() {
    let page = html(&["fixtures/"]);
    assert!(page.starts_with("<!DOCTYPE html>"));
    // Text from the fixtures (a Site tag) may hold an address, but never as a reference: no
    // source, link, import or namespace, and every `href` is a fragment of the page.
    for needle in [
        " src=", "<link", "@import", "url(", "xmlns", "<iframe", "<object",
    ] {
        assert!(!page.contains(needle), "{needle}");
    }
    for (at, _) in page.match_indices("href=\"") {
        assert!(page[at + 6..].starts_with('#'), "{}", &page[at..at + 40]);
    }
    // One script, inline, and the filters hidden until it runs.
    assert_eq!(count(&page, "<script"), 1);
    assert!(page.contains("<script>"));
    assert!(page.contains("<div id=\"filters\" hidden>"));
}

#[test]
fn text_from_the_input_is_escaped() {
    let dir = temp_dir("hostile");
    let game = dir.join("hostile.pdn");
    fs::write(
        &game,
        "[Event \"<script>alert(1)</script>\"]\n[White \"\\\"><img src=x onerror=alert(2)>\"]\n\
         [Black \"B & C\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 34-30 23x32 {<b>bold</b>} *\n",
    )
    .unwrap();
    let page = html(&[game.to_str().unwrap()]);
    assert_eq!(count(&page, "<script"), 1, "only the page's own script");
    assert!(!page.contains("<img"));
    assert!(!page.contains("<b>bold"));
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(page.contains("B &amp; C"));
    // The illegal move is marked in the record and drawn.
    assert!(page.contains("<mark class=\"error\">34-30</mark>"));
    assert_eq!(count(&page, "class=\"arrow written\""), 1);
    assert_eq!(count(&page, "class=\"arrow legal\""), 1);
}

#[test]
fn findings_past_the_limit_are_counted_not_drawn() {
    let expected = json_findings(&["fixtures/"])
        .iter()
        .filter(|(c, _)| !c.starts_with("N-"))
        .count();
    let page = html(&["fixtures/", "--max-findings", "3"]);
    assert_eq!(sections(&page).len(), 3);
    assert!(
        page.contains(&format!(
            "({} findings not listed: --max-findings 3)",
            expected - 3
        )),
        "{expected}"
    );
}

#[test]
fn a_run_of_50000_findings_stays_small() {
    let dir = temp_dir("large");
    let archive = dir.join("large.pdn");
    // Each game: a date in the wrong format (a warning) and an illegal move (an error).
    let mut text = String::new();
    for i in 0..25_000 {
        text.push_str(&format!(
            "[Event \"E{i}\"]\n[Date \"2024-03-10\"]\n[GameType \"20\"]\n\
             1. 32-28 19-23 2. 34-30 23x32 *\n\n"
        ));
    }
    fs::write(&archive, text).unwrap();
    let out_path = dir.join("report.html");
    let out = run(&[
        "check",
        archive.to_str().unwrap(),
        "--format",
        "html",
        "-o",
        out_path.to_str().unwrap(),
    ]);
    assert_code(&out, 1, "errors found");
    let page = fs::read_to_string(&out_path).unwrap();
    assert!(page.contains("25000 error(s) in 25000 game(s), 25000 warning(s)"));
    assert_eq!(
        sections(&page).len() as u64,
        pdnkit::report::html::DEFAULT_MAX_FINDINGS
    );
    assert!(page.contains("(45000 findings not listed: --max-findings 5000)"));
    assert!(page.len() < 50_000_000, "{} bytes", page.len());
}

#[test]
fn a_record_read_from_the_other_corner_is_drawn_as_it_was_read() {
    // The GameType says a1 is at Black's bottom-left, but the moves fit only a1 at White's
    // bottom-left (fixtures/dialects/variant-orientation.pdn): the replay reads them so, and
    // the board must too. After 1. f6-e5 g3-h4 2. g7-f6 h2-g3 a Black man stands on e5, which
    // is row 3 (from the top), column 4 with a1 at White's bottom-left; a5 is empty.
    let dir = temp_dir("corner");
    let game = dir.join("corner.pdn");
    fs::write(
        &game,
        "[GameType \"21,B,8,8,A0,0\"]\n1. f6-e5 g3-h4 2. g7-f6 h2-g3 3. a5-b4 *\n",
    )
    .unwrap();
    let page = html(&[game.to_str().unwrap()]);
    let boards = sections(&page)
        .into_iter()
        .filter(|s| s.contains("<svg"))
        .collect::<Vec<_>>();
    assert_eq!(boards.len(), 1, "{page}");
    let board = boards[0];
    // (The replay fell back on English's standard numbering, so the squares are labelled
    // with numbers: the drawing is checked by where the pieces are.)
    let at = |row: f64, col: f64| {
        let (x, y) = (MARGIN + (col + 0.5) * SQUARE, MARGIN + (row + 0.5) * SQUARE);
        let place = format!("cx=\"{x}\" cy=\"{y}\" r=");
        board
            .split("<circle class=\"")
            .find(|c| c.contains(&place))
            .map(|c| c[..c.find('"').unwrap()].to_string())
    };
    assert_eq!(at(3.0, 4.0).as_deref(), Some("piece black man"), "e5");
    assert_eq!(at(3.0, 0.0), None, "a5 is empty");
    assert_eq!(at(4.0, 7.0).as_deref(), Some("piece white man"), "h4");
    assert_eq!(board.matches("class=\"piece ").count(), 24);
}

const SQUARE: f64 = 40.0;
const MARGIN: f64 = 22.0;

/// Each code on the page has its catalogue text (what `pdnkit explain` says: the summary and
/// how to fix the record), and each finding links to its code's.
#[test]
fn each_code_on_the_page_says_how_to_fix_it() {
    let page = html(&["fixtures/check/english.pdn", "--level", "note"]);
    let codes: std::collections::BTreeSet<&str> = sections(&page)
        .iter()
        .map(|s| {
            let at = s.find("data-code=\"").unwrap() + 11;
            &s[at..at + s[at..].find('"').unwrap()]
        })
        .collect();
    assert!(codes.len() >= 3, "{codes:?}");
    for section in sections(&page) {
        let at = section.find("data-code=\"").unwrap() + 11;
        let code = &section[at..at + section[at..].find('"').unwrap()];
        assert!(
            section.contains(&format!(
                "<a class=\"fix\" href=\"#fix-{code}\">how to fix</a>"
            )),
            "{section}"
        );
    }
    let fixes = &page[page
        .find("<section id=\"how-to-fix\">")
        .expect("a how-to-fix section")..];
    for code in codes {
        let entry = pdnkit::check::catalogue::lookup(code).expect("a catalogue entry");
        let dt = fixes
            .find(&format!("<dt id=\"fix-{code}\">"))
            .unwrap_or_else(|| panic!("{code} has no entry"));
        let dd = &fixes[dt..];
        let dd = &dd[dd.find("<dd>").unwrap() + 4..dd.find("</dd>").unwrap()];
        // maud escapes the text; the catalogue's quotes and ampersands come back so.
        let unescaped = dd
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        assert_eq!(unescaped, entry.fix, "{code}");
        assert!(!entry.fix.is_empty());
    }
}
