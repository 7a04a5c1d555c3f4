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
//! * Other tags become headers, in file order: `title` Title, `event` Event, `date` Date, `place` Site, `round`
//!   Round, `red` Red, `redteam` RedTeam, `redtime` RedTime, `black` Black, `blackteam` BlackTeam, `blacktime`
//!   BlackTime, `result` Result, `open` Opening, `ecco` ECCO, `timerule` TimeControl, `remark` Remark, `author`
//!   Annotator, `variation` Variation. Results read from Red's side: 红胜 / 红先胜 / 黑负 / `W` are 1-0,
//!   黑胜 / 红先负 / `L` 0-1, 和棋 / 和局 / 红先和 / `D` 1/2-1/2, 未知 `*`; written 红胜 黑胜 和棋 未知. A
//!   tag whose name starts with a capital letter is a PGN tag this crate wrote (`[DhtmlXQ_Variation]`), read
//!   back under that name (`pgn_name` for one that starts with a small letter); anything else is kept as
//!   `DhtmlXQ_name`.
//! * A value ends at the next closing tag, whatever its name (as the viewers read it: a mismatched closing tag
//!   is a [`WarningCode::ClosingTag`] warning). `[DhtmlXQ]…[/DhtmlXQ]` and `[DhtmlXQiFrame]…[/DhtmlXQiFrame]`
//!   wrap a game; a page may hold several ([`blocks`]).
//! * An illegal move (a recording error) is left out with the rest of its line and the variations below it, with
//!   a [`WarningCode::IllegalMove`] warning.
//!
//! The side to move is not part of `binit`: it is read from `[DhtmlXQ_fen]` if present (this crate writes
//! that tag when the start is not the standard one), otherwise from the first move, otherwise Red.

pub use super::read::parse_dhtmlxq_bytes;
use super::record::{
    take_commands, GameRecord, Line, LineCursor, Node, RecordError, RecordFormat, Warning,
    WarningCode, MAX_VARIATION_DEPTH,
};
use crate::{Color, IllegalMoveError, Move, Position, Square};
use std::borrow::Cow;

/// The standard start position as `binit`.
pub const START_BINIT: &str = "8979695949392919097717866646260600102030405060708012720323436383";

const ORDER: [char; 16] = [
    'R', 'N', 'B', 'A', 'K', 'A', 'B', 'N', 'R', 'C', 'C', 'P', 'P', 'P', 'P', 'P',
];

/// DhtmlXQ tags and the PGN tags they are read as (and written from); see the module docs.
const NAMES: [(&str, &str); 18] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("redtime", "RedTime"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("blacktime", "BlackTime"),
    ("result", "Result"),
    ("open", "Opening"),
    ("ecco", "ECCO"),
    ("timerule", "TimeControl"),
    ("remark", "Remark"),
    ("author", "Annotator"),
    ("variation", "Variation"),
];

/// Result texts read (from Red's side): DhtmlXQ's own words, the PGN results, and the `W` / `L` / `D` of the
/// pages of the WXF database.
const RESULTS_READ: [(&str, &str); 22] = [
    ("红胜", "1-0"),
    ("红先胜", "1-0"),
    ("红方胜", "1-0"),
    ("黑负", "1-0"),
    ("黑先负", "1-0"),
    ("W", "1-0"),
    ("1-0", "1-0"),
    ("黑胜", "0-1"),
    ("黑先胜", "0-1"),
    ("黑方胜", "0-1"),
    ("红负", "0-1"),
    ("红先负", "0-1"),
    ("L", "0-1"),
    ("0-1", "0-1"),
    ("和棋", "1/2-1/2"),
    ("和局", "1/2-1/2"),
    ("红先和", "1/2-1/2"),
    ("黑先和", "1/2-1/2"),
    ("D", "1/2-1/2"),
    ("1/2-1/2", "1/2-1/2"),
    ("未知", "*"),
    ("*", "*"),
];

