// The Studio's controller: turns what the teacher does in the Studio section into library calls (library.js) and
// their answers into store actions (store-studio.js). It opens the library (IndexedDB, one BroadcastChannel), reads
// records with the package (`readRecord`, `RecordReader`) and writes chapters with `writeRecord(…, { format: "pgn" })`.
//
// Every failure is a notice, never a lost edit in silence: a save from a stale tab (ERR_STUDY_CONFLICT) shows the
// study as stored now; a full disk (ERR_STUDY_QUOTA) leaves the study as it was; damaged studies are listed as moved
// aside. Another tab's change (the channel) reads the library again.
//
// The editor slot: once `<xiangqi-editor>` is defined (its module is loaded when the Studio first opens), `mountEditor`
// puts one in #studio-editor-slot with `record` set from the chapter (readRecord of its PGN); its `change` event
// calls `autosave`, which writes `writeRecord(editor.record, { format: "pgn" })` into the chapter — one save per
// change, after the previous one answered.
import { formatSize, t } from '../i18n.js';
import { recordErrorText } from '../records.js';
import {
  CHAPTER_CAP, IMPORT_CAP, StudyError, UNDO_MS, addChapter, chapterProblem, createLibrary, idbAdapter, removeChapter, renameChapter, setChapterPgn,
} from './library.js';
import { studioChoice } from './store-studio.js';
import { fileName } from './embed.js';

const $ = (id) => document.getElementById(id);

/** The export's file name. */
/** A short key of a chapter's text (not security). */
function pgnKey(text) {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return `${text.length}:${h}`;
}

const exportName = (what) => `${what}-${new Date().toISOString().slice(0, 10)}.xiangqi-studies.json`;

