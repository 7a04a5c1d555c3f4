//! `RecordEditor`: a record edited in JS, over the rules crate's [`xiangqi::notation::edit::RecordEditor`]. Node
//! ids are plain numbers (0: the start); moves ICCS; the record comes back as a `RecordGame` (`record()`), and a
//! `RecordGame` (what `readRecord` returns, or an object of the same shape) is what it is made from. Every edit
//! the rules crate refuses is thrown with its code (`ERR_EDIT_*`, `ERR_ILLEGAL_MOVE`, `ERR_FEN_*`), and nothing
//! changed (feature `wasm-notation`).

use super::dto::to_js;
use super::errors::XqError;
use super::input::{fen_arg, int_arg, is_absent, move_arg, short_text, type_name};
use super::record_write::{drawings_from_js, record_from_js};
use super::records::{drawings_dto, record_js, DrawingDto, MAX_RECORD_LEN};
use js_sys::{Array, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use xiangqi::names::Named;
use xiangqi::notation::edit::{NodeId, RecordEditor as Editor};
use xiangqi::notation::encoding::Encoding;
use xiangqi::notation::record::RecordFormat;
use xiangqi::Position;

/// The longest tag name or value, in UTF-16 units.
const MAX_TAG_LEN: u32 = 4096;

/// A record under edit, with what `record()` says of where it came from.
#[wasm_bindgen(skip_typescript)]
pub struct RecordEditor {
    editor: Editor,
    index: usize,
    format: RecordFormat,
    encoding: Option<Encoding>,
}

/// What `node(id)` returns (`EditorNode`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NodeDto {
    id: u32,
    parent: Option<u32>,
    children: Vec<u32>,
    #[serde(rename = "move")]
    mv: Option<String>,
    ply: usize,
    fen: String,
    comment: Option<String>,
    comment_before: Option<String>,
    nags: Vec<u8>,
    drawings: Vec<DrawingDto>,
    main_line: bool,
}

fn ids(v: Vec<NodeId>) -> Array {
    v.into_iter().map(|n| JsValue::from(n.get())).collect()
}

/// Property `key` of an object (a throwing getter is `ERR_ARGUMENT`).
fn prop(obj: &JsValue, key: &str, what: &str) -> Result<JsValue, XqError> {
    if !obj.is_object() || Array::is_array(obj) {
        return Err(XqError::argument(format!(
            "{what}: expected an object, got {}",
            type_name(obj)
        )));
    }
    Reflect::get(obj, &JsValue::from_str(key))
        .map_err(|_| XqError::argument(format!("{what}: reading {key:?} threw")))
}

/// An array value (absent: empty).
fn array(v: &JsValue, what: &str) -> Result<Array, XqError> {
    if is_absent(v) {
        return Ok(Array::new());
    }
    v.dyn_ref::<Array>().cloned().ok_or_else(|| {
        XqError::argument(format!("{what}: expected an array, got {}", type_name(v)))
    })
}

/// A text argument: a string, or `null` / `undefined` for none.
fn text(v: &JsValue, what: &str, max: u32) -> Result<Option<String>, XqError> {
    if is_absent(v) {
        return Ok(None);
    }
    short_text(v, max).map(Some).ok_or_else(|| {
        XqError::argument(format!(
            "{what}: expected a string of at most {max} characters or null, got {}",
            type_name(v)
        ))
    })
}

fn node_arg(v: &JsValue, what: &str) -> Result<NodeId, XqError> {
    Ok(NodeId::new(
        int_arg(v, what, "node", 0..=u64::from(u32::MAX))? as u32,
    ))
}

fn nags_arg(v: &JsValue, what: &str) -> Result<Vec<u8>, XqError> {
    array(v, what)?
        .iter()
        .map(|n| int_arg(&n, what, "a NAG", 0..=255).map(|n| n as u8))
        .collect()
}

