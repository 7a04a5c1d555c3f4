//! PGN as xiangqi databases write it: tag pairs (`[Game "Chinese Chess"]`, `[Red "..."]`, `[Black "..."]`,
//! `[Result "1-0"]`, `[FEN "..."]`, `[Format "Chinese" | "WXF" | "ICCS" | "Vietnamese"]`), then the move text with move numbers,
//! `{comments}`, `;` comments, NAGs (`$1`, or `!` `?` `!!` `??` `!?` `?!` after a move), `(variations)` and a
//! result (`1-0`, `0-1`, `1/2-1/2`, `*`). A file may hold several games.
//!
//! Moves may be written in any notation [`parse_move`](super::parse_move) reads, whatever the `Format` tag
//! says (it is informational on input), except `[Format "Vietnamese"]`: then every move is read in Vietnamese
//! notation ([`vietnamese`](super::vietnamese)), which is never guessed. On output the notation is chosen by
//! [`PgnOptions`]; Vietnamese moves always come with that tag.
//!
//! ```
//! use xiangqi::notation::pgn::{parse_pgn, write_pgn, PgnOptions};
//!
//! let text = "[Game \"Chinese Chess\"]\n[Result \"*\"]\n\n1. 炮二平五 {central cannon} 马8进7 (1... 炮8平5) 2. 马二进三 *\n";
//! let games = parse_pgn(text).unwrap();
//! assert_eq!(games[0].mainline.moves.len(), 3);
//! assert_eq!(games[0].mainline.moves[1].variations[0].moves[0].mv.to_string(), "h7e7");
//! let out = write_pgn(&games[0], &PgnOptions::default());
//! assert!(out.contains("1. 炮二平五 {central cannon} 1... 马8进7 (1... 炮8平5) 2. 马二进三 *"));
//! ```

use super::describe::TandemStyle;
use super::drawing::comment_with_commands;
use super::error::Quoted;
pub use super::read::parse_pgn_bytes;
use super::record::{
    diagram_fen, take_commands, GameRecord, Line, LineCursor, Node, RecordError, RecordFormat,
    RecordMoveError, Warning, WarningCode, MAX_VARIATION_DEPTH,
};
use super::{parse_move_named, parse_move_noted, write_move, Notation, NotationKind};
use crate::{Color, Position};

/// Output options for PGN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PgnOptions {
    /// The notation of the moves; it also sets the `Format` tag. Default: Chinese with its default options
    /// (`炮二平五`, `马8进7`). ICCS moves are written `H2-E2`, as xiangqi PGN files do.
    pub notation: Notation,
    /// Wrap the move text at this many characters (0: one line).
    pub line_width: usize,
}

impl Default for PgnOptions {
    fn default() -> PgnOptions {
        PgnOptions {
            notation: Notation::Chinese(Default::default()),
            line_width: 80,
        }
    }
}

/// Input options for PGN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PgnReadOptions {
    /// Read WXF soldier digit pairs (`33.4`) by this convention only; `None` reads both and reports a move
    /// that means different soldiers in the two as ambiguous.
    pub wxf_tandem: Option<TandemStyle>,
}

/// Reads every game of a PGN text.
pub fn parse_pgn(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    parse_pgn_with(text, &PgnReadOptions::default())
}

impl GameRecord {
    /// Reads the first game of a PGN text ([`RecordError::NoGame`] if there is none).
    pub fn from_pgn(text: &str) -> Result<GameRecord, RecordError> {
        parse_pgn(text)?
            .into_iter()
            .next()
            .ok_or(RecordError::NoGame)
    }

    /// Writes the game as PGN.
    pub fn to_pgn(&self, options: &PgnOptions) -> String {
        write_pgn(self, options)
    }
}

// ------------------------------------------------------------------------------------------------------------
// Lexer

#[derive(Debug)]
enum Tok<'a> {
    /// A tag pair; `true` when its value holds an unescaped quote read by the one-tag-line rule.
    Header(String, String, bool),
    Comment(String),
    Open,
    Close,
    Nag(u8),
    Result(&'a str),
    Move(&'a str),
    /// A move number: nothing to do.
    Skip,
}

struct Lexer<'a> {
    text: &'a str,
    at: usize,
    lines: LineCursor,
}

const fn is_delim(c: char) -> bool {
    matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';')
}