/// Result texts written.
const RESULTS_WRITE: [(&str, &str); 4] = [
    ("1-0", "红胜"),
    ("0-1", "黑胜"),
    ("1/2-1/2", "和棋"),
    ("*", "未知"),
];

struct Tag<'a> {
    name: &'a str,
    value: &'a str,
    /// Byte offset of the value.
    at: usize,
}

/// The wrappers of a DhtmlXQ block, as written by the viewers: `[DhtmlXQ]…[/DhtmlXQ]` and the vschess viewer's
/// `[DhtmlXQiFrame]…[/DhtmlXQiFrame]`.
const WRAPPERS: [(&str, &str); 2] = [
    ("[DhtmlXQ]", "[/DhtmlXQ]"),
    ("[DhtmlXQiFrame]", "[/DhtmlXQiFrame]"),
];

/// The byte ranges of the DhtmlXQ blocks of a text (a page may hold several games): each wrapper to its
/// closing (or the end of the text); without any wrapper, the whole text is one block if it holds a
/// `[DhtmlXQ_` tag.
pub fn blocks(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        let next = WRAPPERS
            .iter()
            .filter_map(|(open, close)| text[i..].find(open).map(|at| (i + at, *open, *close)))
            .min_by_key(|w| w.0);
        let Some((at, open, close)) = next else {
            break;
        };
        let body = at + open.len();
        let end = text[body..].find(close).map_or(text.len(), |e| body + e);
        out.push((body, end));
        i = (end + close.len()).min(text.len());
    }
    if out.is_empty() && text.contains("[DhtmlXQ_") {
        out.push((0, text.len()));
    }
    out
}

/// Splits a block into `DhtmlXQ_` tags. A value ends at the next closing tag whatever its name, as the
/// viewers read it (a mismatched closing tag is warned about).
fn tags<'a>(
    text: &'a str,
    (from, to): (usize, usize),
    lines: &mut LineCursor,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<Tag<'a>>, RecordError> {
    let mut out = Vec::new();
    let mut i = from;
    while let Some(off) = text[i..to].find("[DhtmlXQ_") {
        let open = i + off;
        let Some(close_rel) = text[open..to].find(']') else {
            return Err(lines.syntax(RecordFormat::DhtmlXq, text, open, "tag not closed with ']'"));
        };
        let name = &text[open + 9..open + close_rel];
        let after = open + close_rel + 1;
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(lines.syntax(
                RecordFormat::DhtmlXq,
                text,
                open,
                format!("bad tag name [DhtmlXQ_{}]", super::error::Quoted(name)),
            ));
        }
        let Some(end_rel) = text[after..to].find("[/DhtmlXQ_") else {
            return Err(lines.syntax(
                RecordFormat::DhtmlXq,
                text,
                open,
                format!("[DhtmlXQ_{name}] is not closed by [/DhtmlXQ_{name}]"),
            ));
        };
        let end = after + end_rel;
        // "[/DhtmlXQ_" has no ']': the closing name is what follows it up to the next ']'.
        let (closing, closing_end) = match text[end..to].find(']') {
            Some(e) => (&text[end + 10..end + e], end + e + 1),
            None => (&text[end + 10..to], to),
        };
        if closing != name {
            let (line, column) = lines.locate(text, end);
            warnings.push(Warning::at(
                WarningCode::ClosingTag,
                line,
                column,
                format!(
                    "[DhtmlXQ_{name}] is closed by [/DhtmlXQ_{}]: its value ends there",
                    super::error::Quoted(closing)
                ),
            ));
        }
        out.push(Tag {
            name,
            value: &text[after..end],
            at: after,
        });
        i = closing_end;
    }
    Ok(out)
}

/// What reading a block needs besides the block: the text, the line cursor and the warnings.
struct Cx<'t> {
    text: &'t str,
    lines: LineCursor,
    warnings: Vec<Warning>,
}

