//! `cargo bench --bench adjudication`: the cost of adjudication after each move.
//!
//! * `plain_position_play`: `Position::play` (legality check + make) over a 100-ply reversible walk without
//!   any repetition — the baseline;
//! * `game_play_outcome`: `Game::play` + `Game::outcome()` over the same walk (incremental bookkeeping:
//!   mate/stalemate test, repetition scan of the reversible span, move limit);
//! * `repetition_ruling`: the move that completes a repetition (R05 and R24 of the rulings catalogue, project case P02),
//!   under AXF, CXA and CXA without the chases through checks (`cxa_direct`), where the whole span
//!   is classified (§6) and ruled (§7).
//!
//! Per-move figures are the reported times divided by the number of plies (100).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::collections::HashSet;
use xiangqi::adjudication::Options;
use xiangqi::{Game, Move, Position, Role, Ruleset};

const WALK_FEN: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
const PLIES: usize = 100;

/// A walk of reversible moves (no capture, no soldier step forward) that never repeats a position: the
/// reversible span grows to 100 plies and every position is new.
fn reversible_walk(fen: &str, plies: usize) -> Vec<Move> {
    fn dfs(pos: &Position, seen: &mut HashSet<u64>, out: &mut Vec<Move>, left: usize) -> bool {
        if left == 0 {
            return true;
        }
        let mut moves = pos.legal_moves();
        moves.sort_iccs();
        for &m in moves.iter() {
            let piece = pos.board().piece_at(m.from).unwrap();
            if pos.is_capture(m) || (piece.role == Role::Soldier && m.from.file() == m.to.file()) {
                continue;
            }
            let mut p = pos.clone();
            p.play_unchecked(m);
            if seen.contains(&p.hash()) || !p.has_legal_move() {
                continue;
            }
            seen.insert(p.hash());
            out.push(m);
            if dfs(&p, seen, out, left - 1) {
                return true;
            }
            out.pop();
        }
        false
    }
    let pos = Position::from_fen(fen).unwrap();
    let mut seen = HashSet::from([pos.hash()]);
    let mut out = Vec::new();
    assert!(dfs(&pos, &mut seen, &mut out, plies));
    out
}

fn bench_per_move(c: &mut Criterion) {
    let moves = reversible_walk(WALK_FEN, PLIES);
    let start = Position::from_fen(WALK_FEN).unwrap();
    let game = Game::new(start.clone());
    {
        // Sanity: the walk is legal, the game never ends, the span is 100 plies long.
        let mut g = game.clone();
        for &m in &moves {
            g.play(m).unwrap();
            assert!(g.outcome().is_none());
        }
    }
    let mut group = c.benchmark_group("per_move_100_ply_reversible_span");
    group.throughput(Throughput::Elements(PLIES as u64));
    group.bench_function("plain_position_play", |b| {
        b.iter_batched_ref(
            || start.clone(),
            |p| {
                for &m in &moves {
                    p.play(m).unwrap();
                }
            },
            BatchSize::SmallInput,
        )
    });
    for rs in [Ruleset::Axf, Ruleset::Cxa] {
        let g0 = Game::with_options(
            start.clone(),
            Options {
                ruleset: rs,
                ..Options::default()
            },
        )
        .unwrap();
        group.bench_function(format!("game_play_outcome_{}", rs.code()), |b| {
            b.iter_batched_ref(
                || g0.clone(),
                |g| {
                    for &m in &moves {
                        g.play(m).unwrap();
                        std::hint::black_box(g.outcome());
                    }
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

fn bench_ruling(c: &mut Criterion) {
    let cases = [
        (
            "r05_chase",
            "4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1",
            ["h4i4", "i7h7", "i4h4", "h7i7"],
        ),
        (
            "r24_mate_threat",
            "5a2c/9/3k1a3/4N4/6b2/6B2/4R4/3A1K3/9/9 w - - 0 1",
            ["e3c3", "d7e7", "c3e3", "e7d7"],
        ),
        (
            // Project case P02: every red move threatens check, check, capture (CXA 抽将, two checks deep).
            "p02_check_chase",
            "4k4/1r7/9/9/9/9/9/9/3K5/R8 w - - 0 1",
            ["a0i0", "b8h8", "i0a0", "h8b8"],
        ),
    ];
    let mut group = c.benchmark_group("repetition_ruling");
    for (name, fen, cycle) in cases {
        // `cxa_direct`: CXA without the chases through checks (the reference classifier of the rulings catalogue), the
        // in-run reference for the cost of the check-sequence search.
        for (rs, check_chases, label) in [
            (Ruleset::Axf, true, "axf"),
            (Ruleset::Cxa, true, "cxa"),
            (Ruleset::Cxa, false, "cxa_direct"),
        ] {
            let mut g = Game::with_options(
                Position::from_fen(fen).unwrap(),
                Options {
                    ruleset: rs,
                    cxa_check_chases: check_chases,
                    ..Options::default()
                },
            )
            .unwrap();
            let seq: Vec<Move> = cycle
                .iter()
                .chain(cycle.iter())
                .map(|m| m.parse().unwrap())
                .collect();
            for &m in &seq[..7] {
                g.play(m).unwrap();
            }
            let last = seq[7];
            group.bench_function(format!("{name}_{label}"), |b| {
                b.iter_batched_ref(
                    || g.clone(),
                    |g| {
                        g.play(last).unwrap();
                        assert!(g.outcome().is_some());
                    },
                    BatchSize::SmallInput,
                )
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_per_move, bench_ruling);
criterion_main!(benches);