/// Whether `s` has the shape of a four-character WXF move made of digits and signs (`15.4`, `3+.4`), which a
/// move number prefix would otherwise swallow.
fn wxf_digit_shape(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 4
        && (b[0].is_ascii_digit() || b[0] == b'+' || b[0] == b'-')
        && (b[1].is_ascii_digit() || b[1] == b'+' || b[1] == b'-')
        && matches!(b[2], b'+' | b'-' | b'.' | b'=')
        && b[3].is_ascii_digit()
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.text.as_bytes()[self.at - 1] == b'\n'
    }

    fn skip_line(&mut self) {
        match self.text[self.at..].find('\n') {
            Some(i) => self.at += i + 1,
            None => self.at = self.text.len(),
        }
    }

    /// The next token and its byte offset.
    fn next(&mut self) -> Result<Option<(usize, Tok<'a>)>, RecordError> {
        loop {
            while self
                .peek()
                .is_some_and(|c| c.is_whitespace() || c == '\u{feff}')
            {
                self.bump();
            }
            if self.peek() == Some('%') && self.at_line_start() {
                self.skip_line();
                continue;
            }
            break;
        }
        let start = self.at;
        let Some(c) = self.bump() else {
            return Ok(None);
        };
        let tok = match c {
            '[' => self.header()?,
            '{' => {
                let Some(end) = self.text[self.at..].find('}') else {
                    return Err(self.err(start, "comment not closed with '}'"));
                };
                let body = self.text[self.at..self.at + end].trim().to_string();
                self.at += end + 1;
                Tok::Comment(body)
            }
            ';' => {
                let rest = &self.text[self.at..];
                let end = rest.find('\n').unwrap_or(rest.len());
                let body = rest[..end].trim().to_string();
                self.at += end;
                Tok::Comment(body)
            }
            '(' => Tok::Open,
            ')' => Tok::Close,
            ']' | '}' => return Err(self.err(start, format!("unexpected '{c}'"))),
            '$' => {
                let rest = &self.text[self.at..];
                let n = rest.bytes().take_while(u8::is_ascii_digit).count();
                let Ok(value) = rest[..n].parse::<u8>() else {
                    return Err(self.err(start, "a NAG is '$' and a number from 0 to 255"));
                };
                self.at += n;
                Tok::Nag(value)
            }
            _ => {
                while self
                    .peek()
                    .is_some_and(|c| !c.is_whitespace() && !is_delim(c))
                {
                    self.bump();
                }
                let word = &self.text[start..self.at];
                match word {
                    "1-0" | "0-1" | "1/2-1/2" | "*" => Tok::Result(word),
                    _ => match self.word(start, word) {
                        Some((at, tok)) => return Ok(Some((at, tok))),
                        None => Tok::Skip,
                    },
                }
            }
        };
        Ok(Some((start, tok)))
    }

    /// A word of move text: a move number (skipped: `None`), a move, possibly glued to its number
    /// (`1.炮二平五`), with `!`/`?` annotations turned into NAGs by the caller.
    fn word(&mut self, start: usize, word: &'a str) -> Option<(usize, Tok<'a>)> {
        if wxf_digit_shape(word) {
            return Some((start, Tok::Move(word)));
        }
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        if dots > 0 || (digits == 0 && word.bytes().all(|b| b == b'.')) {
            let rest = &word[digits + dots..];
            if rest.is_empty() {
                return None;
            }
            return Some((start + digits + dots, Tok::Move(rest)));
        }
        Some((start, Tok::Move(word)))
    }

    fn err(&mut self, at: usize, message: impl Into<String>) -> RecordError {
        self.lines.syntax(RecordFormat::Pgn, self.text, at, message)
    }

    /// A tag pair, after its `[`. A value with an unescaped `"` inside is read when the tag stands alone on its
    /// line and the line ends in `"]`: the value runs to the last `"` (flagged, for a warning).
    fn header(&mut self) -> Result<Tok<'a>, RecordError> {
        let open = self.at - 1;
        let skip_ws = |l: &mut Lexer<'_>| {
            while l.peek().is_some_and(|c| c == ' ' || c == '\t') {
                l.bump();
            }
        };
        skip_ws(self);
        let name_start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-')
        {
            self.bump();
        }
        let name = self.text[name_start..self.at].to_string();
        if name.is_empty() {
            return Err(self.err(self.at, "expected a tag name after '['"));
        }
        skip_ws(self);
        if self.peek() != Some('"') {
            let at = self.at;
            return Err(self.err(
                at,
                format!("expected '\"' to open the value of tag {}", Quoted(&name)),
            ));
        }
        let quote = self.at;
        self.bump();
        if let Some(value) = self.quoted_value() {
            skip_ws(self);
            if self.peek() == Some(']') {
                self.bump();
                return Ok(Tok::Header(name, value, false));
            }
        }
        if let Some((value, end)) = self.one_tag_line(open, quote) {
            self.at = end;
            return Ok(Tok::Header(name, value, true));
        }
        // Where the strict reading failed: the value not closed on its line, or no `]` after it.
        self.at = quote + 1;
        match self.quoted_value() {
            None => Err(self.err(
                quote,
                format!("the value of tag {} is not closed with '\"'", Quoted(&name)),
            )),
            Some(_) => {
                skip_ws(self);
                let at = self.at;
                Err(self.err(at, format!("expected ']' to close tag {}", Quoted(&name))))
            }
        }
    }

    /// A value after its opening quote, with `\"` and `\\` escapes, up to its closing quote on the same line;
    /// `None` if the line (or the text) ends first.
    fn quoted_value(&mut self) -> Option<String> {
        let mut value = String::new();
        loop {
            match self.bump()? {
                '\n' => return None,
                '\\' => match self.bump()? {
                    c @ ('"' | '\\') => value.push(c),
                    // A backslash does not carry a value over a line break: a tag stands on one line.
                    '\n' => return None,
                    c => {
                        value.push('\\');
                        value.push(c);
                    }
                },
                '"' => return Some(value),
                c => value.push(c),
            }
        }
    }

    /// The one-tag-line reading of a tag opened at `open` whose value opens at `quote`: the line holds nothing
    /// before the `[` but spaces and ends in `"]` (spaces after it allowed); the value is everything between the
    /// first and the last quote, escapes read as usual, and holds no `"]` (which would be a second tag). Returns
    /// the value and the offset after the `]`.
    fn one_tag_line(&self, open: usize, quote: usize) -> Option<(String, usize)> {
        let line_start = self.text[..open].rfind('\n').map_or(0, |i| i + 1);
        if !self.text[line_start..open].trim().is_empty() {
            return None;
        }
        let line_end = self.text[quote..]
            .find('\n')
            .map_or(self.text.len(), |i| quote + i);
        let line = self.text[quote + 1..line_end].trim_end();
        let raw = line.strip_suffix("\"]")?;
        if raw.contains("\"]") {
            return None;
        }
        let mut value = String::with_capacity(raw.len());
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some(e @ ('"' | '\\')) => value.push(e),
                    Some(e) => {
                        value.push('\\');
                        value.push(e);
                    }
                    None => value.push('\\'),
                },
                c => value.push(c),
            }
        }
        Some((value, quote + 1 + line.len()))
    }
}

