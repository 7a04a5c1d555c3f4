//! The searcher finds verified mates. `tests/data/mates.jsonl` was made by `crates/search/examples/gen_mates.rs`: every
//! record was proved by the exhaustive [`MateProver`] (mate in N exists, no mate in N − 1) and lists every
//! first move that mates in N. Here the mates up to 3 moves are proved again, and the engine must find each
//! mate at its exact distance with one of the listed moves. The prover itself must give the answers of its
//! first, simple version (kept here as the reference) on the suite and the app's puzzles, whole or in slices.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use xiangqi::{Move, Position};
use xiangqi_engine::mate::{Defence, MateProver};
use xiangqi_engine::{Engine, Limits, NoClock, Score};

fn records() -> Vec<(String, String, u32, Vec<String>)> {
    crate::common::read_jsonl("mates.jsonl")
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_string(),
                r["fen"].as_str().unwrap().to_string(),
                r["mate_in"].as_u64().unwrap() as u32,
                crate::common::strings(&r["solutions"]),
            )
        })
        .collect()
}

#[test]
fn suite_covers_every_distance_and_mating_piece() {
    let recs = crate::common::read_jsonl("mates.jsonl");
    for n in 1..=5 {
        for piece in ["chariot", "horse", "cannon", "soldier"] {
            assert!(
                recs.iter()
                    .any(|r| r["mate_in"] == n && r["mating_piece"] == piece),
                "no mate in {n} by a {piece}"
            );
        }
    }
}

#[test]
fn short_mates_are_proved_exhaustively() {
    for (id, fen, n, solutions) in records() {
        if n > 3 {
            continue;
        }
        let pos = Position::from_fen(&fen).unwrap();
        let mut prover = MateProver::new();
        assert!(prover.mates_within(&pos, n), "{id}: no mate in {n}");
        assert!(
            n == 1 || !prover.mates_within(&pos, n - 1),
            "{id}: a shorter mate exists"
        );
        let found: Vec<String> = prover
            .mating_moves(&pos, n)
            .iter()
            .map(Move::to_string)
            .collect();
        assert_eq!(found, solutions, "{id}");
    }
}

#[test]
fn engine_finds_every_mate_at_its_distance() {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(8);
    for (id, fen, n, solutions) in records() {
        let pos = Position::from_fen(&fen).unwrap();
        engine.new_game();
        let mut limits = Limits::depth(2 * n + 3);
        limits.nodes = Some(3_000_000);
        let r = engine.search_position(&pos, &limits, &NoClock, &stop, &mut |_| {});
        assert_eq!(r.score, Score::Mate(n as i32), "{id} {fen}");
        let m = r.best_move.unwrap().to_string();
        assert!(
            solutions.contains(&m),
            "{id}: {m} is not among the mating moves {solutions:?}"
        );
        // The principal variation is a legal line that ends in mate.
        let mut p = pos.clone();
        for mv in &r.pv {
            p.play(*mv)
                .unwrap_or_else(|e| panic!("{id}: illegal PV move: {e}"));
        }
        assert_eq!(r.pv.len(), 2 * n as usize - 1, "{id}: PV {:?}", r.pv);
        assert!(p.legal_moves().is_empty(), "{id}: PV does not end in mate");
    }
}

#[test]
fn defender_sees_it_is_mated() {
    // After the mating side's first move in a mate in 2, the defender's search reports mate -1.
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(8);
    for (id, fen, n, solutions) in records() {
        if n != 2 {
            continue;
        }
        let mut pos = Position::from_fen(&fen).unwrap();
        pos.play(solutions[0].parse().unwrap()).unwrap();
        engine.new_game();
        let r = engine.search_position(&pos, &Limits::depth(5), &NoClock, &stop, &mut |_| {});
        assert_eq!(r.score, Score::Mate(-1), "{id}");
    }
}

