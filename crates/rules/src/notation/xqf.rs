//! XQF, the binary record format of XQStudio (象棋演播室, xiàngqí yǎnbōshì): one game per file — a start
//! position (any position: endgames and problems), a tree of moves (main line and variations), a comment on
//! any node, and text fields (title, event, date, site, players, ...), in GBK. Every version in circulation is
//! read: 10 (plain), 11 (keys), 12 to 18 (keys, a rotated piece table and an encrypted move tree). The
//! format is described in our own words in docs/xqf.md; this reader follows that page.
//!
//! ```
//! use xiangqi::notation::xqf::parse_xqf;
//! use xiangqi::notation::encoding::NativeDecoder;
//!
//! // Version 10: a header of 1,024 bytes, then records of 8 bytes plus a comment.
//! let mut file = vec![0u8; 1024];
//! file[..3].copy_from_slice(b"XQ\x0a");
//! // The 32 pieces in the order of the format (Red's chariot on i0 = 80, ...): the standard start.
//! let squares = [80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3,
//!                89, 79, 69, 59, 49, 39, 29, 19, 9, 77, 17, 86, 66, 46, 26, 6];
//! file[16..48].copy_from_slice(&squares);
//! file[0x33] = 1; // Red won
//! file.extend([0x18, 0x20, 0xF0, 0, 0, 0, 0, 0]); // the root: a move follows
//! file.extend([72 + 24, 42 + 32, 0, 0, 0, 0, 0, 0]); // h2e2, the last move
//! let record = parse_xqf(&file, None, &NativeDecoder).unwrap();
//! assert_eq!(record.moves().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2"]);
//! assert_eq!(record.result(), "1-0");
//! ```

use super::encoding::{DecodeError, DecodeErrorKind, Decoder, Encoding};
use super::record::{
    diagram_position, take_commands, GameRecord, Line, Node, RecordError, RecordFormat, Warning,
    WarningCode, MAX_VARIATION_DEPTH,
};
use crate::{Color, IllegalMoveError, Move, Piece, Position, Role, Setup, Square};

/// The most moves (nodes of the tree) read from one file. The largest real file seen has 32,124; the cap keeps a
/// hostile file from making the reader allocate without end.
pub const MAX_XQF_NODES: usize = 1 << 19;

/// The size of the header: the move tree starts here.
const HEADER: usize = 0x400;

/// The text XQStudio masks its stream key with.
const KEY_TEXT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The pieces of the 32 header slots.
const ORDER: [Role; 16] = [
    Role::Chariot,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::General,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
    Role::Cannon,
    Role::Cannon,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
];

/// The text fields of the header: offset, size, and the PGN tag each is read as.
const FIELDS: [(usize, usize, &str); 12] = [
    (0x50, 64, "Title"),
    (0x90, 64, "Subtitle"),
    (0xD0, 64, "Event"),
    (0x110, 16, "Date"),
    (0x120, 16, "Site"),
    (0x130, 16, "Red"),
    (0x140, 16, "Black"),
    (0x150, 64, "TimeControl"),
    (0x190, 16, "RedTime"),
    (0x1A0, 16, "BlackTime"),
    (0x1D0, 16, "Annotator"),
    (0x1E0, 16, "Author"),
];

fn malformed(offset: usize, message: impl Into<String>) -> RecordError {
    RecordError::Binary {
        format: RecordFormat::Xqf,
        offset,
        message: message.into(),
    }
}

/// Whether `bytes` start like an XQF file (the signature `XQ`, and a header).
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.len() >= HEADER && bytes.starts_with(b"XQ")
}

/// The keys of a file (all zero for version 10 and below).
struct Keys {
    pos: u8,
    from: u8,
    to: u8,
    comment: u32,
    stream: [u8; 32],
}

