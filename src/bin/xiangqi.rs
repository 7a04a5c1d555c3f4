//! `xiangqi`: the native command line over the library.
//!
//! ```text
//! xiangqi perft DEPTH [--fen FEN] [--divide]   node count on the last line
//! xiangqi moves [--fen FEN]                    sorted legal ICCS moves on one line
//! xiangqi perft-bench [--depth N]              perft speed from the start and two middle games
//! xiangqi bench [--depth N | --nodes N]         search speed over 10 positions: total nodes and nodes/s
//! xiangqi uci                                   UCI engine protocol on stdin/stdout
//! xiangqi match [--a-depth N] [--b-depth N] [--a-ms MS] [--b-ms MS] [--a-skill L] [--b-skill L] [--openings N]
//!                                               engine A vs engine B, each opening with both colours
//! xiangqi mates FILE.jsonl                      time to find each mate of a puzzle file
//! ```
//! Bad arguments print one line to stderr and exit with status 2.

use std::process::ExitCode;
use std::time::Instant;
use xiangqi_wasm::rules::{perft, Position};

#[path = "xiangqi/play.rs"]
mod play;

const USAGE: &str = "usage: xiangqi perft DEPTH [--fen FEN] [--divide] | xiangqi moves [--fen FEN] | xiangqi perft-bench [--depth N] | xiangqi bench [--depth N | --nodes N] | xiangqi uci | xiangqi match [options] | xiangqi mates FILE";

/// Middle-game positions of the published perft suite used by `bench`.
const BENCH_POSITIONS: [(&str, &str, u32); 3] = [
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        5,
    ),
    (
        "middle-1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        5,
    ),
    (
        "middle-2",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        5,
    ),
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("xiangqi: {msg}");
            ExitCode::from(2)
        }
    }
}

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

fn run(args: &[String]) -> Result<(), String> {
    let Some(cmd) = args.first() else {
        return Err(USAGE.to_string());
    };
    if matches!(cmd.as_str(), "bench" | "uci" | "match" | "mates") {
        return match cmd.as_str() {
            "bench" => play::search_bench(&args[1..]),
            "uci" => play::uci_loop(),
            "mates" => play::mate_times(&args[1..]),
            _ => play::run_match(&args[1..]),
        };
    }
    let o = parse_opts(&args[1..])?;
    match cmd.as_str() {
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
            bench(o.depth);
            Ok(())
        }

        other => Err(format!("unknown command {other:?}; {USAGE}")),
    }
}

fn bench(depth: Option<u32>) {
    let mut total_nodes = 0u64;
    let mut total_secs = 0f64;
    for (name, fen, d) in BENCH_POSITIONS {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| unreachable!("{e}"));
        let d = depth.unwrap_or(d);
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
}
