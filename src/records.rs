//! The one reader of records at the JS boundary: `readRecord`, `readRecords`, `RecordReader`, and the games
//! of `Game.fromRecord` / `fromPgn` / `fromDhtmlxq` / `fromXqf`. Text and bytes (a `Uint8Array` or an
//! `ArrayBuffer`) go to the rules crate's reader (`xiangqi::notation::read`), which sniffs the format and decides
//! the encoding; GBK and Big5 are decoded by the host's `TextDecoder` (browsers and Node with full ICU), which is
//! the [`Decoder`] given to it: the wasm build carries no encoding tables.

use super::cache::set_property;
use super::dto::{to_js, OpeningDto};
use super::errors::XqError;
use super::input::{int_option, named_option, options_arg, type_name};
use js_sys::{Array, ArrayBuffer, JsString, Object, Uint8Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use xiangqi::names::Named;
use xiangqi::notation::drawing::Drawing;
use xiangqi::notation::encoding::{Decoder, Encoding};
use xiangqi::notation::read::{read, Input, ReadOptions, Records};
use xiangqi::notation::record::{GameRecord, Line, RecordError, RecordFormat, Warning};

/// The longest record accepted, in UTF-16 units or bytes: 16 MiB.
pub(crate) const MAX_RECORD_LEN: u32 = 16 << 20;

#[wasm_bindgen]
extern "C" {
    /// The host's `TextDecoder`.
    type TextDecoder;
    #[wasm_bindgen(constructor, catch)]
    fn new(label: &str, options: &JsValue) -> Result<TextDecoder, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn decode(this: &TextDecoder, input: &Uint8Array) -> Result<JsString, JsValue>;
}

/// The `TextDecoder` label of an encoding: `gb18030` for GBK (the WHATWG decoder of both labels; Node's ICU
/// `gbk` differs on a few bytes, its `gb18030` agrees with browsers and with `encoding_rs`).
fn label(e: Encoding) -> &'static str {
    match e {
        Encoding::Utf8 => "utf-8",
        Encoding::Gbk => "gb18030",
        Encoding::Big5 => "big5",
    }
}

fn host_decoder(e: Encoding, fatal: bool) -> Option<TextDecoder> {
    let opts = Object::new();
    set_property(&opts, "fatal", &JsValue::from_bool(fatal));
    TextDecoder::new(label(e), &opts).ok()
}

/// GBK and Big5 by the host's `TextDecoder`.
pub(crate) struct HostDecoder;

impl Decoder for HostDecoder {
    fn decode(&self, encoding: Encoding, bytes: &[u8]) -> Option<String> {
        let d = host_decoder(encoding, true)?;
        d.decode(&Uint8Array::from(bytes)).ok().map(String::from)
    }

    fn supports(&self, encoding: Encoding) -> bool {
        host_decoder(encoding, true).is_some()
    }

    fn decode_lossy(&self, encoding: Encoding, bytes: &[u8]) -> Option<String> {
        let d = host_decoder(encoding, false)?;
        d.decode(&Uint8Array::from(bytes)).ok().map(String::from)
    }
}

/// A record argument, copied into wasm memory: text, or bytes.
pub(crate) enum Owned {
    Text(String),
    Bytes(Vec<u8>),
}

impl Owned {
    fn input(&self) -> Input<'_> {
        match self {
            Owned::Text(t) => Input::Text(t),
            Owned::Bytes(b) => Input::Bytes(b),
        }
    }
}

/// A record argument: a string, a `Uint8Array` or an `ArrayBuffer`, at most [`MAX_RECORD_LEN`] long (checked
/// before anything is copied).
pub(crate) fn record_input(v: &JsValue, what: &str) -> Result<Owned, XqError> {
    let too_long = |unit: &str| {
        XqError::argument(format!(
            "{what}: the record is longer than {MAX_RECORD_LEN} {unit}"
        ))
    };
    if let Some(s) = v.dyn_ref::<JsString>() {
        if s.length() > MAX_RECORD_LEN {
            return Err(too_long("characters"));
        }
        return Ok(Owned::Text(String::from(s)));
    }
    let bytes = if let Some(b) = v.dyn_ref::<Uint8Array>() {
        b.clone()
    } else if let Some(b) = v.dyn_ref::<ArrayBuffer>() {
        Uint8Array::new(b)
    } else {
        return Err(XqError::argument(format!(
            "{what}: expected a string, a Uint8Array or an ArrayBuffer, got {}",
            type_name(v)
        )));
    };
    if bytes.length() > MAX_RECORD_LEN {
        return Err(too_long("bytes"));
    }
    Ok(Owned::Bytes(bytes.to_vec()))
}