// ------------------------------------------------------------------------------------------------------------
// Parser

struct LineState {
    line: Line,
    pos: Position,
    before_last: Option<Position>,
    first_ply: usize,
    open_at: usize,
}

/// The main line and the variations open inside it, innermost last: never empty, so the line a token belongs to
/// ([`LineStack::top`]) always exists.
struct LineStack {
    main: LineState,
    open: Vec<LineState>,
}

impl LineStack {
    fn new(start: &Position) -> LineStack {
        LineStack {
            main: LineState {
                line: Line::default(),
                pos: start.clone(),
                before_last: None,
                first_ply: 1,
                open_at: 0,
            },
            open: Vec::new(),
        }
    }

    /// The innermost line: the last open variation, else the main line.
    fn top(&mut self) -> &mut LineState {
        self.open.last_mut().unwrap_or(&mut self.main)
    }

    /// How many lines are open, the main line included.
    fn depth(&self) -> usize {
        1 + self.open.len()
    }

    /// Closes the innermost variation, adding it to the move it replaces; `false` if none is open.
    fn close(&mut self) -> bool {
        let Some(done) = self.open.pop() else {
            return false;
        };
        if let Some(n) = self.top().line.moves.last_mut() {
            n.variations.push(done.line);
        }
        true
    }
}

