// The app's state and the only ways to change it: named actions (new game, play, undo, redo, import, resign, the
// draw offer's answer, what is shown, the review, the analysis board, the preferences). Views render from the
// state; the controller (controller.js, computer.js) calls the actions. See docs/app.md, "How it is built".
//
// What applies to one position of the live game only — the hint, the touched pieces, a pending confirmation, a
// passing message, the position shown from the move list — goes whenever the game changes, in one place
// (`gameChanged`): no action has to remember it. `state.gen` counts those changes; a search started at one
// generation is dropped when it answers at another.
//
// The actions of the review, the analysis board and the editor are in store-modes.js. Pure but for the `Game` and
// `Clock` classes and the clock passed in: unit-tested in Node (tests/js/app-store.test.mjs).
import { emptyTouch, touchPiece } from './touch-move.js';
import { gameFromData, gameToData } from './record.js';
import { DEFAULT_LEVEL, levelById } from './levels.js';
import { modeActions } from './store-modes.js';
import { firstMover } from './derive.js';
import { normalLang } from './i18n.js';
import { emptyStudio, studioActions } from './studio/store-studio.js';

/** The clock of competition practice when none is chosen. */
export const PRACTICE_CLOCK = 'cxa-6.4';
/** Endings a take-back removes first (the moves stay). */
const TAKEN_BACK_FIRST = new Set(['resignation', 'agreement', 'timeForfeit']);
/** Messages that go by themselves, and go with the position they are about. */
export const PASSING = new Set(['offline', 'importedRed', 'importedBlack', 'importedOver', 'drawAccepted', 'drawDeclined', 'reviewCancelled']);

/** The Clock argument for a saved control: a preset name or `{ firstMs }`. */
export function clockArg(control) {
  return typeof control === 'string' ? control : { firstMs: control.firstMs };
}

/**
 * The store. `Game` and `Clock` are the package's classes; `now()` is the clock in milliseconds
 * (performance.now in the page); `random()` seeds the computer's choices.
 */
