//! Editing a game record (棋谱编辑): [`RecordEditor`] owns a [`GameRecord`] and changes it only by edits that
//! keep it a record — every move legal in its position, variations nested at most [`MAX_VARIATION_DEPTH`] deep,
//! tags that a writer can write. An edit that would break the record is refused with an [`EditError`] and
//! changes nothing (the record, the cursor and the undo history stay as they were).
//!
//! **Nodes.** A node is a position reached by a path of moves from the start; the start itself is the node
//! [`NodeId::ROOT`]. Every move of the tree has a [`NodeId`], given when the editor is made (in the order the
//! record lists its moves) or when [`RecordEditor::play`] adds the move. An id names one node for the editor's
//! whole life: promotions, deletions elsewhere, comments and tags leave it as it is; a deleted node's id is never
//! given to another node, and [`RecordEditor::undo`] brings the node back under the same id.
//!
//! **The record's shape.** The children of a node are the main continuation (the next move of its line) and the
//! alternatives to that move (the first moves of its variations, and of theirs): [`RecordEditor::children`] lists
//! them main continuation first. Playing a move at a node that has no continuation continues its line; playing
//! one that differs from every child starts a new variation there; playing a child's move goes to that child.
//!
//! ```
//! use xiangqi::notation::edit::{NodeId, RecordEditor};
//! use xiangqi::Move;
//!
//! let mut editor = RecordEditor::default();
//! let cannon = editor.play("h2e2".parse::<Move>().unwrap()).unwrap();
//! let horse = editor.play("h9g7".parse().unwrap()).unwrap();
//! editor.go(cannon).unwrap();
//! let other = editor.play("b9c7".parse().unwrap()).unwrap(); // a variation at ply 2
//! assert_eq!(editor.children(cannon).unwrap(), vec![horse, other]);
//! editor.promote(other).unwrap();
//! assert_eq!(editor.children(cannon).unwrap(), vec![other, horse]);
//! editor.undo();
//! assert_eq!(editor.children(cannon).unwrap(), vec![horse, other]);
//! assert_eq!(editor.path(other).unwrap(), vec![cannon, other]);
//! assert_eq!(editor.parent(cannon).unwrap(), Some(NodeId::ROOT));
//! ```

use super::drawing::Drawing;
use super::record::{GameRecord, Line, Node, MAX_VARIATION_DEPTH};
use crate::{headers, FenError, IllegalMoveError, Move, Position};
use core::fmt;
use std::mem;

/// A node of a [`RecordEditor`]'s tree: the start position ([`NodeId::ROOT`]) or a move. Stable for the editor's
/// whole life (see the [module](self) documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The start position.
    pub const ROOT: NodeId = NodeId(0);

    /// The id of a number (as [`NodeId::get`] gave it).
    pub const fn new(n: u32) -> NodeId {
        NodeId(n)
    }

    /// The id as a number: 0 for the start, then 1, 2, … in the order the nodes were made.
    pub const fn get(self) -> u32 {
        self.0
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node {}", self.0)
    }
}

/// What is wrong with a tag an edit gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagProblem {
    /// The name is empty.
    EmptyName,
    /// The name has a character a PGN tag name cannot have (only letters, digits, `_` and `-`).
    NameChar(char),
    /// The value has a line break or another control character (a tab is allowed), which no record format can
    /// hold in a tag.
    ValueChar(char),
    /// The value has a double quote. The PGN writer would escape it (`\"`), but not every program that reads PGN
    /// knows the escape, so an edit does not put one in; a record read with one keeps it (and writes it escaped).
    Quote,
    /// The `FEN` tag: the start position is set with [`RecordEditor::set_start`].
    Fen,
}

/// Why an edit was refused. The record, the cursor and the history are as they were.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// No such node: never made, or deleted (and not brought back by undo).
    NoNode(NodeId),
    /// The edit needs a move and the node is the start position (delete, promote, NAGs, a comment before).
    Root,
    /// Promote a node of the main line: it is already the main continuation at every level.
    MainLine(NodeId),
    /// A comment before a move that does not start a variation: only there does a record hold one (elsewhere it
    /// is the comment after the move before; at the start of the game, the start's comment).
    NotLineStart(NodeId),
    /// The edit would nest variations more than [`MAX_VARIATION_DEPTH`] deep.
    TooDeep,
    /// A tag name or value no record can hold.
    Tag {
        /// The tag's name as given.
        name: String,
        /// What is wrong.
        problem: TagProblem,
    },
    /// A move that is not legal in the node's position (also: a record given to [`RecordEditor::from_record`]
    /// with an illegal move).
    Illegal(IllegalMoveError),
    /// A start position that is not legal.
    Fen(FenError),
}

