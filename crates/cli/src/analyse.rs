//! `xiangqi analyse`: how good was each move of a game (the engine's [`analysis`]), and `xiangqi
//! fit-winprob`: the win-probability model of that analysis fitted to recorded games.

use crate::args::num;
use crate::record_line;
use crate::wall_clock::InstantClock;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi::adjudication::{Mode, Options};
use xiangqi::{Color, Game, Position};
use xiangqi_engine::analysis::{self, AnalysisOptions, Class, Value};
use xiangqi_engine::{Engine, Limits, Score};

/// A recorded game (`FEN moves M… result R`, as `xiangqi match --record` writes) as a game in analysis mode
/// (a record is followed past the library's own ending) and Red's result.
pub fn read_record(line: &str) -> Result<(Game, f64), String> {
    let (fen, moves, result) = record_line::parse(line)?;
    let game = game_of(fen.trim(), moves)?;
    Ok((game, result))
}

fn game_of(fen: &str, moves: &str) -> Result<Game, String> {
    let start = Position::from_fen(fen).map_err(|e| format!("{e}: {fen:?}"))?;
    let options = Options {
        mode: Mode::Analysis,
        ..Options::default()
    };
    let mut game = Game::with_options(start, options).map_err(|e| e.to_string())?;
    for m in moves.split_whitespace() {
        game.play_iccs(m).map_err(|e| format!("move {m}: {e}"))?;
    }
    Ok(game)
}

/// `--nodes N`, `--depth D`, `--ms MS`: the search of each position (default: the analysis's own).
fn limits_arg(
    arg: &str,
    it: &mut std::slice::Iter<String>,
    limits: &mut Limits,
) -> Result<bool, String> {
    match arg {
        "--nodes" => *limits = Limits::nodes(num::<u64>(it, arg)?.max(1)),
        "--depth" => *limits = Limits::depth(num::<u32>(it, arg)?.clamp(1, 60)),
        "--ms" => *limits = Limits::movetime(num::<u64>(it, arg)?.max(1)),
        _ => return Ok(false),
    }
    Ok(true)
}

fn value_text(v: Value) -> String {
    match v {
        Value::Score(Score::Cp(c)) => format!("{c:+}"),
        Value::Score(Score::Mate(n)) => format!("#{n:+}"),
        Value::Over(Some(Color::Red)) => "1-0".into(),
        Value::Over(Some(Color::Black)) => "0-1".into(),
        Value::Over(None) => "1/2".into(),
    }
}

/// `xiangqi analyse [--fen FEN] [MOVE…] | --record FILE [--game N]` with `[--nodes N | --depth D | --ms MS]
/// [--from N] [--to N]`: one line per move (its class, the scores before and after from Red's view, the
/// loss in expected score, the best move and its line), then each side's accuracy and counts, and the time.
pub fn analyse(args: &[String]) -> Result<(), String> {
    let mut options = AnalysisOptions::default();
    let mut fen = Position::new().fen();
    let mut moves: Vec<String> = Vec::new();
    let mut record: Option<String> = None;
    let mut index = 1usize;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if limits_arg(arg, &mut it, &mut options.limits)? {
            continue;
        }
        match arg.as_str() {
            "--fen" => fen = it.next().ok_or("--fen needs a FEN")?.clone(),
            "--record" => record = Some(it.next().ok_or("--record needs a file")?.clone()),
            "--game" => index = num::<usize>(&mut it, arg)?.max(1),
            "--from" => options.from = num::<usize>(&mut it, arg)?.max(1),
            "--to" => options.to = Some(num(&mut it, arg)?),
            m if !m.starts_with("--") => moves.push(m.to_string()),
            other => return Err(format!("analyse: unknown argument {other:?}")),
        }
    }
    let game = match record {
        Some(file) => {
            let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
            let line = text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .nth(index - 1)
                .ok_or_else(|| format!("{file} has no game {index}"))?;
            read_record(line)?.0
        }
        None => game_of(&fen, &moves.join(" "))?,
    };
    let mut engine = Engine::new(16);
    let t = Instant::now();
    let clock = InstantClock(t);
    let a = engine.analyse(&game, &options, &clock, &AtomicBool::new(false), &mut |m| {
        let pv: Vec<String> = m.pv.iter().map(ToString::to_string).collect();
        println!(
            "{:3}. {} {:5} {:10} {:>6} -> {:>6}  loss {:.3}  best {}  pv {}",
            m.ply,
            if m.color == Color::Red {
                "red  "
            } else {
                "black"
            },
            m.mv.to_string(),
            m.class.code(),
            value_text(m.before),
            value_text(m.after),
            m.loss,
            m.best.map_or("-".to_string(), |b| b.to_string()),
            pv.join(" ")
        );
    });
    for (name, s) in [("red", &a.red), ("black", &a.black)] {
        let counts: Vec<String> = Class::ALL
            .iter()
            .map(|c| format!("{} {}", c.code(), s.count(*c)))
            .collect();
        println!(
            "{name:5}: {} moves, accuracy {}, mean loss {}; {}",
            s.moves,
            s.accuracy.map_or("-".into(), |x| format!("{x:.1}")),
            s.mean_loss.map_or("-".into(), |x| format!("{x:.3}")),
            counts.join(", ")
        );
    }
    println!(
        "{} moves in {:.0} ms",
        a.moves.len(),
        t.elapsed().as_secs_f64() * 1000.0
    );
    Ok(())
}

