//! The search itself: iterative deepening with aspiration windows over a principal-variation alpha-beta
//! search (table cut-offs, mate-distance pruning, reverse futility, null move, futility, late-move
//! reductions, check extension) and a quiescence search of captures (all evasions in check).
//!
//! Move ordering is in [`super::ordering`], the path with make / unmake and repetitions in [`super::path`],
//! the time rule in [`super::time`]; [`super::engine`] is the public face.

use super::api::{Limits, PvLine, SearchInfo, SearchOptions, SearchResult, SliceEnd};
use super::eval::{evaluate_with, Material, VALUES};
use super::ordering::{self, MovePicker, OrderTables};
use super::path::SearchPath;
use super::repetition::RepetitionJudge;
use super::score::{mate_in, mated_in, Score, INFINITE, MATE, MATE_BOUND, MAX_PLY};
use super::skill;
use super::time;
use super::tt::{Bound, TranspositionTable};
use super::TimeSource;
use core::sync::atomic::{AtomicBool, Ordering};
use xiangqi::{Move, Position, Role, Targets};

const PV_STRIDE: usize = MAX_PLY + 1;
const LMR_SIZE: usize = 64;

/// Tables that live between searches: move ordering, the principal variations, late-move reductions.
pub(super) struct Tables {
    pub(super) order: OrderTables,
    pv: Vec<Move>,
    pv_len: Vec<usize>,
    lmr: Vec<u8>,
}

/// What the principal-variation table holds where no line was written yet (never read: each line has its
/// length). Built at compile time, so a bad square is a build error, not a panic.
const PV_FILLER: Move = match (xiangqi::Square::new(0), xiangqi::Square::new(1)) {
    (Some(a0), Some(b0)) => Move::new(a0, b0),
    _ => panic!("a0 and b0 are squares"),
};

impl Tables {
    pub(super) fn new() -> Tables {
        let mut lmr = vec![0u8; LMR_SIZE * LMR_SIZE];
        for d in 1..LMR_SIZE {
            for m in 1..LMR_SIZE {
                let r = 0.75 + (d as f64).ln() * (m as f64).ln() / 2.25;
                lmr[d * LMR_SIZE + m] = r.max(0.0) as u8;
            }
        }
        Tables {
            order: OrderTables::new(),
            pv: vec![PV_FILLER; PV_STRIDE * PV_STRIDE],
            pv_len: vec![0; PV_STRIDE + 1],
            lmr,
        }
    }

    pub(super) fn clear(&mut self) {
        self.order.clear();
    }
}

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    prev_score: i32,
    pv: Vec<Move>,
}

/// The aspiration window of the line being searched in the current iteration.
#[derive(Clone, Copy, Debug)]
struct Window {
    alpha: i32,
    beta: i32,
    delta: i32,
}

/// Where a root search that a slice interrupted goes on: the root move to search again, and the root
/// search's bound and best score at that point.
#[derive(Clone, Copy, Debug)]
struct RootResume {
    next: usize,
    alpha: i32,
    best: i32,
}

/// One search from its start to its result: the position and path (owned, built once from the game), the
/// limits, and the state of iterative deepening, so that the search can run in slices
/// ([`Engine::step`](super::Engine::step)) and go on where the last slice stopped.
pub(super) struct Session {
    limits: Limits,
    pos: Position,
    path: SearchPath,
    /// The evaluation's move-by-move terms of the position at each ply of the line searched (index 0: the
    /// root), [`MAX_PLY`] + 1 of them.
    material: Vec<Material>,
    /// The neural evaluation, when the engine has a network: the network and its accumulators along the
    /// line searched (used instead of the hand-tuned evaluation).
    #[cfg(feature = "nnue")]
    nnue: Option<(
        std::sync::Arc<crate::nnue::Network>,
        crate::nnue::AccumulatorStack,
    )>,
    /// Plies without a capture after which a node is a draw (the game's move limit; 0: none).
    move_limit: u32,
    nodes: u64,
    seldepth: usize,
    can_abort: bool,
    /// The root moves, set up by the first step.
    root: Vec<RootMove>,
    started: bool,
    multi_pv: usize,
    max_depth: u32,
    /// The iteration under way, and its line.
    depth: u32,
    pv_idx: usize,
    window: Option<Window>,
    resume: Option<RootResume>,
    completed: Vec<RootMove>,
    completed_depth: u32,
    completed_seldepth: usize,
    result: Option<SearchResult>,
}

