//! The game record shared by [`pgn`](super::pgn) and [`dhtmlxq`](super::dhtmlxq): headers, the start position,
//! the main line with per-move comments and NAGs, and nested variations; and the errors of reading records.

use super::drawing::Drawing;
use super::encoding::DecodeError;
use super::error::NotationError;
use crate::adjudication::{GameResult, Mode, Options, Reason, Ruleset};
use crate::headers;
use crate::names::{named, Named};
use crate::{
    Color, EndingError, FenError, Game, IllegalMoveError, Move, Position, PositionError, Setup,
    SetupProblem,
};
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
    /// Arrows and circled points shown with the position after the move, in the order given (see
    /// [`drawing`](super::drawing): `[%cal …]` / `[%csl …]` in a comment).
    pub drawings: Vec<Drawing>,
}

impl Node {
    /// The comment this move carries in a format without NAGs or drawings of its own (DhtmlXQ, XQF): its text,
    /// then `[%cal …]`, `[%csl …]` and `[%nag …]` (see [`drawing`](super::drawing)).
    pub fn comment_with_commands(&self) -> Option<String> {
        super::drawing::comment_with_commands(self.comment.as_deref(), &self.drawings, &self.nags)
    }

    /// A move without comment, NAGs or variations.
    pub fn new(mv: Move) -> Node {
        Node {
            mv,
            nags: Vec::new(),
            comment: None,
            variations: Vec::new(),
            drawings: Vec::new(),
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

/// A game record: headers (tag pairs), start position and move tree, and what the reader noticed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Tag pairs in file order (`Event`, `Red`, `Black`, `Result`, ...), values verbatim. The start position
    /// is kept in [`GameRecord::start`]; a `FEN` tag is written back as read when it still gives that position.
    pub headers: Vec<(String, String)>,
    /// The start position.
    pub start: Position,
    /// The main line.
    pub mainline: Line,
    /// What the reader accepted although the record does not follow its format exactly (an unescaped quote
    /// in a tag, `+P+1`, a move that leaves out 前/后, an illegal move of a binary record dropped, ...), in
    /// the order met. Empty for a record built by hand or written by this crate.
    pub warnings: Vec<Warning>,
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
            warnings: Vec::new(),
        }
    }

    /// The record of a game: its start position, its moves with their comments and NAGs, its headers
    /// ([`Game::headers`], verbatim and in order) and the tags that say how it stands, set in place or
    /// appended: `Result` (the outcome's; `*` while it goes on — a `Result` value that is no result, such as
    /// `0-0`, is kept as it was), `Termination` once it ended other than by a recorded result (see
    /// [`GameRecord::to_game`]; a record's own `Termination` is kept for a recorded result), and [`RULES_TAG`]
    /// when its options are not the defaults (a record's own tag is kept while it still says the options).
    pub fn from_game(game: &Game) -> GameRecord {
        GameRecord::from_game_with(game, &[])
    }

