//! `xiangqi tune FILE… [--skip-plies N] [--iterations N] [--rate R] [--l2 L]`: fits the evaluation's weights
//! ([`eval::WEIGHTS`] and the piece-square cells [`eval::PST_CELLS`]) to the results of recorded games
//! (Texel's method): every quiet position of the games, scored by the evaluation, should predict the game's
//! result through a logistic curve. The files are what `xiangqi match --record FILE` writes.
//!
//! The evaluation is linear in its weights ([`Trace`]), so each position is traced once and the fit is a
//! gradient descent (Adam) on the mean squared error between the results and
//! `1 / (1 + 10^(−K · score / 400))`, with `K` first fitted to the current weights, plus a penalty on moving
//! each weight from its current value (`--l2`). One game in ten is held out: its positions are not fitted,
//! and the weights of the iteration with the lowest held-out error are the result (early stopping).

use crate::num;
use xiangqi::Position;
use xiangqi_engine::eval::{self, Trace, N_PARAMS, N_WEIGHTS};

/// One position of the data: its trace and the game's result for Red (1, ½, 0).
struct Sample {
    trace: Trace,
    result: f64,
}

/// The options of `xiangqi tune`.
struct TuneConfig {
    files: Vec<String>,
    skip_plies: usize,
    iterations: usize,
    rate: f64,
    l2: f64,
}

fn parse(args: &[String]) -> Result<TuneConfig, String> {
    let mut c = TuneConfig {
        files: Vec::new(),
        skip_plies: 12,
        iterations: 2000,
        rate: 0.5,
        l2: 1e-3,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--skip-plies" => c.skip_plies = num(&mut it, arg)?,
            "--iterations" => c.iterations = num::<usize>(&mut it, arg)?.max(1),
            "--rate" => c.rate = num(&mut it, arg)?,
            "--l2" => c.l2 = num(&mut it, arg)?,
            other if other.starts_with("--") => {
                return Err(format!("tune: unknown argument {other:?}"))
            }
            file => c.files.push(file.to_string()),
        }
    }
    if !(c.rate > 0.0 && c.l2 >= 0.0) {
        return Err("tune: --rate must be positive and --l2 not negative".into());
    }
    if c.files.is_empty() {
        return Err("tune needs at least one file of games (xiangqi match --record FILE)".into());
    }
    Ok(c)
}

/// Reads one recorded game (`FEN moves M… result R`) into its quiet positions from `skip_plies` on: not in
/// check, and the move played from it not a capture (so the static score is a fair guess of the position).
fn game_samples(line: &str, skip_plies: usize, out: &mut Vec<Sample>) -> Result<(), String> {
    let (head, result) = line
        .rsplit_once(" result ")
        .ok_or_else(|| format!("no result in {line:?}"))?;
    let result: f64 = result
        .trim()
        .parse()
        .ok()
        .filter(|r| [0.0, 0.5, 1.0].contains(r))
        .ok_or_else(|| format!("bad result (not 1, 0.5 or 0) in {line:?}"))?;
    let (fen, moves) = head.split_once(" moves").unwrap_or((head, ""));
    let mut pos = Position::from_fen(fen.trim()).map_err(|e| format!("{e} in {line:?}"))?;
    for (ply, text) in moves.split_whitespace().enumerate() {
        let m = text
            .parse()
            .ok()
            .filter(|&m| pos.is_legal(m))
            .ok_or_else(|| format!("illegal move {text} in {line:?}"))?;
        if ply >= skip_plies && !pos.is_check() && !pos.is_capture(m) {
            out.push(Sample {
                trace: Trace::of(&pos),
                result,
            });
        }
        pos.play_unchecked(m);
    }
    Ok(())
}

/// The scale of a weight for the penalty: its current value, at least 20 cp (a change by this much costs
/// `l2`).
fn penalty_scale(w0: f64) -> f64 {
    w0.abs().max(20.0)
}

/// The penalty on moving the weights `w` away from `w0`: `l2 · Σ ((w − w0) / scale)²`. It keeps weights the
/// data cannot tell apart (advisors counted alone, in pairs and as missing) near where they were.
fn penalty(w: &[f64], w0: &[f64], l2: f64) -> f64 {
    w.iter()
        .zip(w0)
        .map(|(a, b)| ((a - b) / penalty_scale(*b)).powi(2))
        .sum::<f64>()
        * l2
}

/// The logistic prediction of a score.
#[inline]
fn sigmoid(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

fn error(data: &[Sample], w: &[f64], k: f64) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|s| (s.result - sigmoid(s.trace.score(w), k)).powi(2))
        .sum();
    sum / data.len().max(1) as f64
}

