//! Move generation (docs/rules.md §2–§3.3): the one generator of the crate. Every client — [`Position`]'s own
//! queries, [`Game`](super::Game)'s endings, perft, the adjudicator and the search — lists moves through
//! [`Position::try_for_each_legal`] or one of the wrappers around it.
//!
//! The generator takes a target mask ([`Targets`]: all moves, captures, quiet moves or check evasions) and a
//! callback that may stop it early ([`ControlFlow::Break`]). It never allocates. Legality costs little: the
//! points whose piece could expose its general by moving, and the empty points where a new piece would become
//! a cannon's screen, are computed once per call ([`Board`](super::Board)'s exposure); only moves from or onto
//! them are tested, the others are legal by geometry.
//!
//! ```
//! use core::ops::ControlFlow;
//! use xiangqi::{Position, Targets};
//!
//! let pos = Position::new();
//! assert_eq!(pos.legal_moves_of(Targets::Captures).len(), 2); // the cannons take the horses
//! assert_eq!(pos.legal_moves_of(Targets::Quiets).len(), 42);
//! assert!(pos.legal_moves_of(Targets::Evasions).is_empty()); // not in check
//! // Stop at the first chariot move:
//! let first = pos.try_for_each_legal(Targets::All, |m| ControlFlow::Break(m));
//! assert_eq!(first, ControlFlow::Break("a0a1".parse().unwrap()));
//! ```

use super::attacks::{
    ADVISOR_STEPS, ELEPHANT_STEPS, GENERAL_STEPS, HORSE_SOURCES, HORSE_STEPS, SOLDIER_STEPS,
};
use super::bitboard::{file_points, rank_points};
use super::{Bitboard, Move, MoveList, Position, Role, Square};
use core::convert::Infallible;
use core::ops::ControlFlow;

/// Which legal moves the generator produces: its target mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Targets {
    /// Every legal move.
    All,
    /// The legal moves onto an enemy piece (吃子, chīzǐ).
    Captures,
    /// The legal moves onto an empty point.
    Quiets,
    /// When the side to move is in check (被将, bèi jiāng): every legal move, each of which parries the check;
    /// otherwise none.
    Evasions,
}

/// The order in which moves are generated: the pieces with the most moves first.
const GEN_ORDER: [Role; 7] = [
    Role::Chariot,
    Role::Horse,
    Role::Cannon,
    Role::Soldier,
    Role::Elephant,
    Role::Advisor,
    Role::General,
];

/// The points of each rank, and of each file, as [`Bitboard`]s (built by table, not by shifting: see
/// [`Bitboard::from_square`]).
const RANKS: [Bitboard; 10] = {
    let mut out = [Bitboard::EMPTY; 10];
    let mut r = 0;
    while r < 10 {
        out[r] = Bitboard(rank_points(0x1FF, r as u32));
        r += 1;
    }
    out
};
const FILES: [Bitboard; 9] = {
    let mut out = [Bitboard::EMPTY; 9];
    let mut f = 0;
    while f < 9 {
        out[f] = Bitboard(file_points(0x3FF, f as u32));
        f += 1;
    }
    out
};

/// The order in which [`Position::has_legal_move`] looks for a move that is legal by geometry alone.
const SURE_ORDER: [Role; 7] = [
    Role::Soldier,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::Chariot,
    Role::Cannon,
    Role::General,
];

/// A chariot's or cannon's empty points and capture candidates along its rank and file, as line bits.
struct SliderLines {
    rank_quiet: u16,
    file_quiet: u16,
    rank_caps: u16,
    file_caps: u16,
}

impl Position {
    /// Calls `f(move)` for every legal move of `targets` until `f` returns [`ControlFlow::Break`], and
    /// returns that break (or `Continue` once every move was seen). The one generator of the crate.
    ///
    /// Order: [`Targets::Captures`] come by the moving piece's point (`a0` first); the other kinds by piece
    /// kind, the ones with the most moves first (chariots, horses, cannons, soldiers, elephants, advisors,
    /// the general), then by point. Within a piece: rank then file, quiet points before captures.
    #[inline]
    pub fn try_for_each_legal<B, F: FnMut(Move) -> ControlFlow<B>>(
        &self,
        targets: Targets,
        f: F,
    ) -> ControlFlow<B> {
        match targets {
            Targets::All => self.generate::<true, true, false, false, B, F>(self.is_check(), f),
            Targets::Quiets => self.generate::<true, false, false, false, B, F>(self.is_check(), f),
            Targets::Captures => {
                self.generate::<false, true, true, false, B, F>(self.is_check(), f)
            }
            Targets::Evasions if self.is_check() => {
                self.generate::<true, true, false, false, B, F>(true, f)
            }
            Targets::Evasions => ControlFlow::Continue(()),
        }
    }