/// What the record functions are told besides the input: `format`, `encoding`, `index`.
#[derive(Clone, Copy, Default)]
pub(crate) struct RecordOptions {
    pub read: ReadOptions,
    pub index: usize,
}

/// Reads `format` (unless `fixed`), `encoding` and `index` from their JS values.
pub(crate) fn record_options(
    [format, encoding, index]: [&JsValue; 3],
    what: &str,
    fixed: Option<RecordFormat>,
) -> Result<RecordOptions, XqError> {
    let format = match fixed {
        Some(f) => Some(f),
        None => named_option::<RecordFormat>(format, what, "format")?,
    };
    let encoding = named_option::<Encoding>(encoding, what, "encoding")?;
    let index = int_option(index, what, "index", 0..=10_000_000)?.unwrap_or(0) as usize;
    Ok(RecordOptions {
        read: ReadOptions {
            format,
            encoding,
            wxf_tandem: None,
        },
        index,
    })
}

/// The reader of `input` (the record's own errors, such as an undecodable encoding, are thrown here).
pub(crate) fn records_of(input: &Owned, options: &ReadOptions) -> Result<Records, XqError> {
    Ok(read(input.input(), options, &HostDecoder)?)
}

/// Game `index` of `records`; `ERR_ARGUMENT` when there is no such game (`ERR_RECORD_EMPTY` for a record
/// without any).
pub(crate) fn game_at(
    records: &mut Records,
    index: usize,
    what: &str,
) -> Result<GameRecord, XqError> {
    match records.game(index) {
        Some(r) => Ok(r?),
        None if index == 0 => Err(XqError::from(RecordError::NoGame).in_call(what)),
        None => Err(XqError::argument(format!(
            "{what}: the record has no game {index} (games count from 0; it has {})",
            records.index()
        ))),
    }
}

/// One move of a record line (`RecordMove`).
#[derive(Serialize)]
struct NodeDto {
    #[serde(rename = "move")]
    mv: String,
    nags: Vec<u8>,
    comment: Option<String>,
    variations: Vec<LineDto>,
    drawings: Vec<DrawingDto>,
}

/// An arrow or a circled point of a move (`RecordDrawing`).
#[derive(Serialize)]
pub(crate) struct DrawingDto {
    from: String,
    to: Option<String>,
    color: &'static str,
}

/// A move's drawings as `RecordDrawing`s.
pub(crate) fn drawings_dto(drawings: &[Drawing]) -> Vec<DrawingDto> {
    drawings
        .iter()
        .map(|d| DrawingDto {
            from: d.from.to_string(),
            to: d.to.map(|t| t.to_string()),
            color: d.color.as_str(),
        })
        .collect()
}

/// A line of a record (`RecordLine`).
#[derive(Serialize)]
struct LineDto {
    comment: Option<String>,
    moves: Vec<NodeDto>,
}

fn line_dto(line: &Line) -> LineDto {
    LineDto {
        comment: line.comment.clone(),
        moves: line
            .moves
            .iter()
            .map(|n| NodeDto {
                mv: n.mv.to_string(),
                nags: n.nags.clone(),
                comment: n.comment.clone(),
                variations: n.variations.iter().map(line_dto).collect(),
                drawings: drawings_dto(&n.drawings),
            })
            .collect(),
    }
}

/// A warning (`RecordWarning`).
#[derive(Serialize)]
pub(crate) struct WarningDto {
    code: &'static str,
    message: String,
    line: Option<usize>,
    column: Option<usize>,
    offset: Option<usize>,
}

