//! Positions for the differential test against Fairy-Stockfish (scripts/differential.mjs): prints one JSON
//! line per game — start FEN, moves played — with what this crate says about every position of it: the
//! legal moves (ICCS, sorted), check, and whether the side to move is checkmated or stalemated, and, on
//! sampled positions, perft(2) or perft(3).
//! The comparison itself is scripts/differential.py (pyffish, in .venv-oracle/).
//!
//! The positions are every ply of games of three kinds, in turn: random games from the start position,
//! games played by the engine at depth 1–2 (varied by skill level and seed, a random move now and then),
//! and random games from random legal placements (sparse boards reach checks, mates, stalemates, facing
//! generals and cannon screens far more often than openings do). Deterministic for a given seed.
//!
//! `cargo run --release --example oracle_positions -- --positions 10000 [--seed 1] [--perft-every 500]`

use std::io::{BufWriter, Write};
use std::sync::atomic::AtomicBool;
use xiangqi::adjudication::{Mode, Options};
use xiangqi::perft::perft;
use xiangqi::{reachable, Board, Color, Game, Move, Piece, Position, Role, Setup, Square, Status};
use xiangqi_engine::{Engine, Limits, NoClock, SearchOptions};

fn splitmix(s: &mut u64) -> u64 {
    let (next, value) = xiangqi::zobrist::splitmix64(*s);
    *s = next;
    value
}

fn below(rng: &mut u64, n: u64) -> u64 {
    splitmix(rng) % n
}

/// A random legal placement: both generals, then up to the full set of each kind on random points the
/// kind can reach; retried until [`Position::from_setup`] accepts it.
fn random_position(rng: &mut u64) -> Position {
    loop {
        let mut board = Board::empty();
        for color in [Color::Red, Color::Black] {
            for (role, max) in [
                (Role::General, 1),
                (Role::Advisor, 2),
                (Role::Elephant, 2),
                (Role::Horse, 2),
                (Role::Chariot, 2),
                (Role::Cannon, 2),
                (Role::Soldier, 5),
            ] {
                let n = if role == Role::General {
                    1
                } else {
                    below(rng, max + 1)
                };
                for _ in 0..n {
                    let piece = Piece { color, role };
                    for _ in 0..100 {
                        let sq = Square::new(below(rng, 90) as u8).expect("a square index");
                        if board.piece_at(sq).is_none() && reachable(piece, sq) {
                            board.set(sq, Some(piece));
                            break;
                        }
                    }
                }
            }
        }
        let setup = Setup {
            board,
            turn: if below(rng, 2) == 0 {
                Color::Red
            } else {
                Color::Black
            },
            ..Setup::default()
        };
        if let Ok(pos) = Position::from_setup(setup) {
            return pos;
        }
    }
}

/// Collects the positions of one game and writes the game as one JSON line: the start FEN, the moves
/// played, and for each position reached (the start, then after each move) its FEN, legal moves, check and
/// status.
struct Out<W: Write> {
    w: W,
    written: u64,
    limit: u64,
    perft_every: u64,
    source: &'static str,
    start: String,
    played: Vec<String>,
    positions: Vec<serde_json::Value>,
}

impl<W: Write> Out<W> {
    fn done(&self) -> bool {
        self.written >= self.limit
    }

    fn begin(&mut self, pos: &Position, source: &'static str) {
        self.source = source;
        self.start = pos.fen();
        self.played.clear();
        self.positions.clear();
    }

    fn position(&mut self, pos: &Position) {
        let mut moves: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
        moves.sort();
        let status = match pos.status() {
            Status::Ongoing => "ongoing",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
        };
        let mut p = serde_json::json!({
            "fen": pos.fen(),
            "moves": moves,
            "check": pos.is_check(),
            "status": status,
        });
        if self.perft_every > 0 && self.written % self.perft_every == 0 {
            // perft(3) on one sampled position in ten, perft(2) on the others.
            let depth = if (self.written / self.perft_every) % 10 == 0 {
                3
            } else {
                2
            };
            p["perft"] = serde_json::json!([depth, perft(pos, depth)]);
        }
        self.positions.push(p);
        self.written += 1;
    }

    fn play(&mut self, m: Move) {
        self.played.push(m.to_string());
    }

    fn end(&mut self) {
        let line = serde_json::json!({
            "source": self.source,
            "start": self.start,
            "played": self.played,
            "positions": self.positions,
        });
        writeln!(self.w, "{line}").expect("stdout");
    }
}

fn arg(args: &[String], flag: &str, default: u64) -> u64 {
    match args.iter().position(|a| a == flag) {
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{flag} needs a number")),
        None => default,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = std::io::stdout();
    let mut out = Out {
        w: BufWriter::new(stdout.lock()),
        written: 0,
        limit: arg(&args, "--positions", 10_000),
        perft_every: arg(&args, "--perft-every", 500),
        source: "",
        start: String::new(),
        played: Vec::new(),
        positions: Vec::new(),
    };
    let mut rng = arg(&args, "--seed", 1);
    let max_plies = 200;
    let mut engine = Engine::new(1);
    let mut kind = 0;
    while !out.done() {
        kind = (kind + 1) % 3;
        match kind {
            // A random game from the start, or (kind 2) from a random placement.
            0 | 2 => {
                let (mut pos, source) = if kind == 0 {
                    (Position::new(), "random")
                } else {
                    (random_position(&mut rng), "placement")
                };
                out.begin(&pos, source);
                for _ in 0..max_plies {
                    out.position(&pos);
                    let moves = pos.legal_moves();
                    if moves.is_empty() || out.done() {
                        break;
                    }
                    let m = moves[below(&mut rng, moves.len() as u64) as usize];
                    pos.play(m).expect("a listed move is legal");
                    out.play(m);
                }
                out.end();
            }
            // A game played by the engine (analysis mode: repetitions do not stop it).
            _ => {
                let options = Options {
                    mode: Mode::Analysis,
                    ..Options::default()
                };
                let mut game = Game::with_options(Position::new(), options).expect("valid options");
                engine.new_game();
                engine.set_options(SearchOptions {
                    skill_level: below(&mut rng, 21) as i8,
                    seed: splitmix(&mut rng),
                    ..SearchOptions::default()
                });
                out.begin(game.position(), "engine");
                for _ in 0..max_plies {
                    out.position(game.position());
                    let moves = game.position().legal_moves();
                    if moves.is_empty() || out.done() {
                        break;
                    }
                    let m = if below(&mut rng, 10) == 0 {
                        moves[below(&mut rng, moves.len() as u64) as usize]
                    } else {
                        let limits = Limits {
                            depth: Some(1 + below(&mut rng, 2) as u32),
                            nodes: Some(5_000),
                            ..Limits::default()
                        };
                        engine
                            .search(
                                &game,
                                &limits,
                                &NoClock,
                                &AtomicBool::new(false),
                                &mut |_| {},
                            )
                            .best_move
                            .expect("a position with legal moves has a best move")
                    };
                    game.play(m).expect("the engine plays legal moves");
                    out.play(m);
                }
                out.end();
            }
        }
    }
    out.w.flush().expect("stdout");
}
