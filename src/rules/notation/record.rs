//! The game record shared by [`pgn`](super::pgn) and [`dhtmlxq`](super::dhtmlxq): headers, the start position,
//! the main line with per-move comments and NAGs, and nested variations; and the errors of reading records.

use super::encoding::DecodeError;
use super::NotationError;
use crate::rules::adjudication::{Mode, Options};
use crate::rules::{FenError, Game, Move, Position};
use core::fmt;

/// One move of a line, with what is said about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move (legal in the position reached by the moves before it).
    pub mv: Move,
    /// Numeric annotation glyphs (`$1` = good move, `$2` = mistake, ...), in the order given.
    pub nags: Vec<u8>,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Alternatives to this move, each played from the position before it.
    pub variations: Vec<Line>,
}

impl Node {
    /// A move without comment, NAGs or variations.
    pub fn new(mv: Move) -> Node {
        Node {
            mv,
            nags: Vec::new(),
            comment: None,
            variations: Vec::new(),
        }
    }
}

/// A sequence of moves: the main line or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The moves.
    pub moves: Vec<Node>,
}

/// A game record: headers (tag pairs), start position and move tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Tag pairs in file order (`Event`, `Red`, `Black`, `Result`, ...). The start position is kept in
    /// [`GameRecord::start`]; a `FEN` tag, if present, is rewritten from it on output.
    pub headers: Vec<(String, String)>,
    /// The start position.
    pub start: Position,
    /// The main line.
    pub mainline: Line,
}

impl Default for GameRecord {
    fn default() -> GameRecord {
        GameRecord::new(Position::new())
    }
}

impl GameRecord {
    /// An empty record from `start`.
    pub fn new(start: Position) -> GameRecord {
        GameRecord {
            headers: Vec::new(),
            start,
            mainline: Line::default(),
        }
    }

    /// The record of a played game: its start position and moves, no headers.
    pub fn from_game(game: &Game) -> GameRecord {
        let mut r = GameRecord::new(game.start().clone());
        r.mainline.moves = game.history().iter().map(|p| Node::new(p.mv)).collect();
        r
    }

    /// Plays the main line from the start position (on past an ending the players did not stop at; the
    /// game's outcome is the first ending reached). Every move of a parsed record is legal, so this fails
    /// only for a record built by hand with an illegal move.
    pub fn to_game(&self) -> Result<Game, crate::rules::IllegalMoveError> {
        // Records may go on after an ending the players did not claim (a repetition the arbiter asked them
        // to vary, a dead position): replay them in analysis mode, then rule the game normally. The outcome
        // is the first ending reached.
        let analysis = Options {
            mode: Mode::Analysis,
            ..Options::default()
        };
        let mut g =
            Game::with_options(self.start.clone(), analysis).unwrap_or_else(|_| unreachable!());
        for n in &self.mainline.moves {
            g.play(n.mv)?;
        }
        g.set_options(Options::default())
            .unwrap_or_else(|_| unreachable!());
        Ok(g)
    }

    /// The value of a header (case-sensitive name).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a header, replacing its value in place or appending it.
    pub fn set_header(&mut self, name: &str, value: &str) {
        match self.headers.iter_mut().find(|(k, _)| k == name) {
            Some(h) => h.1 = value.to_string(),
            None => self.headers.push((name.to_string(), value.to_string())),
        }
    }

    /// The result: `"1-0"` (Red won), `"0-1"`, `"1/2-1/2"` or `"*"` (unknown), from the `Result` header.
    pub fn result(&self) -> &str {
        self.header("Result").unwrap_or("*")
    }

    /// The main-line moves.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.mainline.moves.iter().map(|n| n.mv)
    }
}

/// How deeply variations may nest (a variation inside a variation inside ...). Real records stay far below;
/// the limit keeps hostile input from exhausting the stack.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// Which record format an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// PGN.
    Pgn,
    /// DhtmlXQ.
    DhtmlXq,
}

/// A malformed record: the text does not follow the format. Lines and columns count from 1; columns in
/// characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The format being read.
    pub format: RecordFormat,
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A move of a record that cannot be played: which one and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMoveError {
    /// Which game of the file, from 0.
    pub game: usize,
    /// The ply of the move in the game, from 1 (the first move after the start position is ply 1; in a
    /// variation, the ply the variation's move would have).
    pub ply: usize,
    /// Whether the move is in a variation rather than the main line.
    pub in_variation: bool,
    /// The move text as written.
    pub text: String,
    /// Line of the move text, from 1.
    pub line: usize,
    /// Column of the move text, from 1.
    pub column: usize,
    /// Why the move cannot be read or played.
    pub error: NotationError,
}

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The bytes are not UTF-8 nor GBK.
    Encoding(DecodeError),
    /// The text is malformed.
    Syntax(SyntaxError),
    /// The start position (a `FEN` tag or `DhtmlXQ_binit`) is not a legal position.
    Fen {
        /// Line of the FEN, from 1.
        line: usize,
        /// Column of the FEN, from 1.
        column: usize,
        /// The problem.
        error: FenError,
    },
    /// A move is illegal, ambiguous or unreadable in its position.
    Move(RecordMoveError),
    /// The text holds no game.
    NoGame,
}

impl RecordError {
    /// A stable machine-readable code: `ERR_RECORD_SYNTAX`, `ERR_RECORD_FEN`, `ERR_RECORD_MOVE`,
    /// `ERR_RECORD_ENCODING`, `ERR_RECORD_EMPTY`. For a move error [`RecordMoveError::error`] has its own code.
    pub const fn code(&self) -> &'static str {
        match self {
            RecordError::Encoding(_) => "ERR_RECORD_ENCODING",
            RecordError::Syntax(_) => "ERR_RECORD_SYNTAX",
            RecordError::Fen { .. } => "ERR_RECORD_FEN",
            RecordError::Move(_) => "ERR_RECORD_MOVE",
            RecordError::NoGame => "ERR_RECORD_EMPTY",
        }
    }

    /// Line and column of the error, if it has a place in the text.
    pub fn location(&self) -> Option<(usize, usize)> {
        match self {
            RecordError::Syntax(e) => Some((e.line, e.column)),
            RecordError::Fen { line, column, .. } => Some((*line, *column)),
            RecordError::Move(e) => Some((e.line, e.column)),
            RecordError::Encoding(_) | RecordError::NoGame => None,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Encoding(e) => e.fmt(f),
            RecordError::Syntax(e) => {
                let name = match e.format {
                    RecordFormat::Pgn => "PGN",
                    RecordFormat::DhtmlXq => "DhtmlXQ",
                };
                write!(
                    f,
                    "{name} syntax error at line {}, column {}: {}",
                    e.line, e.column, e.message
                )
            }
            RecordError::Fen {
                line,
                column,
                error,
            } => write!(f, "line {line}, column {column}: {error}"),
            RecordError::Move(e) => {
                write!(
                    f,
                    "line {}, column {}: game {}, ply {}{}: {}",
                    e.line,
                    e.column,
                    e.game + 1,
                    e.ply,
                    if e.in_variation { " (variation)" } else { "" },
                    e.error
                )
            }
            RecordError::NoGame => f.write_str("the text holds no game"),
        }
    }
}

impl std::error::Error for RecordError {}

impl From<DecodeError> for RecordError {
    fn from(e: DecodeError) -> RecordError {
        RecordError::Encoding(e)
    }
}

/// Line and column (from 1, columns in characters) of byte offset `at` in `text`.
pub(in crate::rules) fn line_col(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}
