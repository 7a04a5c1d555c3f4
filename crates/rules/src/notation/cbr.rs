//! CBR and CBL, the binary formats of XiangQi Bridge (象棋桥, xiàngqí qiáo; "CCBridge"): a `.cbr` file holds one
//! game — a start position (any position: endgames, problems, diagrams), a tree of moves (main line and
//! variations), a comment on any node, and text fields (title, event, date, site, players) in UTF-16 — and a
//! `.cbl` library holds many such records after an index. Nothing is encrypted. The formats are described in our
//! own words, with what was measured on real files, in docs/cbr.md; this reader follows that page.
//!
//! ```
//! use xiangqi::notation::cbr::parse_cbr;
//!
//! // A header of 2,214 bytes, then records of 4 bytes (flags, 0, from, to) plus a comment.
//! let mut file = vec![0u8; 2214];
//! file[..16].copy_from_slice(b"CCBridge Record\0");
//! // The board: 90 bytes from a9 (index 0) to i0 (index 89); 0x15 the red general, 0x25 the black one.
//! file[2120 + 5] = 0x25; // f9
//! file[2120 + 85] = 0x15; // e0
//! file[2120 + 84] = 0x11; // a red chariot on d0
//! file[2076] = 1; // Red won
//! file.extend([0, 0, 0, 0]); // the root: a move follows
//! file.extend([1, 0, 84, 12]); // d0d8, the end of the line
//! let record = parse_cbr(&file).unwrap();
//! assert_eq!(record.moves().map(|m| m.to_string()).collect::<Vec<_>>(), ["d0d8"]);
//! assert_eq!(record.result(), "1-0");
//! ```

use super::record::{
    diagram_position, GameRecord, RecordError, RecordFormat, Warning, WarningCode,
};
use super::xqf::{reflow, result_of, Builder, RawNode};
use crate::{Color, Piece, Role, Setup, Square};

/// The signature of a record (`.cbr`, and each game of a library).
pub const RECORD_MAGIC: &[u8; 16] = b"CCBridge Record\0";

/// The signature of a library (`.cbl`).
pub const LIBRARY_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";

/// The size of a record's header: the move tree starts here.
const HEADER: usize = 2214;

/// Where the board is: 90 bytes, Black's back rank first.
const BOARD: usize = 2120;

/// The size of a library's header, before its index.
const LIBRARY_HEADER: usize = 66_624;

/// The size of one entry of a library's index.
const INDEX_ENTRY: usize = 276;

/// A library's records start on multiples of this size after the index.
const SLOT: usize = 4096;

/// The most index entries a library may declare (the largest real library seen declares 128; CCBridge grows
/// the index by 128 at a time). Keeps a hostile count from making the reader compute far past the file.
pub const MAX_CBL_SLOTS: usize = 1 << 20;

/// The most moves (nodes of the tree) read from one record, as for XQF: the largest real record seen has a few
/// hundred; the cap keeps a hostile file from making the reader allocate without end.
pub const MAX_CBR_NODES: usize = 1 << 19;

/// The text fields of a record's header: offset, size in bytes (UTF-16LE, NUL-terminated inside), and the tag
/// each is read as.
const FIELDS: [(usize, usize, &str); 7] = [
    (180, 128, "Title"),
    (692, 64, "Event"),
    (756, 64, "Round"),
    (884, 64, "Date"),
    (948, 64, "Site"),
    (1076, 64, "Red"),
    (1300, 64, "Black"),
];

fn malformed(format: RecordFormat, offset: usize, message: impl Into<String>) -> RecordError {
    RecordError::Binary {
        format,
        offset,
        message: message.into(),
    }
}

/// Whether `bytes` start like a CBR record.
pub fn is_cbr(bytes: &[u8]) -> bool {
    bytes.starts_with(&RECORD_MAGIC[..15])
}

/// Whether `bytes` start like a CBL library.
pub fn is_cbl(bytes: &[u8]) -> bool {
    bytes.starts_with(&LIBRARY_MAGIC[..15])
}