impl EditError {
    /// The stable code: `ERR_EDIT_NODE`, `ERR_EDIT_ROOT`, `ERR_EDIT_MAIN_LINE`, `ERR_EDIT_COMMENT_BEFORE`,
    /// `ERR_EDIT_DEPTH`, `ERR_EDIT_TAG`; an illegal move has [`IllegalMoveError::code`] (`ERR_ILLEGAL_MOVE`), a
    /// bad start position [`FenError::code`] (`ERR_FEN_*`).
    pub fn code(&self) -> &'static str {
        match self {
            EditError::NoNode(_) => "ERR_EDIT_NODE",
            EditError::Root => "ERR_EDIT_ROOT",
            EditError::MainLine(_) => "ERR_EDIT_MAIN_LINE",
            EditError::NotLineStart(_) => "ERR_EDIT_COMMENT_BEFORE",
            EditError::TooDeep => "ERR_EDIT_DEPTH",
            EditError::Tag { .. } => "ERR_EDIT_TAG",
            EditError::Illegal(e) => e.code(),
            EditError::Fen(e) => e.code(),
        }
    }
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::NoNode(id) => write!(f, "the record has no {id}"),
            EditError::Root => f.write_str("the start position has no move to edit"),
            EditError::MainLine(id) => write!(f, "{id} is on the main line: there is nothing to promote"),
            EditError::NotLineStart(id) => write!(
                f,
                "{id} does not start a variation: a comment before it is the comment after the move before"
            ),
            EditError::TooDeep => write!(
                f,
                "variations would be nested more than {MAX_VARIATION_DEPTH} deep"
            ),
            EditError::Tag { name, problem } => {
                let name = super::Quoted(name);
                match problem {
                    TagProblem::EmptyName => f.write_str("a tag needs a name"),
                    TagProblem::NameChar(c) => write!(
                        f,
                        "tag name {name} has {c:?}: only letters, digits, '_' and '-' are allowed"
                    ),
                    TagProblem::ValueChar(c) => write!(
                        f,
                        "the value of tag {name} has {c:?}: no line break or control character is allowed"
                    ),
                    TagProblem::Quote => write!(
                        f,
                        "the value of tag {name} has a double quote, which not every PGN reader can read back"
                    ),
                    TagProblem::Fen => {
                        f.write_str("the FEN tag is the start position: set it with setStart")
                    }
                }
            }
            EditError::Illegal(e) => e.fmt(f),
            EditError::Fen(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EditError {}

impl From<IllegalMoveError> for EditError {
    fn from(e: IllegalMoveError) -> EditError {
        EditError::Illegal(e)
    }
}

impl From<FenError> for EditError {
    fn from(e: FenError) -> EditError {
        EditError::Fen(e)
    }
}

/// How many edits [`RecordEditor::undo`] can take back at most.
pub const MAX_UNDO: usize = 100;

/// The moves the undo history may hold in all (each entry is a copy of the record): beyond, the oldest entries
/// go, but the last edit can always be taken back.
pub const UNDO_MOVE_BUDGET: usize = 200_000;

/// The ids of a line's moves, in the record's shape.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct IdLine {
    moves: Vec<IdNode>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct IdNode {
    id: NodeId,
    variations: Vec<IdLine>,
}

/// A line of the record or of its shape of ids: the structural edits are written once for both.
trait TreeLine: Sized {
    type N: TreeNode<L = Self>;
    fn moves(&mut self) -> &mut Vec<Self::N>;
    fn of(moves: Vec<Self::N>) -> Self;
    /// The comment before the first move (the record's; the shape has none).
    fn comment(&mut self) -> Option<&mut Option<String>>;
}

trait TreeNode: Sized {
    type L: TreeLine<N = Self>;
    fn variations(&mut self) -> &mut Vec<Self::L>;
    /// The comment after the move (the record's; the shape has none).
    fn comment(&mut self) -> Option<&mut Option<String>>;
}

impl TreeLine for Line {
    type N = Node;
    fn moves(&mut self) -> &mut Vec<Node> {
        &mut self.moves
    }
    fn of(moves: Vec<Node>) -> Line {
        Line {
            comment: None,
            moves,
        }
    }
    fn comment(&mut self) -> Option<&mut Option<String>> {
        Some(&mut self.comment)
    }
}

impl TreeNode for Node {
    type L = Line;
    fn variations(&mut self) -> &mut Vec<Line> {
        &mut self.variations
    }
    fn comment(&mut self) -> Option<&mut Option<String>> {
        Some(&mut self.comment)
    }
}

impl TreeLine for IdLine {
    type N = IdNode;
    fn moves(&mut self) -> &mut Vec<IdNode> {
        &mut self.moves
    }
    fn of(moves: Vec<IdNode>) -> IdLine {
        IdLine { moves }
    }
    fn comment(&mut self) -> Option<&mut Option<String>> {
        None
    }
}

impl TreeNode for IdNode {
    type L = IdLine;
    fn variations(&mut self) -> &mut Vec<IdLine> {
        &mut self.variations
    }
    fn comment(&mut self) -> Option<&mut Option<String>> {
        None
    }
}

/// Where a node is: `[i0, v0, i1, v1, …, ik]` — move `i0` of the main line, its variation `v0`, move `i1` of
/// that, …, move `ik`; empty for the start. A line's address is an even-length prefix (`[]`: the main line).
type Loc = Vec<usize>;

/// The line at `addr` (even length).
fn line_at<'a, L: TreeLine>(mut line: &'a mut L, addr: &[usize]) -> &'a mut L {
    for pair in addr.chunks_exact(2) {
        line = &mut line.moves()[pair[0]].variations()[pair[1]];
    }
    line
}

