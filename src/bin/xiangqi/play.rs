//! The searching commands of the CLI: `bench`, `uci` and `match`. The clock (`std::time::Instant`) and the
//! threads live here, never in the library.

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use xiangqi_wasm::rules::{Color, Game, Move, Position, Role, Status};
use xiangqi_wasm::search::bench::BENCH_POSITIONS;
use xiangqi_wasm::search::uci::{Action, UciSession};
use xiangqi_wasm::search::{
    Clock, CycleMove, Engine, Limits, PerpetualCheckJudge, RepetitionJudge, SearchOptions, Verdict,
};

/// Wall-clock time since creation: the clock the CLI injects.
struct InstantClock(Instant);

impl Clock for InstantClock {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

fn num<T: std::str::FromStr>(it: &mut std::slice::Iter<String>, name: &str) -> Result<T, String> {
    it.next()
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("{name} needs a number"))
}

/// `xiangqi bench [--depth N | --nodes N] [--hash MB]`: searches each bench position from a fresh table.
pub fn search_bench(args: &[String]) -> Result<(), String> {
    let mut limits = Limits::depth(9);
    let mut hash = 16;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--depth" => limits = Limits::depth(num::<u32>(&mut it, "--depth")?.clamp(1, 60)),
            "--nodes" => limits = Limits::nodes(num(&mut it, "--nodes")?),
            "--hash" => hash = num(&mut it, "--hash")?,
            other => return Err(format!("bench: unknown argument {other:?}")),
        }
    }
    let mut engine = Engine::new(hash);
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

/// `xiangqi uci`: reads commands from stdin; a search runs on its own thread so that `stop` and `isready`
/// are answered while it runs.
pub fn uci_loop() -> Result<(), String> {
    let stdin = std::io::stdin();
    let stop = Arc::new(AtomicBool::new(false));
    let mut session = Some(UciSession::new());
    let mut worker: Option<std::thread::JoinHandle<UciSession>> = None;
    let mut print = |l: &str| println!("{l}");
    let join = |w: &mut Option<std::thread::JoinHandle<UciSession>>, s: &mut Option<UciSession>| {
        if let Some(h) = w.take() {
            *s = Some(h.join().unwrap_or_else(|_| UciSession::new()));
        }
    };
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let cmd = line.split_whitespace().next().unwrap_or("");
        if worker.as_ref().is_some_and(|h| h.is_finished()) {
            join(&mut worker, &mut session);
        }
        if worker.is_some() {
            match cmd {
                "stop" => {
                    stop.store(true, Ordering::Relaxed);
                    join(&mut worker, &mut session);
                    continue;
                }
                "quit" => {
                    stop.store(true, Ordering::Relaxed);
                    join(&mut worker, &mut session);
                    return Ok(());
                }
                "isready" => {
                    print("readyok");
                    continue;
                }
                _ => join(&mut worker, &mut session),
            }
        }
        let Some(s) = session.as_mut() else {
            continue;
        };
        match s.handle(&line, &mut print) {
            Action::Go(limits) => {
                stop.store(false, Ordering::Relaxed);
                let mut s = session.take().unwrap_or_default();
                let stop = Arc::clone(&stop);
                worker = Some(std::thread::spawn(move || {
                    let clock = InstantClock(Instant::now());
                    s.go(&limits, &clock, &stop, &mut |l| println!("{l}"));
                    s
                }));
            }
            Action::Quit => return Ok(()),
            Action::Stop | Action::None => {}
        }
    }
    // End of input: let a running search finish (an infinite one is stopped).
    stop.store(true, Ordering::Relaxed);
    join(&mut worker, &mut session);
    Ok(())
}

/// Openings for matches (ICCS moves from the start position), each played with both colours.
const OPENINGS: [&str; 12] = [
    "h2e2 h9g7",           // central cannon vs screen horse
    "h2e2 b7e7",           // same-direction cannons
    "h2e2 h7e7",           // opposite-direction cannons
    "c3c4 g6g5",           // pawn openings
    "b2e2 b9c7 b0c2",      // central cannon, horse
    "g0e2 h9g7",           // elephant opening
    "c3c4 b9c7",           // soldier opening vs horse
    "b0c2 b9c7",           // horse openings
    "h2f2 h9g7",           // cross-palace cannon
    "h0g2 h9g7 i0h0",      // horse and chariot
    "h2e2 h9g7 h0g2 i9h9", // central cannon, both develop
    "g3g4 c6c5",           // pawn vs pawn
];

#[derive(Clone, Copy)]
struct Player {
    depth: Option<u32>,
    ms: Option<u64>,
    nodes: Option<u64>,
    skill: u8,
}

impl Player {
    fn limits(&self) -> Limits {
        let mut l = match self.ms {
            Some(ms) => Limits::movetime(ms),
            None => Limits::default(),
        };
        l.depth = self.depth;
        l.nodes = self.nodes;
        if l.depth.is_none() && l.time_ms.is_none() && l.nodes.is_none() {
            l.depth = Some(4);
        }
        l
    }
}

