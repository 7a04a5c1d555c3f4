// The studio's library: the teacher's studies, kept in IndexedDB (docs/app.md, "Studio"). Pure of the DOM: the
// storage is an adapter (`memoryAdapter` here for Node tests, `idbAdapter` in the page), the other tabs are told
// of changes through a BroadcastChannel-like object, and `persist` is `navigator.storage.persist` — all passed in.
//
// A study:  { id, name, tags: [string], chapters: [{ id, name, pgn }], created, updated, revision }
//
// A chapter's record is kept as **PGN text**, as `writeRecord(record, { format: "pgn" })` writes it (variations,
// comments, NAGs, drawings: the package's PGN round-trips them), not as RecordGame data: the text is what the
// lesson embed shows and what Export writes, it is compact, a value can be checked without the wasm, and the
// editor's RecordGame is read back from it by `readRecord` when a chapter opens.
//
// Every change is one `commit` of the adapter: one IndexedDB transaction that first compares the study's
// `revision` with the one stored (optimistic concurrency: a save from a stale tab is refused with
// ERR_STUDY_CONFLICT, never written), then writes. A transaction applies whole or not at all, so a full disk
// (ERR_STUDY_QUOTA) leaves the last complete study. A stored value that fails `checkStudy` when the library is
// listed is moved to the `quarantine` store (one transaction per value) and reported; the others are listed.

export const STUDY_STORE = 'studies';
export const TRASH_STORE = 'trash';
export const QUARANTINE_STORE = 'quarantine';
export const META_STORE = 'meta';
export const STORES = [STUDY_STORE, TRASH_STORE, QUARANTINE_STORE, META_STORE];

/** The export file's format name and version (a JSON envelope: see `exportStudies`). */
export const EXPORT_FORMAT = 'xiangqi-wasm-studies';
export const EXPORT_VERSION = 1;
/** Largest library file `importStudies` reads (bytes of text). */
export const IMPORT_CAP = 8 * 1024 * 1024;
/** Largest record a chapter holds (characters of PGN): a larger paste is refused with its size. */
export const CHAPTER_CAP = 2 * 1024 * 1024;
export const NAME_MAX = 200;
export const CHAPTERS_MAX = 1000;
/** How long a deleted study can be restored (ms); the next delete ends it sooner. */
export const UNDO_MS = 15000;

/** The library's errors: `code` is one of ERR_STUDY_CONFLICT, ERR_STUDY_QUOTA, ERR_STUDY_NOT_FOUND,
 * ERR_STUDY_TOO_LARGE, ERR_STUDY_INVALID, ERR_STUDY_STORAGE. */
export class StudyError extends Error {
  constructor(code, message, extra = {}) {
    super(message);
    this.name = 'StudyError';
    this.code = code;
    Object.assign(this, extra);
  }
}

/** Whether `error` is the browser's "storage full" error (as save.js's). */
export function isQuotaError(error) {
  return Boolean(error) && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED'
    || error.code === 22 || error.code === 1014);
}

const isText = (v, max) => typeof v === 'string' && v.length <= max;

/** Why `value` is not a study (a short English phrase), or null when it is one. */
export function checkStudy(value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'not an object';
  if (!isText(value.id, 100) || !value.id) return 'no id';
  if (!isText(value.name, NAME_MAX)) return 'bad name';
  if (!Array.isArray(value.tags) || !value.tags.every((t) => isText(t, NAME_MAX))) return 'bad tags';
  if (!Array.isArray(value.chapters) || value.chapters.length > CHAPTERS_MAX) return 'bad chapters';
  for (const c of value.chapters) {
    if (!c || typeof c !== 'object' || !isText(c.id, 100) || !c.id || !isText(c.name, NAME_MAX) || !isText(c.pgn, CHAPTER_CAP)) {
      return 'bad chapter';
    }
  }
  if (!Number.isFinite(value.created) || !Number.isFinite(value.updated)) return 'bad dates';
  if (!Number.isInteger(value.revision) || value.revision < 1) return 'bad revision';
  return null;
}