/// Adds `node` after the move at `at` (the last of its line) or, for the start, as the main line's first move.
fn push_move<L: TreeLine>(root: &mut L, line: &[usize], node: L::N) {
    line_at(root, line).moves().push(node);
}

/// Adds a variation of one move, `node`, to the move at `loc`.
fn push_variation<L: TreeLine>(root: &mut L, loc: &[usize], node: L::N) {
    let (line, index) = split(loc);
    line_at(root, line).moves()[index]
        .variations()
        .push(L::of(vec![node]));
}

/// The line's address and the index in it of a move's location.
fn split(loc: &[usize]) -> (&[usize], usize) {
    (&loc[..loc.len() - 1], loc[loc.len() - 1])
}

/// Removes the move at `loc` and what follows it on its line. Its alternatives stay: the first variation that
/// has moves takes its place (that variation's comment becomes the comment before the place, or is added to
/// the comment after the move before), the others become alternatives to the new move. A variation left
/// without moves goes.
fn delete_at<L: TreeLine>(root: &mut L, loc: &[usize]) {
    let (addr, index) = split(loc);
    let line = line_at(root, addr);
    let mut tail = line.moves().split_off(index);
    let mut alternatives = mem::take(tail[0].variations());
    match alternatives.iter_mut().position(|v| !v.moves().is_empty()) {
        Some(k) => {
            let mut heir = alternatives.remove(k);
            let heir_comment = heir.comment().and_then(Option::take);
            let mut moves = mem::take(heir.moves());
            let own = mem::take(moves[0].variations());
            // The variations before the heir's place had no moves; the heir's own alternatives come after.
            alternatives.extend(own);
            *moves[0].variations() = alternatives;
            line.moves().extend(moves);
            if index == 0 && !addr.is_empty() {
                // The variation's comment was before the deleted move: the heir's takes its place.
                if let Some(c) = line.comment() {
                    *c = heir_comment;
                }
            } else if let Some(text) = heir_comment {
                // No place before a move inside a line: the comment joins the one after the move before (at
                // the start of the main line, the start's comment).
                let slot = match index {
                    0 => line.comment(),
                    _ => line.moves()[index - 1].comment(),
                };
                if let Some(c) = slot {
                    *c = Some(match c.take() {
                        Some(before) => format!("{before} {text}"),
                        None => text,
                    });
                }
            }
        }
        None if index == 0 && !addr.is_empty() => {
            // A variation left without moves goes, with its comment (it was the comment before the move).
            let (owner, v) = (&addr[..addr.len() - 1], addr[addr.len() - 1]);
            let (owner_line, owner_index) = split(owner);
            line_at(root, owner_line).moves()[owner_index]
                .variations()
                .remove(v);
        }
        None => {}
    }
}

