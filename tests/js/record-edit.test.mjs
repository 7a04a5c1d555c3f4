// RecordEditor through the package (issue 36, item 3): a record edited node by node — play (a continuation, an
// existing child, a new variation), promote, make main, delete, comments, NAGs, tags, the start, undo and redo —
// with stable node ids; every refused edit throws its code and changes nothing; the rules entry has it too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as full from '../../pkg/node.mjs';
import * as rules from '../../pkg/rules-node.mjs';
import { throwsCode } from '../support/assert.mjs';

const { RecordEditor, readRecord, startFen, Game } = full;

/** Everything a refused edit must leave alone. */
const state = (e) => JSON.stringify([e.record(), e.current(), e.canUndo(), e.canRedo()]);

function refused(e, code, fn, pattern) {
  const before = state(e);
  const err = throwsCode(() => fn(e), code, pattern);
  assert.equal(state(e), before, `${code}: a refused edit changed nothing`);
  return err;
}

test('moving back and playing a different move makes a variation at that ply', () => {
  const e = new RecordEditor();
  assert.equal(e.current(), 0);
  const cannon = e.play('h2e2');
  const horse = e.play('h9g7');
  const knight = e.play('h0g2');
  e.go(cannon);
  const other = e.play('b9c7');
  assert.deepEqual([cannon, horse, knight, other], [1, 2, 3, 4]);
  assert.equal(e.current(), other);
  const r = e.record();
  assert.deepEqual(r.mainline.moves.map((m) => m.move), ['h2e2', 'h9g7', 'h0g2']);
  assert.deepEqual(r.mainline.moves[1].variations, [{ comment: null, moves: [{ move: 'b9c7', nags: [], comment: null, variations: [], drawings: [] }] }]);
  assert.equal(r.fen, startFen());
  // The same move again goes to the child: no edit.
  e.go(cannon);
  const undoable = e.canUndo();
  e.undo();
  e.redo();
  assert.equal(e.play('b9c7'), other);
  assert.equal(e.play({ from: 'h0', to: 'g2' }), 5, 'a move object works too; a new move in the variation');
  assert.equal(e.canUndo(), undoable);
  const g = new Game();
  for (const m of ['h2e2', 'b9c7', 'h0g2']) g.play(m);
  assert.deepEqual(e.node(5), {
    id: 5, parent: other, children: [], move: 'h0g2', ply: 3, fen: g.fen(), comment: null, commentBefore: null, nags: [], drawings: [], mainLine: false,
  });
  assert.deepEqual(e.node(0), {
    id: 0, parent: null, children: [1], move: null, ply: 0, fen: startFen(), comment: null, commentBefore: null, nags: [], drawings: [], mainLine: true,
  });
  assert.deepEqual(e.path(5), [1, 4, 5]);
  assert.deepEqual(e.path(0), []);
  e.free();
});

test('promote, makeMain and delete keep the ids; one undo per edit', () => {
  const e = new RecordEditor(readRecord('1. 炮二平五 马8进7 (1... 马2进3 2. 马二进三 (2. 马八进七 卒7进1)) 2. 马二进三 *'));
  // Ids in the record's order: h2e2 1, h9g7 2, b9c7 3, h0g2 4, b0c2 5, g6g5 6, h0g2 7.
  assert.deepEqual(e.node(1).children, [2, 3]);
  assert.deepEqual(e.node(3).children, [4, 5]);
  e.promote(3);
  assert.deepEqual(e.node(1).children, [3, 2]);
  assert.deepEqual(e.record().mainline.moves.map((m) => m.move), ['h2e2', 'b9c7', 'h0g2']);
  assert.ok(e.undo());
  assert.deepEqual(e.node(1).children, [2, 3]);
  e.makeMain(6);
  assert.deepEqual(e.record().mainline.moves.map((m) => m.move), ['h2e2', 'b9c7', 'b0c2', 'g6g5']);
  assert.deepEqual(e.path(6), [1, 3, 5, 6]);
  assert.ok(e.node(6).mainLine);
  assert.deepEqual(e.path(7), [1, 2, 7]);
  assert.ok(e.undo());
  assert.ok(!e.canUndo());
  // Delete: the alternatives stay, the first takes the place.
  e.go(7);
  e.delete(2);
  assert.equal(e.current(), 1, 'the cursor was on a deleted node: the parent');
  assert.deepEqual(e.record().mainline.moves.map((m) => m.move), ['h2e2', 'b9c7', 'h0g2']);
  assert.deepEqual(e.node(1).children, [3]);
  const err = refused(e, 'ERR_EDIT_NODE', (x) => x.node(2));
  assert.equal(err.node, 2);
  assert.ok(e.undo());
  assert.equal(e.current(), 7);
  assert.deepEqual(e.node(2).children, [7]);
  assert.ok(e.redo());
  assert.ok(!e.redo());
  e.free();
});

