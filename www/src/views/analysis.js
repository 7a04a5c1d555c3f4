// The analysis board rendered from the state: the engine's best three lines of the position on the board, live
// as the search deepens, each with its score (from Red's view) and its moves in the chosen notation.
import { analysisGame } from '../derive.js';
import { explanation, lineText, negateScore, scoreText, tr } from '../text.js';

const $ = (id) => document.getElementById(id);

export function renderAnalysis(state, Game) {
  const box = $('analysis-box');
  const a = state.analysis;
  box.hidden = state.mode !== 'analysis' || !a;
  if (box.hidden) return;
  const g = analysisGame(Game, a);
  try {
    const o = g.outcome();
    $('analysis-back').disabled = a.moves.length === 0;
    $('analysis-depth').textContent = o ? '' : a.depth ? tr(state, 'analysisDepth', { depth: a.depth }) : tr(state, 'analysisThinking');
    const seen = new Set();
    const items = [];
    if (o) {
      const li = document.createElement('li');
      li.textContent = explanation(state, o);
      items.push(li);
    }
    for (const line of a.lines) {
      if (!line.pv.length || seen.has(line.pv[0])) continue; // a line of an older iteration, now ranked again
      seen.add(line.pv[0]);
      const li = document.createElement('li');
      const score = document.createElement('span');
      score.className = 'line-score';
      // Scores are the side to move's; shown from Red's view, as the review's graph.
      score.textContent = scoreText(state, g.turn() === 'red' ? line.score : negateScore(line.score));
      const moves = document.createElement('span');
      moves.className = 'line-moves';
      moves.textContent = lineText(state, g, line.pv, 10);
      li.append(score, ' ', moves);
      items.push(li);
    }
    const list = $('analysis-lines');
    const key = JSON.stringify([state.lang, state.notationChoice, items.map((li) => li.textContent)]);
    if (list.dataset.key !== key) {
      list.replaceChildren(...items);
      list.dataset.key = key;
    }
  } finally {
    g.free();
  }
}