/// Swaps the variation at `addr` (even length, not the main line) with the continuation it is an alternative
/// to: its moves become the continuation, and the continuation becomes a variation in its place (the comment
/// before the variation stays with the place). The other alternatives keep their order, the promoted move's own
/// alternatives after them.
fn promote_at<L: TreeLine>(root: &mut L, addr: &[usize]) {
    let (owner, v) = (&addr[..addr.len() - 1], addr[addr.len() - 1]);
    let (owner_line, owner_index) = split(owner);
    let line = line_at(root, owner_line);
    let mut tail = line.moves().split_off(owner_index);
    let mut alternatives = mem::take(tail[0].variations());
    let mut moves = mem::replace(alternatives[v].moves(), tail);
    let own = mem::take(moves[0].variations());
    alternatives.extend(own);
    *moves[0].variations() = alternatives;
    line.moves().extend(moves);
}

/// The record, its shape of ids and the cursor: what an edit changes and undo brings back.
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    record: GameRecord,
    shape: IdLine,
    cursor: NodeId,
}

impl State {
    fn size(&self) -> usize {
        fn count(line: &IdLine) -> usize {
            line.moves
                .iter()
                .map(|n| 1 + n.variations.iter().map(count).sum::<usize>())
                .sum()
        }
        count(&self.shape)
    }
}

/// A game record under edit: the record, a cursor (the node shown), and the edits undone and redone. See the
/// [module](self) documentation.
#[derive(Clone, Debug)]
pub struct RecordEditor {
    state: State,
    /// Where each node is, by id (`None`: deleted).
    index: Vec<Option<Loc>>,
    /// The next id to give.
    next: u32,
    /// The states before the edits, each with its number of moves.
    undo: Vec<(State, usize)>,
    redo: Vec<(State, usize)>,
}

impl Default for RecordEditor {
    /// An empty record from the standard start position.
    fn default() -> RecordEditor {
        RecordEditor::new(Position::new())
    }
}

impl RecordEditor {
    /// An empty record from `start`.
    pub fn new(start: Position) -> RecordEditor {
        RecordEditor::build(GameRecord::new(start))
    }

    /// An editor of `record`, its moves numbered 1, 2, … in the order the record lists them (a move before its
    /// variations). Refused when a move is illegal in its position (a record built by hand; every record read
    /// by this crate's readers is legal) or variations nest more than [`MAX_VARIATION_DEPTH`] deep.
    pub fn from_record(record: GameRecord) -> Result<RecordEditor, EditError> {
        fn check(line: &Line, start: &Position, depth: usize) -> Result<(), EditError> {
            if depth > MAX_VARIATION_DEPTH {
                return Err(EditError::TooDeep);
            }
            let mut pos = start.clone();
            for node in &line.moves {
                for v in &node.variations {
                    check(v, &pos, depth + 1)?;
                }
                pos.play(node.mv)?;
            }
            Ok(())
        }
        check(&record.mainline, &record.start, 0)?;
        Ok(RecordEditor::build(record))
    }

    fn build(record: GameRecord) -> RecordEditor {
        fn shape(line: &Line, next: &mut u32) -> IdLine {
            IdLine {
                moves: line
                    .moves
                    .iter()
                    .map(|n| {
                        *next += 1;
                        IdNode {
                            id: NodeId(*next),
                            variations: n.variations.iter().map(|v| shape(v, next)).collect(),
                        }
                    })
                    .collect(),
            }
        }
        let mut next = 0;
        let shape = shape(&record.mainline, &mut next);
        let mut editor = RecordEditor {
            state: State {
                record,
                shape,
                cursor: NodeId::ROOT,
            },
            index: Vec::new(),
            next: next + 1,
            undo: Vec::new(),
            redo: Vec::new(),
        };
        editor.reindex();
        editor
    }

    /// Rebuilds the index from the shape.
    fn reindex(&mut self) {
        fn walk(line: &IdLine, addr: &mut Loc, index: &mut [Option<Loc>]) {
            for (i, n) in line.moves.iter().enumerate() {
                addr.push(i);
                index[n.id.0 as usize] = Some(addr.clone());
                for (v, var) in n.variations.iter().enumerate() {
                    addr.push(v);
                    walk(var, addr, index);
                    addr.pop();
                }
                addr.pop();
            }
        }
        self.index.clear();
        self.index.resize(self.next as usize, None);
        self.index[0] = Some(Vec::new());
        walk(&self.state.shape, &mut Vec::new(), &mut self.index);
    }

