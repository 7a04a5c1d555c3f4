//! `xiangqi datagen`: training positions for the neural evaluation (issue 40), from the engine's own games.
//!
//! Game `g` of a seed is always the same game: its opening line (from `--openings FILE` or the built-in
//! ones) and its random plies are drawn from a SplitMix64 stream seeded with the seed and `g`, and the engine
//! forgets everything (`new_game`) before it, so the file does not depend on `--jobs`: the games are written
//! in game order whatever thread finished first. Each position of a game where the side to move is not in
//! check is searched to `--depth` plies (the label); it is kept when the score is not a mate and the best
//! move is no capture (a quiet position: its static value is what the search says). The move played is the
//! best move of a search of `--nodes` nodes. A game ends as the referee of `xiangqi match` rules (mate,
//! stalemate, repetitions, the move limit, a ply cap), or when the label stays beyond `--adjudicate`
//! centipawns for four labelled plies in a row (won for that side). With `--net FILE` the network plays and
//! labels (the usual bootstrap: a net's data made by the net before it); the header records its hash. The format is
//! [`xiangqi_engine::nnue::data`] (docs/search.md, *The training data*).

use crate::args::num;
use crate::matches::{read_openings, referee, GameEnd, DEFAULT_OPENINGS};
use crate::workers::run_workers;
use std::collections::BTreeMap;
use std::io::{Read, Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use xiangqi::zobrist::splitmix64;
use xiangqi::{Color, Game, Position};
use xiangqi_engine::nnue::data::{
    fnv1a64, resume_point, DataHeader, GameResult, Sample, DATA_HEADER_SIZE, RECORD_SIZE,
};
use xiangqi_engine::{Engine, Limits, NoClock, Score};

/// Everything `xiangqi datagen` was asked to do.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// The file written (appended to when it exists).
    pub out: String,
    /// Stop when the file holds this many games (counting those already in it)…
    pub games: Option<u32>,
    /// …or this many positions.
    pub positions: Option<u64>,
    /// Games played at once.
    pub jobs: usize,
    /// Openings: a start FEN and ICCS moves from it.
    pub openings: Vec<(String, Vec<String>)>,
    /// How the positions are made (also the file's header).
    pub header: DataHeader,
    /// Hash of each search, MiB.
    pub hash_mb: usize,
    /// The network that plays and labels the games (`--net FILE`; its hash is in the header), or none for the
    /// hand-tuned evaluation.
    pub net: Option<std::sync::Arc<xiangqi_engine::nnue::Network>>,
}

/// Reads the arguments of `xiangqi datagen`.
pub fn parse_args(args: &[String]) -> Result<DatagenConfig, String> {
    let mut out = None;
    let (mut games, mut positions) = (None, None);
    let mut jobs = 1usize;
    let mut openings_text: Option<String> = None;
    let mut header = DataHeader {
        seed: 1,
        play_nodes: 4000,
        label_depth: 6,
        random_min: 2,
        random_max: 8,
        max_plies: 300,
        adjudicate_cp: 2000,
        openings_hash: 0,
        eval_net: 0,
    };
    let mut hash_mb = 16;
    let mut net = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--out" => out = Some(it.next().ok_or("--out needs a file")?.clone()),
            "--games" => games = Some(num::<u32>(&mut it, arg)?),
            "--positions" => positions = Some(num::<u64>(&mut it, arg)?),
            "--jobs" => jobs = num::<usize>(&mut it, arg)?.clamp(1, 64),
            "--seed" => header.seed = num(&mut it, arg)?,
            "--nodes" => header.play_nodes = num::<u32>(&mut it, arg)?.max(1),
            "--depth" => header.label_depth = num::<u8>(&mut it, arg)?.clamp(1, 30),
            "--max-plies" => header.max_plies = num::<u16>(&mut it, arg)?.max(1),
            "--adjudicate" => header.adjudicate_cp = num(&mut it, arg)?,
            "--hash" => hash_mb = num::<usize>(&mut it, arg)?.clamp(1, 1024),
            "--net" => {
                let path = it.next().ok_or("--net needs a file")?;
                let bytes =
                    std::fs::read(path).map_err(|e| format!("cannot read {path:?}: {e}"))?;
                // Refused here rather than played without: the data would say it came from the net.
                let network = xiangqi_engine::nnue::Network::from_bytes(&bytes)
                    .map_err(|e| format!("{path}: {e}"))?;
                header.eval_net = fnv1a64(&bytes);
                net = Some(std::sync::Arc::new(network));
            }
            "--random-plies" => {
                let v = it.next().ok_or("--random-plies needs MIN,MAX")?;
                let (lo, hi) = v.split_once(',').unwrap_or((v, v));
                let lo: u8 = lo.parse().map_err(|_| "--random-plies needs MIN,MAX")?;
                let hi: u8 = hi.parse().map_err(|_| "--random-plies needs MIN,MAX")?;
                if lo > hi || hi > 40 {
                    return Err("--random-plies: MIN ≤ MAX ≤ 40".into());
                }
                (header.random_min, header.random_max) = (lo, hi);
            }
            "--openings" => {
                let path = it.next().ok_or("--openings needs a file")?;
                openings_text = Some(
                    std::fs::read_to_string(path)
                        .map_err(|e| format!("cannot read {path:?}: {e}"))?,
                );
            }
            other => return Err(format!("datagen: unknown argument {other:?}")),
        }
    }
    let out = out.ok_or("datagen needs --out FILE")?;
    if games.is_none() && positions.is_none() {
        return Err("datagen needs --games N or --positions N".into());
    }
    let openings = match openings_text {
        Some(text) => read_openings(&text)?,
        None => DEFAULT_OPENINGS
            .iter()
            .map(|l| {
                let moves = l.split_whitespace().map(str::to_string).collect();
                (Position::new().fen(), moves)
            })
            .collect(),
    };
    // The fingerprint covers what the games start from, not the file's comments or spacing.
    let canonical: Vec<String> = openings
        .iter()
        .map(|(fen, moves)| format!("{fen} moves {}", moves.join(" ")))
        .collect();
    header.openings_hash = fnv1a64(canonical.join("\n").as_bytes());
    Ok(DatagenConfig {
        out,
        games,
        positions,
        jobs,
        openings,
        header,
        hash_mb,
        net,
    })
}