impl Keys {
    fn of(h: &[u8]) -> Result<Keys, RecordError> {
        let version = h[2];
        if version <= 10 {
            return Ok(Keys {
                pos: 0,
                from: 0,
                to: 0,
                comment: 0,
                stream: [0; 32],
            });
        }
        let (mask, or) = (h[3], [h[8], h[9], h[10], h[11]]);
        let (sum, xy, xyf, xyt) = (h[12], h[13], h[14], h[15]);
        if sum.wrapping_add(xy).wrapping_add(xyf).wrapping_add(xyt) != 0 {
            return Err(malformed(
                12,
                "the key bytes do not add up to 0 mod 256 (bad keys: probably not an XQF file)",
            ));
        }
        let f = |k: u8| 54u8.wrapping_mul(k).wrapping_mul(k).wrapping_add(221);
        let pos = f(xy).wrapping_mul(xy);
        let from = f(xyf).wrapping_mul(pos);
        let to = f(xyt).wrapping_mul(from);
        let comment = (sum as u32 * 256 + xy as u32) % 32000 + 767;
        let b = [
            (sum & mask) | or[0],
            (xy & mask) | or[1],
            (xyf & mask) | or[2],
            (xyt & mask) | or[3],
        ];
        let mut stream = [0u8; 32];
        for (j, s) in stream.iter_mut().enumerate() {
            *s = KEY_TEXT[j] & b[j % 4];
        }
        Ok(Keys {
            pos,
            from,
            to,
            comment,
            stream,
        })
    }
}

/// The move tree's bytes, decrypted as they are read.
struct Tree<'a> {
    bytes: &'a [u8],
    at: usize,
    stream: [u8; 32],
}

impl Tree<'_> {
    fn take(&mut self, n: usize, what: &str) -> Result<Vec<u8>, RecordError> {
        if self.bytes.len() - self.at < n {
            return Err(malformed(
                self.at,
                format!(
                    "the file ends inside {what} ({n} bytes needed, {} left): truncated",
                    self.bytes.len() - self.at
                ),
            ));
        }
        let out = (self.at..self.at + n)
            .map(|p| self.bytes[p].wrapping_sub(self.stream[p % 32]))
            .collect();
        self.at += n;
        Ok(out)
    }

    fn u32(&mut self, what: &str) -> Result<u32, RecordError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

/// One record of a binary move tree (XQF, CBR): squares as XQF writes them (`10·file + rank`, above 89 off
/// the board).
pub(super) struct RawNode {
    pub(super) from: u8,
    pub(super) to: u8,
    /// Offset of the record in the file.
    pub(super) at: usize,
    pub(super) comment: Option<String>,
    /// The node's children, first (the main continuation) first.
    pub(super) children: Vec<usize>,
}

/// Text of the file in `encoding`; bytes not valid in it become U+FFFD with a warning (the format fixes the
/// encoding: nothing is guessed).
fn decode_text(
    bytes: &[u8],
    at: usize,
    encoding: Encoding,
    decoder: &dyn Decoder,
    warnings: &mut Vec<Warning>,
) -> Result<String, RecordError> {
    if bytes.is_ascii() {
        return Ok(bytes.iter().map(|&b| b as char).collect());
    }
    let strict = match encoding {
        Encoding::Utf8 => core::str::from_utf8(bytes).ok().map(str::to_string),
        e => decoder.decode(e, bytes),
    };
    if let Some(text) = strict {
        return Ok(text);
    }
    let lossy = match encoding {
        Encoding::Utf8 => Some(String::from_utf8_lossy(bytes).into_owned()),
        e => decoder.decode_lossy(e, bytes),
    };
    match lossy {
        Some(text) => {
            warnings.push(Warning::at_offset(
                WarningCode::InvalidText,
                at,
                format!(
                    "text of {} bytes that is not valid {}: read with U+FFFD for what is not",
                    bytes.len(),
                    encoding.name()
                ),
            ));
            Ok(text)
        }
        None => Err(RecordError::Encoding(DecodeError {
            valid_up_to: 0,
            tried: vec![encoding],
            kind: DecodeErrorKind::Unavailable,
        })),
    }
}

