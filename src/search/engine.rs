//! The engine object and the search proper.

use super::eval::{evaluate, VALUES};
use super::repetition::{CycleMove, RepetitionJudge, Verdict};
use super::rules_judge::RulesJudge;
use super::score::{mate_in, mated_in, Score, INFINITE, MATE, MATE_BOUND, MAX_PLY};
use super::skill;
use super::tt::{Bound, TranspositionTable};
use super::Clock;
use crate::rules::adjudication::Options as AdjudicationOptions;
use crate::rules::{Color, Game, Move, MoveList, Position, Role, Targets, MAX_MOVES};
use core::sync::atomic::{AtomicBool, Ordering};

/// When to stop searching. Several limits may be combined; the first reached stops the search. With no
/// limit at all the search runs to [`MAX_PLY`] or until the stop flag is raised.
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

    /// Use at most `ms` milliseconds; no new iteration starts after 60 % of it.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            time_ms: Some(ms),
            soft_time_ms: Some(ms * 3 / 5),
            ..Limits::default()
        }
    }
}

/// Options that stay with the engine between searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Number of best lines to report (1 = normal play).
    pub multi_pv: usize,
    /// 0 (weakest) to 20 (full strength, no randomness).
    pub skill_level: u8,
    /// Seed of the generator that weaker skill levels use: same seed, same choices.
    pub seed: u64,
    /// Plies without a capture after which the game is drawn (RULES.md §4.4; 120 = 60 moves).
    pub move_limit: u32,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            multi_pv: 1,
            skill_level: 20,
            seed: 0x5EED,
            move_limit: 120,
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

/// One position of the game and of the search path.
#[derive(Clone, Copy, Debug)]
struct HistEntry {
    key: u64,
    /// The move that led here (meaningless for the first entry and after a null move).
    mv: Move,
    mover: Color,
    /// Whether that move gave check.
    check: bool,
    /// Whether that move can never be undone (a capture, a soldier's forward step, a null move): no earlier
    /// position can recur.
    irreversible: bool,
}

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    prev_score: i32,
    pv: Vec<Move>,
}

/// Tables that live between searches.
struct Tables {
    history: Vec<i32>,
    killers: Vec<[Option<Move>; 2]>,
    pv: Vec<Move>,
    pv_len: Vec<usize>,
    lmr: Vec<u8>,
    cycle: Vec<CycleMove>,
}

const PV_STRIDE: usize = MAX_PLY + 1;
const LMR_SIZE: usize = 64;

impl Tables {
    fn new() -> Tables {
        let mut lmr = vec![0u8; LMR_SIZE * LMR_SIZE];
        for d in 1..LMR_SIZE {
            for m in 1..LMR_SIZE {
                let r = 0.75 + (d as f64).ln() * (m as f64).ln() / 2.25;
                lmr[d * LMR_SIZE + m] = r.max(0.0) as u8;
            }
        }
        let z = Move::new(
            crate::rules::Square::new(0).unwrap_or_else(|| unreachable!()),
            crate::rules::Square::new(1).unwrap_or_else(|| unreachable!()),
        );
        Tables {
            history: vec![0; 14 * 90],
            killers: vec![[None; 2]; MAX_PLY + 2],
            pv: vec![z; PV_STRIDE * PV_STRIDE],
            pv_len: vec![0; PV_STRIDE + 1],
            lmr,
            cycle: Vec::with_capacity(256),
        }
    }

    fn clear(&mut self) {
        self.history.fill(0);
        self.killers.fill([None; 2]);
    }
}

/// A searcher that keeps its transposition table, history and options between searches.
pub struct Engine {
    tt: TranspositionTable,
    tables: Tables,
    options: SearchOptions,
    judge: Box<dyn RepetitionJudge + Send>,
    /// The adjudication options of the built-in [`RulesJudge`]; `None` after [`Engine::set_judge`].
    judge_options: Option<AdjudicationOptions>,
}

impl core::fmt::Debug for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Engine")
            .field("hash_mb", &self.tt.size_mb())
            .field("options", &self.options)
            .finish()
    }
}