test('comments, NAGs, tags, the start', () => {
  const e = new RecordEditor();
  const a = e.play('h2e2');
  e.play('h9g7');
  e.go(a);
  const v = e.play('b9c7');
  e.setComment(0, 'a game');
  e.setComment(a, 'central cannon');
  e.setNags(a, [1, 14]);
  e.setCommentBefore(v, 'also');
  e.setTag('Event', 'The Spring cup \\ 2026');
  e.setTag('Red', '吕钦');
  const r = e.record();
  assert.equal(r.mainline.comment, 'a game');
  assert.deepEqual(r.mainline.moves[0], { move: 'h2e2', nags: [1, 14], comment: 'central cannon', variations: [], drawings: [] });
  assert.equal(r.mainline.moves[1].variations[0].comment, 'also');
  assert.deepEqual(r.headerList, [['Event', 'The Spring cup \\ 2026'], ['Red', '吕钦']]);
  assert.deepEqual(r.headers, { Event: 'The Spring cup \\ 2026', Red: '吕钦' });
  assert.equal(e.node(v).commentBefore, 'also');
  assert.equal(e.node(0).comment, 'a game');
  assert.equal(e.removeTag('Red'), true);
  assert.equal(e.removeTag('Red'), false);
  e.setComment(a, null);
  assert.equal(e.node(a).comment, null);
  e.setNags(a, []);
  assert.deepEqual(e.node(a).nags, []);
  // setStart: the moves go, the cursor to the start; undo brings them back.
  e.go(v);
  e.setStart('4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1');
  assert.equal(e.record().fen, '4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1');
  assert.deepEqual(e.record().mainline.moves, []);
  assert.equal(e.record().mainline.comment, 'a game');
  assert.equal(e.current(), 0);
  assert.equal(e.play('d0e0'), 4, 'ids are never given again');
  e.undo();
  e.undo();
  assert.equal(e.record().fen, startFen());
  assert.equal(e.current(), v);
  e.free();
});

test('every bad input is a typed error and changes nothing', () => {
  const e = new RecordEditor();
  const a = e.play('h2e2');
  const b = e.play('h9g7');
  e.setTag('Event', 'E');
  // A node that does not exist, or is no node id at all.
  for (const [name, args] of [['go', [99]], ['promote', [99]], ['makeMain', [99]], ['delete', [99]], ['setComment', [99, 'x']],
    ['setCommentBefore', [99, 'x']], ['setNags', [99, [1]]], ['node', [99]], ['path', [99]]]) {
    const err = refused(e, 'ERR_EDIT_NODE', (x) => x[name](...args));
    assert.equal(err.node, 99, name);
  }
  for (const bad of [-1, 1.5, '1', null, undefined, {}, 2 ** 32]) {
    refused(e, 'ERR_ARGUMENT', (x) => x.go(bad));
  }
  // Illegal moves, move text that is no move.
  const illegal = refused(e, 'ERR_ILLEGAL_MOVE', (x) => x.play('a0a5'));
  assert.equal(illegal.move, 'a0a5');
  assert.equal(typeof illegal.reasonCode, 'string');
  refused(e, 'ERR_MOVE_SYNTAX', (x) => x.play('炮二平五'));
  refused(e, 'ERR_ARGUMENT', (x) => x.play(42));
  // Edits at the start, on the main line, where no comment before can be.
  refused(e, 'ERR_EDIT_ROOT', (x) => x.delete(0));
  refused(e, 'ERR_EDIT_ROOT', (x) => x.setNags(0, [1]));
  refused(e, 'ERR_EDIT_MAIN_LINE', (x) => x.promote(b));
  refused(e, 'ERR_EDIT_MAIN_LINE', (x) => x.makeMain(a));
  refused(e, 'ERR_EDIT_COMMENT_BEFORE', (x) => x.setCommentBefore(b, 'x'));
  // Tags: a newline, a carriage return, a bad name, the FEN tag; not strings.
  refused(e, 'ERR_EDIT_TAG', (x) => x.setTag('Event', 'two\nlines'), /line break or control character/);
  refused(e, 'ERR_EDIT_TAG', (x) => x.setTag('Event', 'cr\r'));
  refused(e, 'ERR_EDIT_TAG', (x) => x.setTag('Red Player', 'x'));
  refused(e, 'ERR_EDIT_TAG', (x) => x.setTag('', 'x'));
  refused(e, 'ERR_EDIT_TAG', (x) => x.setTag('FEN', startFen()), /setStart/);
  refused(e, 'ERR_EDIT_TAG', (x) => x.removeTag('FEN'));
  refused(e, 'ERR_ARGUMENT', (x) => x.setTag('Event', 5));
  refused(e, 'ERR_ARGUMENT', (x) => x.setTag('Event', 'x'.repeat(5000)));
  // A quote typed into a tag is refused (not every PGN reader knows `\"`); a record read with one keeps it.
  refused(e, 'ERR_EDIT_TAG', (x) => x.setTag('Event', 'a "quoted" name'), /double quote/);
  assert.equal(new RecordEditor(readRecord('[Event "a \\"quoted\\" name"]\n\n*')).record().headers.Event, 'a "quoted" name');
  // NAGs and comments of the wrong type; a bad start.
  refused(e, 'ERR_ARGUMENT', (x) => x.setNags(a, [256]));
  refused(e, 'ERR_ARGUMENT', (x) => x.setNags(a, 1));
  refused(e, 'ERR_ARGUMENT', (x) => x.setComment(a, 7));
  refused(e, 'ERR_FEN_BOARD', (x) => x.setStart('nonsense'));
  refused(e, 'ERR_FEN_GENERALS_FACING', (x) => x.setStart('4k4/9/9/9/9/9/9/9/9/4K4 w'));
  refused(e, 'ERR_ARGUMENT', (x) => x.setStart(null));
  e.free();
});

