//! The code catalogue (`src/check/catalogue.rs`) against the codes the checker reports, the
//! checker itself (every example triggers its code) and `docs/codes.md` (generated from it).
//!
//! Regenerate the document with `PDNKIT_WRITE_DOCS=1 cargo test --test integration codes_doc::` (or
//! `pdnkit explain --all --markdown > docs/codes.md`).

use pdnkit::check::catalogue::{self, Example};
use pdnkit::check::{CheckOptions, check_game};
use pdnkit::reader::{ReadOptions, read_str};
use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn every_reported_code_has_exactly_one_entry() {
    let reported: Vec<&str> = catalogue::reported_codes().collect();
    let unique: BTreeSet<&str> = reported.iter().copied().collect();
    assert_eq!(unique.len(), reported.len(), "a code is listed twice");
    let entries = catalogue::entries();
    let documented: BTreeSet<&str> = entries.iter().map(|e| e.code.as_str()).collect();
    assert_eq!(documented.len(), entries.len(), "a code has two entries");
    let missing: Vec<_> = unique.difference(&documented).collect();
    let extra: Vec<_> = documented.difference(&unique).collect();
    assert!(missing.is_empty(), "codes without an entry: {missing:?}");
    assert!(
        extra.is_empty(),
        "entries for codes not reported: {extra:?}"
    );
}

#[test]
fn entries_are_written_out() {
    for entry in catalogue::entries() {
        let code = entry.code;
        assert!(
            !entry.summary.is_empty() && !entry.summary.ends_with('.'),
            "{code}: summary"
        );
        assert!(!entry.summary.contains('\n'), "{code}: summary on one line");
        assert!(entry.meaning.len() > 20, "{code}: meaning");
        assert!(entry.fix.len() > 10, "{code}: fix");
        assert!(
            catalogue::default_level(code.as_str()).is_some(),
            "{code}: level"
        );
    }
}

#[test]
fn every_example_triggers_its_code() {
    let mut failures = Vec::new();
    let mut with_example = 0;
    for entry in catalogue::entries() {
        let Example::Pdn(pdn) = entry.example else {
            continue;
        };
        with_example += 1;
        let reported: BTreeSet<&str> = read_str(pdn, ReadOptions::default())
            .iter()
            .flat_map(|game| check_game(game, &CheckOptions::default()).findings)
            .map(|f| f.code.as_str())
            .collect();
        if !reported.contains(entry.code.as_str()) {
            failures.push(format!("{}: reported {reported:?}", entry.code));
        }
    }
    assert!(
        failures.is_empty(),
        "examples that do not trigger their code:\n{}",
        failures.join("\n")
    );
    assert!(with_example > 0);
    // Only the reader's codes about bytes and sizes, and draw rules that need long games, go
    // without one.
    for entry in catalogue::entries() {
        if let Example::None(why) = entry.example {
            let reader = entry.code.group() == pdnkit::finding::Group::Reader;
            let draw = entry.code.as_str().starts_with("N-DRAW-");
            assert!(reader || draw, "{} has no example ({why})", entry.code);
        }
    }
}

#[test]
fn docs_codes_md_is_generated_from_the_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(catalogue::DOC_PATH);
    let generated = catalogue::render_markdown();
    if std::env::var_os("PDNKIT_WRITE_DOCS").is_some() {
        std::fs::write(&path, &generated).expect("write docs/codes.md");
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == generated,
        "{} differs from the catalogue: run `PDNKIT_WRITE_DOCS=1 cargo test --test integration codes_doc::`",
        catalogue::DOC_PATH
    );
    for entry in catalogue::entries() {
        assert!(
            written.contains(&format!("\n## {}\n", entry.code)),
            "{}",
            entry.code
        );
    }
}
