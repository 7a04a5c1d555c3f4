// The store's actions of the Studio section (store.js merges them in, as store-modes.js's): what the studio view
// shows — the studies listed, the one chosen and its chapter, the search, the undo of a delete, a notice (saved,
// conflict, quota, damaged studies moved aside) and the Publish dialog's choices. The library (library.js) is the
// truth: the studio controller (studio/controller.js) calls it and hands its answers to these actions.

export function emptyStudio() {
  return { status: 'idle', studies: [], query: '', selected: null, chapter: null, undo: null, notice: null,
    embed: null, visit: 0 };
}

export function studioActions({ state, act }) {
  const s = () => state.studio;
  const study = () => s().studies.find((x) => x.id === s().selected) ?? null;
  const keepSelection = () => {
    const chosen = study();
    if (!chosen) {
      s().selected = s().studies[0]?.id ?? null;
    }
    const now = study();
    if (!now || !now.chapters.some((c) => c.id === s().chapter)) s().chapter = now?.chapters[0]?.id ?? null;
  };
  return {
    openStudio: act(() => {
      state.mode = 'studio';
      state.busy = null;
      state.confirm = null;
      s().visit++;
      if (s().status === 'error') s().status = 'idle';
    }),
    closeStudio: act(() => {
      state.mode = 'game';
      s().embed = null;
    }),
    studioLoading: act(() => {
      s().status = 'loading';
    }),
    /** The library listed: its studies (newest first). */
    studioListed: act((studies) => {
      s().status = 'ready';
      s().studies = studies;
      keepSelection();
    }),
    studioFailed: act((error) => {
      s().status = 'error';
      s().notice = { key: 'studioFailed', vars: { error }, tone: 'error' };
    }),
    studioQuery: act((query) => {
      s().query = query;
    }),
    studioSelect: act((id) => {
      s().selected = id;
      s().chapter = study()?.chapters[0]?.id ?? null;
      s().embed = null;
    }),
    studioChapter: act((id) => {
      s().chapter = id;
    }),
    /** A study as stored now (created, saved, or read again after a conflict); selected when `select`. */
    studioStudy: act((changed, { select = false, chapter = null } = {}) => {
      const list = s().studies.filter((x) => x.id !== changed.id);
      s().studies = [changed, ...list];
      if (select) s().selected = changed.id;
      if (chapter) s().chapter = chapter;
      keepSelection();
    }),
    /** Study `study` was deleted here: it leaves the list, Undo offered. */
    studioDeleted: act((deleted) => {
      s().studies = s().studies.filter((x) => x.id !== deleted.id);
      s().undo = { id: deleted.id, name: deleted.name };
      keepSelection();
    }),
    studioUndoGone: act(() => {
      s().undo = null;
    }),
    /** A notice under the title: `{ key, vars, tone: 'info' | 'error' }`, or null. */
    studioNotice: act((notice) => {
      s().notice = notice;
    }),
    /** The Publish dialog: `{ kind: 'inline' | 'file' | 'puzzle', goal }`, or null (closed). */
    studioEmbed: act((embed) => {
      s().embed = embed && { kind: 'inline', goal: 'mate', ...s().embed, ...embed };
    }),
  };
}

/** The studio's chosen study and chapter (or nulls). */
export function studioChoice(state) {
  const st = state.studio.studies.find((x) => x.id === state.studio.selected) ?? null;
  const chapter = st?.chapters.find((c) => c.id === state.studio.chapter) ?? null;
  return { study: st, chapter };
}