    /// The record.
    pub fn record(&self) -> &GameRecord {
        &self.state.record
    }

    /// The record, the editor consumed.
    pub fn into_record(self) -> GameRecord {
        self.state.record
    }

    /// The node shown: where [`RecordEditor::play`] plays.
    pub fn current(&self) -> NodeId {
        self.state.cursor
    }

    fn loc(&self, id: NodeId) -> Result<&Loc, EditError> {
        self.index
            .get(id.0 as usize)
            .and_then(Option::as_ref)
            .ok_or(EditError::NoNode(id))
    }

    fn id_at(&self, loc: &[usize]) -> NodeId {
        if loc.is_empty() {
            return NodeId::ROOT;
        }
        let (addr, i) = split(loc);
        let mut line = &self.state.shape;
        for pair in addr.chunks_exact(2) {
            line = &line.moves[pair[0]].variations[pair[1]];
        }
        line.moves[i].id
    }

    fn record_line(&self, addr: &[usize]) -> &Line {
        let mut line = &self.state.record.mainline;
        for pair in addr.chunks_exact(2) {
            line = &line.moves[pair[0]].variations[pair[1]];
        }
        line
    }

    /// Whether the node is in the tree.
    pub fn contains(&self, id: NodeId) -> bool {
        self.loc(id).is_ok()
    }

    /// The move of a node with its NAGs and comment; `None` for the start.
    pub fn node(&self, id: NodeId) -> Result<Option<&Node>, EditError> {
        let loc = self.loc(id)?;
        if loc.is_empty() {
            return Ok(None);
        }
        let (addr, i) = split(loc);
        Ok(Some(&self.record_line(addr).moves[i]))
    }

    /// The comment after the node's move; at the start, the comment before the game's first move.
    pub fn comment(&self, id: NodeId) -> Result<Option<&str>, EditError> {
        Ok(match self.node(id)? {
            Some(n) => n.comment.as_deref(),
            None => self.state.record.mainline.comment.as_deref(),
        })
    }

    /// The comment before the node's move, for a move that starts a variation (`None` for any other node).
    pub fn comment_before(&self, id: NodeId) -> Result<Option<&str>, EditError> {
        let loc = self.loc(id)?;
        Ok(match split_line_start(loc) {
            Some(addr) => self.record_line(addr).comment.as_deref(),
            None => None,
        })
    }

    /// The nodes from the first move to `id` (empty for the start).
    pub fn path(&self, id: NodeId) -> Result<Vec<NodeId>, EditError> {
        let loc = self.loc(id)?;
        let mut path = Vec::new();
        let mut prefix = Vec::new();
        // The moves of each line before the one that turns into the next line's variation, then the last line's
        // moves up to the node.
        for k in (0..loc.len()).step_by(2) {
            let last = k + 1 == loc.len();
            for i in 0..loc[k] + usize::from(last) {
                prefix.push(i);
                path.push(self.id_at(&prefix));
                prefix.pop();
            }
            if !last {
                prefix.extend_from_slice(&loc[k..k + 2]);
            }
        }
        Ok(path)
    }

    /// The moves from the start to `id`.
    pub fn moves_to(&self, id: NodeId) -> Result<Vec<Move>, EditError> {
        self.path(id)?
            .into_iter()
            .map(|n| Ok(self.node(n)?.map(|n| n.mv)))
            .filter_map(Result::transpose)
            .collect()
    }

    /// The position at `id`.
    pub fn position(&self, id: NodeId) -> Result<Position, EditError> {
        let mut pos = self.state.record.start.clone();
        for mv in self.moves_to(id)? {
            pos.play_unchecked(mv);
        }
        Ok(pos)
    }

    /// The node before `id`; `None` for the start.
    pub fn parent(&self, id: NodeId) -> Result<Option<NodeId>, EditError> {
        let path = self.path(id)?;
        Ok(match path.len() {
            0 => None,
            1 => Some(NodeId::ROOT),
            n => Some(path[n - 2]),
        })
    }

    /// The moves after `id`: the main continuation first, then its alternatives in the record's order.
    pub fn children(&self, id: NodeId) -> Result<Vec<NodeId>, EditError> {
        let loc = self.loc(id)?;
        let mut next = loc.clone();
        match next.last_mut() {
            Some(i) => *i += 1,
            None => next.push(0),
        }
        let mut out = Vec::new();
        let (addr, i) = split(&next);
        if i < self.record_line(addr).moves.len() {
            self.collect(&mut next, &mut out);
        }
        Ok(out)
    }