impl Engine {
    /// An engine with a transposition table of `hash_mb` mebibytes, allocated now and never again (until
    /// [`Engine::set_hash_mb`]). Repetitions are ruled by the full adjudicator ([`RulesJudge`]) with the
    /// rule set of the game searched ([`Engine::search`]; AXF for [`Engine::search_position`]).
    pub fn new(hash_mb: usize) -> Engine {
        let options = AdjudicationOptions::default();
        Engine {
            tt: TranspositionTable::new(hash_mb),
            tables: Tables::new(),
            options: SearchOptions::default(),
            judge: Box::new(RulesJudge::new(options)),
            judge_options: Some(options),
        }
    }

    /// Re-allocates the table (clears it).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt.resize(mb);
    }

    /// Replaces the repetition judge (for example with [`PerpetualCheckJudge`](super::PerpetualCheckJudge), which rules perpetual check
    /// only). The engine then keeps this judge whatever the rule set of the game searched.
    pub fn set_judge(&mut self, judge: Box<dyn RepetitionJudge + Send>) {
        self.judge = judge;
        self.judge_options = None;
    }

    /// The options.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Changes the options.
    pub fn set_options(&mut self, options: SearchOptions) {
        self.options = options;
    }

    /// Forgets everything learnt (table, history): a new game. After this, searches are reproducible
    /// regardless of what was searched before.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.tables.clear();
    }

    /// Searches the current position of `game`, taking its history into account for repetitions.
    /// `on_info` receives progress after each completed iteration. Returns the best move found; if stopped
    /// early, the best move of the last completed iteration (the first iteration always completes).
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn Clock,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.tt.new_search();
        // The built-in judge follows the game's rule set.
        if self.judge_options.is_some_and(|o| o != *game.options()) {
            self.judge = Box::new(RulesJudge::new(*game.options()));
            self.judge_options = Some(*game.options());
        }
        // Build the repetition stack: the start position, then one entry per played move.
        let mut stack = Vec::with_capacity(game.history().len() + MAX_PLY + 8);
        let mut pos = game.start().clone();
        stack.push(HistEntry {
            key: pos.hash(),
            mv: Move::new(pos.general(Color::Red), pos.general(Color::Red)),
            mover: pos.turn().other(),
            check: false,
            irreversible: true,
        });
        for pm in game.history() {
            let irreversible = irreversible(&pos, pm.mv);
            let mover = pos.turn();
            pos.play_unchecked(pm.mv);
            stack.push(HistEntry {
                key: pos.hash(),
                mv: pm.mv,
                mover,
                check: pm.check,
                irreversible,
            });
        }
        debug_assert_eq!(pos.hash(), game.position().hash());
        let pos = game.position().clone();
        let mut w = Worker {
            tt: &mut self.tt,
            t: &mut self.tables,
            judge: &*self.judge,
            options: &self.options,
            clock,
            stop,
            limits,
            pos,
            root_index: stack.len() - 1,
            stack,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            can_abort: false,
        };
        w.iterate(on_info)
    }

    /// Searches `position` with no game history.
    pub fn search_position(
        &mut self,
        position: &Position,
        limits: &Limits,
        clock: &dyn Clock,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let game = Game::new(position.clone());
        self.search(&game, limits, clock, stop, on_info)
    }
}

/// Whether `m` (legal in `pos`) can never be undone: a capture or a soldier's forward step (RULES.md §5.2).
fn irreversible(pos: &Position, m: Move) -> bool {
    pos.is_capture(m)
        || (pos
            .board()
            .piece_at(m.from)
            .is_some_and(|p| p.role == Role::Soldier)
            && m.from.file() == m.to.file())
}

struct Worker<'a> {
    tt: &'a mut TranspositionTable,
    t: &'a mut Tables,
    judge: &'a dyn RepetitionJudge,
    options: &'a SearchOptions,
    clock: &'a dyn Clock,
    stop: &'a AtomicBool,
    limits: &'a Limits,
    pos: Position,
    stack: Vec<HistEntry>,
    root_index: usize,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    can_abort: bool,
}

