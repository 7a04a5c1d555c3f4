//! `xiangqi tune FILE… [--skip-plies N] [--iterations N] [--rate R] [--l2 L] [--write]`: fits the evaluation's
//! weights ([`eval::WEIGHTS`] and the piece-square cells [`eval::PST_CELLS`]) to the results of recorded games
//! (Texel's method): every quiet position of the games, scored by the evaluation, should predict the game's
//! result through a logistic curve. The files are what `xiangqi match --record FILE` writes.
//!
//! The evaluation is linear in its weights ([`Trace`]), so each position is traced once and the fit is a
//! gradient descent (Adam) on the mean squared error between the results and
//! `1 / (1 + 10^(−K · score / 400))`, with `K` first fitted to the current weights, plus a penalty on moving
//! each weight from its current value (`--l2`). One game in ten is held out: its positions are not fitted,
//! and the weights of the iteration with the lowest held-out error are the result (early stopping).
//!
//! The result is printed: each scalar weight's old and new value and every piece-square cell that moved, then
//! the new arrays. With `--write`, instead of the arrays, it replaces the engine's generated weight file, the
//! one place the weights live: `crates/search/src/weights.rs` of the workspace this binary was built from
//! ([`WEIGHTS_FILE`], a path compiled in), written by [`weights_file`]. It refuses before fitting when that
//! file is not the weights the binary was built with ([`check_weights_file`]).

use crate::args::num;
use crate::record_line;
use std::fmt::Write as _;
use xiangqi::{Position, Role};
use xiangqi_engine::eval::{self, Trace, N_PARAMS, N_WEIGHTS};

/// The engine's generated weight file in the workspace this binary was built from, which `--write` replaces.
const WEIGHTS_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../search/src/weights.rs");

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
    /// Whether to replace [`WEIGHTS_FILE`] with the result.
    write: bool,
    /// The command, for the written file's header: `xiangqi tune` and the arguments but `--write`.
    command: String,
}