#[wasm_bindgen]
impl RecordEditor {
    /// `new RecordEditor(source?)`: an empty record from the start position (no source), from a FEN (a string),
    /// or a `RecordGame`.
    #[wasm_bindgen(constructor, skip_typescript)]
    pub fn new(source: JsValue) -> Result<RecordEditor, XqError> {
        const WHAT: &str = "new RecordEditor";
        let mut out = RecordEditor {
            editor: Editor::default(),
            index: 0,
            format: RecordFormat::Pgn,
            encoding: None,
        };
        if is_absent(&source) {
            return Ok(out);
        }
        if source.is_string() {
            out.editor = Editor::new(Position::from_fen(&fen_arg(&source, WHAT)?)?);
            out.format = RecordFormat::Fen;
            return Ok(out);
        }
        let record = record_from_js(&source, WHAT)?;
        out.editor = Editor::from_record(record).map_err(|e| XqError::from(e).in_call(WHAT))?;
        // Where the record came from, as `readRecord` said (kept when it says it plainly).
        let (index, format, encoding) = (
            prop(&source, "index", WHAT)?,
            prop(&source, "format", WHAT)?,
            prop(&source, "encoding", WHAT)?,
        );
        out.index = index
            .as_f64()
            .filter(|i| i.fract() == 0.0 && *i >= 0.0)
            .map_or(0, |i| i as usize);
        let code = |v: &JsValue| short_text(v, 16).unwrap_or_default();
        out.format = RecordFormat::from_code(&code(&format)).unwrap_or(RecordFormat::Pgn);
        out.encoding = Encoding::ALL
            .iter()
            .copied()
            .find(|e| e.code() == code(&encoding));
        Ok(out)
    }

    /// The record as a `RecordGame`.
    #[wasm_bindgen(skip_typescript)]
    pub fn record(&self) -> JsValue {
        record_js(self.editor.record(), self.index, self.format, self.encoding)
    }

    /// The cursor's node.
    #[wasm_bindgen(skip_typescript)]
    pub fn current(&self) -> u32 {
        self.editor.current().get()
    }

    /// A node as an `EditorNode`.
    #[wasm_bindgen(skip_typescript)]
    pub fn node(&self, id: JsValue) -> Result<JsValue, XqError> {
        let id = node_arg(&id, "node")?;
        let e = &self.editor;
        let node = e.node(id)?;
        let path = e.path(id)?;
        Ok(to_js(&NodeDto {
            id: id.get(),
            parent: e.parent(id)?.map(NodeId::get),
            children: e.children(id)?.into_iter().map(NodeId::get).collect(),
            mv: node.map(|n| n.mv.to_string()),
            ply: path.len(),
            fen: e.position(id)?.fen(),
            comment: e.comment(id)?.map(str::to_string),
            comment_before: e.comment_before(id)?.map(str::to_string),
            nags: node.map(|n| n.nags.clone()).unwrap_or_default(),
            drawings: node.map(|n| drawings_dto(&n.drawings)).unwrap_or_default(),
            main_line: e.is_main_line(id)?,
        }))
    }

    /// The nodes from the first move to `node`.
    #[wasm_bindgen(skip_typescript)]
    pub fn path(&self, node: JsValue) -> Result<Array, XqError> {
        Ok(ids(self.editor.path(node_arg(&node, "path")?)?))
    }

    /// Moves the cursor.
    #[wasm_bindgen(skip_typescript)]
    pub fn go(&mut self, node: JsValue) -> Result<(), XqError> {
        Ok(self.editor.go(node_arg(&node, "go")?)?)
    }

    /// Plays a move at the cursor; the node reached.
    #[wasm_bindgen(skip_typescript)]
    pub fn play(&mut self, mv: JsValue) -> Result<u32, XqError> {
        Ok(self.editor.play(move_arg(&mv)?)?.get())
    }

    /// Promotes the variation holding `node` one level.
    #[wasm_bindgen(skip_typescript)]
    pub fn promote(&mut self, node: JsValue) -> Result<(), XqError> {
        Ok(self.editor.promote(node_arg(&node, "promote")?)?)
    }

    /// Promotes until `node` is on the main line.
    #[wasm_bindgen(js_name = makeMain, skip_typescript)]
    pub fn make_main(&mut self, node: JsValue) -> Result<(), XqError> {
        Ok(self.editor.make_main(node_arg(&node, "makeMain")?)?)
    }

    /// Deletes `node` and what follows it.
    #[wasm_bindgen(skip_typescript)]
    pub fn delete(&mut self, node: JsValue) -> Result<(), XqError> {
        Ok(self.editor.delete(node_arg(&node, "delete")?)?)
    }

