//! The one reader of game records (读谱, dúpǔ): text or bytes in, games out, whatever the format and the
//! encoding. [`read`] sniffs the format — XQF (binary, signature `XQ`), DhtmlXQ (a `[DhtmlXQ` tag), FEN (one
//! line that is a position), else PGN — and the encoding of text bytes — UTF-8 (with or without a byte-order
//! mark), GBK / GB18030 or Big5 — and returns [`Records`]: the games one at a time (a 15 MB PGN database is never
//! held as 10,000 games), each a [`GameRecord`] with its headers, start position, main line, variations,
//! comments and warnings.
//!
//! **The encoding is decided on evidence.** Valid UTF-8 is UTF-8. Otherwise each of GBK and Big5 in which the
//! bytes are valid is a candidate (the two overlap: most Big5 text is valid GBK); the first game of the text
//! with moves (among its first eight games) is read in each, and the candidate whose decoding yields more moves the reader understands wins (a Big5 record
//! read as GBK has moves such as `…キき`, which are no moves). When the moves do not tell (a record with tags only,
//! a DhtmlXQ page whose moves are digits), the characters do: the candidate with more of the characters xiangqi
//! records are written in (炮 馬 進 红 勝 象棋 …) wins, with a [`WarningCode::EncodingGuessed`] warning. When
//! nothing tells, or no encoding fits, the error is [`RecordError::Encoding`] naming what was tried: a guess never
//! produces garbage silently — a decoding whose first move is no move and holds no character of a record (a lax
//! decoder's reading of bytes that are no text) is no candidate. [`ReadOptions::encoding`] forces an encoding.
//!
//! The legacy decoding itself is the [`Decoder`]'s: [`NativeDecoder`] natively,
//! the host's `TextDecoder` in the wasm build — one detection for both.
//!
//! ```
//! use xiangqi::notation::encoding::{Encoding, NativeDecoder};
//! use xiangqi::notation::read::{read, Input, ReadOptions};
//! use xiangqi::notation::record::RecordFormat;
//!
//! // 炮二平五 in Big5 (traditional characters), a game of one move.
//! let big5 = b"[Red \"A\"]\n1. \xAC\xB6\xA4\x47\xA5\xAD\xA4\xAD 1-0\n";
//! let mut records = read(Input::Bytes(big5), &ReadOptions::default(), &NativeDecoder).unwrap();
//! assert_eq!((records.format(), records.encoding()), (RecordFormat::Pgn, Some(Encoding::Big5)));
//! let game = records.next().unwrap().unwrap();
//! assert_eq!(game.moves().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2"]);
//! ```

use super::cbr::{is_cbl, is_cbr, parse_cbl, parse_cbl_game, parse_cbr};
use super::describe::TandemStyle;
use super::dhtmlxq::{blocks, parse_block};
use super::encoding::{strip_bom, DecodeError, DecodeErrorKind, Decoder, Encoding, NativeDecoder};
use super::pgn::{PgnReadOptions, PgnReader, PgnState};
use super::record::{diagram_fen, GameRecord, RecordError, RecordFormat, Warning, WarningCode};
use super::xqf::{is_xqf, parse_xqf};
use crate::{Position, Setup};

/// What [`read`] is told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The format; `None` sniffs it.
    pub format: Option<RecordFormat>,
    /// The text encoding of bytes; `None` detects it (see the module docs). For XQF, the encoding of its text
    /// fields and comments (GBK when `None`).
    pub encoding: Option<Encoding>,
    /// WXF soldier digit pairs by this convention only (see [`PgnReadOptions`]).
    pub wxf_tandem: Option<TandemStyle>,
}

