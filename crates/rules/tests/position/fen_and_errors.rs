//! FEN parsing and validation (docs/rules.md §1.6, §1.8) and illegal-move reasons, from `tests/data`.

use crate::common::{read_json, strings};
use xiangqi::{FenError, Move, Position, START_FEN};

#[test]
fn valid_fens_parse_and_canonicalise() {
    let cases = read_json("fen_cases.json");
    for case in cases["valid"].as_array().unwrap() {
        let fen = case["fen"].as_str().unwrap();
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), case["canonical"].as_str().unwrap(), "{fen}");
    }
}

#[test]
fn malformed_fens_give_a_syntax_error_with_its_code() {
    let cases = read_json("fen_cases.json");
    for case in cases["malformed"].as_array().unwrap() {
        let fen = case["fen"].as_str().unwrap();
        match Position::from_fen(fen) {
            Err(FenError::Parse(e)) => {
                assert_eq!(e.code(), case["code"].as_str().unwrap(), "{fen}: {e}");
                if let Some(msg) = case["message"].as_str() {
                    assert_eq!(FenError::Parse(e).to_string(), msg);
                }
            }
            other => panic!("{fen}: expected a parse error, got {other:?}"),
        }
    }
}

#[test]
fn illegal_setups_list_every_problem() {
    let cases = read_json("fen_cases.json");
    for case in cases["illegal"].as_array().unwrap() {
        let fen = case["fen"].as_str().unwrap();
        let expected = strings(&case["codes"]);
        match Position::from_fen(fen) {
            Ok(_) => assert!(
                expected.is_empty(),
                "{fen} should be rejected: {expected:?}"
            ),
            Err(FenError::Position(e)) => {
                let mut codes: Vec<String> =
                    e.problems().iter().map(|p| p.code().to_string()).collect();
                codes.sort();
                assert_eq!(codes, expected, "{fen}: {e}");
                if let Some(msg) = case["message"].as_str() {
                    assert_eq!(e.to_string(), msg);
                }
            }
            Err(e) => panic!("{fen}: expected a position error, got {e}"),
        }
    }
}

#[test]
fn huge_and_strange_input_is_rejected_cleanly() {
    let huge = "9/".repeat(100_000);
    assert!(matches!(Position::from_fen(&huge), Err(FenError::Parse(_))));
    for s in [
        "\0",
        "🀄",
        "/////////",
        "9/9/9/9/9/9/9/9/9/9/9",
        "k",
        "w",
        "-",
    ] {
        assert!(Position::from_fen(s).is_err(), "{s:?}");
    }
}

#[test]
fn illegal_moves_explain_themselves() {
    let cases = read_json("illegal_moves.json");
    for case in cases.as_array().unwrap() {
        let fen = match case["fen"].as_str().unwrap() {
            "start" => START_FEN,
            f => f,
        };
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let before = pos.clone();
        let m: Move = case["move"].as_str().unwrap().parse().unwrap();
        match (pos.play(m), case["code"].as_str()) {
            (Ok(_), None) => {}
            (Ok(_), Some(code)) => panic!("{fen} {m}: expected {code}, but the move was legal"),
            (Err(e), expected) => {
                assert_eq!(Some(e.reason.code()), expected, "{fen} {m}: {e}");
                if let Some(msg) = case["message"].as_str() {
                    assert_eq!(e.to_string(), msg);
                }
                assert_eq!(pos, before, "an illegal move changed the position");
            }
        }
    }
}

#[test]
fn malformed_moves_are_syntax_errors() {
    for s in [
        "",
        "h2",
        "h2e",
        "h2e2e",
        "j2e2",
        "h2e:",
        "h2h2",
        "H2_E2",
        "炮二平五",
        "h2—e2",
    ] {
        assert!(s.parse::<Move>().is_err(), "{s:?}");
    }
    for s in ["h2e2", "H2E2", "H2-E2", " h2e2 "] {
        assert_eq!(s.parse::<Move>().unwrap().to_string(), "h2e2");
    }
}