/// Reads an XQF file. Text (the header's fields and the comments) is GBK unless `encoding` says otherwise,
/// decoded by `decoder`. The fields become headers: `Title`, `Subtitle`, `Event`, `Date`, `Site`, `Red`,
/// `Black`, `Result` (`1-0`, `0-1`, `1/2-1/2`, `*`), `TimeControl`, `RedTime`, `BlackTime`, `Annotator`,
/// `Author` (empty fields are left out; the type field — full game, opening, middle game, endgame — is not
/// kept). The side to move is the colour of the piece the first move moves (WhoPlay, the header's byte for it,
/// is 0 in version 10 files where Black moves first), else WhoPlay; a position without moves (a diagram) whose
/// side to move cannot be right — the side not to move is in check, the side to move is not — is read with the
/// other side to move and a [`WarningCode::SideToMove`] warning. An illegal move of the file (a recording
/// error) is left out with everything below it, with a [`WarningCode::IllegalMove`] warning. A file that is
/// not XQF, truncated, with bad keys, a length past its end or more than [`MAX_XQF_NODES`] moves is a
/// [`RecordError::Binary`] error, and nothing past the file's own size is ever allocated.
pub fn parse_xqf(
    bytes: &[u8],
    encoding: Option<Encoding>,
    decoder: &dyn Decoder,
) -> Result<GameRecord, RecordError> {
    let encoding = encoding.unwrap_or(Encoding::Gbk);
    if bytes.len() < 2 || !bytes.starts_with(b"XQ") {
        return Err(malformed(0, "not an XQF file (no 'XQ' signature)"));
    }
    if bytes.len() < HEADER {
        return Err(malformed(
            bytes.len(),
            format!(
                "the file ends inside the header ({} of 1024 bytes): truncated",
                bytes.len()
            ),
        ));
    }
    let h = &bytes[..HEADER];
    let version = h[2];
    if version > 18 {
        return Err(malformed(
            2,
            format!("version {version} is not known (XQStudio writes versions up to 18)"),
        ));
    }
    let keys = Keys::of(h)?;
    let mut warnings = Vec::new();

    // The pieces.
    let mut slots = [0u8; 32];
    for (i, &raw) in h[0x10..0x30].iter().enumerate() {
        let at = if version >= 12 {
            (i + 1 + keys.pos as usize) % 32
        } else {
            i
        };
        slots[at] = raw.wrapping_sub(keys.pos);
    }

    // The tree: the root record, then the nodes depth first.
    let mut tree = Tree {
        bytes,
        at: HEADER,
        stream: keys.stream,
    };
    let mut nodes: Vec<RawNode> = Vec::new();
    let mut pending: Vec<usize> = Vec::new();
    let mut expect = Some(0usize);
    let mut root = true;
    while let Some(parent) = expect {
        if nodes.len() > MAX_XQF_NODES {
            return Err(malformed(
                tree.at,
                format!("more than {MAX_XQF_NODES} moves: refused"),
            ));
        }
        let at = tree.at;
        let r = tree.take(4, "a move record")?;
        let (child, sibling, has_comment) = if version <= 10 {
            (r[2] & 0xF0 != 0, r[2] & 0x0F != 0, true)
        } else {
            (r[2] & 0x80 != 0, r[2] & 0x40 != 0, r[2] & 0x20 != 0)
        };
        let comment = if has_comment {
            let stored = tree.u32("a comment length")?;
            let len = stored.wrapping_sub(keys.comment) as usize;
            let left = bytes.len() - tree.at;
            if len > left {
                return Err(malformed(
                    tree.at - 4,
                    format!("a comment of {len} bytes runs past the end of the file ({left} bytes left)"),
                ));
            }
            let at = tree.at;
            let text = tree.take(len, "a comment")?;
            (len > 0)
                .then(|| {
                    decode_text(&text, at, encoding, decoder, &mut warnings).map(|t| reflow(&t))
                })
                .transpose()?
                // A comment of blanks and line breaks only is none.
                .filter(|t| !t.trim().is_empty())
        } else {
            None
        };
        let id = nodes.len();
        nodes.push(RawNode {
            from: r[0].wrapping_sub(0x18).wrapping_sub(keys.from),
            to: r[1].wrapping_sub(0x20).wrapping_sub(keys.to),
            at,
            comment,
            children: Vec::new(),
        });
        if root {
            // The root is the start position: its move and its sibling flag mean nothing.
            root = false;
            expect = child.then_some(0);
            continue;
        }
        nodes[parent].children.push(id);
        if sibling {
            pending.push(parent);
        }
        expect = if child { Some(id) } else { pending.pop() };
    }
    if tree.at < bytes.len() {
        warnings.push(Warning::at_offset(
            WarningCode::TrailingBytes,
            tree.at,
            format!(
                "{} bytes after the end of the move tree: ignored",
                bytes.len() - tree.at
            ),
        ));
    }

    // The start position; the side to move from the first move's piece, else WhoPlay.
    let mut setup = Setup::default();
    for (i, &sq) in slots.iter().enumerate() {
        if sq > 89 {
            continue;
        }
        let color = if i < 16 { Color::Red } else { Color::Black };
        let square = Square::from_coords((sq / 10) as i32, (sq % 10) as i32)
            .ok_or_else(|| malformed(0x10 + i, "a piece off the board"))?;
        if setup.board.piece_at(square).is_some() {
            return Err(malformed(
                0x10,
                format!("two pieces on {square} in the start position"),
            ));
        }
        setup
            .board
            .set(square, Some(Piece::new(color, ORDER[i % 16])));
    }
    let first_mover = nodes[0]
        .children
        .first()
        .and_then(|&c| square_of(nodes[c].from))
        .and_then(|sq| setup.board.piece_at(sq))
        .map(|p| p.color);
    setup.turn = first_mover.unwrap_or(if h[0x32] == 1 {
        Color::Black
    } else {
        Color::Red
    });
    // A position without moves is a diagram: a side to move that cannot be right is turned, with a warning.
    let (start, turned) = if first_mover.is_some() {
        Position::from_setup(setup).map(|p| (p, None))
    } else {
        diagram_position(setup, |m| {
            Warning::at_offset(WarningCode::SideToMove, 0x32, m)
        })
    }
    .map_err(|e| RecordError::Fen {
        line: 0,
        column: 0,
        error: crate::FenError::Position(e),
    })?;
    warnings.extend(turned);

    let mut headers = Vec::new();
    for (off, size, name) in FIELDS {
        let n = (h[off] as usize).min(size - 1);
        let value = decode_text(
            &h[off + 1..off + 1 + n],
            off + 1,
            encoding,
            decoder,
            &mut warnings,
        )?;
        if !value.is_empty() {
            headers.push((name.to_string(), value));
        }
        if name == "Black" {
            headers.push(("Result".to_string(), result_of(h[0x33]).to_string()));
        }
    }
    // The lines, every move checked.
    let mut b = Builder {
        format: RecordFormat::Xqf,
        nodes: &nodes,
        warnings: &mut warnings,
    };
    let mut mainline = b.line(0, &start, 1, 0)?;
    take_commands(&mut mainline, true);
    Ok(GameRecord {
        headers,
        start,
        mainline,
        warnings,
    })
}