    /// [`GameRecord::from_game`] with `overrides`: headers set over the game's own (in place, or appended), and
    /// not rewritten by the game's state (a `Result` given here is written as given).
    pub fn from_game_with(game: &Game, overrides: &[(String, String)]) -> GameRecord {
        let mut r = GameRecord::new(game.start().clone());
        r.headers = game.headers().to_vec();
        for (k, v) in overrides {
            r.set_header(k, v);
        }
        let given = |name: &str| overrides.iter().any(|(k, _)| k == name);
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
                drawings: Vec::new(),
            })
            .collect();
        let outcome = game.outcome();
        if !given("Result") {
            match outcome {
                Some(o) => r.set_header("Result", o.result().as_str()),
                // A result the game no longer has (a move was taken back) goes; a value that is no result
                // (`*`, `0-0`) stays as the record wrote it.
                None if r
                    .header("Result")
                    .map_or(true, |v| GameResult::parse(v).is_some()) =>
                {
                    r.set_header("Result", "*")
                }
                None => {}
            }
        }
        if let Some(o) = outcome.filter(|o| o.reason() != Reason::Recorded) {
            if !given("Termination") {
                r.set_header("Termination", termination_of(o.reason()));
            }
        }
        if !given(RULES_TAG) {
            let options = *game.options();
            let kept = r
                .header(RULES_TAG)
                .is_some_and(|t| read_rules_tag(t) == options);
            if !kept {
                if options != Options::default() {
                    r.set_header(RULES_TAG, &write_rules_tag(&options));
                } else {
                    headers::remove_header(&mut r.headers, RULES_TAG);
                }
            }
        }
        r
    }

    /// The options a record's [`RULES_TAG`] gives (the defaults for what it does not say; words it does not
    /// understand are ignored, so a tag written by other software cannot make a record unreadable).
    pub fn options(&self) -> Options {
        self.header(RULES_TAG)
            .map_or_else(Options::default, read_rules_tag)
    }

    /// The game the record tells: the main line read with [`Game::play_recorded`] from the start position under
    /// the record's [`GameRecord::options`], with the headers, and the comments and NAGs of the main line
    /// (variations are not part of a [`Game`]). Reading a record, the record speaks: a repetition or the move
    /// limit reached by its moves ends nothing ([`Game::ruling`] tells), only mate and stalemate do. When the
    /// `Result` header gives a result (`1-0`, `0-1`, `1/2-1/2`) it stands: a `Termination` of
    /// `"resignation"`, `"agreement"`, `"time forfeit"` or `"rules infraction"` (also `"resigned"`, `"agreed"`,
    /// `"illegal move"`) records that external ending, else [`Game::record_result`] gives the outcome (the
    /// ending on the board or by the rules when it falls on the last ply with that result, else
    /// [`Reason::Recorded`]). A record without a result stays unfinished unless its moves end in mate or
    /// stalemate. Every move of a parsed record is legal, so this fails only for a record built by hand with
    /// an illegal move.
    pub fn to_game(&self) -> Result<Game, crate::IllegalMoveError> {
        let g = Game::for_record(self.start.clone(), self.options());
        // Cannot fail: `read_rules_tag` keeps every value it accepts in range (tested by
        // crates/rules/tests/notation/records.rs, `rules_tag_options_always_validate`).
        let mut g = g.unwrap_or_else(|_| unreachable!("the record's options are valid"));
        g.set_headers(self.headers.clone());
        g.set_comment(0, self.mainline.comment.clone());
        for (i, n) in self.mainline.moves.iter().enumerate() {
            g.play_recorded(n.mv)?;
            g.set_comment(i + 1, n.comment.clone());
            g.set_nags(i + 1, n.nags.clone());
        }
        if let Some(result) = GameResult::parse(self.result()) {
            if !g.is_over() || g.outcome().is_some_and(|o| o.result() != result) {
                let external = self.header("Termination").is_some_and(|t| {
                    !g.is_over() && apply_termination(&mut g, t, result).unwrap_or(false)
                });
                if !external {
                    // Cannot fail: no external ending was recorded.
                    let _ = g.record_result(result);
                }
            }
        }
        Ok(g)
    }

    /// The value of a header (case-sensitive name).
    pub fn header(&self, name: &str) -> Option<&str> {
        headers::header(&self.headers, name)
    }

    /// Sets a header, replacing its value in place or appending it.
    pub fn set_header(&mut self, name: &str, value: &str) {
        headers::set_header(&mut self.headers, name, value);
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

/// The PGN `Termination` value of an ending: the standard's `"normal"` for an ending on the board,
/// `"adjudication"` for a ruling of the arbiter (repetition, move limit, dead position), `"time forfeit"`,
/// `"rules infraction"`; and, so that a record says exactly how the game ended, `"resignation"` and
/// `"agreement"`.
fn termination_of(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate | Reason::Stalemate => "normal",
        Reason::Resignation => "resignation",
        Reason::Agreement => "agreement",
        Reason::TimeForfeit => "time forfeit",
        Reason::IllegalMove => "rules infraction",
        _ => "adjudication",
    }
}

