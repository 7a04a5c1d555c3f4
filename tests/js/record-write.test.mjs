// Records written whole through the package (issue 36): writeRecord over what readRecord returns — every XQF file of
// tests/data/records written as XQF, DhtmlXQ and PGN in Node (GBK encoded by a table from Node's TextDecoder, the
// path of the wasm build) and read again; drawings and NAGs in every format; bad records as typed errors that leave
// nothing behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readRecord, writeRecord } from '../../pkg/node.mjs';
import * as rules from '../../pkg/rules-node.mjs';
import { root } from '../support/data.mjs';
import { throwsCode } from '../support/assert.mjs';

const dir = join(root, 'tests', 'data', 'records', 'xqf');
const strip = ({ index, format, encoding, warnings, ...rest }) => rest;
/** `r` as writeRecord writes it: with the ECCO and Opening tags of its opening where it has none (issue 39). */
const tagged = (r) => {
  const add = [['ECCO', r.opening.code], ['Opening', r.opening.names.zh]].filter(([k]) => !(k in r.headers));
  return { ...r, headerList: [...r.headerList, ...add], headers: { ...r.headers, ...Object.fromEntries(add) } };
};

const LESSON = '[Event "Lesson"]\n[Red "A"]\n[Result "1-0"]\n\n{before} 1. 炮二平五 $1 {central [%cal Rh2e2,Gb0c2] [%csl Ye7]} '
  + '(1. 马二进三 {[%csl Bc2]} 1... 卒7进1 ({or the cannon} 1... 炮8平5 $2)) 1... 马8进7 {[%cal Yb9c7]} 1-0\n';

test('drawings are read from PGN comments as plain data', () => {
  const r = readRecord(LESSON);
  const first = r.mainline.moves[0];
  assert.equal(first.comment, 'central');
  assert.deepEqual(first.nags, [1]);
  assert.deepEqual(first.drawings, [
    { from: 'h2', to: 'e2', color: 'red' },
    { from: 'b0', to: 'c2', color: 'green' },
    { from: 'e7', to: null, color: 'yellow' },
  ]);
  assert.deepEqual(first.variations[0].moves[0].drawings, [{ from: 'c2', to: null, color: 'blue' }]);
  assert.equal(first.variations[0].moves[0].comment, null);
  assert.equal(first.variations[0].moves[1].variations[0].comment, 'or the cannon', 'a comment before a variation');
});

test('a record written in each format reads back whole: tags, result, variations, comments, NAGs, drawings', () => {
  const r = readRecord(LESSON);
  for (const format of ['pgn', 'dhtmlxq']) {
    const out = writeRecord(r, { format });
    assert.equal(typeof out, 'string');
    assert.deepEqual(strip(readRecord(out)), strip(tagged(r)), format);
    // Written again, the record's own tags (now ECCO and Opening too) are kept as they are.
    assert.equal(writeRecord(readRecord(out), { format }), out, `${format} again`);
  }
  const xqf = writeRecord(r, { format: 'xqf' });
  assert.ok(xqf instanceof Uint8Array);
  assert.deepEqual([...xqf.subarray(0, 3)], [0x58, 0x51, 10]);
  const back = readRecord(xqf);
  assert.equal(back.format, 'xqf');
  // XQF has no place for the comment before a variation's first move: the rest of the tree is the same.
  const held = structuredClone(r.mainline);
  held.moves[0].variations[0].moves[1].variations[0].comment = null;
  assert.deepEqual(back.mainline, held);
  assert.deepEqual(back.headerList, [['Event', 'Lesson'], ['Red', 'A'], ['Result', '1-0']], 'XQF has no place for ECCO / Opening');
  // The rules entry has it too.
  assert.equal(rules.writeRecord(r, { format: 'pgn', notation: 'iccs' }).includes('1. H2-E2 $1 {central [%cal Rh2e2,Gb0c2] [%csl Ye7]}'), true);
});

test('every XQF file of the collection: read, written as XQF, read again is the same record', () => {
  const names = readdirSync(dir).filter((n) => n.endsWith('.xqf'));
  assert.equal(names.length, 42);
  let equal = 0;
  const refused = [];
  for (const name of names) {
    const r = readRecord(new Uint8Array(readFileSync(join(dir, name))));
    let bytes;
    try {
      bytes = writeRecord(r, { format: 'xqf' });
    } catch (e) {
      refused.push([name, e.code]);
      continue;
    }
    const back = readRecord(bytes);
    assert.deepEqual(back.warnings, [], name);
    assert.deepEqual(strip(back), strip(r), name);
    // And through DhtmlXQ the tree stays as it is (PGN trims comments: XQStudio's end in CR LF).
    assert.deepEqual(readRecord(writeRecord(r, { format: 'dhtmlxq' })).mainline, r.mainline, name);
    equal++;
  }
  assert.deepEqual(refused, [['cchess-game_test.xqf', 'ERR_RECORD_TEXT']]);
  assert.equal(equal, 41);
});

