// The Puzzles section rendered from the state: `<xiangqi-puzzle>` with the app's set (puzzles.js), in the
// interface language, theme and notation. Each visit (and a change of language, which changes the titles) gets a
// fresh element, given the kept progress once it has loaded — so nothing of an exercise left half-played stays.
// In the exercise's side (the element's `side` slot, under its buttons): what the set is (a disclosure) and, after
// an exercise is solved or revealed, whether its first move was the only mating one. The section's title and way
// back are in the title bar; so the board has the rest of the screen (layout.js, fitPuzzle).
//
// The element's module (`xiangqi-wasm/puzzle`) is loaded the first time the section opens, not with the app: the
// first move of a game does not need it. An element made before it has loaded is upgraded when it has.
import { setPgn } from '../puzzles.js';
import { notationOf } from '../derive.js';
import { countText, infoText, puzzleTitle, tr } from '../text.js';
import { formatList, langTag } from '../i18n.js';
import { fitBoard, fitPuzzle } from './layout.js';

const $ = (id) => document.getElementById(id);

/**
 * The section keeps what this view needs of its last render: `#puzzles` whether the element's module was asked for
 * (`data-module`), and the element itself the visit and the language it was made for (`data-key`).
 */
export function renderPuzzles(state, Game, theme) {
  const p = state.puzzles;
  const open = state.mode === 'puzzles';
  const box = $('puzzles');
  if (open && !box.dataset.module) {
    box.dataset.module = 'requested';
    import('xiangqi-wasm/puzzle').catch((e) => {
      delete box.dataset.module; // tried again at the next visit
      $('puzzles-status').textContent = tr(state, 'puzzlesFailed', { error: e?.message ?? String(e) });
    });
  }
  if (box.hidden === open) {
    box.hidden = !open;
    $('puzzles-head').hidden = !open;
    document.querySelector('.layout').hidden = open;
    if (!open) requestAnimationFrame(fitBoard); // the board is measured again, now that it shows
  }
  const host = $('puzzles-host');
  let el = host.querySelector(':scope > xiangqi-puzzle');
  // The side's content (the set's description, the note): in the element, or back in the host while there is none.
  const side = [$('puzzles-about'), $('puzzle-note')];
  const drop = () => {
    if (!el) return;
    host.append(...side);
    el.remove();
  };
  if (!open || p.status !== 'ready') {
    drop();
    $('puzzles-status').textContent = !open ? '' : p.status === 'error'
      ? tr(state, 'puzzlesFailed', { error: p.error }) : tr(state, 'puzzlesLoading');
    $('puzzle-note').textContent = '';
    return;
  }
  $('puzzles-status').textContent = '';
  const key = `${p.visit} ${state.lang}`;
  if (!el || el.dataset.key !== key) {
    drop();
    el = newPuzzle(state, key);
    setAttrs(el, state, theme);
    el.append(...side);
    host.append(el);
    el.addEventListener('load', () => requestAnimationFrame(fitPuzzle)); // its board drawn: sized to the screen
  }
  setAttrs(el, state, theme);
  $('puzzle-note').textContent = note(state, Game);
}

/** A fresh `<xiangqi-puzzle>` with the set in the interface language, given the kept progress once it has loaded. */
function newPuzzle(state, key) {
  const p = state.puzzles;
  const el = document.createElement('xiangqi-puzzle');
  el.id = 'puzzle';
  el.setAttribute('goal', 'mate');
  const saved = p.progress;
  el.addEventListener('load', () => {
    if (saved.results.length || saved.index) el.progress = { index: saved.index, results: saved.results };
  }, { once: true });
  el.setAttribute('lang', langTag(state.lang));
  el.setAttribute('pgn', setPgn(p.set, (x) => puzzleTitle(state, x)));
  el.dataset.key = key;
  return el;
}

function setAttrs(el, state, theme) {
  const n = notationOf(state);
  if (el.getAttribute('theme') !== theme) el.setAttribute('theme', theme);
  if (el.getAttribute('notation') !== n) el.setAttribute('notation', n);
}

/**
 * After the exercise shown is done: its first move unique, or the others that mate as fast — other than the one
 * the reader played (the written solution's when it was revealed, or not seen in this visit).
 */
function note(state, Game) {
  const { set, progress, first } = state.puzzles;
  const ex = set[progress.index];
  if (!ex || !progress.results[progress.index]) return '';
  if (!ex.alternatives.length) return tr(state, 'puzzleUnique', { n: countText(state, ex.mateIn) });
  const played = first?.index === progress.index ? first.move : ex.solution[0];
  const all = [ex.solution[0], ...ex.alternatives];
  const others = all.filter((m) => m !== played);
  const moves = others.map((m) => {
    const g = new Game(ex.fen);
    try {
      return infoText(state, g.play(m), ex.fen);
    } finally {
      g.free();
    }
  });
  const list = formatList(state.lang, moves);
  const n = countText(state, ex.mateIn);
  return played === ex.solution[0] ? tr(state, 'puzzleAlternatives', { n, moves: list })
    : tr(state, 'puzzleAlternativesPlayed', { count: all.length + (all.includes(played) ? 0 : 1), n, moves: list });
}
