//! Legal positions: move generation, check, play and undo.

use super::attacks::{ADVISOR_STEPS, ELEPHANT_STEPS, GENERAL_STEPS, HORSE_STEPS, SOLDIER_STEPS};
use super::setup::placement_problems;
use super::{
    zobrist, Bitboard, Board, Color, IllegalMoveError, IllegalReason, Move, MoveList, Piece, Role,
};
use super::{PositionError, Setup, SetupProblem, Square};

/// The start position in FEN.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A legal xiangqi position (RULES.md §1.8): one general per side in its palace, every piece on a point it
/// can reach, the generals not facing, the side not to move not in check. Every method keeps it legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    generals: [Square; 2],
}

/// What [`Position::undo`] needs to take a move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The piece the move captured.
    pub captured: Option<Piece>,
    halfmoves: u32,
}

/// Whether the game goes on, as far as the position alone tells (RULES.md §4 orders 1–2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check and has no legal move (将死, jiàngsǐ): it loses.
    Checkmate,
    /// The side to move is not in check and has no legal move (困毙, kùnbì): it loses — never a draw.
    Stalemate,
}

const fn lines_table() -> [Bitboard; 90] {
    let mut out = [Bitboard::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let s = Square::new_unchecked(i as u8);
        let mut j = 0;
        while j < 90 {
            let t = Square::new_unchecked(j as u8);
            let df = t.file() as i32 - s.file() as i32;
            let dr = t.rank() as i32 - s.rank() as i32;
            if df == 0 || dr == 0 || (df * df == 1 && dr * dr == 1) {
                out[i] = out[i].with(t);
            }
            j += 1;
        }
        i += 1;
    }
    out
}

