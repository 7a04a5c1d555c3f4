// The studio's library (www/src/studio/library.js) on its in-memory adapter: create, rename, duplicate, delete
// with undo, search; saves refused from a stale revision; a full quota reported with nothing written; a damaged
// value moved to quarantine, the others listed; export and import back; the import's size cap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHAPTER_CAP, IMPORT_CAP, QUARANTINE_STORE, STUDY_STORE, UNDO_MS, addChapter, chapterProblem, checkStudy, createLibrary,
  memoryAdapter, removeChapter, renameChapter, searchStudies, setChapterPgn,
} from '../../www/src/studio/library.js';

const PGN = '[Event "Lesson"]\n\n1. h2e2 {a </script> in a comment} (1. b2e2) 1... h9g7 *\n';

function setup(opts = {}) {
  let t = 1000;
  let n = 0;
  const clock = { now: () => t, advance: (ms) => { t += ms; } };
  const adapter = opts.adapter ?? memoryAdapter(opts);
  const persisted = [];
  const lib = createLibrary({ adapter, now: clock.now, newId: () => `id${++n}`, persist: async () => persisted.push(1), channel: opts.channel });
  return { lib, adapter, clock, persisted };
}

test('create, list, get; persist asked once, with the first study', async () => {
  const { lib, persisted } = setup();
  const a = await lib.create({ name: 'Openings', chapters: [{ name: 'Ch 1', pgn: PGN }] });
  assert.equal(a.revision, 1);
  assert.deepEqual(a.chapters, [{ id: 'id1', name: 'Ch 1', pgn: PGN }]);
  await lib.create({ name: 'Endgames' });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(persisted.length, 1);
  const { studies, quarantined } = await lib.list();
  assert.deepEqual(studies.map((s) => s.name).sort(), ['Endgames', 'Openings']);
  assert.deepEqual(quarantined, []);
  assert.deepEqual(await lib.get(a.id), a);
  await assert.rejects(lib.get('nope'), { code: 'ERR_STUDY_NOT_FOUND' });
});

test('save bumps the revision; a stale revision is refused and nothing is overwritten', async () => {
  const stores = memoryAdapter().stores;
  const tab1 = setup({ adapter: memoryAdapter({ stores }) });
  const tab2 = setup({ adapter: memoryAdapter({ stores }) });
  const s = await tab1.lib.create({ name: 'Shared' });
  const seen2 = await tab2.lib.get(s.id);
  const saved = await tab1.lib.save(addChapter(s, { name: 'A', pgn: PGN }, () => 'c1'));
  assert.equal(saved.revision, 2);
  await assert.rejects(tab2.lib.save({ ...seen2, name: 'Stale' }), (e) => {
    assert.equal(e.code, 'ERR_STUDY_CONFLICT');
    assert.equal(e.current.revision, 2);
    return true;
  });
  assert.deepEqual(await tab1.lib.get(s.id), saved);
  await assert.rejects(tab1.lib.save(s), { code: 'ERR_STUDY_CONFLICT' }); // its own old copy too
  const renamed = await tab1.lib.rename(saved, '  New name ');
  assert.equal(renamed.name, 'New name');
  assert.equal(renamed.revision, 3);
});

test('the BroadcastChannel tells the other tab of each change', async () => {
  const sent = [];
  const channel = { postMessage: (m) => sent.push(m), addEventListener: (type, fn) => { channel.fn = fn; } };
  const { lib } = setup({ channel });
  const heard = [];
  lib.onChange((c) => heard.push(c));
  const s = await lib.create({ name: 'x' });
  await lib.save(s);
  assert.deepEqual(sent.map((m) => [m.action, m.revision]), [['create', 1], ['save', 2]]);
  channel.fn({ data: { type: 'studies', action: 'save', id: s.id, revision: 3 } });
  assert.deepEqual(heard.map((c) => [c.action, c.remote]), [['create', false], ['save', false], ['save', true]]);
});

