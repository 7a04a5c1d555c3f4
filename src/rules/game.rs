//! A game: a start position, the moves played, play and undo.

use super::{FenError, IllegalMoveError, Move, ParseMoveError, Piece, Position, Undo};
use core::fmt;

/// A move as it was played, with what is needed to take it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// The piece that moved.
    pub piece: Piece,
    /// The piece it captured.
    pub captured: Option<Piece>,
    /// Whether it gave check.
    pub check: bool,
    /// The Zobrist key of the position before the move.
    pub hash_before: u64,
    undo: Undo,
}

/// Why a move given as text could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The text is not a move (ICCS `h2e2` / `H2-E2`).
    Syntax(ParseMoveError),
    /// The move is well-formed but not legal here.
    Illegal(IllegalMoveError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Syntax(e) => e.fmt(f),
            GameError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}

/// A game from a start position: the current position and the moves that led to it.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    history: Vec<PlayedMove>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::new())
    }
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            pos: start.clone(),
            start,
            history: Vec::new(),
        }
    }

    /// A game starting from a FEN.
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Ok(Game::new(Position::from_fen(fen)?))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played so far.
    pub fn history(&self) -> &[PlayedMove] {
        &self.history
    }

    /// Plays a legal move; an illegal one leaves the game unchanged.
    pub fn play(&mut self, m: Move) -> Result<PlayedMove, IllegalMoveError> {
        self.pos
            .check_move(m)
            .map_err(|reason| IllegalMoveError { mv: m, reason })?;
        Ok(self.play_unchecked(m))
    }

    /// Parses an ICCS move and plays it.
    pub fn play_iccs(&mut self, text: &str) -> Result<PlayedMove, GameError> {
        let m: Move = text.parse().map_err(GameError::Syntax)?;
        self.play(m).map_err(GameError::Illegal)
    }

    fn play_unchecked(&mut self, m: Move) -> PlayedMove {
        let piece = self
            .pos
            .board()
            .piece_at(m.from)
            .unwrap_or_else(|| unreachable!());
        let hash_before = self.pos.hash();
        let undo = self.pos.play_unchecked(m);
        let rec = PlayedMove {
            mv: m,
            piece,
            captured: undo.captured,
            check: self.pos.is_check(),
            hash_before,
            undo,
        };
        self.history.push(rec);
        rec
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<PlayedMove> {
        let rec = self.history.pop()?;
        self.pos.undo(rec.mv, rec.undo);
        Some(rec)
    }

    /// Back to the start position.
    pub fn reset(&mut self) {
        self.pos = self.start.clone();
        self.history.clear();
    }
}