/// The display width of a character: 2 for East Asian wide and full-width characters, else 1.
fn width(c: char) -> usize {
    let wide = matches!(c as u32,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD);
    if wide {
        2
    } else {
        1
    }
}

/// Whether `c` is a letter, a digit or a Chinese character (what a line cut inside a sentence ends on). Tables of
/// ranges, not `char::is_alphanumeric`, whose Unicode tables would weigh on the wasm build.
fn in_sentence(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(c as u32,
            0x00C0..=0x024F | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0xFF10..=0xFF19
            | 0xFF21..=0xFF3A | 0xFF41..=0xFF5A | 0x20000..=0x3FFFD)
}

/// Lines at least this wide (in columns, a Chinese character counting 2) that break mid-sentence were broken by
/// the program that wrote the comment, not by its author.
const WRAP_WIDTH: usize = 60;

/// Whether the break after `line`, before `next`, is a wrap of the editor rather than the author's: `line` is
/// as wide as a wrapped line, is no aligned table (no run of two spaces), does not end a sentence or a clause
/// that announces a list, and `next` does not start a paragraph (indented) or an item (`1)`, `2.`, `一、`, `(1)`).
fn wrapped(line: &str, next: &str) -> bool {
    // Character tests rather than string searches: they keep the wasm build small.
    let line = line.trim_end();
    let Some(last) = line.chars().next_back() else {
        return false;
    };
    let Some(first) = next.chars().next() else {
        return false;
    };
    let mut cs = next
        .chars()
        .skip_while(|&c| matches!(c, '(' | '（'))
        .peekable();
    let mut marker = 0;
    while cs
        .next_if(|&c| c.is_ascii_digit() || "一二三四五六七八九十".contains(c))
        .is_some()
    {
        marker += 1;
    }
    let item = marker > 0 && matches!(cs.next(), Some(')' | '）' | '.' | '、' | '．'));
    line.chars().map(width).sum::<usize>() >= WRAP_WIDTH
        && !line.as_bytes().windows(2).any(|w| w == b"  ")
        && (in_sentence(last) || matches!(last, '，' | ',' | '、'))
        && !first.is_whitespace()
        && !item
}