test('duplicate gives new ids; delete is undone until the next delete or UNDO_MS', async () => {
  const { lib, clock } = setup();
  const a = await lib.create({ name: 'A', chapters: [{ name: 'c', pgn: PGN }] });
  const copy = await lib.duplicate(a.id, 'A (copy)');
  assert.notEqual(copy.id, a.id);
  assert.notEqual(copy.chapters[0].id, a.chapters[0].id);
  assert.equal(copy.chapters[0].pgn, PGN);
  await lib.remove(a);
  assert.deepEqual((await lib.list()).studies.map((s) => s.id), [copy.id]);
  const back = await lib.restore(a.id);
  assert.deepEqual(back, a);
  await assert.rejects(lib.restore(a.id), { code: 'ERR_STUDY_NOT_FOUND' });
  // the next delete ends the first one's undo
  await lib.remove(a);
  await lib.remove(copy);
  await assert.rejects(lib.restore(a.id), { code: 'ERR_STUDY_NOT_FOUND' });
  // and so does time
  clock.advance(UNDO_MS + 1);
  await assert.rejects(lib.restore(copy.id), { code: 'ERR_STUDY_NOT_FOUND' });
  assert.equal((await lib.list()).studies.length, 0);
  // deleting a study changed in another tab meanwhile is refused
  const b = await lib.create({ name: 'B' });
  await lib.save(b);
  await assert.rejects(lib.remove(b), { code: 'ERR_STUDY_CONFLICT' });
});

test('a full quota: a typed error and nothing half-written', async () => {
  const { lib, adapter } = setup({ quota: 3000 });
  const s = await lib.create({ name: 'Q', chapters: [{ name: 'c', pgn: PGN }] });
  const before = JSON.stringify([...adapter.stores[STUDY_STORE]]);
  await assert.rejects(lib.save(addChapter(s, { name: 'big', pgn: 'x'.repeat(5000) })), { code: 'ERR_STUDY_QUOTA' });
  assert.equal(JSON.stringify([...adapter.stores[STUDY_STORE]]), before);
  assert.deepEqual(await lib.get(s.id), s);
  const again = await lib.save(renameChapter(s, s.chapters[0].id, 'fits')); // the stored revision is unchanged
  assert.equal(again.revision, 2);
});

test('a damaged value is moved to quarantine with its problem; the others are listed', async () => {
  const { lib, adapter } = setup();
  const good = await lib.create({ name: 'Good' });
  adapter.stores[STUDY_STORE].set('bad', { id: 'bad', name: 42 });
  adapter.stores[STUDY_STORE].set('worse', 'not even an object');
  const { studies, quarantined } = await lib.list();
  assert.deepEqual(studies.map((s) => s.id), [good.id]);
  assert.deepEqual(quarantined.map((q) => q.key).sort(), ['bad', 'worse']);
  assert.equal(quarantined.find((q) => q.key === 'bad').problem, 'bad name');
  assert.equal(adapter.stores[QUARANTINE_STORE].size, 2);
  assert.equal(adapter.stores[STUDY_STORE].size, 1);
  assert.deepEqual((await lib.quarantine()).map((q) => q.value).find((v) => v.id === 'bad'), { id: 'bad', name: 42 });
  assert.deepEqual((await lib.list()).quarantined, []); // once
  // two tabs listing at once: a damaged value is moved once, by one of them
  const other = createLibrary({ adapter: memoryAdapter({ stores: adapter.stores }), now: () => 5000 });
  adapter.stores[STUDY_STORE].set('again', { id: 'again' });
  const [x, y] = await Promise.all([lib.list(), other.list()]);
  assert.equal(x.quarantined.length + y.quarantined.length, 1);
  assert.equal(adapter.stores[QUARANTINE_STORE].size, 3);
  await assert.rejects(lib.save({ ...good, chapters: [{ id: 'x' }] }), { code: 'ERR_STUDY_INVALID' });
});

