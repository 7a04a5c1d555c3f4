//! `xiangqi bench`: search speed over the bench positions, and the node count that signs the search.

use crate::args::{load_net, num};
use crate::wall_clock::InstantClock;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi::Position;
use xiangqi_engine::bench::BENCH_POSITIONS;
use xiangqi_engine::{Engine, Limits};

/// `xiangqi bench [--depth N | --nodes N] [--hash MB]`: searches each bench position from a fresh table.
pub fn search_bench(args: &[String]) -> Result<(), String> {
    let mut limits = Limits::depth(9);
    let mut hash = 16;
    let mut net: Option<String> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--depth" => limits = Limits::depth(num::<u32>(&mut it, "--depth")?.clamp(1, 60)),
            "--nodes" => limits = Limits::nodes(num(&mut it, "--nodes")?),
            "--hash" => hash = num(&mut it, "--hash")?,
            "--net" => net = Some(it.next().ok_or("--net needs a file")?.clone()),
            other => return Err(format!("bench: unknown argument {other:?}")),
        }
    }
    let mut engine = Engine::new(hash);
    if let Some(path) = &net {
        load_net(&mut engine, path)?;
    }
    let stop = AtomicBool::new(false);
    let mut total_nodes = 0u64;
    let mut total_ms = 0f64;
    for (name, fen) in BENCH_POSITIONS {
        let pos = Position::from_fen(fen).map_err(|e| format!("{name}: {e}"))?;
        engine.new_game();
        let clock = InstantClock(Instant::now());
        let t = Instant::now();
        let r = engine.search_position(&pos, &limits, &clock, &stop, &mut |_| {});
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        total_nodes += r.nodes;
        total_ms += ms;
        println!(
            "{name:15} depth {:2} bestmove {} score {:10} nodes {:>10} time {:8.1} ms",
            r.depth,
            r.best_move.map_or("(none)".to_string(), |m| m.to_string()),
            r.score.to_string(),
            r.nodes,
            ms
        );
    }
    println!("Total time (ms) : {total_ms:.0}");
    println!("Nodes searched  : {total_nodes}");
    println!(
        "Nodes/second    : {:.0}",
        total_nodes as f64 / (total_ms / 1000.0).max(1e-9)
    );
    Ok(())
}
