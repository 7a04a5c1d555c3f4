// Records as archives have them, through the package (issue 22): the real records of tests/data/records read by
// readRecord in Node — GBK and Big5 decoded by Node's TextDecoder, the path of the wasm build — against
// expected.jsonl, with the figures of docs/records.md computed again; then the API: headers, the recorded result
// and the ruling, warnings, XQF, the one reader and its errors, the stream of a database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Game, RecordReader, readRecord, readRecords, validateFen } from '../../pkg/node.mjs';
import { readJsonl, root } from '../support/data.mjs';
import { throwsCode } from '../support/assert.mjs';

const file = (folder, name) => new Uint8Array(readFileSync(join(root, 'tests', 'data', 'records', folder, name)));

/** Whether `after` holds every pair of `before`, same value, same order. */
function keeps(before, after) {
  let i = 0;
  return before.every(([k, v]) => {
    while (i < after.length && !(after[i][0] === k && after[i][1] === v)) i++;
    return i++ < after.length;
  });
}

/** Every tag and the result through the game: read → Game → pgn() (and dhtmlxq()) → read. */
function roundTrip(input, index, record, format) {
  const game = Game.fromRecord(input, { index });
  try {
    const result = ['1-0', '0-1', '1/2-1/2'].includes(record.result) ? record.result : null;
    const o = game.outcome();
    let results = result ? o?.result === result : o === null || ['checkmate', 'stalemate'].includes(o.reason);
    // A record without a result that ends on the board now says how.
    const expected = record.headerList.map(([k, v]) => (k === 'Result' && !result && o ? [k, o.result] : [k, v]));
    const pgn = readRecord(game.pgn());
    let tags = keeps(expected, pgn.headerList);
    results &&= pgn.result === (o?.result ?? record.result);
    assert.deepEqual(pgn.mainline.moves.map((m) => m.move), record.mainline.moves.map((m) => m.move));
    if (format === 'dhtmlxq') {
      const d = readRecord(game.dhtmlxq());
      tags &&= keeps(expected, d.headerList);
    }
    return { tags, results };
  } finally {
    game.free();
  }
}

function figures() {
  return { games: 0, read: 0, warned: 0, warnings: {}, refused: {}, tags: 0, results: 0 };
}

function count(f, read) {
  f.games++;
  if (read.error) {
    f.refused[read.error.code] = (f.refused[read.error.code] ?? 0) + 1;
    return;
  }
  f.read++;
  if (read.warnings.length) f.warned++;
  for (const w of read.warnings) f.warnings[w.code] = (f.warnings[w.code] ?? 0) + 1;
}

function row(name, f) {
  const list = (m) => (Object.keys(m).length ? Object.keys(m).sort().map((k) => `\`${k}\` ${m[k]}`).join(', ') : '—');
  return `| ${name} | ${f.games} | ${f.read} | ${f.warned} | ${list(f.warnings)} | ${list(f.refused)} | ${f.tags} | ${f.results} |`;
}

function readGame(input, index) {
  try {
    return readRecord(input, { index });
  } catch (e) {
    return { error: e };
  }
}

test('the real records read in Node (TextDecoder for GBK and Big5) as expected.jsonl says, with the figures of docs/records.md', () => {
  const rows = [];
  for (const folder of ['big5', 'gbk', 'utf8']) {
    const f = figures();
    for (const e of readJsonl(`records/${folder}/expected.jsonl`)) {
      const bytes = file(folder, e.file);
      const r = readGame(bytes, e.index);
      count(f, r);
      if (r.error) continue;
      const who = `${e.file} #${e.index}`;
      assert.equal(r.encoding, e.encoding, who);
      const tags = [...r.headerList];
      if (e.result_tag === null && e.result_token !== null) assert.equal(tags.pop()[0], 'Result', who);
      assert.deepEqual(tags, e.tags, who);
      assert.deepEqual(r.mainline.moves.map((m) => m.move), e.moves, who);
      const { tags: t, results } = roundTrip(bytes, e.index, r, 'pgn');
      f.tags += t;
      f.results += results;
    }
    rows.push(row(`\`${folder}/\` (PGN)`, f));
  }
  for (const folder of ['dhtmlxq', 'xqf']) {
    const f = figures();
    for (const e of readJsonl(`records/${folder}/expected.jsonl`)) {
      const bytes = file(folder, e.file);
      const r = readGame(bytes, 0);
      count(f, r);
      if (r.error) continue;
      assert.equal(r.format, folder, e.file);
      const side = r.fen.split(' ')[1];
      assert.equal(`${r.fen.split(' ')[0]} ${side}`, e.fen, e.file);
      const moves = e.first_illegal_ply === null ? e.moves : e.moves.slice(0, e.first_illegal_ply);
      assert.deepEqual(r.mainline.moves.map((m) => m.move), moves, e.file);
      assert.equal(r.result, e.result, e.file);
      if (folder === 'xqf') {
        for (const [k, v] of Object.entries(e.tags)) {
          const name = { title: 'Title', event: 'Event', date: 'Date', site: 'Site', red: 'Red', black: 'Black',
            time_rule: 'TimeControl', red_time: 'RedTime', black_time: 'BlackTime', annotator: 'Annotator',
            author: 'Author' }[k];
          assert.equal(r.headers[name], v, `${e.file}: ${name}`);
        }
      }
      const { tags: t, results } = roundTrip(bytes, 0, r, folder);
      f.tags += t;
      f.results += results;
    }
    rows.push(row(`\`${folder}/\``, f));
  }
  const doc = readFileSync(join(root, 'docs', 'records.md'), 'utf8');
  const table = /<!-- figures:begin[^\n]*-->\n([\s\S]*?)\n<!-- figures:end -->/.exec(doc)[1].split('\n').slice(2);
  assert.deepEqual(rows, table, 'the figures of docs/records.md, measured through the package');
});