/// The `K` that fits the weights `w` best (golden-section search on 0.05..5).
fn fit_k(data: &[Sample], w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 5.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if error(data, w, a) < error(data, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of [`error`] with respect to the weights.
fn gradient(data: &[Sample], w: &[f64], k: f64) -> Vec<f64> {
    let mut g = vec![0.0; N_PARAMS];
    let c = k * std::f64::consts::LN_10 / 400.0;
    for s in data {
        let (score, scaled) = s.trace.score_and_scaled(w);
        let p = sigmoid(score, k);
        let d = -2.0 * (s.result - p) * p * (1.0 - p) * c;
        let scale = if scaled { 1.0 / 8.0 } else { 1.0 };
        for (i, coefficient) in s.trace.coefficients.iter().enumerate() {
            // Tempo is added after the mating-material rule.
            let f = if i == Trace::TEMPO { 1.0 } else { scale };
            g[i] += d * *coefficient as f64 * f;
        }
        for &(i, count) in &s.trace.cells {
            g[i as usize] += d * count as f64 * scale;
        }
    }
    let n = data.len().max(1) as f64;
    g.iter_mut().for_each(|x| *x /= n);
    g
}

/// Runs `xiangqi tune`.
pub fn run(args: &[String]) -> Result<(), String> {
    let config = parse(args)?;
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut games = 0usize;
    for file in &config.files {
        let text =
            std::fs::read_to_string(file).map_err(|e| format!("cannot read {file:?}: {e}"))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let into = if games % 10 == 9 {
                &mut test
            } else {
                &mut train
            };
            game_samples(line, config.skip_plies, into)?;
            games += 1;
        }
    }
    if train.is_empty() || test.is_empty() {
        return Err(format!("too few positions ({games} games)"));
    }
    println!(
        "{games} games: {} positions fitted, {} held out",
        train.len(),
        test.len()
    );
    let start = eval::all_weights();
    let k = fit_k(&train, &start);
    println!(
        "K = {k:.3}; error with the current weights: fitted {:.6}, held out {:.6}",
        error(&train, &start, k),
        error(&test, &start, k)
    );
    // Adam.
    let mut w = start.clone();
    let (mut m, mut v) = (vec![0.0f64; N_PARAMS], vec![0.0f64; N_PARAMS]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12f64);
    // Early stopping: the weights with the lowest held-out error are the result.
    let mut best = (error(&test, &start, k), start.clone(), 0);
    for t in 1..=config.iterations {
        let mut g = gradient(&train, &w, k);
        for i in 0..N_PARAMS {
            g[i] += 2.0 * config.l2 * (w[i] - start[i]) / penalty_scale(start[i]).powi(2);
        }
        for i in 0..N_PARAMS {
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            w[i] -= config.rate * mh / (vh.sqrt() + eps);
        }
        if t % 50 == 0 || t == config.iterations {
            let held_out = error(&test, &w, k);
            if held_out < best.0 {
                best = (held_out, w.clone(), t);
            }
            if t % 500 == 0 || t == config.iterations {
                println!(
                    "iteration {t}: fitted {:.6} (+ penalty {:.6}), held out {held_out:.6}",
                    error(&train, &w, k),
                    penalty(&w, &start, config.l2)
                );
            }
        }
    }
    println!("lowest held-out error at iteration {}", best.2);
    let rounded: Vec<f64> = best.1.iter().map(|x| x.round()).collect();
    println!(
        "rounded weights: fitted {:.6}, held out {:.6}",
        error(&train, &rounded, k),
        error(&test, &rounded, k)
    );
    for i in 0..N_PARAMS {
        if i < N_WEIGHTS || rounded[i] != start[i] {
            println!(
                "{:>36}  {:>6} -> {:>6}",
                eval::weight_name(i),
                start[i],
                rounded[i]
            );
        }
    }
    let list: Vec<String> = rounded[..N_WEIGHTS]
        .iter()
        .map(|x| format!("{x}"))
        .collect();
    println!("WEIGHTS = [{}]", list.join(", "));
    println!("PST_CELLS = [");
    for role in rounded[N_WEIGHTS..].chunks(50) {
        println!("    [");
        for rank in role.chunks(5) {
            let row: Vec<String> = rank.iter().map(|x| format!("{x:4}")).collect();
            println!("        {},", row.join(","));
        }
        println!("    ],");
    }
    println!("]");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::{Role, Square};

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    #[test]
    fn a_recorded_game_gives_its_quiet_positions() {
        // h2e2 h9g7 h0g2 i9h9 then the cannon takes the central soldier (a capture: its position is left
        // out), and the game is scored a Red win.
        let line = format!("{START} moves h2e2 h9g7 h0g2 i9h9 e2e6 result 1");
        let mut out = Vec::new();
        game_samples(&line, 0, &mut out).unwrap();
        assert_eq!(out.len(), 4);
        assert!(out.iter().all(|s| s.result == 1.0));
        // Skipping the first two plies leaves the third and fourth.
        out.clear();
        game_samples(&line, 2, &mut out).unwrap();
        assert_eq!(out.len(), 2);
    }

    #[test]
    fn bad_records_are_refused_with_the_line() {
        let mut out = Vec::new();
        for bad in [
            format!("{START} moves h2e2"),
            format!("{START} moves h2e9 result 1"),
            format!("{START} moves h2e2 result win"),
            format!("{START} moves h2e2 result 2"),
            "not a fen moves result 0".to_string(),
        ] {
            assert!(game_samples(&bad, 0, &mut out).is_err(), "{bad}");
        }
        assert!(out.is_empty());
    }

    #[test]
    fn the_fit_moves_a_weight_towards_the_results() {
        // Red a horse up, and Red loses every game: the horse's weights must fall.
        let fen = "3k5/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1";
        let data: Vec<Sample> = (0..20)
            .map(|_| Sample {
                trace: Trace::of(&Position::from_fen(fen).unwrap()),
                result: 0.0,
            })
            .collect();
        let w = eval::all_weights();
        let g = gradient(&data, &w, 1.0);
        // Horse weights are indices 2 (middle game) and 8 (end game): a positive gradient lowers them.
        assert!(g[2] >= 0.0 && g[8] > 0.0, "{g:?}");
        // The horse's cell on e1 (rank 1, the centre file) is Red's only piece-square term but the general's.
        let e1 = eval::cell_param(Role::Horse, Square::from_coords(4, 1).unwrap());
        assert!(g[e1] > 0.0, "{}", g[e1]);
        assert!(error(&data, &w, 1.0) > 0.5);
    }
}