const TT_MOVE_SCORE: i32 = 4_000_000;
const CAPTURE_SCORE: i32 = 2_000_000;
const KILLER_SCORE: [i32; 2] = [1_900_000, 1_800_000];
const HISTORY_MAX: i32 = 1_000_000;

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
        if self.nodes & 1023 == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            } else if let Some(t) = self.limits.time_ms {
                if self.clock.elapsed_ms() >= t {
                    self.aborted = true;
                }
            }
        }
    }

    fn iterate(&mut self, on_info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
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
        let mut scores = [0i32; MAX_MOVES];
        self.score_moves(&legal, &mut scores, tt_move, 0);
        let mut order: Vec<(i32, Move)> = legal
            .iter()
            .enumerate()
            .map(|(i, &m)| (scores[i], m))
            .collect();
        order.sort_by_key(|&(s, m)| (-s, m.iccs_order()));
        let mut root: Vec<RootMove> = order
            .into_iter()
            .map(|(_, mv)| RootMove {
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
            if let Some(soft) = self.limits.soft_time_ms.or(self.limits.time_ms) {
                if time_ms >= soft {
                    break;
                }
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
            let undo = self.make(m);
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
            self.unmake(m, undo);
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

    /// Plays `m` and pushes it on the repetition stack.
    #[inline]
    fn make(&mut self, m: Move) -> crate::rules::Undo {
        let irreversible = irreversible(&self.pos, m);
        let mover = self.pos.turn();
        let undo = self.pos.play_unchecked(m);
        self.stack.push(HistEntry {
            key: self.pos.hash(),
            mv: m,
            mover,
            check: self.pos.is_check(),
            irreversible,
        });
        undo
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: crate::rules::Undo) {
        self.stack.pop();
        self.pos.undo(m, undo);
    }

    /// The score of the current node if it repeats an earlier position (RULES.md §5): once within the search
    /// or at the root, or twice before the root.
    fn repetition(&mut self, ply: usize) -> Option<i32> {
        let n = self.stack.len() - 1;
        let key = self.stack[n].key;
        let mut i = n;
        let mut before_root = 0;
        while i >= 2 {
            if self.stack[i].irreversible || self.stack[i - 1].irreversible {
                return None;
            }
            i -= 2;
            if self.stack[i].key == key {
                if i >= self.root_index {
                    return Some(self.rule_cycle(i, ply));
                }
                before_root += 1;
                if before_root == 2 {
                    return Some(self.rule_cycle(i, ply));
                }
            }
        }
        None
    }

    fn rule_cycle(&mut self, from: usize, ply: usize) -> i32 {
        self.t.cycle.clear();
        for e in &self.stack[from + 1..] {
            self.t.cycle.push(CycleMove {
                mv: e.mv,
                mover: e.mover,
                check: e.check,
            });
        }
        match self.judge.judge(&self.pos, &self.t.cycle) {
            Verdict::Draw => 0,
            Verdict::Loses(c) if c == self.pos.turn() => mated_in(ply),
            Verdict::Loses(_) => mate_in(ply),
        }
    }

    /// Orders `moves`: the table move, captures by most valuable victim / least valuable attacker, killers,
    /// then quiet moves by history.
    fn score_moves(
        &self,
        moves: &MoveList,
        scores: &mut [i32; MAX_MOVES],
        tt_move: Option<Move>,
        ply: usize,
    ) {
        let b = self.pos.board();
        let killers = self.t.killers[ply];
        for (i, &m) in moves.iter().enumerate() {
            scores[i] = if Some(m) == tt_move {
                TT_MOVE_SCORE
            } else if let Some(victim) = b.piece_at(m.to) {
                let attacker = b.piece_at(m.from).map_or(0, |p| VALUES[p.role.index()]);
                CAPTURE_SCORE + VALUES[victim.role.index()] * 16 - attacker / 16
            } else if Some(m) == killers[0] {
                KILLER_SCORE[0]
            } else if Some(m) == killers[1] {
                KILLER_SCORE[1]
            } else {
                let p = b.piece_at(m.from).map_or(0, |p| p.index());
                self.t.history[p * 90 + m.to.index()]
            };
        }
    }

    fn update_quiet_stats(
        &mut self,
        m: Move,
        piece: usize,
        ply: usize,
        depth: i32,
        tried: &[(usize, Move)],
    ) {
        let k = &mut self.t.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = (depth * depth).min(400);
        let h = &mut self.t.history;
        let idx = piece * 90 + m.to.index();
        h[idx] += bonus * 32 - h[idx] * bonus / 512;
        h[idx] = h[idx].min(HISTORY_MAX);
        for &(p, q) in tried {
            let idx = p * 90 + q.to.index();
            h[idx] -= bonus * 32 + h[idx] * bonus / 512;
            h[idx] = h[idx].max(-HISTORY_MAX);
        }
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
        if let Some(s) = self.repetition(ply) {
            return s;
        }
        if self.pos.halfmoves() >= self.options.move_limit {
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
        let in_check = self.pos.is_check();
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
            return evaluate(&self.pos);
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
            evaluate(&self.pos)
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
            self.pos
                .pass()
                .unwrap_or_else(|_| unreachable!("not in check"));
            self.stack.push(HistEntry {
                key: self.pos.hash(),
                mv: Move::new(self.pos.general(Color::Red), self.pos.general(Color::Red)),
                mover: self.pos.turn().other(),
                check: false,
                irreversible: true,
            });
            let s = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false, false);
            self.stack.pop();
            // The side now to move was the side not to move before the pass: never in check.
            self.pos
                .pass()
                .unwrap_or_else(|_| unreachable!("never in check"));
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
        let mut scores = [0i32; MAX_MOVES];
        self.score_moves(&moves, &mut scores, tt_move, ply);
        let mut order: [u8; MAX_MOVES] = [0; MAX_MOVES];
        for (i, o) in order.iter_mut().enumerate().take(moves.len()) {
            *o = i as u8;
        }
        let n = moves.len();
        let mut best = -INFINITE;
        let mut best_move = None;
        let orig_alpha = alpha;
        let mut tried_quiets: [(usize, Move); 64] = [(0, moves[0]); 64];
        let mut n_quiets = 0;
        let killers = self.t.killers[ply];
        for k in 0..n {
            pick_best(&mut order[..n], &scores, k);
            let m = moves[order[k] as usize];
            let capture = self.pos.is_capture(m);
            let piece = self.pos.board().piece_at(m.from).map_or(0, |p| p.index());
            let undo = self.make(m);
            let gives_check = self.stack.last().is_some_and(|e| e.check);
            let quiet = !capture && !gives_check;
            // Futility: a quiet move near the leaves that cannot lift the score to alpha.
            if !pv_node
                && !in_check
                && quiet
                && k > 0
                && depth <= 2
                && static_eval + 150 * depth <= alpha
            {
                self.unmake(m, undo);
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
            self.unmake(m, undo);
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
                            self.update_quiet_stats(
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
            return evaluate(&self.pos);
        }
        let in_check = self.pos.is_check();
        let moves;
        let mut best;
        let stand;
        if in_check {
            moves = self.pos.legal_moves_of(Targets::Evasions);
            if moves.is_empty() {
                return mated_in(ply);
            }
            best = -INFINITE;
            stand = -INFINITE;
        } else {
            stand = evaluate(&self.pos);
            if stand >= beta {
                return stand;
            }
            if stand > alpha {
                alpha = stand;
            }
            best = stand;
            moves = self.pos.legal_moves_of(Targets::Captures);
        }
        let mut scores = [0i32; MAX_MOVES];
        self.score_moves(&moves, &mut scores, None, ply);
        let n = moves.len();
        let mut order: [u8; MAX_MOVES] = [0; MAX_MOVES];
        for (i, o) in order.iter_mut().enumerate().take(n) {
            *o = i as u8;
        }
        for k in 0..n {
            pick_best(&mut order[..n], &scores, k);
            let m = moves[order[k] as usize];
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

/// Selection sort step: brings the best-scored remaining move (indices in `order[k..]`) to position `k`.
/// Moves are tried one at a time and a cut-off usually comes early, so sorting lazily is cheaper.
#[inline]
fn pick_best(order: &mut [u8], scores: &[i32; MAX_MOVES], k: usize) {
    let mut bi = k;
    for j in k + 1..order.len() {
        if scores[order[j] as usize] > scores[order[bi] as usize] {
            bi = j;
        }
    }
    order.swap(k, bi);
}
