//! Piece placement with the occupancy views that move generation needs.

use super::attacks::{
    line_view, LineView, ADVISOR_STEPS, DIAGONALS, ELEPHANT_STEPS, GENERAL_STEPS,
};
use super::attacks::{HORSE_SOURCES, SOLDIER_SOURCES, SOLDIER_STEPS};
use super::bitboard::{file_points, rank_points};
use super::{zobrist, Bitboard, Color, Piece, Role, Square};
use core::fmt;

/// The pieces on the 90 points, kept together with per-colour and per-role sets, per-rank and per-file
/// occupancy masks and a Zobrist key of the placement. A `Board` may hold any placement (it is what a FEN
/// describes before validation); [`Position`](super::Position) adds the legality guarantees.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    squares: [Option<Piece>; 90],
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 7],
    /// Bit `file` of `ranks[rank]` is set when that point is occupied.
    ranks: [u16; 10],
    /// Bit `rank` of `files[file]` is set when that point is occupied.
    files: [u16; 9],
    key: u64,
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            squares: [None; 90],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 7],
            ranks: [0; 10],
            files: [0; 9],
            key: 0,
        }
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Whether `sq` is empty.
    #[inline]
    pub fn is_empty_at(&self, sq: Square) -> bool {
        self.squares[sq.index()].is_none()
    }

    /// The points holding pieces of `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The points holding pieces of `role`, either colour.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The points holding `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color(piece.color) & self.by_role(piece.role)
    }

    /// Every occupied point.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Number of pieces on the board.
    pub fn piece_count(&self) -> u32 {
        self.occupied().count()
    }

    /// The Zobrist key of the placement alone (no side to move).
    #[inline]
    pub fn placement_key(&self) -> u64 {
        self.key
    }

    /// The general of `color`, if there is exactly one... or the lowest one if several (setups only).
    #[inline]
    pub fn general(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::General)).first()
    }

    /// Iterates over `(square, piece)` in index order (`a0`, `b0`, ...).
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .filter_map(move |s| self.squares[s.index()].map(|p| (s, p)))
    }

    /// Puts `piece` on `sq`, replacing what was there.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(old) = self.squares[sq.index()] {
            self.remove(sq, old);
        }
        if let Some(p) = piece {
            self.put(sq, p);
        }
    }

    #[inline]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.squares[sq.index()].is_none());
        self.squares[sq.index()] = Some(p);
        let b = Bitboard::from_square(sq);
        self.by_color[p.color.index()] |= b;
        self.by_role[p.role.index()] |= b;
        self.ranks[sq.rank() as usize] |= 1 << sq.file();
        self.files[sq.file() as usize] |= 1 << sq.rank();
        self.key ^= zobrist::piece_key(p, sq);
    }

    #[inline]
    pub(crate) fn remove(&mut self, sq: Square, p: Piece) {
        debug_assert_eq!(self.squares[sq.index()], Some(p));
        self.squares[sq.index()] = None;
        let b = Bitboard::from_square(sq);
        self.by_color[p.color.index()] ^= b;
        self.by_role[p.role.index()] ^= b;
        self.ranks[sq.rank() as usize] &= !(1 << sq.file());
        self.files[sq.file() as usize] &= !(1 << sq.rank());
        self.key ^= zobrist::piece_key(p, sq);
    }

    /// Moves the piece on `from` to `to`, capturing what stands there; returns the captured piece.
    #[inline]
    pub(crate) fn move_piece(&mut self, from: Square, to: Square) -> Option<Piece> {
        // The caller's move is one the generator made (or `check_move` accepted): its origin holds a piece.
        let p = self.squares[from.index()].unwrap_or_else(|| unreachable!("no piece on {from}"));
        let captured = self.squares[to.index()];
        if let Some(c) = captured {
            self.remove(to, c);
        }
        self.remove(from, p);
        self.put(to, p);
        captured
    }

    /// Undoes [`Board::move_piece`].
    #[inline]
    pub(crate) fn unmove_piece(&mut self, from: Square, to: Square, captured: Option<Piece>) {
        // `move_piece(from, to)` put the piece on `to`; nothing moved since.
        let p = self.squares[to.index()].unwrap_or_else(|| unreachable!("no piece on {to}"));
        self.remove(to, p);
        self.put(from, p);
        if let Some(c) = captured {
            self.put(to, c);
        }
    }

    /// The occupied points of `rank` (0..10) as file bits: bit `f` is set when the point on file `f` holds a
    /// piece.
    #[inline]
    pub fn rank_bits(&self, rank: u8) -> u16 {
        self.ranks[rank as usize]
    }

    /// The occupied points of `file` (0..9) as rank bits: bit `r` is set when the point on rank `r` holds a
    /// piece.
    #[inline]
    pub fn file_bits(&self, file: u8) -> u16 {
        self.files[file as usize]
    }

    /// The blockers and empty points on `sq`'s rank, seen from `sq`, as file bits of the rank (bit `f` is
    /// the point on file `f`): the lines a chariot or cannon on `sq` sees.
    #[inline]
    pub fn rank_view(&self, sq: Square) -> LineView {
        line_view(self.ranks[sq.rank() as usize], sq.file() as u32, 9)
    }

    /// The blockers and empty points on `sq`'s file, seen from `sq`, as rank bits of the file (bit `r` is
    /// the point on rank `r`).
    #[inline]
    pub fn file_view(&self, sq: Square) -> LineView {
        line_view(self.files[sq.file() as usize], sq.rank() as u32, 10)
    }

    /// Whether a piece of `by` attacks `sq` in the sense of the chariot, cannon, horse, soldier or the facing
    /// generals — the attacks that can reach a general. Advisors and elephants are left out: they can never
    /// reach the enemy general. The general's own one-step attacks are left out too; facing is included.
    #[inline]
    pub(crate) fn general_attacked(&self, sq: Square, by: Color) -> bool {
        attacked_in(&self.ranks, &self.files, |i| self.squares[i], sq, by)
    }

    /// [`Board::general_attacked`] in the position after the piece on `from` moves to `to`, computed without
    /// changing the board. `sq` is the general's point after the move.
    #[inline]
    pub(crate) fn general_attacked_after(
        &self,
        from: Square,
        to: Square,
        sq: Square,
        by: Color,
    ) -> bool {
        let mut ranks = self.ranks;
        let mut files = self.files;
        ranks[from.rank() as usize] &= !(1 << from.file());
        files[from.file() as usize] &= !(1 << from.rank());
        ranks[to.rank() as usize] |= 1 << to.file();
        files[to.file() as usize] |= 1 << to.rank();
        let moving = self.squares[from.index()];
        let (fi, ti) = (from.index(), to.index());
        let at = |i: usize| {
            if i == ti {
                moving
            } else if i == fi {
                None
            } else {
                self.squares[i]
            }
        };
        attacked_in(&ranks, &files, at, sq, by)
    }

    /// For a side `us` not in check with its general on `g`: the points whose piece might expose the general
    /// by leaving (the general itself, pieces pinned against it by a chariot or the facing rule, the two
    /// screens of a cannon line, and horse legs an enemy horse is waiting behind), and the empty points where
    /// a new piece would become a cannon's screen. Every other move keeps the general safe, so move
    /// generation tests only moves from the first set or onto the second.
    pub(crate) fn exposure(&self, g: Square, us: Color) -> (Bitboard, Bitboard) {
        let them = us.other();
        let own = self.by_color(us);
        let chariot = Some(Piece::new(them, Role::Chariot));
        let cannon = Some(Piece::new(them, Role::Cannon));
        let general = Some(Piece::new(them, Role::General));
        let mut sensitive = Bitboard::from_square(g);
        let mut screens = Bitboard::EMPTY;
        let (f, r) = (g.file() as u32, g.rank() as u32);
        let rocc = self.ranks[r as usize] as u32;
        let focc = self.files[f as usize] as u32;
        // Each ray: the occupied line bits beyond g, the direction, and how a line bit maps to a square.
        let rays: [(u32, bool, bool); 4] = [
            (rocc & !((2u32 << f) - 1), true, true),
            (rocc & ((1u32 << f) - 1), false, true),
            (focc & !((2u32 << r) - 1), true, false),
            (focc & ((1u32 << r) - 1), false, false),
        ];
        for (mut bits, ascending, on_rank) in rays {
            if bits == 0 {
                continue;
            }
            let square = |bit: u32| {
                let i = if on_rank { r * 9 + bit } else { bit * 9 + f };
                Square::new_unchecked(i as u8)
            };
            let mut next = || {
                if bits == 0 {
                    return None;
                }
                let bit = if ascending {
                    bits.trailing_zeros()
                } else {
                    31 - bits.leading_zeros()
                };
                bits &= !(1 << bit);
                Some((bit, square(bit)))
            };
            let Some((bit1, s1)) = next() else { continue };
            let p1 = self.squares[s1.index()];
            if p1 == cannon {
                // No screen yet: any piece arriving between g and the cannon would give check.
                let between = if ascending {
                    ((1u32 << bit1) - 1) & !((2u32 << if on_rank { f } else { r }) - 1)
                } else {
                    !((2u32 << bit1) - 1) & ((1u32 << if on_rank { f } else { r }) - 1)
                };
                screens |= if on_rank {
                    Bitboard(rank_points(between as u16, r))
                } else {
                    Bitboard(file_points(between as u16, f))
                };
            }
            let Some((_, s2)) = next() else { continue };
            let p2 = self.squares[s2.index()];
            if (p2 == chariot || (!on_rank && p2 == general)) && own.contains(s1) {
                sensitive = sensitive.with(s1);
            }
            if let Some((_, s3)) = next() {
                if self.squares[s3.index()] == cannon {
                    sensitive |= own & (Bitboard::from_square(s1) | Bitboard::from_square(s2));
                }
            }
        }
        let horse = Some(Piece::new(them, Role::Horse));
        for st in HORSE_SOURCES[g.index()].as_slice() {
            if self.squares[st.to.index()] == horse && own.contains(st.block) {
                sensitive = sensitive.with(st.block);
            }
        }
        (sensitive, screens)
    }

    /// Every piece of `by` that could capture on `sq` if it held an enemy piece (docs/rules.md §2 "attack"),
    /// ignoring pins. The general attacks only its orthogonal neighbours in its palace; facing is not
    /// included (see [`Board::facing_generals`]).
    pub fn attackers(&self, sq: Square, by: Color) -> Bitboard {
        let theirs = self.by_color(by);
        let rv = self.rank_view(sq);
        let fv = self.file_view(sq);
        let rank = sq.rank() as u32;
        let file = sq.file() as u32;
        let first = Bitboard(rank_points(rv.first, rank) | file_points(fv.first, file));
        let second = Bitboard(rank_points(rv.second, rank) | file_points(fv.second, file));
        let mut out = (first & theirs & self.by_role(Role::Chariot))
            | (second & theirs & self.by_role(Role::Cannon));
        for (df, dr) in DIAGONALS {
            if let Some(leg) = sq.offset(df, dr) {
                if self.is_empty_at(leg) {
                    for h in [sq.offset(df, 2 * dr), sq.offset(2 * df, dr)]
                        .into_iter()
                        .flatten()
                    {
                        if self.squares[h.index()] == Some(Piece::new(by, Role::Horse)) {
                            out = out.with(h);
                        }
                    }
                }
            }
        }
        for s in self.by_piece(Piece::new(by, Role::Soldier)) {
            if SOLDIER_STEPS[by.index()][s.index()].contains(sq) {
                out = out.with(s);
            }
        }
        for s in self.by_piece(Piece::new(by, Role::General)) {
            if GENERAL_STEPS[s.index()].contains(sq) {
                out = out.with(s);
            }
        }
        for s in self.by_piece(Piece::new(by, Role::Advisor)) {
            if ADVISOR_STEPS[s.index()].contains(sq) {
                out = out.with(s);
            }
        }
        for s in self.by_piece(Piece::new(by, Role::Elephant)) {
            if ELEPHANT_STEPS[s.index()]
                .as_slice()
                .iter()
                .any(|st| st.to == sq && self.is_empty_at(st.block))
            {
                out = out.with(s);
            }
        }
        out
    }

    /// Whether both generals stand on one file with no piece between them (将帅对面, jiàng shuài duìmiàn).
    pub fn facing_generals(&self) -> bool {
        let (Some(r), Some(b)) = (self.general(Color::Red), self.general(Color::Black)) else {
            return false;
        };
        r.file() == b.file() && {
            let v = self.file_view(r);
            Bitboard(file_points(v.first, r.file() as u32)).contains(b)
        }
    }
}

