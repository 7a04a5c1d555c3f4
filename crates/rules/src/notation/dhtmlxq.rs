//! DhtmlXQ (东萍象棋 / dpxq.com viewer) game records: `[DhtmlXQ_tag]value[/DhtmlXQ_tag]` pairs.
//!
//! * `[DhtmlXQ_binit]`: the start placement, 32 two-digit points `xy` (x = column 0–8 from Red's left, y = row
//!   0–9 from the top, i.e. y = 9 − ICCS rank; `99` = captured) in the order Red 车马相仕帅仕相马车 炮炮 兵×5,
//!   then Black likewise. Absent: the standard start.
//! * `[DhtmlXQ_movelist]`: the main line, four digits per move (`7747` = h2e2).
//! * `[DhtmlXQ_move_A_B_C]`: variation (route) C, branching from route A (0 = main line) at ply B: its first
//!   move is an alternative to route A's move number B (plies count from 1 for the whole game).
//! * `[DhtmlXQ_commentN]` / `[DhtmlXQ_comment0_N]`: comment after ply N of the main line (N = 0: before the
//!   first move); `[DhtmlXQ_commentC_N]` the same in route C (N = B − 1: before the route's first move).
//!   `||` in comments is a line break.
//! * Other tags become headers: `title` Title, `event` Event, `date` Date, `place` Site, `round` Round, `red`
//!   Red, `black` Black, `redteam` RedTeam, `blackteam` BlackTeam, `open` Opening, `author` Annotator, `result`
//!   Result (红胜 1-0, 黑胜 0-1, 和棋 1/2-1/2, 未知 *); anything else is kept as `DhtmlXQ_name`.
//!
//! The side to move is not part of `binit`: it is read from `[DhtmlXQ_fen]` if present (this crate writes
//! that tag when the start is not the standard one), otherwise from the first move, otherwise Red.

use super::encoding::decode;
use super::record::{
    line_col, GameRecord, Line, Node, RecordError, RecordFormat, RecordMoveError, SyntaxError,
    MAX_VARIATION_DEPTH,
};
use super::NotationError;
use crate::{Color, IllegalMoveError, Move, Position, Square};
use std::collections::BTreeMap;

/// The standard start position as `binit`.
pub const START_BINIT: &str = "8979695949392919097717866646260600102030405060708012720323436383";

const ORDER: [char; 16] = [
    'R', 'N', 'B', 'A', 'K', 'A', 'B', 'N', 'R', 'C', 'C', 'P', 'P', 'P', 'P', 'P',
];

const NAMES: [(&str, &str); 12] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("black", "Black"),
    ("redteam", "RedTeam"),
    ("blackteam", "BlackTeam"),
    ("open", "Opening"),
    ("author", "Annotator"),
    ("result", "Result"),
];

const RESULTS: [(&str, &str); 4] = [
    ("红胜", "1-0"),
    ("黑胜", "0-1"),
    ("和棋", "1/2-1/2"),
    ("未知", "*"),
];

fn syntax(text: &str, at: usize, message: impl Into<String>) -> RecordError {
    let (line, column) = line_col(text, at);
    RecordError::Syntax(SyntaxError {
        format: RecordFormat::DhtmlXq,
        line,
        column,
        message: message.into(),
    })
}

struct Tag<'a> {
    name: &'a str,
    value: &'a str,
    /// Byte offset of the value.
    at: usize,
}

