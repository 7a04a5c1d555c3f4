//! `xiangqi match`: engine A against engine B (this engine at two settings, or an external UCI engine) over
//! a set of openings, each played with both colours and refereed by the rules engine.

use crate::{num, InstantClock};
use std::io::BufRead;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi_wasm::rules::{Color, Game, Move};
use xiangqi_wasm::search::{Engine, Limits, SearchOptions};

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

#[derive(Clone)]
struct Player {
    depth: Option<u32>,
    ms: Option<u64>,
    nodes: Option<u64>,
    skill: u8,
    /// An external UCI engine (a shell command) instead of this engine.
    uci: Option<String>,
    /// The external engine numbers ranks 1–10 (Fairy-Stockfish) instead of ICCS 0–9.
    ranks_from_one: bool,
}

/// A UCI engine in a child process.
struct External {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
    ranks_from_one: bool,
}

impl External {
    fn start(cmd: &str, ranks_from_one: bool) -> Result<External, String> {
        let mut child = std::process::Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {cmd:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let mut e = External {
            child,
            stdin,
            lines: std::io::BufReader::new(stdout).lines(),
            ranks_from_one,
        };
        e.send("uci")?;
        e.wait_for("uciok")?;
        e.send("setoption name UCI_Variant value xiangqi")?;
        e.send("setoption name Threads value 1")?;
        e.send("isready")?;
        e.wait_for("readyok")?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        use std::io::Write;
        writeln!(self.stdin, "{line}").map_err(|e| e.to_string())?;
        self.stdin.flush().map_err(|e| e.to_string())
    }

    fn wait_for(&mut self, prefix: &str) -> Result<String, String> {
        for line in self.lines.by_ref() {
            let line = line.map_err(|e| e.to_string())?;
            if line.starts_with(prefix) {
                return Ok(line);
            }
        }
        Err(format!("engine closed before {prefix}"))
    }

    fn to_theirs(&self, m: Move) -> String {
        if !self.ranks_from_one {
            return m.to_string();
        }
        let sq = |s: xiangqi_wasm::rules::Square| {
            format!("{}{}", (b'a' + s.file()) as char, s.rank() + 1)
        };
        format!("{}{}", sq(m.from), sq(m.to))
    }

    fn parse_theirs(&self, text: &str) -> Result<Move, String> {
        if !self.ranks_from_one {
            return text.parse().map_err(|_| format!("bad move {text:?}"));
        }
        // file letter + rank 1..=10, twice
        let b = text.as_bytes();
        let mut parts = Vec::new();
        let mut i = 0;
        while i < b.len() {
            let f = b[i];
            i += 1;
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let r: u8 = text[start..i]
                .parse()
                .map_err(|_| format!("bad move {text:?}"))?;
            parts.push(format!(
                "{}{}",
                f as char,
                r.checked_sub(1).ok_or("rank 0")?
            ));
        }
        parts
            .concat()
            .parse()
            .map_err(|_| format!("bad move {text:?}"))
    }

    fn best_move(&mut self, game: &Game, movetime: u64) -> Result<Move, String> {
        let moves: Vec<String> = game
            .history()
            .iter()
            .map(|pm| self.to_theirs(pm.mv))
            .collect();
        let mut cmd = format!("position fen {}", game.start().fen());
        if !moves.is_empty() {
            cmd += " moves ";
            cmd += &moves.join(" ");
        }
        self.send(&cmd)?;
        self.send(&format!("go movetime {movetime}"))?;
        let line = self.wait_for("bestmove")?;
        let text = line
            .split_whitespace()
            .nth(1)
            .ok_or("empty bestmove")?
            .to_string();
        self.parse_theirs(&text)
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
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

/// Referees `game` after its last move with the rules engine's own adjudication (mate, stalemate, the
/// repetition rulings of the game's rule set, the 60-move limit, dead positions), plus a ply cap.
pub fn referee(game: &Game, max_plies: usize) -> Option<GameEnd> {
    if let Some(o) = game.outcome() {
        let why = o.reason().code();
        return Some(match o.winner() {
            Some(c) => GameEnd::Win(c, why),
            None => GameEnd::Draw(why),
        });
    }
    if game.history().len() >= max_plies {
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
        uci: None,
        ranks_from_one: false,
    };
    let mut b = a.clone();
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
            "--b-uci" => b.uci = Some(it.next().ok_or("--b-uci needs a command")?.clone()),
            "--b-ranks-from-one" => b.ranks_from_one = true,
            other => return Err(format!("match: unknown argument {other:?}")),
        }
    }
    let mut engines = [Engine::new(16), Engine::new(16)];
    let mut external = match &b.uci {
        Some(cmd) => Some(External::start(cmd, b.ranks_from_one)?),
        None => None,
    };
    for (e, p) in engines.iter_mut().zip([&a, &b]) {
        e.set_options(SearchOptions {
            skill_level: p.skill,
            ..SearchOptions::default()
        });
    }
    let players = [a.clone(), b.clone()];
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
            if let Some(ext) = external.as_mut() {
                ext.send("ucinewgame")?;
                ext.send("isready")?;
                ext.wait_for("readyok")?;
            }
            let end = loop {
                if let Some(end) = referee(&game, max_plies) {
                    break end;
                }
                let red_to_move = game.position().turn() == Color::Red;
                let who = if red_to_move == a_is_red { 0 } else { 1 };
                let m: Move = match (&mut external, who) {
                    (Some(ext), 1) => ext.best_move(&game, b.ms.unwrap_or(100))?,
                    _ => {
                        let clock = InstantClock(Instant::now());
                        let r = engines[who].search(
                            &game,
                            &players[who].limits(),
                            &clock,
                            &stop,
                            &mut |_| {},
                        );
                        r.best_move
                            .ok_or("engine returned no move in an ongoing game")?
                    }
                };
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
    // A clean sweep has no finite estimate: bound it with half a point moved to the other side.
    let elo_of = |p: f64| -400.0 * (1.0 / p - 1.0).log10();
    let elo = if score <= 0.0 {
        format!("< {:+.0}", elo_of(0.5 / n))
    } else if score >= 1.0 {
        format!("> {:+.0}", elo_of(1.0 - 0.5 / n))
    } else {
        format!("{:+.0}", elo_of(score))
    };
    println!(
        "A: +{wins} ={draws} -{losses}  score {:.1}/{n}  ({:.1} %)  Elo(A-B) {elo}",
        wins as f64 + draws as f64 / 2.0,
        score * 100.0,
    );
    Ok(())
}
