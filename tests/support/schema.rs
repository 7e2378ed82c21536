//! Validating pdnkit's JSON output against the schemas in `schema/` (`#[path]`-included).
#![allow(dead_code)]

use serde_json::Value;
use std::path::Path;

/// Resolves the schemas' references to each other (`game.json`) from `schema/`, not the network.
pub struct LocalSchemas;

impl jsonschema::Retrieve for LocalSchemas {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let name = uri
            .as_str()
            .strip_prefix("https://github.com/pdnkit/pdnkit/schema/")
            .ok_or_else(|| format!("{} is not one of pdnkit's schemas", uri.as_str()))?;
        let text = std::fs::read_to_string(schema_dir().join(name))?;
        Ok(serde_json::from_str(&text)?)
    }
}

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

/// A validator for `schema/NAME` (see [`load`]).
pub fn validator(name: &str, def: Option<&str>) -> jsonschema::Validator {
    jsonschema::options()
        .with_retriever(LocalSchemas)
        .build(&load(name, def))
        .expect("the schema compiles")
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