impl Session {
    /// A search of `pos`, the last position of `path`.
    pub(super) fn new(
        pos: Position,
        path: SearchPath,
        move_limit: u32,
        limits: Limits,
        #[cfg(feature = "nnue")] net: Option<std::sync::Arc<crate::nnue::Network>>,
    ) -> Session {
        let mut material = vec![Material::default(); MAX_PLY + 1];
        material[0] = Material::of(pos.board());
        #[cfg(feature = "nnue")]
        let nnue = net.map(|net| {
            let mut stack = crate::nnue::AccumulatorStack::new(&net, MAX_PLY + 1);
            stack.refresh(&net, 0, &pos);
            (net, stack)
        });
        Session {
            limits,
            pos,
            path,
            material,
            #[cfg(feature = "nnue")]
            nnue,
            move_limit,
            nodes: 0,
            seldepth: 0,
            can_abort: false,
            root: Vec::new(),
            started: false,
            multi_pv: 1,
            max_depth: 1,
            depth: 1,
            pv_idx: 0,
            window: None,
            resume: None,
            completed: Vec::new(),
            completed_depth: 0,
            completed_seldepth: 0,
            result: None,
        }
    }

    /// Whether at least one iteration completed (so the search can end now with a move).
    pub(super) fn has_move(&self) -> bool {
        !self.completed.is_empty()
    }

    /// Nodes searched so far, over every slice.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The evaluation's move-by-move terms at `ply + 1` after `m`, to be played from the position at `ply`
    /// (called before the move is made).
    #[inline]
    fn child(&mut self, ply: usize, m: Move) {
        self.material[ply + 1] = self.material[ply].after(self.pos.board(), m);
        #[cfg(feature = "nnue")]
        if let Some((net, stack)) = &mut self.nnue {
            stack.push(net, ply, self.pos.board(), m);
        }
    }

    /// [`Session::child`] for a null move: the same terms.
    #[inline]
    fn child_null(&mut self, ply: usize) {
        self.material[ply + 1] = self.material[ply];
        #[cfg(feature = "nnue")]
        if let Some((_, stack)) = &mut self.nnue {
            stack.push_null(ply);
        }
    }

    /// The static evaluation of the position at `ply`: the network's when there is one, else the
    /// hand-tuned one.
    #[inline]
    fn evaluate(&mut self, ply: usize) -> i32 {
        #[cfg(feature = "nnue")]
        if let Some((net, stack)) = &mut self.nnue {
            return crate::eval::scale_nnue(&self.pos, stack.evaluate(net, ply, &self.pos));
        }
        evaluate_with(&self.pos, &self.material[ply])
    }
}

/// One step of a search: the engine's tables and options borrowed, the session moved in (and back out by
/// [`Worker::into_session`]).
pub(super) struct Worker<'a> {
    pub(super) tt: &'a mut TranspositionTable,
    pub(super) t: &'a mut Tables,
    pub(super) judge: &'a dyn RepetitionJudge,
    pub(super) options: &'a SearchOptions,
    pub(super) clock: &'a dyn TimeSource,
    pub(super) stop: &'a AtomicBool,
    s: Session,
    /// The node count at which the search aborts: the node limit or the slice's end, whichever is first.
    node_stop: u64,
    /// The time at which the search aborts: the hard limit or the slice's end, whichever is first.
    time_stop: Option<u64>,
    slice: SliceEnd,
    aborted: bool,
}