pub(crate) fn warning_dto(w: &Warning) -> WarningDto {
    WarningDto {
        code: w.code.code(),
        message: w.message.clone(),
        line: (w.line > 0).then_some(w.line),
        column: (w.line > 0).then_some(w.column),
        offset: w.offset,
    }
}

/// The warnings as JS values.
pub(crate) fn warnings_js(warnings: &[Warning]) -> JsValue {
    to_js(&warnings.iter().map(warning_dto).collect::<Vec<_>>())
}

/// A read game (`RecordGame`) without its headers (set apart: an object of strings).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RecordDto {
    index: usize,
    format: &'static str,
    encoding: Option<&'static str>,
    header_list: Vec<(String, String)>,
    fen: String,
    result: String,
    mainline: LineDto,
    warnings: Vec<WarningDto>,
    opening: Option<OpeningDto>,
}

/// The headers as an object of strings, in order (the first value of a name that occurs twice).
pub(crate) fn headers_js(headers: &[(String, String)]) -> Object {
    let obj = Object::new();
    for (k, v) in headers {
        if !js_sys::Reflect::has(&obj, &JsValue::from_str(k)).unwrap_or(true) {
            set_property(&obj, k, &v.into());
        }
    }
    obj
}

/// A read game as a plain object.
pub(crate) fn record_js(
    r: &GameRecord,
    index: usize,
    format: RecordFormat,
    encoding: Option<Encoding>,
) -> JsValue {
    let dto = RecordDto {
        index,
        format: format.code(),
        encoding: encoding.map(Encoding::code),
        header_list: r.headers.clone(),
        fen: r.start.fen(),
        result: r.result().to_string(),
        mainline: line_dto(&r.mainline),
        warnings: r.warnings.iter().map(warning_dto).collect(),
        opening: xiangqi::opening::of_record(r).as_ref().map(OpeningDto::of),
    };
    let value = to_js(&dto);
    set_property(value.unchecked_ref(), "headers", &headers_js(&r.headers));
    value
}

/// What `readRecords` and `RecordReader.next` say about each game (`RecordSummary`).
#[derive(Serialize)]
struct SummaryError {
    code: &'static str,
    message: String,
    line: Option<usize>,
    column: Option<usize>,
}

#[derive(Serialize)]
struct SummaryDto {
    index: usize,
    plies: usize,
    fen: Option<String>,
    result: String,
    warnings: usize,
    error: Option<SummaryError>,
    opening: Option<OpeningDto>,
}

/// The summary of game `index`, just read by `records` (for a game that cannot be read, its tags as written).
fn summary_of(records: &mut Records, index: usize, r: &Result<GameRecord, RecordError>) -> JsValue {
    let value = summary_js(index, r);
    if r.is_err() {
        if let Some(tags) = records.tags(index) {
            set_property(value.unchecked_ref(), "headers", &headers_js(&tags));
        }
    }
    value
}

fn summary_js(index: usize, r: &Result<GameRecord, RecordError>) -> JsValue {
    let dto = match r {
        Ok(g) => SummaryDto {
            index,
            plies: g.mainline.moves.len(),
            fen: Some(g.start.fen()),
            result: g.result().to_string(),
            warnings: g.warnings.len(),
            error: None,
            opening: xiangqi::opening::of_record(g).as_ref().map(OpeningDto::of),
        },
        Err(e) => SummaryDto {
            index,
            plies: 0,
            fen: None,
            result: "*".to_string(),
            warnings: 0,
            opening: None,
            error: Some(SummaryError {
                code: e.code(),
                message: e.to_string(),
                line: e.location().map(|l| l.0),
                column: e.location().map(|l| l.1),
            }),
        },
    };
    let value = to_js(&dto);
    let headers = match r {
        Ok(g) => headers_js(&g.headers),
        Err(_) => Object::new(),
    };
    set_property(value.unchecked_ref(), "headers", &headers);
    value
}

fn read_args(
    input: &JsValue,
    options: &JsValue,
    what: &str,
    with_index: bool,
) -> Result<(Owned, RecordOptions), XqError> {
    let o = if with_index {
        let [f, e, i] = options_arg(options, what, ["format", "encoding", "index"])?;
        record_options([&f, &e, &i], what, None)?
    } else {
        let [f, e] = options_arg(options, what, ["format", "encoding"])?;
        record_options([&f, &e, &JsValue::UNDEFINED], what, None)?
    };
    Ok((record_input(input, what)?, o))
}