/// The first prover, kept as the reference the faster one must agree with: a memo of one bool per
/// (position, moves left), every legal move listed at every node, checks first for the attacker, the
/// defender's replies in generation order.
#[derive(Default)]
struct Reference {
    memo: HashMap<(u64, u32), bool>,
}

impl Reference {
    fn attack(&mut self, p: &mut Position, n: u32) -> bool {
        if n == 0 {
            return false;
        }
        let key = (p.hash(), n);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let moves = p.legal_moves();
        let mut ordered: Vec<(bool, Move)> = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            let u = p.play_unchecked(m);
            let check = p.is_check();
            p.undo(m, u);
            ordered.push((!check, m));
        }
        ordered.sort_by_key(|&(quiet, _)| quiet);
        let mut found = false;
        for (_, m) in ordered {
            let u = p.play_unchecked(m);
            let ok = self.all_replies_lose(p, n);
            p.undo(m, u);
            if ok {
                found = true;
                break;
            }
        }
        self.memo.insert(key, found);
        found
    }

    fn all_replies_lose(&mut self, p: &mut Position, n: u32) -> bool {
        let replies = p.legal_moves();
        if replies.is_empty() {
            return true;
        }
        if n <= 1 {
            return false;
        }
        for &r in replies.iter() {
            let u = p.play_unchecked(r);
            let ok = self.attack(p, n - 1);
            p.undo(r, u);
            if !ok {
                return false;
            }
        }
        true
    }

    fn mating_moves(&mut self, pos: &Position, moves: u32) -> Vec<Move> {
        let mut p = pos.clone();
        let mut out = Vec::new();
        for &m in p.legal_moves().iter() {
            let u = p.play_unchecked(m);
            if self.all_replies_lose(&mut p, moves) {
                out.push(m);
            }
            p.undo(m, u);
        }
        out
    }

    fn shortest_mate(&mut self, pos: &Position, max: u32) -> Option<u32> {
        (1..=max).find(|&n| self.attack(&mut pos.clone(), n))
    }

    fn defend(&mut self, pos: &Position, moves: u32) -> Defence {
        let mut p = pos.clone();
        let replies = p.legal_moves();
        if replies.is_empty() {
            return Defence::Mated;
        }
        let mut best: Option<(Move, u32)> = None;
        for &r in replies.iter() {
            let u = p.play_unchecked(r);
            let length = (1..=moves).find(|&k| self.attack(&mut p, k));
            p.undo(r, u);
            match (length, best) {
                (None, _) => return Defence::Escape(r),
                (Some(k), Some((_, b))) if k <= b => {}
                (Some(k), _) => best = Some((r, k)),
            }
        }
        let (reply, mate_in) = best.expect("a position with replies has a best one");
        Defence::Stubborn { reply, mate_in }
    }
}

/// The prover and the reference agree on `pos`, a mate in `n` (or none within `n` when `n` is a bound):
/// the shortest mate up to `n + 1`, the mating moves within `n` and within the shortest mate, and the
/// defence after every legal move with `n - 1` moves left. One prover answers everything, so that its memo
/// carries bounds from question to question as in a puzzle.
fn agrees(what: &str, pos: &Position, n: u32) {
    let mut fast = MateProver::new();
    let mut slow = Reference::default();
    let shortest = slow.shortest_mate(pos, n + 1);
    assert_eq!(
        fast.shortest_mate(pos, n + 1),
        shortest,
        "{what}: shortest mate"
    );
    let mut lengths = vec![n];
    lengths.extend(shortest.filter(|&k| k < n));
    for k in lengths {
        assert_eq!(
            fast.mating_moves(pos, k),
            slow.mating_moves(pos, k),
            "{what}: mating moves within {k}"
        );
    }
    for &m in pos.legal_moves().iter() {
        let mut after = pos.clone();
        after.play_unchecked(m);
        assert_eq!(
            fast.move_mates_within(pos, m, n),
            slow.all_replies_lose(&mut after.clone(), n),
            "{what}: {m} mates within {n}"
        );
        assert_eq!(
            fast.defend(&after, n - 1),
            slow.defend(&after, n - 1),
            "{what}: the defence after {m}"
        );
    }
}

