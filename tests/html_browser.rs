//! The pages' inline JavaScript run in headless Chromium (`--dump-dom` prints the page as the
//! script left it): the report's filters show only the findings of the code asked for, and the
//! viewer shows one position at a time. Skipped, with the reason printed, when no Chromium is
//! installed (`.ci/run` installs one).

#[path = "support/cli.rs"]
mod cli;
#[path = "support/corpus.rs"]
mod corpus;

use cli::{run, temp_dir};
use std::path::Path;
use std::process::Command;

/// The Chromium binary, if one is installed.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

/// The DOM of `page` (with `fragment` after `#`) once its scripts have run.
fn dom(browser: &str, page: &Path, fragment: &str) -> String {
    let url = format!("file://{}#{fragment}", page.display());
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=2000",
            "--dump-dom",
            &url,
        ])
        .output()
        .expect("run chromium");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 DOM")
}

/// Finding sections the script left visible, by code.
fn visible(dom: &str) -> Vec<String> {
    dom.split("<section class=\"finding ")
        .skip(1)
        .filter(|s| !s[..s.find('>').unwrap()].contains("hidden"))
        .map(|s| {
            let at = s.find("data-code=\"").unwrap() + 11;
            s[at..at + s[at..].find('"').unwrap()].to_string()
        })
        .collect()
}

#[test]
fn the_report_filters_by_code_and_the_viewer_steps() {
    let Some(browser) = chromium() else {
        corpus::skip(format_args!(
            "no Chromium installed (chromium, chromium-browser, google-chrome)"
        ));
        return;
    };
    let dir = temp_dir("browser");
    let report = dir.join("report.html");
    let out = run(&[
        "check",
        "fixtures/",
        "--format",
        "html",
        "-o",
        report.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let page = std::fs::read_to_string(&report).unwrap();
    let all = page.matches("<section class=\"finding ").count();
    // Sections (the table of codes links each code too).
    let dates = page
        .matches("data-code=\"W-DATE-FORMAT\" data-level=")
        .count();
    assert!(dates > 1 && dates < all, "{dates} of {all}");

    // Unfiltered: the script shows the filters and hides nothing.
    let shown = dom(browser, &report, "");
    assert!(shown.contains("<div id=\"filters\">"), "filters not shown");
    assert_eq!(visible(&shown).len(), all);
    // Filtered by a code: only its findings.
    let filtered = visible(&dom(browser, &report, "code=W-DATE-FORMAT"));
    assert_eq!(filtered.len(), dates);
    assert!(filtered.iter().all(|c| c == "W-DATE-FORMAT"));

    // The viewer: one position shown at a time, the one the link names.
    let game = dir.join("game.pdn");
    std::fs::write(
        &game,
        "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n",
    )
    .unwrap();
    let viewer = dir.join("viewer.html");
    let out = run(&[
        "show",
        game.to_str().unwrap(),
        "--html",
        viewer.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let stepped = dom(browser, &viewer, "p3");
    let figures: Vec<bool> = stepped
        .split("<figure class=\"ply\"")
        .skip(1)
        .map(|f| !f[..f.find('>').unwrap()].contains("hidden"))
        .collect();
    assert_eq!(figures, vec![false, false, false, true, false]);
    assert!(stepped.contains("<div id=\"controls\">"));
}