test('the constructor: nothing, a FEN, a RecordGame, or a refusal', () => {
  assert.equal(new RecordEditor(null).record().fen, startFen());
  const fen = '4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1';
  const f = new RecordEditor(fen);
  assert.equal(f.record().fen, fen);
  assert.equal(f.record().format, 'fen');
  const text = '[Red "A"]\n[Result "1-0"]\n\n{start} 1. 炮二平五 $1 {central cannon} 马8进7 ({b} 1... 马2进3) 1-0';
  const read = readRecord(text);
  const e = new RecordEditor(read);
  // Unedited, the record is what was read (but for the warnings, which were about the text).
  assert.deepEqual(e.record(), { ...read, warnings: [] });
  assert.equal(e.node(3).commentBefore, 'b');
  // A plain object of the same shape, `headers` instead of `headerList`.
  const plain = new RecordEditor({ headers: { Red: 'A' }, mainline: { comment: null, moves: [{ move: 'h2e2', nags: [], comment: null, variations: [] }] } });
  assert.deepEqual(plain.record().headerList, [['Red', 'A']]);
  assert.deepEqual(plain.node(0).children, [1]);
  throwsCode(() => new RecordEditor({ mainline: { moves: [{ move: 'a0a5' }] } }), 'ERR_ILLEGAL_MOVE');
  throwsCode(() => new RecordEditor({ mainline: { moves: [{ move: 'xx' }] } }), 'ERR_MOVE_SYNTAX');
  throwsCode(() => new RecordEditor({ mainline: { moves: 'h2e2' } }), 'ERR_ARGUMENT');
  // A record's start position, as readRecord and writeRecord say it: ERR_RECORD_FEN (a FEN given alone: ERR_FEN_*).
  throwsCode(() => new RecordEditor({ fen: 'nonsense' }), 'ERR_RECORD_FEN');
  throwsCode(() => new RecordEditor('nonsense'), 'ERR_FEN_BOARD');
  throwsCode(() => new RecordEditor(42), 'ERR_ARGUMENT');
  // Read as writeRecord reads a record (one reader in the binding): every part optional, so {} is the start.
  assert.equal(new RecordEditor({}).record().fen, startFen());
  throwsCode(() => new RecordEditor({ mainline: 5 }), 'ERR_ARGUMENT', /expected a line \{ comment, moves \}/);
  throwsCode(() => new RecordEditor({ get mainline() { throw new Error('boom'); } }), 'ERR_ARGUMENT');
  // Variations nested deeper than a record may.
  let line = { moves: [{ move: 'h2e2' }] };
  for (let i = 0; i < 70; i++) line = { moves: [{ move: 'h2e2', variations: [line] }] };
  throwsCode(() => new RecordEditor({ mainline: line }), 'ERR_RECORD_DEPTH');
});