export function createStudioController({ store, pkg }) {
  const state = store.state;
  const { readRecord, writeRecord, RecordReader } = pkg;
  let library = null;
  let opening = null;
  let undoTimer = null;
  /** Traditional → simplified for the search, once loaded (null: not yet or offline). */
  let fold = null;
  let foldAsked = false;
  /** The save under way (saves of one tab run one after another). */
  let queue = Promise.resolve();

  const notice = (key, vars = {}, tone = 'info') => store.studioNotice({ key, vars, tone });

  async function open() {
    if (library) return library;
    opening ??= (async () => {
      const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('xiangqi-wasm-app-studio') : null;
      const adapter = await idbAdapter(indexedDB);
      library = createLibrary({ adapter, channel, persist: () => navigator.storage?.persist?.() });
      library.onChange((c) => {
        if (c.remote) refresh();
      });
      return library;
    })();
    return opening;
  }

  /** Lists the library again (and reports the studies moved aside). */
  async function refresh() {
    try {
      const lib = await open();
      const { studies, quarantined } = await lib.list();
      store.studioListed(studies);
      if (quarantined.length) {
        notice('studioQuarantined', { n: quarantined.length, names: quarantined.map((q) => q.key).join(', ').slice(0, 200) }, 'error');
      }
    } catch (e) {
      store.studioFailed(String(e?.message ?? e));
    }
  }

  /** Runs a change of the library; its failure becomes a notice. Answers the change's value, or undefined. */
  function change(fn) {
    const run = queue.then(async () => {
      try {
        return await fn(await open());
      } catch (e) {
        await failed(e);
        return undefined;
      }
    });
    queue = run.then(() => {}, () => {});
    return run;
  }

  async function failed(e) {
    if (!(e instanceof StudyError)) return notice('studioStorage', { error: String(e?.message ?? e) }, 'error');
    if (e.code === 'ERR_STUDY_CONFLICT') {
      await refresh();
      return notice('studioConflict', {}, 'error');
    }
    if (e.code === 'ERR_STUDY_NOT_FOUND') {
      await refresh();
      return notice('studioGone', {}, 'error');
    }
    if (e.code === 'ERR_STUDY_QUOTA') return notice('studioQuota', {}, 'error');
    if (e.code === 'ERR_STUDY_TOO_LARGE') return notice('studioTooLarge', { size: formatSize(e.size, state.lang), cap: formatSize(e.cap, state.lang) }, 'error');
    if (e.code === 'ERR_STUDY_INVALID') return notice('studioBadFile', { message: e.message }, 'error');
    return notice('studioStorage', { error: e.message }, 'error');
  }

  /** Saves the chosen study changed by `edit(study)`; answers the study as stored. */
  function saveChosen(edit, okKey = 'studioSaved', vars = {}) {
    const { study } = studioChoice(state);
    if (!study) return Promise.resolve();
    return change(async (lib) => {
      const saved = await lib.save(edit(study));
      store.studioStudy(saved);
      notice(okKey, vars);
      return saved;
    });
  }

  /** The editor's `change`: the chapter's record written as PGN and saved. */
  function autosave(record, chapterId = state.studio.chapter) {
    const pgn = writeRecord(record, { format: 'pgn' });
    const editor = $('studio-editor-slot').querySelector(':scope > xiangqi-editor');
    if (editor?.dataset.chapter === chapterId) editor.dataset.pgn = pgnKey(pgn); // its own text: not set back on it
    return saveChosen((s) => setChapterPgn(s, chapterId, pgn));
  }

  /**
   * `<xiangqi-editor>` in the slot for the chosen chapter, when its element is defined (else the view's preview).
   * Its `record` is set when the chapter changes, or when the chapter's text changed elsewhere (another tab, a
   * conflict shown) — not after its own autosave.
   */
  /** The editor element's module, once asked for. */
  let editorModule = null;

  function mountEditor() {
    const slot = $('studio-editor-slot');
    if (!customElements.get('xiangqi-editor')) return false;
    const { chapter } = studioChoice(state);
    let editor = slot.querySelector(':scope > xiangqi-editor');
    if (!chapter) {
      if (editor) slot.replaceChildren();
      return false;
    }
    if (!editor) {
      editor = document.createElement('xiangqi-editor');
      editor.addEventListener('change', () => autosave(editor.record, editor.dataset.chapter));
      slot.replaceChildren(editor);
      slot.dataset.editor = 'true';
    }
    const key = pgnKey(chapter.pgn);
    if (editor.dataset.chapter !== chapter.id || editor.dataset.pgn !== key) {
      editor.dataset.chapter = chapter.id;
      editor.dataset.pgn = key;
      editor.record = readRecord(chapter.pgn);
    }
    return true;
  }

  /** The games of `input` (text or bytes) as chapters: each game's record written as PGN. */
  function chaptersOf(input, base) {
    const reader = new RecordReader(input);
    try {
      const out = [];
      while (!reader.done()) {
        for (const g of reader.next(100)) {
          if (g.error) continue;
          const record = reader.read(g.index);
          const h = record.headers;
          const players = [h.Red || h.White, h.Black].filter(Boolean).join(' – ');
          const name = h.Title || h.Event || players || base(out.length + 1);
          out.push({ name: String(name).slice(0, 200), pgn: writeRecord(record, { format: 'pgn' }) });
        }
      }
      if (!out.length) readRecord(input); // throws the first game's error
      return out;
    } finally {
      reader.free();
    }
  }

  async function addFromRecord() {
    const file = $('studio-file').files?.[0];
    const text = $('studio-paste').value;
    const size = file ? file.size : new Blob([text]).size;
    if (!size || (!file && !text.trim())) return notice('studioEmptyRecord', {}, 'error');
    if (size > CHAPTER_CAP) return notice('studioTooLarge', { size: formatSize(size, state.lang), cap: formatSize(CHAPTER_CAP, state.lang) }, 'error');
    let chapters;
    try {
      const input = file ? new Uint8Array(await file.arrayBuffer()) : text;
      const n0 = studioChoice(state).study?.chapters.length ?? 0;
      chapters = chaptersOf(input, (i) => t(state.lang, 'studioChapterDefault', { n: n0 + i }));
    } catch (e) {
      return notice('studioBadRecord', { message: recordErrorText(state.lang, e) }, 'error');
    }
    for (const c of chapters) {
      const p = chapterProblem(c.pgn);
      if (p?.code === 'tooLarge') return notice('studioTooLarge', { size: formatSize(p.size, state.lang), cap: formatSize(p.cap, state.lang) }, 'error');
    }
    const saved = await saveChosen((s) => chapters.reduce((acc, c) => addChapter(acc, c), s), 'studioAdded', { n: chapters.length });
    if (saved) {
      $('studio-paste').value = '';
      $('studio-file').value = '';
      $('studio-add').open = false;
      store.studioChapter(saved.chapters[saved.chapters.length - chapters.length].id);
    }
  }

  function download(text, name, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function offerUndo(study) {
    clearTimeout(undoTimer);
    store.studioDeleted(study);
    undoTimer = setTimeout(() => store.studioUndoGone(), UNDO_MS);
  }

  async function importFile(file) {
    if (!file) return;
    await change(async (lib) => {
      if (file.size > IMPORT_CAP) { // (refused before it is read)
        throw new StudyError('ERR_STUDY_TOO_LARGE', 'too large', { size: file.size, cap: IMPORT_CAP });
      }
      const { imported, skipped } = await lib.importStudies(await file.text());
      await refresh();
      if (imported[0]) store.studioSelect(imported[0].id);
      notice(skipped.length ? 'studioImportedSkipped' : 'studioImported', { n: imported.length, skipped: skipped.length },
        skipped.length ? 'error' : 'info');
    });
    $('studio-import-file').value = '';
  }

  function loadFold() {
    if (foldAsked) return;
    foldAsked = true;
    import('opencc-js/t2cn').then(({ Converter }) => {
      fold = Converter({ from: 't', to: 'cn' });
      store.studioQuery(state.studio.query); // renders again with the converter
    }).catch(() => { fold = null; });
  }

  /** The chapter's start position and main line, for the puzzle snippet. */
  /**
   * The exercise to publish from `chapter`: the position the editor shows (when it shows this chapter), else the
   * chapter's start, and as its solution the moves after it along the line shown (the main continuation).
   */
  function puzzleOf(chapter) {
    const editor = $('studio-editor-slot').querySelector(':scope > xiangqi-editor');
    try {
      const cur = editor?.dataset.chapter === chapter.id ? editor.current : null;
      if (cur) {
        const moves = [];
        for (let n = cur; n.children.length;) {
          n = editor.node(n.children[0]);
          moves.push(n.move);
        }
        return { fen: cur.fen, moves };
      }
      const r = readRecord(chapter.pgn);
      return { fen: r.fen, moves: r.mainline.moves.map((m) => m.move) };
    } catch {
      return { fen: '', moves: [] };
    }
  }

  function bind() {
    const on = (id, type, fn) => $(id).addEventListener(type, fn);
    const text = (key, vars) => t(state.lang, key, vars);
    on('studio-open', 'click', () => {
      store.openStudio();
      if (!customElements.get('xiangqi-lesson')) import('xiangqi-wasm/lesson').catch(() => {});
      if (state.studio.status !== 'ready') store.studioLoading();
      refresh();
    });
    on('studio-close', 'click', () => store.closeStudio());
    on('studio-find', 'input', () => {
      const q = $('studio-find').value;
      if (/\p{Script=Han}/u.test(q)) loadFold();
      store.studioQuery(q);
    });
    on('studio-list', 'click', (e) => {
      const b = e.target.closest('button[data-study]');
      if (b) store.studioSelect(b.dataset.study);
    });
    on('studio-chapters', 'click', (e) => {
      const b = e.target.closest('button[data-chapter]');
      if (b) store.studioChapter(b.dataset.chapter);
    });
    on('studio-new', 'click', () => change(async (lib) => {
      const s = await lib.create({ name: text('studioNewName', { n: state.studio.studies.length + 1 }) });
      store.studioStudy(s, { select: true });
      store.studioNotice(null);
      $('studio-name').focus();
    }));
    on('studio-rename', 'click', () => {
      const name = $('studio-name').value.trim();
      if (name) saveChosen((s) => ({ ...s, name }));
    });
    on('studio-duplicate', 'click', () => {
      const { study } = studioChoice(state);
      if (study) {
        change(async (lib) => {
          const copy = await lib.duplicate(study.id, text('studioCopyName', { name: study.name }).slice(0, 200));
          store.studioStudy(copy, { select: true });
          notice('studioSaved');
        });
      }
    });
    on('studio-delete', 'click', () => {
      const { study } = studioChoice(state);
      if (study) {
        change(async (lib) => {
          await lib.remove(study);
          offerUndo(study);
          store.studioNotice(null);
        });
      }
    });
    on('studio-undo-button', 'click', () => {
      const u = state.studio.undo;
      if (!u) return;
      clearTimeout(undoTimer);
      store.studioUndoGone();
      change(async (lib) => {
        const back = await lib.restore(u.id);
        store.studioStudy(back, { select: true });
      });
    });
    on('studio-export', 'click', () => {
      const { study } = studioChoice(state);
      if (study) change(async (lib) => download(await lib.exportStudies([study.id]), exportName(fileName(study.name, 'x').slice(0, -2)), 'application/json'));
    });
    on('studio-export-all', 'click', () => change(async (lib) => download(await lib.exportStudies(), exportName('library'), 'application/json')));
    on('studio-import', 'click', () => $('studio-import-file').click());
    on('studio-import-file', 'change', () => importFile($('studio-import-file').files?.[0]));
    on('studio-add-go', 'click', addFromRecord);
    // Enter in a name field renames
    on('studio-name', 'keydown', (e) => { if (e.key === 'Enter') $('studio-rename').click(); });
    on('studio-chapter-name', 'keydown', (e) => { if (e.key === 'Enter') $('studio-chapter-rename').click(); });
    on('studio-chapter-rename', 'click', () => {
      const name = $('studio-chapter-name').value.trim();
      const id = state.studio.chapter;
      if (name && id) saveChosen((s) => renameChapter(s, id, name));
    });
    on('studio-chapter-delete', 'click', () => {
      const id = state.studio.chapter;
      if (id) saveChosen((s) => removeChapter(s, id));
    });
    on('studio-publish', 'click', () => store.studioEmbed({ kind: 'inline' }));
    $('embed-dialog').addEventListener('close', () => { if (state.studio.embed) store.studioEmbed(null); });
    $('embed-dialog').addEventListener('change', (e) => {
      if (e.target.name === 'embed-kind') store.studioEmbed({ kind: e.target.value });
      if (e.target.id === 'embed-goal') store.studioEmbed({ goal: e.target.value });
    });
    on('embed-copy', 'click', () => {
      $('embed-snippet').select();
      navigator.clipboard?.writeText($('embed-snippet').value).then(() => notice('embedCopied')).catch(() => {});
    });
    on('embed-download', 'click', () => {
      const { chapter } = studioChoice(state);
      if (chapter) download(chapter.pgn, fileName(chapter.name), 'application/x-chess-pgn');
    });
    // The editor's module is asked for when the Studio first opens (not with the app); until it is defined, and
    // where it fails to load, the chapter shows in the view's <xiangqi-lesson> preview.
    store.subscribe(() => {
      if (state.mode !== 'studio') return;
      editorModule ??= import('xiangqi-wasm/editor').then(() => mountEditor(), (e) => {
        editorModule = null; // asked again at the next render
        console.warn(`the Studio's editor could not load: ${e?.message ?? e}`);
      });
      mountEditor();
    });
  }

  return { bind, refresh, autosave, mountEditor, puzzleOf, get fold() { return fold; }, get library() { return library; } };
}