/// A record given to [`read`]: text, or bytes as read from a file.
#[derive(Clone, Copy, Debug)]
pub enum Input<'a> {
    /// Text.
    Text(&'a str),
    /// Bytes (XQF, or text in UTF-8, GBK or Big5).
    Bytes(&'a [u8]),
}

/// The largest prefix of a text decoded to decide its encoding, in bytes.
const EVIDENCE_BYTES: usize = 256 * 1024;

/// The characters xiangqi records are written in, simplified and traditional: pieces, moves, numerals,
/// results, events. Counted in each candidate decoding when the moves do not decide the encoding. Sorted (a unit
/// test checks), for a binary search.
const VOCABULARY: [char; 161] = [
    '一', '七', '三', '业', '中', '九', '二', '五', '人', '仕', '仙', '优', '位', '体', '余', '佳',
    '俥', '傌', '優', '先', '全', '八', '六', '兵', '军', '冠', '决', '列', '前', '劣', '势', '勝',
    '勢', '包', '十', '卒', '单', '双', '反', '变', '右', '后', '和', '單', '四', '团', '国', '國',
    '團', '均', '士', '大', '失', '好', '子', '守', '宫', '宮', '对', '将', '將', '對', '局', '屆',
    '届', '屏', '巡', '左', '市', '帅', '师', '帥', '師', '平', '年', '底', '开', '弃', '後', '得',
    '心', '指', '挺', '提', '攻', '方', '日', '月', '杀', '杯', '标', '棄', '棋', '業', '標', '残',
    '殘', '殺', '比', '決', '河', '注', '炮', '特', '甲', '相', '省', '着', '砲', '第', '紅', '級',
    '線', '红', '级', '线', '联', '聯', '胜', '花', '著', '誤', '譜', '變', '误', '谱', '象', '負',
    '賽', '负', '赛', '起', '路', '車', '軍', '輪', '车', '轮', '过', '进', '退', '進', '過', '錦',
    '锦', '開', '队', '防', '隊', '雙', '順', '顺', '風', '风', '飛', '飞', '餘', '馬', '马', '體',
    '黑',
];

/// How well a decoding reads: the moves of its first game that read, then the record characters it holds; and
/// whether its first move is garbage — no move, with characters that are not ASCII and none of a record's (what a
/// wrong decoding gives: `…キき`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Evidence {
    moves: usize,
    characters: usize,
    garbled: bool,
}

/// The games of a record, read one at a time. See the module docs.
pub struct Records {
    source: Source,
    format: RecordFormat,
    encoding: Option<Encoding>,
    options: ReadOptions,
    /// Warnings about the whole input (an encoding guessed), given with every game.
    warnings: Vec<Warning>,
    state: State,
}

enum Source {
    Text(String),
    Bytes(Vec<u8>),
}

enum State {
    /// A PGN text: the reader's state, and where each game seen so far starts.
    Pgn { at: PgnState, starts: Vec<PgnState> },
    /// DhtmlXQ blocks, the index of the next one.
    Blocks(Vec<(usize, usize)>, usize),
    /// One game (XQF, CBR, FEN), read at once, and whether it was given.
    One(Box<Result<GameRecord, RecordError>>, bool),
    /// A CBL library: the byte range of each game's record, the index of the next one.
    Library(Vec<(usize, usize)>, usize),
}

/// Reads a record: see the module docs. Fails only when the input cannot be text of the format (an encoding
/// error, an XQF format given text); errors of single games come from [`Records`].
pub fn read(
    input: Input<'_>,
    options: &ReadOptions,
    decoder: &dyn Decoder,
) -> Result<Records, RecordError> {
    let format = options.format.unwrap_or_else(|| sniff(input));
    let mut warnings = Vec::new();
    let binary = matches!(
        format,
        RecordFormat::Xqf | RecordFormat::Cbr | RecordFormat::Cbl
    );
    let (source, encoding) = match (format, input) {
        (_, Input::Bytes(b)) if binary => (Source::Bytes(b.to_vec()), None),
        (_, Input::Text(_)) if binary => {
            return Err(RecordError::Binary {
                format,
                offset: 0,
                message: format!("a {} file is bytes, not text", format.name()),
            })
        }
        (_, Input::Text(t)) => (Source::Text(t.to_string()), None),
        (_, Input::Bytes(b)) => {
            let (text, encoding, guessed) = decode_text(b, format, options, decoder)?;
            if guessed {
                warnings.push(Warning::at(
                    WarningCode::EncodingGuessed,
                    0,
                    0,
                    format!(
                        "read as {}: the text's characters, not its moves, decided the encoding",
                        encoding.name()
                    ),
                ));
            }
            (Source::Text(text), Some(encoding))
        }
    };
    let state = match (&source, format) {
        (Source::Text(t), RecordFormat::DhtmlXq) => State::Blocks(blocks(t), 0),
        (Source::Text(t), RecordFormat::Fen) => State::One(Box::new(fen_record(t)), false),
        (Source::Bytes(b), RecordFormat::Cbr) => State::One(Box::new(parse_cbr(b)), false),
        (Source::Bytes(b), RecordFormat::Cbl) => match parse_cbl(b) {
            Ok(library) => State::Library(library.games, 0),
            // A library that cannot be read is one game that cannot, as for a broken XQF file.
            Err(e) => State::One(Box::new(Err(e)), false),
        },
        (Source::Bytes(b), _) => {
            State::One(Box::new(parse_xqf(b, options.encoding, decoder)), false)
        }
        (Source::Text(_), _) => State::Pgn {
            at: PgnState::default(),
            starts: Vec::new(),
        },
    };
    Ok(Records {
        source,
        format,
        encoding,
        options: *options,
        warnings,
        state,
    })
}