impl Cx<'_> {
    fn syntax(&mut self, at: usize, message: impl Into<String>) -> RecordError {
        self.lines
            .syntax(RecordFormat::DhtmlXq, self.text, at, message)
    }

    fn fen(&mut self, at: usize, error: crate::FenError) -> RecordError {
        let (line, column) = self.lines.locate(self.text, at);
        RecordError::Fen {
            line,
            column,
            error,
        }
    }
}

/// Four-digit moves of a movelist with their byte offsets; whitespace is ignored.
fn moves_of(cx: &mut Cx<'_>, tag: &Tag<'_>) -> Result<Vec<(usize, Move, String)>, RecordError> {
    let mut digits: Vec<(usize, u8)> = Vec::new();
    for (k, c) in tag.value.char_indices() {
        if c.is_whitespace() {
            continue;
        }
        match c.to_digit(10) {
            Some(d) => digits.push((tag.at + k, d as u8)),
            None => {
                return Err(cx.syntax(tag.at + k, format!("{c:?} in a move list: expected digits")))
            }
        }
    }
    if digits.len() % 4 != 0 {
        let at = digits.get(digits.len() / 4 * 4).map_or(tag.at, |d| d.0);
        return Err(cx.syntax(at, "a move list has four digits per move"));
    }
    let mut out = Vec::with_capacity(digits.len() / 4);
    for ch in digits.chunks(4) {
        let sq = |x: u8, y: u8| Square::from_coords(x as i32, 9 - y as i32).filter(|_| x <= 8);
        let (Some(from), Some(to)) = (sq(ch[0].1, ch[1].1), sq(ch[2].1, ch[3].1)) else {
            return Err(cx.syntax(ch[0].0, "a move is column 0-8 and row 0-9, twice"));
        };
        let s: String = ch.iter().map(|d| (b'0' + d.1) as char).collect();
        out.push((ch[0].0, Move::new(from, to), s));
    }
    Ok(out)
}

