//! The pages' inline JavaScript run in headless Chromium (`--dump-dom` prints the page as the
//! script left it): the report's filters show only the findings of the code asked for, and the
//! viewer shows one position at a time. Ignored, with the reason, when the build found no
//! Chromium on the `PATH` (`cfg(chromium)`, set by `build.rs`; `.ci/run` installs one).

use crate::support::cli;

use cli::{run, temp_dir};
use std::io::Write;
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

/// The Chromium binary the build found.
fn browser() -> &'static str {
    chromium().expect("build.rs found Chromium on the PATH, and it runs")
}

/// `check fixtures/ --format html` (with `extra`) written to `dir/report.html`; the fixtures
/// hold findings, so the run exits 1.
fn fixtures_report(dir: &Path, extra: &[&str]) -> std::path::PathBuf {
    let report = dir.join("report.html");
    let out = run(&[
        &["check", "fixtures/", "--format", "html"][..],
        extra,
        &["-o", report.to_str().unwrap()],
    ]
    .concat());
    assert_eq!(out.status.code(), Some(1));
    report
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
#[cfg_attr(
    not(chromium),
    ignore = "no Chromium on the PATH (chromium, chromium-browser, google-chrome): apt-get install -y chromium"
)]
fn the_report_filters_by_code_and_the_viewer_steps() {
    let browser = browser();
    let dir = temp_dir("browser");
    let report = fixtures_report(&dir, &[]);
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

    // `--ply 2`: the viewer opens at ply 2, its move marked current.
    let out = run(&[
        "show",
        game.to_str().unwrap(),
        "--ply",
        "2",
        "--html",
        viewer.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let opened = dom(browser, &viewer, "");
    let figures: Vec<bool> = opened
        .split("<figure class=\"ply\"")
        .skip(1)
        .map(|f| !f[..f.find('>').unwrap()].contains("hidden"))
        .collect();
    assert_eq!(figures, vec![false, false, true, false, false]);
    assert!(
        opened.contains("class=\"current\" href=\"#p2\"")
            || opened.contains("href=\"#p2\" data-ply=\"2\" class=\"current\""),
        "{opened}"
    );
}

/// Chromium's own background services (time, accounts, spelling, suggestions); everything else
/// a net log shows was fetched by the page.
const BROWSER_SERVICES: [&str; 4] = ["google.com", "gvt1.com", "googleapis.com", "gstatic.com"];

/// Loads `page` in Chromium with a net log and a screenshot; returns the DOM as the scripts
/// left it, the URLs the page fetched from the network and the screenshot (PNG).
fn load_logged(browser: &str, page: &Path, dir: &Path) -> (String, Vec<String>, Vec<u8>) {
    let net_log = dir.join(format!(
        "{}.netlog.json",
        page.file_stem().unwrap().to_str().unwrap()
    ));
    let shot = page.with_extension("png");
    let url = format!("file://{}", page.display());
    let quiet = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-default-apps",
        "--virtual-time-budget=2000",
    ];
    let out = Command::new(browser)
        .args(quiet)
        .arg(format!("--log-net-log={}", net_log.display()))
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .expect("run chromium");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The screenshot is taken in a second run (Chromium does one of --dump-dom, --screenshot).
    let shot_run = Command::new(browser)
        .args(quiet)
        .args([
            "--window-size=1200,1600",
            &format!("--screenshot={}", shot.display()),
            &url,
        ])
        .output()
        .expect("run chromium");
    assert!(shot_run.status.success());
    let png = std::fs::read(&shot).expect("screenshot written");
    assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
    let log = std::fs::read_to_string(&net_log).expect("net log written");
    let mut fetched: Vec<String> = log
        .split("\"url\":\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap_or(rest.len())].to_string())
        .filter(|u| u.starts_with("http://") || u.starts_with("https://") || u.starts_with("ws"))
        .filter(|u| {
            let host = u.split('/').nth(2).unwrap_or("");
            !BROWSER_SERVICES
                .iter()
                .any(|s| host == *s || host.ends_with(&format!(".{s}")))
        })
        .collect();
    fetched.sort();
    fetched.dedup();
    (
        String::from_utf8(out.stdout).expect("UTF-8 DOM"),
        fetched,
        png,
    )
}

#[test]
#[cfg_attr(
    not(chromium),
    ignore = "no Chromium on the PATH (chromium, chromium-browser, google-chrome): apt-get install -y chromium"
)]
fn the_fixtures_report_in_a_browser_has_every_finding_with_its_board_and_fetches_nothing() {
    let browser = browser();
    let dir = temp_dir("browser-dom");
    // The check can fail: a page that loads an image from elsewhere shows in the net log.
    let control = dir.join("control.html");
    std::fs::write(
        &control,
        "<html><body><img src=\"http://pdnkit-test.invalid/x.png\"></body></html>",
    )
    .unwrap();
    let (_, fetched, _) = load_logged(browser, &control, &dir);
    assert_eq!(
        fetched,
        ["http://pdnkit-test.invalid/x.png"],
        "the net log sees fetches"
    );

    let report = fixtures_report(&dir, &["--max-findings", "100000"]);
    let (dom, fetched, png) = load_logged(browser, &report, &dir);
    assert!(fetched.is_empty(), "the report fetched {fetched:?}");
    // A page with boards on it, not a blank one (a blank 1200x1600 PNG is a few kB).
    assert!(png.len() > 50_000, "screenshot of {} bytes", png.len());
    // Where a person can look at it (the harness shows this for a passing test too).
    let _ = writeln!(
        std::io::stderr(),
        "screenshot: {}",
        report.with_extension("png").display()
    );

    // The JSON report of the same run: its findings at the levels the page lists (errors and
    // warnings by default), each with the position before the move when it has one.
    let json = run(&["check", "fixtures/", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON report");
    let mut expected: Vec<(String, Option<String>)> = Vec::new();
    for file in doc["files"].as_array().unwrap() {
        for game in file["games"].as_array().unwrap() {
            for f in game["findings"].as_array().unwrap() {
                let code = f["code"].as_str().unwrap().to_string();
                if f["level"] != "note" {
                    expected.push((code, f["fen_before"].as_str().map(str::to_string)));
                }
            }
        }
    }
    let sections: Vec<&str> = dom.split("<section class=\"finding ").skip(1).collect();
    assert_eq!(
        sections.len(),
        expected.len(),
        "finding sections in the DOM"
    );
    for (section, (code, fen)) in sections.iter().zip(&expected) {
        let section = &section[..section.find("</section>").unwrap_or(section.len())];
        assert!(section.contains(&format!("data-code=\"{code}\"")), "{code}");
        let pieces = section.matches("class=\"piece ").count();
        match fen {
            Some(fen) => {
                let setup = pdnkit::fen::parse(fen).expect("fen").setup;
                assert_eq!(section.matches("<svg").count(), 1, "{code}: one board");
                assert_eq!(
                    pieces,
                    setup.white.len() + setup.black.len(),
                    "{code} at {fen}"
                );
            }
            None => assert_eq!(section.matches("<svg").count(), 0, "{code}: no board"),
        }
    }
}