impl<'a> Worker<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        tt: &'a mut TranspositionTable,
        t: &'a mut Tables,
        judge: &'a dyn RepetitionJudge,
        options: &'a SearchOptions,
        clock: &'a dyn TimeSource,
        stop: &'a AtomicBool,
        session: Session,
        slice: SliceEnd,
    ) -> Worker<'a> {
        let node_stop = match (session.limits.nodes, slice.nodes) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b).unwrap_or(u64::MAX),
        };
        let time_stop = time::abort_at(session.limits.time_ms, slice.ms);
        Worker {
            tt,
            t,
            judge,
            options,
            clock,
            stop,
            s: session,
            node_stop,
            time_stop,
            slice,
            aborted: false,
        }
    }

    /// The session, to keep until the next step.
    pub(super) fn into_session(self) -> Session {
        self.s
    }

    #[inline]
    fn poll(&mut self) {
        if !self.s.can_abort {
            return;
        }
        if self.s.nodes >= self.node_stop {
            self.aborted = true;
            return;
        }
        if self.s.nodes & 1023 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self
                    .time_stop
                    .is_some_and(|t| time::past_hard_limit(t, self.clock.elapsed_ms())))
        {
            self.aborted = true;
        }
    }

    /// Whether the search itself must end (the stop flag, its node limit, its hard time limit), as opposed
    /// to only this slice.
    fn must_end(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.s.limits.nodes.is_some_and(|n| self.s.nodes >= n)
            || self
                .s
                .limits
                .time_ms
                .is_some_and(|t| time::past_hard_limit(t, self.clock.elapsed_ms()))
    }

    /// Whether this step's slice is used up (checked between iterations).
    fn slice_over(&self) -> bool {
        self.slice.nodes.is_some_and(|n| self.s.nodes >= n)
            || self
                .slice
                .ms
                .is_some_and(|t| time::past_hard_limit(t, self.clock.elapsed_ms()))
    }

    /// Sets up the root moves and the iteration limits (the first step of a search).
    fn begin(&mut self) {
        let s = &mut self.s;
        s.started = true;
        let legal = s.pos.legal_moves();
        if legal.is_empty() {
            s.result = Some(SearchResult {
                best_move: None,
                score: Score::from_internal(mated_in(0)),
                depth: 0,
                seldepth: 0,
                nodes: 0,
                time_ms: self.clock.elapsed_ms(),
                pv: Vec::new(),
                lines: Vec::new(),
            });
            return;
        }
        let skill = self
            .options
            .skill_level
            .clamp(skill::NOVICE_MIN, skill::FULL);
        let tt_move = self.tt.probe(s.pos.hash(), 0).and_then(|h| h.mv);
        s.root = ordering::root_order(&s.pos, &self.t.order, tt_move)
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITE,
                prev_score: -INFINITE,
                pv: vec![mv],
            })
            .collect();
        let mut multi_pv = self.options.multi_pv.max(1);
        if skill < 0 {
            // A novice weighs every move.
            multi_pv = s.root.len();
        } else if skill < 20 {
            multi_pv = multi_pv.max(4);
        }
        s.multi_pv = multi_pv.min(s.root.len());
        let mut max_depth = s
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        if skill < 20 {
            max_depth = max_depth.min(skill::depth_cap(skill));
        }
        s.max_depth = max_depth;
        s.depth = 1;
    }

    /// Runs the search until it is over (`Some(result)`) or this step's slice is used up (`None`: call again
    /// to go on). `on_info` receives progress after each completed iteration.
    pub(super) fn step(&mut self, on_info: &mut dyn FnMut(&SearchInfo)) -> Option<SearchResult> {
        if let Some(r) = &self.s.result {
            return Some(r.clone());
        }
        if !self.s.started {
            self.begin();
            if let Some(r) = &self.s.result {
                return Some(r.clone());
            }
        }
        while self.s.depth <= self.s.max_depth {
            let depth = self.s.depth;
            while self.s.pv_idx < self.s.multi_pv {
                let pv_idx = self.s.pv_idx;
                let mut w = match self.s.window {
                    Some(w) => w,
                    None => {
                        self.s.seldepth = 0;
                        let prev = self.s.root[pv_idx].prev_score;
                        let delta = 30;
                        let (alpha, beta) = if depth >= 5 && prev.abs() < MATE_BOUND {
                            (prev - delta, prev + delta)
                        } else {
                            (-INFINITE, INFINITE)
                        };
                        Window { alpha, beta, delta }
                    }
                };
                self.s.window = Some(w);
                loop {
                    let s = self.root_search(depth as i32, w.alpha, w.beta, pv_idx);
                    if self.aborted {
                        if !self.must_end() {
                            // Only the slice is over: the next step searches this root move again (what the
                            // interrupted search stored in the table comes back at once).
                            return None;
                        }
                        self.s.root[pv_idx..].sort_by_key(|r| core::cmp::Reverse(r.score));
                        return Some(self.finish_interrupted());
                    }
                    self.s.root[pv_idx..].sort_by_key(|r| core::cmp::Reverse(r.score));
                    if s <= w.alpha && w.alpha > -INFINITE {
                        w.beta = (w.alpha + w.beta) / 2;
                        w.alpha = (s - w.delta).max(-INFINITE);
                    } else if s >= w.beta && w.beta < INFINITE {
                        w.beta = (s + w.delta).min(INFINITE);
                    } else {
                        break;
                    }
                    w.delta *= 2;
                    if w.delta > 800 {
                        w.alpha = -INFINITE;
                        w.beta = INFINITE;
                    }
                    self.s.window = Some(w);
                }
                self.s.window = None;
                self.s.completed_seldepth = self.s.completed_seldepth.max(self.s.seldepth);
                self.s.pv_idx += 1;
            }
            // The iteration is complete.
            let s = &mut self.s;
            s.pv_idx = 0;
            let multi_pv = s.multi_pv;
            s.root[..multi_pv].sort_by_key(|r| core::cmp::Reverse(r.score));
            for r in s.root.iter_mut() {
                r.prev_score = r.score;
            }
            s.completed = s.root[..multi_pv].to_vec();
            s.completed_depth = depth;
            let time_ms = self.clock.elapsed_ms();
            for (i, line) in s.completed.iter().enumerate() {
                on_info(&SearchInfo {
                    depth,
                    seldepth: s.completed_seldepth as u32,
                    multipv: i + 1,
                    score: Score::from_internal(line.score),
                    nodes: s.nodes,
                    time_ms,
                    pv: &line.pv,
                });
            }
            s.can_abort = true;
            s.depth += 1;
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            let s = &self.s;
            if !time::may_start_iteration(s.limits.soft_time_ms, s.limits.time_ms, time_ms) {
                break;
            }
            if s.limits.nodes.is_some_and(|n| s.nodes >= n) {
                break;
            }
            if !s.limits.infinite {
                let best = s.completed[0].score;
                if best.abs() >= MATE_BOUND && depth as i32 >= (MATE - best.abs()) + 4 {
                    break;
                }
                if s.root.len() == 1 && s.limits.depth.is_none() {
                    break;
                }
            }
            if s.depth <= s.max_depth && self.slice_over() {
                return None;
            }
        }
        Some(self.finish())
    }

    /// Ends a search whose last iteration was interrupted (by its limits, the stop flag, or a caller that
    /// ends it between slices): a root move searched to the full depth of the unfinished iteration and scored
    /// above the first one is better founded than the last finished iteration's choice: take it.
    fn finish_interrupted(&mut self) -> SearchResult {
        let s = &mut self.s;
        let skill = self
            .options
            .skill_level
            .clamp(skill::NOVICE_MIN, skill::FULL);
        if s.multi_pv == 1
            && skill >= 20
            && s.root[0].score > -INFINITE
            && s.completed.first().is_some_and(|c| c.mv != s.root[0].mv)
        {
            s.completed[0] = s.root[0].clone();
        }
        self.finish()
    }

    /// The result of the search: the best line of the last completed iteration (or, below skill level 20,
    /// one of its lines picked with seeded noise).
    fn finish(&mut self) -> SearchResult {
        let s = &mut self.s;
        let skill = self
            .options
            .skill_level
            .clamp(skill::NOVICE_MIN, skill::FULL);
        let scores = || -> Vec<i32> { s.completed.iter().map(|r| r.score).collect() };
        let seed = self.options.seed ^ s.pos.hash();
        let pick = if skill < 0 {
            skill::pick_novice(&scores(), skill, seed)
        } else if skill < 20 {
            skill::pick(&scores(), skill, seed)
        } else {
            0
        };
        let chosen = &s.completed[pick];
        let r = SearchResult {
            best_move: Some(chosen.mv),
            score: Score::from_internal(chosen.score),
            depth: s.completed_depth,
            seldepth: s.completed_seldepth as u32,
            nodes: s.nodes,
            time_ms: self.clock.elapsed_ms(),
            pv: chosen.pv.clone(),
            lines: s
                .completed
                .iter()
                .map(|r| PvLine {
                    score: Score::from_internal(r.score),
                    pv: r.pv.clone(),
                })
                .collect(),
        };
        s.result = Some(r.clone());
        r
    }

    /// Ends the search now, between two steps: the result of the last completed iteration (with a better move
    /// of the unfinished one, as when the time runs out). A search that has not completed its first iteration
    /// completes it first.
    pub(super) fn end_now(&mut self, on_info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        if let Some(r) = &self.s.result {
            return r.clone();
        }
        if !self.s.has_move() {
            // With the stop flag up (the caller raises it), the first iteration completes and the search ends.
            loop {
                if let Some(r) = self.step(on_info) {
                    return r;
                }
            }
        }
        let from = if self.s.resume.is_some() || self.s.window.is_some() {
            self.s.pv_idx
        } else {
            self.s.root.len()
        };
        self.s.resume = None;
        self.s.window = None;
        let s = &mut self.s;
        if from < s.root.len() {
            s.root[from..].sort_by_key(|r| core::cmp::Reverse(r.score));
            self.finish_interrupted()
        } else {
            self.finish()
        }
    }

    /// Searches the root moves from `pv_idx` on; records each move's score (−∞ when it failed low) and PV.
    /// A root search a slice interrupted goes on from the root move it was searching.
    fn root_search(&mut self, depth: i32, alpha: i32, beta: i32, pv_idx: usize) -> i32 {
        let (first, mut alpha, mut best) = match self.s.resume.take() {
            Some(r) => (r.next, r.alpha, r.best),
            None => {
                for r in self.s.root[pv_idx..].iter_mut() {
                    r.score = -INFINITE;
                }
                (pv_idx, alpha, -INFINITE)
            }
        };
        #[allow(clippy::needless_range_loop)]
        for i in first..self.s.root.len() {
            let m = self.s.root[i].mv;
            self.s.nodes += 1;
            self.s.child(0, m);
            let undo = self.s.path.make(&mut self.s.pos, m);
            let score = if i == pv_idx {
                -self.search(-beta, -alpha, depth - 1, 1, true, true)
            } else {
                let s = -self.search(-alpha - 1, -alpha, depth - 1, 1, false, true);
                if s > alpha && s < beta && !self.aborted {
                    -self.search(-beta, -alpha, depth - 1, 1, true, true)
                } else {
                    s
                }
            };
            self.s.path.unmake(&mut self.s.pos, m, undo);
            if self.aborted {
                self.s.resume = Some(RootResume {
                    next: i,
                    alpha,
                    best,
                });
                return best;
            }
            if i == pv_idx || score > alpha {
                self.s.root[i].score = score;
                let mut pv = Vec::with_capacity(self.t.pv_len[1] + 1);
                pv.push(m);
                let len = self.t.pv_len[1];
                pv.extend_from_slice(&self.t.pv[PV_STRIDE + 1..PV_STRIDE + len.max(1)]);
                self.s.root[i].pv = pv;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        let key = self.s.pos.hash();
        if let Some(r) = self.s.root.get(pv_idx) {
            if pv_idx == 0 && r.score > -INFINITE {
                self.tt
                    .store(key, 0, Some(r.mv), r.score, depth, Bound::Exact);
            }
        }
        best
    }

    /// Whether the side to move has enough material for a null move to be safe from zugzwang: a chariot, or
    /// two of horses and cannons.
    fn null_ok(&self) -> bool {
        let b = self.s.pos.board();
        let own = b.by_color(self.s.pos.turn());
        let r = (own & b.by_role(Role::Chariot)).count();
        let hc = (own & (b.by_role(Role::Horse) | b.by_role(Role::Cannon))).count();
        r >= 1 || hc >= 2
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        pv_node: bool,
        allow_null: bool,
    ) -> i32 {
        self.t.pv_len[ply] = ply;
        if ply > self.s.seldepth {
            self.s.seldepth = ply;
        }
        if let Some(s) = self.s.path.repetition(&self.s.pos, self.judge, ply) {
            return s;
        }
        // The move limit (0: none) draws, unless the side to move has no move: mate or stalemate first.
        if self.s.move_limit > 0 && self.s.pos.halfmoves() >= self.s.move_limit {
            return if self.s.pos.has_legal_move() {
                0
            } else {
                mated_in(ply)
            };
        }
        // Mate-distance pruning: no line from here beats a mate already found closer to the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        // The path knows: search runs below the root, after make or make_null, which tested for check
        // (quiescence plays its captures without the path, so it asks the position).
        let in_check = self.s.path.last_gave_check();
        debug_assert_eq!(in_check, self.s.pos.is_check());
        if in_check {
            depth += 1; // check extension
        }
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        self.s.nodes += 1;
        self.poll();
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.s.evaluate(ply);
        }
        let key = self.s.pos.hash();
        let hit = self.tt.probe(key, ply);
        let tt_move = hit.and_then(|h| h.mv);
        if let Some(h) = hit {
            if !pv_node && h.depth >= depth {
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score >= beta,
                    Bound::Upper => h.score <= alpha,
                };
                if cut {
                    return h.score;
                }
            }
        }
        // Only the pruning below (never in PV nodes or in check) needs the static score.
        let static_eval = if in_check || pv_node {
            -INFINITE
        } else {
            self.s.evaluate(ply)
        };
        // Reverse futility: far above beta near the leaves, trust the static score.
        if !pv_node
            && !in_check
            && depth <= 3
            && beta.abs() < MATE_BOUND
            && static_eval - 120 * depth >= beta
        {
            return static_eval;
        }
        // Null move: give the opponent a free move; if we still beat beta, cut.
        if !pv_node
            && !in_check
            && allow_null
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && self.null_ok()
        {
            let r = 3 + depth / 6;
            self.s.child_null(ply);
            // `make_null` refuses only in check, which this node is not (`!in_check` above).
            if self.s.path.make_null(&mut self.s.pos) {
                let s = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false, false);
                self.s.path.unmake_null(&mut self.s.pos);
                if self.aborted {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        let moves = self.s.pos.legal_moves();
        if moves.is_empty() {
            return mated_in(ply); // checkmate or stalemate: both lose
        }
        let mut picker = MovePicker::new(&moves, &self.s.pos, &self.t.order, tt_move, ply);
        let mut best = -INFINITE;
        let mut best_move = None;
        let orig_alpha = alpha;
        let mut tried_quiets: [(usize, Move); 64] = [(0, moves[0]); 64];
        let mut n_quiets = 0;
        let killers = self.t.order.killers(ply);
        let mut k = 0;
        for m in picker.by_ref() {
            let capture = self.s.pos.is_capture(m);
            let piece = self.s.pos.board().piece_at(m.from).map_or(0, |p| p.index());
            self.s.child(ply, m);
            let undo = self.s.path.make(&mut self.s.pos, m);
            let gives_check = self.s.path.last_gave_check();
            let quiet = !capture && !gives_check;
            // Futility: a quiet move near the leaves that cannot lift the score to alpha.
            if !pv_node
                && !in_check
                && quiet
                && k > 0
                && depth <= 2
                && static_eval + 150 * depth <= alpha
            {
                self.s.path.unmake(&mut self.s.pos, m, undo);
                k += 1;
                continue;
            }
            let new_depth = depth - 1;
            let score = if k == 0 {
                -self.search(-beta, -alpha, new_depth, ply + 1, pv_node, true)
            } else {
                let mut r = 0;
                if depth >= 3
                    && quiet
                    && !in_check
                    && k >= 3
                    && Some(m) != killers[0]
                    && Some(m) != killers[1]
                {
                    r = self.t.lmr
                        [(depth as usize).min(LMR_SIZE - 1) * LMR_SIZE + k.min(LMR_SIZE - 1)]
                        as i32;
                    if pv_node {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false, true);
                if s > alpha && r > 0 && !self.aborted {
                    s = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false, true);
                }
                if s > alpha && s < beta && pv_node && !self.aborted {
                    s = -self.search(-beta, -alpha, new_depth, ply + 1, true, true);
                }
                s
            };
            self.s.path.unmake(&mut self.s.pos, m, undo);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if !capture {
                            self.t.order.update_quiet_stats(
                                m,
                                piece,
                                ply,
                                depth,
                                &tried_quiets[..n_quiets],
                            );
                        }
                        break;
                    }
                }
            }
            if !capture && n_quiets < tried_quiets.len() {
                tried_quiets[n_quiets] = (piece, m);
                n_quiets += 1;
            }
            k += 1;
        }
        if best == -INFINITE {
            // Every move was pruned by futility: fail low with the static score.
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, best_move, best, depth, bound);
        best
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.t.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.t.pv.split_at_mut((ply + 1) * PV_STRIDE);
        let row = &mut head[ply * PV_STRIDE..];
        row[ply] = m;
        row[ply + 1..child_len].copy_from_slice(&tail[ply + 1..child_len]);
        self.t.pv_len[ply] = child_len;
    }

    /// Quiescence: captures only (all evasions when in check), until the position is quiet.
    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.t.pv_len[ply] = ply;
        self.s.nodes += 1;
        self.poll();
        if self.aborted {
            return 0;
        }
        if ply > self.s.seldepth {
            self.s.seldepth = ply;
        }
        if ply >= MAX_PLY - 1 {
            return self.s.evaluate(ply);
        }
        let in_check = self.s.pos.is_check();
        let stand = if in_check {
            -INFINITE
        } else {
            let stand = self.s.evaluate(ply);
            if stand >= beta {
                return stand;
            }
            if stand > alpha {
                alpha = stand;
            }
            stand
        };
        let moves = self.s.pos.legal_moves_of(if in_check {
            Targets::Evasions
        } else {
            Targets::Captures
        });
        if in_check && moves.is_empty() {
            return mated_in(ply);
        }
        let mut best = stand;
        let mut picker = MovePicker::new(&moves, &self.s.pos, &self.t.order, None, ply);
        for m in picker.by_ref() {
            if !in_check {
                // Delta pruning: even winning this piece for free does not reach alpha.
                let victim = self
                    .s
                    .pos
                    .board()
                    .piece_at(m.to)
                    .map_or(0, |p| VALUES[p.role.index()]);
                if stand + victim + 200 <= alpha {
                    continue;
                }
            }
            self.s.child(ply, m);
            let undo = self.s.pos.play_unchecked(m);
            let score = -self.qsearch(-beta, -alpha, ply + 1);
            self.s.pos.undo(m, undo);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