test('the recorded result stands; the ruling is information; the record speaks, play adjudicates', () => {
  const text = '[Red "A"]\n[Result "1-0"]\n\n1. 马二进三 马8进7 2. 马三退二 马7退8 3. 马二进三 马8进7 '
    + '4. 马三退二 马7退8 5. 炮二平五 1-0';
  const game = Game.fromPgn(text);
  assert.deepEqual([game.outcome().reason, game.outcome().result, game.outcome().ply], ['recorded', '1-0', 9]);
  assert.equal(game.outcome().explanation, 'The record gives the result: Red won.');
  assert.equal(game.outcome().explanationZh, '棋谱记载：红方胜。');
  assert.deepEqual([game.ruling().reason, game.ruling().ply], ['repetitionDraw', 8]);
  assert.equal(game.recordPlies(), 9);
  const out = game.pgn();
  assert.match(out, /\[Red "A"\]\n\[Result "1-0"\]/);
  assert.doesNotMatch(out, /Termination/);
  // The same moves played: adjudicated.
  const played = new Game();
  for (const m of game.history()) {
    if (played.outcome()) break;
    played.play(m);
  }
  assert.deepEqual([played.outcome().reason, played.outcome().ply], ['repetitionDraw', 8]);
  // playRecorded and recordResult by hand; errors leave the game as it was.
  const g = new Game();
  for (const m of game.history()) g.playRecorded(m);
  assert.equal(g.outcome(), null);
  throwsCode(() => g.recordResult('2-0'), 'ERR_ARGUMENT');
  throwsCode(() => g.playRecorded('h2h9'), 'ERR_ILLEGAL_MOVE');
  assert.equal(g.history().length, 9);
  assert.equal(g.recordResult('1/2-1/2').reason, 'recorded');
  throwsCode(() => g.recordResult('1-0'), 'ERR_GAME_OVER');
  assert.equal(g.outcome().result, '1/2-1/2');
  // A result without moves; a record without a result stays unfinished.
  assert.equal(Game.fromPgn('[Result "0-1"]\n*').outcome().reason, 'recorded');
  assert.equal(Game.fromPgn('1. 炮二平五 *').outcome(), null);
  for (const x of [game, played, g]) x.free();
});

test('headers: verbatim, in order, set and removed; errors change nothing', () => {
  const g = Game.fromPgn('[Event "Cup"]\n[Red "甲"]\n[Event "again"]\n\n1. 炮二平五 *');
  assert.deepEqual(g.headers(), { Event: 'Cup', Red: '甲', Result: '*' });
  assert.deepEqual(g.headerList(), [['Event', 'Cup'], ['Red', '甲'], ['Event', 'again'], ['Result', '*']]);
  g.setHeader('Black', '乙');
  g.setHeader('Event', 'Final');
  assert.deepEqual(g.headerList()[0], ['Event', 'Final']);
  assert.equal(g.removeHeader('Event'), true);
  assert.equal(g.removeHeader('Event'), false);
  const before = JSON.stringify(g.headerList());
  for (const [fn, code] of [
    [() => g.setHeader('bad name', 'x'), 'ERR_ARGUMENT'],
    [() => g.setHeader('', 'x'), 'ERR_ARGUMENT'],
    [() => g.setHeader('Site', 5), 'ERR_ARGUMENT'],
    [() => g.setHeader('Site', 'x'.repeat(70000)), 'ERR_ARGUMENT'],
    [() => g.removeHeader(null), 'ERR_ARGUMENT'],
  ]) {
    throwsCode(fn, code);
    assert.equal(JSON.stringify(g.headerList()), before);
  }
  assert.match(g.pgn(), /\[Red "甲"\]\n\[Result "\*"\]\n\[Black "乙"\]/);
  // The pgn() headers option sets over the game's own.
  assert.match(g.pgn({ headers: { Red: 'A' } }), /\[Red "A"\]/);
  // A new game has none; put() keeps them, load() starts another game.
  assert.deepEqual(new Game().headers(), {});
  g.remove('a3');
  assert.equal(g.headers().Red, '甲');
  g.load('4k4/9/9/9/9/9/9/9/9/3K5 w');
  assert.equal(g.warnings().length, 0);
  g.free();
});

