//! Snapshots of `pdnkit check` over the fixtures in `fixtures/check/` (the JSON form of each
//! file's game reports), and two tests that keep the fixtures honest: together they produce
//! every replay finding and every result code, and each game produces exactly the codes the
//! `% ...` comment before it names.
//!
//! Update with `INSTA_UPDATE=always cargo test --test integration check_snapshots::` (or `cargo insta
//! review`), then read every changed `.snap` file against the fixture's comments before
//! committing it.

use pdnkit::check::{CheckOptions, GameReport, check_game};
use pdnkit::finding::{Code, Group, Level};
use pdnkit::reader::{Game, ReadOptions, Reader};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn check_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/check")
}

/// Every `*.pdn` in `fixtures/check/`, sorted.
fn check_fixtures() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(check_dir())
        .expect("fixtures/check exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdn"))
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no fixtures in fixtures/check");
    out
}

fn read(bytes: &[u8]) -> Vec<Game> {
    Reader::new(bytes, ReadOptions::default())
        .collect::<std::io::Result<Vec<_>>>()
        .expect("reading from memory cannot fail")
}

fn check(path: &Path) -> (Vec<Game>, Vec<GameReport>) {
    let bytes = std::fs::read(path).expect("fixture readable");
    let games = read(&bytes);
    let reports = games
        .iter()
        .map(|g| check_game(g, &CheckOptions::default()))
        .collect();
    (games, reports)
}

#[test]
fn check_fixture_snapshots() {
    insta::glob!("../fixtures/check", "*.pdn", |path| {
        let (_, reports) = check(path);
        assert!(!reports.is_empty(), "{}: no games", path.display());
        insta::assert_json_snapshot!("report", reports);
    });
}

/// The archives of the PDN and lidraughts variants beyond the first five (`fixtures/variants/`), written as
/// lidraughts exports them.
#[test]
fn lidraughts_archive_snapshots() {
    insta::glob!(
        "../fixtures/variants",
        "{frisian,frysk,antidraughts,breakthrough}.pdn",
        |path| {
            let (_, reports) = check(path);
            assert!(!reports.is_empty(), "{}: no games", path.display());
            insta::assert_json_snapshot!("variant", reports);
        }
    );
}

/// Those archives replay to the end without an error, but for one example of the Frisian value
/// rule: a record whose move 7 takes one man where a two-man capture is due.
#[test]
fn variant_archives_are_clean_but_for_the_frisian_value_example() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/variants");
    for name in ["frisian", "frysk", "antidraughts", "breakthrough"] {
        let (_, reports) = check(&dir.join(format!("{name}.pdn")));
        for r in &reports {
            let codes: Vec<&str> = r.findings.iter().map(|f| f.code.as_str()).collect();
            if name == "frisian" && r.index == 2 {
                let f = &r.findings[0];
                assert_eq!(codes, ["E-LONGER-CAPTURE-REQUIRED"]);
                assert_eq!(
                    (f.ply, f.move_number, f.token.as_deref()),
                    (Some(14), Some(7), Some("11x22"))
                );
                assert_eq!(f.legal_moves, ["7x38"]);
                continue;
            }
            assert!(codes.is_empty(), "{name} game {}: {codes:?}", r.index);
            assert_eq!(
                r.plies_replayed, r.plies_recorded,
                "{name} game {}",
                r.index
            );
            assert!(
                r.result.computed.is_some(),
                "{name} game {}: the end decides",
                r.index
            );
        }
    }
}

/// Every code a `check` finding can carry, by whether a fixture produces it.
#[test]
fn every_replay_kind_and_result_code_occurs_in_a_fixture() {
    let mut seen: BTreeMap<&'static str, String> = BTreeMap::new();
    for path in check_fixtures() {
        let (_, reports) = check(&path);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for report in &reports {
            for f in &report.findings {
                seen.entry(f.code.as_str()).or_insert_with(|| name.clone());
            }
        }
    }
    let wanted: Vec<&str> = replay_and_result_codes().collect();
    let missing: Vec<&str> = wanted
        .iter()
        .copied()
        .filter(|c| !seen.contains_key(c))
        .collect();
    assert!(
        missing.is_empty(),
        "codes no fixture in fixtures/check produces (add a game): {missing:?}"
    );
}

/// The names of the codes of the replay and of the result check.
fn replay_and_result_codes() -> impl Iterator<Item = &'static str> {
    Code::ALL
        .iter()
        .filter(|c| matches!(c.group(), Group::Moves | Group::Result))
        .map(|c| c.as_str())
}

/// The `E-...`, `W-...`, `N-...` and `I-...` codes named in `text`.
fn codes_named(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for word in text.split(|c: char| !(c.is_ascii_uppercase() || c == '-')) {
        let word = word.trim_matches('-');
        let mut parts = word.splitn(2, '-');
        let (Some(prefix), Some(rest)) = (parts.next(), parts.next()) else {
            continue;
        };
        if matches!(prefix, "E" | "W" | "N" | "I") && rest.len() > 2 {
            out.insert(word.to_string());
        }
    }
    out
}

/// Each game's findings are exactly the codes its comment names (codes the replay and the
/// result check emit, and the reader's when the comment names them; reader notes such as
/// N-VARIANT-INFERRED only when named). clean.pdn names none and must have no finding at all.
#[test]
fn each_game_has_the_findings_its_comment_names() {
    let stage_codes: BTreeSet<&str> = replay_and_result_codes().collect();
    let mut problems = Vec::new();
    for path in check_fixtures() {
        let text = std::fs::read_to_string(&path).expect("fixtures/check is UTF-8");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (games, reports) = check(&path);
        let mut previous_end = 0usize;
        for (game, report) in games.iter().zip(&reports) {
            let end = game.span.end() as usize;
            let comment: String = text[previous_end..end]
                .lines()
                .filter(|l| l.starts_with('%'))
                .collect::<Vec<_>>()
                .join("\n");
            previous_end = end;
            assert!(
                !comment.is_empty(),
                "{name} game {}: no `%` comment says what it tests",
                game.index
            );
            let named = codes_named(&comment);
            let found: BTreeSet<String> = report
                .findings
                .iter()
                .map(|f| f.code.as_str())
                .filter(|c| stage_codes.contains(c) || named.contains(*c) || c.starts_with("E-"))
                .map(str::to_string)
                .collect();
            if named != found {
                problems.push(format!(
                    "{name} game {}: comment names {named:?}, check found {found:?}",
                    game.index
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The variant archives `fixtures/variants/canadian.pdn` and `thai.pdn`: every game
/// replays to its end with no error or warning (drawn games carry the note that only
/// threefold repetition is checked for these variants), and the games played out to a position without a move
/// end with the result that position gives.
#[test]
fn canadian_and_thai_archive_snapshots() {
    insta::glob!("../fixtures/variants", "{canadian,thai}.pdn", |path| {
        let (games, reports) = check(path);
        assert_eq!(reports.len(), 3, "{}", path.display());
        for (game, report) in games.iter().zip(&reports) {
            assert!(
                report.count(Level::Error) + report.count(Level::Warning) == 0,
                "{} game {}: {:#?}",
                path.display(),
                game.index,
                report.findings
            );
            assert_eq!(report.plies_replayed, report.plies_recorded);
        }
        // The first two are played out: the final position decides them, as recorded.
        for report in &reports[..2] {
            let computed = report.result.computed.expect("a decided position");
            assert_eq!(Some(computed), report.result.tag.as_deref());
        }
        insta::assert_json_snapshot!("variant", reports);
    });
}