/// The result a header byte gives (XQF's, and XiangQi Bridge's, which took it over): 1 Red won, 2 Black won, 3 a
/// draw, anything else unknown.
pub(super) fn result_of(byte: u8) -> &'static str {
    match byte {
        1 => "1-0",
        2 => "0-1",
        3 => "1/2-1/2",
        _ => "*",
    }
}

/// A comment as its author wrote it: line breaks as CR LF (XQStudio's) or CR become LF, the line breaks around the
/// comment go, a wrap of the writing program inside a sentence (see [`wrapped`]) is joined — with a space between
/// two Latin words, with nothing between Chinese characters — and every other break, blank-line paragraphs
/// included, is kept. What the XQF (and CBR) reader does to every comment, so also what an XQF file written and
/// read back holds of one.
pub fn reflow(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            chars.next_if_eq(&'\n');
            plain.push('\n');
        } else {
            plain.push(c);
        }
    }
    let lines: Vec<&str> = plain.trim_matches('\n').split('\n').collect();
    let mut out = String::with_capacity(plain.len());
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            if wrapped(lines[i - 1], line) {
                let kept = out.trim_end().len();
                out.truncate(kept);
                let latin = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
                if latin(out.chars().next_back()) && latin(line.chars().next()) {
                    out.push(' ');
                }
            } else {
                out.push('\n');
            }
        }
        out.push_str(line);
    }
    out
}

pub(super) fn square_of(s: u8) -> Option<Square> {
    (s <= 89)
        .then(|| Square::from_coords((s / 10) as i32, (s % 10) as i32))
        .flatten()
}

/// Builds the lines of a binary move tree (XQF, CBR), every move checked.
pub(super) struct Builder<'a> {
    pub(super) format: RecordFormat,
    pub(super) nodes: &'a [RawNode],
    pub(super) warnings: &'a mut Vec<Warning>,
}

