//! `xiangqi match`: plays two engines against each other at equal limits, refereed by this library's own
//! adjudication, and reports the score with its 95 % interval and, optionally, a sequential probability
//! ratio test (SPRT). `xiangqi openings` writes a file of random balanced openings for it.
//!
//! Each side is this engine (in-process, with its own table) or an external UCI engine run as a child
//! process (`--a-uci CMD` / `--b-uci CMD`); `--jobs N` plays N games at once, one thread each. Every opening
//! is played twice, once with each colour. The referee is [`Game`]: mate, stalemate, the repetition rulings
//! of the chosen rule set, the move limit and dead positions end a game, plus a ply cap. A move that is not
//! legal, no move, or an engine that crashes loses the game for that side, and the match goes on.

use crate::args::num;
use crate::stats::{Sprt, SprtState, Tally};
use crate::wall_clock::InstantClock;
use crate::workers::run_workers;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use xiangqi::adjudication::{Options, Ruleset};
use xiangqi::names::Named;
use xiangqi::{Color, Game, Move, Position};
use xiangqi_engine::{Engine, Limits, SearchOptions};

/// The built-in openings (ICCS moves from the start position), used without `--openings FILE`.
pub const DEFAULT_OPENINGS: [&str; 12] = [
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

/// One side of the match.
#[derive(Clone, Debug, Default)]
pub struct Side {
    /// Depth limit of each search.
    pub depth: Option<u32>,
    /// Time per move in milliseconds.
    pub ms: Option<u64>,
    /// Node limit of each search.
    pub nodes: Option<u64>,
    /// Skill level −10–20 of this engine (ignored for an external engine).
    pub skill: i8,
    /// An external UCI engine (a shell command) instead of this engine.
    pub uci: Option<String>,
    /// The external engine numbers ranks 1–10 (Fairy-Stockfish) instead of ICCS 0–9.
    pub ranks_from_one: bool,
    /// A net file for this engine's neural evaluation (issue 40); the hand-tuned evaluation without one,
    /// or when the file cannot be used (a warning says why).
    pub net: Option<String>,
}

impl Side {
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

    fn go_command(&self) -> String {
        let mut cmd = String::from("go");
        if let Some(ms) = self.ms {
            cmd += &format!(" movetime {ms}");
        }
        if let Some(d) = self.depth {
            cmd += &format!(" depth {d}");
        }
        if let Some(n) = self.nodes {
            cmd += &format!(" nodes {n}");
        }
        if cmd == "go" {
            cmd += " depth 4";
        }
        cmd
    }
}

/// Everything `xiangqi match` was asked to do.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The first engine (whose score is reported).
    pub a: Side,
    /// Its opponent.
    pub b: Side,
    /// Openings: a start FEN and ICCS moves from it.
    pub openings: Vec<(String, Vec<String>)>,
    /// Games to play (each opening twice, with colours swapped, cycling through the openings).
    pub games: usize,
    /// Games played at once.
    pub jobs: usize,
    /// Stop early when this test decides.
    pub sprt: Option<Sprt>,
    /// The referee's rule set.
    pub rules: Ruleset,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// Append every finished game to this file, one a line: `START_FEN moves M… result R`, with `R` Red's
    /// score (`1`, `0.5`, `0`); `xiangqi tune` reads it.
    pub record: Option<String>,
}

/// A move as an engine that numbers ranks 1–10 (`ranks_from_one`) or ICCS 0–9 writes it.
fn to_theirs(m: Move, ranks_from_one: bool) -> String {
    if !ranks_from_one {
        return m.to_string();
    }
    let sq = |s: xiangqi::Square| format!("{}{}", (b'a' + s.file()) as char, s.rank() + 1);
    format!("{}{}", sq(m.from), sq(m.to))
}

/// Reads a move written by [`to_theirs`].
fn parse_theirs(text: &str, ranks_from_one: bool) -> Result<Move, String> {
    let bad = || format!("bad move {text:?}");
    if !ranks_from_one {
        return text.parse().map_err(|_| bad());
    }
    // file letter + rank 1..=10, twice
    let b = text.as_bytes();
    let mut iccs = String::new();
    let mut i = 0;
    while i < b.len() {
        let f = b[i];
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let r: u8 = text[start..i].parse().map_err(|_| bad())?;
        iccs.push(f as char);
        iccs += &r.checked_sub(1).ok_or_else(bad)?.to_string();
    }
    iccs.parse().map_err(|_| bad())
}

