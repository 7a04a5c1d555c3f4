//! PGN as xiangqi databases write it: tag pairs (`[Game "Chinese Chess"]`, `[Red "..."]`, `[Black "..."]`,
//! `[Result "1-0"]`, `[FEN "..."]`, `[Format "Chinese" | "WXF" | "ICCS"]`), then the move text with move numbers,
//! `{comments}`, `;` comments, NAGs (`$1`, or `!` `?` `!!` `??` `!?` `?!` after a move), `(variations)` and a
//! result (`1-0`, `0-1`, `1/2-1/2`, `*`). A file may hold several games.
//!
//! Moves may be written in any notation [`parse_move`](super::parse_move) reads, whatever the `Format` tag
//! says (it is informational on input). On output the notation is chosen by [`PgnOptions`].
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

use super::encoding::decode;
use super::record::{
    line_col, GameRecord, Line, Node, RecordError, RecordFormat, RecordMoveError, SyntaxError,
    MAX_VARIATION_DEPTH,
};
use super::{parse_move_inner, write_move, Notation, Quoted, TandemStyle};
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

/// Reads every game of PGN bytes, UTF-8 or GBK (see [`decode`]).
pub fn parse_pgn_bytes(bytes: &[u8]) -> Result<Vec<GameRecord>, RecordError> {
    let (text, _) = decode(bytes)?;
    parse_pgn(&text)
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
    Header(String, String),
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
}

fn syntax(text: &str, at: usize, message: impl Into<String>) -> RecordError {
    let (line, column) = line_col(text, at);
    RecordError::Syntax(SyntaxError {
        format: RecordFormat::Pgn,
        line,
        column,
        message: message.into(),
    })
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
                    return Err(syntax(self.text, start, "comment not closed with '}'"));
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
            ']' | '}' => return Err(syntax(self.text, start, format!("unexpected '{c}'"))),
            '$' => {
                let rest = &self.text[self.at..];
                let n = rest.bytes().take_while(u8::is_ascii_digit).count();
                let value = rest[..n].parse::<u8>().map_err(|_| {
                    syntax(self.text, start, "a NAG is '$' and a number from 0 to 255")
                })?;
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

    fn header(&mut self) -> Result<Tok<'a>, RecordError> {
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
            return Err(syntax(self.text, self.at, "expected a tag name after '['"));
        }
        skip_ws(self);
        if self.peek() != Some('"') {
            return Err(syntax(
                self.text,
                self.at,
                format!("expected '\"' to open the value of tag {}", Quoted(&name)),
            ));
        }
        let quote = self.at;
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => {
                    return Err(syntax(
                        self.text,
                        quote,
                        format!("the value of tag {} is not closed with '\"'", Quoted(&name)),
                    ))
                }
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    // A backslash does not carry a value over a line break: a tag stands on one line.
                    Some('\n') => {
                        return Err(syntax(
                            self.text,
                            quote,
                            format!("the value of tag {} is not closed with '\"'", Quoted(&name)),
                        ))
                    }
                    Some(c) => {
                        value.push('\\');
                        value.push(c);
                    }
                    None => {
                        return Err(syntax(self.text, quote, "unterminated tag value"));
                    }
                },
                Some('"') => break,
                Some(c) => value.push(c),
            }
        }
        skip_ws(self);
        if self.peek() != Some(']') {
            return Err(syntax(
                self.text,
                self.at,
                format!("expected ']' to close tag {}", Quoted(&name)),
            ));
        }
        self.bump();
        Ok(Tok::Header(name, value))
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

struct Builder {
    headers: Vec<(String, String)>,
    start: Position,
    lines: Option<LineStack>,
    has_moves: bool,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            headers: Vec::new(),
            start: Position::new(),
            lines: None,
            has_moves: false,
        }
    }

    /// The lines of the game, started from [`Builder::start`] on the first move token.
    fn lines(&mut self) -> &mut LineStack {
        let start = &self.start;
        self.lines.get_or_insert_with(|| LineStack::new(start))
    }

    fn finish(self, text: &str) -> Result<GameRecord, RecordError> {
        let Some(mut stack) = self.lines else {
            return Ok(GameRecord {
                headers: self.headers,
                start: self.start,
                mainline: Line::default(),
            });
        };
        if !stack.open.is_empty() {
            let at = stack.top().open_at;
            return Err(syntax(text, at, "variation not closed with ')'"));
        }
        let mainline = stack.main.line;
        Ok(GameRecord {
            headers: self.headers,
            start: self.start,
            mainline,
        })
    }
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

/// The game a move-text token belongs to: the one being read, or a new one.
fn body(cur: &mut Option<Builder>) -> &mut Builder {
    let b = cur.get_or_insert_with(Builder::new);
    b.has_moves = true;
    b
}