fn start_position(
    cx: &mut Cx<'_>,
    binit: Option<&Tag<'_>>,
    fen: Option<&Tag<'_>>,
    first: Option<Square>,
) -> Result<Position, RecordError> {
    if let Some(f) = fen {
        return Position::from_fen(f.value.trim()).map_err(|e| cx.fen(f.at, e));
    }
    let Some(b) = binit else {
        return Ok(Position::new());
    };
    let v = b.value.trim();
    if v.len() != 64 || !v.bytes().all(|c| c.is_ascii_digit()) {
        return Err(cx.syntax(b.at, "binit is 64 digits: 32 points xy"));
    }
    let mut grid = [[None::<char>; 9]; 10];
    for (i, pair) in v.as_bytes().chunks(2).enumerate() {
        let (x, y) = (pair[0] - b'0', pair[1] - b'0');
        if x == 9 && y == 9 {
            continue;
        }
        if x > 8 {
            return Err(cx.syntax(
                b.at + 2 * i,
                "a binit point is column 0-8 and row 0-9, or 99",
            ));
        }
        let c = ORDER[i % 16];
        let c = if i < 16 { c } else { c.to_ascii_lowercase() };
        let cell = &mut grid[y as usize][x as usize];
        if cell.is_some() {
            return Err(cx.syntax(b.at + 2 * i, "two pieces on one point in binit"));
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
    Position::from_fen(&fen).map_err(|e| cx.fen(b.at, e))
}

/// A map by route id, in id order: a vector searched by bisection (what a `BTreeMap` does here, without its
/// kilobytes of wasm per instantiation; a record has a few hundred routes at most in practice).
struct IdMap<V>(Vec<(usize, V)>);

impl<V> IdMap<V> {
    fn new() -> Self {
        IdMap(Vec::new())
    }
    fn find(&self, id: usize) -> Result<usize, usize> {
        self.0.binary_search_by_key(&id, |e| e.0)
    }
    /// Sets the value of `id` (a later tag with the same id replaces the earlier one).
    fn insert(&mut self, id: usize, v: V) {
        match self.find(id) {
            Ok(i) => self.0[i].1 = v,
            Err(i) => self.0.insert(i, (id, v)),
        }
    }
    /// The value of `id`, made with `make` when it has none.
    fn entry(&mut self, id: usize, make: impl FnOnce() -> V) -> &mut V {
        let i = match self.find(id) {
            Ok(i) => i,
            Err(i) => {
                self.0.insert(i, (id, make()));
                i
            }
        };
        &mut self.0[i].1
    }
    fn get(&self, id: usize) -> Option<&V> {
        self.find(id).ok().map(|i| &self.0[i].1)
    }
    fn contains_key(&self, id: usize) -> bool {
        self.find(id).is_ok()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}

impl<V> core::ops::Index<usize> for IdMap<V> {
    type Output = V;
    /// The value of an id known to be there.
    fn index(&self, id: usize) -> &V {
        &self.0[self.find(id).unwrap_or(usize::MAX)].1
    }
}

struct Route {
    parent: usize,
    ply: usize,
    at: usize,
    moves: Vec<(usize, Move, String)>,
}

/// Reads a DhtmlXQ record: the first block (see [`blocks`]); [`RecordError::NoGame`] without one.
pub fn parse_dhtmlxq(text: &str) -> Result<GameRecord, RecordError> {
    let block = blocks(text).into_iter().next().ok_or(RecordError::NoGame)?;
    parse_block(text, block)
}

/// Reads the DhtmlXQ block at byte range `block` of `text` (see [`blocks`]); positions in errors and warnings
/// are in `text`.
pub fn parse_block(text: &str, block: (usize, usize)) -> Result<GameRecord, RecordError> {
    let mut cx = Cx {
        text,
        lines: LineCursor::default(),
        warnings: Vec::new(),
    };
    let tags = tags(text, block, &mut cx.lines, &mut cx.warnings)?;
    if tags.is_empty() {
        return Err(RecordError::NoGame);
    }
    let mut headers = Vec::new();
    let mut binit = None;
    let mut fen = None;
    let mut routes: IdMap<Route> = IdMap::new();
    let mut comments: Vec<(usize, usize, String)> = Vec::new();
    let num = |s: &str| s.parse::<usize>().ok();
    for tag in &tags {
        let name = tag.name;
        if name == "binit" {
            binit = Some(tag);
        } else if name == "fen" {
            fen = Some(tag);
        } else if name == "movelist" {
            let moves = moves_of(&mut cx, tag)?;
            routes.insert(
                0,
                Route {
                    parent: 0,
                    ply: 1,
                    at: tag.at,
                    moves,
                },
            );
        } else if let Some(rest) = name.strip_prefix("move_") {
            let parts: Vec<Option<usize>> = rest.split('_').map(num).collect();
            let [Some(a), Some(b), Some(c)] = parts[..] else {
                return Err(cx.syntax(
                    tag.at,
                    format!("bad variation tag DhtmlXQ_{}", super::error::Quoted(name)),
                ));
            };
            if b == 0 || (c == 0 && (a != 0 || b != 1)) {
                return Err(cx.syntax(
                    tag.at,
                    format!("bad variation tag DhtmlXQ_{}", super::error::Quoted(name)),
                ));
            }
            let moves = moves_of(&mut cx, tag)?;
            routes.insert(
                c,
                Route {
                    parent: a,
                    ply: b,
                    at: tag.at,
                    moves,
                },
            );
        } else if let Some(rest) = name
            .strip_prefix("comment")
            .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        {
            let parts: Vec<Option<usize>> = rest.split('_').map(num).collect();
            let (route, ply) = match parts[..] {
                [Some(n)] => (0, n),
                [Some(r), Some(n)] => (r, n),
                _ => {
                    return Err(cx.syntax(
                        tag.at,
                        format!("bad comment tag DhtmlXQ_{}", super::error::Quoted(name)),
                    ))
                }
            };
            comments.push((route, ply, tag.value.replace("||", "\n")));
        } else {
            match NAMES.iter().find(|(d, _)| *d == name) {
                Some((_, "Result")) => {
                    let v = RESULTS_READ
                        .iter()
                        .find(|(d, _)| *d == tag.value.trim())
                        .map_or(tag.value, |(_, p)| p);
                    headers.push(("Result".to_string(), v.to_string()));
                }
                Some((_, h)) => headers.push((h.to_string(), tag.value.to_string())),
                // A PGN tag written by `write_dhtmlxq` under its own name (DhtmlXQ's own are lower case).
                None if name.starts_with(|c: char| c.is_ascii_uppercase()) => {
                    headers.push((name.to_string(), tag.value.to_string()))
                }
                None if name.starts_with("pgn_") && name.len() > 4 => {
                    headers.push((name[4..].to_string(), tag.value.to_string()))
                }
                None => headers.push((format!("DhtmlXQ_{name}"), tag.value.to_string())),
            }
        }
    }
    routes.entry(0, || Route {
        parent: 0,
        ply: 1,
        at: block.0,
        moves: Vec::new(),
    });
    let first = routes[0].moves.first().map(|m| m.1.from);
    let start = start_position(&mut cx, binit, fen, first)?;
    let mut children: IdMap<Vec<(usize, usize)>> = IdMap::new();
    for &(id, ref r) in &routes.0 {
        if id != 0 {
            if !routes.contains_key(r.parent) || r.parent == id {
                let at = r.at;
                let parent = r.parent;
                return Err(cx.syntax(
                    at,
                    format!("variation {id} branches from unknown route {parent}"),
                ));
            }
            children.entry(r.parent, Vec::new).push((r.ply, id));
        }
    }
    // Each branch point's variations by ply, then id: a few each, so an insertion sort (a library sort would be
    // instantiated for this one type, kilobytes of wasm).
    for (_, v) in &mut children.0 {
        for i in 1..v.len() {
            let mut j = i;
            while j > 0 && v[j - 1] > v[j] {
                v.swap(j - 1, j);
                j -= 1;
            }
        }
    }
    let mut budget = routes.len();
    let mainline = build(
        &mut cx,
        &routes,
        &children,
        &comments,
        0,
        &start,
        &mut budget,
        0,
    )?;
    let mut mainline = mainline;
    take_commands(&mut mainline, true);
    Ok(GameRecord {
        headers,
        start,
        mainline,
        warnings: cx.warnings,
    })
}

#[allow(clippy::too_many_arguments)]
fn build(
    cx: &mut Cx<'_>,
    routes: &IdMap<Route>,
    children: &IdMap<Vec<(usize, usize)>>,
    comments: &[(usize, usize, String)],
    id: usize,
    start: &Position,
    budget: &mut usize,
    depth: usize,
) -> Result<Line, RecordError> {
    // Each route is built once; a cycle in the parent links would exceed the budget.
    if *budget == 0 {
        return Err(cx.syntax(routes[id].at, "variations form a cycle"));
    }
    *budget -= 1;
    if depth > MAX_VARIATION_DEPTH {
        return Err(cx.syntax(routes[id].at, "variations nested too deeply"));
    }
    let r = &routes[id];
    let mut pos = start.clone();
    let mut line = Line::default();
    let kids = children.get(id).map_or(&[][..], |v| &v[..]);
    // The ply after the route's last readable move: an illegal move cuts the route there.
    let mut end = r.ply + r.moves.len();
    for (i, (at, m, s)) in r.moves.iter().enumerate() {
        let ply = r.ply + i;
        if let Err(reason) = pos.check_move(*m) {
            let (l, c) = cx.lines.locate(cx.text, *at);
            let error = IllegalMoveError { mv: *m, reason };
            cx.warnings.push(Warning::at(
                WarningCode::IllegalMove,
                l,
                c,
                format!(
                    "ply {ply}{}: {s} ({m}) is illegal ({}): left out with the rest of its line",
                    if id != 0 { " of a variation" } else { "" },
                    error.reason
                ),
            ));
            end = ply;
            break;
        }
        let mut node = Node::new(*m);
        for &(_, child) in kids.iter().filter(|(p, _)| *p == ply) {
            node.variations.push(build(
                cx,
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
        .find(|(p, _)| *p < r.ply || (*p >= r.ply + r.moves.len()))
    {
        return Err(cx.syntax(
            routes[child].at,
            format!("variation {child} branches at ply {p}, which its route does not have"),
        ));
    }
    // Variations and comments past a cut are left out with it.
    let _ = end;
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
    // A closing tag inside (`[/DhtmlXQ_`) would end the value: its `[` is written `［`.
    let c = c.replace('\n', "||").replace("[/DhtmlXQ_", "［/DhtmlXQ_");
    format!("[DhtmlXQ_{name}]{c}[/DhtmlXQ_{name}]")
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
            if let Some(c) = node.comment_with_commands() {
                self.comments.push(comment_tag(id, ply, &c));
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

/// A value as DhtmlXQ can hold it: a `[` that would open or close a tag inside it is written as `［`.
fn tag_value(v: &str) -> Cow<'_, str> {
    if v.contains("[DhtmlXQ") || v.contains("[/DhtmlXQ") {
        Cow::Owned(
            v.replace("[DhtmlXQ", "［DhtmlXQ")
                .replace("[/DhtmlXQ", "［/DhtmlXQ"),
        )
    } else {
        Cow::Borrowed(v)
    }
}

/// The DhtmlXQ tag name a header is written under (see the module docs), or `None` for the start position's
/// (`FEN`: written as `binit` and `fen`) and for names DhtmlXQ cannot hold.
fn dhtmlxq_name(k: &str) -> Option<Cow<'_, str>> {
    if let Some(raw) = k.strip_prefix("DhtmlXQ_") {
        let reserved = matches!(raw, "binit" | "movelist" | "fen")
            || raw.starts_with("move_")
            || raw
                .strip_prefix("comment")
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
            || raw.starts_with(|c: char| c.is_ascii_uppercase())
            || raw.starts_with("pgn_");
        return (!reserved && !raw.is_empty()).then_some(Cow::Borrowed(raw));
    }
    if let Some((d, _)) = NAMES.iter().find(|(_, h)| *h == k) {
        return Some(Cow::Borrowed(d));
    }
    if k == "FEN" || k.is_empty() || !k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    if k.starts_with(|c: char| c.is_ascii_uppercase()) {
        Some(Cow::Borrowed(k))
    } else {
        Some(Cow::Owned(format!("pgn_{k}")))
    }
}

/// Writes the record as a DhtmlXQ block. Headers are written in order under the names of the module docs' table;
/// other PGN tags under their own name (`[DhtmlXQ_Variation]`, read back as the PGN tag; a name that starts with
/// a lower-case letter as `pgn_name`), tags read from DhtmlXQ under their own. The `FEN` tag is the start
/// position (`binit`, and `fen` when the start is not the standard one); NAGs and drawings, which the format has
/// no form for, are written in the move's comment as `[%nag 1]`, `[%cal Rh2e2]`, `[%csl Ge7]` (read back by
/// [`parse_dhtmlxq`]); `||` in a comment stands for a line break.
pub fn write_dhtmlxq(record: &GameRecord) -> String {
    let mut out = String::from("[DhtmlXQ]\n");
    for (k, v) in &record.headers {
        let Some(name) = dhtmlxq_name(k) else {
            continue;
        };
        let v = if k == "Result" {
            RESULTS_WRITE
                .iter()
                .find(|(p, _)| p == v)
                .map_or(v.as_str(), |(_, d)| d)
        } else {
            v.as_str()
        };
        let v = tag_value(v);
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
