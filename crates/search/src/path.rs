//! The search path: the positions from the game's start through the moves played to the root and down the
//! line being searched, with make / unmake, the null move, and repetition detection (docs/rules.md §5) handed to
//! the [`RepetitionJudge`].

use super::repetition::{CycleStep, RepetitionJudge, Verdict};
use super::score::{mate_in, mated_in};
use xiangqi::{Color, Game, Move, Position, Role, Undo};

/// How a position of the path was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arrival {
    /// The start position of the game.
    Start,
    /// A null move of the search ([`SearchPath::make_null`]).
    Null,
    /// A move.
    Move(Move),
}

/// One position of the path.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    arrival: Arrival,
    /// Who moved (or passed) to reach it.
    mover: Color,
    /// Whether that move gave check.
    check: bool,
    /// Whether that move can never be undone (a capture, a soldier's forward step, the start, a null
    /// move): no earlier position can recur.
    irreversible: bool,
}

/// The positions of the game and of the line searched, one entry per position.
pub(super) struct SearchPath {
    entries: Vec<Entry>,
    /// Index of the root position.
    root: usize,
    /// Scratch space for a cycle handed to the judge.
    cycle: Vec<CycleStep>,
}

/// Whether `m` (legal in `pos`) can never be undone: a capture or a soldier's forward step (docs/rules.md §5.2).
fn irreversible(pos: &Position, m: Move) -> bool {
    pos.is_capture(m)
        || (pos
            .board()
            .piece_at(m.from)
            .is_some_and(|p| p.role == Role::Soldier)
            && m.from.file() == m.to.file())
}

impl SearchPath {
    /// The path of `game`: its start position, then one entry per move played; the root is the current
    /// position. Room is made for `extra` more plies.
    pub(super) fn new(game: &Game, extra: usize) -> SearchPath {
        let moves = game.history().iter().map(|pm| (pm.mv, pm.check));
        let (path, pos) = SearchPath::from_moves(game.start(), moves, game.history().len(), extra);
        debug_assert_eq!(pos.hash(), game.position().hash());
        path
    }

    /// The path from `start` through `moves` (each with whether it gave check; legal in turn, as the moves
    /// of a game are), about `count` of them, and the position they lead to, the root. Room is made for
    /// `extra` more plies.
    pub(super) fn from_moves(
        start: &Position,
        moves: impl Iterator<Item = (Move, bool)>,
        count: usize,
        extra: usize,
    ) -> (SearchPath, Position) {
        let mut entries = Vec::with_capacity(count + 1 + extra);
        let mut pos = start.clone();
        entries.push(Entry {
            key: pos.hash(),
            arrival: Arrival::Start,
            mover: pos.turn().other(),
            check: false,
            irreversible: true,
        });
        for (mv, check) in moves {
            let irreversible = irreversible(&pos, mv);
            let mover = pos.turn();
            pos.play_unchecked(mv);
            entries.push(Entry {
                key: pos.hash(),
                arrival: Arrival::Move(mv),
                mover,
                check,
                irreversible,
            });
        }
        let path = SearchPath {
            root: entries.len() - 1,
            entries,
            cycle: Vec::with_capacity(256),
        };
        (path, pos)
    }

    /// Plays `m` on `pos` and pushes it on the path. (Always inlined: the search's hottest call after the
    /// evaluation; left to itself, LLVM stopped inlining it into `search` when the root search grew.)
    #[inline(always)]
    pub(super) fn make(&mut self, pos: &mut Position, m: Move) -> Undo {
        let irreversible = irreversible(pos, m);
        let mover = pos.turn();
        let undo = pos.play_unchecked(m);
        self.entries.push(Entry {
            key: pos.hash(),
            arrival: Arrival::Move(m),
            mover,
            check: pos.is_check(),
            irreversible,
        });
        undo
    }

    /// Takes back [`SearchPath::make`].
    #[inline]
    pub(super) fn unmake(&mut self, pos: &mut Position, m: Move, undo: Undo) {
        self.entries.pop();
        pos.undo(m, undo);
    }

    /// Whether the last move made gave check: whether the side to move is in check, below the root (the
    /// root's entry is only right for a position reached by a move of the game).
    #[inline]
    pub(super) fn last_gave_check(&self) -> bool {
        self.entries.last().is_some_and(|e| e.check)
    }

    /// Passes in `pos` and pushes the null move; `false`, and nothing done, when the side to move is in check
    /// (the one case `pass` refuses; the search tries a null move only out of check, alphabeta.rs).
    #[inline]
    pub(super) fn make_null(&mut self, pos: &mut Position) -> bool {
        if pos.pass().is_err() {
            return false;
        }
        self.entries.push(Entry {
            key: pos.hash(),
            arrival: Arrival::Null,
            mover: pos.turn().other(),
            check: false,
            irreversible: true,
        });
        true
    }

    /// Takes back a [`SearchPath::make_null`] that passed.
    #[inline]
    pub(super) fn unmake_null(&mut self, pos: &mut Position) {
        self.entries.pop();
        // The side now to move was the side not to move before the pass, not in check: passing back is always
        // allowed (asserted in debug builds).
        let passed = pos.pass();
        debug_assert!(passed.is_ok(), "the null move's side is in check");
    }

    /// The score of `pos`, the last position of the path at `ply` from the root, if it repeats an earlier
    /// position (docs/rules.md §5): once within the search or at the root, or twice before the root.
    pub(super) fn repetition(
        &mut self,
        pos: &Position,
        judge: &dyn RepetitionJudge,
        ply: usize,
    ) -> Option<i32> {
        let n = self.entries.len() - 1;
        let key = self.entries[n].key;
        let mut i = n;
        let mut before_root = 0;
        while i >= 2 {
            if self.entries[i].irreversible || self.entries[i - 1].irreversible {
                return None;
            }
            i -= 2;
            if self.entries[i].key == key {
                if i >= self.root {
                    return Some(self.rule_cycle(pos, judge, i, ply));
                }
                before_root += 1;
                if before_root == 2 {
                    return Some(self.rule_cycle(pos, judge, i, ply));
                }
            }
        }
        None
    }

    /// Asks the judge about the cycle from entry `from` to the end of the path.
    fn rule_cycle(
        &mut self,
        pos: &Position,
        judge: &dyn RepetitionJudge,
        from: usize,
        ply: usize,
    ) -> i32 {
        self.cycle.clear();
        for e in &self.entries[from + 1..] {
            // Every entry after `from` is a reversible move (the scan above stops at the others).
            if let Arrival::Move(mv) = e.arrival {
                self.cycle.push(CycleStep {
                    mv,
                    mover: e.mover,
                    check: e.check,
                });
            }
        }
        match judge.judge(pos, &self.cycle) {
            Verdict::Draw => 0,
            Verdict::Loses(c) if c == pos.turn() => mated_in(ply),
            Verdict::Loses(_) => mate_in(ply),
        }
    }
}
