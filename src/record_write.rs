//! `writeRecord(record, { format, notation?, notationOptions?, lineWidth? })`: a JS `RecordGame` (what `readRecord`
//! returns, or one built by hand) read back into the rules crate's `GameRecord`, checked, and written whole by
//! `xiangqi::notation::write` as PGN or DhtmlXQ text or XQF bytes. Nothing is kept between calls: an error leaves
//! nothing behind.
//!
//! The reading of a JS record (`record_from_js`) is the binding's one: `RecordEditor` reads its source with it too.

use super::errors::XqError;
use super::input::{int_option, named_option, options_arg, type_name};
use super::notation::notation_arg;
use super::records::HostDecoder;
use js_sys::{Array, JsString, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use xiangqi::names::Named;
use xiangqi::notation::drawing::{Drawing, DrawingColor};
use xiangqi::notation::pgn::PgnOptions;
use xiangqi::notation::record::{GameRecord, Line, Node, RecordFormat, MAX_VARIATION_DEPTH};
use xiangqi::notation::write::{write_record, WriteError, WriteOptions, Written};
use xiangqi::notation::xqf::MAX_XQF_NODES;
use xiangqi::notation::NotationKind;
use xiangqi::{Move, Position, Square};

const WHAT: &str = "writeRecord";

/// The most text a record written may hold, in UTF-16 units (tags and comments together): 4 MiB.
pub(crate) const MAX_WRITE_TEXT: u32 = 4 << 20;

/// A record being read from JS: who reads it (the function named in messages) and what it counts against the
/// limits.
struct Budget {
    what: &'static str,
    text: u32,
    nodes: usize,
}

impl Budget {
    fn argument(&self, path: &str, message: impl core::fmt::Display) -> XqError {
        XqError::argument(format!("{}: {path}: {message}", self.what))
    }

    fn get(&self, obj: &JsValue, key: &str, path: &str) -> Result<JsValue, XqError> {
        Reflect::get(obj, &JsValue::from_str(key))
            .map_err(|_| self.argument(path, format!("reading {key:?} threw")))
    }

    /// An array (`undefined` / `null`: empty).
    fn array(&self, v: &JsValue, path: &str) -> Result<Array, XqError> {
        if v.is_null() || v.is_undefined() {
            return Ok(Array::new());
        }
        v.dyn_ref::<Array>()
            .cloned()
            .ok_or_else(|| self.argument(path, format!("expected an array, got {}", type_name(v))))
    }
}

fn is_plain_object(v: &JsValue) -> bool {
    v.is_object() && !v.is_function() && !Array::is_array(v)
}

/// A string of the record, counted against [`MAX_WRITE_TEXT`] before it is copied.
fn text(v: &JsValue, path: &str, budget: &mut Budget) -> Result<String, XqError> {
    let Some(s) = v.dyn_ref::<JsString>() else {
        return Err(budget.argument(path, format!("expected a string, got {}", type_name(v))));
    };
    budget.text = budget.text.saturating_add(s.length());
    if budget.text > MAX_WRITE_TEXT {
        return Err(budget.argument(
            path,
            format!(
                "the record's text is more than {MAX_WRITE_TEXT} characters (this string alone has {}): refused",
                s.length()
            ),
        ));
    }
    Ok(String::from(s))
}

/// A string, or `null` / `undefined` for none.
fn optional_text(v: &JsValue, path: &str, budget: &mut Budget) -> Result<Option<String>, XqError> {
    if v.is_null() || v.is_undefined() {
        return Ok(None);
    }
    text(v, path, budget).map(Some)
}

fn square(what: &str, v: &JsValue, path: &str) -> Result<Square, XqError> {
    let s = v.as_string().filter(|s| s.len() <= 8);
    s.and_then(|s| s.trim().parse().ok()).ok_or_else(|| {
        XqError::new(
            "ERR_SQUARE",
            format!("{what}: {path}: expected a square such as \"e7\""),
        )
    })
}

fn drawing(b: &Budget, v: &JsValue, path: &str) -> Result<Drawing, XqError> {
    if !is_plain_object(v) {
        return Err(b.argument(
            path,
            format!(
                "expected a drawing {{ from, to, color }}, got {}",
                type_name(v)
            ),
        ));
    }
    let from = square(b.what, &b.get(v, "from", path)?, &format!("{path}.from"))?;
    let to_v = b.get(v, "to", path)?;
    let to = if to_v.is_null() || to_v.is_undefined() {
        None
    } else {
        Some(square(b.what, &to_v, &format!("{path}.to"))?)
    };
    if to == Some(from) {
        return Err(b.argument(path, "an arrow ends where it starts"));
    }
    let color =
        named_option::<DrawingColor>(&b.get(v, "color", path)?, b.what, &format!("{path}.color"))?
            .ok_or_else(|| {
                b.argument(
                    path,
                    format!("a drawing needs a color: {}", DrawingColor::expected()),
                )
            })?;
    Ok(Drawing { from, to, color })
}

fn line(v: &JsValue, path: &str, depth: usize, budget: &mut Budget) -> Result<Line, XqError> {
    if v.is_null() || v.is_undefined() {
        return Ok(Line::default());
    }
    if !is_plain_object(v) {
        return Err(budget.argument(
            path,
            format!("expected a line {{ comment, moves }}, got {}", type_name(v)),
        ));
    }
    if depth > MAX_VARIATION_DEPTH {
        return Err(XqError::from(WriteError::Depth).in_call(budget.what));
    }
    let comment = optional_text(
        &budget.get(v, "comment", path)?,
        &format!("{path}.comment"),
        budget,
    )?;
    let moves_path = format!("{path}.moves");
    let moves = budget.array(&budget.get(v, "moves", path)?, &moves_path)?;
    let mut out = Line {
        comment,
        moves: Vec::with_capacity(moves.length() as usize),
    };
    for (i, m) in moves.iter().enumerate() {
        out.moves
            .push(node(&m, &format!("{moves_path}[{i}]"), depth, budget)?);
    }
    Ok(out)
}

fn node(v: &JsValue, path: &str, depth: usize, budget: &mut Budget) -> Result<Node, XqError> {
    if !is_plain_object(v) {
        return Err(budget.argument(
            path,
            format!(
                "expected a move {{ move, nags, comment, variations, drawings }}, got {}",
                type_name(v)
            ),
        ));
    }
    budget.nodes += 1;
    if budget.nodes > MAX_XQF_NODES {
        return Err(budget.argument(path, format!("more than {MAX_XQF_NODES} moves: refused")));
    }
    let mv_v = budget.get(v, "move", path)?;
    let mv_text = mv_v
        .as_string()
        .filter(|s| s.len() <= 16)
        .ok_or_else(|| budget.argument(path, "expected the move in ICCS, such as \"h2e2\""))?;
    let mv: Move = mv_text.parse().map_err(|_| {
        XqError::new(
            "ERR_MOVE_SYNTAX",
            format!(
                "{}: {path}: {mv_text:?} is not an ICCS move such as \"h2e2\"",
                budget.what
            ),
        )
        .with("move", mv_text.as_str())
    })?;
    let mut n = Node::new(mv);
    let nags_path = format!("{path}.nags");
    for g in budget
        .array(&budget.get(v, "nags", path)?, &nags_path)?
        .iter()
    {
        match g.as_f64() {
            Some(x) if x.fract() == 0.0 && (0.0..=255.0).contains(&x) => n.nags.push(x as u8),
            _ => return Err(budget.argument(&nags_path, "a NAG is a whole number from 0 to 255")),
        }
    }
    n.comment = optional_text(
        &budget.get(v, "comment", path)?,
        &format!("{path}.comment"),
        budget,
    )?;
    let vpath = format!("{path}.variations");
    for (i, l) in budget
        .array(&budget.get(v, "variations", path)?, &vpath)?
        .iter()
        .enumerate()
    {
        n.variations
            .push(line(&l, &format!("{vpath}[{i}]"), depth + 1, budget)?);
    }
    n.drawings = drawings(
        budget,
        &budget.get(v, "drawings", path)?,
        &format!("{path}.drawings"),
    )?;
    Ok(n)
}

fn drawings(budget: &Budget, v: &JsValue, path: &str) -> Result<Vec<Drawing>, XqError> {
    let list = budget.array(v, path)?;
    list.iter()
        .enumerate()
        .map(|(i, d)| drawing(budget, &d, &format!("{path}[{i}]")))
        .collect()
}

/// A move's drawings as JS gives them (`[{ from, to, color }]`, `null` for none), for `what` (the function named in
/// messages).
pub(crate) fn drawings_from_js(v: &JsValue, what: &'static str) -> Result<Vec<Drawing>, XqError> {
    let budget = Budget {
        what,
        text: 0,
        nodes: 0,
    };
    drawings(&budget, v, "drawings")
}

/// The tags: `headerList` (every pair, in order) when given, else the own keys of `headers`, in order.
fn tags(v: &JsValue, budget: &mut Budget) -> Result<Vec<(String, String)>, XqError> {
    let list = budget.get(v, "headerList", "record")?;
    let mut out = Vec::new();
    if !list.is_undefined() && !list.is_null() {
        for (i, pair) in budget.array(&list, "record.headerList")?.iter().enumerate() {
            let path = format!("record.headerList[{i}]");
            let p = pair
                .dyn_ref::<Array>()
                .filter(|p| p.length() == 2)
                .ok_or_else(|| budget.argument(&path, "expected a pair [name, value]"))?;
            out.push((
                text(&p.get(0), &path, budget)?,
                text(&p.get(1), &path, budget)?,
            ));
        }
        return Ok(out);
    }
    let obj = budget.get(v, "headers", "record")?;
    if obj.is_undefined() || obj.is_null() {
        return Ok(out);
    }
    if !is_plain_object(&obj) {
        return Err(budget.argument(
            "record.headers",
            format!("expected an object of strings, got {}", type_name(&obj)),
        ));
    }
    for key in Object::keys(obj.unchecked_ref::<Object>()).iter() {
        let name = text(&key, "record.headers", budget)?;
        let path = format!("record.headers.{name}");
        let value = text(&budget.get(&obj, &name, &path)?, &path, budget)?;
        out.push((name, value));
    }
    Ok(out)
}

/// A JS `RecordGame` (what `readRecord` returns, or one written by hand: `fen`, `headerList` or else `headers`,
/// `result`, `mainline`, every part optional) as a `GameRecord`, for `what` (the function named in messages). The
/// moves are not checked here: the writer and the editor play them.
pub(crate) fn record_from_js(v: &JsValue, what: &'static str) -> Result<GameRecord, XqError> {
    // A plain object (what readRecord returns, or a literal): not an instance of one of the package's classes.
    let plain = is_plain_object(v) && {
        let proto: JsValue = Object::get_prototype_of(v).into();
        proto.is_null() || proto == JsValue::from(Object::get_prototype_of(&Object::new().into()))
    };
    if !plain {
        return Err(XqError::argument(format!(
            "{what}: expected a record (what readRecord returns), got {}",
            type_name(v)
        )));
    }
    let mut budget = Budget {
        what,
        text: 0,
        nodes: 0,
    };
    let fen = budget.get(v, "fen", "record")?;
    let start = if fen.is_undefined() || fen.is_null() {
        Position::new()
    } else {
        let f = super::input::fen_arg(&fen, what)?;
        Position::from_fen(&f).map_err(|error| {
            XqError::from(xiangqi::notation::record::RecordError::Fen {
                line: 0,
                column: 0,
                error,
            })
            .in_call(what)
        })?
    };
    let mut r = GameRecord::new(start);
    r.headers = tags(v, &mut budget)?;
    let result = budget.get(v, "result", "record")?;
    if let Some(res) = optional_text(&result, "record.result", &mut budget)? {
        if res != r.result() {
            r.set_header("Result", &res);
        }
    }
    r.mainline = line(
        &budget.get(v, "mainline", "record")?,
        "record.mainline",
        0,
        &mut budget,
    )?;
    Ok(r)
}

/// `writeRecord(record, { format, notation?, notationOptions?, lineWidth? })`.
#[wasm_bindgen(js_name = writeRecord, skip_typescript)]
pub fn write_record_js(record: JsValue, options: JsValue) -> Result<JsValue, XqError> {
    let [format, notation, notation_options, line_width] = options_arg(
        &options,
        WHAT,
        ["format", "notation", "notationOptions", "lineWidth"],
    )?;
    let format = match named_option::<RecordFormat>(&format, WHAT, "format")? {
        Some(f @ (RecordFormat::Pgn | RecordFormat::DhtmlXq | RecordFormat::Xqf)) => f,
        _ => {
            return Err(XqError::options(format!(
                "{WHAT}: option format must be \"pgn\", \"dhtmlxq\" or \"xqf\""
            )))
        }
    };
    let n = notation_arg(&notation, &notation_options, WHAT, NotationKind::Chinese)?;
    let width = int_option(&line_width, WHAT, "lineWidth", 0..=100_000)?.unwrap_or(80);
    let mut r = record_from_js(&record, WHAT)?;
    // The opening's ECCO and Opening tags, each only where the record has none.
    xiangqi::opening::add_tags(&mut r);
    let options = WriteOptions {
        pgn: PgnOptions {
            notation: n,
            line_width: width as usize,
        },
    };
    match write_record(&r, format, &options, &HostDecoder) {
        Ok(Written::Text(t)) => Ok(JsValue::from(t)),
        Ok(Written::Bytes(b)) => Ok(Uint8Array::from(&b[..]).into()),
        Err(e) => Err(XqError::from(e).in_call(WHAT)),
    }
}