impl Builder<'_> {
    /// The move of node `id` if it is legal in `pos`; otherwise warns and says `None`.
    fn legal(&mut self, id: usize, pos: &Position, ply: usize, depth: usize) -> Option<Move> {
        let n = &self.nodes[id];
        let reason = match (square_of(n.from), square_of(n.to)) {
            (Some(from), Some(to)) => {
                let m = Move::new(from, to);
                match pos.check_move(m) {
                    Ok(()) => return Some(m),
                    Err(reason) => IllegalMoveError { mv: m, reason }.to_string(),
                }
            }
            _ => format!("squares {} and {} are not on the board", n.from, n.to),
        };
        self.warnings.push(Warning::at_offset(
            WarningCode::IllegalMove,
            n.at,
            format!(
                "ply {ply}{}: {reason}: left out with everything after it",
                if depth > 0 { " of a variation" } else { "" }
            ),
        ));
        None
    }

    /// The line that continues from node `parent` (the root is node 0) in `pos`: its first legal child and that
    /// child's line; the other legal children are variations of the first. `ply` is the ply of the line's first
    /// move; `depth` counts the variations the line is nested in.
    pub(super) fn line(
        &mut self,
        parent: usize,
        pos: &Position,
        ply: usize,
        depth: usize,
    ) -> Result<Line, RecordError> {
        if depth > MAX_VARIATION_DEPTH {
            return Err(RecordError::Binary {
                format: self.format,
                offset: self.nodes[parent].at,
                message: "variations nested too deeply".to_string(),
            });
        }
        let mut line = Line {
            comment: if parent == 0 {
                self.nodes[0].comment.clone()
            } else {
                None
            },
            moves: Vec::new(),
        };
        let mut pos = pos.clone();
        let mut at = parent;
        let mut ply = ply;
        loop {
            // The legal children of `at`: the first continues the line, the others are its variations.
            let mut legal = Vec::new();
            for &c in &self.nodes[at].children {
                if let Some(m) = self.legal(c, &pos, ply, depth + usize::from(!legal.is_empty())) {
                    legal.push((c, m));
                }
            }
            let Some(&(first, m)) = legal.first() else {
                return Ok(line);
            };
            let mut node = Node::new(m);
            node.comment = self.nodes[first].comment.clone();
            for &(c, alt) in &legal[1..] {
                let mut after = pos.clone();
                after.play_unchecked(alt);
                let mut v = self.line(c, &after, ply + 1, depth + 1)?;
                let mut head = Node::new(alt);
                head.comment = self.nodes[c].comment.clone();
                v.moves.insert(0, head);
                node.variations.push(v);
            }
            pos.play_unchecked(m);
            line.moves.push(node);
            at = first;
            ply += 1;
        }
    }
}

// ------------------------------------------------------------------------------------------------------------
// Writer

/// One node of the tree being written: move `index` of `line`.
#[derive(Clone, Copy)]
struct Slot<'a> {
    line: &'a Line,
    index: usize,
}

/// The children of the node before move `index` of `line` (the root for the main line's first move): that
/// move, then the first moves of its variations (those with moves), in order.
fn children_at(line: &Line, index: usize) -> Vec<Slot<'_>> {
    let Some(node) = line.moves.get(index) else {
        return Vec::new();
    };
    let mut out = vec![Slot { line, index }];
    out.extend(
        node.variations
            .iter()
            .filter(|v| !v.moves.is_empty())
            .map(|v| Slot { line: v, index: 0 }),
    );
    out
}

fn square_byte(sq: Square) -> u8 {
    sq.file() * 10 + sq.rank()
}