/// The longest mates compared with the reference by default: a debug build's `cargo test` up to 3 moves, a
/// release build's (`cargo test --release`) up to 4, each in a few seconds (the reference's cost). The
/// ignored test `agrees_with_the_reference_everywhere` compares every mate of both files, up to 5 moves.
const COMPARED_UP_TO: u32 = if cfg!(debug_assertions) { 3 } else { 4 };
/// The app's puzzles of one length compared by default (they are full boards: the reference takes about
/// half a second for each mate in 4).
const PUZZLES_PER_LENGTH: usize = 5;

fn data(path: &str) -> String {
    let path = format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The mates of `tests/data/mates.jsonl` up to `max` moves, then the app's puzzles (`www/public/puzzles.json`)
/// up to `max`, at most `per_length` of each length: (name, position, mate in).
fn cases(max: u32, per_length: usize) -> Vec<(String, Position, u32)> {
    let mut out = Vec::new();
    for line in data("tests/data/mates.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
    {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let n = r["mate_in"].as_u64().unwrap() as u32;
        if n <= max {
            let pos = Position::from_fen(r["fen"].as_str().unwrap()).unwrap();
            out.push((r["id"].as_str().unwrap().to_string(), pos, n));
        }
    }
    let v: serde_json::Value = serde_json::from_str(&data("www/public/puzzles.json")).unwrap();
    let mut taken = [0; 11];
    for p in v["puzzles"].as_array().unwrap() {
        let n = p["mateIn"].as_u64().unwrap() as u32;
        if n <= max && taken[n as usize] < per_length {
            taken[n as usize] += 1;
            let pos = Position::from_fen(p["fen"].as_str().unwrap()).unwrap();
            out.push((format!("puzzle {}", p["id"]), pos, n));
        }
    }
    out
}

#[test]
fn agrees_with_the_reference() {
    let cases = cases(COMPARED_UP_TO, PUZZLES_PER_LENGTH);
    assert!(cases.len() >= 35, "{} positions", cases.len());
    for (what, pos, n) in cases {
        agrees(&what, &pos, n);
    }
}

#[test]
#[ignore = "about 20 s in release builds (the reference's mates in 5); run with --release --include-ignored"]
fn agrees_with_the_reference_everywhere() {
    for (what, pos, n) in cases(5, usize::MAX) {
        agrees(&what, &pos, n);
    }
}

/// `mating_moves` in slices of a few hundred nodes, with other questions between the slices, gives the
/// answer of one call.
#[test]
fn mating_moves_in_slices_give_the_answer_of_one_call() {
    let mut sliced_somewhere = false;
    // mate4-horse-1: its mating moves within 3 (none) take more than one slice.
    let other = Position::from_fen("9/9/5k3/9/9/9/7C1/9/9/2N1K4 w - - 0 1").unwrap();
    for (what, pos, n) in cases(COMPARED_UP_TO, 2) {
        let whole = MateProver::new().mating_moves(&pos, n);
        let mut p = MateProver::with_limits(300, 0);
        let mut slices = 0;
        let found = loop {
            p.reset_count();
            let found = p.mating_moves(&pos, n);
            if !p.gave_up() {
                break found;
            }
            slices += 1;
            assert!(slices < 100_000, "{what}: no progress");
            // Other questions between two slices, one of them a slice of another position's mating moves (they
            // may give up too; the slices go on).
            p.reset_count();
            p.shortest_mate(&pos, 1);
            p.reset_count();
            p.mating_moves(&other, 3);
        };
        assert_eq!(found, whole, "{what}");
        sliced_somewhere |= slices > 10;
    }
    assert!(sliced_somewhere);
}