/// How a refereed game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The side won.
    Win(Color, &'static str),
    /// Drawn.
    Draw(&'static str),
}

/// Referees `game` after its last move: mate and stalemate (the side to move loses), the third occurrence of
/// a position in the reversible span (ruled by `judge`), 120 plies without capture, and a ply cap.
pub fn referee(game: &Game, judge: &dyn RepetitionJudge, max_plies: usize) -> Option<GameEnd> {
    let pos = game.position();
    match pos.status() {
        Status::Checkmate => return Some(GameEnd::Win(pos.turn().other(), "checkmate")),
        Status::Stalemate => return Some(GameEnd::Win(pos.turn().other(), "stalemate")),
        Status::Ongoing => {}
    }
    // Positions of the reversible span, newest last (the current position is not in `history`).
    let hist = game.history();
    let key = pos.hash();
    let mut occurrences = Vec::new();
    let mut i = hist.len();
    while i > 0 {
        let pm = &hist[i - 1];
        if pm.hash_before == key {
            occurrences.push(i - 1);
        }
        let soldier_forward =
            pm.piece.role == Role::Soldier && pm.mv.from.file() == pm.mv.to.file();
        if pm.captured.is_some() || soldier_forward {
            break;
        }
        i -= 1;
    }
    if occurrences.len() >= 2 {
        let first = occurrences[1];
        let mut mover = game.start().turn();
        if first % 2 == 1 {
            mover = mover.other();
        }
        let mut cycle = Vec::new();
        for pm in &hist[first..] {
            cycle.push(CycleMove {
                mv: pm.mv,
                mover,
                check: pm.check,
            });
            mover = mover.other();
        }
        return Some(match judge.judge(pos, &cycle) {
            Verdict::Draw => GameEnd::Draw("repetition"),
            Verdict::Loses(c) => GameEnd::Win(c.other(), "perpetual check"),
        });
    }
    if pos.halfmoves() >= 120 {
        return Some(GameEnd::Draw("60-move rule"));
    }
    if hist.len() >= max_plies {
        return Some(GameEnd::Draw("ply cap"));
    }
    None
}

/// `xiangqi match`: engine A against engine B over the openings, each with both colours. Prints every game
/// and the score of A with an Elo estimate.
pub fn run_match(args: &[String]) -> Result<(), String> {
    let mut a = Player {
        depth: None,
        ms: None,
        nodes: None,
        skill: 20,
    };
    let mut b = a;
    let mut n_openings = OPENINGS.len();
    let mut max_plies = 300;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--a-depth" => a.depth = Some(num(&mut it, arg)?),
            "--b-depth" => b.depth = Some(num(&mut it, arg)?),
            "--a-ms" => a.ms = Some(num(&mut it, arg)?),
            "--b-ms" => b.ms = Some(num(&mut it, arg)?),
            "--a-nodes" => a.nodes = Some(num(&mut it, arg)?),
            "--b-nodes" => b.nodes = Some(num(&mut it, arg)?),
            "--a-skill" => a.skill = num::<u8>(&mut it, arg)?.min(20),
            "--b-skill" => b.skill = num::<u8>(&mut it, arg)?.min(20),
            "--openings" => n_openings = num::<usize>(&mut it, arg)?.clamp(1, OPENINGS.len()),
            "--max-plies" => max_plies = num(&mut it, arg)?,
            other => return Err(format!("match: unknown argument {other:?}")),
        }
    }
    let judge = PerpetualCheckJudge;
    let mut engines = [Engine::new(16), Engine::new(16)];
    for (e, p) in engines.iter_mut().zip([a, b]) {
        e.set_options(SearchOptions {
            skill_level: p.skill,
            ..SearchOptions::default()
        });
    }
    let players = [a, b];
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let stop = AtomicBool::new(false);
    for (oi, opening) in OPENINGS.iter().take(n_openings).enumerate() {
        for a_is_red in [true, false] {
            let mut game = Game::default();
            for m in opening.split_whitespace() {
                game.play_iccs(m)
                    .map_err(|e| format!("opening {opening}: {e}"))?;
            }
            for e in engines.iter_mut() {
                e.new_game();
            }
            let end = loop {
                if let Some(end) = referee(&game, &judge, max_plies) {
                    break end;
                }
                let red_to_move = game.position().turn() == Color::Red;
                let who = if red_to_move == a_is_red { 0 } else { 1 };
                let clock = InstantClock(Instant::now());
                let r =
                    engines[who].search(&game, &players[who].limits(), &clock, &stop, &mut |_| {});
                let m: Move = r
                    .best_move
                    .ok_or("engine returned no move in an ongoing game")?;
                game.play(m)
                    .map_err(|e| format!("engine played an illegal move: {e}"))?;
            };
            let a_color = if a_is_red { Color::Red } else { Color::Black };
            let (result, why) = match end {
                GameEnd::Win(c, why) if c == a_color => {
                    wins += 1;
                    ("1-0", why)
                }
                GameEnd::Win(_, why) => {
                    losses += 1;
                    ("0-1", why)
                }
                GameEnd::Draw(why) => {
                    draws += 1;
                    ("1/2", why)
                }
            };
            println!(
                "game {:2} opening {:2} A={} {result} ({why}, {} plies)",
                oi * 2 + usize::from(!a_is_red) + 1,
                oi + 1,
                if a_is_red { "red  " } else { "black" },
                game.history().len()
            );
        }
    }
    let n = (wins + draws + losses) as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / n;
    let elo = if score <= 0.0 || score >= 1.0 {
        f64::NAN
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    };
    println!(
        "A: +{wins} ={draws} -{losses}  score {:.1}/{n}  ({:.1} %)  Elo(A-B) {:+.0}",
        wins as f64 + draws as f64 / 2.0,
        score * 100.0,
        elo
    );
    Ok(())
}