/// One position of the fit: the search score for the side to move and its result (1, ½, 0).
struct Point {
    cp: f64,
    result: f64,
}

fn model(cp: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / k))
}

/// Mean log loss (cross-entropy, draws as ½) of the model with scale `k`.
fn log_loss(points: &[Point], k: f64) -> f64 {
    let eps = 1e-12;
    points
        .iter()
        .map(|p| {
            let q = model(p.cp, k).clamp(eps, 1.0 - eps);
            -(p.result * q.ln() + (1.0 - p.result) * (1.0 - q).ln())
        })
        .sum::<f64>()
        / points.len() as f64
}

/// Mean squared error of the model with scale `k`.
fn squared_error(points: &[Point], k: f64) -> f64 {
    points
        .iter()
        .map(|p| (p.result - model(p.cp, k)).powi(2))
        .sum::<f64>()
        / points.len() as f64
}

/// The `k` of least log loss, by golden-section search over 50..5000 (the loss is unimodal in `k`).
fn fit_k(points: &[Point]) -> f64 {
    let (mut a, mut b) = (50f64.ln(), 5000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let f = |x: f64| log_loss(points, x.exp());
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..80 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// `xiangqi fit-winprob FILE… [--nodes N | --depth D] [--skip-plies N] [--games N] [--cap N] [--net FILE]`: analyses
/// recorded games as `Engine::analyse` does (every position, the table kept along the game), pairs each
/// position's score for the side to move with the game's result for that side, and fits the `K` of the
/// win-probability model `1 / (1 + 10^(−cp / K))` by least log loss. Positions before ply `--skip-plies`
/// (default 8), mate scores and finished positions are left out, and so are games drawn at `--cap` plies or
/// more (default 300: unfinished, stopped by the harness's ply cap). Prints the games' results (the share of
/// draws), the fit, its errors against the current constant, the classes of every analysed move with the
/// current and the fitted `K`, and a calibration table.
pub fn fit_winprob(args: &[String]) -> Result<(), String> {
    let mut options = AnalysisOptions::default();
    let mut skip = 8usize;
    let mut max_games = usize::MAX;
    let mut cap = 300usize;
    let mut files = Vec::new();
    let mut net: Option<String> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if limits_arg(arg, &mut it, &mut options.limits)? {
            continue;
        }
        match arg.as_str() {
            "--net" => net = Some(it.next().ok_or("--net needs a file")?.clone()),
            "--skip-plies" => skip = num(&mut it, arg)?,
            "--games" => max_games = num::<usize>(&mut it, arg)?.max(1),
            "--cap" => cap = num(&mut it, arg)?,
            f if !f.starts_with("--") => files.push(f.to_string()),
            other => return Err(format!("fit-winprob: unknown argument {other:?}")),
        }
    }
    if files.is_empty() {
        return Err(
            "fit-winprob needs at least one file of games (xiangqi match --record FILE)".into(),
        );
    }
    let mut lines = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        lines.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_string),
        );
    }
    let mut games = Vec::new();
    let mut unfinished = 0;
    // Over every game read: Red's wins, Black's wins, draws (those at the cap included).
    let mut results = [0usize; 3];
    for line in &lines {
        let (game, result) = read_record(line)?;
        results[if result == 1.0 {
            0
        } else if result == 0.0 {
            1
        } else {
            2
        }] += 1;
        if result == 0.5 && game.history().len() >= cap {
            unfinished += 1;
        } else if games.len() < max_games {
            games.push((game, result));
        }
    }
    let mut engine = Engine::new(16);
    if let Some(path) = &net {
        crate::args::load_net(&mut engine, path)?;
    }
    let stop = AtomicBool::new(false);
    let mut points = Vec::new();
    // Every analysed move (all plies): its mover, whether it was the engine's choice, its values.
    let mut moves: Vec<(Color, bool, Value, Value)> = Vec::new();
    let t = Instant::now();
    for (g, (game, red_result)) in games.iter().enumerate() {
        let red_result = *red_result;
        let a = engine.analyse(
            game,
            &options,
            &InstantClock(Instant::now()),
            &stop,
            &mut |_| {},
        );
        moves.extend(
            a.moves
                .iter()
                .map(|m| (m.color, m.best == Some(m.mv), m.before, m.after)),
        );
        for m in a.moves.iter().filter(|m| m.ply > skip) {
            if let Value::Score(Score::Cp(cp)) = m.before {
                // Red's view: the side to move's score and result.
                let (cp, result) = match m.color {
                    Color::Red => (cp as f64, red_result),
                    Color::Black => (-cp as f64, 1.0 - red_result),
                };
                points.push(Point { cp, result });
            }
        }
        if (g + 1) % 20 == 0 {
            eprintln!(
                "{} games, {} positions, {:.0} s",
                g + 1,
                points.len(),
                t.elapsed().as_secs_f64()
            );
        }
    }
    if points.len() < 100 {
        return Err(format!("only {} positions: too few to fit", points.len()));
    }
    let seconds = t.elapsed().as_secs_f64();
    let k = fit_k(&points);
    let current = if net.is_some() {
        analysis::WIN_PROBABILITY_K_NETWORK
    } else {
        analysis::WIN_PROBABILITY_K
    };
    let n_read = lines.len();
    println!(
        "{n_read} games read: red won {}, black won {}, drawn {} ({:.1} %; {unfinished} at {cap} plies or more)",
        results[0],
        results[1],
        results[2],
        100.0 * results[2] as f64 / n_read.max(1) as f64
    );
    println!(
        "{} games ({unfinished} drawn at the ply cap left out), {} positions ({:?} a position, from ply {})",
        games.len(),
        points.len(),
        options.limits,
        skip + 1
    );
    println!(
        "fitted K = {k:.1}: log loss {:.5}, squared error {:.5}",
        log_loss(&points, k),
        squared_error(&points, k)
    );
    println!(
        "current K = {current:.1}: log loss {:.5}, squared error {:.5}",
        log_loss(&points, current),
        squared_error(&points, current)
    );
    println!(
        "{} moves analysed in {seconds:.0} s ({:.1} ms a move)",
        moves.len(),
        1000.0 * seconds / moves.len().max(1) as f64
    );
    for (name, scale) in [("current", current), ("fitted", k)] {
        let mut counts = [0usize; 5];
        for &(color, best, before, after) in &moves {
            let loss = analysis::move_loss(color, best, before, after, scale);
            counts[Class::of(best, loss) as usize] += 1;
        }
        let shares: Vec<String> = Class::ALL
            .iter()
            .map(|c| {
                let n = counts[*c as usize];
                format!(
                    "{} {n} ({:.1} %)",
                    c.code(),
                    100.0 * n as f64 / moves.len().max(1) as f64
                )
            })
            .collect();
        println!(
            "classes with the {name} K = {scale:.1}: {}",
            shares.join(", ")
        );
    }
    println!("calibration (side to move's score -> its mean result, and the fitted model):");
    let bins = [
        -100_000.0, -800.0, -400.0, -200.0, -100.0, -50.0, 50.0, 100.0, 200.0, 400.0, 800.0,
        100_000.0,
    ];
    for w in bins.windows(2) {
        let inside: Vec<&Point> = points
            .iter()
            .filter(|p| p.cp >= w[0] && p.cp < w[1])
            .collect();
        if inside.is_empty() {
            continue;
        }
        let n = inside.len() as f64;
        let observed = inside.iter().map(|p| p.result).sum::<f64>() / n;
        let predicted = inside.iter().map(|p| model(p.cp, k)).sum::<f64>() / n;
        println!(
            "  [{:>7}, {:>7}) {:6} positions: observed {observed:.3}, model {predicted:.3}",
            w[0],
            w[1],
            inside.len()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_finds_the_scale_of_the_data() {
        // Results drawn from the model with K = 600, deterministically: each score's expected result is
        // met by a run of wins and losses in proportion.
        let mut points = Vec::new();
        for cp in (-900..=900).step_by(30) {
            let p = model(cp as f64, 600.0);
            let wins = (p * 100.0).round() as usize;
            for i in 0..100 {
                points.push(Point {
                    cp: cp as f64,
                    result: if i < wins { 1.0 } else { 0.0 },
                });
            }
        }
        let k = fit_k(&points);
        assert!((k - 600.0).abs() < 10.0, "{k}");
        assert!(log_loss(&points, k) <= log_loss(&points, 400.0));
    }

    #[test]
    fn records_are_read_into_games_in_analysis_mode() {
        let start = Position::new().fen();
        let (game, result) = read_record(&format!("{start} moves h2e2 h9g7 result 0.5")).unwrap();
        assert_eq!((game.history().len(), result), (2, 0.5));
        assert!(read_record(&format!("{start} moves h2e9 result 1")).is_err());
        assert!(read_record(&format!("{start} moves h2e2 result 2")).is_err());
    }
}