    /// Calls `f(move)` for every legal move (docs/rules.md §3.3), in generation order.
    #[inline]
    pub fn for_each_legal<F: FnMut(Move)>(&self, mut f: F) {
        let flow = self.generate::<true, true, false, false, Infallible, _>(self.is_check(), |m| {
            f(m);
            ControlFlow::Continue(())
        });
        match flow {
            ControlFlow::Continue(()) => {}
            ControlFlow::Break(never) => match never {},
        }
    }

    /// Every legal move, in generation order (use [`MoveList::sort_iccs`] for ICCS order).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal(|m| list.push(m));
        list
    }

    /// The legal moves of `targets`, in generation order (see [`Position::try_for_each_legal`]).
    pub fn legal_moves_of(&self, targets: Targets) -> MoveList {
        let mut list = MoveList::new();
        let flow = self.try_for_each_legal::<Infallible, _>(targets, |m| {
            list.push(m);
            ControlFlow::Continue(())
        });
        match flow {
            ControlFlow::Continue(()) => list,
            ControlFlow::Break(never) => match never {},
        }
    }

    /// Whether the side to move has at least one legal move. Stops at the first one found: out of check it
    /// first looks for a move that is legal by geometry alone (see `generate`), which almost always exists,
    /// and tests moves one by one only if there is none.
    pub fn has_legal_move(&self) -> bool {
        self.has_legal_move_in(self.is_check())
    }

    /// [`Position::has_legal_move`] for a caller that knows whether the side to move is in check
    /// ([`Game`](super::Game) does: it recorded it with the last move).
    pub(crate) fn has_legal_move_in(&self, in_check: bool) -> bool {
        debug_assert_eq!(in_check, self.is_check());
        let stop = |_| ControlFlow::Break(());
        (!in_check
            && self
                .generate::<true, true, false, true, (), _>(false, stop)
                .is_break())
            || self
                .generate::<true, true, false, false, (), _>(in_check, stop)
                .is_break()
    }

    /// The number of legal moves. Faster than listing them: pieces that cannot expose their general are
    /// counted without enumerating their moves.
    pub fn count_legal(&self) -> usize {
        let us = self.turn();
        let g = self.general(us);
        let b = self.board();
        if self.is_check() {
            let mut n = 0;
            self.for_each_legal(|_| n += 1);
            return n;
        }
        let (sensitive, screens) = b.exposure(g, us);
        let them = us.other();
        let own = b.by_color(us);
        let mut n = 0;
        for role in GEN_ORDER {
            for from in own & b.by_role(role) {
                if !sensitive.contains(from) && screens.is_empty() {
                    n += self.count_piece_moves(from, role);
                } else {
                    let risky_from = sensitive.contains(from);
                    let king = |to| if from == g { to } else { g };
                    let flow = self.piece_moves::<true, true, Infallible, _>(from, role, |to| {
                        let risky = risky_from || (screens.contains(to) && b.is_empty_at(to));
                        if !risky || !b.general_attacked_after(from, to, king(to), them) {
                            n += 1;
                        }
                        ControlFlow::Continue(())
                    });
                    match flow {
                        ControlFlow::Continue(()) => {}
                        ControlFlow::Break(never) => match never {},
                    }
                }
            }
        }
        n
    }

    /// The generator: legal moves to empty points (`QUIETS`) and / or onto enemy pieces (`CAPTURES`), the
    /// pieces taken by point (`BY_SQUARE`) or by kind in [`GEN_ORDER`].
    ///
    /// A move needs the exact legality test only if it leaves a point whose piece may shield the general
    /// (`sensitive`) or lands on an empty point where it may become a cannon's screen (`screens`); every
    /// other move is legal by geometry. The sets are the board's exact exposure, or everything in check.
    /// With `SURE_ONLY` (never in check) they are the cheaper geometric bound — the general's rank and file
    /// and its diagonal neighbours (the horse legs) — and the moves that would need the test are skipped: the
    /// generator then yields only moves that are certainly legal, without testing any.
    #[inline(always)]
    fn generate<
        const QUIETS: bool,
        const CAPTURES: bool,
        const BY_SQUARE: bool,
        const SURE_ONLY: bool,
        B,
        F: FnMut(Move) -> ControlFlow<B>,
    >(
        &self,
        in_check: bool,
        mut f: F,
    ) -> ControlFlow<B> {
        let us = self.turn();
        let them = us.other();
        let g = self.general(us);
        let b = self.board();
        let (sensitive, screens) = if SURE_ONLY {
            debug_assert!(!in_check);
            let lines = RANKS[g.rank() as usize] | FILES[g.file() as usize];
            let legs = HORSE_SOURCES[g.index()]
                .as_slice()
                .iter()
                .fold(lines, |s, st| s.with(st.block));
            (legs, lines)
        } else if in_check {
            (Bitboard::FULL, Bitboard::FULL)
        } else {
            b.exposure(g, us)
        };
        let mut emit = |from: Square, to: Square| {
            let risky = sensitive.contains(from) || (screens.contains(to) && b.is_empty_at(to));
            if risky {
                if SURE_ONLY {
                    return ControlFlow::Continue(());
                }
                let king = if from == g { to } else { g };
                if b.general_attacked_after(from, to, king, them) {
                    return ControlFlow::Continue(());
                }
            }
            f(Move::new(from, to))
        };
        let own = b.by_color(us);
        // With SURE_ONLY every move of a piece on a sensitive point would be skipped: skip the piece.
        let movers = if SURE_ONLY { own & !sensitive } else { own };
        if BY_SQUARE {
            for from in movers {
                let Some(p) = b.piece_at(from) else { continue };
                self.piece_moves::<QUIETS, CAPTURES, B, _>(from, p.role, |to| emit(from, to))?;
            }
        } else {
            // Looking for any one sure move, try the cheap steppers before the sliders.
            for role in if SURE_ONLY { SURE_ORDER } else { GEN_ORDER } {
                for from in movers & b.by_role(role) {
                    self.piece_moves::<QUIETS, CAPTURES, B, _>(from, role, |to| emit(from, to))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A chariot's or cannon's empty points and capture candidates along its rank and file (as line bits):
    /// the nearest blockers for a chariot, the second ones (over a screen) for a cannon.
    #[inline(always)]
    fn slider_lines(&self, from: Square, role: Role) -> SliderLines {
        let rv = self.board().rank_view(from);
        let fv = self.board().file_view(from);
        let chariot = role == Role::Chariot;
        SliderLines {
            rank_quiet: rv.quiet,
            file_quiet: fv.quiet,
            rank_caps: if chariot { rv.first } else { rv.second },
            file_caps: if chariot { fv.first } else { fv.second },
        }
    }

    /// Calls `f(to)` for every pseudo-legal destination (docs/rules.md §2) of the piece of the side to move on
    /// `from`, whose role is `role`: empty points if `QUIETS`, enemy pieces if `CAPTURES`.
    #[inline(always)]
    fn piece_moves<
        const QUIETS: bool,
        const CAPTURES: bool,
        B,
        F: FnMut(Square) -> ControlFlow<B>,
    >(
        &self,
        from: Square,
        role: Role,
        mut f: F,
    ) -> ControlFlow<B> {
        let b = self.board();
        let us = self.turn();
        let dest = match (QUIETS, CAPTURES) {
            (true, true) => !b.by_color(us),
            (true, false) => !b.occupied(),
            (false, true) => b.by_color(us.other()),
            (false, false) => Bitboard::EMPTY,
        };
        match role {
            Role::Chariot | Role::Cannon => {
                let s = self.slider_lines(from, role);
                let (rank_base, file) = (from.rank() * 9, from.file());
                if QUIETS {
                    for bit in bits(s.rank_quiet) {
                        f(Square::new_unchecked(rank_base + bit))?;
                    }
                    for bit in bits(s.file_quiet) {
                        f(Square::new_unchecked(bit * 9 + file))?;
                    }
                }
                if CAPTURES {
                    for bit in bits(s.rank_caps) {
                        let to = Square::new_unchecked(rank_base + bit);
                        if dest.contains(to) {
                            f(to)?;
                        }
                    }
                    for bit in bits(s.file_caps) {
                        let to = Square::new_unchecked(bit * 9 + file);
                        if dest.contains(to) {
                            f(to)?;
                        }
                    }
                }
            }
            Role::Horse | Role::Elephant => {
                let steps = if role == Role::Horse {
                    &HORSE_STEPS[from.index()]
                } else {
                    &ELEPHANT_STEPS[from.index()]
                };
                for st in steps.as_slice() {
                    if b.is_empty_at(st.block) && dest.contains(st.to) {
                        f(st.to)?;
                    }
                }
            }
            Role::Soldier => {
                for to in SOLDIER_STEPS[us.index()][from.index()] & dest {
                    f(to)?;
                }
            }
            Role::Advisor => {
                for to in ADVISOR_STEPS[from.index()] & dest {
                    f(to)?;
                }
            }
            Role::General => {
                for to in GENERAL_STEPS[from.index()] & dest {
                    f(to)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The number of pseudo-legal destinations of a piece, counted without listing them.
    #[inline(always)]
    fn count_piece_moves(&self, from: Square, role: Role) -> usize {
        let b = self.board();
        let us = self.turn();
        let not_own = !b.by_color(us);
        match role {
            Role::Chariot | Role::Cannon => {
                let s = self.slider_lines(from, role);
                let mut n = (s.rank_quiet.count_ones() + s.file_quiet.count_ones()) as usize;
                let (rank_base, file) = (from.rank() * 9, from.file());
                for bit in bits(s.rank_caps) {
                    n += not_own.contains(Square::new_unchecked(rank_base + bit)) as usize;
                }
                for bit in bits(s.file_caps) {
                    n += not_own.contains(Square::new_unchecked(bit * 9 + file)) as usize;
                }
                n
            }
            Role::Soldier => (SOLDIER_STEPS[us.index()][from.index()] & not_own).count() as usize,
            Role::Advisor => (ADVISOR_STEPS[from.index()] & not_own).count() as usize,
            _ => {
                let mut n = 0;
                let flow = self.piece_moves::<true, true, Infallible, _>(from, role, |_| {
                    n += 1;
                    ControlFlow::Continue(())
                });
                match flow {
                    ControlFlow::Continue(()) => n,
                    ControlFlow::Break(never) => match never {},
                }
            }
        }
    }
}

/// Iterates over the set bits of a line mask as bit indices.
#[inline]
fn bits(mut m: u16) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let b = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(b)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FENS: [&str; 6] = [
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        "r2akab2/9/2n1b1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1B1N2/4A4/R3KAB2 b - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        // Red in check from the chariot on e4.
        "3k5/9/9/9/9/4r4/9/9/9/3AK4 w - - 0 1",
        // A lone general: every move needs the exact test (has_legal_move's second pass).
        "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    ];

    fn sorted(list: &MoveList) -> Vec<Move> {
        let mut v: Vec<Move> = list.iter().copied().collect();
        v.sort();
        v
    }

    /// Captures and quiet moves split the legal moves; evasions are all of them in check, none otherwise.
    #[test]
    fn targets_partition_the_legal_moves() {
        for fen in FENS {
            let pos = Position::from_fen(fen).unwrap();
            let all = pos.legal_moves();
            let filter = |capture: bool| {
                let mut v: Vec<Move> = all
                    .iter()
                    .copied()
                    .filter(|&m| pos.is_capture(m) == capture)
                    .collect();
                v.sort();
                v
            };
            assert_eq!(
                sorted(&pos.legal_moves_of(Targets::Captures)),
                filter(true),
                "{fen}"
            );
            assert_eq!(
                sorted(&pos.legal_moves_of(Targets::Quiets)),
                filter(false),
                "{fen}"
            );
            let evasions = pos.legal_moves_of(Targets::Evasions);
            if pos.is_check() {
                assert!(pos.is_check() && !all.is_empty());
                assert_eq!(&evasions[..], &all[..], "{fen}");
            } else {
                assert!(evasions.is_empty(), "{fen}");
            }
            assert_eq!(&pos.legal_moves_of(Targets::All)[..], &all[..]);
            assert_eq!(pos.count_legal(), all.len(), "{fen}");
            assert_eq!(pos.has_legal_move(), !all.is_empty(), "{fen}");
        }
    }

    /// The generator stops at the first `Break` and hands it back.
    #[test]
    fn the_generator_stops_early() {
        let pos = Position::from_fen(FENS[0]).unwrap();
        let mut seen = 0;
        let flow = pos.try_for_each_legal(Targets::All, |m| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(m)
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(seen, 3);
        assert_eq!(flow, ControlFlow::Break(pos.legal_moves()[2]));
    }
}