/// Records the external ending a `Termination` tag and a result describe; `Ok(false)` when the tag names no
/// external ending (`"normal"`, `"adjudication"`, anything unknown) or one the result does not fit.
fn apply_termination(
    g: &mut Game,
    termination: &str,
    result: GameResult,
) -> Result<bool, EndingError> {
    let loser = result.winner().map(Color::other);
    match (termination.trim().to_ascii_lowercase().as_str(), loser) {
        ("resignation" | "resigned", Some(c)) => g.resign(c).map(drop)?,
        ("agreement" | "agreed", None) => {
            let c = g.position().turn();
            g.offer_draw(c)?;
            g.accept_draw(c.other()).map(drop)?
        }
        ("time forfeit", Some(c)) => g.time_forfeit(c).map(drop)?,
        ("rules infraction" | "illegal move", Some(c)) => g.illegal_move_forfeit(c).map(drop)?,
        _ => return Ok(false),
    }
    Ok(true)
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

/// A record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordFormat {
    /// PGN.
    Pgn,
    /// DhtmlXQ.
    DhtmlXq,
    /// XQF, the binary format of XQStudio (象棋演播室).
    Xqf,
    /// A FEN: a position without moves.
    Fen,
    /// CBR, the binary record of XiangQi Bridge (象棋桥): one game.
    Cbr,
    /// CBL, the binary library of XiangQi Bridge (象棋桥): many games.
    Cbl,
}

named!(RecordFormat, "format", [
    RecordFormat::Pgn => ("pgn", [], "PGN", "PGN"),
    RecordFormat::DhtmlXq => ("dhtmlxq", [], "DhtmlXQ", "东萍"),
    RecordFormat::Xqf => ("xqf", [], "XQF", "象棋演播室"),
    RecordFormat::Fen => ("fen", [], "FEN", "FEN"),
    RecordFormat::Cbr => ("cbr", [], "CBR", "象棋桥"),
    RecordFormat::Cbl => ("cbl", [], "CBL", "象棋桥棋库"),
]);

impl RecordFormat {
    /// `"pgn"`, `"dhtmlxq"`, `"xqf"`, `"fen"`, `"cbr"` or `"cbl"` ([`Named::as_str`]).
    pub fn code(self) -> &'static str {
        self.as_str()
    }

    /// The format of a [`RecordFormat::code`] (exactly; `FromStr` also ignores case).
    pub fn from_code(code: &str) -> Option<RecordFormat> {
        RecordFormat::ALL.iter().copied().find(|f| f.code() == code)
    }

    /// The format's name as people write it: `PGN`, `DhtmlXQ`, `XQF`, `FEN`, `CBR`, `CBL` (its English name).
    #[allow(clippy::misnamed_getters)] // `name` is the name people write, the table's English name
    pub fn name(self) -> &'static str {
        self.names().en
    }
}

/// What a reader accepted although the record does not follow its format exactly; the stable code of a
/// [`Warning`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WarningCode {
    /// PGN: an unescaped `"` inside a tag value, on a line holding that one tag (`[Event "1999年"中視杯"決賽"]`):
    /// the value runs to the last `"` before the closing `]`.
    TagQuote,
    /// WXF: the tandem marker before the piece letter (`+P+1` for `P++1`, `-R.3` for `R-.3`).
    WxfMarkerOrder,
    /// A move that leaves out 前/后 (`+`/`-`) although two pieces of its kind stand on its file, when only one
    /// of them can make the move (`车二进三` with chariots on 二 where only the front one can go).
    TandemMissing,
    /// PGN: the result token after the moves differs from the `Result` tag (the tag is kept).
    ResultMismatch,
    /// PGN: text after a game's result token that is neither a tag section nor a game (an advertisement, a
    /// line of `=`), skipped up to the next tag section.
    TextAfterResult,
    /// DhtmlXQ: a tag closed by another tag's closing (`[DhtmlXQ_blacktime][/DhtmlXQ_time]`): the value ends
    /// there.
    ClosingTag,
    /// DhtmlXQ, XQF: an illegal move of the record (a recording error: a side ignoring check, a piece of the
    /// wrong colour) is left out with everything after it on its line.
    IllegalMove,
    /// The encoding was chosen by the characters of the text, not by moves that read only in it (a record
    /// without moves, whose bytes are valid in several encodings).
    EncodingGuessed,
    /// XQF: bytes after the end of the move tree, ignored.
    TrailingBytes,
    /// XQF: a text field or comment holds bytes that are not valid in its encoding (GBK): they are shown as
    /// U+FFFD (�), the rest of the text as it is.
    InvalidText,
    /// A position record (a diagram: XQF, CBR, a FEN) whose side to move cannot be right — the side not to
    /// move is in check and the side to move is not — is read with the other side to move.
    SideToMove,
    /// PGN: a game with tags and no moves (not even a result), followed by the next game's tags: read as an
    /// empty game, never merged with its neighbour.
    EmptyGame,
}

