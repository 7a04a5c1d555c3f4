//! Rulings L01–L04 (move legality) and T01–T06 (mate and stalemate) of the rulings catalogue.

use crate::common::{read_json, read_jsonl, strings};
use xiangqi::{Color, Move, Position, Status};

#[test]
fn legality_cases_l01_to_l04() {
    let cases = read_json("legality_cases.json");
    let cases = cases.as_array().unwrap();
    assert_eq!(cases.len(), 4);
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let pos = Position::from_fen(case["fen"].as_str().unwrap()).unwrap();
        assert_eq!(
            pos.legal_moves().len() as u64,
            case["count"].as_u64().unwrap(),
            "{id}"
        );
        // The same FEN is in rulings.jsonl.
        let in_catalogue = read_jsonl("rulings.jsonl")
            .into_iter()
            .any(|r| r["id"] == id && r["fen"] == case["fen"]);
        assert!(in_catalogue, "{id} differs from rulings.jsonl");
        for m in strings(&case["legal"]) {
            assert!(pos.is_legal(m.parse().unwrap()), "{id}: {m} must be legal");
        }
        for m in strings(&case["illegal"]) {
            let mv: Move = m.parse().unwrap();
            assert!(!pos.is_legal(mv), "{id}: {m} must be illegal");
            assert!(!pos.legal_moves().contains(&mv), "{id}: {m} generated");
        }
    }
}

#[test]
fn game_end_cases_t01_to_t06() {
    let mut seen = 0;
    for case in read_jsonl("rulings.jsonl") {
        let id = case["id"].as_str().unwrap();
        if !matches!(id, "T01" | "T02" | "T03" | "T04" | "T05" | "T06") {
            continue;
        }
        let mut pos = Position::from_fen(case["fen"].as_str().unwrap()).unwrap();
        for m in strings(&case["moves"]) {
            pos.play(m.parse().unwrap())
                .unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        let expected = if matches!(id, "T04" | "T05") {
            Status::Stalemate
        } else {
            Status::Checkmate
        };
        assert_eq!(pos.status(), expected, "{id}");
        // Both columns say Red wins: the side to move (Black) has no move and loses.
        assert_eq!(case["axf"], "red_wins", "{id}");
        assert_eq!(case["cxa"], "red_wins", "{id}");
        assert_eq!(pos.turn(), Color::Black, "{id}");
        seen += 1;
    }
    assert_eq!(seen, 6);
}
