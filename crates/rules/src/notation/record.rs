//! The game record shared by [`pgn`](super::pgn) and [`dhtmlxq`](super::dhtmlxq): headers, the start position,
//! the main line with per-move comments and NAGs, and nested variations; and the errors of reading records.

use super::encoding::DecodeError;
use super::NotationError;
use crate::adjudication::{Mode, Options, Reason, Ruleset};
use crate::{Color, EndingError, FenError, Game, Move, Position};
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

    /// The record of a played game: its start position, its moves with their comments and NAGs, and the tags
    /// that say how it stands — `Result` (`*` while it goes on), `Termination` once it ended (see
    /// [`GameRecord::to_game`]) and [`RULES_TAG`] when its options are not the defaults.
    pub fn from_game(game: &Game) -> GameRecord {
        let mut r = GameRecord::new(game.start().clone());
        r.mainline.comment = game.comment(0).map(str::to_string);
        r.mainline.moves = game
            .history()
            .iter()
            .enumerate()
            .map(|(i, p)| Node {
                mv: p.mv,
                nags: game.nags(i + 1).to_vec(),
                comment: game.comment(i + 1).map(str::to_string),
                variations: Vec::new(),
            })
            .collect();
        let outcome = game.outcome();
        r.set_header("Result", outcome.map_or("*", |o| o.result().as_str()));
        if let Some(o) = outcome {
            r.set_header("Termination", termination_of(o.reason()));
        }
        if *game.options() != Options::default() {
            r.set_header(RULES_TAG, &write_rules_tag(game.options()));
        }
        r
    }

    /// The options a record's [`RULES_TAG`] gives (the defaults for what it does not say; words it does not
    /// understand are ignored, so a tag written by other software cannot make a record unreadable).
    pub fn options(&self) -> Options {
        self.header(RULES_TAG)
            .map_or_else(Options::default, read_rules_tag)
    }

    /// Plays the main line from the start position (on past an ending the players did not stop at; the
    /// game's outcome is the first ending reached), under the record's [`GameRecord::options`], with the
    /// comments and NAGs of the main line (variations are not part of a [`Game`]). When the moves do not end
    /// the game by the rules, a `Termination` tag with a decisive or drawn `Result` restores the external
    /// ending: `"normal"` is a resignation of the loser (an agreed draw for `1/2-1/2`), `"time forfeit"` a
    /// time forfeit, `"rules infraction"` an illegal-move forfeit (the PGN standard's values; `"resignation"`,
    /// `"agreement"` and `"illegal move"` are read too). Every move of a parsed record is legal, so this fails
    /// only for a record built by hand with an illegal move.
    pub fn to_game(&self) -> Result<Game, crate::IllegalMoveError> {
        // Records may go on after an ending the players did not claim (a repetition the arbiter asked them
        // to vary, a dead position): replay them in analysis mode, then rule the game normally. The outcome
        // is the first ending reached.
        let analysis = Options {
            mode: Mode::Analysis,
            ..Options::default()
        };
        // Cannot fail: the default options with another mode are valid.
        let mut g =
            Game::with_options(self.start.clone(), analysis).unwrap_or_else(|_| unreachable!());
        g.set_comment(0, self.mainline.comment.clone());
        for (i, n) in self.mainline.moves.iter().enumerate() {
            g.play(n.mv)?;
            g.set_comment(i + 1, n.comment.clone());
            g.set_nags(i + 1, n.nags.clone());
        }
        let options = self.options();
        // Cannot fail: `read_rules_tag` keeps every value it accepts in range (tested by
        // crates/rules/tests/notation/records.rs, `rules_tag_options_always_validate`).
        g.set_options(options).unwrap_or_else(|_| unreachable!());
        if !g.is_over() {
            if let Some(t) = self.header("Termination") {
                // A Termination that cannot apply to the game as played (an ending that is not open to the
                // side the Result names) is ignored, as an unknown one is: the moves are the record.
                if apply_termination(&mut g, t, self.result()).is_err() {
                    debug_assert!(
                        g.outcome().is_none(),
                        "a refused ending leaves the game as it was"
                    );
                }
            }
        }
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

/// The tag that holds a game's rule set and the options that differ from the defaults:
/// `[XiangqiRules "cxa moveLimit=50"]` — the rule set (`axf` or `cxa`) first, then `name=value` words with the
/// names of the JS `GameOptions`: `moveLimit` (in moves; 0 = none), `repetitionCount`, `mode`
/// (`adjudicate`, `enforce`, `analysis`), `checkDiscount` (`true`/`false`), `mateThreatDepth`, and
/// `cxaCheckChases` (`true`/`false`).
pub const RULES_TAG: &str = "XiangqiRules";

/// The PGN `Termination` value of an ending (the standard's words: `normal` for endings on the board, a
/// resignation or an agreed draw).
fn termination_of(reason: Reason) -> &'static str {
    match reason {
        Reason::TimeForfeit => "time forfeit",
        Reason::IllegalMove => "rules infraction",
        _ => "normal",
    }
}

