//! Cross-check against what Fairy-Stockfish rules (tests/data/repetition_fsf.jsonl, an approximation of
//! the AXF rules with a 50-move limit). Where the project follows docs/rules.md instead, the test says so.

use crate::common::{read_jsonl, strings};
use xiangqi::adjudication::Options;
use xiangqi::{Game, Position, Reason};

fn ruling_word(result: &str) -> &'static str {
    match result {
        "1-0" => "red_wins",
        "0-1" => "black_wins",
        _ => "draw",
    }
}

#[test]
fn repetition_cases_agree_with_fairy_stockfish() {
    let mut n = 0;
    for case in read_jsonl("repetition_fsf.jsonl") {
        let id = case["id"].as_str().unwrap();
        let fen = case["fen"].as_str().unwrap();
        let moves = strings(&case["moves"]);
        let fs = &case["pyffish"];
        if case["category"] == "move_limit" {
            // FS draws at 100 plies; docs/rules.md §4.4 uses 120 and resets on captures only.
            let mut g = Game::from_fen(fen).unwrap();
            for m in &moves {
                g.play_iccs(m).unwrap();
            }
            assert!(g.outcome().is_none(), "{id}: 120-ply limit not reached");
            let options = Options {
                move_limit: 100,
                ..Options::default()
            };
            let mut g = Game::with_options(Position::from_fen(fen).unwrap(), options).unwrap();
            for m in &moves {
                g.play_iccs(m).unwrap();
            }
            let o = g.outcome().unwrap_or_else(|| panic!("{id}"));
            assert_eq!(
                o.reason(),
                Reason::MoveLimit,
                "{id}: a soldier move does not reset"
            );
            assert_eq!(ruling_word(o.result().as_str()), fs["final_ruling"]);
            n += 1;
            continue;
        }
        let mut g = Game::from_fen(fen).unwrap();
        if let Some(o) = g.outcome() {
            // General + advisor against a bare general is dead material (docs/rules.md §4.5 D1): drawn before
            // the shuffle starts; FS (no dead-position rule) draws by repetition at the end. Same score.
            assert_eq!(id, "idle-repetition-occ3");
            assert_eq!((o.reason(), o.ply()), (Reason::DeadPosition, 0));
            assert_eq!(ruling_word(o.result().as_str()), fs["final_ruling"]);
            n += 1;
            continue;
        }
        let mut ended_at = None;
        for (i, m) in moves.iter().enumerate() {
            g.play_iccs(m).unwrap_or_else(|e| panic!("{id}: {e}"));
            if g.is_over() {
                ended_at = Some(i + 1);
                break;
            }
        }
        assert_eq!(
            ended_at.map(|p| p as u64),
            fs["first_ply_with_optional_end"].as_u64(),
            "{id}: the ply of the ruling"
        );
        let word = g
            .outcome()
            .map_or("none", |o| ruling_word(o.result().as_str()));
        assert_eq!(word, fs["final_ruling"].as_str().unwrap(), "{id}");
        n += 1;
    }
    assert_eq!(n, 9);
}
