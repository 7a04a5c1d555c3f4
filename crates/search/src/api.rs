//! The types of the engine's API: when to stop ([`Limits`]), what stays with the engine ([`SearchOptions`]),
//! progress reports ([`SearchInfo`]) and results ([`SearchResult`], [`PvLine`]).

use super::score::Score;
use super::time;
use xiangqi::Move;

/// When to stop searching. Several limits may be combined; the first reached stops the search. With no
/// limit at all the search runs to [`MAX_PLY`](super::MAX_PLY) or until the stop flag is raised.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (plies, not counting extensions).
    pub depth: Option<u32>,
    /// Node budget (counted in the main search and quiescence).
    pub nodes: Option<u64>,
    /// Hard time limit in milliseconds: the search stops when it is reached.
    pub time_ms: Option<u64>,
    /// Soft time limit: no new iteration starts after it.
    pub soft_time_ms: Option<u64>,
    /// Search until stopped (no early exit on a found mate or a single legal move).
    pub infinite: bool,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search about `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Use `ms` milliseconds: iterations go on until the time is up, and a move from the unfinished last
    /// iteration is played when it searched deeper and scored better than the last finished one.
    pub fn movetime(ms: u64) -> Limits {
        let (hard, soft) = time::plan_movetime(ms);
        Limits {
            time_ms: Some(hard),
            soft_time_ms: soft,
            ..Limits::default()
        }
    }

    /// A move in a game with a clock: `time_ms` left on the side to move's clock, `increment_ms` added per
    /// move, `moves_to_go` moves to the next time control (`None`: sudden death). How much of it the move
    /// gets is [`time::plan_clock`]'s decision.
    pub fn clock(time_ms: u64, increment_ms: u64, moves_to_go: Option<u64>) -> Limits {
        let (hard, soft) = time::plan_clock(time_ms, increment_ms, moves_to_go);
        Limits {
            time_ms: Some(hard),
            soft_time_ms: Some(soft),
            ..Limits::default()
        }
    }

    /// What a caller that asks for no limit at all gets: [`time::DEFAULT_MOVETIME_MS`] of thinking.
    pub fn default_time() -> Limits {
        Limits::movetime(time::DEFAULT_MOVETIME_MS)
    }
}

/// How much more one [`Engine::step`](super::Engine::step) of a search may do: milliseconds (on the
/// search's clock) and / or nodes. The search's own limits still apply; a slice only makes the step return
/// sooner, [`Step::Running`], so that the caller can look at its messages and step again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slice {
    /// At most this many more milliseconds.
    pub ms: Option<u64>,
    /// At most about this many more nodes.
    pub nodes: Option<u64>,
}

impl Slice {
    /// No slice: the step runs until the search is over.
    pub const ALL: Slice = Slice {
        ms: None,
        nodes: None,
    };

    /// At most `ms` more milliseconds.
    pub fn millis(ms: u64) -> Slice {
        Slice {
            ms: Some(ms),
            nodes: None,
        }
    }

    /// At most about `nodes` more nodes.
    pub fn nodes(nodes: u64) -> Slice {
        Slice {
            ms: None,
            nodes: Some(nodes),
        }
    }

    /// Where the slice ends, for a step that begins `now_ms` into the search with `nodes` searched.
    pub(super) fn end(self, now_ms: u64, nodes: u64) -> SliceEnd {
        SliceEnd {
            ms: self.ms.map(|ms| time::slice_end(now_ms, ms)),
            nodes: self.nodes.map(|n| nodes.saturating_add(n.max(1))),
        }
    }
}

/// How far one step of a search may go: the slice's end in the search's own time (milliseconds since its
/// start, on the injected clock) and in nodes, over every slice so far. `None`: no end of its own (the
/// search's limits still apply).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SliceEnd {
    pub(super) ms: Option<u64>,
    pub(super) nodes: Option<u64>,
}

/// What one [`Engine::step`](super::Engine::step) came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The slice ended before the search: step again to go on (or [`Engine::stop`](super::Engine::stop)).
    Running,
    /// The search is over: its result. The engine has no search under way any more.
    Done(SearchResult),
    /// There was no search under way: none was started, or the last one already returned its result.
    Idle,
}

/// Options that stay with the engine between searches. The rules of the game searched (its rule set, its
/// move limit) are not among them: the search reads them from the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Number of best lines to report (1 = normal play).
    pub multi_pv: usize,
    /// −10 (a novice: a random move among those that do not lose much at one ply) to 20 (full strength, no
    /// randomness); see [`skill`](super::skill).
    pub skill_level: i8,
    /// Seed of the generator that weaker skill levels use: same seed, same choices.
    pub seed: u64,
    /// Evaluate with the engine's network when it has one (the default). `false`: the hand-tuned evaluation
    /// for this search even so — for play measured with it (the app's weaker levels), or to compare the two.
    pub use_network: bool,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            multi_pv: 1,
            skill_level: 20,
            seed: 0x5EED,
            use_network: true,
        }
    }
}

/// Progress of a search: sent after each completed iteration, once per principal variation.
#[derive(Clone, Copy, Debug)]
pub struct SearchInfo<'a> {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// 1 for the best line, 2 for the second best, ...
    pub multipv: usize,
    /// Score of this line from the side to move's view.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the start, from the injected clock.
    pub time_ms: u64,
    /// The line.
    pub pv: &'a [Move],
}

/// One of the best lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// Its score.
    pub score: Score,
    /// Its moves, the first being the candidate move.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move (it is mated or stalemated).
    pub best_move: Option<Move>,
    /// Its score.
    pub score: Score,
    /// Last completed iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds, from the injected clock.
    pub time_ms: u64,
    /// Principal variation of the chosen move.
    pub pv: Vec<Move>,
    /// The best lines, best first (as many as `multi_pv`, or more at weaker skill levels).
    pub lines: Vec<PvLine>,
}
