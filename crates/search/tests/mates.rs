//! The searcher finds verified mates. `tests/data/mates.jsonl` was made by `crates/search/examples/gen_mates.rs`: every
//! record was proved by the exhaustive [`MateProver`] (mate in N exists, no mate in N − 1) and lists every
//! first move that mates in N. Here the mates up to 3 moves are proved again, and the engine must find each
//! mate at its exact distance with one of the listed moves.

use std::sync::atomic::AtomicBool;
use xiangqi::{Move, Position};
use xiangqi_engine::mate::MateProver;
use xiangqi_engine::{Engine, Limits, NoClock, Score};

fn records() -> Vec<(String, String, u32, Vec<String>)> {
    crate::common::read_jsonl("mates.jsonl")
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_string(),
                r["fen"].as_str().unwrap().to_string(),
                r["mate_in"].as_u64().unwrap() as u32,
                crate::common::strings(&r["solutions"]),
            )
        })
        .collect()
}

#[test]
fn suite_covers_every_distance_and_mating_piece() {
    let recs = crate::common::read_jsonl("mates.jsonl");
    for n in 1..=5 {
        for piece in ["chariot", "horse", "cannon", "soldier"] {
            assert!(
                recs.iter()
                    .any(|r| r["mate_in"] == n && r["mating_piece"] == piece),
                "no mate in {n} by a {piece}"
            );
        }
    }
}

#[test]
fn short_mates_are_proved_exhaustively() {
    for (id, fen, n, solutions) in records() {
        if n > 3 {
            continue;
        }
        let pos = Position::from_fen(&fen).unwrap();
        let mut prover = MateProver::new();
        assert!(prover.mates_within(&pos, n), "{id}: no mate in {n}");
        assert!(
            n == 1 || !prover.mates_within(&pos, n - 1),
            "{id}: a shorter mate exists"
        );
        let found: Vec<String> = prover
            .mating_moves(&pos, n)
            .iter()
            .map(Move::to_string)
            .collect();
        assert_eq!(found, solutions, "{id}");
    }
}

#[test]
fn engine_finds_every_mate_at_its_distance() {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(8);
    for (id, fen, n, solutions) in records() {
        let pos = Position::from_fen(&fen).unwrap();
        engine.new_game();
        let mut limits = Limits::depth(2 * n + 3);
        limits.nodes = Some(3_000_000);
        let r = engine.search_position(&pos, &limits, &NoClock, &stop, &mut |_| {});
        assert_eq!(r.score, Score::Mate(n as i32), "{id} {fen}");
        let m = r.best_move.unwrap().to_string();
        assert!(
            solutions.contains(&m),
            "{id}: {m} is not among the mating moves {solutions:?}"
        );
        // The principal variation is a legal line that ends in mate.
        let mut p = pos.clone();
        for mv in &r.pv {
            p.play(*mv)
                .unwrap_or_else(|e| panic!("{id}: illegal PV move: {e}"));
        }
        assert_eq!(r.pv.len(), 2 * n as usize - 1, "{id}: PV {:?}", r.pv);
        assert!(p.legal_moves().is_empty(), "{id}: PV does not end in mate");
    }
}

#[test]
fn defender_sees_it_is_mated() {
    // After the mating side's first move in a mate in 2, the defender's search reports mate -1.
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(8);
    for (id, fen, n, solutions) in records() {
        if n != 2 {
            continue;
        }
        let mut pos = Position::from_fen(&fen).unwrap();
        pos.play(solutions[0].parse().unwrap()).unwrap();
        engine.new_game();
        let r = engine.search_position(&pos, &Limits::depth(5), &NoClock, &stop, &mut |_| {});
        assert_eq!(r.score, Score::Mate(-1), "{id}");
    }
}