/// Splits the text into `DhtmlXQ_` tags (the first `[DhtmlXQ]` … `[/DhtmlXQ]` block if there is one).
fn tags(text: &str) -> Result<Vec<Tag<'_>>, RecordError> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(off) = text[i..].find("[DhtmlXQ") {
        let open = i + off;
        let Some(close_rel) = text[open..].find(']') else {
            return Err(syntax(text, open, "tag not closed with ']'"));
        };
        let head = &text[open + 1..open + close_rel];
        let after = open + close_rel + 1;
        if head == "DhtmlXQ" {
            i = after;
            continue;
        }
        let Some(name) = head.strip_prefix("DhtmlXQ_") else {
            return Err(syntax(
                text,
                open,
                format!("unknown tag [{}]", super::Quoted(head)),
            ));
        };
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(syntax(
                text,
                open,
                format!("bad tag name [{}]", super::Quoted(head)),
            ));
        }
        let end_tag = format!("[/DhtmlXQ_{name}]");
        let Some(end_rel) = text[after..].find(&end_tag) else {
            return Err(syntax(
                text,
                open,
                format!("[{head}] is not closed by {end_tag}"),
            ));
        };
        out.push(Tag {
            name,
            value: &text[after..after + end_rel],
            at: after,
        });
        i = after + end_rel + end_tag.len();
        if text[i..].trim_start().starts_with("[/DhtmlXQ]") {
            break;
        }
    }
    Ok(out)
}

/// Four-digit moves of a movelist with their byte offsets; whitespace is ignored.
fn moves_of(text: &str, tag: &Tag<'_>) -> Result<Vec<(usize, Move, String)>, RecordError> {
    let mut digits: Vec<(usize, u8)> = Vec::new();
    for (k, c) in tag.value.char_indices() {
        if c.is_whitespace() {
            continue;
        }
        match c.to_digit(10) {
            Some(d) => digits.push((tag.at + k, d as u8)),
            None => {
                return Err(syntax(
                    text,
                    tag.at + k,
                    format!("{c:?} in a move list: expected digits"),
                ))
            }
        }
    }
    if digits.len() % 4 != 0 {
        let at = digits.get(digits.len() / 4 * 4).map_or(tag.at, |d| d.0);
        return Err(syntax(text, at, "a move list has four digits per move"));
    }
    let mut out = Vec::new();
    for ch in digits.chunks(4) {
        let sq = |x: u8, y: u8| Square::from_coords(x as i32, 9 - y as i32).filter(|_| x <= 8);
        let (Some(from), Some(to)) = (sq(ch[0].1, ch[1].1), sq(ch[2].1, ch[3].1)) else {
            return Err(syntax(
                text,
                ch[0].0,
                "a move is column 0-8 and row 0-9, twice",
            ));
        };
        let s: String = ch.iter().map(|d| (b'0' + d.1) as char).collect();
        out.push((ch[0].0, Move::new(from, to), s));
    }
    Ok(out)
}