/// One game being read.
struct Builder {
    headers: Vec<(String, String)>,
    /// The `Format` tag says `Vietnamese`: the moves are read in Vietnamese notation only (never guessed).
    vietnamese: bool,
    start: Position,
    lines: Option<LineStack>,
    warnings: Vec<Warning>,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            headers: Vec::new(),
            vietnamese: false,
            start: Position::new(),
            lines: None,
            warnings: Vec::new(),
        }
    }

    /// The lines of the game, started from [`Builder::start`] on the first move token.
    fn lines(&mut self) -> &mut LineStack {
        let start = &self.start;
        self.lines.get_or_insert_with(|| LineStack::new(start))
    }

    fn finish(self, cx: &mut Cx<'_>) -> Result<GameRecord, RecordError> {
        let Some(mut stack) = self.lines else {
            return Ok(GameRecord {
                headers: self.headers,
                start: self.start,
                mainline: Line::default(),
                warnings: self.warnings,
            });
        };
        if !stack.open.is_empty() {
            let at = stack.top().open_at;
            return Err(cx.syntax(at, "variation not closed with ')'"));
        }
        let mut mainline = stack.main.line;
        take_commands(&mut mainline, false);
        Ok(GameRecord {
            headers: self.headers,
            start: self.start,
            mainline,
            warnings: self.warnings,
        })
    }

    /// Reads one token of the game `index` of the file.
    fn token(
        &mut self,
        cx: &mut Cx<'_>,
        index: usize,
        at: usize,
        tok: Tok<'_>,
    ) -> Result<(), RecordError> {
        match tok {
            Tok::Skip => {}
            Tok::Header(name, value, lenient) => {
                if lenient {
                    let (line, column) = cx.locate(at);
                    self.warnings.push(Warning::at(
                        WarningCode::TagQuote,
                        line,
                        column,
                        format!(
                            "tag {} has an unescaped '\"' in its value: read to the last '\"' of the line",
                            Quoted(&name)
                        ),
                    ));
                }
                if name == "FEN" {
                    let (line, column) = cx.locate(at);
                    let (start, turned) = diagram_fen(&value, |m| {
                        Warning::at(WarningCode::SideToMove, line, column, m)
                    })
                    .map_err(|error| RecordError::Fen {
                        line,
                        column,
                        error,
                    })?;
                    self.start = start;
                    self.warnings.extend(turned);
                    self.lines = None;
                }
                if name == "Format" {
                    self.vietnamese = value.trim().eq_ignore_ascii_case("vietnamese");
                }
                self.headers.push((name, value));
            }
            Tok::Result(r) => match self.headers.iter().find(|(k, _)| k == "Result") {
                None => self.headers.push(("Result".to_string(), r.to_string())),
                Some((_, tag)) if tag.trim() != r && is_result(tag.trim()) => {
                    let message = format!(
                        "the moves end in {r} but the Result tag says {}: the tag is kept",
                        Quoted(tag)
                    );
                    let (line, column) = cx.locate(at);
                    self.warnings.push(Warning::at(
                        WarningCode::ResultMismatch,
                        line,
                        column,
                        message,
                    ));
                }
                Some(_) => {}
            },
            Tok::Comment(c) => {
                let st = self.lines().top();
                let slot = match st.line.moves.last_mut() {
                    Some(n) => &mut n.comment,
                    None => &mut st.line.comment,
                };
                match slot {
                    Some(old) => {
                        old.push(' ');
                        old.push_str(&c);
                    }
                    None => *slot = Some(c),
                }
            }
            Tok::Nag(n) => {
                let st = self.lines().top();
                match st.line.moves.last_mut() {
                    Some(node) => node.nags.push(n),
                    None => return Err(cx.syntax(at, "a NAG must follow a move")),
                }
            }
            Tok::Open => {
                let lines = self.lines();
                let depth = lines.depth();
                let parent = lines.top();
                let Some(before) = parent.before_last.clone() else {
                    return Err(cx.syntax(at, "a variation must follow the move it replaces"));
                };
                if depth > MAX_VARIATION_DEPTH {
                    return Err(cx.syntax(at, "variations nested too deeply"));
                }
                let first_ply = parent.first_ply + parent.line.moves.len() - 1;
                lines.open.push(LineState {
                    line: Line::default(),
                    pos: before,
                    before_last: None,
                    first_ply,
                    open_at: at,
                });
            }
            Tok::Close => {
                if !self.lines().close() {
                    return Err(cx.syntax(at, "')' without a matching '('"));
                }
            }
            Tok::Move(word) => {
                let trimmed = word.trim_end_matches(['!', '?']);
                let suffix = &word[trimmed.len()..];
                let nag = if suffix.is_empty() {
                    None
                } else {
                    match nag_of_suffix(suffix) {
                        Some(n) => Some(n),
                        None => {
                            return Err(cx.syntax(
                                at + trimmed.len(),
                                format!("unknown annotation {}", Quoted(suffix)),
                            ))
                        }
                    }
                };
                let wxf_tandem = cx.options.wxf_tandem;
                let vietnamese = self.vietnamese;
                let lines = self.lines();
                let depth = lines.depth();
                let st = lines.top();
                let ply = st.first_ply + st.line.moves.len();
                let parsed = if vietnamese {
                    parse_move_named(&st.pos, trimmed, NotationKind::Vietnamese)
                } else {
                    parse_move_noted(&st.pos, trimmed, wxf_tandem).map(|(m, _, note)| (m, note))
                };
                let (m, note) = match parsed {
                    Ok(r) => r,
                    Err(error) => {
                        let (line, column) = cx.locate(at);
                        return Err(RecordError::Move(RecordMoveError {
                            game: index,
                            ply,
                            in_variation: depth > 1,
                            text: trimmed.to_string(),
                            line,
                            column,
                            error,
                        }));
                    }
                };
                let message = note.map(|code| {
                    let how = match code {
                        WarningCode::WxfMarkerOrder => "the tandem marker stands before the letter",
                        _ => "it names no front or rear piece, and only one piece on its file can make the move",
                    };
                    (code, format!("{}: read as {m}; {how}", Quoted(trimmed)))
                });
                st.before_last = Some(st.pos.clone());
                st.pos.play_unchecked(m);
                let mut node = Node::new(m);
                node.nags.extend(nag);
                st.line.moves.push(node);
                if let Some((code, message)) = message {
                    let (line, column) = cx.locate(at);
                    self.warnings.push(Warning::at(code, line, column, message));
                }
            }
        }
        Ok(())
    }
}