    /// The comment after the move (at the start: before the first move).
    #[wasm_bindgen(js_name = setComment, skip_typescript)]
    pub fn set_comment(&mut self, node: JsValue, comment: JsValue) -> Result<(), XqError> {
        let id = node_arg(&node, "setComment")?;
        let c = text(&comment, "setComment", MAX_RECORD_LEN)?;
        Ok(self.editor.set_comment(id, c)?)
    }

    /// The comment before a move that starts a variation.
    #[wasm_bindgen(js_name = setCommentBefore, skip_typescript)]
    pub fn set_comment_before(&mut self, node: JsValue, comment: JsValue) -> Result<(), XqError> {
        let id = node_arg(&node, "setCommentBefore")?;
        let c = text(&comment, "setCommentBefore", MAX_RECORD_LEN)?;
        Ok(self.editor.set_comment_before(id, c)?)
    }

    /// The NAGs of a move.
    #[wasm_bindgen(js_name = setNags, skip_typescript)]
    pub fn set_nags(&mut self, node: JsValue, nags: JsValue) -> Result<(), XqError> {
        let id = node_arg(&node, "setNags")?;
        if !Array::is_array(&nags) {
            return Err(XqError::argument(format!(
                "setNags: expected an array of integers from 0 to 255, got {}",
                type_name(&nags)
            )));
        }
        let nags = nags_arg(&nags, "setNags")?;
        Ok(self.editor.set_nags(id, nags)?)
    }

    /// The drawings (arrows and circled points) of a move: `RecordDrawing`s, `null` or `[]` for none.
    #[wasm_bindgen(js_name = setDrawings, skip_typescript)]
    pub fn set_drawings(&mut self, node: JsValue, drawings: JsValue) -> Result<(), XqError> {
        let id = node_arg(&node, "setDrawings")?;
        let drawings = drawings_from_js(&drawings, "setDrawings")?;
        Ok(self.editor.set_drawings(id, drawings)?)
    }

    /// Sets a tag.
    #[wasm_bindgen(js_name = setTag, skip_typescript)]
    pub fn set_tag(&mut self, name: JsValue, value: JsValue) -> Result<(), XqError> {
        let (name, value) = (tag_text(&name, "setTag")?, tag_text(&value, "setTag")?);
        Ok(self.editor.set_tag(&name, &value)?)
    }

    /// Removes a tag; whether there was one.
    #[wasm_bindgen(js_name = removeTag, skip_typescript)]
    pub fn remove_tag(&mut self, name: JsValue) -> Result<bool, XqError> {
        Ok(self.editor.remove_tag(&tag_text(&name, "removeTag")?)?)
    }

    /// Sets the start position (the moves go).
    #[wasm_bindgen(js_name = setStart, skip_typescript)]
    pub fn set_start(&mut self, fen: JsValue) -> Result<(), XqError> {
        let pos = Position::from_fen(&fen_arg(&fen, "setStart")?)?;
        Ok(self.editor.set_start(pos)?)
    }

    /// Takes the last edit back.
    #[wasm_bindgen(skip_typescript)]
    pub fn undo(&mut self) -> bool {
        self.editor.undo()
    }

    /// Makes the last undone edit again.
    #[wasm_bindgen(skip_typescript)]
    pub fn redo(&mut self) -> bool {
        self.editor.redo()
    }

    /// Whether there is an edit to undo.
    #[wasm_bindgen(js_name = canUndo, skip_typescript)]
    pub fn can_undo(&self) -> bool {
        self.editor.can_undo()
    }

    /// Whether there is an undone edit to redo.
    #[wasm_bindgen(js_name = canRedo, skip_typescript)]
    pub fn can_redo(&self) -> bool {
        self.editor.can_redo()
    }
}

/// A tag name or value: a string of at most [`MAX_TAG_LEN`] units.
fn tag_text(v: &JsValue, what: &str) -> Result<String, XqError> {
    text(v, what, MAX_TAG_LEN)?.ok_or_else(|| {
        XqError::argument(format!("{what}: expected a string, got {}", type_name(v)))
    })
}
