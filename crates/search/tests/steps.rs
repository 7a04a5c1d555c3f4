//! A search run in slices ([`Engine::start`], [`Engine::step`], [`Engine::stop`]): what the Web Worker does
//! to stay responsive. The slices end steps sooner; they do not change the limits, the time rule or the
//! result's form.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use xiangqi::Game;
use xiangqi_engine::{Engine, Limits, NoClock, SearchResult, Slice, Step, TimeSource};

const MIDDLE: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

/// Steps a started search to its end with `slice`; the depths reported and the number of steps.
fn run(
    engine: &mut Engine,
    slice: Slice,
    clock: &dyn TimeSource,
) -> (SearchResult, Vec<u32>, usize) {
    let stop = AtomicBool::new(false);
    let mut depths = Vec::new();
    let mut steps = 0;
    loop {
        steps += 1;
        match engine.step(slice, clock, &stop, &mut |i| depths.push(i.depth)) {
            Step::Done(r) => return (r, depths, steps),
            Step::Running => {}
            Step::Idle => panic!("the search vanished"),
        }
    }
}

#[test]
fn a_search_in_small_slices_reaches_its_depth_and_reports_each_depth_once() {
    let game = Game::from_fen(MIDDLE).unwrap();
    let mut e = Engine::new(4);
    e.start(&game, Limits::depth(7));
    let (r, depths, steps) = run(&mut e, Slice::nodes(3_000), &NoClock);
    assert_eq!(r.depth, 7);
    assert_eq!(depths, (1..=7).collect::<Vec<_>>());
    assert!(steps > 5, "{steps} steps");
    assert!(game.position().is_legal(r.best_move.unwrap()));
    // The same slices give the same search.
    let mut e2 = Engine::new(4);
    e2.start(&game, Limits::depth(7));
    let (r2, _, steps2) = run(&mut e2, Slice::nodes(3_000), &NoClock);
    assert_eq!(
        (r.best_move, r.nodes, &r.pv, steps),
        (r2.best_move, r2.nodes, &r2.pv, steps2)
    );
    // One step with no slice is exactly `search`.
    let mut e3 = Engine::new(4);
    let whole = e3.search(
        &game,
        &Limits::depth(7),
        &NoClock,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let mut e4 = Engine::new(4);
    e4.start(&game, Limits::depth(7));
    let (one, _, n) = run(&mut e4, Slice::ALL, &NoClock);
    assert_eq!(n, 1);
    assert_eq!(one, whole);
}

#[test]
fn the_node_limit_counts_every_slice() {
    let game = Game::from_fen(MIDDLE).unwrap();
    let mut e = Engine::new(4);
    e.start(&game, Limits::nodes(30_000));
    let (r, _, steps) = run(&mut e, Slice::nodes(2_000), &NoClock);
    assert!(steps >= 10, "{steps}");
    assert!((30_000..31_000).contains(&r.nodes), "{}", r.nodes);
}

/// A clock that advances one millisecond each time it is read.
struct TickClock(AtomicU64);

impl TimeSource for TickClock {
    fn elapsed_ms(&self) -> u64 {
        self.0.fetch_add(1, Ordering::Relaxed)
    }
}

#[test]
fn the_time_limit_counts_from_the_start_over_every_slice() {
    let game = Game::from_fen(MIDDLE).unwrap();
    let clock = TickClock(AtomicU64::new(0));
    let mut e = Engine::new(4);
    e.start(&game, Limits::movetime(60));
    let (r, _, steps) = run(&mut e, Slice::millis(5), &clock);
    assert!(steps > 3, "{steps} steps");
    // 60 ticks in all, whatever the slices: the clock is read every 1024 nodes.
    assert!(clock.0.load(Ordering::Relaxed) < 120, "{:?}", clock.0);
    assert!(r.nodes < 200_000, "{}", r.nodes);
    assert!(game.position().is_legal(r.best_move.unwrap()));
}

#[test]
fn stop_between_slices_answers_with_the_best_move_so_far() {
    let game = Game::from_fen(MIDDLE).unwrap();
    let stop = AtomicBool::new(false);
    let mut e = Engine::new(4);
    // Before any step: the first iteration completes, and that is the answer.
    e.start(&game, Limits::depth(20));
    let r = e.stop(&NoClock).unwrap();
    assert_eq!(r.depth, 1);
    assert!(game.position().is_legal(r.best_move.unwrap()));
    assert!(!e.is_searching());
    assert_eq!(e.stop(&NoClock), None);
    // After a few slices: the deepest completed iteration.
    e.start(&game, Limits::depth(20));
    let mut deepest = 0;
    for _ in 0..40 {
        match e.step(Slice::nodes(2_000), &NoClock, &stop, &mut |i| {
            deepest = i.depth
        }) {
            Step::Running => {}
            other => panic!("{other:?}"),
        }
    }
    assert!(e.is_searching());
    let r = e.stop(&NoClock).unwrap();
    assert!(r.depth >= 4 && r.depth == deepest, "{} {deepest}", r.depth);
    assert!(game.position().is_legal(r.best_move.unwrap()));
    assert_eq!(r.best_move, Some(r.pv[0]));
    assert_eq!(e.step(Slice::ALL, &NoClock, &stop, &mut |_| {}), Step::Idle);
}

#[test]
fn stepping_without_a_search_is_idle_and_a_search_ends_once() {
    let mut e = Engine::new(1);
    let stop = AtomicBool::new(false);
    assert_eq!(e.step(Slice::ALL, &NoClock, &stop, &mut |_| {}), Step::Idle);
    e.start(&Game::default(), Limits::depth(2));
    assert!(matches!(
        e.step(Slice::ALL, &NoClock, &stop, &mut |_| {}),
        Step::Done(_)
    ));
    assert_eq!(e.step(Slice::ALL, &NoClock, &stop, &mut |_| {}), Step::Idle);
    // The side to move has no move: done at once, with no move.
    let mated = Game::from_fen("3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1").unwrap();
    e.start(&mated, Limits::depth(5));
    match e.step(Slice::nodes(1), &NoClock, &stop, &mut |_| {}) {
        Step::Done(r) => assert_eq!(r.best_move, None),
        other => panic!("{other:?}"),
    }
}
