//! The search itself: iterative deepening with aspiration windows over a principal-variation alpha-beta
//! search (table cut-offs, mate-distance pruning, reverse futility, null move, futility, late-move
//! reductions, check extension) and a quiescence search of captures (all evasions in check).
//!
//! Move ordering is in [`super::ordering`], the path with make / unmake and repetitions in [`super::path`],
//! the time rule in [`super::time`]; [`super::engine`] is the public face.

use super::api::{Limits, PvLine, SearchInfo, SearchOptions, SearchResult};
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

/// One search: the engine's tables and options borrowed, the position and path owned.
pub(super) struct Worker<'a> {
    pub(super) tt: &'a mut TranspositionTable,
    pub(super) t: &'a mut Tables,
    pub(super) judge: &'a dyn RepetitionJudge,
    pub(super) options: &'a SearchOptions,
    pub(super) clock: &'a dyn TimeSource,
    pub(super) stop: &'a AtomicBool,
    pub(super) limits: &'a Limits,
    pub(super) pos: Position,
    pub(super) path: SearchPath,
    /// The evaluation's move-by-move terms of the position at each ply of the line searched (index 0: the
    /// root), [`MAX_PLY`] + 1 of them.
    pub(super) material: Vec<Material>,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) aborted: bool,
    pub(super) can_abort: bool,
}

