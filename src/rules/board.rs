//! Piece placement with the occupancy views that move generation needs.

use super::attacks::SOLDIER_STEPS;
use super::attacks::{
    line_view, LineView, ADVISOR_STEPS, DIAGONALS, ELEPHANT_STEPS, GENERAL_STEPS,
};
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
            .map(move |s| (s, self.squares[s.index()].unwrap_or_else(|| unreachable!())))
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
        let p = self.squares[to.index()].unwrap_or_else(|| unreachable!("no piece on {to}"));
        self.remove(to, p);
        self.put(from, p);
        if let Some(c) = captured {
            self.put(to, c);
        }
    }

    /// The blockers and empty points on `sq`'s rank, seen from `sq`, as squares-bits of the rank.
    #[inline]
    pub(crate) fn rank_view(&self, sq: Square) -> LineView {
        line_view(self.ranks[sq.rank() as usize], sq.file() as u32, 9)
    }

    /// The blockers and empty points on `sq`'s file, seen from `sq`, as rank-bits of the file.
    #[inline]
    pub(crate) fn file_view(&self, sq: Square) -> LineView {
        line_view(self.files[sq.file() as usize], sq.rank() as u32, 10)
    }

    /// Whether a piece of `by` attacks `sq` in the sense of the chariot, cannon, horse, soldier or the facing
    /// generals — the attacks that can reach a general. Advisors and elephants are left out: they can never
    /// reach the enemy general. The general's own one-step attacks are left out too; facing is included.
    #[inline]
    pub(crate) fn general_attacked(&self, sq: Square, by: Color) -> bool {
        let theirs = self.by_color(by);
        let rv = self.rank_view(sq);
        let fv = self.file_view(sq);
        let chariots = theirs & self.by_role(Role::Chariot);
        let cannons = theirs & self.by_role(Role::Cannon);
        let rank_base = sq.rank() as usize * 9;
        let file = sq.file() as usize;
        let (mut first, mut second) = (Bitboard::EMPTY, Bitboard::EMPTY);
        first.0 |= (rv.first as u128) << rank_base;
        second.0 |= (rv.second as u128) << rank_base;
        first.0 |= spread_file(fv.first) << file;
        second.0 |= spread_file(fv.second) << file;
        let facing = Bitboard(spread_file(fv.first) << file) & theirs & self.by_role(Role::General);
        if !((first & chariots) | (second & cannons) | facing).is_empty() {
            return true;
        }
        self.horse_attacks_on(sq, by) || self.soldier_attacks_on(sq, by)
    }

    #[inline]
    fn horse_attacks_on(&self, sq: Square, by: Color) -> bool {
        let horses = self.by_piece(Piece::new(by, Role::Horse));
        if horses.is_empty() {
            return false;
        }
        for (df, dr) in DIAGONALS {
            if let Some(leg) = sq.offset(df, dr) {
                if self.is_empty_at(leg) {
                    for h in [sq.offset(df, 2 * dr), sq.offset(2 * df, dr)]
                        .into_iter()
                        .flatten()
                    {
                        if horses.contains(h) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    #[inline]
    fn soldier_attacks_on(&self, sq: Square, by: Color) -> bool {
        let soldiers = self.by_piece(Piece::new(by, Role::Soldier));
        let back = if by == Color::Red { -1 } else { 1 };
        [sq.offset(0, back), sq.offset(1, 0), sq.offset(-1, 0)]
            .into_iter()
            .flatten()
            .any(|s| soldiers.contains(s) && SOLDIER_STEPS[by.index()][s.index()].contains(sq))
    }

    /// Every piece of `by` that could capture on `sq` if it held an enemy piece (RULES.md §2 "attack"),
    /// ignoring pins. The general attacks only its orthogonal neighbours in its palace; facing is not
    /// included (see [`Board::facing_generals`]).
    pub fn attackers(&self, sq: Square, by: Color) -> Bitboard {
        let theirs = self.by_color(by);
        let rv = self.rank_view(sq);
        let fv = self.file_view(sq);
        let rank_base = sq.rank() as usize * 9;
        let file = sq.file() as usize;
        let first = Bitboard(((rv.first as u128) << rank_base) | (spread_file(fv.first) << file));
        let second =
            Bitboard(((rv.second as u128) << rank_base) | (spread_file(fv.second) << file));
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
            spread_file(v.first) << r.file() as usize & (1u128 << b.index()) != 0
        }
    }
}

/// Spreads the 10 rank bits of a file mask to the squares of file `a` (shift left by the file index after).
#[inline]
pub(crate) fn spread_file(bits: u16) -> u128 {
    let mut out = 0u128;
    let mut b = bits;
    while b != 0 {
        let r = b.trailing_zeros();
        out |= 1u128 << (r * 9);
        b &= b - 1;
    }
    out
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9 {
                let sq = Square::from_coords(file, rank).unwrap_or_else(|| unreachable!());
                let c = self.piece_at(sq).map_or('.', Piece::fen_char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "  abcdefghi")
    }
}
