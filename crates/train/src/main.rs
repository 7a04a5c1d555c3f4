//! `xiangqi-train`: fits the engine's neural evaluation to `xiangqi datagen` files and writes the net file the
//! engine loads ([`xiangqi_engine::nnue`]), with its training log and provenance beside it.
//!
//! ```text
//! xiangqi-train --data FILE[,FILE…] --out NET [--features palace|psq] [--ft N] [--l1 N] [--epochs N]
//!               [--batch N] [--lr X] [--lambda X] [--seed S] [--threads N] [--max-positions N]
//! ```
//!
//! The network is the engine's ([`xiangqi_engine::nnue::Network`]) in floating point: each side's
//! accumulator is the sum of the transformer's rows of its active inputs plus a bias, clipped to 0..=1; the
//! two (side to move first) feed a dense layer clipped to 0..=1, then one output `y`, the score in units of
//! 400 centipawns. The loss is the squared distance between `sigmoid(y)` and
//! `λ·sigmoid(label / 400) + (1 − λ)·result` (the result from the side to move's view: 1, ½, 0), over
//! batches in an order drawn from the seed, with AdamW; the learning rate drops to a tenth for the last
//! quarter of the epochs. After each step the weights are clamped to what their integers can hold. Every
//! twentieth game is held out for validation. Same data, same seed, same arguments: the same net (the
//! arithmetic runs on one thread unless `--threads` says otherwise).
//!
//! Beside `NET` go `NET.training.txt` (the loss of each epoch; not `.log`, which git ignores) and `NET.provenance` (the data files with their sizes
//! and fingerprints, the arguments, the seed, the commit). docs/search.md, *The neural evaluation*, says why
//! candle and how to run it.

use candle_core::{Device, Tensor, Var};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use std::io::Write;
use xiangqi::zobrist::splitmix64;
use xiangqi::Color;
use xiangqi_engine::nnue::data::{fnv1a64, read_all, Sample};
use xiangqi_engine::nnue::{FeatureSet, Network, QA, QB, QO};

/// Inputs per side: at most 32 pieces.
const SLOTS: usize = 32;
/// Centipawns per unit of output.
const OUT_SCALE: f64 = 400.0;
/// The transformer's weights stay within this, so that 32 of them and the bias fit an `i16` at scale QA.
const FT_CLAMP: f64 = 2.0;

struct Args {
    data: Vec<String>,
    out: String,
    features: FeatureSet,
    ft: usize,
    l1: usize,
    epochs: usize,
    batch: usize,
    lr: f64,
    lambda: f64,
    seed: u64,
    threads: usize,
    max_positions: usize,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        data: Vec::new(),
        out: String::new(),
        features: FeatureSet::PalaceBuckets,
        ft: 64,
        l1: 16,
        epochs: 10,
        batch: 1024,
        lr: 1e-3,
        lambda: 0.75,
        seed: 1,
        threads: 1,
        max_positions: usize::MAX,
    };
    let mut it = args.iter();
    fn val<'a>(it: &mut std::slice::Iter<'a, String>, name: &str) -> Result<&'a String, String> {
        it.next().ok_or(format!("{name} needs a value"))
    }
    fn num<T: std::str::FromStr>(
        it: &mut std::slice::Iter<String>,
        name: &str,
    ) -> Result<T, String> {
        val(it, name)?
            .parse()
            .map_err(|_| format!("{name} needs a number"))
    }
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--data" => a.data = val(&mut it, arg)?.split(',').map(str::to_string).collect(),
            "--out" => a.out = val(&mut it, arg)?.clone(),
            "--features" => {
                a.features = match val(&mut it, arg)?.as_str() {
                    "palace" => FeatureSet::PalaceBuckets,
                    "psq" => FeatureSet::PieceSquare,
                    other => return Err(format!("--features: palace or psq, not {other:?}")),
                }
            }
            "--ft" => a.ft = num(&mut it, arg)?,
            "--l1" => a.l1 = num(&mut it, arg)?,
            "--epochs" => a.epochs = num(&mut it, arg)?,
            "--batch" => a.batch = num::<usize>(&mut it, arg)?.max(1),
            "--lr" => a.lr = num(&mut it, arg)?,
            "--lambda" => a.lambda = num(&mut it, arg)?,
            "--seed" => a.seed = num(&mut it, arg)?,
            "--threads" => a.threads = num::<usize>(&mut it, arg)?.max(1),
            "--max-positions" => a.max_positions = num(&mut it, arg)?,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if a.data.is_empty() || a.out.is_empty() {
        return Err("usage: xiangqi-train --data FILE[,FILE…] --out NET [options]".into());
    }
    Ok(a)
}

