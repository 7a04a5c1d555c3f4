// The controller: what the player does (the board's moves and touches, the buttons, the keyboard in the move
// list and the graph) becomes the store's actions, the engine's work (computer.js) and the side effects of the
// state — saving, the clock's tick, messages that pass, a confirmation that expires. It renders nothing itself.
import { validateFen } from 'xiangqi-wasm';
import { analysisGame, humanMoves, humanToMove, positionAt, reviewSide } from './derive.js';
import { move as moveOnEditor, put, withTurn, EMPTY_FEN } from './editor.js';
import { exportPgn, pgnFileName } from './export.js';
import { DEEPER_NODES, nextMark } from './review.js';
import { SAVE_KEY, readSave, setAside, writePrefs, writeSave } from './save.js';
import { PUZZLES_URL, readProgress, readSet, setKey, writeProgress } from './puzzles.js';
import { saveData } from './store.js';
import { loadExplorer } from './openings.js';
import { askRepetition, closeDialogs, copyText, download } from './views/dialogs.js';
import { openNewDialog, bindNewDialog } from './views/new-game.js';

const $ = (id) => document.getElementById(id);
const on = (id, type, fn) => $(id).addEventListener(type, fn);
/** How long the first tap on Resign or Offer draw waits for the second. */
export const CONFIRM_MS = 4000;
/** How long a passing message stays. */
const PASSING_MS = 6000;