/// UTF-16LE text up to its first NUL (what follows a NUL in a field is whatever was in memory). Unpaired
/// surrogates become U+FFFD; the second value says whether there were any.
fn utf16(bytes: &[u8]) -> (String, bool) {
    let units = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0);
    let mut bad = false;
    let text = char::decode_utf16(units)
        .map(|r| {
            r.unwrap_or_else(|_| {
                bad = true;
                char::REPLACEMENT_CHARACTER
            })
        })
        .collect();
    (text, bad)
}

/// Text at `at` of `bytes`, with a [`WarningCode::InvalidText`] warning for unpaired surrogates.
fn text(bytes: &[u8], at: usize, warnings: &mut Vec<Warning>) -> String {
    let (text, bad) = utf16(bytes);
    if bad {
        warnings.push(Warning::at_offset(
            WarningCode::InvalidText,
            at,
            "UTF-16 text with an unpaired surrogate: read with U+FFFD for it",
        ));
    }
    text
}

/// The piece of a board byte: the high nibble the colour (1 Red, 2 Black), the low one the kind.
fn piece_of(b: u8) -> Option<Piece> {
    let color = match b >> 4 {
        1 => Color::Red,
        2 => Color::Black,
        _ => return None,
    };
    let role = match b & 0x0F {
        1 => Role::Chariot,
        2 => Role::Horse,
        3 => Role::Elephant,
        4 => Role::Advisor,
        5 => Role::General,
        6 => Role::Cannon,
        7 => Role::Soldier,
        _ => return None,
    };
    Some(Piece::new(color, role))
}

/// A point of the format (0 = a9 … 8 = i9, 9 = a8 … 89 = i0) as XQF's square byte (`10·file + rank`; 255
/// off the board), what the tree builder takes.
fn xqf_square(p: u8) -> u8 {
    if p > 89 {
        return 255;
    }
    10 * (p % 9) + (9 - p / 9)
}

/// Reads a CBR file (one game). See [`parse_cbr_in`]; trailing bytes after the move tree are a
/// [`WarningCode::TrailingBytes`] warning.
pub fn parse_cbr(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    parse_record(bytes, 0, RecordFormat::Cbr)
}