/// Whether the text between two tags holds a blank line (the end of a tag section).
fn blank_line(gap: &str) -> bool {
    let mut parts = gap.split('\n');
    parts.next();
    let mut inner: Vec<&str> = parts.collect();
    inner.pop();
    inner.iter().any(|l| l.trim().is_empty())
}

fn is_result(s: &str) -> bool {
    matches!(s, "1-0" | "0-1" | "1/2-1/2" | "*")
}

fn nag_of_suffix(s: &str) -> Option<u8> {
    Some(match s {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// What the game reader needs besides the game: the text, the line cursor and the options.
struct Cx<'a> {
    text: &'a str,
    lines: &'a mut LineCursor,
    options: &'a PgnReadOptions,
}

impl Cx<'_> {
    fn locate(&mut self, at: usize) -> (usize, usize) {
        self.lines.locate(self.text, at)
    }

    fn syntax(&mut self, at: usize, message: impl Into<String>) -> RecordError {
        self.lines.syntax(RecordFormat::Pgn, self.text, at, message)
    }
}

/// The games of a PGN text, read one at a time: a file of 10,000 games is never held whole. Each item is a
/// game, or the error that refused it; after an error the reader goes on at the next tag section that follows
/// move text (a line starting with `[`), so one broken game does not cost the others. `parse_pgn` collects
/// them and stops at the first error.
///
/// Games end at their result token (`1-0`, `0-1`, `1/2-1/2`, `*`) or where a tag section follows move text. A
/// game of tags only — tags, a blank line, and the next game's tags — is read as an empty game with a
/// [`WarningCode::EmptyGame`] warning, never merged with the game after it.
/// Text after a result that is neither a tag section nor a game (an advertisement, a line of `=`) is skipped
/// up to the next tag section, with a [`WarningCode::TextAfterResult`] warning on the game before it.
///
/// ```
/// use xiangqi::notation::pgn::{PgnReadOptions, PgnReader};
///
/// let text = "[Red \"A\"]\n1. 炮二平五 1-0\n[Red \"B\"]\n1. 炮二进九 *\n[Red \"C\"]\n1. 马二进三 *\n";
/// let games: Vec<_> = PgnReader::new(text, PgnReadOptions::default()).collect();
/// assert_eq!(games.len(), 3);
/// assert_eq!(games[1].as_ref().unwrap_err().code(), "ERR_RECORD_MOVE");
/// assert_eq!(games[2].as_ref().unwrap().header("Red"), Some("C"));
/// ```
pub struct PgnReader<'a> {
    lexer: Lexer<'a>,
    options: PgnReadOptions,
    /// Games read (or refused) so far: the index of the next one.
    index: usize,
    /// The first tag of the next game when it was read ahead: offset, name, value, lenient.
    ahead: Option<(usize, String, String, bool)>,
    done: bool,
}

/// Where a [`PgnReader`] stands, without the text: saved to go on later (or to come back to a game) with
/// [`PgnReader::resume`].
#[derive(Clone, Debug, Default)]
pub struct PgnState {
    at: usize,
    lines: LineCursor,
    index: usize,
    ahead: Option<(usize, String, String, bool)>,
    done: bool,
}

impl PgnState {
    /// The index (from 0) of the game a reader resumed here reads next.
    pub fn index(&self) -> usize {
        self.index
    }
}

/// How a game's tokens ended.
enum End {
    /// At the end of the text, or at a tag following move text (the tag is read ahead).
    Text,
    /// At a tag after a blank line that follows the game's tags, with no move text between (the tag is read
    /// ahead): a game of tags only; the offset of the blank line.
    Empty(usize),
    /// At a result token; with the offset of the text after it that was skipped as no game.
    Result(Option<usize>),
}