const clone = (v) => (v === undefined ? undefined : structuredClone(v));
const defaultId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * An adapter in memory (Node tests). `quota`: the most bytes (JSON) its values may take — a commit past it fails
 * with a QuotaExceededError, nothing of it applied, as IndexedDB's. `stores` may be shared by two adapters (two
 * tabs on one database).
 */
export function memoryAdapter({ quota = Infinity, stores = Object.fromEntries(STORES.map((s) => [s, new Map()])) } = {}) {
  const size = () => {
    let n = 0;
    for (const m of Object.values(stores)) for (const [k, v] of m) n += k.length + JSON.stringify(v ?? null).length;
    return n;
  };
  return {
    stores,
    async list(store) {
      return [...stores[store]].map(([key, value]) => ({ key, value: clone(value) }));
    },
    async get(store, key) {
      return clone(stores[store].get(key));
    },
    async commit({ checks = [], ops = [] }) {
      for (const { store, key, test } of checks) {
        const problem = test(clone(stores[store].get(key)));
        if (problem) throw problem;
      }
      const backup = Object.fromEntries(Object.entries(stores).map(([s, m]) => [s, new Map(m)]));
      for (const op of ops) applyOp(stores[op.store], op);
      if (size() > quota) {
        Object.assign(stores, backup);
        throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
      }
    },
  };
}

function applyOp(map, op) {
  if (op.op === 'put') map.set(op.key, clone(op.value));
  else if (op.op === 'delete') map.delete(op.key);
  else if (op.op === 'clear') map.clear();
}

/**
 * The adapter on IndexedDB (`idb`: `indexedDB`): database `name`, one object store per STORES name, keys out of
 * line (a corrupted value with no id can still be listed and moved aside). A commit is one readwrite transaction:
 * its checks read first, and a failed check aborts it before anything is written.
 */
export async function idbAdapter(idb, name = 'xiangqi-wasm-app-studio') {
  const db = await new Promise((resolve, reject) => {
    const req = idb.open(name, 1);
    req.onupgradeneeded = () => {
      for (const s of STORES) if (!req.result.objectStoreNames.contains(s)) req.result.createObjectStore(s);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new StudyError('ERR_STUDY_STORAGE', 'the studio database is blocked by another tab'));
  });
  db.onversionchange = () => db.close();
  const done = (tx) => new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? tx.failure ?? new StudyError('ERR_STUDY_STORAGE', 'the transaction was aborted'));
    tx.onerror = (e) => e.preventDefault?.(); // the abort reports it
  });
  return {
    db,
    async list(store) {
      const tx = db.transaction(store, 'readonly');
      const out = [];
      const req = tx.objectStore(store).openCursor();
      req.onsuccess = () => {
        const c = req.result;
        if (!c) return;
        out.push({ key: c.key, value: c.value });
        c.continue();
      };
      await done(tx);
      return out;
    },
    async get(store, key) {
      const tx = db.transaction(store, 'readonly');
      const req = tx.objectStore(store).get(key);
      await done(tx);
      return req.result;
    },
    async commit({ checks = [], ops = [] }) {
      const names = [...new Set([...checks.map((c) => c.store), ...ops.map((o) => o.store)])];
      const tx = db.transaction(names, 'readwrite');
      const finished = done(tx);
      let pending = checks.length;
      const write = () => {
        try {
          for (const op of ops) {
            const s = tx.objectStore(op.store);
            if (op.op === 'put') s.put(op.value, op.key);
            else if (op.op === 'delete') s.delete(op.key);
            else if (op.op === 'clear') s.clear();
          }
        } catch (e) { // a value refused at once (a quota, a value that cannot be cloned): nothing of the change stays
          tx.failure = e;
          tx.abort();
        }
      };
      if (!pending) write();
      for (const { store, key, test } of checks) {
        const req = tx.objectStore(store).get(key);
        req.onsuccess = () => {
          if (tx.failure) return;
          let problem;
          try {
            problem = test(req.result);
          } catch (e) {
            problem = e;
          }
          if (problem) {
            tx.failure = problem;
            tx.abort();
          } else if (--pending === 0) write();
        };
      }
      try {
        await finished;
      } catch (e) {
        throw tx.failure ?? e;
      }
    },
  };
}