/// The format of an input: XQF, CBR and CBL by their signatures, DhtmlXQ by its tags, FEN for one line that is
/// a position, else PGN.
pub fn sniff(input: Input<'_>) -> RecordFormat {
    let head: &[u8] = match input {
        Input::Bytes(b) if is_xqf(b) => return RecordFormat::Xqf,
        Input::Bytes(b) if is_cbr(b) => return RecordFormat::Cbr,
        Input::Bytes(b) if is_cbl(b) => return RecordFormat::Cbl,
        Input::Bytes(b) => b,
        Input::Text(t) => t.as_bytes(),
    };
    let head = &head[..head.len().min(64 * 1024)];
    // A wrapper, or a closing tag (a PGN tag named `DhtmlXQ_…` has none).
    let has = |s: &[u8]| head.windows(s.len()).any(|w| w == s);
    if has(b"[DhtmlXQ]") || has(b"[DhtmlXQiFrame]") || has(b"[/DhtmlXQ_") {
        return RecordFormat::DhtmlXq;
    }
    let trimmed = head.trim_ascii();
    let one_line = !trimmed.contains(&b'\n') && trimmed.len() <= crate::fen::MAX_FEN_LEN;
    if one_line {
        if let Ok(t) = core::str::from_utf8(trimmed) {
            if t.parse::<Setup>().is_ok() {
                return RecordFormat::Fen;
            }
        }
    }
    RecordFormat::Pgn
}

/// The text of `bytes` (see the module docs): the text, its encoding, and whether the characters rather than
/// the moves decided it.
fn decode_text(
    bytes: &[u8],
    format: RecordFormat,
    options: &ReadOptions,
    decoder: &dyn Decoder,
) -> Result<(String, Encoding, bool), DecodeError> {
    let body = strip_bom(bytes);
    let utf8 = core::str::from_utf8(body);
    let invalid = |tried: Vec<Encoding>, kind| DecodeError {
        valid_up_to: utf8.as_ref().map_or_else(|e| e.valid_up_to(), |s| s.len()),
        tried,
        kind,
    };
    if let Some(e) = options.encoding {
        let text = match e {
            Encoding::Utf8 => utf8.ok().map(str::to_string),
            _ => decoder.decode(e, body),
        };
        let kind = if e == Encoding::Utf8 || decoder.supports(e) {
            DecodeErrorKind::Invalid
        } else {
            DecodeErrorKind::Unavailable
        };
        return text
            .map(|t| (t, e, false))
            .ok_or_else(|| invalid(vec![e], kind));
    }
    if body.len() != bytes.len() {
        // A byte-order mark says UTF-8.
        return utf8
            .map(|t| (t.to_string(), Encoding::Utf8, false))
            .map_err(|_| invalid(vec![Encoding::Utf8], DecodeErrorKind::Invalid));
    }
    if let Ok(t) = utf8 {
        return Ok((t.to_string(), Encoding::Utf8, false));
    }
    let legacy = [Encoding::Gbk, Encoding::Big5];
    if !legacy.iter().any(|&e| decoder.supports(e)) {
        return Err(invalid(vec![Encoding::Utf8], DecodeErrorKind::Unavailable));
    }
    // The evidence: a prefix that ends at a line break (0x0A is never part of a GBK or Big5 character).
    let prefix = match body.len() > EVIDENCE_BYTES {
        false => body,
        true => {
            let cut = body[..EVIDENCE_BYTES]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(EVIDENCE_BYTES, |i| i + 1);
            &body[..cut]
        }
    };
    let whole = prefix.len() == body.len();
    let mut candidates = Vec::new();
    for e in legacy {
        if let Some(text) = decoder.decode(e, prefix) {
            let evidence = evidence(&text, format, options);
            candidates.push((e, evidence, whole.then_some(text)));
        }
    }
    let mut tried = vec![Encoding::Utf8];
    tried.extend(legacy);
    // A decoding whose first move is garbage is no candidate: the bytes are not text in it.
    candidates.retain(|c| !c.1.garbled);
    // Two candidates at most: the better first.
    if candidates.len() == 2 && candidates[1].1 > candidates[0].1 {
        candidates.swap(0, 1);
    }
    let (best, guessed) = match &candidates[..] {
        [] => return Err(invalid(tried, DecodeErrorKind::Invalid)),
        [only] => (only, false),
        [a, b, ..] if a.1 == b.1 => {
            return Err(invalid(vec![a.0, b.0], DecodeErrorKind::Ambiguous))
        }
        [a, b, ..] => (a, a.1.moves == b.1.moves),
    };
    let e = best.0;
    let text = match &best.2 {
        Some(t) => t.clone(),
        None => decoder
            .decode(e, body)
            .ok_or_else(|| invalid(tried, DecodeErrorKind::Invalid))?,
    };
    Ok((text, e, guessed))
}