impl WarningCode {
    /// The stable code: `WARN_TAG_QUOTE`, `WARN_WXF_MARKER_ORDER`, `WARN_TANDEM_MISSING`,
    /// `WARN_RESULT_MISMATCH`, `WARN_TEXT_AFTER_RESULT`, `WARN_CLOSING_TAG`, `WARN_ILLEGAL_MOVE`,
    /// `WARN_ENCODING_GUESSED`, `WARN_TRAILING_BYTES`, `WARN_INVALID_TEXT`, `WARN_SIDE_TO_MOVE`,
    /// `WARN_EMPTY_GAME`.
    pub const fn code(self) -> &'static str {
        match self {
            WarningCode::TagQuote => "WARN_TAG_QUOTE",
            WarningCode::WxfMarkerOrder => "WARN_WXF_MARKER_ORDER",
            WarningCode::TandemMissing => "WARN_TANDEM_MISSING",
            WarningCode::ResultMismatch => "WARN_RESULT_MISMATCH",
            WarningCode::TextAfterResult => "WARN_TEXT_AFTER_RESULT",
            WarningCode::ClosingTag => "WARN_CLOSING_TAG",
            WarningCode::IllegalMove => "WARN_ILLEGAL_MOVE",
            WarningCode::EncodingGuessed => "WARN_ENCODING_GUESSED",
            WarningCode::TrailingBytes => "WARN_TRAILING_BYTES",
            WarningCode::InvalidText => "WARN_INVALID_TEXT",
            WarningCode::SideToMove => "WARN_SIDE_TO_MOVE",
            WarningCode::EmptyGame => "WARN_EMPTY_GAME",
        }
    }

    /// Every code, in declaration order.
    pub const ALL: [WarningCode; 12] = [
        WarningCode::TagQuote,
        WarningCode::WxfMarkerOrder,
        WarningCode::TandemMissing,
        WarningCode::ResultMismatch,
        WarningCode::TextAfterResult,
        WarningCode::ClosingTag,
        WarningCode::IllegalMove,
        WarningCode::EncodingGuessed,
        WarningCode::TrailingBytes,
        WarningCode::InvalidText,
        WarningCode::SideToMove,
        WarningCode::EmptyGame,
    ];
}

/// Something a reader accepted although the record does not follow its format exactly, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// What it is.
    pub code: WarningCode,
    /// A sentence saying what was read and how.
    pub message: String,
    /// Line in the text, from 1; 0 for a binary record (see [`Warning::offset`]) or a warning about the whole
    /// input.
    pub line: usize,
    /// Column in characters, from 1; 0 with `line`.
    pub column: usize,
    /// Byte offset in a binary record (XQF).
    pub offset: Option<usize>,
}

