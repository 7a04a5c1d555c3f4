//! Property tests over random legal games from the shared positions: move generation agrees with the
//! per-move legality test, counting agrees with listing, play/undo restores everything, FEN round-trips and
//! the incremental hash equals a fresh computation.

use crate::common::read_jsonl;
use proptest::prelude::*;
use std::sync::OnceLock;
use xiangqi::{Move, Position, Square};

fn start_fens() -> &'static Vec<String> {
    static FENS: OnceLock<Vec<String>> = OnceLock::new();
    FENS.get_or_init(|| {
        let mut v: Vec<String> = read_jsonl("perft.jsonl")
            .iter()
            .map(|r| r["fen"].as_str().unwrap().to_string())
            .collect();
        v.extend(
            read_jsonl("positions.jsonl")
                .iter()
                .step_by(16)
                .map(|r| r["fen"].as_str().unwrap().to_string()),
        );
        v
    })
}

fn check_invariants(pos: &Position) {
    // is_legal(m) <=> m in legal_moves(), over every move of a piece of the side to move.
    let mut listed: Vec<Move> = pos.legal_moves().to_vec();
    listed.sort();
    let mut brute = Vec::new();
    for from in pos.board().by_color(pos.turn()) {
        for to in Square::all() {
            if from != to && pos.is_legal(Move::new(from, to)) {
                brute.push(Move::new(from, to));
            }
        }
    }
    brute.sort();
    assert_eq!(listed, brute, "{}", pos.fen());
    assert_eq!(pos.count_legal(), listed.len(), "{}", pos.fen());

    // FEN round trip and hash recomputation.
    let fen = pos.fen();
    let again = Position::from_fen(&fen).unwrap();
    assert_eq!(&again, pos, "{fen}");
    assert_eq!(again.fen(), fen);
    assert_eq!(
        again.hash(),
        pos.hash(),
        "incremental hash differs from a fresh one: {fen}"
    );

    // play/undo of every legal move restores the position and the hash.
    let mut p = pos.clone();
    for &m in listed.iter() {
        let before_hash = p.hash();
        let u = p.play_unchecked(m);
        assert_ne!(p.hash(), before_hash);
        p.undo(m, u);
        assert_eq!(&p, pos, "undo of {m}");
        assert_eq!(p.hash(), before_hash);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_invariants(start in any::<prop::sample::Index>(), picks in prop::collection::vec(any::<prop::sample::Index>(), 1..40)) {
        let fens = start_fens();
        let mut pos = Position::from_fen(&fens[start.index(fens.len())]).unwrap();
        for pick in picks {
            check_invariants(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[pick.index(moves.len())];
            // The checked path agrees with the unchecked one.
            let mut checked = pos.clone();
            checked.play(m).unwrap();
            pos.play_unchecked(m);
            prop_assert_eq!(&checked, &pos);
        }
    }
}

#[test]
fn illegal_play_leaves_position_unchanged() {
    let mut pos = Position::new();
    let before = pos.clone();
    for text in ["b0d1", "h2h7", "e0e2", "a3b3", "e9e8", "i9i8"] {
        assert!(pos.play(text.parse().unwrap()).is_err(), "{text}");
        assert_eq!(pos, before);
    }
}
