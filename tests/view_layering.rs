//! House rule 10, checked by scanning the sources: the board view (`src/view`) knows no rules of play — it
//! uses squares, pieces and the FEN placement from `rules`, never positions, move generation or the search —
//! and names no browser API (only `src/wasm/board.rs` paints).

use std::path::Path;

const BANNED: [&str; 13] = [
    "crate::search",
    "crate::wasm",
    "Position",
    "legal_moves",
    "is_legal",
    "movegen",
    "attacks",
    "rules::Game",
    "wasm_bindgen",
    "js_sys",
    "web_sys",
    "std::time",
    "serde",
];

#[test]
fn the_view_knows_no_legality_and_no_browser() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("view");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        n += 1;
        for banned in BANNED {
            assert!(
                !text.contains(banned),
                "{} mentions {banned}",
                path.display()
            );
        }
    }
    assert!(n >= 7, "found only {n} files in src/view");
}