/// `readRecord(input, { format?, encoding?, index? })`: game `index` (default 0) of a record of any format.
#[wasm_bindgen(js_name = readRecord, skip_typescript)]
pub fn read_record(input: JsValue, options: JsValue) -> Result<JsValue, XqError> {
    let (input, o) = read_args(&input, &options, "readRecord", true)?;
    let mut records = records_of(&input, &o.read).map_err(|e| e.in_call("readRecord"))?;
    let r = game_at(&mut records, o.index, "readRecord")?;
    Ok(record_js(&r, o.index, records.format(), records.encoding()))
}

/// `readRecords(input, { format?, encoding? })`: a summary of every game of a record.
#[wasm_bindgen(js_name = readRecords, skip_typescript)]
pub fn read_records(input: JsValue, options: JsValue) -> Result<Array, XqError> {
    let (input, o) = read_args(&input, &options, "readRecords", false)?;
    let mut records = records_of(&input, &o.read).map_err(|e| e.in_call("readRecords"))?;
    let out = Array::new();
    loop {
        let index = records.index();
        let Some(r) = records.next() else {
            break;
        };
        out.push(&summary_of(&mut records, index, &r));
    }
    Ok(out)
}

/// A record read game by game: list a large file in batches (`next`), open any game (`read`, `game`).
#[wasm_bindgen(skip_typescript)]
pub struct RecordReader {
    pub(crate) records: Records,
    /// Games listed by `next` so far.
    listed: usize,
    done: bool,
}

#[wasm_bindgen]
impl RecordReader {
    /// `new RecordReader(input, { format?, encoding? })`.
    #[wasm_bindgen(constructor, skip_typescript)]
    pub fn new(input: JsValue, options: JsValue) -> Result<RecordReader, XqError> {
        let (input, o) = read_args(&input, &options, "new RecordReader", false)?;
        let records = records_of(&input, &o.read).map_err(|e| e.in_call("new RecordReader"))?;
        Ok(RecordReader {
            records,
            listed: 0,
            done: false,
        })
    }

    /// `"pgn"`, `"dhtmlxq"`, `"xqf"`, `"fen"`, `"cbr"` or `"cbl"`.
    #[wasm_bindgen(skip_typescript)]
    pub fn format(&self) -> String {
        self.records.format().code().to_string()
    }

    /// The encoding of bytes, or `null`.
    #[wasm_bindgen(skip_typescript)]
    pub fn encoding(&self) -> JsValue {
        self.records
            .encoding()
            .map_or(JsValue::NULL, |e| JsValue::from(e.code()))
    }

    /// The summaries of the next `max` games (default 100); `[]` once every game was listed.
    #[wasm_bindgen(skip_typescript)]
    pub fn next(&mut self, max: JsValue) -> Result<Array, XqError> {
        let max = int_option(&max, "next", "max", 1..=1_000_000)?.unwrap_or(100) as usize;
        let out = Array::new();
        while !self.done && out.length() < max as u32 {
            // Listing goes on where it stopped, even after `read` moved the reader.
            let index = self.listed;
            let r = if self.records.index() == index {
                self.records.next()
            } else {
                self.records.game(index)
            };
            let Some(r) = r else {
                self.done = true;
                break;
            };
            out.push(&summary_of(&mut self.records, index, &r));
            self.listed = index + 1;
        }
        Ok(out)
    }

    /// Whether every game was listed.
    #[wasm_bindgen(skip_typescript)]
    pub fn done(&self) -> bool {
        self.done
    }

    /// Game `index` as a `RecordGame`.
    #[wasm_bindgen(skip_typescript)]
    pub fn read(&mut self, index: JsValue) -> Result<JsValue, XqError> {
        let i = super::input::int_arg(&index, "read", "index", 0..=10_000_000)? as usize;
        let r = game_at(&mut self.records, i, "read")?;
        Ok(record_js(
            &r,
            i,
            self.records.format(),
            self.records.encoding(),
        ))
    }
}
