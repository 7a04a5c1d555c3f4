//! Time management, in one place: how a time budget becomes hard and soft limits, and when the search
//! stops.
//!
//! Two rules. A fixed time per move ([`Limits::movetime`](super::Limits::movetime), UCI `go movetime`) is
//! used whole: iterations go on until the hard limit, and the unfinished last iteration still counts — a root
//! move it searched to its full depth and scored above the first one is played (measured: the 3/5 soft
//! limit, with the unfinished iteration thrown away, played moves from iterations finished at a fifth to a
//! half of the time). A game clock (UCI `wtime`/`btime`) plans a share of the time left and starts no new
//! iteration after 3/5 of the plan ([`soft_limit`]), keeping the rest of the hard limit for an iteration
//! already started. With no limit at all a search thinks [`DEFAULT_MOVETIME_MS`].
//!
//! A search run in slices ([`Engine::step`](super::Engine::step), as the Web Worker does to stay
//! responsive) keeps these rules: its time counts from its start, over every slice, and a slice only
//! ends a step sooner ([`slice_end`], [`abort_at`]).

/// The thinking time of a search asked for with no limit at all (the wasm `Engine`, `game.hint()`, the
/// worker): one second.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

/// No new iteration starts once this share of the planned time has passed: 3/5.
#[inline]
pub const fn soft_limit(planned_ms: u64) -> u64 {
    planned_ms * 3 / 5
}

/// The hard and soft limits for a fixed time per move of `ms` milliseconds: all of it, no soft limit.
pub const fn plan_movetime(ms: u64) -> (u64, Option<u64>) {
    (if ms == 0 { 1 } else { ms }, None)
}

/// The hard and soft limits for a game clock: `time` milliseconds left, `inc` added per move, `moves_to_go`
/// moves to the next time control (at most 30 are planned for). The move is planned to take an even share
/// of the time plus 3/4 of the increment; the hard limit allows three times that, but never more than a
/// third of the time left (plus half the increment), less 10 ms for the reply.
pub fn plan_clock(time: u64, inc: u64, moves_to_go: Option<u64>) -> (u64, u64) {
    let budget = time / moves_to_go.unwrap_or(30).min(30) + inc * 3 / 4;
    let hard = (budget * 3).min(time / 3 + inc / 2).max(1);
    let planned = budget.min(hard);
    (hard.saturating_sub(10).max(1), soft_limit(planned))
}

/// Whether the search must stop now, `elapsed_ms` after it started, under the hard limit `hard_ms`
/// (checked during an iteration).
#[inline]
pub(super) fn past_hard_limit(hard_ms: u64, elapsed_ms: u64) -> bool {
    elapsed_ms >= hard_ms
}

/// The end of a slice of `slice_ms` that starts `now_ms` into the search (a slice is at least 1 ms).
#[inline]
pub(super) fn slice_end(now_ms: u64, slice_ms: u64) -> u64 {
    now_ms.saturating_add(slice_ms.max(1))
}

/// When a step of the search aborts: at the hard limit or at the end of the step's slice, whichever comes
/// first (`None`: neither).
#[inline]
pub(super) fn abort_at(hard_ms: Option<u64>, slice_end_ms: Option<u64>) -> Option<u64> {
    match (hard_ms, slice_end_ms) {
        (Some(h), Some(s)) => Some(h.min(s)),
        (h, s) => h.or(s),
    }
}

/// Whether a new iteration may start `elapsed_ms` after the search started (checked between iterations):
/// not once the soft limit (or, without one, the hard limit) has passed.
#[inline]
pub(super) fn may_start_iteration(
    soft_ms: Option<u64>,
    hard_ms: Option<u64>,
    elapsed_ms: u64,
) -> bool {
    soft_ms.or(hard_ms).map_or(true, |soft| elapsed_ms < soft)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soft_limit_is_three_fifths_of_the_plan() {
        assert_eq!(soft_limit(1000), 600);
        // 60 s left, no increment: 2 s planned, hard limit 6 s less 10 ms, soft 1.2 s.
        assert_eq!(plan_clock(60_000, 0, None), (5990, 1200));
        // Little time left: the hard limit is a third of it.
        let (hard, soft) = plan_clock(3000, 0, Some(1));
        assert_eq!((hard, soft), (990, 600));
        assert!(may_start_iteration(Some(soft), Some(hard), 599));
        assert!(!may_start_iteration(Some(soft), Some(hard), 600));
        assert!(!may_start_iteration(None, Some(hard), 990));
        assert!(may_start_iteration(None, None, u64::MAX));
        assert!(!past_hard_limit(hard, 989));
        assert!(past_hard_limit(hard, 990));
        // A fixed time per move is used whole.
        assert_eq!(plan_movetime(200), (200, None));
        assert_eq!(plan_movetime(0), (1, None));
        assert!(may_start_iteration(None, Some(200), 199));
        assert!(!may_start_iteration(None, Some(200), 200));
    }

    #[test]
    fn a_slice_ends_at_its_own_end_or_the_hard_limit() {
        assert_eq!(slice_end(100, 25), 125);
        assert_eq!(slice_end(100, 0), 101);
        assert_eq!(abort_at(Some(1000), Some(125)), Some(125));
        assert_eq!(abort_at(Some(110), Some(125)), Some(110));
        assert_eq!(abort_at(None, Some(125)), Some(125));
        assert_eq!(abort_at(Some(1000), None), Some(1000));
        assert_eq!(abort_at(None, None), None);
    }
}