/// A UCI engine in a child process.
struct External {
    child: std::process::Child,
    /// `None` once closed (at the end, so that an engine that reads to the end of its input exits).
    stdin: Option<std::process::ChildStdin>,
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
            stdin: Some(stdin),
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
        let stdin = self.stdin.as_mut().ok_or("the engine's input is closed")?;
        writeln!(stdin, "{line}").map_err(|e| e.to_string())?;
        stdin.flush().map_err(|e| e.to_string())
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

    fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok").map(|_| ())
    }

    fn best_move(&mut self, game: &Game, go: &str) -> Result<Move, String> {
        let moves: Vec<String> = game
            .history()
            .iter()
            .map(|pm| to_theirs(pm.mv, self.ranks_from_one))
            .collect();
        let mut cmd = format!("position fen {}", game.start().fen());
        if !moves.is_empty() {
            cmd += " moves ";
            cmd += &moves.join(" ");
        }
        self.send(&cmd)?;
        self.send(go)?;
        let line = self.wait_for("bestmove")?;
        let text = line.split_whitespace().nth(1).ok_or("empty bestmove")?;
        parse_theirs(text, self.ranks_from_one)
    }
}

/// How long an engine may take to exit after `quit` before it is killed.
const QUIT_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

impl Drop for External {
    /// Sends `quit`, closes the engine's input and gives it [`QUIT_GRACE`] to exit, then kills it: a match never
    /// waits on an engine that ignores `quit` (or on a wrapper that waits for the end of its input).
    fn drop(&mut self) {
        self.send("quit").ok();
        self.stdin = None;
        let deadline = std::time::Instant::now() + QUIT_GRACE;
        while std::time::Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) => std::thread::sleep(std::time::Duration::from_millis(10)),
            }
        }
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// A player: this engine, or an external one.
enum Player {
    Own(Box<Engine>, Limits),
    External(External, String),
}

impl Player {
    fn new(side: &Side) -> Result<Player, String> {
        Ok(match &side.uci {
            Some(cmd) => Player::External(
                External::start(cmd, side.ranks_from_one)?,
                side.go_command(),
            ),
            None => {
                let mut e = Box::new(Engine::new(16));
                e.set_options(SearchOptions {
                    skill_level: side.skill,
                    ..SearchOptions::default()
                });
                if let Some(path) = &side.net {
                    let loaded = std::fs::read(path)
                        .map_err(|err| err.to_string())
                        .and_then(|bytes| e.load_network(&bytes).map_err(|err| err.to_string()));
                    if let Err(why) = loaded {
                        eprintln!(
                            "match: {path}: {why}; this side plays with the hand-tuned evaluation"
                        );
                    }
                }
                Player::Own(e, side.limits())
            }
        })
    }

    fn new_game(&mut self) -> Result<(), String> {
        match self {
            Player::Own(e, _) => {
                e.new_game();
                Ok(())
            }
            Player::External(x, _) => x.new_game(),
        }
    }

    fn best_move(&mut self, game: &Game) -> Result<Move, String> {
        match self {
            Player::Own(e, limits) => {
                let clock = InstantClock(Instant::now());
                let stop = AtomicBool::new(false);
                e.search(game, limits, &clock, &stop, &mut |_| {})
                    .best_move
                    .ok_or_else(|| "no move in an ongoing game".to_string())
            }
            Player::External(x, go) => x.best_move(game, go),
        }
    }
}

/// How a refereed game ended, from Red's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The side won.
    Win(Color, String),
    /// Drawn.
    Draw(String),
}

/// Referees `game` after its last move with the rules engine's own adjudication (mate, stalemate, the
/// repetition rulings of the game's rule set, the move limit, dead positions), plus a ply cap.
pub fn referee(game: &Game, max_plies: usize) -> Option<GameEnd> {
    if let Some(o) = game.outcome() {
        let why = o.reason().code().to_string();
        return Some(match o.winner() {
            Some(c) => GameEnd::Win(c, why),
            None => GameEnd::Draw(why),
        });
    }
    if game.history().len() >= max_plies {
        return Some(GameEnd::Draw("ply cap".into()));
    }
    None
}