test('export one study or all, import back as new studies; bad files refused', async () => {
  const { lib } = setup();
  const a = await lib.create({ name: '胡榮華 lessons', tags: ['opening'], chapters: [{ name: 'c1', pgn: PGN }] });
  await lib.create({ name: 'B' });
  const one = JSON.parse(await lib.exportStudies([a.id]));
  assert.equal(one.format, 'xiangqi-wasm-studies');
  assert.equal(one.version, 1);
  assert.equal(one.studies.length, 1);
  const all = await lib.exportStudies();
  const target = setup();
  const { imported, skipped } = await target.lib.importStudies(all);
  assert.equal(imported.length, 2);
  assert.deepEqual(skipped, []);
  const back = (await target.lib.list()).studies.find((s) => s.name === a.name);
  assert.deepEqual(back.chapters.map((c) => [c.name, c.pgn]), [['c1', PGN]]);
  assert.deepEqual(back.tags, ['opening']);
  // importing into the same library adds copies, replaces nothing
  await lib.importStudies(all);
  assert.equal((await lib.list()).studies.length, 4);
  // a damaged study in the file is skipped, the others imported
  const mixed = JSON.stringify({ ...one, studies: [...one.studies, { id: 'z', name: 1 }] });
  const r = await target.lib.importStudies(mixed);
  assert.deepEqual([r.imported.length, r.skipped], [1, [{ index: 1, problem: 'bad name' }]]);
  await assert.rejects(target.lib.importStudies('not json'), { code: 'ERR_STUDY_INVALID' });
  await assert.rejects(target.lib.importStudies('{"format":"other","studies":[]}'), { code: 'ERR_STUDY_INVALID' });
  await assert.rejects(target.lib.importStudies(JSON.stringify({ ...one, version: 2 })), { code: 'ERR_STUDY_INVALID' });
  await assert.rejects(target.lib.importStudies('x'.repeat(IMPORT_CAP + 1)), (e) => e.code === 'ERR_STUDY_TOO_LARGE' && e.size === IMPORT_CAP + 1);
});

test('search: name, tags and chapters; case, full-width and a fold (traditional → simplified)', async () => {
  const studies = [
    { name: '胡榮華 openings', tags: ['Cannon'], chapters: [{ name: 'Screen horse' }] },
    { name: 'Endgames', tags: [], chapters: [] },
  ];
  const names = (q, fold) => searchStudies(studies, q, fold).map((s) => s.name);
  assert.deepEqual(names(''), ['胡榮華 openings', 'Endgames']);
  assert.deepEqual(names('ＣＡＮＮＯＮ'), ['胡榮華 openings']);
  assert.deepEqual(names('screen'), ['胡榮華 openings']);
  assert.deepEqual(names('end'), ['Endgames']);
  const fold = (s) => s.replaceAll('榮', '荣').replaceAll('華', '华');
  assert.deepEqual(names('胡荣华', fold), ['胡榮華 openings']);
  assert.deepEqual(names('胡荣华'), []);
});

test('chapters: add, rename, set, remove; the size cap of a paste', () => {
  const s = { id: 's', name: 'S', tags: [], chapters: [], created: 1, updated: 1, revision: 1 };
  const a = addChapter(s, { name: 'One', pgn: PGN }, () => 'c1');
  assert.equal(checkStudy(a), null);
  assert.equal(renameChapter(a, 'c1', 'Uno').chapters[0].name, 'Uno');
  assert.equal(setChapterPgn(a, 'c1', '1. h2e2 *').chapters[0].pgn, '1. h2e2 *');
  assert.deepEqual(removeChapter(a, 'c1').chapters, []);
  assert.equal(s.chapters.length, 0); // unchanged
  const big = 'x'.repeat(10 * 1024 * 1024);
  assert.deepEqual(chapterProblem(big), { code: 'tooLarge', size: big.length, cap: CHAPTER_CAP });
  assert.deepEqual(chapterProblem('  '), { code: 'empty' });
  assert.equal(chapterProblem(PGN), null);
});
