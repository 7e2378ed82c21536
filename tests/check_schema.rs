//! `schema/check-report.json` against the real binary: the `--format json` document and every
//! `--format jsonl` record of `pdnkit check` over the fixtures validate against it.

use crate::support::schema;

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn schema() -> Value {
    schema::load("check-report.json", None)
}

/// The schema with its root pointed at one of its `$defs`.
fn schema_for(def: &str) -> Value {
    schema::load("check-report.json", Some(def))
}

fn validate(schema: &Value, instance: &Value, what: &str) {
    let validator = jsonschema::validator_for(schema).expect("the schema compiles");
    schema::assert_valid(&validator, instance, what);
}

/// Runs `pdnkit check ARGS` in the crate directory; returns stdout, with the exit code checked
/// to be 0 or 1 (findings are expected, usage and I/O errors are not).
fn check(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .arg("check")
        .args(args)
        .current_dir(manifest())
        .output()
        .expect("run pdnkit");
    let code = out.status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "pdnkit check {args:?} exited with {code:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("reports are UTF-8")
}

#[test]
fn the_schema_is_a_valid_draft_2020_12_schema() {
    let s = schema();
    assert_eq!(
        s["$schema"], "https://json-schema.org/draft/2020-12/schema",
        "the schema names its draft"
    );
    jsonschema::draft202012::meta::validate(&s).expect("valid against the 2020-12 meta-schema");
}

#[test]
fn json_document_matches_the_schema() {
    let schema = schema();
    for args in [
        vec!["fixtures/check", "--format", "json"],
        // Every fixture: reader codes, encodings, unreadable text, unknown variants.
        vec!["fixtures", "--format", "json", "--jobs", "2"],
        vec!["fixtures/check", "--format", "json", "--strict", "--notes"],
    ] {
        let text = check(&args);
        let doc: Value = serde_json::from_str(&text).expect("--format json prints one document");
        validate(&schema, &doc, &format!("pdnkit check {args:?}"));
        assert!(
            doc["files"].as_array().is_some_and(|f| !f.is_empty()),
            "{args:?}: no files in the report"
        );
    }
}

#[test]
fn json_lines_records_match_the_schema() {
    let schema = schema_for("jsonl_record");
    for args in [
        vec!["fixtures/check", "--format", "jsonl"],
        vec!["fixtures", "--format", "jsonl"],
    ] {
        let text = check(&args);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() > 1, "{args:?}: too few lines");
        for (i, line) in lines.iter().enumerate() {
            let record: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{args:?} line {}: not JSON ({e}): {line}", i + 1));
            validate(&schema, &record, &format!("{args:?} line {}", i + 1));
        }
        let last: Value = serde_json::from_str(lines[lines.len() - 1]).expect("JSON");
        assert_eq!(
            last["type"], "summary",
            "{args:?}: the last line is the summary"
        );
        let games = lines.len() - 1;
        assert_eq!(
            last["totals"]["games"].as_u64(),
            Some(games as u64),
            "{args:?}: one game line per game"
        );
    }
}

/// The schema is strict enough to catch a changed report: a renamed field, a wrong level, a
/// missing count each fail.
#[test]
fn the_schema_rejects_reports_that_drift() {
    let schema = schema();
    let text = check(&["fixtures/check/english.pdn", "--format", "json"]);
    let good: Value = serde_json::from_str(&text).expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("compiles");
    assert!(validator.is_valid(&good));

    let mut renamed = good.clone();
    let game = &mut renamed["files"][0]["games"][0];
    let plies = game["plies_replayed"].take();
    game.as_object_mut().unwrap().remove("plies_replayed");
    game["plies_played"] = plies;
    assert!(!validator.is_valid(&renamed), "a renamed game field passes");

    let mut level = good.clone();
    level["files"][0]["games"][1]["findings"][0]["level"] = Value::from("fatal");
    assert!(!validator.is_valid(&level), "an unknown level passes");

    let mut totals = good.clone();
    totals["totals"].as_object_mut().unwrap().remove("errors");
    assert!(!validator.is_valid(&totals), "totals without `errors` pass");
}