fn parse(args: &[String]) -> Result<TuneConfig, String> {
    let mut c = TuneConfig {
        files: Vec::new(),
        skip_plies: 12,
        iterations: 2000,
        rate: 0.5,
        l2: 1e-3,
        write: false,
        command: "xiangqi tune".to_string(),
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--skip-plies" => c.skip_plies = num(&mut it, arg)?,
            "--iterations" => c.iterations = num::<usize>(&mut it, arg)?.max(1),
            "--rate" => c.rate = num(&mut it, arg)?,
            "--l2" => c.l2 = num(&mut it, arg)?,
            "--write" => c.write = true,
            other if other.starts_with("--") => {
                return Err(format!("tune: unknown argument {other:?}"))
            }
            file => c.files.push(file.to_string()),
        }
    }
    for arg in args.iter().filter(|a| *a != "--write") {
        if arg.is_empty() || arg.contains(char::is_whitespace) {
            let _ = write!(c.command, " {arg:?}");
        } else {
            let _ = write!(c.command, " {arg}");
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
    let (fen, moves, result) = record_line::parse(line)?;
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

/// The text of the engine's generated weight file (`crates/search/src/weights.rs`) holding the weights `w`
/// (all [`N_PARAMS`], whole numbers, in the order of [`eval::all_weights`]) and fitted by the command
/// `fitted_with`. The scalar weights keep their index constants and names ([`eval::PARAM_IDENTS`],
/// [`eval::PARAM_NAMES`]). An error if a weight is not a whole number or does not fit its type (a piece-square
/// cell is an `i16`).
fn weights_file(w: &[f64], fitted_with: &str) -> Result<String, String> {
    assert_eq!(w.len(), N_PARAMS);
    let whole = |i: usize, lo: f64, hi: f64| -> Result<i64, String> {
        let x = w[i];
        if x.fract() != 0.0 || !(lo..=hi).contains(&x) {
            return Err(format!(
                "tune: the weight {} is {x}, not a whole number in {lo}..={hi}",
                eval::weight_name(i)
            ));
        }
        Ok(x as i64)
    };
    let mut out = String::new();
    let o = &mut out;
    // Writing to a String cannot fail.
    let _ = write!(
        o,
        r#"//! The evaluation's weights (`eval.rs`), generated by `xiangqi tune FILE… --write` (crates/cli/src/tune.rs).
//!
//! The next `--write` replaces the whole file. Edits by hand are fine if they keep the writer's format:
//! `cargo test -p xiangqi-cli` checks that this file is exactly what the writer makes of its weights. To add a
//! weight, add its line to `scalar_weights!` (its index is its place in the list; start it at 0) and use its
//! `P_…` index in `eval::terms`.
//!
//! Fitted by Texel's method (docs/strength.md, *Tuning the evaluation*) to games recorded by `xiangqi match
//! --record FILE`, with:
//!
//! ```text
//! {fitted_with}
//! ```
//!
//! To regenerate: run the tuner with `--write` from a build of this workspace, `cargo run --release -p
//! xiangqi-cli -- tune FILE… --write` (it writes the `crates/search/src/weights.rs` it was built from). A refit
//! starts from these weights (`--l2` pulls towards them), so the same command does not give the same numbers
//! again. Then `cargo run --release -p xiangqi-cli -- bench` gives the search's new node count.

/// The command that fitted these weights.
#[rustfmt::skip]
pub const FITTED_WITH: &str = {fitted_with:?};

scalar_weights! {{
"#
    );
    for i in 0..N_WEIGHTS {
        let v = whole(i, i32::MIN as f64, i32::MAX as f64)?;
        let _ = writeln!(
            o,
            "    {} => ({:?}, {v}),",
            eval::PARAM_IDENTS[i],
            eval::PARAM_NAMES[i]
        );
    }
    let _ = write!(
        o,
        r#"}}

/// The piece-square bonus of a Red piece, by [`Role::index`](xiangqi::Role::index) and cell
/// ([`pst_cell`](crate::eval::pst_cell)): ten ranks from Red's back rank, five files from Red's left (the tables are
/// symmetric in files). Points a piece can never stand on are 0.
#[rustfmt::skip]
pub const PST_CELLS: [[i16; 50]; 7] = [
"#
    );
    for (r, role) in Role::ALL.iter().enumerate() {
        let _ = writeln!(o, "    // {role:?}\n    [");
        for rank in 0..10 {
            let mut row = Vec::new();
            for f in 0..5 {
                let i = N_WEIGHTS + 50 * r + 5 * rank + f;
                row.push(format!("{:4}", whole(i, i16::MIN as f64, i16::MAX as f64)?));
            }
            let _ = writeln!(o, "        {},", row.join(","));
        }
        let _ = writeln!(o, "    ],");
    }
    let _ = writeln!(o, "];");
    Ok(out)
}

/// Replaces the file `path` with [`weights_file`] of `w` and `fitted_with`.
fn write_weights(path: &str, w: &[f64], fitted_with: &str) -> Result<(), String> {
    let text = weights_file(w, fitted_with)?;
    std::fs::write(path, text).map_err(|e| format!("tune --write: cannot write {path}: {e}"))
}

/// Checks that `path` holds the weights this binary was built with, [`weights_file`] of [`eval::all_weights`]:
/// otherwise the file was edited after the build, or the binary is stale, and `--write` would lose the edit (or
/// fit from other weights than the file's).
fn check_weights_file(path: &str) -> Result<(), String> {
    let on_disk = std::fs::read_to_string(path)
        .map_err(|e| format!("tune --write: cannot read {path}: {e}"))?;
    if on_disk != weights_file(&eval::all_weights(), eval::FITTED_WITH)? {
        return Err(format!(
            "tune --write: {path} is not the weights this binary was built with (edited since, or a stale \
             binary): rebuild (cargo run --release -p xiangqi-cli -- tune …) and run again"
        ));
    }
    Ok(())
}

/// Runs `xiangqi tune`.
pub fn run(args: &[String]) -> Result<(), String> {
    let config = parse(args)?;
    if config.write {
        check_weights_file(WEIGHTS_FILE)?;
    }
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
    if config.write {
        write_weights(WEIGHTS_FILE, &rounded, &config.command)?;
        println!("wrote {WEIGHTS_FILE}: rebuild, then `xiangqi bench` gives the new node count");
        return Ok(());
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
        // A positive gradient lowers the horse's values.
        assert!(
            g[eval::P_HORSE_MG] >= 0.0 && g[eval::P_HORSE_EG] > 0.0,
            "{g:?}"
        );
        // The horse's cell on e1 (rank 1, the centre file) is Red's only piece-square term but the general's.
        let e1 = eval::cell_param(Role::Horse, Square::from_coords(4, 1).unwrap());
        assert!(g[e1] > 0.0, "{}", g[e1]);
        assert!(error(&data, &w, 1.0) > 0.5);
    }

    #[test]
    fn write_is_an_option_and_the_command_is_kept_without_it() {
        let args: Vec<String> = ["a.rec", "--write", "--l2", "1e-4", "my games.rec"]
            .map(String::from)
            .to_vec();
        let c = parse(&args).unwrap();
        assert!(c.write);
        assert_eq!(c.files, ["a.rec", "my games.rec"]);
        assert_eq!(c.command, r#"xiangqi tune a.rec --l2 1e-4 "my games.rec""#);
        assert!(!parse(&args[..1]).unwrap().write);
    }

    #[test]
    fn the_weights_file_is_what_the_writer_makes_of_the_weights() {
        // The guard that the generated file and its writer agree: `--write` with the current weights would
        // rewrite crates/search/src/weights.rs byte for byte.
        let on_disk = std::fs::read_to_string(WEIGHTS_FILE).unwrap();
        let written = weights_file(&eval::all_weights(), eval::FITTED_WITH).unwrap();
        let first_difference = on_disk
            .lines()
            .zip(written.lines())
            .position(|(a, b)| a != b);
        assert!(
            on_disk == written,
            "weights.rs differs from the writer's output from line {:?} on",
            first_difference.map(|i| i + 1)
        );
        check_weights_file(WEIGHTS_FILE).unwrap();
    }

    #[test]
    fn write_puts_the_new_weights_in_the_file() {
        let path =
            std::env::temp_dir().join(format!("xiangqi-tune-weights-{}.rs", std::process::id()));
        let path = path.to_str().unwrap();
        let mut w = eval::all_weights();
        w[eval::P_TEMPO] += 1.0;
        let e1 = eval::cell_param(Role::Horse, Square::from_coords(4, 1).unwrap());
        w[e1] = -7.0;
        let before = weights_file(&eval::all_weights(), eval::FITTED_WITH).unwrap();
        write_weights(path, &w, "xiangqi tune new.rec --l2 0").unwrap();
        let after = std::fs::read_to_string(path).unwrap();
        // The file is now stale for this binary: a second --write is refused.
        let stale = check_weights_file(path);
        std::fs::remove_file(path).unwrap();
        assert!(stale.is_err());
        // Only the command (in the header and in FITTED_WITH), tempo and the horse's rank 1 changed.
        let changed: Vec<&str> = before
            .lines()
            .zip(after.lines())
            .filter(|(a, b)| a != b)
            .map(|(_, b)| b)
            .collect();
        assert_eq!(before.lines().count(), after.lines().count());
        let tempo = format!(
            "    P_TEMPO => (\"tempo\", {}),",
            eval::WEIGHTS[eval::P_TEMPO] + 1
        );
        let horse_rank_1: String = (0..5)
            .map(|f| {
                format!(
                    "{:4},",
                    w[eval::cell_param(Role::Horse, Square::from_coords(f, 1).unwrap())]
                )
            })
            .collect();
        assert_eq!(changed.len(), 4, "{changed:?}");
        assert_eq!(changed[0], "//! xiangqi tune new.rec --l2 0");
        assert_eq!(
            changed[1],
            "pub const FITTED_WITH: &str = \"xiangqi tune new.rec --l2 0\";"
        );
        assert_eq!(changed[2], tempo);
        assert_eq!(changed[3], format!("        {horse_rank_1}"));
        // Weights that do not fit the file are refused.
        w[e1] = 40000.0;
        assert!(weights_file(&w, "").is_err());
        w[e1] = 0.5;
        assert!(weights_file(&w, "").is_err());
    }
}