/// Plays one game; `players[0]` is Red.
fn play_game(
    players: [&mut Player; 2],
    start: &Position,
    opening: &[String],
    options: &Options,
    max_plies: usize,
) -> Result<(GameEnd, Game), String> {
    let mut game = Game::with_options(start.clone(), *options).map_err(|e| e.to_string())?;
    for m in opening {
        game.play_iccs(m)
            .map_err(|e| format!("opening move {m}: {e}"))?;
    }
    let [red, black] = players;
    red.new_game()?;
    black.new_game()?;
    loop {
        if let Some(end) = referee(&game, max_plies) {
            return Ok((end, game));
        }
        let mover = game.position().turn();
        let player = if mover == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        let answer = player.best_move(&game);
        let played = answer.and_then(|m| game.play(m).map(|_| ()).map_err(|e| e.to_string()));
        if let Err(why) = played {
            let end = GameEnd::Win(mover.other(), format!("forfeit: {why}"));
            return Ok((end, game));
        }
    }
}

/// The line [`MatchConfig::record`] writes for a finished game.
fn record_line(game: &Game, end: &GameEnd) -> String {
    let mut line = game.start().fen();
    line += " moves";
    for m in game.history() {
        line += " ";
        line += &m.mv.to_string();
    }
    let red = match end {
        GameEnd::Win(Color::Red, _) => "1",
        GameEnd::Win(Color::Black, _) => "0",
        GameEnd::Draw(_) => "0.5",
    };
    line + " result " + red
}

/// Reads an openings file: one opening a line, ICCS moves from the start position, or `fen FEN [moves
/// M...]`; blank lines and lines starting with `#` are skipped.
pub fn read_openings(text: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen, moves) = match line.strip_prefix("fen ") {
            Some(rest) => match rest.split_once(" moves ") {
                Some((f, m)) => (f.trim().to_string(), m),
                None => (rest.trim().to_string(), ""),
            },
            None => (Position::new().fen(), line),
        };
        let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
        // Check the line now rather than in the middle of a match.
        let mut game = Game::from_fen(&fen).map_err(|e| format!("openings line {}: {e}", i + 1))?;
        for m in &moves {
            game.play_iccs(m)
                .map_err(|e| format!("openings line {}: {m}: {e}", i + 1))?;
        }
        out.push((fen, moves));
    }
    if out.is_empty() {
        return Err("the openings file has no opening".into());
    }
    Ok(out)
}

/// What the match prints as it goes and at the end.
fn summary(t: &Tally, sprt: Option<&Sprt>) -> String {
    let mut s = format!(
        "A: +{} ={} -{}  score {:.1}/{}  ({:.1} %)",
        t.wins,
        t.draws,
        t.losses,
        t.points(),
        t.games(),
        t.score().unwrap_or(0.0) * 100.0
    );
    if let Some((elo, lo, hi)) = t.elo_interval() {
        s += &format!("  Elo(A-B) {elo:+.0} [{lo:+.0}, {hi:+.0}] (95 %)");
    }
    if let Some(sp) = sprt {
        let (lo, hi) = sp.bounds();
        s += &format!(
            "  SPRT({:+}, {:+}) LLR {:.2} [{lo:.2}, {hi:.2}]",
            sp.elo0,
            sp.elo1,
            sp.llr(t)
        );
    }
    s
}

