//! `schema/parse-report.json` against the real binary, and the one envelope `parse` and `check`
//! share (schema version 2): the same document and JSON Lines shapes, `level` in both, and JSON
//! written before version 2 still read.

use crate::support::schema;

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Output};

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The parse schema, its root pointed at `def` when given.
fn validator(def: Option<&str>) -> jsonschema::Validator {
    schema::validator("parse-report.json", def)
}

fn validate(validator: &jsonschema::Validator, instance: &Value, what: &str) {
    schema::assert_valid(validator, instance, what);
}

fn pdnkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .current_dir(manifest())
        .output()
        .expect("run pdnkit")
}

/// stdout of a run that found what the fixtures hold (exit 0 or 1), or whose one missing file
/// makes it exit 2 when `missing` is set.
fn stdout_of(args: &[&str], missing: bool) -> String {
    let out = pdnkit(args);
    let expected: &[i32] = if missing { &[2] } else { &[0, 1] };
    assert!(
        out.status.code().is_some_and(|c| expected.contains(&c)),
        "pdnkit {args:?} exited with {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Every fixture file but the one nested past serde_json's default recursion limit (64
/// variations are 128 JSON levels deep; the schema test cannot read it, a reader with a larger
/// limit can).
fn fixtures() -> Vec<String> {
    let mut files = Vec::new();
    let mut dirs = vec![manifest().join("fixtures")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e == "pdn" || e == "fen" || e == "gz")
                && !path.ends_with("deep_nesting.pdn")
            {
                files.push(path.to_str().unwrap().to_string());
            }
        }
    }
    files.sort();
    assert!(files.len() > 50, "{} fixtures", files.len());
    files
}

fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

#[test]
fn parse_json_document_matches_the_schema() {
    let validator = validator(None);
    let fixtures = fixtures();
    let mut all = vec!["parse", "--format", "json"];
    all.extend(fixtures.iter().map(String::as_str));
    for (args, missing) in [
        (all, false),
        (
            vec!["parse", "fixtures/check", "--format", "json", "--strict"],
            false,
        ),
        (
            vec![
                "parse",
                "fixtures/check/english.pdn",
                "no-such.pdn",
                "--format",
                "json",
            ],
            true,
        ),
    ] {
        let doc: Value = serde_json::from_str(&stdout_of(&args, missing)).expect("one document");
        validate(&validator, &doc, &format!("{args:?}"));
        assert_eq!(doc["schema"], "pdnkit-parse/2");
        if missing {
            assert!(
                doc["files"][1]["error"].is_string(),
                "{args:?}: the missing file's error"
            );
            assert_eq!(doc["totals"]["unreadable_files"], 1);
        }
    }
    // Strict enough to catch drift: the old field name fails.
    let mut doc: Value = serde_json::from_str(&stdout_of(
        &["parse", "fixtures/dialects/dates.pdn", "--format", "json"],
        false,
    ))
    .unwrap();
    let diagnostic = &mut doc["files"][0]["games"][2]["diagnostics"][0];
    assert!(diagnostic["level"].is_string(), "{diagnostic}");
    let level = diagnostic["level"].take();
    diagnostic.as_object_mut().unwrap().remove("level");
    diagnostic["severity"] = level;
    assert!(!validator.is_valid(&doc), "`severity` for `level` passes");
}

#[test]
fn parse_json_lines_match_the_schema() {
    let validator = validator(Some("jsonl_record"));
    let fixtures = fixtures();
    let mut args = vec!["parse", "no-such.pdn", "--format", "jsonl"];
    args.extend(fixtures.iter().map(String::as_str));
    let text = stdout_of(&args, true);
    let records = lines(&text);
    for (i, record) in records.iter().enumerate() {
        validate(&validator, record, &format!("line {}", i + 1));
    }
    let types: BTreeSet<&str> = records.iter().filter_map(|r| r["type"].as_str()).collect();
    assert_eq!(types, BTreeSet::from(["file-error", "game", "summary"]));
    let games = records.iter().filter(|r| r["type"] == "game").count();
    assert_eq!(
        records.last().unwrap()["totals"]["games"].as_u64(),
        Some(games as u64)
    );
}

/// The keys of each kind of record, `type` by `type`.
fn shapes(records: &[Value]) -> BTreeSet<(String, Vec<String>)> {
    records
        .iter()
        .map(|r| {
            let keys = r.as_object().unwrap().keys().cloned().collect();
            (r["type"].as_str().unwrap().to_string(), keys)
        })
        .collect()
}

#[test]
fn parse_and_check_share_one_envelope() {
    let args = |command: &'static str, format: &'static str| {
        vec![
            command,
            "fixtures/check/english.pdn",
            "no-such.pdn",
            "--format",
            format,
        ]
    };
    let parse = lines(&stdout_of(&args("parse", "jsonl"), true));
    let check = lines(&stdout_of(&args("check", "jsonl"), true));
    assert_eq!(shapes(&parse), shapes(&check), "JSON Lines records");
    for records in [&parse, &check] {
        assert!(
            records.iter().all(|r| r["schema"].is_string()),
            "every line names its schema"
        );
    }
    let parse: Value = serde_json::from_str(&stdout_of(&args("parse", "json"), true)).unwrap();
    let check: Value = serde_json::from_str(&stdout_of(&args("check", "json"), true)).unwrap();
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&parse), keys(&check), "the document");
    assert_eq!(keys(&parse["files"][0]), keys(&check["files"][0]), "a file");
    assert_eq!(parse["tool"], check["tool"]);
    // The level of a finding has one name.
    let finding = &check["files"][0]["games"][1]["findings"][0];
    assert!(finding["level"].is_string(), "{finding}");
}

/// A game `convert --to json` wrote before version 2 (`severity`, `W-UTF8-BOM`) converts as the
/// same game written now.
#[test]
fn json_written_before_version_2_still_reads() {
    let now = stdout_of(
        &["convert", "--to", "json", "fixtures/dialects/bom.pdn"],
        false,
    );
    assert!(
        now.contains("\"level\":\"note\"") && now.contains("N-UTF8-BOM"),
        "{now}"
    );
    let old = now
        .replace("\"level\":", "\"severity\":")
        .replace("N-UTF8-BOM", "W-UTF8-BOM");
    let dir = std::env::temp_dir().join(format!("pdnkit-parse-schema-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (old_file, new_file) = (dir.join("old.json"), dir.join("new.json"));
    std::fs::write(&old_file, old).unwrap();
    std::fs::write(&new_file, &now).unwrap();
    let convert = |file: &Path| pdnkit(&["convert", "-q", file.to_str().unwrap()]);
    let (from_old, from_new) = (convert(&old_file), convert(&new_file));
    assert_eq!(
        from_old.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&from_old.stderr)
    );
    assert_eq!(from_old.stdout, from_new.stdout);
    let _ = std::fs::remove_dir_all(dir);
}