/// How well `text` reads as a record of `format`.
fn evidence(text: &str, format: RecordFormat, options: &ReadOptions) -> Evidence {
    let known = |c: &char| VOCABULARY.binary_search(c).is_ok();
    let mut garbled = false;
    let moves = match format {
        RecordFormat::Pgn => {
            let pgn = PgnReadOptions {
                wxf_tandem: options.wxf_tandem,
            };
            // The first game with moves (a game of tags only says nothing), among the first few.
            // (One call of the reader's `next`: the wasm build keeps one copy of it.)
            let mut games = PgnReader::new(text, pgn);
            let mut first = None;
            for _ in 0..8 {
                first = games.next();
                if !matches!(&first, Some(Ok(g)) if g.mainline.moves.is_empty()) {
                    break;
                }
            }
            match first {
                Some(Ok(g)) => g.mainline.moves.len(),
                Some(Err(RecordError::Move(e))) if !e.in_variation => {
                    garbled = e.ply == 1
                        && e.error.code() == "ERR_MOVE_SYNTAX"
                        && !e.text.is_ascii()
                        && !e.text.chars().any(|c| known(&c));
                    e.ply.saturating_sub(1)
                }
                _ => 0,
            }
        }
        _ => 0,
    };
    let characters = text.chars().filter(|c| !c.is_ascii() && known(c)).count();
    Evidence {
        moves,
        characters,
        garbled,
    }
}

impl Records {
    /// The format read.
    pub fn format(&self) -> RecordFormat {
        self.format
    }

    /// The encoding of text bytes (`None` for text given as text, and for the binary formats: XQF, CBR, CBL).
    pub fn encoding(&self) -> Option<Encoding> {
        self.encoding
    }

    /// The text read (decoded from the bytes given), or `None` for the binary formats (XQF, CBR, CBL).
    pub fn text(&self) -> Option<&str> {
        match &self.source {
            Source::Text(t) => Some(t),
            Source::Bytes(_) => None,
        }
    }

    /// The index (from 0) of the game the next call to `next` reads.
    pub fn index(&self) -> usize {
        match &self.state {
            State::Pgn { at, .. } => at.index(),
            State::Blocks(_, i) => *i,
            State::One(_, done) => usize::from(*done),
            State::Library(_, i) => *i,
        }
    }

    /// Goes past the next game without reading its moves (quick: tags and boundaries only for PGN); `None` at
    /// the end. A game that cannot be split from the text is an error here too.
    pub fn skip_game(&mut self) -> Option<Result<(), RecordError>> {
        let text = match (&self.source, &self.state) {
            (Source::Bytes(_), State::One(..)) => return self.next().map(|r| r.map(drop)),
            (Source::Text(text), _) => text.as_str(),
            (Source::Bytes(_), _) => "",
        };
        match &mut self.state {
            State::Pgn { at, starts } => {
                let pgn = PgnReadOptions {
                    wxf_tandem: self.options.wxf_tandem,
                };
                let mut r = PgnReader::resume(text, pgn, core::mem::take(at));
                if starts.len() == r.index() {
                    starts.push(r.state());
                }
                let out = r.skip_game();
                *at = r.state();
                out
            }
            State::Blocks(list, i) | State::Library(list, i) => (*i < list.len()).then(|| {
                *i += 1;
                Ok(())
            }),
            State::One(_, done) => (!core::mem::replace(done, true)).then_some(Ok(())),
        }
    }