/// Reads the record at `base` of `bytes` (a whole `.cbr` file, or a game of a library: `format` says which, and
/// error offsets count from the start of the file). The text fields become headers — `Title`, `Event`, `Round`,
/// `Date`, `Site`, `Red`, `Black` (empty ones left out) and `Result` (`1-0`, `0-1`, `1/2-1/2`, `*`). The side to
/// move is the colour of the piece the first move moves, else the header's byte for it; a position without
/// moves whose side to move cannot be right is read with the other side to move and a
/// [`WarningCode::SideToMove`] warning. An illegal move (a recording error) is left out with everything below
/// it, with a [`WarningCode::IllegalMove`] warning. A record that is not CBR, truncated, with a piece byte that
/// is no piece, a length past its end, more than [`MAX_CBR_NODES`] moves, or an empty board (a page of text) is a
/// [`RecordError::Binary`] error.
fn parse_record(
    bytes: &[u8],
    base: usize,
    format: RecordFormat,
) -> Result<GameRecord, RecordError> {
    let r = bytes.get(base..).unwrap_or_default();
    if !is_cbr(r) {
        return Err(malformed(
            format,
            base,
            "not a CBR record (no 'CCBridge Record' signature)",
        ));
    }
    if r.len() < HEADER {
        return Err(malformed(
            format,
            base + r.len(),
            format!(
                "the record ends inside its header ({} of {HEADER} bytes): truncated",
                r.len()
            ),
        ));
    }
    let mut warnings = Vec::new();

    // The move tree: the root record (the start position), then the nodes depth first. A node's record is
    // flags, a byte, from, to; flag 1 ends its line (no child follows), flag 2 says a sibling follows (after
    // the node's own subtree), flag 4 that a comment follows (a 4-byte length in bytes, then UTF-16LE).
    let mut at = HEADER;
    let mut nodes: Vec<RawNode> = Vec::new();
    let mut pending: Vec<usize> = Vec::new();
    let mut expect = Some(0usize);
    let mut root = true;
    let end = |at: usize, what: &str, n: usize| {
        malformed(
            format,
            base + at,
            format!(
                "the record ends inside {what} ({n} bytes needed, {} left): truncated",
                r.len().saturating_sub(at)
            ),
        )
    };
    while let Some(parent) = expect {
        if nodes.len() > MAX_CBR_NODES {
            return Err(malformed(
                format,
                base + at,
                format!("more than {MAX_CBR_NODES} moves: refused"),
            ));
        }
        let rec = r
            .get(at..at + 4)
            .ok_or_else(|| end(at, "a move record", 4))?;
        let (flags, from, to) = (rec[0], rec[2], rec[3]);
        let node_at = at;
        at += 4;
        let comment = if flags & 0x04 != 0 {
            let l = r
                .get(at..at + 4)
                .ok_or_else(|| end(at, "a comment length", 4))?;
            let len = u32::from_le_bytes([l[0], l[1], l[2], l[3]]) as usize;
            let left = r.len() - (at + 4);
            if len > left {
                return Err(malformed(
                    format,
                    base + at,
                    format!("a comment of {len} bytes runs past the end of the record ({left} bytes left)"),
                ));
            }
            let body = &r[at + 4..at + 4 + len];
            let c = reflow(&text(body, base + at + 4, &mut warnings));
            at += 4 + len;
            (!c.trim().is_empty()).then_some(c)
        } else {
            None
        };
        let id = nodes.len();
        nodes.push(RawNode {
            from: xqf_square(from),
            to: xqf_square(to),
            at: base + node_at,
            comment,
            children: Vec::new(),
        });
        let child = flags & 0x01 == 0;
        if root {
            // The root is the start position: its squares and its sibling flag mean nothing.
            root = false;
            expect = child.then_some(0);
            continue;
        }
        nodes[parent].children.push(id);
        if flags & 0x02 != 0 {
            pending.push(parent);
        }
        expect = if child { Some(id) } else { pending.pop() };
    }
    if format == RecordFormat::Cbr && at < r.len() {
        warnings.push(Warning::at_offset(
            WarningCode::TrailingBytes,
            base + at,
            format!(
                "{} bytes after the end of the move tree: ignored",
                r.len() - at
            ),
        ));
    }

    // The board; the side to move from the first move's piece, else the header.
    let mut setup = Setup::default();
    for (i, &b) in r[BOARD..BOARD + 90].iter().enumerate() {
        if b == 0 {
            continue;
        }
        let piece = piece_of(b).ok_or_else(|| {
            malformed(
                format,
                base + BOARD + i,
                format!("the byte {b:#04x} on the board is no piece"),
            )
        })?;
        let (file, rank) = ((i % 9) as i32, 9 - (i / 9) as i32);
        if let Some(square) = Square::from_coords(file, rank) {
            setup.board.set(square, Some(piece));
        }
    }
    if setup.board.occupied().is_empty() {
        return Err(malformed(
            format,
            base + BOARD,
            "an empty board: a page of text (a heading of a library), not a game",
        ));
    }
    let first_mover = nodes[0]
        .children
        .first()
        .and_then(|&c| super::xqf::square_of(nodes[c].from))
        .and_then(|sq| setup.board.piece_at(sq))
        .map(|p| p.color);
    let moves = first_mover.is_some();
    setup.turn = first_mover.unwrap_or(if r[2116] == 2 {
        Color::Black
    } else {
        Color::Red
    });
    let (start, corrected) = if moves {
        crate::Position::from_setup(setup).map(|p| (p, None))
    } else {
        diagram_position(setup, |m| {
            Warning::at_offset(WarningCode::SideToMove, base + 2116, m)
        })
    }
    .map_err(|e| RecordError::Fen {
        line: 0,
        column: 0,
        error: crate::FenError::Position(e),
    })?;
    warnings.extend(corrected);

    let mut headers = Vec::new();
    for (off, size, name) in FIELDS {
        let value = text(&r[off..off + size], base + off, &mut warnings);
        let value = value.trim_end().to_string();
        if !value.is_empty() {
            headers.push((name.to_string(), value));
        }
        if name == "Black" {
            headers.push(("Result".to_string(), result_of(r[2076]).to_string()));
        }
    }
    let mut b = Builder {
        format,
        nodes: &nodes,
        warnings: &mut warnings,
    };
    let mainline = b.line(0, &start, 1, 0)?;
    Ok(GameRecord {
        headers,
        start,
        mainline,
        warnings,
    })
}

