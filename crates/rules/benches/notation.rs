//! `cargo bench --bench notation`: writing and reading moves in WXF and Chinese, and PGN import / export.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;
use xiangqi::notation::pgn::{parse_pgn, write_pgn, PgnOptions};
use xiangqi::notation::record::{GameRecord, Node};
use xiangqi::notation::{parse_move, write_move, Notation};
use xiangqi::Position;

const FEN: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

/// A 120-ply game from a deterministic walk.
fn game() -> GameRecord {
    let mut r = GameRecord::default();
    let mut p = Position::new();
    for i in 0..120 {
        let mut moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        moves.sort_iccs();
        let m = moves[(i * 7 + 1) % moves.len()];
        r.mainline.moves.push(Node::new(m));
        p.play(m).unwrap();
    }
    r
}

fn bench_moves(c: &mut Criterion) {
    let pos = Position::from_fen(FEN).unwrap();
    let moves = pos.legal_moves();
    let mut g = c.benchmark_group("notation");
    g.throughput(Throughput::Elements(moves.len() as u64));
    g.measurement_time(Duration::from_secs(3));
    for (name, n) in [
        ("wxf", Notation::Wxf(Default::default())),
        ("chinese", Notation::Chinese(Default::default())),
    ] {
        g.bench_function(format!("write/{name}"), |b| {
            b.iter(|| {
                moves
                    .iter()
                    .map(|&m| write_move(&pos, m, &n).len())
                    .sum::<usize>()
            })
        });
        let texts: Vec<String> = moves.iter().map(|&m| write_move(&pos, m, &n)).collect();
        g.bench_function(format!("parse/{name}"), |b| {
            b.iter(|| texts.iter().filter(|t| parse_move(&pos, t).is_ok()).count())
        });
    }
    g.finish();
}

fn bench_pgn(c: &mut Criterion) {
    let rec = game();
    let text = write_pgn(&rec, &PgnOptions::default());
    let mut g = c.benchmark_group("pgn");
    g.throughput(Throughput::Elements(rec.mainline.moves.len() as u64));
    g.measurement_time(Duration::from_secs(3));
    g.bench_function("write/chinese-120-plies", |b| {
        b.iter(|| write_pgn(&rec, &PgnOptions::default()).len())
    });
    g.bench_function("parse/chinese-120-plies", |b| {
        b.iter(|| parse_pgn(&text).unwrap().len())
    });
    g.finish();
}

criterion_group!(benches, bench_moves, bench_pgn);
criterion_main!(benches);
