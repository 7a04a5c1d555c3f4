//! `cargo bench --bench perft`: move-generation speed (perft) from the start and two published middle games.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use xiangqi::{perft::perft, Position};

const POSITIONS: [(&str, &str, u32); 3] = [
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        4,
    ),
    (
        "cpw-02",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        4,
    ),
    (
        "cpw-03",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        4,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (name, fen, depth) in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        let nodes = perft(&pos, depth);
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(format!("{name}/depth{depth}"), |b| {
            b.iter(|| perft(&pos, depth))
        });
    }
    g.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let pos = Position::new();
    c.bench_function("legal_moves/start", |b| b.iter(|| pos.legal_moves().len()));
}

criterion_group!(benches, bench_perft, bench_movegen);
criterion_main!(benches);
