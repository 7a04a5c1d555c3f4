// The game review rendered from the state: the analysis's progress (a bar, Cancel), the evaluation graph (Red's
// winning chances after each move; a click or the arrow keys go to a move), the move shown with its mark, its
// evaluation and the better line in the chosen notation, the previous / next mistake, and each side's summary
// (accuracy, counts). The move shown, its note and the marked list come first in the panel (app.css), the graph
// and the summary after the list; on a screen taller than wide the board stays in view while the panel scrolls
// (layout.js), so the board, the note and the list are seen together.
import { curve, markedPlies, moveAt, nextMark, valueText, SUMMARY_CLASSES } from '../review.js';
import { MARKS } from './moves.js';
import { joinSentences, lineText, playerName, plyName, plyText, tr } from '../text.js';
import { positionAt, reviewSide } from '../derive.js';
import { fitBoard } from './layout.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const W = 1000;
const H = 200;

const svg = (name, attrs = {}) => {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
};

export function renderReview(state, Game) {
  const box = $('review-box');
  const r = state.review;
  const hidden = state.mode !== 'review' || !r;
  if (box.hidden !== hidden) requestAnimationFrame(fitBoard); // the board's size depends on the mode (layout.js)
  box.hidden = hidden;
  $('review-details').hidden = hidden;
  if (hidden) return;
  const plies = state.game.history().length;
  const running = r.status === 'running';
  $('review-progress').hidden = !running;
  if (running) {
    const p = $('review-progress-bar');
    p.max = Math.max(1, r.total);
    p.value = r.done;
    $('review-progress-text').textContent = tr(state, 'reviewProgress', { done: r.done, total: r.total });
  }
  $('review-deeper').disabled = running;
  $('review-export').disabled = running || r.moves.length === 0;
  $('review-note').textContent = r.status === 'cancelled' ? tr(state, 'reviewPartial', { done: r.moves.length, total: plies })
    : r.status === 'error' ? tr(state, 'reviewFailed') : r.note ? tr(state, r.note, { nodes: r.nodes }) : '';
  renderGraph(state, plies);
  renderShownMove(state, Game);
  renderMistakeNav(state, plies);
  renderSummary(state);
}

