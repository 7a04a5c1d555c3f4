//! The move-generation commands: `perft DEPTH [--fen FEN] [--divide]`, `moves [--fen FEN]` and
//! `perft-bench [--depth N]` (perft speed over the start and two middle games of the bench positions).

use crate::args::USAGE;
use std::time::Instant;
use xiangqi::{perft, Position};
use xiangqi_engine::bench::BENCH_POSITIONS;

/// The bench positions `perft-bench` counts, at depth 5 unless `--depth` says otherwise.
const PERFT_BENCH: [&str; 3] = ["start", "middle-1", "middle-2"];
const PERFT_BENCH_DEPTH: u32 = 5;

struct Opts {
    positional: Vec<String>,
    fen: Option<String>,
    divide: bool,
    depth: Option<u32>,
}

fn parse_opts(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        positional: Vec::new(),
        fen: None,
        divide: false,
        depth: None,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--fen" => o.fen = Some(it.next().ok_or("--fen needs a FEN")?.clone()),
            "--divide" => o.divide = true,
            "--depth" => o.depth = Some(parse_depth(it.next().ok_or("--depth needs a number")?)?),
            s if s.starts_with("--") => return Err(format!("unknown option {s}; {USAGE}")),
            s => o.positional.push(s.to_string()),
        }
    }
    Ok(o)
}

fn parse_depth(s: &str) -> Result<u32, String> {
    s.parse::<u32>()
        .ok()
        .filter(|d| *d <= 12)
        .ok_or_else(|| format!("depth must be a number from 0 to 12, got {s:?}"))
}

fn position(fen: &Option<String>) -> Result<Position, String> {
    match fen {
        None => Ok(Position::new()),
        Some(f) => Position::from_fen(f).map_err(|e| e.to_string()),
    }
}

/// Runs `cmd` (`perft`, `moves` or `perft-bench`) with `args`.
pub fn run(cmd: &str, args: &[String]) -> Result<(), String> {
    let o = parse_opts(args)?;
    match cmd {
        "perft" => {
            let [depth] = o.positional.as_slice() else {
                return Err(format!("perft takes one DEPTH; {USAGE}"));
            };
            let depth = parse_depth(depth)?;
            let pos = position(&o.fen)?;
            if o.divide && depth > 0 {
                let mut total = 0;
                for (m, n) in perft::divide(&pos, depth) {
                    println!("{m}: {n}");
                    total += n;
                }
                println!("{total}");
            } else {
                println!("{}", perft::perft(&pos, depth));
            }
            Ok(())
        }
        "moves" => {
            if !o.positional.is_empty() || o.divide || o.depth.is_some() {
                return Err(format!("moves takes only --fen; {USAGE}"));
            }
            let pos = position(&o.fen)?;
            let mut moves = pos.legal_moves();
            moves.sort_iccs();
            let line: Vec<String> = moves.iter().map(ToString::to_string).collect();
            println!("{}", line.join(" "));
            Ok(())
        }
        "perft-bench" => {
            if !o.positional.is_empty() || o.fen.is_some() {
                return Err(format!("perft-bench takes only --depth; {USAGE}"));
            }
            bench(o.depth)
        }

        other => Err(format!("unknown command {other:?}; {USAGE}")),
    }
}

fn bench(depth: Option<u32>) -> Result<(), String> {
    let mut total_nodes = 0u64;
    let mut total_secs = 0f64;
    for (name, fen) in BENCH_POSITIONS
        .iter()
        .filter(|(name, _)| PERFT_BENCH.contains(name))
    {
        // The bench positions are constants, every one a legal FEN (tested in xiangqi-engine's bench module).
        let pos = Position::from_fen(fen).map_err(|e| format!("bench position {name}: {e}"))?;
        let d = depth.unwrap_or(PERFT_BENCH_DEPTH);
        let t = Instant::now();
        let n = perft::perft(&pos, d);
        let s = t.elapsed().as_secs_f64();
        total_nodes += n;
        total_secs += s;
        println!(
            "{name:9} perft({d}) = {n:>12} in {s:7.3} s = {:6.1} Mnps",
            n as f64 / s / 1e6
        );
    }
    println!(
        "total {total_nodes} nodes in {total_secs:.3} s = {:.1} Mnps",
        total_nodes as f64 / total_secs / 1e6
    );
    Ok(())
}
