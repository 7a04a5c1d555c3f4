//! Property test over every position of `tests/data/positions.jsonl`: every legal move, written in every
//! notation and output style, parses back to the same move.

mod common;

use xiangqi_wasm::rules::notation::chinese::{BlackDigits, ChineseOptions, Script};
use xiangqi_wasm::rules::notation::wxf::{Traverse, WxfOptions};
use xiangqi_wasm::rules::notation::{
    parse_move, parse_move_styled, write_move, Notation, NotationError, TandemStyle,
};
use xiangqi_wasm::rules::Position;

fn all_notations() -> Vec<Notation> {
    let mut v = vec![Notation::Iccs];
    for tandem in [TandemStyle::Classic, TandemStyle::Ordinal] {
        for traverse in [Traverse::Dot, Traverse::Equals] {
            for lowercase in [false, true] {
                v.push(Notation::Wxf(WxfOptions {
                    tandem,
                    traverse,
                    lowercase,
                }));
            }
        }
        for script in [Script::Simplified, Script::Traditional] {
            for black_digits in [BlackDigits::Ascii, BlackDigits::FullWidth] {
                v.push(Notation::Chinese(ChineseOptions {
                    script,
                    black_digits,
                    tandem,
                }));
            }
        }
    }
    v
}

fn tandem_of(n: &Notation) -> TandemStyle {
    match n {
        Notation::Iccs => TandemStyle::Classic,
        Notation::Wxf(o) => o.tandem,
        Notation::Chinese(o) => o.tandem,
    }
}

/// WXF digit pairs that the two conventions read differently (`11`, `33`).
fn conflicting_pair(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 4 && b[0] == b[1] && (b[0] == b'1' || b[0] == b'3')
}

#[test]
fn every_legal_move_round_trips_in_every_notation() {
    let notations = all_notations();
    let mut checked = 0usize;
    let mut ambiguous_pairs = 0usize;
    let mut seen = std::collections::HashSet::new();
    for rec in common::read_jsonl("positions.jsonl") {
        let fen = rec["fen"].as_str().unwrap();
        let pos = Position::from_fen(fen).unwrap();
        for &m in pos.legal_moves().iter() {
            for n in &notations {
                let text = write_move(&pos, m, n);
                let styled = parse_move_styled(&pos, &text, tandem_of(n));
                assert_eq!(styled, Ok(m), "{fen}: {m} written {text:?} with {n:?}");
                match parse_move(&pos, &text) {
                    Ok(back) => assert_eq!(back, m, "{fen}: {m} written {text:?}"),
                    Err(NotationError::Ambiguous { candidates, .. })
                        if conflicting_pair(&text) && candidates.contains(&m) =>
                    {
                        ambiguous_pairs += 1
                    }
                    Err(e) => panic!("{fen}: {m} written {text:?} with {n:?}: {e}"),
                }
                checked += 1;
                seen.insert(text);
            }
        }
    }
    // The file is large; make sure it was really read.
    assert!(checked > 1_000_000, "only {checked} texts checked");
    eprintln!("{checked} texts, {} distinct, {ambiguous_pairs} WXF digit pairs read both ways", seen.len());
}