    /// The move at `loc` and every first move of its variations, recursively.
    fn collect(&self, loc: &mut Loc, out: &mut Vec<NodeId>) {
        out.push(self.id_at(loc));
        let (addr, i) = split(loc);
        let count = self.record_line(addr).moves[i].variations.len();
        for v in 0..count {
            loc.push(v);
            loc.push(0);
            let (addr, _) = split(loc);
            if !self.record_line(addr).moves.is_empty() {
                self.collect(loc, out);
            }
            loc.pop();
            loc.pop();
        }
    }

    /// Whether `id` is on the main line (the start is).
    pub fn is_main_line(&self, id: NodeId) -> Result<bool, EditError> {
        Ok(self.loc(id)?.len() <= 1)
    }

    /// Moves the cursor to `id`. Not an edit (undo does not take it back).
    pub fn go(&mut self, id: NodeId) -> Result<(), EditError> {
        self.loc(id)?;
        self.state.cursor = id;
        Ok(())
    }

    /// Plays `mv` at the cursor and moves the cursor to the node it reaches, which it returns: the child with
    /// that move when there is one (no edit); else a new move — the continuation of the line when the node has
    /// none, else a new variation, after the others.
    pub fn play(&mut self, mv: Move) -> Result<NodeId, EditError> {
        let cursor = self.state.cursor;
        self.position(cursor)?
            .check_move(mv)
            .map_err(|reason| IllegalMoveError { mv, reason })?;
        if let Some(child) = self
            .children(cursor)?
            .into_iter()
            .find(|&c| self.node(c).ok().flatten().is_some_and(|n| n.mv == mv))
        {
            self.state.cursor = child;
            return Ok(child);
        }
        let loc = self.loc(cursor)?.clone();
        let mut next = loc.clone();
        match next.last_mut() {
            Some(i) => *i += 1,
            None => next.push(0),
        }
        let (addr, i) = split(&next);
        let continues = i < self.record_line(addr).moves.len();
        if continues && addr.len() / 2 + 1 > MAX_VARIATION_DEPTH {
            return Err(EditError::TooDeep);
        }
        let id = NodeId(self.next);
        self.begin();
        self.next += 1;
        let s = &mut self.state;
        if continues {
            push_variation(&mut s.record.mainline, &next, Node::new(mv));
            push_variation(&mut s.shape, &next, IdNode::new(id));
        } else {
            push_move(&mut s.record.mainline, addr, Node::new(mv));
            push_move(&mut s.shape, addr, IdNode::new(id));
        }
        s.cursor = id;
        self.reindex();
        Ok(id)
    }

    /// Promotes the variation that holds `id` one level: its moves become the continuation it was an
    /// alternative to, and that continuation a variation in its place (the comment before the variation stays
    /// with the place). Ids do not change.
    pub fn promote(&mut self, id: NodeId) -> Result<(), EditError> {
        let loc = self.loc(id)?.clone();
        if loc.is_empty() {
            return Err(EditError::Root);
        }
        if loc.len() == 1 {
            return Err(EditError::MainLine(id));
        }
        let addr = loc[..loc.len() - 1].to_vec();
        self.transaction(|s| {
            promote_at(&mut s.record.mainline, &addr);
            promote_at(&mut s.shape, &addr);
        })
    }

    /// Promotes the variation that holds `id` until `id` is on the main line.
    pub fn make_main(&mut self, id: NodeId) -> Result<(), EditError> {
        let loc = self.loc(id)?.clone();
        if loc.is_empty() {
            return Err(EditError::Root);
        }
        if loc.len() == 1 {
            return Err(EditError::MainLine(id));
        }
        let mut addrs = Vec::new();
        let mut loc = loc;
        // Each promotion of the innermost variation moves the node one level up, to index owner + i.
        while loc.len() > 1 {
            let n = loc.len();
            addrs.push(loc[..n - 1].to_vec());
            let merged = loc[n - 3] + loc[n - 1];
            loc.truncate(n - 3);
            loc.push(merged);
        }
        self.transaction(|s| {
            for addr in &addrs {
                promote_at(&mut s.record.mainline, addr);
                promote_at(&mut s.shape, addr);
            }
        })
    }