/** Text as search compares it: NFKC (full-width as ASCII), lower case, then `fold` (traditional → simplified). */
export function searchKey(text, fold = null) {
  const plain = String(text).normalize('NFKC').toLowerCase();
  return fold ? fold(plain) : plain;
}

/** The studies whose name, tags or chapter names hold `query` (any case, full-width, and through `fold`). */
export function searchStudies(studies, query, fold = null) {
  const find = searchKey(query.trim(), fold);
  if (!find) return studies;
  return studies.filter((s) => searchKey([s.name, ...s.tags, ...s.chapters.map((c) => c.name)].join('\n'), fold).includes(find));
}

/**
 * The library. `adapter`: memoryAdapter or idbAdapter; `channel`: a BroadcastChannel (or null); `persist`: asked
 * once, when the first study is created (navigator.storage.persist); `now`, `newId`: for tests.
 */
export function createLibrary({ adapter, channel = null, persist = null, now = Date.now, newId = defaultId }) {
  const listeners = new Set();
  const notify = (change) => {
    for (const fn of [...listeners]) fn(change);
  };
  if (channel) {
    const onMessage = (e) => {
      if (e?.data?.type === 'studies') notify({ ...e.data, remote: true });
    };
    if (channel.addEventListener) channel.addEventListener('message', onMessage);
    else channel.onmessage = onMessage;
  }
  const tell = (change) => {
    channel?.postMessage({ type: 'studies', ...change });
    notify({ type: 'studies', ...change, remote: false });
  };

  async function commit(request) {
    try {
      await adapter.commit(request);
    } catch (e) {
      if (e instanceof StudyError) throw e;
      if (isQuotaError(e)) throw new StudyError('ERR_STUDY_QUOTA', 'the storage is full: nothing was saved', { cause: e });
      throw new StudyError('ERR_STUDY_STORAGE', `the storage failed: ${e?.message ?? e}`, { cause: e });
    }
  }

  /** A check that the stored study `id` is at `revision` (null: that there is none). */
  const atRevision = (id, revision) => ({
    store: STUDY_STORE, key: id,
    test: (current) => {
      const have = current && typeof current === 'object' && Number.isInteger(current.revision) ? current.revision : null;
      if (current === undefined && revision !== null) return new StudyError('ERR_STUDY_NOT_FOUND', 'the study was deleted', { id });
      if (have === revision || (current === undefined && revision === null)) return null;
      return new StudyError('ERR_STUDY_CONFLICT', 'the study was changed in another tab', { id, current: current ?? null });
    },
  });

  function fresh({ name, tags = [], chapters = [] }) {
    const t = now();
    return { id: newId(), name: String(name).slice(0, NAME_MAX), tags: [...tags], chapters, created: t, updated: t, revision: 1 };
  }

  async function askPersist(ops) {
    if (!persist) return false;
    const asked = await adapter.get(META_STORE, 'persistAsked');
    if (asked) return false;
    ops.push({ op: 'put', store: META_STORE, key: 'persistAsked', value: now() });
    return true;
  }

  const library = {
    /** `fn({ type: 'studies', id, revision, action, remote })` after every change, here or in another tab. */
    onChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },

    /**
     * Every study, newest change first; a value that is not a study is moved to quarantine (and listed in
     * `quarantined`: { key, problem }). A deleted study past UNDO_MS is forgotten.
     */
    async list() {
      const rows = await adapter.list(STUDY_STORE);
      const studies = [];
      const quarantined = [];
      for (const { key, value } of rows) {
        const problem = checkStudy(value) ?? (value.id !== key ? 'id differs from its key' : null);
        if (!problem) {
          studies.push(value);
          continue;
        }
        const qkey = `${key} ${now()}`;
        try {
          await commit({
            // (another tab listing at the same time may have moved it first: then it is not moved twice)
            checks: [{ store: STUDY_STORE, key, test: (v) => (v === undefined ? new StudyError('ERR_STUDY_NOT_FOUND', 'already moved', { id: key }) : null) }],
            ops: [
              { op: 'put', store: QUARANTINE_STORE, key: qkey, value: { key, problem, at: now(), value } },
              { op: 'delete', store: STUDY_STORE, key },
            ],
          });
        } catch (e) {
          if (e.code === 'ERR_STUDY_NOT_FOUND') continue;
          throw e;
        }
        quarantined.push({ key: String(key), problem });
      }
      studies.sort((a, b) => b.updated - a.updated);
      return { studies, quarantined };
    },

    /** The studies moved aside: [{ key, problem, at, value }]. */
    async quarantine() {
      return (await adapter.list(QUARANTINE_STORE)).map((r) => r.value);
    },

    /** Study `id` as stored (ERR_STUDY_NOT_FOUND, or ERR_STUDY_INVALID for a corrupted one). */
    async get(id) {
      const value = await adapter.get(STUDY_STORE, id);
      if (value === undefined) throw new StudyError('ERR_STUDY_NOT_FOUND', 'no such study', { id });
      const problem = checkStudy(value);
      if (problem) throw new StudyError('ERR_STUDY_INVALID', `the study is damaged: ${problem}`, { id });
      return value;
    },

    /** A new study; the first one asks the browser to keep the storage (`persist`). */
    async create({ name, tags = [], chapters = [] }) {
      const study = fresh({ name, tags, chapters: chapters.map((c) => ({ id: newId(), name: String(c.name), pgn: String(c.pgn) })) });
      const problem = checkStudy(study);
      if (problem) throw new StudyError('ERR_STUDY_INVALID', problem);
      const ops = [{ op: 'put', store: STUDY_STORE, key: study.id, value: study }];
      const ask = await askPersist(ops);
      await commit({ checks: [atRevision(study.id, null)], ops });
      if (ask) Promise.resolve().then(() => persist()).catch(() => {});
      tell({ action: 'create', id: study.id, revision: 1 });
      return study;
    },

    /**
     * Saves `study` (changed by the caller from the one read at `study.revision`): refused with
     * ERR_STUDY_CONFLICT if the stored one has moved on meanwhile (another tab saved it), with ERR_STUDY_QUOTA when
     * the disk is full — in both cases nothing is written. Answers the study as stored (revision + 1).
     */
    async save(study) {
      const next = { ...clone(study), updated: Math.max(now(), study.updated), revision: study.revision + 1 };
      const problem = checkStudy(next);
      if (problem) throw new StudyError('ERR_STUDY_INVALID', problem);
      await commit({ checks: [atRevision(study.id, study.revision)], ops: [{ op: 'put', store: STUDY_STORE, key: study.id, value: next }] });
      tell({ action: 'save', id: study.id, revision: next.revision });
      return next;
    },

    async rename(study, name) {
      return library.save({ ...study, name: String(name).trim().slice(0, NAME_MAX) || study.name });
    },

    /** A copy of study `id` named `name`, with new ids. */
    async duplicate(id, name) {
      const s = await library.get(id);
      return library.create({ name, tags: s.tags, chapters: s.chapters });
    },

    /**
     * Deletes `study` (at its revision): it goes to the trash, restorable by `restore` for UNDO_MS or until the
     * next delete, whichever comes first.
     */
    async remove(study) {
      await commit({ checks: [atRevision(study.id, study.revision)], ops: [
        { op: 'clear', store: TRASH_STORE },
        { op: 'put', store: TRASH_STORE, key: study.id, value: { study: clone(study), deletedAt: now() } },
        { op: 'delete', store: STUDY_STORE, key: study.id },
      ] });
      tell({ action: 'delete', id: study.id, revision: null });
    },

    /** The study deleted last back (ERR_STUDY_NOT_FOUND once it cannot be). */
    async restore(id) {
      const entry = await adapter.get(TRASH_STORE, id);
      if (!entry || now() - entry.deletedAt > UNDO_MS || checkStudy(entry.study)) {
        throw new StudyError('ERR_STUDY_NOT_FOUND', 'the study can no longer be restored', { id });
      }
      await commit({
        checks: [atRevision(id, null), { store: TRASH_STORE, key: id, test: (v) => (v ? null : new StudyError('ERR_STUDY_NOT_FOUND', 'already restored', { id })) }],
        ops: [{ op: 'put', store: STUDY_STORE, key: id, value: entry.study }, { op: 'delete', store: TRASH_STORE, key: id }],
      });
      tell({ action: 'restore', id, revision: entry.study.revision });
      return entry.study;
    },

    /** Studies (all when `ids` is null) as one file's text: a JSON envelope with a format name and version. */
    async exportStudies(ids = null) {
      const { studies } = await library.list();
      const chosen = ids ? studies.filter((s) => ids.includes(s.id)) : studies;
      return JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exported: new Date(now()).toISOString(), studies: chosen }, null, 1);
    },

    /**
     * A library file's studies added (new ids: nothing stored is ever replaced), all in one transaction. Refused
     * whole when the file is too large, not such a file, or of another version; a study in it that is not one is
     * skipped and reported. Answers { imported: [study], skipped: [{ index, problem }] }.
     */
    async importStudies(text) {
      const size = typeof text === 'string' ? new Blob([text]).size : 0;
      if (size > IMPORT_CAP) throw new StudyError('ERR_STUDY_TOO_LARGE', `the file is ${size} bytes; at most ${IMPORT_CAP}`, { size, cap: IMPORT_CAP });
      let data;
      try {
        data = JSON.parse(text);
      } catch {
        throw new StudyError('ERR_STUDY_INVALID', 'not a studies file (not JSON)');
      }
      if (data?.format !== EXPORT_FORMAT || !Array.isArray(data.studies)) throw new StudyError('ERR_STUDY_INVALID', 'not a studies file');
      if (data.version !== EXPORT_VERSION) throw new StudyError('ERR_STUDY_INVALID', `studies file version ${data.version}: this app reads ${EXPORT_VERSION}`);
      const imported = [];
      const skipped = [];
      data.studies.forEach((s, index) => {
        const problem = checkStudy(s);
        if (problem) return skipped.push({ index, problem });
        const t = now();
        imported.push({ ...s, id: newId(), chapters: s.chapters.map((c) => ({ id: newId(), name: c.name, pgn: c.pgn })), updated: t, revision: 1 });
      });
      const ops = imported.map((s) => ({ op: 'put', store: STUDY_STORE, key: s.id, value: s }));
      const ask = imported.length ? await askPersist(ops) : false;
      if (ops.length) await commit({ checks: imported.map((s) => atRevision(s.id, null)), ops });
      if (ask) Promise.resolve().then(() => persist()).catch(() => {});
      if (imported.length) tell({ action: 'import', id: null, revision: null });
      return { imported, skipped };
    },
  };
  return library;
}

// --- a study's chapters: pure changes, saved by `library.save` ----------------------------------------------

/** Why `pgn` cannot be a chapter's record (too large: with its size), or null. */
export function chapterProblem(pgn) {
  if (typeof pgn !== 'string' || !pgn.trim()) return { code: 'empty' };
  if (pgn.length > CHAPTER_CAP) return { code: 'tooLarge', size: new Blob([pgn]).size, cap: CHAPTER_CAP };
  return null;
}

export function addChapter(study, { name, pgn }, newId = defaultId) {
  return { ...study, chapters: [...study.chapters, { id: newId(), name: String(name).slice(0, NAME_MAX), pgn }] };
}

export function renameChapter(study, chapterId, name) {
  return { ...study, chapters: study.chapters.map((c) => (c.id === chapterId ? { ...c, name: String(name).slice(0, NAME_MAX) } : c)) };
}

export function setChapterPgn(study, chapterId, pgn) {
  return { ...study, chapters: study.chapters.map((c) => (c.id === chapterId ? { ...c, pgn } : c)) };
}

export function removeChapter(study, chapterId) {
  return { ...study, chapters: study.chapters.filter((c) => c.id !== chapterId) };
}
