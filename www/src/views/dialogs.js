// The game-over card and the dialogs that ask (a repetition warning) or show (export), rendered from the state.
// The game-over card is not modal: it sits in the panel (under the board on a phone), so the final position stays
// in view; it shows while the game is over and its ending was not dismissed.
import { endingKey } from '../store.js';
import { explanation, resultLine, tr } from '../text.js';

const $ = (id) => document.getElementById(id);

/** The game-over card; it keeps the ending it shows (`data-ending`), to take the keyboard once per ending. */
export function renderOver(state) {
  const key = state.mode === 'game' ? endingKey(state) : null;
  const show = key !== null && state.overSeen !== key;
  const card = $('over-dialog');
  if (!show) {
    if (card.open) card.close();
    delete card.dataset.ending;
    return;
  }
  const o = state.game.outcome();
  $('over-result').textContent = resultLine(state, o);
  $('over-text').textContent = explanation(state, o);
  if (!card.open) {
    card.show();
    // A new ending: the keyboard goes to the card (its first button), as a dialog would take it.
    if (card.dataset.ending !== key) card.querySelector('button')?.focus({ preventScroll: true });
  }
  card.dataset.ending = key;
}

/** Asks about a move that would lose by repetition: resolves 'play' or 'back'. */
export function askRepetition(state, warning) {
  const d = $('repetition-dialog');
  $('repetition-text').textContent = explanation(state, warning);
  d.returnValue = '';
  d.showModal();
  return new Promise((resolve) => d.addEventListener('close', () => resolve(d.returnValue), { once: true }));
}

export function closeDialogs() {
  for (const d of document.querySelectorAll('dialog[open]')) d.close();
}

/** Copies `text`, saying whether it worked in the export dialog's note. */
export async function copyText(state, text) {
  try {
    await navigator.clipboard.writeText(text);
    $('export-note').textContent = tr(state, 'copied');
  } catch {
    $('export-note').textContent = tr(state, 'copyFailed');
  }
}

/** Offers `text` as a file `name` to download. */
export function download(text, name) {
  const blob = new Blob([text], { type: 'application/x-chess-pgn;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