test('the one reader: formats, encodings, warnings, XQF, errors with their details', () => {
  // Sniffed formats.
  assert.equal(readRecord('1. h2e2 *').format, 'pgn');
  assert.equal(readRecord('3k5/9/9/9/9/9/9/9/9/R3K4 w').format, 'fen');
  assert.equal(readRecord('[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]').format, 'dhtmlxq');
  const xqf = file('xqf', 'eleeye-XQFEXAMA.xqf');
  const x = readRecord(xqf.buffer.slice(xqf.byteOffset, xqf.byteOffset + xqf.byteLength)); // an ArrayBuffer
  assert.deepEqual([x.format, x.encoding, x.headers.Red, x.result], ['xqf', null, '柳大华', '0-1']);
  assert.equal(x.mainline.comment.includes('1997年11月16日'), true);
  const g = Game.fromXqf(xqf);
  assert.equal(g.history().length, 110);
  assert.equal(g.headers().Site, '北京');
  throwsCode(() => Game.fromXqf('XQ'), 'ERR_ARGUMENT');
  // Encodings: Big5 and GBK by evidence; forced; ambiguous and invalid bytes refused naming what was tried.
  const big5 = file('big5', 'ccpd-game-hu-00000001.pgn');
  assert.equal(readRecord(big5).encoding, 'big5');
  const e = throwsCode(() => readRecord(big5, { encoding: 'gbk' }), 'ERR_RECORD_MOVE');
  assert.match(e.moveText, /./);
  assert.equal(readRecord(file('gbk', 'eleeye-SAMPLE.pgn')).encoding, 'gbk');
  const amb = throwsCode(() => readRecord(new Uint8Array([0x5b, 0x45, 0x20, 0x22, 0xb0, 0xa1, 0x22, 0x5d, 0x0a, 0x2a])), 'ERR_RECORD_ENCODING');
  assert.deepEqual(amb.tried, ['gbk', 'big5']);
  const bad = throwsCode(() => readRecord(new Uint8Array([0x31, 0x2e, 0x20, 0xff, 0xff, 0x20, 0x2a])), 'ERR_RECORD_ENCODING');
  assert.deepEqual(bad.tried, ['utf-8', 'gbk', 'big5']);
  // Warnings, with their place.
  const w = Game.fromPgn('[FEN "4k4/9/9/9/4P4/4P4/9/9/9/3K5 w"]\n\n1. +P+1 *').warnings();
  assert.deepEqual(w, [{ code: 'WARN_WXF_MARKER_ORDER', message: '"+P+1": read as e5e6; the tandem marker stands before the letter', line: 3, column: 4, offset: null }]);
  // XQF errors carry the byte offset.
  const cut = throwsCode(() => Game.fromXqf(xqf.subarray(0, 1030)), 'ERR_RECORD_SYNTAX');
  assert.equal(typeof cut.offset, 'number');
  // Options and arguments.
  throwsCode(() => readRecord('1. h2e2 *', { format: 'cbf' }), 'ERR_OPTIONS');
  throwsCode(() => readRecord('1. h2e2 *', { index: -1 }), 'ERR_OPTIONS');
  throwsCode(() => readRecord('1. h2e2 *', { index: 1 }), 'ERR_ARGUMENT');
  throwsCode(() => readRecord(5), 'ERR_ARGUMENT');
  throwsCode(() => readRecord('x'.repeat((16 << 20) + 1)), 'ERR_ARGUMENT');
  throwsCode(() => Game.fromPgn('1. h2e2 *', { format: 'pgn' }), 'ERR_OPTIONS');
  assert.equal(Game.fromPgn('1. h2e2 *\n\n1. h0g2 *', { index: 1, rules: 'cxa' }).history()[0], 'h0g2');
  g.free();
});