/// The attack test behind [`Board::general_attacked`], over occupancy masks and a piece lookup by index.
#[inline(always)]
fn attacked_in<F: Fn(usize) -> Option<Piece>>(
    ranks: &[u16; 10],
    files: &[u16; 9],
    at: F,
    sq: Square,
    by: Color,
) -> bool {
    let chariot = Some(Piece::new(by, Role::Chariot));
    let cannon = Some(Piece::new(by, Role::Cannon));
    let general = Some(Piece::new(by, Role::General));
    let (f, r) = (sq.file() as u32, sq.rank() as u32);
    let base = (r * 9) as usize;
    // Along the rank: right (higher files) then left.
    let rocc = ranks[r as usize] as u32;
    let right = rocc & !((2u32 << f) - 1);
    if right != 0 {
        if at(base + right.trailing_zeros() as usize) == chariot {
            return true;
        }
        let rest = right & (right - 1);
        if rest != 0 && at(base + rest.trailing_zeros() as usize) == cannon {
            return true;
        }
    }
    let left = rocc & ((1u32 << f) - 1);
    if left != 0 {
        let b1 = 31 - left.leading_zeros();
        if at(base + b1 as usize) == chariot {
            return true;
        }
        let rest = left ^ (1 << b1);
        if rest != 0 && at(base + (31 - rest.leading_zeros()) as usize) == cannon {
            return true;
        }
    }
    // Along the file: up (higher ranks) then down. The enemy general counts like a chariot here (facing).
    let focc = files[f as usize] as u32;
    let fidx = f as usize;
    let up = focc & !((2u32 << r) - 1);
    if up != 0 {
        let p = at(up.trailing_zeros() as usize * 9 + fidx);
        if p == chariot || p == general {
            return true;
        }
        let rest = up & (up - 1);
        if rest != 0 && at(rest.trailing_zeros() as usize * 9 + fidx) == cannon {
            return true;
        }
    }
    let down = focc & ((1u32 << r) - 1);
    if down != 0 {
        let b1 = 31 - down.leading_zeros();
        let p = at(b1 as usize * 9 + fidx);
        if p == chariot || p == general {
            return true;
        }
        let rest = down ^ (1 << b1);
        if rest != 0 && at((31 - rest.leading_zeros()) as usize * 9 + fidx) == cannon {
            return true;
        }
    }
    // Horses and soldiers.
    let horse = Some(Piece::new(by, Role::Horse));
    for st in HORSE_SOURCES[sq.index()].as_slice() {
        if at(st.to.index()) == horse && at(st.block.index()).is_none() {
            return true;
        }
    }
    let soldier = Some(Piece::new(by, Role::Soldier));
    { SOLDIER_SOURCES[by.index()][sq.index()] }.any(|s| at(s.index()) == soldier)
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            write!(f, "{rank} ")?;
            for sq in Square::rank_squares(rank) {
                let c = self.piece_at(sq).map_or('.', Piece::fen_char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "  abcdefghi")
    }
}
