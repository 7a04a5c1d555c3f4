//! House rule 1, checked by scanning the sources: `rules` (and the pure `clock`) know nothing of the search,
//! the wasm binding, the browser, threads, clocks or I/O. (The search has its own check in
//! `search_engine.rs`.)

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

const BANNED: [&str; 12] = [
    "crate::search",
    "crate::wasm",
    "wasm_bindgen",
    "js_sys",
    "web_sys",
    "serde",
    "std::time",
    "std::thread",
    "std::fs",
    "std::io",
    "println!",
    "rand::",
];

#[test]
fn rules_and_clock_stay_pure() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root.join("rules"), &mut files);
    files.push(root.join("clock.rs"));
    assert!(files.len() > 20, "found only {} files", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for banned in BANNED {
            assert!(
                !text.contains(banned),
                "{} mentions {banned}",
                path.display()
            );
        }
    }
}

#[test]
fn only_the_wasm_layer_names_wasm_bindgen() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    for path in files {
        if path.starts_with(root.join("wasm")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for banned in ["wasm_bindgen", "js_sys", "web_sys"] {
            assert!(
                !text.contains(banned),
                "{} mentions {banned}",
                path.display()
            );
        }
    }
}