/// A uniform draw in `0..n` from the SplitMix64 `state`.
fn draw(state: &mut u64, n: usize) -> usize {
    let (s, v) = splitmix64(*state);
    *state = s;
    (((v >> 32) * n as u64) >> 32) as usize
}

/// Plays game `g` and returns its records (possibly none).
pub fn play_game(
    engine: &mut Engine,
    config: &DatagenConfig,
    g: u32,
) -> Result<Vec<[u8; RECORD_SIZE]>, String> {
    let h = &config.header;
    let mut state = splitmix64(h.seed ^ (g as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)).1;
    let (fen, moves) = &config.openings[draw(&mut state, config.openings.len())];
    let mut game = Game::from_fen(fen).map_err(|e| e.to_string())?;
    for m in moves {
        game.play_iccs(m)
            .map_err(|e| format!("opening move {m}: {e}"))?;
    }
    let random =
        h.random_min as usize + draw(&mut state, (h.random_max - h.random_min) as usize + 1);
    for _ in 0..random {
        if game.is_over() {
            return Ok(Vec::new());
        }
        let moves = game.allowed_moves();
        if moves.is_empty() {
            return Ok(Vec::new());
        }
        let m = moves[draw(&mut state, moves.len())];
        game.play(m).map_err(|e| e.to_string())?;
    }
    engine.new_game();
    let stop = AtomicBool::new(false);
    let label_limits = Limits::depth(h.label_depth as u32);
    let play_limits = Limits::nodes(h.play_nodes as u64);
    let mut kept: Vec<(Position, i16)> = Vec::new();
    let mut streak: (i32, u32) = (0, 0); // (sign of Red's label, labelled plies in a row with it)
    let end = loop {
        if let Some(end) = referee(&game, h.max_plies as usize) {
            break end;
        }
        let pos = game.position().clone();
        if !pos.is_check() {
            let r = engine.search(&game, &label_limits, &NoClock, &stop, &mut |_| {});
            if let Score::Cp(cp) = r.score {
                let quiet = r.best_move.is_some_and(|m| !pos.is_capture(m));
                if quiet {
                    kept.push((
                        pos.clone(),
                        cp.clamp(-i16::MAX as i32, i16::MAX as i32) as i16,
                    ));
                }
            }
            // Adjudication: the label from Red's view, a mate counting as beyond any bound.
            let red = match r.score {
                Score::Cp(cp) => cp,
                Score::Mate(n) => n.signum() * 100_000,
            } * if pos.turn() == Color::Red { 1 } else { -1 };
            if h.adjudicate_cp > 0 && red.abs() >= h.adjudicate_cp as i32 {
                if streak.0 == red.signum() {
                    streak.1 += 1;
                } else {
                    streak = (red.signum(), 1);
                }
                if streak.1 >= 4 {
                    let winner = if streak.0 > 0 {
                        Color::Red
                    } else {
                        Color::Black
                    };
                    break GameEnd::Win(winner, "adjudicated".into());
                }
            } else {
                streak = (0, 0);
            }
        }
        let r = engine.search(&game, &play_limits, &NoClock, &stop, &mut |_| {});
        let Some(m) = r.best_move else {
            break GameEnd::Draw("no move".into());
        };
        game.play(m)
            .map_err(|e| format!("the engine played {m}: {e}"))?;
    };
    let result = match end {
        GameEnd::Win(Color::Red, _) => GameResult::RedWon,
        GameEnd::Win(Color::Black, _) => GameResult::BlackWon,
        GameEnd::Draw(_) => GameResult::Draw,
    };
    Ok(kept
        .into_iter()
        .map(|(position, score)| {
            Sample {
                position,
                score,
                result,
                game: g,
            }
            .to_bytes()
        })
        .collect())
}

