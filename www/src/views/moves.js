// The move list rendered from the state: the game's opening (its ECCO code and name) under it, the moves in the
// chosen notation, the book moves (masters play them) set apart, the one shown marked (aria-current), a ✎ on
// commented moves, in review the marks ?! ? ?? of the analysis (never on a book move); and the bar to step through
// the game.
// The list is rebuilt only when what it shows changes, and keeps the keyboard focus on the move shown.
import { notationOf } from '../derive.js';
import { notationOptions, plyName, tr } from '../text.js';
import { gameOpening, openingName } from '../openings.js';
import { isChinese } from '../i18n.js';

const $ = (id) => document.getElementById(id);
/** The mark of each classification (docs/app.md, "Game review"). */
export const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

export function renderMoves(state, Game) {
  const g = state.game;
  const texts = g.history({ notation: notationOf(state), notationOptions: notationOptions(state) });
  const { opening, book } = gameOpening(Game, g);
  const line = $('opening-line');
  line.hidden = !opening;
  if (opening) {
    const text = tr(state, 'openingShown', { code: opening.code, name: openingName(state.lang, opening) });
    if (line.textContent !== text) line.textContent = text;
    const other = isChinese(state.lang) ? opening.names.en : opening.names.zh; // (the name the screen does not show)
    line.title = `${other} — ${tr(state, 'openingBook', { ply: plyName(state, book) })}`;
  }
  const fields = g.initialFen().split(/\s+/);
  const firstBlack = fields[1] === 'b';
  const fullmove0 = Number(fields[5]) || 1;
  const commented = new Set(g.getComments().filter((c) => c.comment).map((c) => c.ply));
  const current = state.shown ?? texts.length;
  const marks = state.mode === 'review' && state.review ? state.review.moves : [];
  // The list keeps the key of what it shows (its dataset), and is made again only when that changes.
  const list = $('move-list');
  const key = JSON.stringify([state.lang, texts, [...commented], current, marks.map((m) => m.classification), book]);
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    fill(state, list, { texts, firstBlack, fullmove0, commented, current, marks, book });
  }
  const bar = $('review-bar');
  bar.hidden = state.shown === null;
  if (state.shown !== null) {
    $('review-text').textContent = state.shown === 0 ? tr(state, 'reviewStart')
      : tr(state, 'reviewing', { ply: plyName(state, state.shown), move: texts[state.shown - 1] ?? '' });
    $('review-prev').disabled = state.shown === 0;
    $('review-next').disabled = state.shown >= texts.length;
    $('review-live').hidden = state.mode === 'review';
  }
}

function fill(state, list, { texts, firstBlack, fullmove0, commented, current, marks, book }) {
  const items = [];
  const offset = firstBlack ? 1 : 0;
  for (let row = 0; row * 2 < texts.length + offset; row++) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'move-no';
    num.textContent = `${fullmove0 + row}.`;
    li.append(num);
    for (let side = 0; side < 2; side++) {
      const i = row * 2 + side - offset; // index into texts
      if (i < 0) {
        const gap = document.createElement('span');
        gap.className = 'move-gap';
        gap.textContent = '…';
        li.append(gap);
        continue;
      }
      if (i >= texts.length) break;
      li.append(moveButton(state, { i, texts, row, fullmove0, firstBlack, commented, current, mark: marks[i], book }));
    }
    items.push(li);
  }
  if (items.length === 0) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = tr(state, 'noMoves');
    items.push(li);
  }
  // Re-rendering replaces the buttons: keep the keyboard focus in the list, on the move shown.
  const hadFocus = list.contains(document.activeElement);
  list.replaceChildren(...items);
  if (hadFocus) (list.querySelector('[aria-current]') ?? list.querySelector('button'))?.focus({ preventScroll: true });
  // Keep the current move in view by scrolling the list only (scrollIntoView would scroll the page on a phone). In
  // the review it goes a third down the list, seen even where the panel shows only the list's first rows.
  const cur = list.querySelector('[aria-current]');
  if (cur) {
    const l = list.getBoundingClientRect();
    const c = cur.getBoundingClientRect();
    if (state.mode === 'review') {
      const top = Math.min(l.height / 3, 2 * c.height);
      if (c.top < l.top || c.bottom > l.top + top + c.height) list.scrollTop += c.top - l.top - top;
    } else if (c.bottom > l.bottom) list.scrollTop += c.bottom - l.bottom;
    else if (c.top < l.top) list.scrollTop -= l.top - c.top;
  }
}

function moveButton(state, { i, texts, row, fullmove0, firstBlack, commented, current, mark, book }) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'move';
  b.dataset.ply = String(i + 1);
  const mover = (i % 2 === 0) === !firstBlack ? 'red' : 'black';
  const sign = mark ? MARKS[mark.classification] ?? '' : '';
  b.textContent = texts[i];
  let label = tr(state, 'moveLabel', { n: fullmove0 + row, side: tr(state, mover), move: texts[i] });
  if (sign) {
    const s = document.createElement('span');
    s.className = `mark ${mark.classification}`;
    s.textContent = sign;
    b.append(s);
    label += ` — ${tr(state, `class_${mark.classification}`)}`;
  }
  if (i < book) {
    b.classList.add('book');
    label += ` — ${tr(state, 'bookMove')}`;
  }
  b.setAttribute('aria-label', label);
  if (commented.has(i + 1)) b.classList.add('commented');
  if (i + 1 === current) b.setAttribute('aria-current', 'step');
  return b;
}