/// The training positions as the network sees them: 130 bytes a position.
struct Set {
    /// `SLOTS` inputs per position and side (side to move first); the first `count` are on.
    us: Vec<u16>,
    them: Vec<u16>,
    us_count: Vec<u8>,
    them_count: Vec<u8>,
    target: Vec<f32>,
}

impl Set {
    fn new() -> Set {
        Set {
            us: Vec::new(),
            them: Vec::new(),
            us_count: Vec::new(),
            them_count: Vec::new(),
            target: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.target.len()
    }

    fn push(&mut self, s: &Sample, features: FeatureSet, lambda: f64) {
        let pos = &s.position;
        let stm = pos.turn();
        for (c, idx, count) in [
            (stm, &mut self.us, &mut self.us_count),
            (stm.other(), &mut self.them, &mut self.them_count),
        ] {
            let active = features.active(pos.board(), c, pos.general(c));
            for k in 0..SLOTS {
                // Every feature set has fewer than 65,536 inputs.
                idx.push(active.get(k).copied().unwrap_or(0) as u16);
            }
            count.push(active.len() as u8);
        }
        let red = s.result.red_score() as f64;
        let result = if stm == Color::Red { red } else { 1.0 - red };
        let score = 1.0 / (1.0 + (-(s.score as f64) / OUT_SCALE).exp());
        self.target
            .push((lambda * score + (1.0 - lambda) * result) as f32);
    }
}

/// The float network's parameters.
struct Model {
    w1: Var,
    b1: Var,
    w2: Var,
    b2: Var,
    w3: Var,
    b3: Var,
}

fn uniform(state: &mut u64, n: usize, a: f64) -> Vec<f32> {
    (0..n)
        .map(|_| {
            let (s, v) = splitmix64(*state);
            *state = s;
            ((v >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0) as f32 * a as f32
        })
        .collect()
}

impl Model {
    fn new(
        inputs: usize,
        ft: usize,
        l1: usize,
        seed: u64,
        dev: &Device,
    ) -> candle_core::Result<Model> {
        let mut st = seed;
        let t = |v: Vec<f32>, shape: (usize, usize)| Tensor::from_vec(v, shape, dev);
        Ok(Model {
            // Zero: an input no training position has stays zero in the file, which then compresses (the
            // dense layer's random weights already make the cells differ).
            w1: Var::from_tensor(&t(vec![0.0; inputs * ft], (inputs, ft))?)?,
            b1: Var::from_tensor(&t(vec![0.1; ft], (1, ft))?)?,
            w2: Var::from_tensor(&t(
                uniform(&mut st, 2 * ft * l1, 1.0 / (2.0 * ft as f64).sqrt()),
                (2 * ft, l1),
            )?)?,
            b2: Var::from_tensor(&t(vec![0.0; l1], (1, l1))?)?,
            w3: Var::from_tensor(&t(uniform(&mut st, l1, 1.0 / (l1 as f64).sqrt()), (l1, 1))?)?,
            b3: Var::from_tensor(&t(vec![0.0; 1], (1, 1))?)?,
        })
    }

    fn vars(&self) -> Vec<Var> {
        vec![
            self.w1.clone(),
            self.b1.clone(),
            self.w2.clone(),
            self.b2.clone(),
            self.w3.clone(),
            self.b3.clone(),
        ]
    }

    /// `y` (units of 400 cp) of the positions `rows` of `set`, as a `[n, 1]` tensor.
    fn forward(&self, set: &Set, rows: &[usize], dev: &Device) -> candle_core::Result<Tensor> {
        let n = rows.len();
        let ft = self.b1.dims()[1];
        let side = |idx: &[u16], count: &[u8]| -> candle_core::Result<Tensor> {
            let mut i = Vec::with_capacity(n * SLOTS);
            let mut m = Vec::with_capacity(n * SLOTS);
            for &r in rows {
                i.extend(idx[r * SLOTS..(r + 1) * SLOTS].iter().map(|&x| x as u32));
                m.extend((0..SLOTS).map(|k| if k < count[r] as usize { 1f32 } else { 0f32 }));
            }
            let i = Tensor::from_vec(i, n * SLOTS, dev)?;
            let m = Tensor::from_vec(m, (n, SLOTS, 1), dev)?;
            self.w1
                .index_select(&i, 0)?
                .reshape((n, SLOTS, ft))?
                .broadcast_mul(&m)?
                .sum(1)?
                .broadcast_add(&self.b1)?
                .clamp(0f32, 1f32)
        };
        let us = side(&set.us, &set.us_count)?;
        let them = side(&set.them, &set.them_count)?;
        let x = Tensor::cat(&[us, them], 1)?;
        let h = x
            .matmul(&self.w2)?
            .broadcast_add(&self.b2)?
            .clamp(0f32, 1f32)?;
        h.matmul(&self.w3)?.broadcast_add(&self.b3)
    }

    fn loss(&self, set: &Set, rows: &[usize], dev: &Device) -> candle_core::Result<Tensor> {
        let y = self.forward(set, rows, dev)?;
        let t: Vec<f32> = rows.iter().map(|&r| set.target[r]).collect();
        let t = Tensor::from_vec(t, (rows.len(), 1), dev)?;
        candle_nn::ops::sigmoid(&y)?.sub(&t)?.sqr()?.mean_all()
    }

    /// Keeps the weights within what their integers hold.
    fn clamp(&self) -> candle_core::Result<()> {
        self.w1
            .set(&self.w1.clamp(-FT_CLAMP as f32, FT_CLAMP as f32)?)?;
        let w2_max = 127.0 / QB as f32;
        self.w2.set(&self.w2.clamp(-w2_max, w2_max)?)?;
        Ok(())
    }

    /// The engine's network: the weights rounded to their integers.
    fn export(&self, features: FeatureSet) -> Result<Network, String> {
        let e = |e: candle_core::Error| e.to_string();
        let flat = |v: &Var| v.flatten_all().and_then(|t| t.to_vec1::<f32>()).map_err(e);
        let (ft, l1) = (self.b1.dims()[1], self.b2.dims()[1]);
        let q16 = |x: f32, s: f64| (x as f64 * s).round().clamp(-32767.0, 32767.0) as i16;
        let ft_weights = flat(&self.w1)?.iter().map(|&x| q16(x, QA as f64)).collect();
        let ft_bias = flat(&self.b1)?.iter().map(|&x| q16(x, QA as f64)).collect();
        // w2 is [2·ft, l1]; the file wants cell by cell, [l1, 2·ft].
        let w2 = flat(&self.w2)?;
        let mut l1_weights = vec![0i8; l1 * 2 * ft];
        for i in 0..2 * ft {
            for j in 0..l1 {
                l1_weights[j * 2 * ft + i] = (w2[i * l1 + j] as f64 * QB as f64)
                    .round()
                    .clamp(-127.0, 127.0) as i8;
            }
        }
        let l1_bias = flat(&self.b2)?
            .iter()
            .map(|&x| (x as f64 * (QA * QB) as f64).round() as i32)
            .collect();
        let out_weights = flat(&self.w3)?.iter().map(|&x| q16(x, QO as f64)).collect();
        let out_bias = (flat(&self.b3)?[0] as f64 * (QA * QO) as f64).round() as i32;
        Network::from_weights(
            features,
            ft,
            l1,
            OUT_SCALE as i32,
            ft_weights,
            ft_bias,
            l1_weights,
            l1_bias,
            out_weights,
            out_bias,
        )
        .map_err(|e| e.to_string())
    }
}

fn shuffle(rows: &mut [usize], state: &mut u64) {
    for i in (1..rows.len()).rev() {
        let (s, v) = splitmix64(*state);
        *state = s;
        rows.swap(i, (v % (i as u64 + 1)) as usize);
    }
}

fn run(a: &Args) -> Result<(), String> {
    let dev = Device::Cpu;
    let e = |e: candle_core::Error| e.to_string();
    let mut train = Set::new();
    let mut valid = Set::new();
    let mut valid_samples = Vec::new();
    let mut provenance = String::new();
    for path in &a.data {
        let bytes = std::fs::read(path).map_err(|err| format!("{path}: {err}"))?;
        let (header, samples) = read_all(&bytes).map_err(|err| format!("{path}: {err}"))?;
        provenance += &format!(
            "data {path}: {} bytes, {} positions, fnv1a64 {:016x}, {header:?}\n",
            bytes.len(),
            samples.len(),
            fnv1a64(&bytes)
        );
        for s in samples {
            if train.len() + valid.len() >= a.max_positions {
                break;
            }
            if s.game % 20 == 19 {
                valid.push(&s, a.features, a.lambda);
                if valid_samples.len() < 2000 {
                    valid_samples.push(s);
                }
            } else {
                train.push(&s, a.features, a.lambda);
            }
        }
    }
    if train.len() == 0 || valid.len() == 0 {
        return Err("not enough positions (need training and validation games)".into());
    }
    let model = Model::new(a.features.inputs(), a.ft, a.l1, a.seed, &dev).map_err(e)?;
    let mut opt = AdamW::new(
        model.vars(),
        ParamsAdamW {
            lr: a.lr,
            weight_decay: 0.0,
            ..ParamsAdamW::default()
        },
    )
    .map_err(e)?;
    let mut log =
        std::fs::File::create(format!("{}.training.txt", a.out)).map_err(|err| err.to_string())?;
    let mut say = |line: String| {
        println!("{line}");
        writeln!(log, "{line}").ok();
    };
    say(format!(
        "train {} positions, validate {}; {:?} {}x2 -> {} -> 1; epochs {}, batch {}, lr {}, lambda {}, seed {}",
        train.len(),
        valid.len(),
        a.features,
        a.ft,
        a.l1,
        a.epochs,
        a.batch,
        a.lr,
        a.lambda,
        a.seed
    ));
    let valid_rows: Vec<usize> = (0..valid.len()).collect();
    let valid_loss = |model: &Model| -> Result<f64, String> {
        let mut sum = 0.0;
        for chunk in valid_rows.chunks(4096) {
            let l = model.loss(&valid, chunk, &dev).map_err(e)?;
            sum += l.to_scalar::<f32>().map_err(e)? as f64 * chunk.len() as f64;
        }
        Ok(sum / valid_rows.len() as f64)
    };
    say(format!(
        "epoch 0: validation loss {:.6}",
        valid_loss(&model)?
    ));
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut state = a.seed ^ 0x5EED;
    let t0 = std::time::Instant::now();
    for epoch in 1..=a.epochs {
        if epoch > a.epochs * 3 / 4 {
            opt.set_learning_rate(a.lr / 10.0);
        }
        shuffle(&mut order, &mut state);
        let (mut sum, mut n) = (0.0, 0usize);
        for batch in order.chunks(a.batch) {
            let loss = model.loss(&train, batch, &dev).map_err(e)?;
            opt.backward_step(&loss).map_err(e)?;
            model.clamp().map_err(e)?;
            sum += loss.to_scalar::<f32>().map_err(e)? as f64 * batch.len() as f64;
            n += batch.len();
        }
        say(format!(
            "epoch {epoch}: training loss {:.6}, validation loss {:.6}, {:.0} s",
            sum / n as f64,
            valid_loss(&model)?,
            t0.elapsed().as_secs_f64()
        ));
    }
    let net = model.export(a.features)?;
    // The rounding's cost: the integer net against the float one on validation positions.
    let rows: Vec<usize> = (0..valid_samples.len().min(valid.len())).collect();
    let y = model
        .forward(&valid, &rows, &dev)
        .and_then(|t| t.flatten_all())
        .and_then(|t| t.to_vec1::<f32>())
        .map_err(e)?;
    let mut diff = 0.0;
    for (s, &y) in valid_samples.iter().zip(&y) {
        diff += (net.evaluate(&s.position) as f64 - y as f64 * OUT_SCALE).abs();
    }
    say(format!(
        "quantised vs float on {} validation positions: mean |difference| {:.1} cp",
        rows.len(),
        diff / rows.len().max(1) as f64
    ));
    let bytes = net.to_bytes();
    std::fs::write(&a.out, &bytes).map_err(|err| format!("{}: {err}", a.out))?;
    say(format!(
        "wrote {} ({} bytes, fnv1a64 {:016x})",
        a.out,
        bytes.len(),
        fnv1a64(&bytes)
    ));
    // The commit of the trainer's own source tree (where it was built), wherever it runs from.
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(env!("CARGO_MANIFEST_DIR"))
            .args(args)
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default()
    };
    let dirty = !git(&["status", "--porcelain", "--untracked-files=no"]).is_empty();
    provenance += &format!(
        "command xiangqi-train {}\ncommit {}{}\nnet {} bytes, fnv1a64 {:016x}\n",
        std::env::args().skip(1).collect::<Vec<_>>().join(" "),
        git(&["rev-parse", "HEAD"]),
        if dirty {
            " (with uncommitted changes)"
        } else {
            ""
        },
        bytes.len(),
        fnv1a64(&bytes)
    );
    std::fs::write(format!("{}.provenance", a.out), provenance).map_err(|err| err.to_string())?;
    Ok(())
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match parse_args(&args) {
        Ok(a) => a,
        Err(msg) => {
            eprintln!("xiangqi-train: {msg}");
            return std::process::ExitCode::from(2);
        }
    };
    // candle's CPU kernels take their thread count from this variable; one thread by default (the machine is
    // shared, and one thread sums in one order).
    std::env::set_var("RAYON_NUM_THREADS", parsed.threads.to_string());
    match run(&parsed) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("xiangqi-train: {msg}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::Position;
    use xiangqi_engine::nnue::data::{DataHeader, GameResult};

    /// A small data file: positions of seeded random games, labelled by the hand-tuned evaluation.
    fn data_file(path: &std::path::Path) {
        let header = DataHeader {
            seed: 1,
            play_nodes: 1,
            label_depth: 0,
            random_min: 0,
            random_max: 0,
            max_plies: 80,
            adjudicate_cp: 0,
            openings_hash: 0,
            eval_net: 0,
        };
        let mut bytes = header.to_bytes().to_vec();
        let mut state = 9u64;
        for game in 0..40u32 {
            let mut pos = Position::new();
            let result =
                [GameResult::RedWon, GameResult::Draw, GameResult::BlackWon][game as usize % 3];
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if !pos.is_check() {
                    let score = xiangqi_engine::eval::evaluate(&pos) as i16;
                    let s = Sample {
                        position: pos.clone(),
                        score,
                        result,
                        game,
                    };
                    bytes.extend_from_slice(&s.to_bytes());
                }
                let (s, v) = splitmix64(state);
                state = s;
                pos.play_unchecked(moves[(v % moves.len() as u64) as usize]);
            }
        }
        std::fs::write(path, bytes).unwrap();
    }

    #[test]
    fn the_same_seed_trains_the_same_net_and_the_engine_loads_it() {
        let dir = std::env::temp_dir().join(format!("xiangqi-train-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("data.bin");
        data_file(&data);
        let args = |out: &str, seed: u64| Args {
            data: vec![data.to_str().unwrap().to_string()],
            out: dir.join(out).to_str().unwrap().to_string(),
            features: FeatureSet::PieceSquare,
            ft: 16,
            l1: 4,
            epochs: 2,
            batch: 256,
            lr: 1e-3,
            lambda: 0.75,
            seed,
            threads: 1,
            max_positions: usize::MAX,
        };
        run(&args("a.nnue", 5)).unwrap();
        run(&args("b.nnue", 5)).unwrap();
        run(&args("c.nnue", 6)).unwrap();
        let read = |n: &str| std::fs::read(dir.join(n)).unwrap();
        assert_eq!(read("a.nnue"), read("b.nnue"));
        assert_ne!(read("a.nnue"), read("c.nnue"));
        let net = Network::from_bytes(&read("a.nnue")).unwrap();
        assert_eq!((net.ft_size(), net.l1_size()), (16, 4));
        let log = std::fs::read_to_string(dir.join("a.nnue.training.txt")).unwrap();
        assert!(log.contains("epoch 2:"), "{log}");
        let provenance = std::fs::read_to_string(dir.join("a.nnue.provenance")).unwrap();
        assert!(
            provenance.contains("data ") && provenance.contains("fnv1a64"),
            "{provenance}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