function renderGraph(state, plies) {
  const r = state.review;
  const graph = $('review-graph');
  const shown = state.shown ?? plies;
  const key = JSON.stringify([plies, r.moves.length, r.status, shown]);
  graph.setAttribute('aria-valuemax', String(plies));
  graph.setAttribute('aria-valuenow', String(shown));
  graph.setAttribute('aria-valuetext', shown === 0 ? tr(state, 'reviewStartShort')
    : `${plyName(state, shown)} ${plyText(state, shown)}${markOf(r, shown)}`);
  if (graph.dataset.key === key) return; // the graph keeps the key of the curve it draws
  graph.dataset.key = key;
  const values = curve(r.moves, plies);
  const x = (ply) => (plies ? (ply / plies) * W : 0);
  const y = (e) => H - e * H;
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', 'aria-hidden': 'true', focusable: 'false' });
  root.append(svg('rect', { class: 'g-black', x: 0, y: 0, width: W, height: H }));
  const pts = values.map((v, i) => (v === null ? null : [x(i), y(v)])).filter(Boolean);
  if (pts.length) {
    const d = `M${pts[0][0]},${H} ${pts.map(([px, py]) => `L${px},${py}`).join(' ')} L${pts.at(-1)[0]},${H} Z`;
    root.append(svg('path', { class: 'g-red', d }));
    root.append(svg('polyline', { class: 'g-line', points: pts.map((p) => p.join(',')).join(' ') }));
  }
  root.append(svg('line', { class: 'g-mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }));
  root.append(svg('line', { class: 'g-cursor', x1: x(shown), y1: 0, x2: x(shown), y2: H }));
  for (const m of r.moves) {
    if (!MARKS[m.classification]) continue;
    root.append(svg('circle', { class: `g-${m.classification}`, cx: x(m.ply), cy: y(m.expectedAfter), r: 7 }));
  }
  graph.replaceChildren(root);
}

function markOf(r, ply) {
  const m = moveAt(r.moves, ply);
  return m && MARKS[m.classification] ? ` ${MARKS[m.classification]}` : '';
}

/** The move shown: its mark and class, the evaluation before and after, the better move and its line. */
function renderShownMove(state, Game) {
  const r = state.review;
  const ply = state.shown ?? state.game.history().length;
  const out = $('review-move');
  const m = moveAt(r.moves, ply);
  const next = moveAt(r.moves, ply + 1);
  let text;
  if (m) {
    const cls = tr(state, `class_${m.classification}`);
    const parts = [
      tr(state, 'reviewMove', { ply: plyName(state, ply), move: plyText(state, ply), mark: markOf(r, ply), class: cls }),
      tr(state, 'reviewEval', { before: valueText(m.before, state.lang), after: valueText(m.after, state.lang) }),
    ];
    if (m.classification !== 'best' && m.best && m.best !== m.move) {
      parts.push(tr(state, 'reviewBest', { line: lineFrom(state, Game, ply - 1, m.pv.length ? m.pv : [m.best]) }));
    }
    text = joinSentences(state, parts);
  } else if (ply === 0 && next) {
    text = joinSentences(state, [tr(state, 'reviewStartValue', { value: valueText(next.before, state.lang) }),
      tr(state, 'reviewBestStart', { line: lineFrom(state, Game, 0, next.pv) })]);
  } else {
    text = r.status === 'running' ? tr(state, 'reviewWaiting') : '';
  }
  if (out.textContent !== text) out.textContent = text;
}

/** Previous / Next mistake, and which mark of how many is shown. */
function renderMistakeNav(state, plies) {
  const r = state.review;
  const side = reviewSide(state);
  const shown = state.shown ?? plies;
  const own = side ? markedPlies(r.moves, side) : [];
  const marks = own.length ? own : markedPlies(r.moves);
  $('review-prev-mistake').disabled = nextMark(r.moves, side, shown, -1) === null;
  $('review-next-mistake').disabled = nextMark(r.moves, side, shown, 1) === null;
  const i = marks.indexOf(shown);
  const text = r.status === 'running' ? '' : !marks.length ? tr(state, 'reviewNoMistakes')
    : i >= 0 ? tr(state, 'reviewMistakeN', { i: i + 1, n: marks.length }) : '';
  if ($('review-mistake-n').textContent !== text) $('review-mistake-n').textContent = text;
}

function lineFrom(state, Game, ply, moves) {
  const g = new Game(positionAt(Game, state.game, ply).fen, state.game.options());
  try {
    return lineText(state, g, moves, 6);
  } finally {
    g.free();
  }
}

function renderSummary(state) {
  const r = state.review;
  const body = $('review-summary-body');
  const head = $('review-summary-head');
  const red = r.red ?? tally(r.moves, 'red');
  const black = r.black ?? tally(r.moves, 'black');
  const key = JSON.stringify([state.lang, red, black, state.headers.Red, state.headers.Black]);
  if (body.dataset.key === key) return;
  body.dataset.key = key;
  const th = (text, scope) => Object.assign(document.createElement('th'), { textContent: text, scope });
  const td = (text) => Object.assign(document.createElement('td'), { textContent: text });
  head.replaceChildren(document.createElement('td'), th(playerName(state, 'red'), 'col'), th(playerName(state, 'black'), 'col'));
  const acc = (s) => (s.accuracy === null || s.accuracy === undefined ? '—' : `${Math.round(s.accuracy)}%`);
  const rows = [[tr(state, 'accuracy'), acc(red), acc(black)]];
  for (const c of SUMMARY_CLASSES) rows.push([`${tr(state, `classes_${c}`)} ${MARKS[c]}`, String(red[c]), String(black[c])]);
  body.replaceChildren(...rows.map(([name, a, b]) => {
    const tr_ = document.createElement('tr');
    tr_.append(th(name, 'row'), td(a), td(b));
    return tr_;
  }));
}

/** A side's counts from the moves analysed so far (while the analysis runs: the package sums them at its end). */
function tally(moves, color) {
  const mine = moves.filter((m) => m.color === color);
  const out = { moves: mine.length, accuracy: mine.length ? mine.reduce((s, m) => s + m.accuracy, 0) / mine.length : null };
  for (const c of SUMMARY_CLASSES) out[c] = mine.filter((m) => m.classification === c).length;
  return out;
}