/// For a general on point g: its rank, its file and its diagonal neighbours (the horse legs of every horse
/// attack on g). A move that neither leaves one of these points nor lands on an empty point of g's rank or file
/// cannot expose g.
static SENSITIVE: [Bitboard; 90] = lines_table();

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The start position.
    pub fn new() -> Position {
        let setup = START_FEN
            .parse::<Setup>()
            .unwrap_or_else(|_| unreachable!());
        Position::from_setup(setup).unwrap_or_else(|_| unreachable!())
    }

    /// Validates a setup (RULES.md §1.8). The error lists every problem found.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut problems = placement_problems(&setup.board);
        let red = setup.board.by_piece(Piece::new(Color::Red, Role::General));
        let black = setup
            .board
            .by_piece(Piece::new(Color::Black, Role::General));
        if red.count() == 1 && black.count() == 1 {
            let generals = [
                red.first().unwrap_or_else(|| unreachable!()),
                black.first().unwrap_or_else(|| unreachable!()),
            ];
            if setup.board.facing_generals() {
                problems.push(SetupProblem::GeneralsFacing);
            } else {
                let them = setup.turn.other();
                if setup
                    .board
                    .general_attacked(generals[them.index()], setup.turn)
                {
                    problems.push(SetupProblem::OppositeCheck);
                }
            }
            if problems.is_empty() {
                return Ok(Position {
                    board: setup.board,
                    turn: setup.turn,
                    halfmoves: setup.halfmoves,
                    fullmoves: setup.fullmoves.max(1),
                    generals,
                });
            }
        }
        Err(PositionError::new(problems))
    }

    /// The position as an unvalidated [`Setup`].
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture (RULES.md §4.4).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (1 at the start, +1 after each Black move).
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The general of `color`.
    #[inline]
    pub fn general(&self, color: Color) -> Square {
        self.generals[color.index()]
    }

    /// The Zobrist key: placement and side to move. Kept incrementally by [`Position::play`].
    #[inline]
    pub fn hash(&self) -> u64 {
        self.board.placement_key() ^ zobrist::side_key(self.turn)
    }

    /// Whether the side to move is in check (将军, jiāngjūn).
    #[inline]
    pub fn is_check(&self) -> bool {
        self.board
            .general_attacked(self.general(self.turn), self.turn.other())
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        let g = self.general(self.turn);
        let them = self.turn.other();
        let mut out = self.board.attackers(g, them);
        let enemy_general = self.general(them);
        if enemy_general.file() == g.file() && self.board.facing_generals() {
            out = out.with(enemy_general);
        }
        out
    }

    /// Calls `f(from, to)` for every pseudo-legal move of the side to move (RULES.md §2).
    #[inline]
    fn pseudo_moves<F: FnMut(Square, Square)>(&self, mut f: F) {
        let b = &self.board;
        let us = self.turn;
        let own = b.by_color(us);
        let enemy = b.by_color(us.other());
        let not_own = !own;
        for from in own & b.by_role(Role::Chariot) {
            let rv = b.rank_view(from);
            let fv = b.file_view(from);
            let rank_base = from.rank() * 9;
            for bit in bits(rv.quiet | rv.first) {
                let to = Square::new_unchecked(rank_base + bit);
                if not_own.contains(to) {
                    f(from, to);
                }
            }
            for bit in bits(fv.quiet | fv.first) {
                let to = Square::new_unchecked(bit * 9 + from.file());
                if not_own.contains(to) {
                    f(from, to);
                }
            }
        }
        for from in own & b.by_role(Role::Horse) {
            for st in HORSE_STEPS[from.index()].as_slice() {
                if b.is_empty_at(st.block) && not_own.contains(st.to) {
                    f(from, st.to);
                }
            }
        }
        for from in own & b.by_role(Role::Cannon) {
            let rv = b.rank_view(from);
            let fv = b.file_view(from);
            let rank_base = from.rank() * 9;
            for bit in bits(rv.quiet) {
                f(from, Square::new_unchecked(rank_base + bit));
            }
            for bit in bits(rv.second) {
                let to = Square::new_unchecked(rank_base + bit);
                if enemy.contains(to) {
                    f(from, to);
                }
            }
            for bit in bits(fv.quiet) {
                f(from, Square::new_unchecked(bit * 9 + from.file()));
            }
            for bit in bits(fv.second) {
                let to = Square::new_unchecked(bit * 9 + from.file());
                if enemy.contains(to) {
                    f(from, to);
                }
            }
        }
        for from in own & b.by_role(Role::Soldier) {
            for to in SOLDIER_STEPS[us.index()][from.index()] & not_own {
                f(from, to);
            }
        }
        for from in own & b.by_role(Role::Elephant) {
            for st in ELEPHANT_STEPS[from.index()].as_slice() {
                if b.is_empty_at(st.block) && not_own.contains(st.to) {
                    f(from, st.to);
                }
            }
        }
        for from in own & b.by_role(Role::Advisor) {
            for to in ADVISOR_STEPS[from.index()] & not_own {
                f(from, to);
            }
        }
        let g = self.general(us);
        for to in GENERAL_STEPS[g.index()] & not_own {
            f(g, to);
        }
    }

    /// Calls `f(move)` for every legal move (RULES.md §3.3), in generation order.
    #[inline]
    pub fn for_each_legal<F: FnMut(Move)>(&self, mut f: F) {
        let us = self.turn;
        let them = us.other();
        let g = self.general(us);
        let in_check = self.is_check();
        let sensitive = if in_check {
            Bitboard::FULL
        } else {
            SENSITIVE[g.index()]
        };
        let line = SENSITIVE[g.index()];
        let mut scratch: Option<Board> = None;
        self.pseudo_moves(|from, to| {
            let risky =
                sensitive.contains(from) || (line.contains(to) && self.board.is_empty_at(to));
            if !risky {
                f(Move::new(from, to));
                return;
            }
            let b = scratch.get_or_insert_with(|| self.board.clone());
            let captured = b.move_piece(from, to);
            let king = if from == g { to } else { g };
            let safe = !b.general_attacked(king, them);
            b.unmove_piece(from, to, captured);
            if safe {
                f(Move::new(from, to));
            }
        });
    }

    /// Every legal move, in generation order (use [`MoveList::sort_iccs`] for ICCS order).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal(|m| list.push(m));
        list
    }

    /// The number of legal moves.
    #[inline]
    pub fn count_legal(&self) -> usize {
        let mut n = 0;
        self.for_each_legal(|_| n += 1);
        n
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        // A scan that could stop early would save little: positions without moves are rare.
        self.count_legal() > 0
    }

    /// Whether the game is over on the board (checkmate or stalemate), RULES.md §4 orders 1–2.
    pub fn status(&self) -> Status {
        if self.has_legal_move() {
            Status::Ongoing
        } else if self.is_check() {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// Whether `m` is legal here. Agrees with [`Position::legal_moves`].
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// Why `m` is not legal here, or `Ok` if it is.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalReason> {
        let b = &self.board;
        let Some(piece) = b.piece_at(m.from) else {
            return Err(IllegalReason::EmptySquare(m.from));
        };
        if piece.color != self.turn {
            return Err(IllegalReason::NotYourPiece(m.from, piece.color));
        }
        if m.from == m.to {
            return Err(IllegalReason::NullMove);
        }
        if let Some(t) = b.piece_at(m.to) {
            if t.color == self.turn {
                return Err(IllegalReason::OwnPieceOnTarget(m.to, t.role));
            }
        }
        super::illegal::check_geometry(b, piece, m)?;
        let mut scratch = b.clone();
        let captured = scratch.move_piece(m.from, m.to);
        let g = if piece.role == Role::General {
            m.to
        } else {
            self.general(self.turn)
        };
        if captured.is_some_and(|c| c.role == Role::General) {
            // Cannot happen in a legal position: the side not to move is never in check.
            return Err(IllegalReason::CapturesGeneral);
        }
        if scratch.general_attacked(g, self.turn.other()) {
            // Attacked by a piece (facing aside) or only by the facing rule?
            return Err(if scratch.attackers(g, self.turn.other()).is_empty() {
                IllegalReason::GeneralsWouldFace
            } else {
                IllegalReason::LeavesGeneralInCheck
            });
        }
        Ok(())
    }

    /// Plays `m` if it is legal; otherwise returns why not and leaves the position unchanged.
    pub fn play(&mut self, m: Move) -> Result<Undo, IllegalMoveError> {
        match self.check_move(m) {
            Ok(()) => Ok(self.play_unchecked(m)),
            Err(reason) => Err(IllegalMoveError { mv: m, reason }),
        }
    }

    /// Plays `m`, which the caller guarantees to be legal (for example, taken from
    /// [`Position::legal_moves`]). Playing an illegal move through this method leaves an unspecified but
    /// memory-safe position; use [`Position::play`] for untrusted input.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let undo = Undo {
            captured: self.board.piece_at(m.to),
            halfmoves: self.halfmoves,
        };
        let captured = self.board.move_piece(m.from, m.to);
        if self.generals[self.turn.index()] == m.from {
            self.generals[self.turn.index()] = m.to;
        }
        self.halfmoves = if captured.is_some() {
            0
        } else {
            self.halfmoves + 1
        };
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
        undo
    }

    /// Takes back `m`, which must be the last move played, with the [`Undo`] its play returned.
    #[inline]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        self.turn = self.turn.other();
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        self.halfmoves = undo.halfmoves;
        self.board.unmove_piece(m.from, m.to, undo.captured);
        if self.generals[self.turn.index()] == m.to {
            self.generals[self.turn.index()] = m.from;
        }
    }

    /// Passes the move to the other side without moving (a "null move" for search and for threat
    /// detection). Only valid when the side to move is not in check.
    pub fn pass(&mut self) {
        self.turn = self.turn.other();
    }

    /// Whether `m` captures.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        !self.board.is_empty_at(m.to)
    }

    /// Whether the legal move `m` gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut p = self.clone();
        p.play_unchecked(m);
        p.is_check()
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
