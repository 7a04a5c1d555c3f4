//! `xiangqi`: the native command line over the library.
//!
//! ```text
//! xiangqi perft DEPTH [--fen FEN] [--divide]   node count on the last line
//! xiangqi moves [--fen FEN]                    sorted legal ICCS moves on one line
//! xiangqi perft-bench [--depth N]              perft speed from the start and two middle games
//! xiangqi bench [--depth N | --nodes N] [--net FILE]  search speed over 10 positions: total nodes and nodes/s
//! xiangqi uci                                   UCI engine protocol on stdin/stdout
//! xiangqi match [--a-… / --b-… ms|depth|nodes|skill|net FILE|uci CMD|ranks-from-one] [--openings FILE|N] [--games N]
//!               [--jobs N] [--sprt ELO0,ELO1[,ALPHA,BETA]] [--rules axf|cxa] [--max-plies N] [--record FILE]
//!                                               engine A vs engine B (in-process or UCI), each opening with
//!                                               both colours: W/D/L, Elo with its 95 % interval, SPRT
//! xiangqi openings [--count N] [--plies N] [--seed S] [--depth D] [--max-cp CP]
//!                                               random balanced openings for `match`, one a line
//! xiangqi mates FILE.jsonl [--net FILE]         time to find each mate of a puzzle file
//! xiangqi make-puzzles GAMES… [--min-moves N] [--max-moves N] [--max-first N] [--count N] [--out FILE]
//!                                               mate exercises from recorded games, proved (JSON)
//! xiangqi tune FILE… [--skip-plies N] [--iterations N] [--rate R] [--l2 L] [--write]
//!                                               fits the evaluation's weights to recorded games (Texel);
//!                                               --write rewrites crates/search/src/weights.rs
//! xiangqi analyse [--fen FEN] [MOVE…] | --record FILE [--game N]  [--nodes N | --depth D | --ms MS]
//!               [--from N] [--to N]             how good was each move: class, scores, loss, best line
//! xiangqi fit-winprob FILE… [--nodes N | --depth D] [--skip-plies N] [--games N] [--net FILE]
//!                                               fits the analysis's win-probability model to recorded games
//! xiangqi datagen --out FILE (--games N | --positions N) [--jobs N] [--seed S] [--nodes N] [--depth D]
//!               [--random-plies MIN,MAX] [--openings FILE] [--max-plies N] [--adjudicate CP] [--hash MB] [--net FILE]
//!                                               training positions for the neural evaluation from the
//!                                               engine's own games (resumes an existing FILE)
//! ```
//! Bad arguments print one line to stderr and exit with status 2.

use args::USAGE;
use std::process::ExitCode;

mod analyse;
mod args;
mod bench;
mod datagen;
mod matches;
mod mates;
mod perft;
mod puzzles;
mod record_line;
mod stats;
mod tune;
mod uci;
mod wall_clock;
mod workers;

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

fn run(args: &[String]) -> Result<(), String> {
    let Some(cmd) = args.first() else {
        return Err(USAGE.to_string());
    };
    let rest = &args[1..];
    match cmd.as_str() {
        "perft" | "moves" | "perft-bench" => perft::run(cmd, rest),
        "bench" => bench::search_bench(rest),
        "uci" => uci::uci_loop(),
        "match" => matches::parse_args(rest)
            .and_then(|config| matches::run(&config))
            .map(|_| ()),
        "openings" => matches::write_openings(rest),
        "mates" => mates::mate_times(rest),
        "make-puzzles" => puzzles::run(rest),
        "tune" => tune::run(rest),
        "analyse" => analyse::analyse(rest),
        "fit-winprob" => analyse::fit_winprob(rest),
        "datagen" => datagen::parse_args(rest).and_then(|c| datagen::run(&c)),
        other => Err(format!("unknown command {other:?}; {USAGE}")),
    }
}
