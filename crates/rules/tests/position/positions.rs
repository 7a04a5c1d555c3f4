//! Every record of `positions.jsonl`: legal-move set, check flag, checkers, checking and capturing moves,
//! status, winner, FEN round trip and the FEN after `sample_move`.

use crate::common::{read_jsonl, strings};
use xiangqi::{Color, Move, Position, Status};

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn every_position_record() {
    let records = read_jsonl("positions.jsonl");
    assert_eq!(records.len(), 3229);
    for rec in records {
        let id = rec["id"].as_str().unwrap();
        let fen = rec["fen"].as_str().unwrap();
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(pos.fen(), fen, "{id}: FEN round trip");
        let turn = if rec["side_to_move"] == "red" {
            Color::Red
        } else {
            Color::Black
        };
        assert_eq!(pos.turn(), turn, "{id}");

        let mut moves = pos.legal_moves();
        moves.sort_iccs();
        let ours: Vec<String> = moves.iter().map(Move::to_string).collect();
        assert_eq!(ours, strings(&rec["legal_moves"]), "{id}: legal moves");
        assert_eq!(
            pos.is_check(),
            rec["in_check"].as_bool().unwrap(),
            "{id}: in_check"
        );

        let checkers = sorted(pos.checkers().map(|s| s.to_string()).collect());
        assert_eq!(
            checkers,
            sorted(strings(&rec["checkers"])),
            "{id}: checkers"
        );
        let checking: Vec<String> = moves
            .iter()
            .filter(|m| pos.gives_check(**m))
            .map(Move::to_string)
            .collect();
        assert_eq!(
            checking,
            strings(&rec["checking_moves"]),
            "{id}: checking moves"
        );
        let captures: Vec<String> = moves
            .iter()
            .filter(|m| pos.is_capture(**m))
            .map(Move::to_string)
            .collect();
        assert_eq!(
            captures,
            strings(&rec["capture_moves"]),
            "{id}: capture moves"
        );

        let (status, winner) = match pos.status() {
            Status::Ongoing => ("ongoing", None),
            Status::Checkmate => ("checkmate", Some(pos.turn().other())),
            Status::Stalemate => ("stalemate", Some(pos.turn().other())),
        };
        assert_eq!(status, rec["status"], "{id}: status");
        assert_eq!(
            winner.map(|c| c.name()),
            rec["winner"].as_str(),
            "{id}: winner"
        );

        if let Some(sample) = rec["sample_move"].as_str() {
            let mut after = pos.clone();
            after
                .play(sample.parse().unwrap())
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(
                after.fen(),
                rec["fen_after_sample_move"].as_str().unwrap(),
                "{id}: FEN after {sample}"
            );
        }
    }
}
