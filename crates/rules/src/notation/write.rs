//! Records written whole: [`write_record`] writes a [`GameRecord`] — its tags in their order, start position,
//! result, main line and every variation, comments, NAGs and drawings — as PGN, DhtmlXQ or XQF, after
//! [`check_record`] found it writable: tags a record can hold, every move of the tree legal. What each format
//! cannot hold is said in docs/records.md ("Writing records").
//!
//! ```
//! use xiangqi::notation::encoding::NativeDecoder;
//! use xiangqi::notation::read::{read, Input, ReadOptions};
//! use xiangqi::notation::record::RecordFormat;
//! use xiangqi::notation::write::{write_record, WriteOptions, Written};
//!
//! let text = "[Red \"A\"]\n[Result \"1-0\"]\n\n1. 炮二平五 {[%cal Rh2e2] central} (1. 马二进三 $1) 1... 马8进7 1-0\n";
//! let mut records = read(Input::Text(text), &ReadOptions::default(), &NativeDecoder).unwrap();
//! let record = records.next().unwrap().unwrap();
//! let Written::Text(out) = write_record(&record, RecordFormat::DhtmlXq, &WriteOptions::default(), &NativeDecoder).unwrap() else { unreachable!() };
//! let mut again = read(Input::Text(&out), &ReadOptions::default(), &NativeDecoder).unwrap();
//! assert_eq!(again.next().unwrap().unwrap().mainline, record.mainline);
//! ```

use super::encoding::{Decoder, GbkEncoder};
use super::pgn::{write_pgn_record, PgnOptions};
pub use super::record::WriteError;
use super::record::{GameRecord, Line, RecordFormat, MAX_VARIATION_DEPTH};
use crate::{IllegalMoveError, Move, Position};

/// How a record is written: the notation of PGN moves and the width of its lines (the other formats have
/// one form).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// PGN's options; its `Format` tag is the record's own (none is added).
    pub pgn: PgnOptions,
}

/// A written record: text (PGN, DhtmlXQ), or bytes (XQF).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// PGN or DhtmlXQ text.
    Text(String),
    /// An XQF file.
    Bytes(Vec<u8>),
}

/// Whether `name` can be a tag's name: letters, digits, `_` and `-`, at most 255 bytes.
fn tag_name_ok(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// The tags of a record checked (see [`WriteError::Tag`]): the same rule for every format (a quote is no problem:
/// PGN escapes it).
pub fn check_tags(headers: &[(String, String)]) -> Result<(), WriteError> {
    for (name, value) in headers {
        let bad = |message: &str| {
            Err(WriteError::Tag {
                name: name.clone(),
                message: message.to_string(),
            })
        };
        if !tag_name_ok(name) {
            return bad("a tag's name is letters, digits, '_' and '-'");
        }
        if value.chars().any(|c| c.is_control() && c != '\t') {
            return bad("a tag's value cannot hold a line break or another control character");
        }
    }
    Ok(())
}

/// Every move of `line` (played from `start`) and of its variations checked legal, nesting at most
/// [`MAX_VARIATION_DEPTH`] deep. `first_ply` is the ply of the line's first move.
pub fn check_line(
    line: &Line,
    start: &Position,
    first_ply: usize,
    depth: usize,
) -> Result<(), WriteError> {
    if depth > MAX_VARIATION_DEPTH {
        return Err(WriteError::Depth);
    }
    let mut pos = start.clone();
    for (i, node) in line.moves.iter().enumerate() {
        let ply = first_ply + i;
        check_move(&pos, node.mv, ply, depth > 0)?;
        for v in &node.variations {
            check_line(v, &pos, ply, depth + 1)?;
        }
        pos.play_unchecked(node.mv);
    }
    Ok(())
}

fn check_move(pos: &Position, mv: Move, ply: usize, in_variation: bool) -> Result<(), WriteError> {
    pos.check_move(mv).map_err(|reason| WriteError::Move {
        ply,
        in_variation,
        error: IllegalMoveError { mv, reason },
    })
}

/// Checks that `record` can be written (in any format): its tags ([`check_tags`]) and its moves ([`check_line`]).
pub fn check_record(record: &GameRecord) -> Result<(), WriteError> {
    check_tags(&record.headers)?;
    check_line(&record.mainline, &record.start, 1, 0)
}

/// Writes `record` whole as `format` (PGN and DhtmlXQ as text, XQF as bytes), after [`check_record`]. PGN
/// writes the tags as they are, in order (a `FEN` tag is added when the start is not the standard one); the
/// result token is the `Result` tag's. XQF text is GBK, encoded with a table made from `decoder`.
pub fn write_record(
    record: &GameRecord,
    format: RecordFormat,
    options: &WriteOptions,
    decoder: &dyn Decoder,
) -> Result<Written, WriteError> {
    check_record(record)?;
    match format {
        RecordFormat::Pgn => Ok(Written::Text(write_pgn_record(record, &options.pgn))),
        RecordFormat::DhtmlXq => Ok(Written::Text(super::dhtmlxq::write_dhtmlxq(record))),
        RecordFormat::Xqf => {
            let gbk = GbkEncoder::new(decoder).ok_or(WriteError::Unsupported(RecordFormat::Xqf))?;
            super::xqf::write_xqf(record, &gbk).map(Written::Bytes)
        }
        // Read, not written: a FEN is no record of moves; XiangQi Bridge's formats are closed.
        f @ (RecordFormat::Fen | RecordFormat::Cbr | RecordFormat::Cbl) => {
            Err(WriteError::Unsupported(f))
        }
    }
}