/// Reads every game of a PGN text with options.
pub fn parse_pgn_with(
    text: &str,
    options: &PgnReadOptions,
) -> Result<Vec<GameRecord>, RecordError> {
    let mut lexer = Lexer { text, at: 0 };
    let mut games = Vec::new();
    let mut cur: Option<Builder> = None;
    while let Some((at, tok)) = lexer.next()? {
        let game_index = games.len();
        match tok {
            Tok::Skip => {}
            Tok::Header(name, value) => {
                if cur.as_ref().is_some_and(|b| b.has_moves) {
                    if let Some(b) = cur.take() {
                        games.push(b.finish(text)?);
                    }
                }
                let b = cur.get_or_insert_with(Builder::new);
                if name == "FEN" {
                    b.start = Position::from_fen(&value).map_err(|error| {
                        let (line, column) = line_col(text, at);
                        RecordError::Fen {
                            line,
                            column,
                            error,
                        }
                    })?;
                    b.lines = None;
                }
                b.headers.push((name, value));
            }
            Tok::Result(r) => {
                let mut b = cur.take().unwrap_or_else(Builder::new);
                if !b.headers.iter().any(|(k, _)| k == "Result") {
                    b.headers.push(("Result".to_string(), r.to_string()));
                }
                games.push(b.finish(text)?);
            }
            Tok::Comment(c) => {
                let st = body(&mut cur).lines().top();
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
                let st = body(&mut cur).lines().top();
                match st.line.moves.last_mut() {
                    Some(node) => node.nags.push(n),
                    None => return Err(syntax(text, at, "a NAG must follow a move")),
                }
            }
            Tok::Open => {
                let lines = body(&mut cur).lines();
                let depth = lines.depth();
                let parent = lines.top();
                let Some(before) = parent.before_last.clone() else {
                    return Err(syntax(
                        text,
                        at,
                        "a variation must follow the move it replaces",
                    ));
                };
                if depth > MAX_VARIATION_DEPTH {
                    return Err(syntax(text, at, "variations nested too deeply"));
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
                if !body(&mut cur).lines().close() {
                    return Err(syntax(text, at, "')' without a matching '('"));
                }
            }
            Tok::Move(word) => {
                let trimmed = word.trim_end_matches(['!', '?']);
                let suffix = &word[trimmed.len()..];
                let nag = if suffix.is_empty() {
                    None
                } else {
                    Some(nag_of_suffix(suffix).ok_or_else(|| {
                        syntax(
                            text,
                            at + trimmed.len(),
                            format!("unknown annotation {}", Quoted(suffix)),
                        )
                    })?)
                };
                let lines = body(&mut cur).lines();
                let depth = lines.depth();
                let st = lines.top();
                let ply = st.first_ply + st.line.moves.len();
                let m = match parse_move_inner(&st.pos, trimmed, options.wxf_tandem) {
                    Ok((m, _)) => m,
                    Err(error) => {
                        let (line, column) = line_col(text, at);
                        return Err(RecordError::Move(RecordMoveError {
                            game: game_index,
                            ply,
                            in_variation: depth > 1,
                            text: trimmed.to_string(),
                            line,
                            column,
                            error,
                        }));
                    }
                };
                st.before_last = Some(st.pos.clone());
                st.pos.play_unchecked(m);
                let mut node = Node::new(m);
                node.nags.extend(nag);
                st.line.moves.push(node);
            }
        }
    }
    if let Some(b) = cur {
        games.push(b.finish(text)?);
    }
    Ok(games)
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
        if let Some(c) = &node.comment {
            out.push(comment_text(c));
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

/// Writes one game as PGN. Tags are written in the record's order; `Game` (`Chinese Chess`) is added first
/// and `Result` last when missing, `Format` is set from the notation, and `FEN` is written (or added) when the
/// start is not the standard start position. A hand-built record whose line holds an illegal move is written
/// up to that move.
pub fn write_pgn(record: &GameRecord, options: &PgnOptions) -> String {
    let mut headers = record.headers.clone();
    if !headers.iter().any(|(k, _)| k == "Game") {
        headers.insert(0, ("Game".to_string(), "Chinese Chess".to_string()));
    }
    let set = |headers: &mut Vec<(String, String)>, k: &str, v: String| match headers
        .iter_mut()
        .find(|(name, _)| name == k)
    {
        Some(h) => h.1 = v,
        None => headers.push((k.to_string(), v)),
    };
    set(
        &mut headers,
        "Format",
        format_name(&options.notation).to_string(),
    );
    if headers.iter().any(|(k, _)| k == "FEN") || record.start != Position::new() {
        set(&mut headers, "FEN", record.start.fen());
    }
    if !headers.iter().any(|(k, _)| k == "Result") {
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