    /// Deletes the move `id` and everything after it. Its alternatives stay: the first becomes the
    /// continuation in its place. The cursor, if it was on a deleted node, goes to `id`'s parent.
    pub fn delete(&mut self, id: NodeId) -> Result<(), EditError> {
        let loc = self.loc(id)?.clone();
        if loc.is_empty() {
            return Err(EditError::Root);
        }
        let parent = self.parent(id)?.unwrap_or(NodeId::ROOT);
        let cursor_gone = self.path(self.state.cursor)?.contains(&id);
        self.transaction(|s| {
            delete_at(&mut s.record.mainline, &loc);
            delete_at(&mut s.shape, &loc);
            if cursor_gone {
                s.cursor = parent;
            }
        })
    }

    /// Sets the comment after the move `id` (`None` or an empty text removes it); at the start, the comment
    /// before the game's first move.
    pub fn set_comment(&mut self, id: NodeId, comment: Option<String>) -> Result<(), EditError> {
        let loc = self.loc(id)?.clone();
        let comment = comment.filter(|c| !c.is_empty());
        if self.comment(id)? == comment.as_deref() {
            return Ok(());
        }
        self.begin();
        let record = &mut self.state.record;
        match loc.is_empty() {
            true => record.mainline.comment = comment,
            false => {
                let (addr, i) = split(&loc);
                line_at(&mut record.mainline, addr).moves[i].comment = comment;
            }
        }
        Ok(())
    }

    /// Sets the comment before the move `id`, which must start a variation (`None` or an empty text removes it).
    pub fn set_comment_before(
        &mut self,
        id: NodeId,
        comment: Option<String>,
    ) -> Result<(), EditError> {
        let loc = self.loc(id)?.clone();
        if loc.is_empty() {
            return Err(EditError::Root);
        }
        let Some(addr) = split_line_start(&loc).map(<[usize]>::to_vec) else {
            return Err(EditError::NotLineStart(id));
        };
        let comment = comment.filter(|c| !c.is_empty());
        if self.comment_before(id)? == comment.as_deref() {
            return Ok(());
        }
        self.begin();
        line_at(&mut self.state.record.mainline, &addr).comment = comment;
        Ok(())
    }

    /// Sets the NAGs of the move `id` (numeric annotation glyphs: 1 = good move, 2 = mistake, …), in order.
    pub fn set_nags(&mut self, id: NodeId, nags: Vec<u8>) -> Result<(), EditError> {
        self.set_on_move(id, nags, |n| &mut n.nags)
    }

    /// Sets the drawings (arrows and circled points) of a move; the start has none.
    pub fn set_drawings(&mut self, id: NodeId, drawings: Vec<Drawing>) -> Result<(), EditError> {
        self.set_on_move(id, drawings, |n| &mut n.drawings)
    }

    /// Sets one field of a move's node (`field` picks it); the start has no move: [`EditError::Root`]. Setting what
    /// it already holds is no edit.
    fn set_on_move<T: PartialEq>(
        &mut self,
        id: NodeId,
        value: T,
        field: fn(&mut Node) -> &mut T,
    ) -> Result<(), EditError> {
        let loc = self.loc(id)?.clone();
        if loc.is_empty() {
            return Err(EditError::Root);
        }
        let (addr, i) = split(&loc);
        if *field(&mut line_at(&mut self.state.record.mainline, addr).moves[i]) == value {
            return Ok(());
        }
        self.begin();
        *field(&mut line_at(&mut self.state.record.mainline, addr).moves[i]) = value;
        Ok(())
    }

