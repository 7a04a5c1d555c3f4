// The store's Studio actions (www/src/studio/store-studio.js): the chosen study and chapter kept through listings,
// saves from elsewhere and deletes; the undo offered; the Publish choice merged; one emit per action.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Clock, Game } from '../../pkg/node.mjs';
import { createStore } from '../../www/src/store.js';
import { studioChoice } from '../../www/src/studio/store-studio.js';

const study = (id, chapters = [], updated = 1) => ({ id, name: id.toUpperCase(), tags: [], chapters: chapters.map((c) => ({ id: c, name: c, pgn: '*' })),
  created: 1, updated, revision: 1 });

test('open, list, choose; the choice kept or moved on when its study or chapter goes', () => {
  const store = createStore({ Game, Clock, now: () => 0 });
  let emits = 0;
  store.subscribe(() => emits++);
  store.openStudio();
  assert.equal(store.state.mode, 'studio');
  store.studioListed([study('a', ['a1', 'a2']), study('b', ['b1'])]);
  assert.equal(emits, 2);
  assert.deepEqual([store.state.studio.selected, store.state.studio.chapter], ['a', 'a1']);
  store.studioSelect('b');
  assert.equal(studioChoice(store.state).chapter.id, 'b1');
  store.studioSelect('a');
  store.studioChapter('a2');
  // listed again (another tab's change): the choice stays
  store.studioListed([study('b', ['b1']), study('a', ['a1', 'a2'])]);
  assert.deepEqual([store.state.studio.selected, store.state.studio.chapter], ['a', 'a2']);
  // its chapter deleted elsewhere: the first one
  store.studioStudy(study('a', ['a1']));
  assert.equal(store.state.studio.chapter, 'a1');
  // the study deleted here: the undo offered, the next study chosen
  store.studioDeleted(study('a'));
  assert.deepEqual(store.state.studio.undo, { id: 'a', name: 'A' });
  assert.deepEqual([store.state.studio.selected, store.state.studio.chapter], ['b', 'b1']);
  store.studioUndoGone();
  assert.equal(store.state.studio.undo, null);
  // Publish: the choice merged, closed with null
  store.studioEmbed({ kind: 'inline' });
  store.studioEmbed({ kind: 'puzzle' });
  store.studioEmbed({ goal: 'win' });
  assert.deepEqual(store.state.studio.embed, { kind: 'puzzle', goal: 'win' });
  store.studioEmbed(null);
  assert.equal(store.state.studio.embed, null);
  store.closeStudio();
  assert.equal(store.state.mode, 'game');
  store.studioListed([]);
  assert.deepEqual(studioChoice(store.state), { study: null, chapter: null });
});