export function createStore({ Game, Clock, now = () => performance.now(), random = Math.random }) {
  const listeners = new Set();
  const state = {
    game: new Game(),
    human: 'red',
    orientation: 'red', // the side at the bottom of the board
    level: DEFAULT_LEVEL,
    practice: false,
    seed: 1,
    headers: {},
    redo: [], // groups of ICCS moves taken back, newest last
    clockControl: null, // null | preset name | { firstMs }
    clock: null, // a Clock rebuilt from clockControl and thinkMs
    thinkMs: [], // the time each ply took
    baseMs: 0, // time spent on the current ply before turnStart (after a reload)
    turnStart: now(),
    gen: 0, // bumped whenever the live game changes
    mode: 'game', // 'game' | 'review' | 'analysis' | 'editor' | 'puzzles' | 'studio'
    shown: null, // the ply shown from the move list, or null for the live position
    busy: null, // 'move' | 'hint' | 'draw' while a search for the live game runs
    hint: null, // { move, pv, score } for the live position
    touch: emptyTouch(),
    confirm: null, // 'resign' | 'draw': the first tap was made, the second confirms
    reply: null, // { ply, move }: the computer's last move, while it is the last move of the game
    overSeen: null, // the ending whose card was closed (endingKey)
    review: null, // { key, status, done, total, moves, red, black, nodes, cancelled, book }
    explorer: { open: false, status: 'idle' }, // the opening explorer: panel open, data 'idle' | 'loading' | 'ready' | 'unavailable'
    analysis: null, // the analysis board: { fen, moves, lines, depth, from }
    editor: null, // the position editor: { fen, tool, turn }
    // the Puzzles section: the set (puzzles.js), its progress ({ key, index, results }: kept in localStorage),
    // and `visit`, bumped each time the section opens (the view then shows a fresh element)
    puzzles: { status: 'idle', set: null, key: null, progress: null, error: null, visit: 0, first: null },
    // the Studio section (studio/store-studio.js): the studies listed, the one chosen, its chapter, the notices
    studio: emptyStudio(),
    message: null, // { key, vars, passing, id }
    saveProblem: null, // null | 'quota' | 'unavailable'
    lang: 'en',
    theme: 'auto', // 'auto' | 'light' | 'dark'
    notationChoice: null, // null: the notation follows the language
    pieceSetChoice: null, // null: the pieces follow the language (Chinese characters; Vietnamese letters in Tiếng Việt)
    installable: false,
  };
  let messageId = 0;
  const emit = () => {
    for (const fn of [...listeners]) fn(state);
  };
  /** Runs `fn` as one action: the listeners hear once, after it. */
  const act = (fn) => (...args) => {
    const r = fn(...args);
    emit();
    return r;
  };

  // --- helpers ------------------------------------------------------------------------------------------

  function gameChanged() {
    state.gen++;
    state.busy = null;
    state.hint = null;
    state.touch = emptyTouch();
    state.confirm = null;
    state.shown = null;
    if (state.message?.passing) state.message = null;
    const last = state.game.history().length;
    if (state.reply && state.reply.ply !== last) state.reply = null;
  }

  function setGame(game) {
    if (game !== state.game) state.game.free();
    state.game = game;
  }

  function elapsed() {
    return Math.max(0, Math.round(state.baseMs + now() - state.turnStart));
  }

  function restartTurn(baseMs = 0) {
    state.baseMs = baseMs;
    state.turnStart = now();
  }

  function rebuildClock() {
    state.clock?.free();
    state.clock = null;
    const n = state.game.history().length;
    if (!state.clockControl) {
      state.thinkMs = [];
      return;
    }
    state.thinkMs = state.thinkMs.slice(0, n);
    while (state.thinkMs.length < n) state.thinkMs.push(0);
    state.clock = new Clock(clockArg(state.clockControl), firstMover(state.game));
    for (const ms of state.thinkMs) if (state.clock.press(ms)) break;
  }

  /** Ends the game if the side to move's flag fell; returns whether it did. */
  function flagCheck() {
    const { clock, game } = state;
    if (!clock || game.outcome()) return false;
    const flag = clock.check(elapsed());
    if (!flag) return false;
    clock.flagFell(elapsed());
    game.timeForfeit(flag.color);
    gameChanged();
    return true;
  }

  /** The side to move plays `move`, with its clock time; false when a fallen flag ended the game first. */
  function playTimed(move) {
    if (flagCheck()) return false;
    const ms = elapsed();
    state.game.play(move);
    if (state.clockControl) {
      state.thinkMs.push(ms);
      state.clock?.press(ms);
    }
    restartTurn();
    gameChanged();
    return true;
  }

  function startFresh(game, { human, headers = {} }) {
    setGame(game);
    state.human = human;
    state.orientation = human;
    state.headers = headers;
    state.redo = [];
    state.mode = 'game';
    state.review = null;
    state.analysis = null;
    state.editor = null;
    state.reply = null;
    const o = game.outcome();
    state.overSeen = o ? endingKey(state) : null; // a finished record is not announced as a new ending
    rebuildClock();
    restartTurn();
    gameChanged();
  }

  // --- the actions --------------------------------------------------------------------------------------

  const actions = {
    state,
    /** `fn(state)` after every action; returns the unsubscribe function. */
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    elapsed,

    /** A new game from the new-game dialog's choice. */
    newGame: act(({ human = 'red', level = state.level, rules = 'axf', clock = null, practice = false } = {}) => {
      state.level = levelById(level).id;
      state.practice = practice;
      state.clockControl = practice && !clock ? PRACTICE_CLOCK : clock;
      state.thinkMs = [];
      state.seed = Math.floor(random() * 1e6);
      startFresh(new Game(null, { rules }), { human });
    }),

    /**
     * An imported record (record.js's plain data): the human takes the side to move; practice is off. A finished
     * game (a master game) is nobody's to play: it opens on its start position, read only, to step through or to
     * review.
     */
    loadGame: act((data) => {
      const game = gameFromData(Game, data); // throws before anything changes
      state.practice = false;
      state.thinkMs = [];
      const over = Boolean(game.outcome());
      startFresh(game, { human: over ? state.human : game.turn(), headers: data.headers ?? {} });
      state.message = null;
      if (over && game.history().length) state.shown = 0;
      showMessage(over ? 'importedOver' : state.human === 'red' ? 'importedRed' : 'importedBlack');
    }),

    /** The saved state (save.js) back; throws the package's error if it does not make a game. */
    restore: act((saved) => {
      const game = gameFromData(Game, saved.game);
      if (saved.clock) new Clock(clockArg(saved.clock.control)).free();
      state.level = levelById(saved.level).id;
      state.practice = saved.practice;
      state.seed = Number.isInteger(saved.seed) ? saved.seed : 1;
      state.clockControl = saved.clock?.control ?? null;
      state.thinkMs = saved.clock ? [...saved.clock.thinkMs] : [];
      startFresh(game, { human: saved.human, headers: saved.game.headers });
      state.redo = saved.practice ? [] : saved.redo;
      restartTurn(saved.clock?.currentMs ?? 0);
      state.overSeen = game.outcome() ? endingKey(state) : null; // not shown again on reload
    }),

    /** The human's move (already checked by the controller); false when a fallen flag ended the game. */
    play: act((move) => {
      state.redo = [];
      return playTimed(move);
    }),

    /** The computer's move, answered for generation `gen`: dropped when the game changed meanwhile. */
    computerPlayed: act((move, gen) => {
      if (gen !== state.gen) return false;
      state.busy = null;
      if (!move || state.game.outcome()) return false;
      const ok = playTimed(move);
      if (ok) state.reply = { ply: state.game.history().length, move };
      return ok;
    }),

    /** Takes back the human's last move and the reply to it (an ending of resignation, agreement or time first). */
    undo: act(() => {
      const g = state.game;
      const o = g.outcome();
      if (o && TAKEN_BACK_FIRST.has(o.reason)) {
        g.undo();
      } else {
        const group = [];
        while (g.history().length > 0) {
          const m = g.undo();
          if (!m || !m.iccs) break;
          group.unshift(m.iccs);
          if (g.turn() === state.human) break;
        }
        if (group.length) state.redo.push(group);
      }
      state.overSeen = null;
      rebuildClock();
      restartTurn();
      gameChanged();
    }),

    /** Plays the last group taken back again. */
    redo: act(() => {
      const group = state.redo.pop();
      if (!group) return;
      for (const m of group) {
        if (!state.game.isLegal(m) || !playTimed(m)) break;
      }
    }),

    resign: act(() => {
      if (state.game.outcome()) return;
      state.game.resign(state.human);
      gameChanged();
    }),

    /** The computer's answer to the human's draw offer (both are recorded in the game). */
    answerDraw: act((accept, gen) => {
      if (gen !== state.gen || state.game.outcome()) return;
      const computer = state.human === 'red' ? 'black' : 'red';
      state.game.offerDraw(state.human);
      if (accept) state.game.acceptDraw(computer);
      else state.game.declineDraw(computer);
      gameChanged();
      showMessage(accept ? 'drawAccepted' : 'drawDeclined');
    }),

    /** Ends the game if a flag fell (the clock's tick); returns whether it did. */
    tick: () => {
      const fell = flagCheck();
      if (fell) emit();
      return fell;
    },

    /** A search for the live game starts (`kind`: 'move', 'hint', 'draw'), or none runs (`null`). */
    setBusy: act((kind) => {
      state.busy = kind;
    }),

    /** The hint found for generation `gen`. */
    setHint: act((hint, gen) => {
      if (gen !== state.gen) return;
      state.busy = null;
      state.hint = hint;
    }),

    /** Practice mode: the human touched the piece on `square` (`owner`: 'own' | 'opponent'). */
    touch: act((square, owner) => {
      state.touch = touchPiece(state.touch, square, owner);
    }),

    /** The first tap on Resign or Offer draw (`kind`), or `null` to forget it. */
    confirm: act((kind) => {
      state.confirm = kind;
    }),

    /** Shows the position after `ply` (read only), or the live one (`null`, or the last ply). */
    show: act((ply) => {
      const n = state.game.history().length;
      if (state.mode === 'review' && state.review?.status === 'running') state.review.picked = true; // stays there
      state.shown = ply === null || (ply >= n && state.mode !== 'review') ? null : Math.max(0, Math.min(n, ply));
    }),

    /** The other side at the bottom. */
    flip: act(() => {
      state.orientation = state.orientation === 'red' ? 'black' : 'red';
    }),

    /** The game-over card was closed. */
    closeOver: act(() => {
      state.overSeen = endingKey(state);
    }),

    message: act((key, vars = {}) => showMessage(key, vars)),
    /** Hides the message (only message `id` when given: a passing message's timer). */
    hideMessage: act((id) => {
      if (id === undefined || state.message?.id === id) state.message = null;
    }),
    /** Saving worked (`null`) or failed ('quota' | 'unavailable'), with its message. */
    saveResult: act((problem) => {
      if (problem === state.saveProblem) return;
      if (state.saveProblem && state.message?.key?.startsWith('storage')) state.message = null;
      state.saveProblem = problem;
      if (problem) showMessage(problem === 'quota' ? 'storageFull' : 'storageUnavailable');
    }),

    setLang: act((lang) => {
      state.lang = normalLang(lang);
    }),
    setTheme: act((theme) => {
      state.theme = ['light', 'dark'].includes(theme) ? theme : 'auto';
    }),
    /** The player's notation (`null`: follow the language). */
    setNotation: act((notation) => {
      state.notationChoice = ['chinese', 'wxf', 'iccs', 'vietnamese'].includes(notation) ? notation : null;
    }),
    setPieceSet: act((set) => {
      state.pieceSetChoice = ['traditional', 'simplified', 'letters', 'vietnamese'].includes(set) ? set : null;
    }),
    setInstallable: act((yes) => {
      state.installable = Boolean(yes);
    }),
  };

  Object.assign(actions, modeActions({ state, act, Game, startFresh, showMessage }), studioActions({ state, act }));

  function showMessage(key, vars = {}) {
    state.message = { key, vars, passing: PASSING.has(key), id: ++messageId };
  }

  return actions;
}

/** The ending of the live game as a key (its ply and reason), or null. */
export function endingKey(state) {
  const o = state.game.outcome();
  return o ? `${state.game.history().length}:${o.reason}` : null;
}

/** The state to save (save.js's shape). */
export function saveData(state, elapsedMs) {
  const o = state.game.outcome();
  return {
    game: gameToData(state.game, state.headers),
    human: state.human,
    level: state.level,
    practice: state.practice,
    redo: state.redo,
    seed: state.seed,
    clock: state.clockControl ? { control: state.clockControl, thinkMs: [...state.thinkMs], currentMs: o ? 0 : elapsedMs }
      : null,
  };
}