    /// The tags of game `index` as written (without reading its moves): what a list shows of a game that
    /// cannot be read. `None` if the game was not reached yet, or its text cannot be split from the rest. The
    /// reader stays where it stood.
    pub fn tags(&mut self, index: usize) -> Option<Vec<(String, String)>> {
        let Source::Text(text) = &self.source else {
            return None;
        };
        match &mut self.state {
            State::Pgn { starts, .. } => {
                let start = starts.get(index)?.clone();
                let pgn = PgnReadOptions {
                    wxf_tandem: self.options.wxf_tandem,
                };
                PgnReader::resume(text, pgn, start).skip_game_tags()?.ok()
            }
            _ => None,
        }
    }

    /// Game `index` (from 0): read again from where it starts if it was seen, else after skipping to it.
    /// `None` if the record has fewer games. The next call to `next` reads the game after it.
    pub fn game(&mut self, index: usize) -> Option<Result<GameRecord, RecordError>> {
        match &mut self.state {
            State::Pgn { at, starts } if index < starts.len() => *at = starts[index].clone(),
            State::Pgn { .. } => {}
            State::Blocks(_, i) | State::Library(_, i) => *i = index,
            State::One(_, done) => *done = index > 0,
        }
        while self.index() < index {
            let _ = self.skip_game()?;
        }
        self.next()
    }

    fn with_warnings(&self, mut g: GameRecord) -> GameRecord {
        if !self.warnings.is_empty() {
            let mut w = self.warnings.clone();
            w.append(&mut g.warnings);
            g.warnings = w;
        }
        g
    }
}

impl Iterator for Records {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        let r = match (&self.source, &mut self.state) {
            (Source::Text(text), State::Pgn { at, starts }) => {
                let pgn = PgnReadOptions {
                    wxf_tandem: self.options.wxf_tandem,
                };
                let mut r = PgnReader::resume(text, pgn, core::mem::take(at));
                if starts.len() == r.index() {
                    starts.push(r.state());
                }
                let out = r.next();
                *at = r.state();
                out?
            }
            (Source::Text(text), State::Blocks(blocks, i)) => {
                let block = *blocks.get(*i)?;
                *i += 1;
                parse_block(text, block)
            }
            (Source::Text(_), State::Library(..)) => return None,
            (_, State::One(record, done)) => {
                if core::mem::replace(done, true) {
                    return None;
                }
                (**record).clone()
            }
            (Source::Bytes(bytes), State::Library(games, i)) => {
                let range = *games.get(*i)?;
                *i += 1;
                parse_cbl_game(bytes, range)
            }
            (Source::Bytes(_), _) => return None,
        };
        Some(r.map(|g| self.with_warnings(g)))
    }
}

/// Reads every game of PGN bytes in UTF-8, GBK or Big5, the encoding decided as [`read`] does with the native
/// decoder (also named `pgn::parse_pgn_bytes`).
pub fn parse_pgn_bytes(bytes: &[u8]) -> Result<Vec<GameRecord>, RecordError> {
    let options = ReadOptions {
        format: Some(RecordFormat::Pgn),
        ..Default::default()
    };
    read(Input::Bytes(bytes), &options, &NativeDecoder)?.collect()
}

/// Reads the first game of DhtmlXQ bytes in UTF-8, GBK or Big5, the encoding decided as [`read`] does with the
/// native decoder (also named `dhtmlxq::parse_dhtmlxq_bytes`).
pub fn parse_dhtmlxq_bytes(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    let options = ReadOptions {
        format: Some(RecordFormat::DhtmlXq),
        ..Default::default()
    };
    read(Input::Bytes(bytes), &options, &NativeDecoder)?
        .next()
        .unwrap_or(Err(RecordError::NoGame))
}

/// A record of a position alone (a diagram: a side to move that cannot be right is turned, with a warning).
fn fen_record(text: &str) -> Result<GameRecord, RecordError> {
    let t = text.trim();
    let (start, turned) = diagram_fen(t, |m| Warning::at(WarningCode::SideToMove, 1, 1, m))
        .map_err(|error| RecordError::Fen {
            line: 1,
            column: 1,
            error,
        })?;
    let mut g = GameRecord::new(start.clone());
    g.warnings.extend(turned);
    if start != Position::new() {
        g.headers.push(("FEN".to_string(), start.fen()));
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_vocabulary_is_sorted_without_repeats() {
        assert!(super::VOCABULARY.windows(2).all(|w| w[0] < w[1]));
    }
}