/// Runs `xiangqi datagen`: opens (or creates) the file, goes on from where it stopped, and writes games in
/// order until the target. Prints progress to stderr and a summary line to stdout.
pub fn run(config: &DatagenConfig) -> Result<(), String> {
    let path = &config.out;
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| format!("cannot open {path:?}: {e}"))?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {path:?}: {e}"))?;
    let (keep, first_game) = if bytes.is_empty() {
        file.write_all(&config.header.to_bytes())
            .map_err(|e| e.to_string())?;
        (DATA_HEADER_SIZE, 0)
    } else {
        let existing = DataHeader::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
        existing
            .check_same(&config.header)
            .map_err(|e| format!("{path}: {e}"))?;
        resume_point(&bytes).map_err(|e| format!("{path}: {e}"))?
    };
    file.set_len(keep as u64).map_err(|e| e.to_string())?;
    file.seek(SeekFrom::Start(keep as u64))
        .map_err(|e| e.to_string())?;
    let start_positions = ((keep - DATA_HEADER_SIZE) / RECORD_SIZE) as u64;
    let target_games = config.games.unwrap_or(u32::MAX);
    let target_positions = config.positions.unwrap_or(u64::MAX);

    struct Out {
        file: std::fs::File,
        /// Games finished but not yet written (a later game finished before an earlier one).
        pending: BTreeMap<u32, Vec<[u8; RECORD_SIZE]>>,
        next_to_write: u32,
        positions: u64,
        done: bool,
    }
    let out = Mutex::new(Out {
        file,
        pending: BTreeMap::new(),
        next_to_write: first_game,
        positions: start_positions,
        done: first_game >= target_games || start_positions >= target_positions,
    });
    let next = AtomicU32::new(first_game);
    let stop = AtomicBool::new(out.lock().map_err(|_| "poisoned")?.done);
    let t0 = Instant::now();
    run_workers(config.jobs, &stop, || -> Result<(), String> {
        let mut engine = Engine::new(config.hash_mb);
        engine.set_network(config.net.clone());
        while !stop.load(Ordering::Relaxed) {
            let g = next.fetch_add(1, Ordering::Relaxed);
            if g >= target_games {
                break;
            }
            let records = play_game(&mut engine, config, g)?;
            let mut o = out.lock().map_err(|_| "a datagen thread panicked")?;
            o.pending.insert(g, records);
            while !o.done {
                let n = o.next_to_write;
                let Some(records) = o.pending.remove(&n) else {
                    break;
                };
                let mut buf = Vec::with_capacity(records.len() * RECORD_SIZE);
                for r in &records {
                    buf.extend_from_slice(r);
                }
                o.file
                    .write_all(&buf)
                    .map_err(|e| format!("cannot write: {e}"))?;
                o.positions += records.len() as u64;
                o.next_to_write = n + 1;
                if o.next_to_write >= target_games || o.positions >= target_positions {
                    o.done = true;
                    stop.store(true, Ordering::Relaxed);
                }
                if o.next_to_write % 10 == 0 {
                    let secs = t0.elapsed().as_secs_f64();
                    let made = o.positions - start_positions;
                    eprintln!(
                        "datagen: {} games, {} positions, {:.1} positions/s",
                        o.next_to_write,
                        o.positions,
                        made as f64 / secs.max(1e-9)
                    );
                }
            }
        }
        Ok(())
    })?;
    let mut o = out.into_inner().map_err(|_| "a datagen thread panicked")?;
    o.file.flush().map_err(|e| e.to_string())?;
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "datagen: {path}: {} games, {} positions ({} new in {secs:.1} s, {:.1} positions/s wall)",
        o.next_to_write,
        o.positions,
        o.positions - start_positions,
        (o.positions - start_positions) as f64 / secs.max(1e-9)
    );
    Ok(())
}