test('a database read as a stream: listed in batches, any game opened, a broken game costs only itself', () => {
  const games = Array.from({ length: 1000 }, (_, i) => `[Event "G${i}"]\n[Red "R${i}"]\n\n`
    + `1. 炮二平五 ${i === 500 ? '炮二进九' : '马8进7'} 1/2-1/2\n\n`).join('');
  const list = readRecords(games);
  assert.equal(list.length, 1000);
  assert.deepEqual([list[500].error.code, list[500].headers.Red, list[501].headers.Red], ['ERR_RECORD_MOVE', 'R500', 'R501']);
  const opening = { code: 'B05', ply: 2, names: { zh: '中炮对进左马', zhHant: '中炮對進左馬', en: 'Central Cannon vs Left Horse' } };
  assert.deepEqual(list[999], { index: 999, plies: 2, fen: list[0].fen, result: '1/2-1/2', warnings: 0, error: null,
    opening, headers: { Event: 'G999', Red: 'R999', Result: '1/2-1/2' } });
  assert.equal(list[500].opening, null, 'a game that cannot be read has no opening');
  const reader = new RecordReader(new TextEncoder().encode(games));
  assert.equal(reader.encoding(), 'utf-8');
  let n = 0;
  let batches = 0;
  while (!reader.done()) {
    n += reader.next(128).length;
    batches++;
  }
  assert.deepEqual([n, batches], [1000, 8]);
  assert.equal(reader.read(700).headers.Event, 'G700');
  assert.equal(reader.game(42).headers().Red, 'R42');
  throwsCode(() => reader.read(500), 'ERR_RECORD_MOVE');
  throwsCode(() => reader.read(1000), 'ERR_ARGUMENT');
  reader.free();
});

test('lists take the options of toNotation; FEN move number 0 is read as 1 everywhere', () => {
  const g = new Game();
  g.play('h2e2');
  g.play('h9g7');
  assert.deepEqual(g.history({ notation: 'chinese', notationOptions: { script: 'traditional', blackDigits: 'fullwidth' } }),
    ['炮二平五', '馬８進７']);
  assert.equal(g.legalMoves({ notation: 'wxf', notationOptions: { lowercase: true } })[0], g.toNotation(g.legalMoves()[0], 'wxf', { lowercase: true }));
  throwsCode(() => g.history({ notationOptions: { script: 'cursive' } }), 'ERR_OPTIONS');
  const fen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0';
  assert.deepEqual(validateFen(fen), { ok: true, errors: [] });
  assert.equal(new Game(fen).fen().endsWith(' 0 1'), true);
  const e = validateFen(fen.replace(/ 0$/, ' x'));
  assert.equal(e.errors[0].code, 'ERR_FEN_FULLMOVES');
  assert.match(e.errors[0].message, /from 0 to 100000 \(0 is read as 1\)/);
  g.free();
});

test('CBR and CBL (象棋桥): sniffed and named, a library read as a stream, broken files refused with an offset', () => {
  const cbr = file('cbr', 'cchess-test2.cbr');
  const r = readRecord(cbr);
  assert.deepEqual([r.format, r.encoding, r.headers.Title, r.result], ['cbr', null, 'Test', '*']);
  assert.equal(r.mainline.comment, '李1');
  assert.deepEqual(r.mainline.moves.map((m) => m.comment), ['李2', '李3']);
  assert.equal(readRecord(cbr, { format: 'cbr' }).mainline.moves.length, 2);
  const lib = file('cbr', 'cchess-1989-longhua.cbl');
  const list = readRecords(lib, { format: 'cbl' });
  assert.equal(list.length, 37);
  // The two heading pages are listed with their reason; the 35 games with their moves.
  assert.deepEqual(list.filter((g) => g.error).map((g) => [g.index, g.error.code]), [[0, 'ERR_RECORD_SYNTAX'], [21, 'ERR_RECORD_SYNTAX']]);
  assert.equal(list.filter((g) => !g.error).length, 35);
  const reader = new RecordReader(lib);
  assert.equal(reader.format(), 'cbl');
  reader.free();
  const g = readRecord(lib, { index: 36 });
  assert.deepEqual([g.format, g.headers.Red, g.headers.Black, g.result], ['cbl', '陈淑兰', '高华', '1-0']);
  const bad = throwsCode(() => readRecord(cbr.slice(0, 2230)), 'ERR_RECORD_SYNTAX');
  assert.equal(typeof bad.offset, 'number');
  throwsCode(() => readRecord(lib.slice(0, 70000)), 'ERR_RECORD_SYNTAX');
});

test('issue 41: a game of tags only is its own game; a diagram with an impossible side is turned, with warnings', () => {
  const list = readRecords('[Event "A"]\n[Red "x"]\n\n[Event "B"]\n\n1. 炮二平五 *\n');
  assert.deepEqual(list.map((g) => [g.headers.Event, g.plies, g.warnings]), [['A', 0, 1], ['B', 1, 0]]);
  assert.deepEqual(readRecord('[Event "A"]\n\n[Event "B"]\n1. h2e2 *').warnings.map((w) => w.code), ['WARN_EMPTY_GAME']);
  const d = readRecord('3k5/9/9/9/3R5/9/9/9/9/5K3 w - - 0 1');
  assert.deepEqual([d.fen.split(' ')[1], d.warnings.map((w) => w.code)], ['b', ['WARN_SIDE_TO_MOVE']]);
});
