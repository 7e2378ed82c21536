//! Validating pdnkit's JSON output against the schemas in `schema/` (`use crate::support::schema;`).

use serde_json::Value;
use std::path::Path;

fn schema_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("schema")
}

/// `schema/NAME`, checked against the draft 2020-12 meta-schema, its root pointed at one of its
/// `$defs` when `def` is given.
pub fn load(name: &str, def: Option<&str>) -> Value {
    let text = std::fs::read_to_string(schema_dir().join(name))
        .unwrap_or_else(|e| panic!("schema/{name}: {e}"));
    let mut schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    assert_eq!(
        schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
        "schema/{name} names its draft"
    );
    jsonschema::draft202012::meta::validate(&schema)
        .unwrap_or_else(|e| panic!("schema/{name} is not a valid 2020-12 schema: {e}"));
    if let Some(def) = def {
        schema["$ref"] = Value::String(format!("#/$defs/{def}"));
    }
    schema
}

/// A validator for `schema/NAME` (see [`load`]), with the schemas it refers to (`game.json`)
/// bundled in: nothing is retrieved. (Built by `validator_for`, which jsonschema compiles once.
/// Its generic builder with a retriever was compiled again in every test crate that used it,
/// about a minute each.)
pub fn validator(name: &str, def: Option<&str>) -> jsonschema::Validator {
    let mut schema = load(name, def);
    bundle_references(&mut schema);
    jsonschema::validator_for(&schema).expect("the schema compiles")
}

/// Puts each schema file `schema` refers to (`"$ref": "game.json"`) under its `$defs`: an
/// embedded resource, found by its own `$id` as the reference resolves to it.
fn bundle_references(schema: &mut Value) {
    let mut files = Vec::new();
    referenced_files(schema, &mut files);
    files.sort();
    files.dedup();
    for file in files {
        let mut referenced = load(&file, None);
        bundle_references(&mut referenced);
        schema["$defs"][format!("bundled {file}")] = referenced;
    }
}

fn referenced_files(value: &Value, files: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get("$ref") {
                let file = target.split('#').next().unwrap_or_default();
                if !file.is_empty() {
                    files.push(file.to_string());
                }
            }
            map.values().for_each(|v| referenced_files(v, files));
        }
        Value::Array(items) => items.iter().for_each(|v| referenced_files(v, files)),
        _ => {}
    }
}

/// Fails with the first errors when `instance` does not match.
#[track_caller]
pub fn assert_valid(validator: &jsonschema::Validator, instance: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .take(20)
        .collect();
    assert!(
        errors.is_empty(),
        "{what} does not match its schema:\n{}",
        errors.join("\n")
    );
}