/// Records the external ending a `Termination` tag and a result describe.
fn apply_termination(g: &mut Game, termination: &str, result: &str) -> Result<(), EndingError> {
    let loser = match result {
        "1-0" => Some(Color::Black),
        "0-1" => Some(Color::Red),
        "1/2-1/2" => None,
        _ => return Ok(()),
    };
    match (termination.trim().to_ascii_lowercase().as_str(), loser) {
        ("normal" | "resignation" | "resigned", Some(c)) => g.resign(c).map(drop),
        ("normal" | "agreement" | "agreed", None) => {
            let c = g.position().turn();
            g.offer_draw(c)?;
            g.accept_draw(c.other()).map(drop)
        }
        ("time forfeit", Some(c)) => g.time_forfeit(c).map(drop),
        ("rules infraction" | "illegal move", Some(c)) => g.illegal_move_forfeit(c).map(drop),
        _ => Ok(()),
    }
}

fn write_rules_tag(o: &Options) -> String {
    let d = Options::default();
    let mut s = o.ruleset.code().to_string();
    if o.move_limit != d.move_limit {
        s.push_str(&format!(" moveLimit={}", o.move_limit / 2));
    }
    if o.repetition_count != d.repetition_count {
        s.push_str(&format!(" repetitionCount={}", o.repetition_count));
    }
    if o.mode != d.mode {
        s.push_str(&format!(" mode={}", o.mode.code()));
    }
    if o.check_discount != d.check_discount {
        s.push_str(&format!(" checkDiscount={}", o.check_discount));
    }
    if o.mate_threat_depth != d.mate_threat_depth {
        s.push_str(&format!(" mateThreatDepth={}", o.mate_threat_depth));
    }
    if o.cxa_check_chases != d.cxa_check_chases {
        s.push_str(&format!(" cxaCheckChases={}", o.cxa_check_chases));
    }
    s
}

fn read_rules_tag(text: &str) -> Options {
    let mut o = Options::default();
    for word in text.split_whitespace() {
        let Some((k, v)) = word.split_once('=') else {
            if let Some(r) = Ruleset::from_code(word) {
                o.ruleset = r;
            }
            continue;
        };
        let n = v.parse::<u32>().ok();
        let b = v.parse::<bool>().ok();
        match (k, n, b) {
            ("moveLimit", Some(n), _) if n <= 10_000 => o.move_limit = n * 2,
            ("repetitionCount", Some(n), _) if (2..=100).contains(&n) => o.repetition_count = n,
            ("mode", ..) => o.mode = Mode::from_code(v).unwrap_or(o.mode),
            ("checkDiscount", _, Some(b)) => o.check_discount = b,
            ("mateThreatDepth", Some(n), _) if (1..=4).contains(&n) => o.mate_threat_depth = n,
            ("cxaCheckChases", _, Some(b)) => o.cxa_check_chases = b,
            _ => {}
        }
    }
    o
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
pub(crate) fn line_col(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}
