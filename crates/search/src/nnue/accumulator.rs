//! The accumulators along the line searched: one pair (Red's view, Black's) per ply, each computed from its
//! parent's by adding and subtracting the rows of the inputs a move turns on and off (a quiet move: one
//! off, one on; a capture: one more off), instead of summing every piece again.
//!
//! A general's move that changes its own side's view ([`FeatureSet::view`]: another bucket, or across the
//! central file) changes every input of that side: that side's accumulator is marked stale and computed
//! again from the board when the position is evaluated (lazily: a line that is cut before its evaluation
//! never pays for it). The other side's is updated as usual.

use super::features::View;
use super::kernels::{Kernel, Vector};
use super::net::Network;
use xiangqi::{Board, Color, Move, Position, Role};

/// One accumulator pair per ply of the line searched.
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    ft: usize,
    /// `plies × 2 × ft` cells: ply by ply, Red's view then Black's.
    cells: Vec<i16>,
    /// Each ply's views; `None` when that side's accumulator is stale.
    views: Vec<[Option<View>; 2]>,
}

impl AccumulatorStack {
    /// A stack for `plies` plies of `net`; every accumulator stale.
    pub fn new(net: &Network, plies: usize) -> AccumulatorStack {
        AccumulatorStack {
            ft: net.ft,
            cells: vec![0; plies * 2 * net.ft],
            views: vec![[None, None]; plies],
        }
    }

    fn range(&self, ply: usize, c: Color) -> core::ops::Range<usize> {
        let at = (ply * 2 + c.index()) * self.ft;
        at..at + self.ft
    }

    /// Computes `c`'s accumulator at `ply` from the board, with kernel `K`.
    pub fn refresh_side<K: Kernel>(&mut self, net: &Network, ply: usize, pos: &Position, c: Color) {
        let view = net.features.view(c, pos.general(c));
        let r = self.range(ply, c);
        let acc = &mut self.cells[r];
        acc.copy_from_slice(&net.ft_bias);
        for (sq, p) in pos.board().pieces() {
            K::add(acc, net.row(view.index(p, sq)));
        }
        self.views[ply][c.index()] = Some(view);
    }

    /// Computes both accumulators at `ply` from the board (the root of a search).
    pub fn refresh(&mut self, net: &Network, ply: usize, pos: &Position) {
        for c in Color::ALL {
            self.refresh_side::<Vector>(net, ply, pos, c);
        }
    }

    /// The accumulators at `ply + 1` after `mv`, legal on `board` (the board at `ply`, before the move).
    pub fn push(&mut self, net: &Network, ply: usize, board: &Board, mv: Move) {
        self.push_with::<Vector>(net, ply, board, mv)
    }

    /// [`AccumulatorStack::push`] with kernel `K`.
    pub fn push_with<K: Kernel>(&mut self, net: &Network, ply: usize, board: &Board, mv: Move) {
        let Some(moved) = board.piece_at(mv.from) else {
            return;
        };
        let captured = board.piece_at(mv.to);
        let ft = self.ft;
        for c in Color::ALL {
            let Some(view) = self.views[ply][c.index()] else {
                self.views[ply + 1][c.index()] = None;
                continue;
            };
            if moved.role == Role::General
                && moved.color == c
                && net.features.view(c, mv.to) != view
            {
                self.views[ply + 1][c.index()] = None;
                continue;
            }
            let from = self.range(ply, c).start;
            let to = self.range(ply + 1, c).start;
            let (head, tail) = self.cells.split_at_mut(to);
            let child = &mut tail[..ft];
            child.copy_from_slice(&head[from..from + ft]);
            K::sub(child, net.row(view.index(moved, mv.from)));
            K::add(child, net.row(view.index(moved, mv.to)));
            if let Some(q) = captured {
                K::sub(child, net.row(view.index(q, mv.to)));
            }
            self.views[ply + 1][c.index()] = Some(view);
        }
    }

    /// The accumulators at `ply + 1` after a null move: the same.
    pub fn push_null(&mut self, ply: usize) {
        let ft2 = 2 * self.ft;
        self.cells
            .copy_within(ply * ft2..(ply + 1) * ft2, (ply + 1) * ft2);
        self.views[ply + 1] = self.views[ply];
    }

    /// The accumulator of `c` at `ply` (computed if stale).
    pub fn side(&mut self, net: &Network, ply: usize, pos: &Position, c: Color) -> &[i16] {
        if self.views[ply][c.index()].is_none() {
            self.refresh_side::<Vector>(net, ply, pos, c);
        }
        &self.cells[self.range(ply, c)]
    }

    /// The network's score of `pos`, the position at `ply`, in centipawns from the side to move's view.
    pub fn evaluate(&mut self, net: &Network, ply: usize, pos: &Position) -> i32 {
        for c in Color::ALL {
            if self.views[ply][c.index()].is_none() {
                self.refresh_side::<Vector>(net, ply, pos, c);
            }
        }
        let us = self.range(ply, pos.turn());
        let them = self.range(ply, pos.turn().other());
        net.output_vector(&self.cells[us], &self.cells[them])
    }
}

impl Network {
    /// The network's score of `pos` in centipawns from the side to move's view, computed from scratch with
    /// the vector kernel (the search keeps its accumulators move by move instead: [`AccumulatorStack`]).
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut s = AccumulatorStack::new(self, 1);
        s.evaluate(self, 0, pos)
    }

    /// [`Network::evaluate`] with the scalar kernel throughout: the reference the tests compare with.
    pub fn evaluate_scalar(&self, pos: &Position) -> i32 {
        let mut s = AccumulatorStack::new(self, 1);
        for c in Color::ALL {
            s.refresh_side::<super::kernels::Scalar>(self, 0, pos, c);
        }
        let us = s.range(0, pos.turn());
        let them = s.range(0, pos.turn().other());
        self.output_scalar(&s.cells[us], &s.cells[them])
    }
}
