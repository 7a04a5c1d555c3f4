//! Perft against the shared vectors: `perft.jsonl` (every depth given, with the depth-3 divide) and the
//! published suite `perft_published.jsonl` to depth 5.
//!
//! The default (debug) run skips counts above a node budget; `cargo test --release --test perft --
//! --include-ignored` (part of `npm test`) runs every count.

use crate::common::read_jsonl;
use xiangqi::{perft, Position};

/// Largest perft count run in the default test run.
const BUDGET: u64 = 400_000;

fn check_file(file: &str, max_depth: u32, budget: u64) -> usize {
    let mut checked = 0;
    for rec in read_jsonl(file) {
        let id = rec["id"].as_str().unwrap();
        let pos = Position::from_fen(rec["fen"].as_str().unwrap())
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        for (d, n) in rec["perft"].as_object().unwrap() {
            let depth: u32 = d.parse().unwrap();
            let expected = n.as_u64().unwrap();
            if depth > max_depth || expected > budget {
                continue;
            }
            assert_eq!(perft::perft(&pos, depth), expected, "{id} perft({depth})");
            checked += 1;
        }
        if let Some(div) = rec.get("divide3").and_then(|d| d.as_object()) {
            if rec["perft"]["3"].as_u64().unwrap() <= budget {
                let ours = perft::divide(&pos, 3);
                assert_eq!(ours.len(), div.len(), "{id} divide3 move count");
                for (m, n) in ours {
                    assert_eq!(Some(n), div[&m.to_string()].as_u64(), "{id} divide3 {m}");
                }
            }
        }
    }
    checked
}

#[test]
fn perft_vectors_within_budget() {
    assert!(check_file("perft.jsonl", 5, BUDGET) >= 29 * 2);
}

#[test]
fn perft_published_within_budget() {
    assert!(check_file("perft_published.jsonl", 5, BUDGET) >= 11 * 2);
}

#[test]
#[ignore = "minutes in debug builds; run with --release --include-ignored"]
fn perft_vectors_full() {
    assert!(check_file("perft.jsonl", 5, u64::MAX) >= 29 * 4);
}

#[test]
#[ignore = "minutes in debug builds; run with --release --include-ignored"]
fn perft_published_full_depth5() {
    assert_eq!(check_file("perft_published.jsonl", 5, u64::MAX), 11 * 5);
}