fn start_position(
    text: &str,
    binit: Option<&Tag<'_>>,
    fen: Option<&Tag<'_>>,
    first: Option<Square>,
) -> Result<Position, RecordError> {
    let fen_err = |at: usize, error| {
        let (line, column) = line_col(text, at);
        RecordError::Fen {
            line,
            column,
            error,
        }
    };
    if let Some(f) = fen {
        return Position::from_fen(f.value.trim()).map_err(|e| fen_err(f.at, e));
    }
    let Some(b) = binit else {
        return Ok(Position::new());
    };
    let v = b.value.trim();
    if v.len() != 64 || !v.bytes().all(|c| c.is_ascii_digit()) {
        return Err(syntax(text, b.at, "binit is 64 digits: 32 points xy"));
    }
    let mut grid = [[None::<char>; 9]; 10];
    for (i, pair) in v.as_bytes().chunks(2).enumerate() {
        let (x, y) = (pair[0] - b'0', pair[1] - b'0');
        if x == 9 && y == 9 {
            continue;
        }
        if x > 8 {
            return Err(syntax(
                text,
                b.at + 2 * i,
                "a binit point is column 0-8 and row 0-9, or 99",
            ));
        }
        let c = ORDER[i % 16];
        let c = if i < 16 { c } else { c.to_ascii_lowercase() };
        let cell = &mut grid[y as usize][x as usize];
        if cell.is_some() {
            return Err(syntax(
                text,
                b.at + 2 * i,
                "two pieces on one point in binit",
            ));
        }
        *cell = Some(c);
    }
    let mut board = String::new();
    for (r, row) in grid.iter().enumerate() {
        if r > 0 {
            board.push('/');
        }
        let mut empty = 0;
        for cell in row {
            match cell {
                Some(c) => {
                    if empty > 0 {
                        board.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    board.push(*c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            board.push((b'0' + empty) as char);
        }
    }
    let black_first = first.is_some_and(|sq| {
        let (x, y) = (sq.file() as usize, 9 - sq.rank() as usize);
        grid[y][x].is_some_and(|c| c.is_ascii_lowercase())
    });
    let fen = format!("{board} {} - - 0 1", if black_first { 'b' } else { 'w' });
    Position::from_fen(&fen).map_err(|e| fen_err(b.at, e))
}

struct Route {
    parent: usize,
    ply: usize,
    at: usize,
    moves: Vec<(usize, Move, String)>,
}

/// Reads a DhtmlXQ record (the first `[DhtmlXQ]` block, or the tags anywhere in the text).
pub fn parse_dhtmlxq(text: &str) -> Result<GameRecord, RecordError> {
    let tags = tags(text)?;
    if tags.is_empty() {
        return Err(RecordError::NoGame);
    }
    let mut headers = Vec::new();
    let mut binit = None;
    let mut fen = None;
    let mut routes: BTreeMap<usize, Route> = BTreeMap::new();
    let mut comments: Vec<(usize, usize, String)> = Vec::new();
    let num = |s: &str| s.parse::<usize>().ok();
    for tag in &tags {
        let name = tag.name;
        if name == "binit" {
            binit = Some(tag);
        } else if name == "fen" {
            fen = Some(tag);
        } else if name == "movelist" {
            routes.insert(
                0,
                Route {
                    parent: 0,
                    ply: 1,
                    at: tag.at,
                    moves: moves_of(text, tag)?,
                },
            );
        } else if let Some(rest) = name.strip_prefix("move_") {
            let parts: Vec<Option<usize>> = rest.split('_').map(num).collect();
            let [Some(a), Some(b), Some(c)] = parts[..] else {
                return Err(syntax(
                    text,
                    tag.at,
                    format!("bad variation tag DhtmlXQ_{}", super::Quoted(name)),
                ));
            };
            if b == 0 || (c == 0 && (a != 0 || b != 1)) {
                return Err(syntax(
                    text,
                    tag.at,
                    format!("bad variation tag DhtmlXQ_{}", super::Quoted(name)),
                ));
            }
            routes.insert(
                c,
                Route {
                    parent: a,
                    ply: b,
                    at: tag.at,
                    moves: moves_of(text, tag)?,
                },
            );
        } else if let Some(rest) = name.strip_prefix("comment") {
            let parts: Vec<Option<usize>> = rest.split('_').map(num).collect();
            let (route, ply) = match parts[..] {
                [Some(n)] => (0, n),
                [Some(r), Some(n)] => (r, n),
                _ => {
                    return Err(syntax(
                        text,
                        tag.at,
                        format!("bad comment tag DhtmlXQ_{}", super::Quoted(name)),
                    ))
                }
            };
            comments.push((route, ply, tag.value.replace("||", "\n")));
        } else {
            match NAMES.iter().find(|(d, _)| *d == name) {
                Some((_, "Result")) => {
                    let v = RESULTS
                        .iter()
                        .find(|(d, _)| *d == tag.value)
                        .map_or(tag.value, |(_, p)| p);
                    headers.push(("Result".to_string(), v.to_string()));
                }
                Some((_, h)) => headers.push((h.to_string(), tag.value.to_string())),
                None => headers.push((format!("DhtmlXQ_{name}"), tag.value.to_string())),
            }
        }
    }
    routes.entry(0).or_insert(Route {
        parent: 0,
        ply: 1,
        at: 0,
        moves: Vec::new(),
    });
    let first = routes[&0].moves.first().map(|m| m.1.from);
    let start = start_position(text, binit, fen, first)?;
    let mut children: BTreeMap<usize, Vec<(usize, usize)>> = BTreeMap::new();
    for (&id, r) in &routes {
        if id != 0 {
            if !routes.contains_key(&r.parent) || r.parent == id {
                return Err(syntax(
                    text,
                    r.at,
                    format!("variation {id} branches from unknown route {}", r.parent),
                ));
            }
            children.entry(r.parent).or_default().push((r.ply, id));
        }
    }
    for v in children.values_mut() {
        v.sort();
    }
    let mut budget = routes.len();
    let mainline = build(
        text,
        &routes,
        &children,
        &comments,
        0,
        &start,
        &mut budget,
        0,
    )?;
    Ok(GameRecord {
        headers,
        start,
        mainline,
        warnings: Vec::new(),
    })
}

#[allow(clippy::too_many_arguments)]
fn build(
    text: &str,
    routes: &BTreeMap<usize, Route>,
    children: &BTreeMap<usize, Vec<(usize, usize)>>,
    comments: &[(usize, usize, String)],
    id: usize,
    start: &Position,
    budget: &mut usize,
    depth: usize,
) -> Result<Line, RecordError> {
    // Each route is built once; a cycle in the parent links would exceed the budget.
    if *budget == 0 {
        return Err(syntax(text, routes[&id].at, "variations form a cycle"));
    }
    *budget -= 1;
    if depth > MAX_VARIATION_DEPTH {
        return Err(syntax(text, routes[&id].at, "variations nested too deeply"));
    }
    let r = &routes[&id];
    let mut pos = start.clone();
    let mut line = Line::default();
    let kids = children.get(&id).map_or(&[][..], |v| &v[..]);
    for (i, (at, m, s)) in r.moves.iter().enumerate() {
        let ply = r.ply + i;
        if let Err(reason) = pos.check_move(*m) {
            let (l, c) = line_col(text, *at);
            return Err(RecordError::Move(RecordMoveError {
                game: 0,
                ply,
                in_variation: id != 0,
                text: s.clone(),
                line: l,
                column: c,
                error: NotationError::Illegal {
                    text: s.clone(),
                    error: IllegalMoveError { mv: *m, reason },
                },
            }));
        }
        let mut node = Node::new(*m);
        for &(_, child) in kids.iter().filter(|(p, _)| *p == ply) {
            node.variations.push(build(
                text,
                routes,
                children,
                comments,
                child,
                &pos,
                budget,
                depth + 1,
            )?);
        }
        pos.play_unchecked(*m);
        line.moves.push(node);
    }
    if let Some(&(p, child)) = kids
        .iter()
        .find(|(p, _)| *p < r.ply || *p >= r.ply + r.moves.len())
    {
        return Err(syntax(
            text,
            routes[&child].at,
            format!("variation {child} branches at ply {p}, which its route does not have"),
        ));
    }
    for (route, ply, c) in comments {
        if *route != id {
            continue;
        }
        if *ply + 1 == r.ply {
            line.comment = Some(c.clone());
        } else if *ply >= r.ply && *ply < r.ply + line.moves.len() {
            line.moves[*ply - r.ply].comment = Some(c.clone());
        }
    }
    Ok(line)
}

/// Reads DhtmlXQ bytes, UTF-8 or GBK.
pub fn parse_dhtmlxq_bytes(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    let (text, _) = decode(bytes)?;
    parse_dhtmlxq(&text)
}

fn binit_of(pos: &Position) -> String {
    let mut slots = [None::<Square>; 32];
    for (sq, piece) in pos.board().pieces() {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        let letter = piece.role.fen_char();
        for (i, &c) in ORDER.iter().enumerate() {
            if c == letter && slots[base + i].is_none() {
                slots[base + i] = Some(sq);
                break;
            }
        }
    }
    slots
        .iter()
        .map(|s| match s {
            Some(sq) => format!("{}{}", sq.file(), 9 - sq.rank()),
            None => "99".to_string(),
        })
        .collect()
}

fn move_digits(m: Move) -> String {
    format!(
        "{}{}{}{}",
        m.from.file(),
        9 - m.from.rank(),
        m.to.file(),
        9 - m.to.rank()
    )
}

struct Writer {
    routes: Vec<String>,
    comments: Vec<String>,
    next_id: usize,
}

fn comment_tag(route: usize, ply: usize, c: &str) -> String {
    let name = if route == 0 {
        format!("comment{ply}")
    } else {
        format!("comment{route}_{ply}")
    };
    format!("[DhtmlXQ_{name}]{}[/DhtmlXQ_{name}]", c.replace('\n', "||"))
}

impl Writer {
    fn line(&mut self, line: &Line, id: usize, first_ply: usize) -> String {
        if let Some(c) = &line.comment {
            self.comments.push(comment_tag(id, first_ply - 1, c));
        }
        let mut s = String::new();
        for (i, node) in line.moves.iter().enumerate() {
            let ply = first_ply + i;
            s.push_str(&move_digits(node.mv));
            if let Some(c) = &node.comment {
                self.comments.push(comment_tag(id, ply, c));
            }
            for v in &node.variations {
                self.next_id += 1;
                let child = self.next_id;
                let slot = self.routes.len();
                self.routes.push(String::new());
                let body = self.line(v, child, ply);
                self.routes[slot] = format!(
                    "[DhtmlXQ_move_{id}_{ply}_{child}]{body}[/DhtmlXQ_move_{id}_{ply}_{child}]"
                );
            }
        }
        s
    }
}

/// Writes the record as a DhtmlXQ block. NAGs are not part of the format and are dropped; headers other than
/// those listed in the module docs (and `DhtmlXQ_*` ones) are not written.
pub fn write_dhtmlxq(record: &GameRecord) -> String {
    let mut out = String::from("[DhtmlXQ]\n");
    for (k, v) in &record.headers {
        let name = if let Some(raw) = k.strip_prefix("DhtmlXQ_") {
            raw
        } else if let Some((d, _)) = NAMES.iter().find(|(_, h)| h == k) {
            d
        } else {
            continue;
        };
        if matches!(name, "binit" | "movelist" | "fen") {
            continue;
        }
        let v = if k == "Result" {
            RESULTS
                .iter()
                .find(|(_, p)| p == v)
                .map_or(v.as_str(), |(d, _)| d)
        } else {
            v.as_str()
        };
        out.push_str(&format!("[DhtmlXQ_{name}]{v}[/DhtmlXQ_{name}]\n"));
    }
    out.push_str(&format!(
        "[DhtmlXQ_binit]{}[/DhtmlXQ_binit]\n",
        binit_of(&record.start)
    ));
    if record.start != Position::new() {
        out.push_str(&format!(
            "[DhtmlXQ_fen]{}[/DhtmlXQ_fen]\n",
            record.start.fen()
        ));
    }
    let mut w = Writer {
        routes: Vec::new(),
        comments: Vec::new(),
        next_id: 0,
    };
    let main = w.line(&record.mainline, 0, 1);
    out.push_str(&format!("[DhtmlXQ_movelist]{main}[/DhtmlXQ_movelist]\n"));
    for r in w.routes.iter().chain(w.comments.iter()) {
        out.push_str(r);
        out.push('\n');
    }
    out.push_str("[/DhtmlXQ]\n");
    out
}

impl GameRecord {
    /// Reads a DhtmlXQ record; see [`parse_dhtmlxq`].
    pub fn from_dhtmlxq(text: &str) -> Result<GameRecord, RecordError> {
        parse_dhtmlxq(text)
    }

    /// Writes the record as DhtmlXQ; see [`write_dhtmlxq`].
    pub fn to_dhtmlxq(&self) -> String {
        write_dhtmlxq(self)
    }
}
