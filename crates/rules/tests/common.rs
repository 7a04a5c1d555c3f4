//! Helpers shared by the integration tests: reading the JSON-lines vectors in `tests/data`.
#![allow(dead_code)]

use serde_json::Value;
use std::path::PathBuf;

/// Path of a file in `tests/data`.
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(name)
}

/// Every record of a JSON-lines file in `tests/data`.
pub fn read_jsonl(name: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(data_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

/// A JSON file in `tests/data`.
pub fn read_json(name: &str) -> Value {
    let text = std::fs::read_to_string(data_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A JSON array of strings.
pub fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|s| s.as_str().expect("string").to_string())
        .collect()
}