impl Warning {
    /// A warning at a place of a text.
    pub fn at(
        code: WarningCode,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Warning {
        Warning {
            code,
            message: message.into(),
            line,
            column,
            offset: None,
        }
    }

    /// A warning at a byte offset of a binary record.
    pub fn at_offset(code: WarningCode, offset: usize, message: impl Into<String>) -> Warning {
        Warning {
            code,
            message: message.into(),
            line: 0,
            column: 0,
            offset: Some(offset),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.offset) {
            (0, Some(o)) => write!(f, "byte {o}: ")?,
            (0, None) => {}
            (l, _) => write!(f, "line {l}, column {}: ", self.column)?,
        }
        write!(f, "{} ({})", self.message, self.code.code())
    }
}

/// The start position of a position record: `setup` as it is, or — when its one problem is that the side not to
/// move is in check while the side to move is not (a diagram whose side to move cannot be right) — with the
/// other side to move and a [`WarningCode::SideToMove`] warning made by `warn` from its message.
pub(crate) fn diagram_position(
    setup: Setup,
    warn: impl FnOnce(String) -> Warning,
) -> Result<(Position, Option<Warning>), PositionError> {
    // One call of `from_setup` (the wasm build keeps one copy of it): the setup as given, then turned.
    let given = setup.turn;
    let mut setup = setup;
    let mut refused = None;
    loop {
        match Position::from_setup(setup.clone()) {
            Ok(p) if setup.turn == given => return Ok((p, None)),
            Ok(p) => {
                let message = format!(
                    "{given} to move, but {} is in check and {given} is not: read with {} to move",
                    setup.turn, setup.turn
                );
                return Ok((p, Some(warn(message))));
            }
            Err(e) if refused.is_none() && e.problems() == [SetupProblem::OppositeCheck] => {
                refused = Some(e);
                setup.turn = given.other();
            }
            Err(e) => return Err(refused.unwrap_or(e)),
        }
    }
}

/// [`diagram_position`] of a FEN.
pub(crate) fn diagram_fen(
    fen: &str,
    warn: impl FnOnce(String) -> Warning,
) -> Result<(Position, Option<Warning>), FenError> {
    let setup = fen.parse::<Setup>().map_err(FenError::Parse)?;
    diagram_position(setup, warn).map_err(FenError::Position)
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
    /// The bytes are not text in the encoding given, in none of the encodings tried, or in several alike.
    Encoding(DecodeError),
    /// The text is malformed.
    Syntax(SyntaxError),
    /// A binary record (XQF) is malformed: truncated, a bad signature or keys, a length past the end.
    Binary {
        /// The format.
        format: RecordFormat,
        /// Byte offset of the problem.
        offset: usize,
        /// What is wrong.
        message: String,
    },
    /// The start position (a `FEN` tag, `DhtmlXQ_binit`, the pieces of an XQF header) is not a legal
    /// position.
    Fen {
        /// Line of the FEN, from 1 (0 in a binary record).
        line: usize,
        /// Column of the FEN, from 1 (0 in a binary record).
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
            RecordError::Syntax(_) | RecordError::Binary { .. } => "ERR_RECORD_SYNTAX",
            RecordError::Fen { .. } => "ERR_RECORD_FEN",
            RecordError::Move(_) => "ERR_RECORD_MOVE",
            RecordError::NoGame => "ERR_RECORD_EMPTY",
        }
    }

    /// Line and column of the error, if it has a place in the text.
    pub fn location(&self) -> Option<(usize, usize)> {
        match self {
            RecordError::Syntax(e) => Some((e.line, e.column)),
            RecordError::Fen { line, column, .. } if *line > 0 => Some((*line, *column)),
            RecordError::Move(e) => Some((e.line, e.column)),
            RecordError::Fen { .. }
            | RecordError::Binary { .. }
            | RecordError::Encoding(_)
            | RecordError::NoGame => None,
        }
    }

