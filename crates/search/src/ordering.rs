//! Move ordering, one implementation for the main search, quiescence and the root: the table move, then
//! captures by most valuable victim / least valuable attacker, the two killer moves of the ply, then quiet
//! moves by history. [`MovePicker`] hands a node's moves out best first, sorting lazily (a cut-off usually
//! comes after a move or two).

use super::eval::VALUES;
use super::score::MAX_PLY;
use xiangqi::{Move, MoveList, Position, MAX_MOVES};

const TT_MOVE_SCORE: i32 = 4_000_000;
const CAPTURE_SCORE: i32 = 2_000_000;
const KILLER_SCORE: [i32; 2] = [1_900_000, 1_800_000];
const HISTORY_MAX: i32 = 1_000_000;

/// What the search learnt about quiet moves: two killer moves per ply and a history score per (piece, to).
/// Kept between searches of one game; cleared by a new game.
pub(super) struct OrderTables {
    history: Vec<i32>,
    killers: Vec<[Option<Move>; 2]>,
}

impl OrderTables {
    pub(super) fn new() -> OrderTables {
        OrderTables {
            history: vec![0; 14 * 90],
            killers: vec![[None; 2]; MAX_PLY + 2],
        }
    }

    pub(super) fn clear(&mut self) {
        self.history.fill(0);
        self.killers.fill([None; 2]);
    }

    /// The killer moves of `ply`.
    #[inline]
    pub(super) fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    /// The ordering score of `m` in `pos` at `ply`.
    #[inline]
    pub(super) fn score(&self, pos: &Position, m: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        self.score_with(pos, m, tt_move, self.killers[ply])
    }

    #[inline(always)]
    fn score_with(
        &self,
        pos: &Position,
        m: Move,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
    ) -> i32 {
        let b = pos.board();
        if Some(m) == tt_move {
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
            self.history[p * 90 + m.to.index()]
        }
    }

    /// A quiet move `m` of `piece` (its [`Piece::index`](xiangqi::Piece::index)) caused a cut-off at
    /// `ply` and `depth`: it becomes the first killer and gains history; the quiet moves tried before it lose
    /// history.
    pub(super) fn update_quiet_stats(
        &mut self,
        m: Move,
        piece: usize,
        ply: usize,
        depth: i32,
        tried: &[(usize, Move)],
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = (depth * depth).min(400);
        let h = &mut self.history;
        let idx = piece * 90 + m.to.index();
        h[idx] += bonus * 32 - h[idx] * bonus / 512;
        h[idx] = h[idx].min(HISTORY_MAX);
        for &(p, q) in tried {
            let idx = p * 90 + q.to.index();
            h[idx] -= bonus * 32 + h[idx] * bonus / 512;
            h[idx] = h[idx].max(-HISTORY_MAX);
        }
    }
}

/// The moves of one node, handed out best first by [`MovePicker::next`].
pub(super) struct MovePicker<'a> {
    moves: &'a MoveList,
    scores: [i32; MAX_MOVES],
    order: [u8; MAX_MOVES],
    next: usize,
}

impl<'a> MovePicker<'a> {
    /// Scores `moves` (legal in `pos`) for a node at `ply` with table move `tt_move`.
    #[inline(always)]
    pub(super) fn new(
        moves: &'a MoveList,
        pos: &Position,
        tables: &OrderTables,
        tt_move: Option<Move>,
        ply: usize,
    ) -> MovePicker<'a> {
        let mut picker = MovePicker {
            moves,
            scores: [0; MAX_MOVES],
            order: [0; MAX_MOVES],
            next: 0,
        };
        let killers = tables.killers[ply];
        for (i, &m) in moves.iter().enumerate() {
            picker.scores[i] = tables.score_with(pos, m, tt_move, killers);
            picker.order[i] = i as u8;
        }
        picker
    }
}

impl Iterator for MovePicker<'_> {
    type Item = Move;

    /// The best-scored move not handed out yet. A selection-sort step: ties go to the move that stands
    /// first in the partly sorted list.
    #[inline]
    fn next(&mut self) -> Option<Move> {
        let n = self.moves.len();
        let k = self.next;
        if k >= n {
            return None;
        }
        let order = &mut self.order[..n];
        let mut bi = k;
        for j in k + 1..n {
            if self.scores[order[j] as usize] > self.scores[order[bi] as usize] {
                bi = j;
            }
        }
        order.swap(k, bi);
        self.next += 1;
        Some(self.moves[order[k] as usize])
    }
}

/// The root moves in search order: by ordering score, ties in ICCS order (a full sort: the root list is
/// sorted once and then re-sorted by score after each iteration).
pub(super) fn root_order(pos: &Position, tables: &OrderTables, tt_move: Option<Move>) -> Vec<Move> {
    let legal = pos.legal_moves();
    let mut order: Vec<(i32, Move)> = legal
        .iter()
        .map(|&m| (tables.score(pos, m, tt_move, 0), m))
        .collect();
    order.sort_by_key(|&(s, m)| (-s, m.iccs_order()));
    order.into_iter().map(|(_, m)| m).collect()
}