impl<'a> PgnReader<'a> {
    /// A reader of the games of `text`.
    pub fn new(text: &'a str, options: PgnReadOptions) -> PgnReader<'a> {
        PgnReader::resume(text, options, PgnState::default())
    }

    /// A reader of the games of `text` from where `state` (of a reader of the same text) stood.
    pub fn resume(text: &'a str, options: PgnReadOptions, state: PgnState) -> PgnReader<'a> {
        PgnReader {
            lexer: Lexer {
                text,
                at: state.at.min(text.len()),
                lines: state.lines,
            },
            options,
            index: state.index,
            ahead: state.ahead,
            done: state.done,
        }
    }

    /// Where the reader stands, to [`PgnReader::resume`] later.
    pub fn state(&self) -> PgnState {
        PgnState {
            at: self.lexer.at,
            lines: self.lexer.lines.clone(),
            index: self.index,
            ahead: self.ahead.clone(),
            done: self.done,
        }
    }

    /// The index (from 0) of the game the next call to `next` reads.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The byte offset where the next game starts (or the text ends).
    pub fn offset(&self) -> usize {
        self.ahead.as_ref().map_or(self.lexer.at, |a| a.0)
    }

    /// Goes past the next game without reading its moves (its tags and its boundaries only): how a reader gets
    /// to game `n` of a large file quickly. `None` at the end of the text; `Some(Err)` for text that cannot be
    /// split into tokens (the reader then goes on as after any error).
    pub fn skip_game(&mut self) -> Option<Result<(), RecordError>> {
        self.skip_game_tags().map(|r| r.map(drop))
    }

    /// [`PgnReader::skip_game`], giving the game's tags (read as `next` reads them; its moves are not).
    pub fn skip_game_tags(&mut self) -> Option<Result<Vec<(String, String)>, RecordError>> {
        let mut tags = Vec::new();
        let r = self.tokens(|_, (_, tok)| {
            if let Tok::Header(name, value, _) = tok {
                tags.push((name, value));
            }
            Ok(())
        })?;
        Some(self.after(r.map(|_| tags)))
    }

    /// The tokens of the next game, each given to `f`; `None` when there is no game left.
    fn tokens(
        &mut self,
        mut f: impl FnMut(&mut Lexer<'a>, (usize, Tok<'a>)) -> Result<(), RecordError>,
    ) -> Option<Result<End, RecordError>> {
        if self.done {
            return None;
        }
        let mut any = false;
        let mut body = false;
        // The end of the game's last tag, while no move text followed it.
        let mut tags_end = None;
        loop {
            let next = match self.ahead.take() {
                Some((at, name, value, lenient)) => {
                    Ok(Some((at, Tok::Header(name, value, lenient))))
                }
                None => self.lexer.next(),
            };
            let (at, tok) = match next {
                Err(e) => return Some(Err(e)),
                Ok(None) => {
                    self.done = true;
                    return any.then_some(Ok(End::Text));
                }
                Ok(Some(t)) => t,
            };
            match tok {
                Tok::Header(name, value, lenient) if body => {
                    self.ahead = Some((at, name, value, lenient));
                    return Some(Ok(End::Text));
                }
                Tok::Header(name, value, lenient)
                    if tags_end.is_some_and(|e| blank_line(&self.lexer.text[e..at])) =>
                {
                    self.ahead = Some((at, name, value, lenient));
                    return Some(Ok(End::Empty(tags_end.unwrap_or(at))));
                }
                Tok::Header(..) => tags_end = Some(self.lexer.at),
                Tok::Result(_) => {
                    if let Err(e) = f(&mut self.lexer, (at, tok)) {
                        return Some(Err(e));
                    }
                    return Some(Ok(End::Result(self.skip_text_after_result())));
                }
                _ => body = true,
            }
            any = true;
            if let Err(e) = f(&mut self.lexer, (at, tok)) {
                return Some(Err(e));
            }
        }
    }

    /// After a game: on an error, goes on at the next tag section that follows move text.
    fn after<T>(&mut self, r: Result<T, RecordError>) -> Result<T, RecordError> {
        self.index += 1;
        if r.is_err() {
            self.ahead = None;
            self.resync(self.lexer.at);
        }
        r
    }

    /// Moves the lexer to the start of the next line that begins with `[` after a line of other text, from
    /// byte `from` (the end of the text if there is none).
    fn resync(&mut self, from: usize) {
        let text = self.lexer.text;
        let mut at = from.min(text.len());
        // The line `from` is in counts as move text unless it starts with `[`.
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let mut seen_other = !text[line_start..].trim_start().starts_with('[');
        if let Some(i) = text[at..].find('\n') {
            at += i + 1;
        } else {
            at = text.len();
        }
        while at < text.len() {
            let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
            let line = text[at..end].trim();
            if line.starts_with('[') && seen_other {
                break;
            }
            if !line.is_empty() && !line.starts_with('[') {
                seen_other = true;
            }
            at = end;
        }
        self.lexer.at = at;
        if at >= text.len() {
            self.done = true;
        }
    }

    /// After a result token: text up to the next tag section that is not a game (its first word is no move
    /// number, comment, variation, result or move) is skipped; `Some(offset)` of that text if so.
    fn skip_text_after_result(&mut self) -> Option<usize> {
        let text = self.lexer.text;
        let start =
            self.lexer.at + text[self.lexer.at..].len() - text[self.lexer.at..].trim_start().len();
        let rest = &text[start..];
        let first = rest.chars().next()?;
        if first == '[' || matches!(first, '{' | '(' | ';' | '%') {
            return None;
        }
        let word: &str = rest
            .split(|c: char| c.is_whitespace() || is_delim(c))
            .next()
            .unwrap_or("");
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let numbered = digits > 0 && word[digits..].starts_with('.');
        let is_move = || {
            let w = word.trim_end_matches(['!', '?']);
            parse_move_noted(&Position::new(), w, self.options.wxf_tandem).is_ok()
        };
        if numbered || is_result(word) || word.starts_with('$') || is_move() {
            return None;
        }
        // The junk runs to the next line starting with `[`.
        let mut at = start;
        while at < text.len() {
            let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
            if at > start && text[at..end].trim_start().starts_with('[') {
                break;
            }
            at = end;
        }
        self.lexer.at = at;
        Some(start)
    }
}

impl Iterator for PgnReader<'_> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        let index = self.index;
        let options = self.options;
        let mut b = Builder::new();
        let end = self.tokens(|lexer, (at, tok)| {
            let mut cx = Cx {
                text: lexer.text,
                lines: &mut lexer.lines,
                options: &options,
            };
            b.token(&mut cx, index, at, tok)
        })?;
        let r = end.and_then(|end| {
            if let End::Result(Some(at)) = end {
                let (line, column) = self.lexer.lines.locate(self.lexer.text, at);
                b.warnings.push(Warning::at(
                    WarningCode::TextAfterResult,
                    line,
                    column,
                    "text after the result that is no game: skipped up to the next tag section",
                ));
            }
            if let End::Empty(at) = end {
                let (line, column) = self.lexer.lines.locate(self.lexer.text, at);
                b.warnings.push(Warning::at(
                    WarningCode::EmptyGame,
                    line,
                    column,
                    "a game of tags and no moves: read as an empty game; the tags after the blank line start the next game",
                ));
            }
            let mut cx = Cx {
                text: self.lexer.text,
                lines: &mut self.lexer.lines,
                options: &options,
            };
            b.finish(&mut cx)
        });
        Some(self.after(r))
    }
}

