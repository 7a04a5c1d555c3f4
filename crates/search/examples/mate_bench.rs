//! Times the [`MateProver`] the way `<xiangqi-puzzle>` (js/puzzle.js) asks it, natively: for every mate of
//! `tests/data/mates.jsonl` (and, with `--puzzles`, of `www/public/puzzles.json`), one prover per exercise,
//! played along the prover's shortest line. At each solver turn: `matingMoves(position, left)` (the element's
//! proof of the good moves, started when the turn begins), then, after the solver's move,
//! `defend(after, left - 1)` (the element's verdict when the good moves are not proved yet, and the defender's
//! reply). Prints the nodes and milliseconds of both per move, the slowest moves and the totals.
//!
//! `cargo run --release -p xiangqi-engine --example mate_bench -- [--max 5] [--puzzles] [--only ID] [--memo 524288] [--slice NODES]`

use std::time::Instant;
use xiangqi::{Move, Position};
use xiangqi_engine::mate::{Defence, MateProver};

struct Row {
    id: String,
    mate_in: u32,
    turn: u32,
    mating_nodes: u64,
    mating_ms: f64,
    defend_nodes: u64,
    defend_ms: f64,
    /// The move's own proof, on a fresh prover.
    proof_nodes: u64,
    proof_ms: f64,
    /// `defend` after the move, on a fresh prover.
    cold_defend_nodes: u64,
    cold_defend_ms: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let max: u32 = args
        .iter()
        .position(|a| a == "--max")
        .map(|i| args[i + 1].parse().expect("--max N"))
        .unwrap_or(5);
    let only = args
        .iter()
        .position(|a| a == "--only")
        .map(|i| args[i + 1].clone());
    // The wasm binding's memo: 2^19 solved positions.
    let memo: usize = args
        .iter()
        .position(|a| a == "--memo")
        .map(|i| args[i + 1].parse().expect("--memo N"))
        .unwrap_or(1 << 19);
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut exercises: Vec<(String, String, u32)> = Vec::new();
    let text = std::fs::read_to_string(format!("{root}/tests/data/mates.jsonl")).unwrap();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        exercises.push((
            r["id"].as_str().unwrap().to_string(),
            r["fen"].as_str().unwrap().to_string(),
            r["mate_in"].as_u64().unwrap() as u32,
        ));
    }
    if args.iter().any(|a| a == "--puzzles") {
        let text = std::fs::read_to_string(format!("{root}/www/public/puzzles.json")).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        for p in v["puzzles"].as_array().unwrap() {
            exercises.push((
                format!("puzzle-{}", p["id"]),
                p["fen"].as_str().unwrap().to_string(),
                p["mateIn"].as_u64().unwrap() as u32,
            ));
        }
    }
    // matingMoves in slices of this many nodes (0: one call).
    let slice: u64 = args
        .iter()
        .position(|a| a == "--slice")
        .map(|i| args[i + 1].parse().expect("--slice NODES"))
        .unwrap_or(0);
    let (mut slices, mut max_slice_ms) = (0, 0.0f64);
    let mut rows = Vec::new();
    let t_all = Instant::now();
    for (id, fen, n) in exercises {
        if n > max || only.as_ref().is_some_and(|o| *o != id) {
            continue;
        }
        let mut prover = MateProver::with_limits(0, memo);
        let mut pos = Position::from_fen(&fen).unwrap();
        let mut left = n;
        let mut turn = 0;
        while left > 0 {
            turn += 1;
            let t = Instant::now();
            let mut mating_nodes = 0;
            let mut slice_ms: f64 = 0.0;
            prover.node_limit = slice;
            let good = loop {
                prover.reset_count();
                let t = Instant::now();
                let good = prover.mating_moves(&pos, left);
                slice_ms = slice_ms.max(t.elapsed().as_secs_f64() * 1000.0);
                mating_nodes += prover.nodes;
                if !prover.gave_up() {
                    break good;
                }
                slices += 1;
            };
            prover.node_limit = 0;
            let mating_ms = t.elapsed().as_secs_f64() * 1000.0;
            max_slice_ms = max_slice_ms.max(slice_ms);
            assert!(!good.is_empty(), "{id}: no mating move at turn {turn}");
            // The bench's move: the first of the shortest mate (a separate prover, not timed).
            let mut picker = MateProver::new();
            let mv: Move = (1..=left)
                .find_map(|k| picker.mating_moves(&pos, k).first().copied())
                .unwrap();
            assert!(good.contains(&mv), "{id}: {mv} not among {good:?}");
            let mut cold = MateProver::with_limits(0, memo);
            let t = Instant::now();
            assert!(cold.move_mates_within(&pos, mv, left));
            let proof_ms = t.elapsed().as_secs_f64() * 1000.0;
            let proof_nodes = cold.nodes;
            let mut cold = MateProver::with_limits(0, memo);
            let mut after = pos.clone();
            after.play(mv).unwrap();
            let t = Instant::now();
            if left > 1 {
                cold.defend(&after, left - 1);
            }
            let cold_defend_ms = t.elapsed().as_secs_f64() * 1000.0;
            let cold_defend_nodes = cold.nodes;
            pos.play(mv).unwrap();
            // Mated: no defence to time, and the exercise is over.
            let defence = pos.has_legal_move().then(|| {
                prover.reset_count();
                let t = Instant::now();
                let d = prover.defend(&pos, left - 1);
                (d, prover.nodes, t.elapsed().as_secs_f64() * 1000.0)
            });
            let (defend_nodes, defend_ms) = defence.map_or((0, 0.0), |(_, n, ms)| (n, ms));
            rows.push(Row {
                id: id.clone(),
                mate_in: n,
                turn,
                mating_nodes,
                mating_ms,
                defend_nodes,
                defend_ms,
                proof_nodes,
                proof_ms,
                cold_defend_nodes,
                cold_defend_ms,
            });
            let Some((d, _, _)) = defence else { break };
            let reply = match d {
                Defence::Stubborn { reply, .. } => reply,
                other => panic!("{id}: turn {turn}: {other:?}"),
            };
            pos.play(reply).unwrap();
            left -= 1;
        }
    }
    let total = t_all.elapsed().as_secs_f64() * 1000.0;
    for r in &rows {
        println!(
            "{:28} mate in {} turn {}: matingMoves {:>9} nodes {:8.1} ms, defend {:>7} nodes {:7.1} ms; cold: proof {:>7} nodes {:7.1} ms, defend {:>7} nodes {:7.1} ms",
            r.id, r.mate_in, r.turn, r.mating_nodes, r.mating_ms, r.defend_nodes, r.defend_ms,
            r.proof_nodes, r.proof_ms, r.cold_defend_nodes, r.cold_defend_ms
        );
    }
    let mut by = rows.iter().collect::<Vec<_>>();
    by.sort_by(|a, b| (b.mating_ms + b.defend_ms).total_cmp(&(a.mating_ms + a.defend_ms)));
    println!("slowest (matingMoves + defend):");
    for r in by.iter().take(8) {
        println!(
            "  {} turn {}: {:.1} ms ({} + {} nodes)",
            r.id,
            r.turn,
            r.mating_ms + r.defend_ms,
            r.mating_nodes,
            r.defend_nodes
        );
    }
    let nodes: u64 = rows.iter().map(|r| r.mating_nodes + r.defend_nodes).sum();
    let over = |limit: f64| {
        rows.iter()
            .filter(|r| r.mating_ms + r.defend_ms > limit)
            .count()
    };
    for (what, f) in [
        ("cold proof", (|r: &Row| r.proof_ms) as fn(&Row) -> f64),
        ("cold defend", |r: &Row| r.cold_defend_ms),
    ] {
        let mut v: Vec<_> = rows.iter().map(|r| (f(r), r)).collect();
        v.sort_by(|a, b| b.0.total_cmp(&a.0));
        let top: Vec<String> = v
            .iter()
            .take(5)
            .map(|(ms, r)| format!("{} turn {} {:.1} ms", r.id, r.turn, ms))
            .collect();
        println!("slowest {what}: {}", top.join(", "));
    }
    if slice > 0 {
        println!("matingMoves in slices of {slice} nodes: {slices} slices given up, the longest {max_slice_ms:.1} ms");
    }
    println!(
        "{} moves, {} nodes, {:.0} ms in all; matingMoves + defend over 50 ms: {}, over 150 ms: {}",
        rows.len(),
        nodes,
        total,
        over(50.0),
        over(150.0)
    );
}
