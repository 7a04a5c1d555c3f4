// The opening explorer rendered from the state, in the analysis board and the review: for the position on the
// board, the moves masters played from it (most played first), how many games and how they ended (Red wins,
// draws, Black wins, as shares and a bar), and the engine's evaluation beside them — the analysis board's lines
// (each line's first move gets its score), or in the review the analysis of the position shown. The data is the
// package's (xiangqi-wasm/openings), loaded when the panel is first opened; its source and licence are shown under
// the table, as its licence (CC BY 4.0) asks.
import { analysisGame, positionAt } from '../derive.js';
import { moveAt, valueText } from '../review.js';
import { explorerNow } from '../openings.js';
import { lineText, negateScore, scoreText, tr } from '../text.js';

const $ = (id) => document.getElementById(id);

/** The position the explorer shows: its FEN and a Game on it (the caller frees it), or null. */
function positionOf(state, Game) {
  if (state.mode === 'analysis' && state.analysis) return analysisGame(Game, state.analysis);
  if (state.mode === 'review' && state.review) {
    const ply = state.shown ?? state.game.history().length;
    return new Game(positionAt(Game, state.game, ply).fen, state.game.options());
  }
  return null;
}

/** The engine's view of the position and of some of its moves: { position: text, moves: Map(move -> text) }. */
function engineView(state, g) {
  const moves = new Map();
  let position = '';
  if (state.mode === 'analysis' && state.analysis) {
    const red = g.turn() === 'red';
    for (const line of state.analysis.lines) {
      if (!line.pv.length || moves.has(line.pv[0])) continue;
      const s = scoreText(state, red ? line.score : negateScore(line.score));
      moves.set(line.pv[0], s);
      position ||= s;
    }
  } else if (state.mode === 'review' && state.review) {
    const ply = state.shown ?? state.game.history().length;
    const next = moveAt(state.review.moves, ply + 1);
    const here = moveAt(state.review.moves, ply);
    position = next ? valueText(next.before) : here ? valueText(here.after) : '';
    if (next) moves.set(next.move, valueText(next.after));
    if (next?.best && next.best !== next.move && next.pv?.length) moves.set(next.best, valueText(next.before));
  }
  return { position, moves };
}

const pct = (n, total) => (total ? Math.round((100 * n) / total) : 0);

export function renderExplorer(state, Game) {
  const box = $('explorer-box');
  const hidden = !['analysis', 'review'].includes(state.mode) || (state.mode === 'analysis' ? !state.analysis : !state.review);
  box.hidden = hidden;
  if (hidden) return;
  // A click opens the <details> at once, but its `toggle` event (which tells the store) comes a task later: a render
  // in between (the analysis lines stream in) must not shut it again. So `open` is written only when the state's
  // value changes, remembered on the element.
  const open = String(state.explorer.open);
  if (box.dataset.rendered !== open) {
    box.dataset.rendered = open;
    box.open = state.explorer.open;
  }
  const status = state.explorer.status;
  const explorer = explorerNow();
  $('explorer-status').textContent = !state.explorer.open ? ''
    : status === 'loading' ? tr(state, 'explorerLoading')
      : status === 'unavailable' ? tr(state, 'explorerUnavailable') : '';
  const source = $('explorer-source');
  source.hidden = !explorer;
  if (explorer) {
    const link = $('explorer-source-link');
    const text = tr(state, 'explorerSource', explorer.source);
    if (link.textContent !== text) link.textContent = text;
    if (link.getAttribute('href') !== explorer.source.url) link.setAttribute('href', explorer.source.url);
  }
  const table = $('explorer-table');
  if (!state.explorer.open || !explorer || status !== 'ready') {
    table.hidden = true;
    $('explorer-eval').textContent = '';
    return;
  }
  const g = positionOf(state, Game);
  if (!g) return;
  try {
    const fen = g.fen();
    const rows = explorer.lookup(fen);
    const engine = engineView(state, g);
    $('explorer-eval').textContent = engine.position ? tr(state, 'explorerEval', { score: engine.position }) : '';
    if (!rows.length) $('explorer-status').textContent = tr(state, 'explorerEmpty');
    table.hidden = rows.length === 0;
    const body = $('explorer-rows');
    const key = JSON.stringify([state.lang, state.notationChoice, state.mode, fen, [...engine.moves]]);
    if (body.dataset.key === key) return;
    body.dataset.key = key;
    const playable = state.mode === 'analysis';
    body.replaceChildren(...rows.map((r) => {
      const tr_ = document.createElement('tr');
      const moveText = lineText(state, g, [r.move], 1) || r.move;
      const cell = document.createElement('td');
      if (playable) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'explorer-move';
        b.dataset.move = r.move;
        b.textContent = moveText;
        b.setAttribute('aria-label', tr(state, 'explorerPlay', { move: moveText }));
        cell.append(b);
      } else {
        cell.textContent = moveText;
      }
      const games = document.createElement('td');
      games.textContent = String(r.games);
      const results = document.createElement('td');
      const decided = r.red + r.draw + r.black;
      const shares = { red: pct(r.red, decided), draw: pct(r.draw, decided), black: pct(r.black, decided) };
      const bar = document.createElement('span');
      bar.className = 'explorer-bar';
      bar.setAttribute('aria-hidden', 'true');
      for (const k of ['red', 'draw', 'black']) {
        const part = document.createElement('span');
        part.className = `share-${k}`;
        part.style.width = `${shares[k]}%`;
        bar.append(part);
      }
      const label = document.createElement('span');
      label.className = 'explorer-shares';
      label.textContent = tr(state, 'explorerShares', shares);
      results.append(bar, label);
      const eng = document.createElement('td');
      eng.textContent = engine.moves.get(r.move) ?? '';
      tr_.append(cell, games, results, eng);
      return tr_;
    }));
  } finally {
    g.free();
  }
}