/// Runs the match and prints every game and the result; returns the final tally.
pub fn run(config: &MatchConfig) -> Result<Tally, String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let tally = Mutex::new(Tally::default());
    let options = Options {
        ruleset: config.rules,
        ..Options::default()
    };
    let config = Arc::new(config.clone());
    let record = match &config.record {
        Some(path) => Some(Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open {path:?}: {e}"))?,
        )),
        None => None,
    };
    run_workers(config.jobs, &stop, || -> Result<(), String> {
        let mut a = Player::new(&config.a)?;
        let mut b = Player::new(&config.b)?;
        while !stop.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= config.games {
                break;
            }
            let (fen, moves) = &config.openings[(i / 2) % config.openings.len()];
            let start = Position::from_fen(fen).map_err(|e| e.to_string())?;
            let a_is_red = i % 2 == 0;
            let players = if a_is_red {
                [&mut a, &mut b]
            } else {
                [&mut b, &mut a]
            };
            let (end, game) = play_game(players, &start, moves, &options, config.max_plies)?;
            let plies = game.history().len();
            if let Some(file) = &record {
                let mut f = file.lock().map_err(|_| "a match thread panicked")?;
                writeln!(f, "{}", record_line(&game, &end))
                    .map_err(|e| format!("cannot write the record: {e}"))?;
            }
            let a_color = if a_is_red { Color::Red } else { Color::Black };
            let mut t = tally.lock().map_err(|_| "a match thread panicked")?;
            let (result, why) = match &end {
                GameEnd::Win(c, why) if *c == a_color => {
                    t.wins += 1;
                    ("1-0", why)
                }
                GameEnd::Win(_, why) => {
                    t.losses += 1;
                    ("0-1", why)
                }
                GameEnd::Draw(why) => {
                    t.draws += 1;
                    ("1/2", why)
                }
            };
            println!(
                "game {:3} opening {:3} A={} {result} ({why}, {plies} plies)  | {}",
                i + 1,
                (i / 2) % config.openings.len() + 1,
                if a_is_red { "red  " } else { "black" },
                summary(&t, config.sprt.as_ref())
            );
            if let Some(sp) = &config.sprt {
                if sp.state(&t) != SprtState::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        Ok(())
    })?;
    let t = tally.into_inner().map_err(|_| "a match thread panicked")?;
    println!("{}", summary(&t, config.sprt.as_ref()));
    if let Some(sp) = &config.sprt {
        println!(
            "SPRT: {}",
            match sp.state(&t) {
                SprtState::AcceptH1 => "H1 accepted (A is stronger by about elo1 or more)",
                SprtState::AcceptH0 => "H0 accepted (A is not stronger by elo1)",
                SprtState::Continue => "undecided (more games needed)",
            }
        );
    }
    Ok(t)
}

/// Parses `xiangqi match` arguments.
pub fn parse_args(args: &[String]) -> Result<MatchConfig, String> {
    let mut a = Side {
        skill: 20,
        ..Side::default()
    };
    let mut b = a.clone();
    let mut openings: Option<Vec<(String, Vec<String>)>> = None;
    let mut games = None;
    let mut n_openings = None;
    let mut jobs = 1;
    let mut sprt = None;
    let mut rules = Ruleset::Axf;
    let mut max_plies = 400;
    let mut record = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let side = |arg: &str| -> Option<(bool, String)> {
            let rest = arg.strip_prefix("--")?;
            let (who, what) = rest.split_once('-')?;
            match who {
                "a" => Some((true, what.to_string())),
                "b" => Some((false, what.to_string())),
                _ => None,
            }
        };
        if let Some((is_a, what)) = side(arg) {
            let s = if is_a { &mut a } else { &mut b };
            match what.as_str() {
                "depth" => s.depth = Some(num::<u32>(&mut it, arg)?.clamp(1, 60)),
                "ms" => s.ms = Some(num::<u64>(&mut it, arg)?.max(1)),
                "nodes" => s.nodes = Some(num::<u64>(&mut it, arg)?.max(1)),
                "skill" => s.skill = num::<i8>(&mut it, arg)?.clamp(-10, 20),
                "uci" => s.uci = Some(it.next().ok_or(format!("{arg} needs a command"))?.clone()),
                "ranks-from-one" => s.ranks_from_one = true,
                "net" => s.net = Some(it.next().ok_or(format!("{arg} needs a file"))?.clone()),
                _ => return Err(format!("match: unknown argument {arg:?}")),
            }
            continue;
        }
        match arg.as_str() {
            "--openings" => {
                let v = it.next().ok_or("--openings needs a file or a number")?;
                match v.parse::<usize>() {
                    Ok(n) => n_openings = Some(n.max(1)),
                    Err(_) => {
                        let text = std::fs::read_to_string(v)
                            .map_err(|e| format!("cannot read openings {v:?}: {e}"))?;
                        openings = Some(read_openings(&text)?);
                    }
                }
            }
            "--games" => games = Some(num::<usize>(&mut it, arg)?.max(1)),
            "--jobs" => jobs = num::<usize>(&mut it, arg)?.clamp(1, 64),
            "--max-plies" => max_plies = num(&mut it, arg)?,
            "--record" => record = Some(it.next().ok_or("--record needs a file")?.clone()),
            "--rules" => {
                // The crate's list: the names and their aliases, any case.
                rules = match it.next().map(|r| r.parse::<Ruleset>()) {
                    Some(Ok(r)) => r,
                    _ => return Err(format!("--rules needs {}", Ruleset::expected())),
                }
            }
            "--sprt" => {
                let v = it.next().ok_or("--sprt needs ELO0,ELO1[,ALPHA,BETA]")?;
                let p: Vec<f64> = v
                    .split(',')
                    .map(|x| x.trim().parse::<f64>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("--sprt: bad numbers {v:?}"))?;
                let (alpha, beta) = match p.len() {
                    2 => (0.05, 0.05),
                    4 => (p[2], p[3]),
                    _ => return Err("--sprt needs ELO0,ELO1[,ALPHA,BETA]".into()),
                };
                if p[1] <= p[0]
                    || !(0.0..0.5).contains(&alpha)
                    || !(0.0..0.5).contains(&beta)
                    || alpha == 0.0
                    || beta == 0.0
                {
                    return Err(format!(
                        "--sprt: need ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5, got {v:?}"
                    ));
                }
                sprt = Some(Sprt {
                    elo0: p[0],
                    elo1: p[1],
                    alpha,
                    beta,
                });
            }
            other => return Err(format!("match: unknown argument {other:?}")),
        }
    }
    let mut openings = openings.unwrap_or_else(|| {
        let start = Position::new().fen();
        DEFAULT_OPENINGS
            .iter()
            .map(|o| {
                (
                    start.clone(),
                    o.split_whitespace().map(str::to_string).collect(),
                )
            })
            .collect()
    });
    if let Some(n) = n_openings {
        openings.truncate(n);
    }
    let games = games.unwrap_or(openings.len() * 2);
    Ok(MatchConfig {
        a,
        b,
        openings,
        games,
        jobs,
        sprt,
        rules,
        max_plies,
        record,
    })
}