test('a record built by hand, and its defaults', () => {
  const out = writeRecord({ headers: { Red: '甲' }, mainline: { moves: [{ move: 'h2e2', drawings: [{ from: 'e7', color: 'red' }] }] } },
    { format: 'pgn' });
  assert.equal(out, '[Red "甲"]\n[ECCO "B00"]\n[Opening "中炮局"]\n\n1. 炮二平五 {[%csl Re7]} *\n');
  const r = readRecord(out);
  assert.deepEqual(r.headerList, [['Red', '甲'], ['ECCO', 'B00'], ['Opening', '中炮局'], ['Result', '*']]);
  // A record's own tags are never changed, even where they disagree; a missing one is added.
  assert.equal(writeRecord({ headers: { ECCO: 'E99' }, mainline: { moves: [{ move: 'h2e2' }] } }, { format: 'pgn' }),
    '[ECCO "E99"]\n[Opening "中炮局"]\n\n1. 炮二平五 *\n');
  assert.equal(writeRecord({ headers: { Opening: '自己的' }, mainline: { moves: [{ move: 'h2e2' }] } }, { format: 'pgn' }),
    '[Opening "自己的"]\n[ECCO "B00"]\n\n1. 炮二平五 *\n');
  // No moves, or not from the start: no opening, no tags.
  assert.equal(writeRecord({ headers: { Red: '甲' } }, { format: 'pgn' }), '[Red "甲"]\n\n*\n');
  // `result` sets the Result tag when it differs.
  assert.equal(readRecord(writeRecord({ result: '0-1' }, { format: 'dhtmlxq' })).result, '0-1');
  // A set-up start.
  const fen = '3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1';
  const x = readRecord(writeRecord({ fen, mainline: { moves: [{ move: 'e1e8' }] } }, { format: 'xqf' }));
  assert.equal(x.fen, fen);
  assert.equal(x.mainline.moves[0].move, 'e1e8');
});

test('bad records are typed errors', () => {
  const r = readRecord(LESSON);
  const e1 = throwsCode(() => writeRecord({ ...r, headerList: [['Event', 'two\nlines']] }, { format: 'dhtmlxq' }), 'ERR_RECORD_TAG');
  assert.match(e1.message, /Event/);
  // A quote is written escaped, and read back.
  assert.deepEqual(readRecord(writeRecord({ headers: { Event: 'say "hi"' } }, { format: 'pgn' })).headers.Event, 'say "hi"');
  assert.equal(readRecord(writeRecord({ headers: { Event: 'say "hi"' } }, { format: 'dhtmlxq' })).headers.Event, 'say "hi"');
  throwsCode(() => writeRecord({ headers: { 'Bad Name': 'x' } }, { format: 'pgn' }), 'ERR_RECORD_TAG');
  // An illegal move deep in a variation.
  const bad = structuredClone(r);
  bad.mainline.moves[0].variations[0].moves[1].move = 'a0a5';
  const e2 = throwsCode(() => writeRecord(bad, { format: 'pgn' }), 'ERR_RECORD_MOVE');
  assert.deepEqual([e2.ply, e2.inVariation, e2.moveText, e2.moveCode], [2, true, 'a0a5', 'ERR_ILLEGAL_MOVE']);
  throwsCode(() => writeRecord({ ...r, fen: 'not a fen' }, { format: 'pgn' }), 'ERR_RECORD_FEN');
  throwsCode(() => writeRecord({ mainline: { moves: [{ move: 'zz' }] } }, { format: 'pgn' }), 'ERR_MOVE_SYNTAX');
  throwsCode(() => writeRecord({ mainline: { moves: [{ move: 'h2e2', drawings: [{ from: 'z1', color: 'red' }] }] } }, { format: 'pgn' }), 'ERR_SQUARE');
  throwsCode(() => writeRecord({ mainline: { moves: [{ move: 'h2e2', drawings: [{ from: 'e1', color: 'pink' }] }] } }, { format: 'pgn' }), 'ERR_OPTIONS');
  throwsCode(() => writeRecord({ mainline: { moves: [{ move: 'h2e2', nags: [300] }] } }, { format: 'pgn' }), 'ERR_ARGUMENT');
  const emoji = structuredClone(r);
  emoji.mainline.moves[1].comment = 'smile 🙂';
  const e3 = throwsCode(() => writeRecord(emoji, { format: 'xqf' }), 'ERR_RECORD_TEXT');
  assert.match(e3.message, /ply 2/);
  throwsCode(() => writeRecord(r, { format: 'fen' }), 'ERR_OPTIONS');
  throwsCode(() => writeRecord(r, {}), 'ERR_OPTIONS');
  throwsCode(() => writeRecord(r, { format: 'pgn', colour: 1 }), 'ERR_OPTIONS');
  throwsCode(() => writeRecord('text', { format: 'pgn' }), 'ERR_ARGUMENT');
  // A 10 MB paste as a comment: refused with the size.
  const big = { mainline: { moves: [{ move: 'h2e2', comment: 'x'.repeat(10 << 20) }] } };
  const e4 = throwsCode(() => writeRecord(big, { format: 'pgn' }), 'ERR_ARGUMENT');
  assert.match(e4.message, /4194304 characters .*10485760/);
  // After every error the package works as before.
  assert.deepEqual(strip(readRecord(writeRecord(r, { format: 'pgn' }))), strip(tagged(r)));
});