/// Reads every game of a PGN text with options; the first game that cannot be read is the error.
pub fn parse_pgn_with(
    text: &str,
    options: &PgnReadOptions,
) -> Result<Vec<GameRecord>, RecordError> {
    PgnReader::new(text, *options).collect()
}

// ------------------------------------------------------------------------------------------------------------
// Writer

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

fn format_name(n: &Notation) -> &'static str {
    match n {
        Notation::Iccs => "ICCS",
        Notation::Wxf(_) => "WXF",
        Notation::Chinese(_) => "Chinese",
        Notation::Vietnamese => "Vietnamese",
    }
}

/// Move text being written: atoms separated by a space or a line break. An atom that ends in a `;` comment
/// must be followed by a line break.
struct Out {
    atoms: Vec<(String, bool)>,
    glue: bool,
}

impl Out {
    fn push(&mut self, s: String) {
        let line_comment = s.starts_with(';');
        match self.atoms.last_mut() {
            Some(last) if self.glue => {
                last.0.push_str(&s);
                last.1 = line_comment;
            }
            _ => self.atoms.push((s, line_comment)),
        }
        self.glue = false;
    }
    fn open(&mut self) {
        self.atoms.push(("(".to_string(), false));
        self.glue = true;
    }
    fn close(&mut self) {
        match self.atoms.last_mut() {
            Some(last) if !last.1 => last.0.push(')'),
            _ => self.atoms.push((")".to_string(), false)),
        }
    }
}

/// A comment as `{text}`; one that contains `}` (which braces cannot hold) as a `;` line comment, or, if it
/// also spans lines, in braces with `}` written as `)`.
fn comment_text(c: &str) -> String {
    if !c.contains('}') {
        format!("{{{c}}}")
    } else if !c.contains('\n') {
        format!("; {c}")
    } else {
        format!("{{{}}}", c.replace('}', ")"))
    }
}

fn write_line(out: &mut Out, line: &Line, start: &Position, notation: &Notation) {
    if let Some(c) = &line.comment {
        out.push(comment_text(c));
    }
    let mut pos = start.clone();
    let mut need_number = true;
    for node in &line.moves {
        if pos.turn() == Color::Red {
            out.push(format!("{}.", pos.fullmoves()));
        } else if need_number {
            out.push(format!("{}...", pos.fullmoves()));
        }
        need_number = false;
        let text = match notation {
            Notation::Iccs => format!("{}-{}", node.mv.from, node.mv.to).to_ascii_uppercase(),
            n => write_move(&pos, node.mv, n),
        };
        out.push(text);
        for n in &node.nags {
            out.push(format!("${n}"));
        }
        if let Some(c) = comment_with_commands(node.comment.as_deref(), &node.drawings, &[]) {
            out.push(comment_text(&c));
            need_number = true;
        }
        for v in &node.variations {
            out.open();
            write_line(out, v, &pos, notation);
            out.close();
            need_number = true;
        }
        if pos.is_legal(node.mv) {
            pos.play_unchecked(node.mv);
        } else {
            break;
        }
    }
}

