// The app (www/index.html): play xiangqi against the computer, review games with the engine, analyse positions.
// It imports the package only by its public names (`xiangqi-wasm`, `xiangqi-wasm/board`, `xiangqi-wasm/worker`,
// `xiangqi-wasm/worker-rpc`), as any app would. See docs/app.md.
//
// This module starts the app and renders it: the store (store.js) holds the state and its named actions; the views
// (views/*.js) render from the state after every action; the controller (controller.js) turns what the player
// does into actions, and computer.js does the engine's work. Every text from a record or a user is set with
// textContent.
import { wasmReady } from './boot.js';
import './app.css';
import { Clock, Game, RecordReader, readRecord, validateFen, writeRecord } from 'xiangqi-wasm';
import { ready as boardReady } from 'xiangqi-wasm/board';
import { EngineClient, NETWORK_URL } from 'xiangqi-wasm/worker';
import { registerPwa } from './pwa.js';
import { LANGS, browserLang, t } from './i18n.js';
import { setGameClass } from './text.js';
import { readPrefs } from './save.js';
import { createStore } from './store.js';
import { createComputer } from './computer.js';
import { createController } from './controller.js';
import { bindInstall } from './install.js';
import { createBoardView } from './views/board.js';
import { renderPanel } from './views/panel.js';
import { renderMoves } from './views/moves.js';
import { renderClocks } from './views/clock.js';
import { renderChrome, renderFatal, onSystemTheme, themeOf } from './views/chrome.js';
import { renderOver } from './views/dialogs.js';
import { renderNewDialog } from './views/new-game.js';
import { renderAnnouncement } from './views/announce.js';
import { renderReview } from './views/review.js';
import { renderAnalysis } from './views/analysis.js';
import { renderExplorer } from './views/explorer.js';
import { renderPuzzles } from './views/puzzles.js';
import { renderStudio } from './views/studio.js';
import { createStudioController } from './studio/controller.js';
import { buildPalette, renderEditor } from './views/editor.js';
import { createImportDialog } from './views/import-dialog.js';
import { bindLayout } from './views/layout.js';

const $ = (id) => document.getElementById(id);
const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();

let lang = 'en';

async function start() {
  const prefs = storage ? readPrefs(storage) : {};
  lang = LANGS.includes(prefs.lang) ? prefs.lang : browserLang(navigator.languages ?? [navigator.language]);
  renderChrome({ lang, theme: prefs.theme ?? 'auto', notationChoice: prefs.notation ?? null, message: null }); // "Loading…" in the player's language
  await wasmReady;
  // The board element may not have made its board yet: what the views set now waits in the element and the board
  // is made with it, painted once (else it paints its default position first, then the game's).
  const el = $('board');
  el.set({ animation: 150 });

  setGameClass(Game);
  const store = createStore({ Game, Clock });
  store.setLang(lang);
  store.setTheme(prefs.theme);
  store.setNotation(prefs.notation);
  store.setPieceSet(prefs.pieces);
  // The search worker starts once the app is ready (below), or at the first search if that comes sooner: its own
  // copy of the wasm would otherwise be fetched and compiled while the page's is, on the phone's one network and CPU,
  // and the first move does not need it when the player moves first.
  let client = null;
  // The package's neural net (46 KB gzipped) is fetched when the worker starts, and loaded into it. The searches that
  // use it (the full-strength levels of levels.js; the hint, the analysis board, the review) play with the hand-tuned
  // evaluation until it is there, and for good if it cannot be had (offline before it was cached, a damaged file: a
  // warning in the console).
  const network = { status: 'none', info: null, error: null };
  const loadNetwork = async (c) => {
    network.status = 'loading';
    try {
      const response = await fetch(NETWORK_URL);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      network.info = await c.loadNetwork(await response.arrayBuffer());
      network.status = 'ready';
    } catch (e) {
      network.status = 'unavailable';
      network.error = e?.code ?? String(e?.message ?? e);
      console.warn(`neural net not loaded, the hand-tuned evaluation plays: ${e?.code ?? ''} ${e?.message ?? e}`);
    }
  };
  const engineClient = () => {
    if (!client) {
      client = new EngineClient();
      loadNetwork(client);
    }
    return client;
  };
  const engine = {
    search: (request) => engineClient().search(request),
    analyse: (...args) => engineClient().analyse(...args),
    stop: () => client?.stop(),
    newGame: () => client?.newGame(),
  };
  const renderBoard = createBoardView(el, Game);
  buildPalette();
  const studio = createStudioController({ store, pkg: { readRecord, writeRecord, RecordReader } });

  /** Everything the page shows, from the state. */
  const render = (state) => {
    renderChrome(state);
    renderNewDialog(state);
    renderBoard(state, { theme: themeOf(state) });
    renderPanel(state);
    renderMoves(state, Game);
    renderClocks(state, store.elapsed());
    renderReview(state, Game);
    renderAnalysis(state, Game);
    renderExplorer(state, Game);
    renderEditor(state, validateFen);
    renderPuzzles(state, Game, themeOf(state));
    renderStudio(state, themeOf(state), { fold: studio.fold, puzzleOf: studio.puzzleOf });
    renderOver(state);
    renderAnnouncement(state, el);
    document.body.dataset.mode = state.mode;
    if (state.busy === 'move') document.body.dataset.thinking = 'true';
    else delete document.body.dataset.thinking;
  };
  store.subscribe(render);
  onSystemTheme(() => render(store.state));

  const computer = createComputer({ store, engine, Game });
  const controller = createController({ store, computer, board: el, Game, storage, importDialog: createImportDialog(store) });
  if (!controller.restore()) store.newGame({ human: 'red' });
  await boardReady();
  await el.ready;
  controller.bind();
  studio.bind();
  bindInstall(store, $('install'));
  controller.startTimers(() => renderClocks(store.state, store.elapsed()));
  render(store.state);
  bindLayout();
  registerPwa({
    onNeedRefresh(update) {
      $('update').hidden = false;
      $('update-reload').onclick = () => update();
    },
    onOfflineReady() {
      if (!store.state.message) store.message('offline');
    },
  });
  document.body.dataset.ready = 'true';
  if (window.requestIdleCallback) requestIdleCallback(engineClient, { timeout: 1000 });
  else setTimeout(engineClient, 200);
  // For the browser tests and the curious: the live state, read only by convention.
  window.xiangqiApp = { get game() { return store.state.game; }, get state() { return store.state; }, store, studio,
    network };
}

start().catch((e) => {
  console.error(e);
  // (not the package's isXiangqiError: the wasm may be what failed to load)
  renderFatal(t(lang, 'loadFailed', { error: e?.name === 'XiangqiError' ? `${e.code}: ${e.message}` : String(e?.message ?? e) }));
});