/// A CBL library: its name and where each of its games starts and ends in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Library {
    /// The library's name, from its header.
    pub name: String,
    /// Each game: the byte range of its record in the file (a record may span several 4,096-byte slots),
    /// in index order, deleted records left out.
    pub games: Vec<(usize, usize)>,
    /// Records marked deleted in the index, skipped.
    pub deleted: usize,
}

/// The games of a CBL library (see docs/cbr.md): after a header of 66,624 bytes and an index of 276 bytes per
/// slot (the slot count is in the header), the records, each on a multiple of 4,096 bytes; a record longer than
/// one slot runs on into the next. The index's entries say which records are in use (state 7) or deleted
/// (state 5; skipped); the `k`-th entry in use or deleted is the `k`-th record of the file. A file that is not
/// a library, is shorter than its index, or whose index and records disagree is a [`RecordError::Binary`]
/// error.
pub fn parse_cbl(bytes: &[u8]) -> Result<Library, RecordError> {
    let f = RecordFormat::Cbl;
    if !is_cbl(bytes) {
        return Err(malformed(
            f,
            0,
            "not a CBL library (no 'CCBridgeLibrary' signature)",
        ));
    }
    if bytes.len() < LIBRARY_HEADER {
        return Err(malformed(
            f,
            bytes.len(),
            format!(
                "the library ends inside its header ({} of {LIBRARY_HEADER} bytes): truncated",
                bytes.len()
            ),
        ));
    }
    let slots = u32::from_le_bytes([bytes[60], bytes[61], bytes[62], bytes[63]]) as usize;
    if slots > MAX_CBL_SLOTS {
        return Err(malformed(
            f,
            60,
            format!("an index of {slots} entries: refused"),
        ));
    }
    let (name, _) = utf16(&bytes[64..64 + 512]);
    let data = LIBRARY_HEADER + slots * INDEX_ENTRY;
    if bytes.len() < data {
        return Err(malformed(
            f,
            bytes.len(),
            format!(
                "the library ends inside its index of {slots} entries ({data} bytes needed, {} in the file): truncated",
                bytes.len()
            ),
        ));
    }
    let mut states = Vec::new();
    for i in 0..slots {
        let e = LIBRARY_HEADER + i * INDEX_ENTRY;
        let state = u32::from_le_bytes([bytes[e], bytes[e + 1], bytes[e + 2], bytes[e + 3]]);
        if state != 0 {
            states.push((e, state));
        }
    }
    let starts: Vec<usize> = (data..bytes.len())
        .step_by(SLOT)
        .filter(|&o| is_cbr(&bytes[o..]))
        .collect();
    if starts.len() != states.len() {
        return Err(malformed(
            f,
            data,
            format!(
                "the index lists {} records, the file holds {}",
                states.len(),
                starts.len()
            ),
        ));
    }
    let mut games = Vec::new();
    let mut deleted = 0;
    for (k, &(entry, state)) in states.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(bytes.len());
        match state {
            7 => games.push((starts[k], end)),
            5 => deleted += 1,
            s => {
                return Err(malformed(
                    f,
                    entry,
                    format!("an index entry in state {s} (known: 7 in use, 5 deleted)"),
                ))
            }
        }
    }
    Ok(Library {
        name,
        games,
        deleted,
    })
}

/// Reads the game of a library whose record is `range` of `bytes` (from [`Library::games`]); offsets in errors
/// and warnings count from the start of the file. The padding after the move tree is not a warning.
pub fn parse_cbl_game(bytes: &[u8], range: (usize, usize)) -> Result<GameRecord, RecordError> {
    let end = range.1.min(bytes.len());
    let start = range.0.min(end);
    // The record's own bytes only: offsets stay the file's.
    let mut g = parse_record(&bytes[..end], start, RecordFormat::Cbl)?;
    g.warnings.retain(|w| w.code != WarningCode::TrailingBytes);
    Ok(g)
}