test('drawings: read from the record, set on a move, undone, refused at the start and when malformed', () => {
  const { writeRecord } = full;
  const e = new RecordEditor(readRecord('1. h2e2 {[%cal Gh2e2] central cannon} h9g7 *'));
  assert.deepEqual(e.node(1).drawings, [{ from: 'h2', to: 'e2', color: 'green' }]);
  const before = state(e);
  e.setDrawings(2, [{ from: 'h9', to: 'g7', color: 'blue' }, { from: 'e7', to: null, color: 'red' }]);
  assert.deepEqual(e.node(2).drawings, [{ from: 'h9', to: 'g7', color: 'blue' }, { from: 'e7', to: null, color: 'red' }]);
  assert.deepEqual(e.record().mainline.moves[1].drawings, e.node(2).drawings);
  assert.match(writeRecord(e.record(), { format: 'pgn', notation: 'iccs' }), /\[%cal Bh9g7\].*\[%csl Re7\]|\[%csl Re7\].*\[%cal Bh9g7\]/s);
  const set = state(e);
  e.setDrawings(2, [{ from: 'h9', to: 'g7', color: 'blue' }, { from: 'e7', to: null, color: 'red' }]);
  assert.equal(state(e), set, 'the same drawings again: no edit');
  assert.ok(e.undo());
  assert.equal(state(e), before.replace('"canRedo":false', '"canRedo":true').replace(/,false\]$/, ',true]'));
  assert.deepEqual(e.node(2).drawings, []);
  for (const [args, code] of [[[0, []], 'ERR_EDIT_ROOT'], [[99, []], 'ERR_EDIT_NODE'],
    [[2, [{ from: 'z9', color: 'red' }]], 'ERR_SQUARE'], [[2, [{ from: 'e7', color: 'pink' }]], 'ERR_OPTIONS'],
    [[2, 'e7'], 'ERR_ARGUMENT']]) {
    const now = state(e);
    throwsCode(() => e.setDrawings(...args), code);
    assert.equal(state(e), now, `${code}: nothing changed`);
  }
  e.setDrawings(1, null);
  assert.deepEqual(e.node(1).drawings, []);
});

test('random edits never break the record; undo of everything gives it back', () => {
  let seed = 36;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const source = readRecord('[Event "E"]\n\n1. 炮二平五 马8进7 (1... 马2进3 2. 马二进三) 2. 马二进三 *');
  const e = new RecordEditor(source);
  const original = JSON.stringify(e.record());
  let edits = 0;
  for (let i = 0; i < 400; i++) {
    const node = rand(30);
    const before = JSON.stringify(e.record());
    try {
      switch (rand(9)) {
        case 0: case 1: case 2: {
          const moves = new Game(e.node(e.current()).fen).legalMoves();
          if (moves.length) e.play(moves[rand(moves.length)]);
          break;
        }
        case 3: e.go(node); break;
        case 4: e.promote(node); break;
        case 5: e.delete(node); break;
        case 6: e.setComment(node, `c${i}`); break;
        case 7: e.setNags(node, [rand(8)]); break;
        default: e.makeMain(node);
      }
    } catch (err) {
      assert.ok(['ERR_EDIT_NODE', 'ERR_EDIT_ROOT', 'ERR_EDIT_MAIN_LINE'].includes(err.code), err.message);
      assert.equal(JSON.stringify(e.record()), before);
    }
    if (JSON.stringify(e.record()) !== before) edits++;
    // Every node reachable from the start: its parent, its position after its parent's.
    const stack = [0];
    while (stack.length) {
      const id = stack.pop();
      const n = e.node(id);
      for (const c of n.children) {
        const child = e.node(c);
        assert.equal(child.parent, id);
        const g = new Game(n.fen);
        g.play(child.move);
        assert.equal(child.fen, g.fen());
        stack.push(c);
      }
    }
  }
  assert.ok(edits > 100, `${edits} edits`);
  let undone = 0;
  while (e.undo()) undone++;
  assert.equal(undone, 100, 'the history keeps the last 100 edits');
  // The oldest edits are beyond the history: a fresh editor with few edits gives the original back.
  const f = new RecordEditor(source);
  f.play('b0c2');
  f.setComment(1, 'x');
  f.delete(2);
  while (f.undo());
  assert.equal(JSON.stringify(f.record()), original);
  e.free();
  f.free();
});

test('the rules entry has RecordEditor too', () => {
  const e = new rules.RecordEditor();
  e.play('h2e2');
  e.go(0);
  e.play('b2e2');
  assert.deepEqual(e.node(0).children, [1, 2]);
  throwsCode(() => e.play('a0a5'), 'ERR_ILLEGAL_MOVE');
  e.free();
  assert.ok(full.RecordEditor !== rules.RecordEditor);
});