/// Writes one game as PGN. Tags are written in the record's order, values verbatim (escaped); `Game`
/// (`Chinese Chess`) is added first and `Result` last when missing, `Format` is set from the notation, and
/// `FEN` is kept as written while it gives the start position, else rewritten (or added when the start is not
/// the standard start position). A hand-built record whose line holds an illegal move is written
/// up to that move.
pub fn write_pgn(record: &GameRecord, options: &PgnOptions) -> String {
    let mut headers = record.headers.clone();
    if !headers.iter().any(|(k, _)| k == "Game") {
        headers.insert(0, ("Game".to_string(), "Chinese Chess".to_string()));
    }
    set_tag(
        &mut headers,
        "Format",
        format_name(&options.notation).to_string(),
    );
    write_pgn_tags(record, headers, options, true)
}

/// Writes one game as PGN with the record's own tags, in their order and nothing added but a `FEN` tag when
/// the start is not the standard one (and none says it): what [`write_record`](super::write::write_record)
/// writes, so that reading it back gives the record. A `Result` tag that is no result is written as it is,
/// with `*` after the moves. Tag values are not checked here (see
/// [`check_tags`](super::write::check_tags)).
pub fn write_pgn_record(record: &GameRecord, options: &PgnOptions) -> String {
    let mut headers = record.headers.clone();
    // Vietnamese moves are read only where named: the record says which notation it holds (and a record read
    // from Vietnamese written in another notation no longer says Vietnamese).
    let says_vietnamese = headers
        .iter()
        .any(|(k, v)| k == "Format" && v.trim().eq_ignore_ascii_case("vietnamese"));
    if options.notation == Notation::Vietnamese || says_vietnamese {
        set_tag(
            &mut headers,
            "Format",
            format_name(&options.notation).to_string(),
        );
    }
    write_pgn_tags(record, headers, options, false)
}

fn set_tag(headers: &mut Vec<(String, String)>, k: &str, v: String) {
    match headers.iter_mut().find(|(name, _)| name == k) {
        Some(h) => h.1 = v,
        None => headers.push((k.to_string(), v)),
    }
}

fn write_pgn_tags(
    record: &GameRecord,
    mut headers: Vec<(String, String)>,
    options: &PgnOptions,
    add_result: bool,
) -> String {
    let set = set_tag;
    // A FEN tag is written as it was read while it still gives the start position (`… w` with two fields, `r`
    // for Red); rewritten otherwise.
    let fen_kept = headers
        .iter()
        .find(|(k, _)| k == "FEN")
        .is_some_and(|(_, v)| Position::from_fen(v).is_ok_and(|p| p == record.start));
    if !fen_kept && (headers.iter().any(|(k, _)| k == "FEN") || record.start != Position::new()) {
        set(&mut headers, "FEN", record.start.fen());
    }
    if add_result && !headers.iter().any(|(k, _)| k == "Result") {
        headers.push(("Result".to_string(), "*".to_string()));
    }
    let mut s = String::new();
    for (k, v) in &headers {
        s.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    s.push('\n');
    let mut out = Out {
        atoms: Vec::new(),
        glue: false,
    };
    write_line(&mut out, &record.mainline, &record.start, &options.notation);
    out.push(String::from(match record.result() {
        r @ ("1-0" | "0-1" | "1/2-1/2") => r,
        _ => "*", // a Result header that is not a result must not reach the move text
    }));
    let mut width = 0;
    let mut after_line_comment = false;
    // A move number (`12.`, `12...`, `(3...`) stays on the line of its move: the break goes before it.
    let is_number = |a: &str| a.ends_with('.');
    for (i, (a, line_comment)) in out.atoms.iter().enumerate() {
        let n = a.chars().count();
        if i > 0 {
            let after_number = is_number(&out.atoms[i - 1].0);
            let span = match out.atoms.get(i + 1) {
                Some((next, _)) if is_number(a) => n + 1 + next.chars().count(),
                _ => n,
            };
            if after_line_comment
                || (!after_number
                    && options.line_width > 0
                    && width + 1 + span > options.line_width)
            {
                s.push('\n');
                width = 0;
            } else {
                s.push(' ');
                width += 1;
            }
        }
        s.push_str(a);
        width += n;
        after_line_comment = *line_comment;
    }
    s.push('\n');
    s
}

/// Writes several games, separated by blank lines.
pub fn write_pgn_games(records: &[GameRecord], options: &PgnOptions) -> String {
    records
        .iter()
        .map(|r| write_pgn(r, options))
        .collect::<Vec<_>>()
        .join("\n")
}