/// `xiangqi openings [--count N] [--plies N] [--seed S] [--depth D] [--max-cp CP]`: random openings of
/// `plies` legal moves, kept when a `depth`-ply search scores them within ±`max-cp`, one a line.
pub fn write_openings(args: &[String]) -> Result<(), String> {
    let (mut count, mut plies, mut seed, mut depth, mut max_cp) =
        (100usize, 4usize, 1u64, 7u32, 60i32);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--count" => count = num(&mut it, arg)?,
            "--plies" => plies = num::<usize>(&mut it, arg)?.clamp(1, 40),
            "--seed" => seed = num(&mut it, arg)?,
            "--depth" => depth = num::<u32>(&mut it, arg)?.clamp(1, 30),
            "--max-cp" => max_cp = num(&mut it, arg)?,
            other => return Err(format!("openings: unknown argument {other:?}")),
        }
    }
    // xorshift64*: a small fixed generator, so that the same seed writes the same file.
    let mut state = seed.max(1);
    let mut rand = move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    };
    let mut engine = Engine::new(16);
    let stop = AtomicBool::new(false);
    let mut seen = std::collections::HashSet::new();
    let mut written = 0;
    let mut tries = 0;
    let out = std::io::stdout();
    let mut out = out.lock();
    writeln!(out, "# xiangqi openings --count {count} --plies {plies} --seed {seed} --depth {depth} --max-cp {max_cp}")
        .map_err(|e| e.to_string())?;
    while written < count && tries < count * 200 {
        tries += 1;
        let mut game = Game::default();
        let mut line = Vec::new();
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rand(moves.len())];
            game.play(m).map_err(|e| e.to_string())?;
            line.push(m.to_string());
        }
        if line.len() < plies || game.is_over() || !seen.insert(game.position().hash()) {
            continue;
        }
        engine.new_game();
        let r = engine.search(
            &game,
            &Limits::depth(depth),
            &xiangqi_engine::NoClock,
            &stop,
            &mut |_| {},
        );
        if matches!(r.score, xiangqi_engine::Score::Cp(cp) if cp.abs() <= max_cp) {
            writeln!(out, "{}", line.join(" ")).map_err(|e| e.to_string())?;
            written += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_game_is_its_start_its_moves_and_reds_result() {
        let mut game = Game::new(Position::new());
        game.play_iccs("h2e2").unwrap();
        game.play_iccs("h9g7").unwrap();
        let start = Position::new().fen();
        assert_eq!(
            record_line(&game, &GameEnd::Win(Color::Black, "checkmate".into())),
            format!("{start} moves h2e2 h9g7 result 0")
        );
        assert!(record_line(&game, &GameEnd::Draw("ply cap".into())).ends_with(" result 0.5"));
        let config = parse_args(&["--record".to_string(), "games.txt".to_string()]).unwrap();
        assert_eq!(config.record.as_deref(), Some("games.txt"));
    }

    #[test]
    fn an_engine_that_ignores_quit_is_killed_after_the_grace_period() {
        // Answers the handshake, ignores `quit`, and lingers long after its input ends.
        let cmd = "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; esac; done; sleep 120";
        let engine = External::start(cmd, false).unwrap();
        let t0 = std::time::Instant::now();
        drop(engine);
        let took = t0.elapsed();
        assert!(
            took >= QUIT_GRACE && took < QUIT_GRACE * 10,
            "dropped after {took:?}"
        );
        // One that exits on `quit` is not kept waiting for the grace period.
        let cmd = "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; quit) exit;; esac; done";
        let engine = External::start(cmd, false).unwrap();
        let t0 = std::time::Instant::now();
        drop(engine);
        assert!(
            t0.elapsed() < QUIT_GRACE,
            "dropped after {:?}",
            t0.elapsed()
        );
    }

    #[test]
    fn openings_file_lines() {
        let text = "# comment\n\nh2e2 h9g7\nfen 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1 moves a0a1\nfen 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\n";
        let o = read_openings(text).unwrap();
        assert_eq!(o.len(), 3);
        assert_eq!(o[0].1, ["h2e2", "h9g7"]);
        assert_eq!(o[1].1, ["a0a1"]);
        assert!(o[2].1.is_empty());
        assert!(read_openings("h2e2 h2e2").unwrap_err().contains("line 1"));
        assert!(read_openings("# nothing\n").is_err());
    }

    #[test]
    fn arguments() {
        let args: Vec<String> = "--a-ms 50 --b-uci ./fsf --b-ranks-from-one --games 10 --jobs 2 --sprt 0,10 --rules cxa"
            .split(' ')
            .map(str::to_string)
            .collect();
        let c = parse_args(&args).unwrap();
        assert_eq!(c.a.ms, Some(50));
        assert_eq!(c.b.uci.as_deref(), Some("./fsf"));
        assert!(c.b.ranks_from_one && !c.a.ranks_from_one);
        assert_eq!((c.games, c.jobs, c.rules), (10, 2, Ruleset::Cxa));
        assert_eq!(c.sprt.map(|s| (s.elo0, s.elo1)), Some((0.0, 10.0)));
        // The rule set's aliases, as the rules crate lists them.
        for (text, rules) in [
            ("asian", Ruleset::Axf),
            ("WXF", Ruleset::Axf),
            ("chinese", Ruleset::Cxa),
        ] {
            let args = ["--rules".to_string(), text.to_string()];
            assert_eq!(parse_args(&args).unwrap().rules, rules, "{text}");
        }
        let args = ["--rules".to_string(), "fide".to_string()];
        assert_eq!(
            parse_args(&args).unwrap_err(),
            "--rules needs \"axf\" or \"cxa\""
        );
        for bad in [
            "--sprt 10,0",
            "--sprt 0,10,0.6,0.05",
            "--c-ms 5",
            "--games x",
            "--rules fide",
        ] {
            let args: Vec<String> = bad.split(' ').map(str::to_string).collect();
            assert!(parse_args(&args).is_err(), "{bad}");
        }
    }

    #[test]
    fn their_ranks_convert_both_ways() {
        let m: Move = "h9g7".parse().unwrap();
        assert_eq!(to_theirs(m, true), "h10g8");
        assert_eq!(parse_theirs("h10g8", true).unwrap(), m);
        assert!(parse_theirs("h0g8", true).is_err());
        assert!(parse_theirs("h11g8", true).is_err());
        assert_eq!(to_theirs(m, false), "h9g7");
        assert_eq!(parse_theirs("h9g7", false).unwrap(), m);
    }
}
