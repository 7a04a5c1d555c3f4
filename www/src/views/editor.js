// The position editor rendered from the state: a palette of pieces (a chosen piece is put on each point clicked;
// the eraser empties it; without a tool, pieces are dragged or clicked from point to point), the side to move, and
// the package's validation of the position (`validateFen`) as messages; Play and Analyse only for a legal one.
import { PIECES } from '../editor.js';
import { tr } from '../text.js';

const $ = (id) => document.getElementById(id);
const GLYPH = { K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵', k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒' };
const ROLE = { k: 'general', a: 'advisor', b: 'elephant', n: 'horse', r: 'chariot', c: 'cannon', p: 'soldier' };

/** The palette's buttons, made once. */
export function buildPalette() {
  const palette = $('editor-palette');
  // Red's seven and the eraser on the first row, Black's seven on the second.
  const buttons = [...PIECES.slice(0, 7), 'erase', ...PIECES.slice(7)].map((p) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.tool = p;
    b.className = p === 'erase' ? 'tool erase' : `tool ${p === p.toUpperCase() ? 'red' : 'black'}`;
    b.textContent = p === 'erase' ? '✕' : GLYPH[p];
    b.setAttribute('aria-pressed', 'false');
    return b;
  });
  palette.replaceChildren(...buttons);
}

/** A palette button's accessible name. */
function toolName(state, tool) {
  if (tool === 'erase') return tr(state, 'editorErase');
  const color = tool === tool.toUpperCase() ? 'red' : 'black';
  return `${tr(state, color)} ${tr(state, `role_${ROLE[tool.toLowerCase()]}`)}`;
}

/** The validation of the editor's position: { ok, messages }. */
export function validation(state, validateFen) {
  const v = validateFen(state.editor.fen);
  const messages = v.errors.map((e) => {
    // English shows the package's own message; the other languages the catalogue's words for its code.
    const own = state.lang !== 'en' ? tr(state, `fen_${e.code}`, { square: e.square ?? '' }) : null;
    return own && own !== `fen_${e.code}` ? own : e.message;
  });
  return { ok: v.ok, messages };
}

export function renderEditor(state, validateFen) {
  const box = $('editor-box');
  box.hidden = state.mode !== 'editor' || !state.editor;
  if (box.hidden) return;
  for (const b of $('editor-palette').querySelectorAll('button')) {
    b.setAttribute('aria-pressed', String(state.editor.tool === b.dataset.tool));
    b.setAttribute('aria-label', toolName(state, b.dataset.tool));
    b.title = toolName(state, b.dataset.tool);
  }
  const black = state.editor.fen.split(/\s+/)[1] === 'b';
  $('editor-turn').value = black ? 'black' : 'red';
  const v = validation(state, validateFen);
  const list = $('editor-problems');
  const key = JSON.stringify([state.lang, v.messages]);
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.replaceChildren(...(v.ok ? [tr(state, 'editorLegal')] : v.messages).map((m) => {
      const li = document.createElement('li');
      li.textContent = m;
      return li;
    }));
  }
  list.classList.toggle('ok', v.ok);
  $('editor-play').disabled = !v.ok;
  $('editor-analyse').disabled = !v.ok;
}