/// Writes `record` as an XQF file of version 10, the unencrypted version that XQStudio reads and other programs
/// still write: the header's fields from the tags `Title`, `Subtitle`, `Event`, `Date`, `Site`, `Red`, `Black`,
/// `TimeControl`, `RedTime`, `BlackTime`, `Annotator`, `Author` (in GBK, each cut to its field's size at a
/// character boundary: 15 or 63 bytes), `Result`, the start position and side to move, then the move tree with
/// each move's comment (its NAGs and drawings as `[%nag …]`, `[%cal …]`, `[%csl …]` after the text). The
/// format has no place for the comment before a variation's first move, for other tags, or for the tags'
/// order. The record's moves must be legal (the writer of records checks that first).
pub fn write_xqf(
    record: &GameRecord,
    gbk: &super::encoding::GbkEncoder,
) -> Result<Vec<u8>, super::record::WriteError> {
    use super::record::WriteError;
    let mut out = vec![0u8; HEADER];
    out[..3].copy_from_slice(b"XQ\x0a");
    // The pieces: each in the first free slot of its kind; empty slots off the board.
    let mut slots = [0xFFu8; 32];
    for (sq, piece) in record.start.board().pieces() {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        if let Some(i) = (0..16).find(|&i| ORDER[i] == piece.role && slots[base + i] == 0xFF) {
            slots[base + i] = square_byte(sq);
        }
    }
    out[0x10..0x30].copy_from_slice(&slots);
    out[0x32] = u8::from(record.start.turn() == Color::Black);
    out[0x33] = match record.result() {
        "1-0" => 1,
        "0-1" => 2,
        "1/2-1/2" => 3,
        _ => 0,
    };
    out[0x40] = if record.start == Position::new() {
        0
    } else {
        3
    };
    let text = |what: &dyn Fn() -> String, s: &str| {
        gbk.encode(s)
            .map_err(|ch| WriteError::Text { what: what(), ch })
    };
    for (off, size, name) in FIELDS {
        let Some(value) = record.header(name) else {
            continue;
        };
        let bytes = text(&|| format!("tag {name}"), value)?;
        // Cut at a character boundary: GBK characters are one byte (ASCII) or two.
        let mut n = 0;
        while n < bytes.len() {
            let w = if bytes[n] < 0x80 { 1 } else { 2 };
            if n + w > size - 1 {
                break;
            }
            n += w;
        }
        out[off] = n as u8;
        out[off + 1..off + 1 + n].copy_from_slice(&bytes[..n]);
    }
    let record_bytes = |out: &mut Vec<u8>,
                        mv: Option<Move>,
                        child: bool,
                        sibling: bool,
                        comment: Option<Vec<u8>>| {
        let (from, to) = mv.map_or((0, 0), |m| (square_byte(m.from), square_byte(m.to)));
        let tag = if child { 0xF0 } else { 0 } | if sibling { 0x0F } else { 0 };
        out.extend([from + 0x18, to + 0x20, tag, 0]);
        let c = comment.unwrap_or_default();
        out.extend((c.len() as u32).to_le_bytes());
        out.extend(c);
    };
    let root_kids = children_at(&record.mainline, 0);
    let root_comment = record
        .mainline
        .comment
        .as_deref()
        .map(|c| text(&|| "the comment before the first move".to_string(), c))
        .transpose()?;
    record_bytes(&mut out, None, !root_kids.is_empty(), false, root_comment);
    // Depth first with a stack of sibling lists: a node, everything below it, then its next sibling.
    let mut stack = vec![(root_kids, 0usize, 1usize)];
    while let Some((list, next, ply)) = stack.last_mut() {
        let Some(&slot) = list.get(*next) else {
            stack.pop();
            continue;
        };
        *next += 1;
        let sibling = *next < list.len();
        let ply = *ply;
        let node = &slot.line.moves[slot.index];
        let kids = children_at(slot.line, slot.index + 1);
        let comment = node
            .comment_with_commands()
            .map(|c| text(&|| format!("the comment of ply {ply}"), &c))
            .transpose()?;
        record_bytes(&mut out, Some(node.mv), !kids.is_empty(), sibling, comment);
        if !kids.is_empty() {
            stack.push((kids, 0, ply + 1));
        }
    }
    Ok(out)
}
