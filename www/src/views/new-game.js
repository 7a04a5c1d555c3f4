// The new-game dialog: the side, the computer's level (with what it means), the rule set (the package's list of
// rule sets, `names().rules`, named by the catalogues), the clock (the package's competition presets
// or sudden death) and competition practice. Its choice starts the game through `store.newGame`.
import { names } from 'xiangqi-wasm';
import { LEVELS, levelById } from '../levels.js';
import { PRACTICE_CLOCK } from '../store.js';
import { tr } from '../text.js';

const $ = (id) => document.getElementById(id);
const CLOCK_PRESETS = ['cxa-6.1', 'cxa-6.2', 'cxa-6.3', 'cxa-6.4', 'axf-total-90', 'axf-total-60', 'axf-per-move'];

/**
 * The level, rule set and clock options, in the interface language (again when it changes): the level list keeps
 * the language it was filled in (`data-lang`).
 */
export function renderNewDialog(state) {
  const level = $('new-level');
  if (level.dataset.lang === state.lang) return;
  level.dataset.lang = state.lang;
  const keep = level.value || state.level;
  level.replaceChildren(...LEVELS.map((l) => {
    const o = document.createElement('option');
    o.value = l.id;
    o.textContent = tr(state, `level_${l.id}`);
    return o;
  }));
  level.value = keep;
  $('new-level-about').textContent = tr(state, `levelAbout_${levelById(level.value).id}`);
  const rules = $('new-rules');
  const keepRules = rules.value || state.game.options().rules;
  rules.replaceChildren(...names().rules.map((r) => {
    const o = document.createElement('option');
    o.value = r.name;
    const key = `ruleset_${r.name}`;
    o.textContent = tr(state, key) === key ? r.en : tr(state, key); // a rule set the catalogues do not name yet: its English name
    return o;
  }));
  rules.value = keepRules;
  const clock = $('new-clock');
  const keepClock = clock.value || 'off';
  clock.replaceChildren(...['off', ...CLOCK_PRESETS, 'custom'].map((id) => {
    const o = document.createElement('option');
    o.value = id;
    o.textContent = id === 'off' ? tr(state, 'clockOff') : id === 'custom' ? tr(state, 'clockCustom').replace(/[:：]\s*$/, '') : tr(state, id);
    return o;
  }));
  clock.value = keepClock;
}

export function openNewDialog(state) {
  const f = $('new-form');
  f.elements.side.value = state.human;
  $('new-level').value = state.level;
  $('new-rules').value = state.game.options().rules;
  $('new-practice').checked = state.practice;
  const c = state.clockControl;
  $('new-clock').value = c === null ? 'off' : typeof c === 'string' ? c : 'custom';
  if (c && typeof c === 'object') $('new-custom').value = String(Math.max(1, Math.round(c.firstMs / 60000)));
  sync(state);
  const d = $('new-dialog');
  d.returnValue = '';
  d.showModal();
}

function sync(state) {
  $('new-level-about').textContent = tr(state, `levelAbout_${levelById($('new-level').value).id}`);
  if ($('new-practice').checked && $('new-clock').value === 'off') $('new-clock').value = PRACTICE_CLOCK;
  $('new-custom-field').hidden = $('new-clock').value !== 'custom';
}

/** `value` if it names a rule set of the package's list, else the first (the default). */
function ruleset(value) {
  const list = names().rules;
  return list.some((r) => r.name === value) ? value : list[0].name;
}

function choice() {
  const f = $('new-form');
  const clockId = $('new-clock').value;
  let clock = null;
  if (clockId === 'custom') {
    const minutes = Number($('new-custom').value);
    clock = { firstMs: Math.round((Number.isFinite(minutes) && minutes > 0 ? Math.min(minutes, 600) : 10) * 60000) };
  } else if (clockId !== 'off') {
    clock = clockId;
  }
  return { human: f.elements.side.value === 'black' ? 'black' : 'red', level: $('new-level').value,
    rules: ruleset($('new-rules').value), clock, practice: $('new-practice').checked };
}

export function bindNewDialog(store) {
  for (const id of ['new-level', 'new-clock', 'new-practice']) $(id).addEventListener('change', () => sync(store.state));
  $('new-dialog').addEventListener('close', () => {
    if ($('new-dialog').returnValue === 'start') store.newGame(choice());
  });
}