    /// Sets a tag, in place or appended. The name: letters, digits, `_`, `-` (not `FEN`: see
    /// [`RecordEditor::set_start`]); the value: any text without a line break, another control character or a
    /// double quote ([`TagProblem::Quote`]); a backslash is escaped by the PGN writer.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), EditError> {
        check_tag_name(name)?;
        if let Some(c) = value.chars().find(|&c| c.is_control() && c != '\t') {
            return Err(EditError::Tag {
                name: name.to_string(),
                problem: TagProblem::ValueChar(c),
            });
        }
        if value.contains('"') {
            return Err(EditError::Tag {
                name: name.to_string(),
                problem: TagProblem::Quote,
            });
        }
        if self.state.record.header(name) == Some(value) {
            return Ok(());
        }
        self.begin();
        self.state.record.set_header(name, value);
        Ok(())
    }

    /// Removes every tag named `name`; `false` (no edit) when there is none.
    pub fn remove_tag(&mut self, name: &str) -> Result<bool, EditError> {
        check_tag_name(name)?;
        if self.state.record.header(name).is_none() {
            return Ok(false);
        }
        self.begin();
        Ok(headers::remove_header(&mut self.state.record.headers, name))
    }

    /// Sets the start position. The moves go (every node but the start: their ids are not given again; undo
    /// brings them back); the comment at the start and the tags stay, a `FEN` tag rewritten to the new start.
    pub fn set_start(&mut self, start: Position) -> Result<(), EditError> {
        let record = &self.state.record;
        if record.start == start && record.mainline.moves.is_empty() {
            return Ok(());
        }
        self.begin();
        let s = &mut self.state;
        if s.record.header("FEN").is_some() {
            s.record.set_header("FEN", &start.fen());
        }
        s.record.start = start;
        s.record.mainline.moves.clear();
        s.shape.moves.clear();
        s.cursor = NodeId::ROOT;
        self.reindex();
        Ok(())
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an undone edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes the last edit back (the record, and the cursor where it was before that edit); `false` when there
    /// is none. At most [`MAX_UNDO`] edits are kept (fewer for a record of very many moves: the history holds
    /// at most [`UNDO_MOVE_BUDGET`] moves in all, but always the last edit).
    pub fn undo(&mut self) -> bool {
        let Some((before, size)) = self.undo.pop() else {
            return false;
        };
        let after = mem::replace(&mut self.state, before);
        self.redo.push((after, size));
        self.reindex();
        true
    }

    /// Makes the last undone edit again; `false` when there is none. A new edit forgets the undone ones.
    pub fn redo(&mut self) -> bool {
        let Some((after, size)) = self.redo.pop() else {
            return false;
        };
        let before = mem::replace(&mut self.state, after);
        self.undo.push((before, size));
        self.reindex();
        true
    }

    /// Saves the state before an edit (which cannot fail from here on).
    fn begin(&mut self) {
        let before = self.state.clone();
        self.remember(before);
    }

    /// Keeps `before`, the state before an edit, for undo; forgets the undone edits.
    fn remember(&mut self, before: State) {
        self.redo.clear();
        let size = before.size();
        self.undo.push((before, size));
        if self.undo.len() > MAX_UNDO {
            self.undo.remove(0);
        }
        let mut total: usize = self.undo.iter().map(|u| u.1).sum();
        while self.undo.len() > 1 && total > UNDO_MOVE_BUDGET {
            total -= self.undo.remove(0).1;
        }
    }

    /// A structural edit: applied to a copy, kept when the tree stays within [`MAX_VARIATION_DEPTH`].
    fn transaction(&mut self, edit: impl FnOnce(&mut State)) -> Result<(), EditError> {
        let mut next = self.state.clone();
        edit(&mut next);
        if depth(&next.shape) > MAX_VARIATION_DEPTH {
            return Err(EditError::TooDeep);
        }
        let before = mem::replace(&mut self.state, next);
        self.remember(before);
        self.reindex();
        Ok(())
    }
}

impl IdNode {
    fn new(id: NodeId) -> IdNode {
        IdNode {
            id,
            variations: Vec::new(),
        }
    }
}

/// How deeply the variations of `line` nest (0: none).
fn depth(line: &IdLine) -> usize {
    line.moves
        .iter()
        .flat_map(|n| &n.variations)
        .map(|v| 1 + depth(v))
        .max()
        .unwrap_or(0)
}

/// The address of the variation a location starts (its index 0 in a line that is not the main line).
fn split_line_start(loc: &[usize]) -> Option<&[usize]> {
    let (addr, i) = (loc.len() > 1).then(|| split(loc))?;
    (i == 0).then_some(addr)
}

fn check_tag_name(name: &str) -> Result<(), EditError> {
    let problem = if name.is_empty() {
        Some(TagProblem::EmptyName)
    } else if let Some(c) = name
        .chars()
        .find(|&c| !(c.is_alphanumeric() || c == '_' || c == '-'))
    {
        Some(TagProblem::NameChar(c))
    } else if name == "FEN" {
        Some(TagProblem::Fen)
    } else {
        None
    };
    match problem {
        Some(problem) => Err(EditError::Tag {
            name: name.to_string(),
            problem,
        }),
        None => Ok(()),
    }
}