    /// The byte offset of the error in a binary record.
    pub fn offset(&self) -> Option<usize> {
        match self {
            RecordError::Binary { offset, .. } => Some(*offset),
            _ => None,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Encoding(e) => e.fmt(f),
            RecordError::Syntax(e) => {
                let name = e.format.name();
                write!(
                    f,
                    "{name} syntax error at line {}, column {}: {}",
                    e.line, e.column, e.message
                )
            }
            RecordError::Binary {
                format,
                offset,
                message,
            } => write!(f, "{} file, byte {offset}: {message}", format.name()),
            RecordError::Fen { line: 0, error, .. } => write!(f, "the start position: {error}"),
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

/// Line and column of byte offsets of one text, for readers that go forward through a large text: each
/// position is counted from the last one asked for (from the start again only when going back), so a reader
/// of a 15 MB file pays for the text once, not once per warning or error.
#[derive(Clone, Debug, Default)]
pub(crate) struct LineCursor {
    /// The byte offset counted to, on a character boundary.
    at: usize,
    /// Its line, from 1 (0 before the first use).
    line: usize,
    /// The characters from the start of that line to `at`.
    column: usize,
}

impl LineCursor {
    /// Line and column (from 1, columns in characters) of byte offset `at` in `text`.
    pub(crate) fn locate(&mut self, text: &str, at: usize) -> (usize, usize) {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        if self.line == 0 || at < self.at {
            *self = LineCursor {
                at: 0,
                line: 1,
                column: 0,
            };
        }
        let span = &text[self.at..at];
        match span.rfind('\n') {
            Some(last) => {
                self.line += span.bytes().filter(|&b| b == b'\n').count();
                self.column = span[last + 1..].chars().count();
            }
            None => self.column += span.chars().count(),
        }
        self.at = at;
        (self.line, self.column + 1)
    }

    /// The syntax error of a `format` record at byte offset `at` of `text`: the one error helper of the text
    /// formats.
    pub(crate) fn syntax(
        &mut self,
        format: RecordFormat,
        text: &str,
        at: usize,
        message: impl Into<String>,
    ) -> RecordError {
        let (line, column) = self.locate(text, at);
        RecordError::Syntax(SyntaxError {
            format,
            line,
            column,
            message: message.into(),
        })
    }
}

/// Why a record cannot be written; nothing is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// A tag the format cannot hold: an empty name or one with characters other than letters, digits, `_` and
    /// `-`; a value with a line break or another control character; in PGN, a value with a `"`.
    Tag {
        /// The tag's name, as given.
        name: String,
        /// What is wrong.
        message: String,
    },
    /// A move of the tree that is not legal where it stands.
    Move {
        /// Its ply, from 1 (in a variation, the ply the variation's move would have).
        ply: usize,
        /// Whether it is in a variation.
        in_variation: bool,
        /// Why it is not legal.
        error: IllegalMoveError,
    },
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`] (no reader would take them back).
    Depth,
    /// Text of the record that the format's encoding cannot hold (XQF is GBK): which text, and the first
    /// character.
    Text {
        /// `tag Event`, `the comment of ply 12`, ...
        what: String,
        /// The character.
        ch: char,
    },
    /// The format cannot be written here: XQF without a GBK table (a native build without the `gbk`
    /// feature), or the format `fen`.
    Unsupported(RecordFormat),
}

impl WriteError {
    /// The stable code: `ERR_RECORD_TAG`, `ERR_RECORD_MOVE`, `ERR_RECORD_DEPTH`, `ERR_RECORD_TEXT`,
    /// `ERR_RECORD_FORMAT`.
    pub const fn code(&self) -> &'static str {
        match self {
            WriteError::Tag { .. } => "ERR_RECORD_TAG",
            WriteError::Move { .. } => "ERR_RECORD_MOVE",
            WriteError::Depth => "ERR_RECORD_DEPTH",
            WriteError::Text { .. } => "ERR_RECORD_TEXT",
            WriteError::Unsupported(_) => "ERR_RECORD_FORMAT",
        }
    }
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Tag { name, message } => write!(f, "tag {name:?}: {message}"),
            WriteError::Move {
                ply,
                in_variation,
                error,
            } => write!(
                f,
                "ply {ply}{}: {error}",
                if *in_variation { " (variation)" } else { "" }
            ),
            WriteError::Depth => write!(
                f,
                "variations nested more than {MAX_VARIATION_DEPTH} deep cannot be written"
            ),
            WriteError::Text { what, ch } => write!(
                f,
                "{what} has the character {ch:?} (U+{:04X}), which GBK cannot hold",
                *ch as u32
            ),
            WriteError::Unsupported(format) => {
                write!(f, "records cannot be written as {} here", format.name())
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// Takes the commands out of the comment of every move of `line` and of its variations (see
/// [`split_commands`](super::drawing::split_commands)): what the readers do after reading. Nesting is bounded by the readers'
/// `MAX_VARIATION_DEPTH`.
pub(crate) fn take_commands(line: &mut Line, nags: bool) {
    for node in &mut line.moves {
        if let Some(c) = node.comment.take() {
            if super::drawing::has_command(&c) {
                let (text, drawings, glyphs) = super::drawing::split_commands(&c, nags);
                node.comment = text;
                node.drawings.extend(drawings);
                node.nags.extend(glyphs);
            } else {
                node.comment = Some(c);
            }
        }
        for v in &mut node.variations {
            take_commands(v, nags);
        }
    }
}