impl Worker<'_> {
    #[inline]
    fn poll(&mut self) {
        if !self.can_abort {
            return;
        }
        if let Some(n) = self.limits.nodes {
            if self.nodes >= n {
                self.aborted = true;
                return;
            }
        }
        if self.nodes & 1023 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self
                    .limits
                    .time_ms
                    .is_some_and(|t| time::past_hard_limit(t, self.clock.elapsed_ms())))
        {
            self.aborted = true;
        }
    }

    pub(super) fn iterate(&mut self, on_info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        let legal = self.pos.legal_moves();
        let skill = self.options.skill_level.min(20);
        if legal.is_empty() {
            return SearchResult {
                best_move: None,
                score: Score::from_internal(mated_in(0)),
                depth: 0,
                seldepth: 0,
                nodes: 0,
                time_ms: self.clock.elapsed_ms(),
                pv: Vec::new(),
                lines: Vec::new(),
            };
        }
        let tt_move = self.tt.probe(self.pos.hash(), 0).and_then(|h| h.mv);
        let mut root: Vec<RootMove> = ordering::root_order(&self.pos, &self.t.order, tt_move)
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITE,
                prev_score: -INFINITE,
                pv: vec![mv],
            })
            .collect();
        let mut multi_pv = self.options.multi_pv.max(1);
        if skill < 20 {
            multi_pv = multi_pv.max(4);
        }
        let multi_pv = multi_pv.min(root.len());
        let mut max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        if skill < 20 {
            max_depth = max_depth.min(skill::depth_cap(skill));
        }
        let mut completed: Vec<RootMove> = Vec::new();
        let mut completed_depth = 0;
        let mut completed_seldepth = 0;
        for depth in 1..=max_depth {
            for pv_idx in 0..multi_pv {
                self.seldepth = 0;
                let prev = root[pv_idx].prev_score;
                let mut delta = 30;
                let (mut alpha, mut beta) = if depth >= 5 && prev.abs() < MATE_BOUND {
                    (prev - delta, prev + delta)
                } else {
                    (-INFINITE, INFINITE)
                };
                loop {
                    let s = self.root_search(&mut root, depth as i32, alpha, beta, pv_idx);
                    root[pv_idx..].sort_by_key(|r| core::cmp::Reverse(r.score));
                    if self.aborted {
                        break;
                    }
                    if s <= alpha && alpha > -INFINITE {
                        beta = (alpha + beta) / 2;
                        alpha = (s - delta).max(-INFINITE);
                    } else if s >= beta && beta < INFINITE {
                        beta = (s + delta).min(INFINITE);
                    } else {
                        break;
                    }
                    delta *= 2;
                    if delta > 800 {
                        alpha = -INFINITE;
                        beta = INFINITE;
                    }
                }
                if self.aborted {
                    break;
                }
                completed_seldepth = completed_seldepth.max(self.seldepth);
            }
            if self.aborted {
                // A root move searched to the full depth of the unfinished iteration and scored above the
                // first one is better founded than the last finished iteration's choice: take it.
                if multi_pv == 1
                    && skill >= 20
                    && root[0].score > -INFINITE
                    && completed.first().is_some_and(|c| c.mv != root[0].mv)
                {
                    completed[0] = root[0].clone();
                }
                break;
            }
            root[..multi_pv].sort_by_key(|r| core::cmp::Reverse(r.score));
            for r in root.iter_mut() {
                r.prev_score = r.score;
            }
            completed = root[..multi_pv].to_vec();
            completed_depth = depth;
            let time_ms = self.clock.elapsed_ms();
            for (i, line) in completed.iter().enumerate() {
                on_info(&SearchInfo {
                    depth,
                    seldepth: completed_seldepth as u32,
                    multipv: i + 1,
                    score: Score::from_internal(line.score),
                    nodes: self.nodes,
                    time_ms,
                    pv: &line.pv,
                });
            }
            self.can_abort = true;
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            if !time::may_start_iteration(self.limits.soft_time_ms, self.limits.time_ms, time_ms) {
                break;
            }
            if let Some(n) = self.limits.nodes {
                if self.nodes >= n {
                    break;
                }
            }
            if !self.limits.infinite {
                let best = completed[0].score;
                if best.abs() >= MATE_BOUND && depth as i32 >= (MATE - best.abs()) + 4 {
                    break;
                }
                if root.len() == 1 && self.limits.depth.is_none() {
                    break;
                }
            }
        }
        let pick = if skill < 20 {
            let scores: Vec<i32> = completed.iter().map(|r| r.score).collect();
            skill::pick(&scores, skill, self.options.seed ^ self.pos.hash())
        } else {
            0
        };
        let chosen = &completed[pick];
        SearchResult {
            best_move: Some(chosen.mv),
            score: Score::from_internal(chosen.score),
            depth: completed_depth,
            seldepth: completed_seldepth as u32,
            nodes: self.nodes,
            time_ms: self.clock.elapsed_ms(),
            pv: chosen.pv.clone(),
            lines: completed
                .iter()
                .map(|r| PvLine {
                    score: Score::from_internal(r.score),
                    pv: r.pv.clone(),
                })
                .collect(),
        }
    }

    /// Searches the root moves from `pv_idx` on; records each move's score (−∞ when it failed low) and PV.
    fn root_search(
        &mut self,
        root: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        pv_idx: usize,
    ) -> i32 {
        let mut best = -INFINITE;
        for r in root[pv_idx..].iter_mut() {
            r.score = -INFINITE;
        }
        #[allow(clippy::needless_range_loop)]
        for i in pv_idx..root.len() {
            let m = root[i].mv;
            self.nodes += 1;
            self.material[1] = self.material[0].after(self.pos.board(), m);
            let undo = self.path.make(&mut self.pos, m);
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
            self.path.unmake(&mut self.pos, m, undo);
            if self.aborted {
                return best;
            }
            if i == pv_idx || score > alpha {
                root[i].score = score;
                let mut pv = Vec::with_capacity(self.t.pv_len[1] + 1);
                pv.push(m);
                let len = self.t.pv_len[1];
                pv.extend_from_slice(&self.t.pv[PV_STRIDE + 1..PV_STRIDE + len.max(1)]);
                root[i].pv = pv;
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
        let key = self.pos.hash();
        if let Some(r) = root.get(pv_idx) {
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
        let b = self.pos.board();
        let own = b.by_color(self.pos.turn());
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
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if let Some(s) = self.path.repetition(&self.pos, self.judge, ply) {
            return s;
        }
        // The move limit (0: none) draws, unless the side to move has no move: mate or stalemate first.
        if self.options.move_limit > 0 && self.pos.halfmoves() >= self.options.move_limit {
            return if self.pos.has_legal_move() {
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
        let in_check = self.path.last_gave_check();
        debug_assert_eq!(in_check, self.pos.is_check());
        if in_check {
            depth += 1; // check extension
        }
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        self.nodes += 1;
        self.poll();
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate_with(&self.pos, &self.material[ply]);
        }
        let key = self.pos.hash();
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
            evaluate_with(&self.pos, &self.material[ply])
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
            self.material[ply + 1] = self.material[ply];
            self.path.make_null(&mut self.pos);
            let s = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false, false);
            self.path.unmake_null(&mut self.pos);
            if self.aborted {
                return 0;
            }
            if s >= beta {
                return if s >= MATE_BOUND { beta } else { s };
            }
        }
        let moves = self.pos.legal_moves();
        if moves.is_empty() {
            return mated_in(ply); // checkmate or stalemate: both lose
        }
        let mut picker = MovePicker::new(&moves, &self.pos, &self.t.order, tt_move, ply);
        let mut best = -INFINITE;
        let mut best_move = None;
        let orig_alpha = alpha;
        let mut tried_quiets: [(usize, Move); 64] = [(0, moves[0]); 64];
        let mut n_quiets = 0;
        let killers = self.t.order.killers(ply);
        let mut k = 0;
        for m in picker.by_ref() {
            let capture = self.pos.is_capture(m);
            let piece = self.pos.board().piece_at(m.from).map_or(0, |p| p.index());
            self.material[ply + 1] = self.material[ply].after(self.pos.board(), m);
            let undo = self.path.make(&mut self.pos, m);
            let gives_check = self.path.last_gave_check();
            let quiet = !capture && !gives_check;
            // Futility: a quiet move near the leaves that cannot lift the score to alpha.
            if !pv_node
                && !in_check
                && quiet
                && k > 0
                && depth <= 2
                && static_eval + 150 * depth <= alpha
            {
                self.path.unmake(&mut self.pos, m, undo);
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
            self.path.unmake(&mut self.pos, m, undo);
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
        self.nodes += 1;
        self.poll();
        if self.aborted {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate_with(&self.pos, &self.material[ply]);
        }
        let in_check = self.pos.is_check();
        let stand = if in_check {
            -INFINITE
        } else {
            let stand = evaluate_with(&self.pos, &self.material[ply]);
            if stand >= beta {
                return stand;
            }
            if stand > alpha {
                alpha = stand;
            }
            stand
        };
        let moves = self.pos.legal_moves_of(if in_check {
            Targets::Evasions
        } else {
            Targets::Captures
        });
        if in_check && moves.is_empty() {
            return mated_in(ply);
        }
        let mut best = stand;
        let mut picker = MovePicker::new(&moves, &self.pos, &self.t.order, None, ply);
        for m in picker.by_ref() {
            if !in_check {
                // Delta pruning: even winning this piece for free does not reach alpha.
                let victim = self
                    .pos
                    .board()
                    .piece_at(m.to)
                    .map_or(0, |p| VALUES[p.role.index()]);
                if stand + victim + 200 <= alpha {
                    continue;
                }
            }
            self.material[ply + 1] = self.material[ply].after(self.pos.board(), m);
            let undo = self.pos.play_unchecked(m);
            let score = -self.qsearch(-beta, -alpha, ply + 1);
            self.pos.undo(m, undo);
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