export function createController({ store, computer, board, Game, storage, importDialog }) {
  const state = store.state;
  const el = board;

  // --- side effects of the state ------------------------------------------------------------------------

  let savedGen = -1;
  let passingTimer = 0;
  let passingId = null;
  let confirmTimer = 0;
  let armed = null;
  let savedPuzzles = null;
  store.subscribe(() => {
    if (state.gen !== savedGen) save();
    const progress = state.puzzles.progress;
    if (progress !== savedPuzzles) {
      savedPuzzles = progress;
      if (progress && storage) writeProgress(storage, progress);
    }
    const m = state.message;
    if (m?.passing && m.id !== passingId) {
      passingId = m.id;
      clearTimeout(passingTimer);
      passingTimer = setTimeout(() => store.hideMessage(m.id), PASSING_MS);
    }
    if (state.confirm !== armed) {
      armed = state.confirm;
      clearTimeout(confirmTimer);
      if (armed) confirmTimer = setTimeout(() => { if (state.confirm === armed) store.confirm(null); }, CONFIRM_MS);
    }
  });

  function save() {
    savedGen = state.gen;
    if (!storage) return state.saveProblem === 'unavailable' ? undefined : store.saveResult('unavailable');
    const r = writeSave(storage, saveData(state, store.elapsed()));
    const problem = r.ok ? null : r.reason;
    if (problem !== state.saveProblem) store.saveResult(problem); // (an action only when it changes: no render)
  }

  function savePrefs() {
    if (storage) {
      writePrefs(storage, { lang: state.lang, theme: state.theme, notation: state.notationChoice, pieces: state.pieceSetChoice });
    }
  }

  /** The saved game back, if there is one that reads; else a message says why not (and the value is set aside). */
  function restore() {
    if (!storage) return false;
    const r = readSave(storage);
    if (r.corrupt) {
      store.message('storageCorrupt', { problem: r.problem });
      return false;
    }
    if (!r.state) return false;
    try {
      store.restore(r.state);
      savedGen = state.gen;
      return true;
    } catch (e) {
      const problem = e?.code ?? String(e?.message ?? e);
      setAside(storage, storage.getItem(SAVE_KEY), problem);
      store.message('storageRestoreFailed', { problem });
      return false;
    }
  }

  // --- the board ----------------------------------------------------------------------------------------

  async function onBoardMove(move) {
    if (state.mode === 'editor') return store.editorFen(moveOnEditor(state.editor.fen, move.slice(0, 2), move.slice(2, 4)));
    if (state.mode === 'analysis') {
      const g = analysisGame(Game, state.analysis);
      const legal = g.isLegal(move);
      g.free();
      return legal ? store.analysisMove(move) : store.show(state.shown); // (a re-render puts a refused piece back)
    }
    if (!humanToMove(state) || !humanMoves(state).moves.includes(move)) return store.show(state.shown);
    if (!state.practice) {
      const warning = state.game.repetitionWarning(move);
      if (warning && warning.winner !== null && warning.winner !== state.human) { // a loss, not a draw
        const gen = state.gen;
        const choice = await askRepetition(state, warning);
        if (choice !== 'play' || gen !== state.gen || !humanToMove(state) || !state.game.isLegal(move)) return store.show(state.shown);
      }
    }
    store.play(move);
  }

  function bindBoard() {
    el.addEventListener('move', (e) => onBoardMove(e.detail.move));
    // Capture phase on the element: runs before the board's own pointer handling inside its shadow root, so the
    // board already sees the narrowed destinations when it picks the piece up (touch-move), and a palette tool
    // puts its piece without the board seeing the press (the editor).
    el.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const sq = el.board?.squareAt(e.clientX, e.clientY);
      if (!sq) return;
      if (state.mode === 'editor' && state.editor.tool) {
        e.stopPropagation();
        e.preventDefault();
        const tool = state.editor.tool;
        return store.editorFen(put(state.editor.fen, sq, tool === 'erase' ? null : tool));
      }
      if (!state.practice || !humanToMove(state)) return;
      const piece = state.game.get(sq);
      if (piece) store.touch(sq, piece.color === state.human ? 'own' : 'opponent');
    }, { capture: true });
    // Keyboard: Enter or Space picks a piece up; the board has selected it by the time the event bubbles here.
    el.addEventListener('keydown', (e) => {
      if (!state.practice || !humanToMove(state) || (e.key !== 'Enter' && e.key !== ' ')) return;
      const sq = el.board?.selected;
      if (sq && state.game.get(sq)?.color === state.human) store.touch(sq, 'own');
    });
  }

  // --- the game's controls ------------------------------------------------------------------------------

  /** The first tap arms `kind`, the second (within CONFIRM_MS) does it. */
  function confirmed(kind) {
    if (state.confirm === kind) {
      store.confirm(null);
      return true;
    }
    store.confirm(kind);
    return false;
  }

  /** Steps the position shown by the keyboard (Left / Right, Home / End) in the move list or the graph. */
  function stepKeys(e) {
    const n = state.game.history().length;
    const at = state.shown ?? n;
    const to = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: n }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    store.show(Math.max(0, Math.min(n, to)));
  }

  function shownFen() {
    return state.shown === null ? state.game.fen() : positionAt(Game, state.game, state.shown).fen;
  }

  function bindControls() {
    on('new', 'click', () => openNewDialog(state));
    bindNewDialog(store);
    on('undo', 'click', () => { if (!state.practice && state.shown === null) store.undo(); });
    on('redo', 'click', () => { if (!state.practice && state.shown === null && !state.game.outcome()) store.redo(); });
    on('hint', 'click', () => { if (humanToMove(state) && !state.busy) computer.hint(); });
    on('flip', 'click', () => store.flip());
    on('resign', 'click', () => { if (!state.game.outcome() && confirmed('resign')) store.resign(); });
    on('draw', 'click', () => {
      if (state.game.outcome() || state.busy || state.shown !== null) return;
      if (confirmed('draw')) computer.offerDraw();
    });
    // Any other control forgets a first tap.
    $('controls').addEventListener('click', (e) => {
      const id = e.target.closest('button')?.id;
      if (state.confirm && id !== state.confirm) store.confirm(null);
    }, { capture: true });
    on('notation', 'change', () => {
      store.setNotation($('notation').value);
      savePrefs();
    });
    on('pieces', 'change', () => {
      store.setPieceSet($('pieces').value);
      savePrefs();
    });
    on('move-list', 'keydown', stepKeys);
    on('move-list', 'click', (e) => {
      const b = e.target.closest('button[data-ply]');
      if (b) store.show(Number(b.dataset.ply));
    });
    on('review-prev', 'click', () => store.show((state.shown ?? state.game.history().length) - 1));
    on('review-next', 'click', () => store.show((state.shown ?? 0) + 1));
    on('review-live', 'click', () => store.show(null));
    $('over-dialog').addEventListener('close', () => {
      const choice = $('over-dialog').returnValue;
      $('over-dialog').returnValue = '';
      store.closeOver();
      if (choice === 'new') openNewDialog(state);
      if (choice === 'review') computer.review();
    });
    on('lang', 'change', () => {
      store.setLang($('lang').value);
      savePrefs();
    });
    on('theme', 'click', () => {
      store.setTheme({ auto: 'light', light: 'dark', dark: 'auto' }[state.theme]);
      savePrefs();
    });
    on('message-close', 'click', () => store.hideMessage());
    on('export', 'click', () => {
      $('export-fen').value = shownFen();
      $('export-pgn').value = exportPgn(state, Game);
      $('export-note').textContent = '';
      $('export-dialog').showModal();
    });
    on('copy-fen', 'click', () => copyText(state, $('export-fen').value));
    on('copy-pgn', 'click', () => copyText(state, $('export-pgn').value));
    on('download-pgn', 'click', () => download($('export-pgn').value, pgnFileName()));
  }

  // --- review, analysis board, editor -------------------------------------------------------------------

  function bindModes() {
    on('review', 'click', () => {
      if (state.mode === 'review') return store.reviewClose();
      if (!store.reviewResume()) computer.review(); // the same game's finished review is shown again
    });
    on('review-cancel', 'click', () => computer.cancelReview());
    on('review-deeper', 'click', () => computer.review(Math.max(DEEPER_NODES, (state.review?.nodes ?? 0) * 4)));
    on('review-close', 'click', () => store.reviewClose());
    on('review-export', 'click', () => download(exportPgn(state, Game), pgnFileName()));
    const toMark = (dir) => {
      if (state.mode !== 'review' || !state.review) return;
      const ply = nextMark(state.review.moves, reviewSide(state), state.shown ?? state.game.history().length, dir);
      if (ply !== null) store.show(ply);
    };
    on('review-prev-mistake', 'click', () => toMark(-1));
    on('review-next-mistake', 'click', () => toMark(1));
    // P / N anywhere in the review (not while typing, nor with a dialog open): the previous / next mistake.
    document.addEventListener('keydown', (e) => {
      if (state.mode !== 'review' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (e.target.closest?.('input, textarea, select, [contenteditable], dialog')) return;
      const dir = { n: 1, N: 1, p: -1, P: -1 }[e.key];
      if (!dir) return;
      e.preventDefault();
      toMark(dir);
    });
    const graph = $('review-graph');
    graph.addEventListener('keydown', stepKeys);
    graph.addEventListener('click', (e) => {
      const r = graph.getBoundingClientRect();
      const n = state.game.history().length;
      store.show(Math.round(((e.clientX - r.left) / Math.max(1, r.width)) * n));
    });

    on('analyse', 'click', () => (state.mode === 'analysis' ? store.closeAnalysis() : store.analyse(modeFen())));
    on('analysis-back', 'click', () => store.analysisMove(null));
    on('analysis-close', 'click', () => store.closeAnalysis());

    // The opening explorer: its data is fetched when the panel is first opened (then kept offline by the service
    // worker); data that cannot be read leaves the explorer "unavailable" and the rest of the app as it was.
    on('explorer-box', 'toggle', () => {
      const open = $('explorer-box').open;
      if (open === state.explorer.open) return;
      store.explorerOpen(open);
      if (open && state.explorer.status !== 'ready' && state.explorer.status !== 'loading') {
        store.explorerStatus('loading');
        loadExplorer().then(() => store.explorerStatus('ready'), () => store.explorerStatus('unavailable'));
      }
    });
    on('explorer-rows', 'click', (e) => {
      const b = e.target.closest('button[data-move]');
      if (b && state.mode === 'analysis') onBoardMove(b.dataset.move);
    });
    on('analysis-edit', 'click', () => {
      const g = analysisGame(Game, state.analysis);
      const fen = g.fen();
      g.free();
      store.edit(fen);
    });

    on('edit', 'click', () => (state.mode === 'editor' ? store.closeEditor() : store.edit(modeFen())));
    $('editor-palette').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-tool]');
      if (b) store.editorTool(b.dataset.tool);
    });
    on('editor-turn', 'change', () => store.editorFen(withTurn(state.editor.fen, $('editor-turn').value)));
    on('editor-start', 'click', () => store.editorFen(new Game().fen()));
    on('editor-clear', 'click', () => store.editorFen(EMPTY_FEN));
    on('editor-close', 'click', () => store.closeEditor());
    on('editor-analyse', 'click', () => { if (validateFen(state.editor.fen).ok) store.analyse(state.editor.fen); });
    on('editor-play', 'click', () => {
      if (!validateFen(state.editor.fen).ok) return;
      closeDialogs();
      store.playFrom(state.editor.fen);
    });
  }

  // --- the puzzles ----------------------------------------------------------------------------------------

  function bindPuzzles() {
    on('puzzles-open', 'click', () => {
      store.openPuzzles();
      if (state.puzzles.status === 'idle') loadPuzzles();
    });
    on('puzzles-close', 'click', () => store.closePuzzles());
    // The element's events do not bubble: heard on the way down (capture).
    $('puzzles').addEventListener('progress', (e) => { if (e.target.id === 'puzzle') store.puzzleProgress(e.detail); }, true);
    $('puzzles').addEventListener('load', (e) => { if (e.target.id === 'puzzle') store.puzzleShown(e.detail.index); }, true);
    $('puzzles').addEventListener('correct', (e) => { if (e.target.id === 'puzzle') store.puzzleFirstMove(e.detail.move); }, true);
  }

  /** Fetches the set (precached: offline too) and the progress kept for it. */
  async function loadPuzzles() {
    store.puzzlesLoading();
    try {
      const r = await fetch(PUZZLES_URL);
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      const set = readSet(await r.json());
      const key = setKey(set);
      const kept = storage ? readProgress(storage, key) : null;
      savedPuzzles = kept;
      store.puzzlesLoaded(set, key, kept);
    } catch (e) {
      store.puzzlesFailed(String(e?.message ?? e));
    }
  }

  /** The position a new mode starts from: the analysis board's, else the one shown. */
  function modeFen() {
    if (state.mode === 'analysis') {
      const g = analysisGame(Game, state.analysis);
      const fen = g.fen();
      g.free();
      return fen;
    }
    if (state.mode === 'editor') return state.editor.fen;
    return shownFen();
  }

  // --- timers -------------------------------------------------------------------------------------------

  function startTimers(onTick) {
    setInterval(() => {
      store.tick();
      onTick();
    }, 250);
    // Keep the clock's state fresh in storage while it runs, so a reload loses at most a few seconds of it.
    setInterval(() => { if (state.clock && !state.game.outcome()) save(); }, 5000);
    window.addEventListener('pagehide', save);
  }

  function bind() {
    bindBoard();
    bindControls();
    bindModes();
    bindPuzzles();
    importDialog.bind();
  }

  return { bind, restore, startTimers, savePrefs };
}
