// The Studio section rendered from the state (state.studio: studio/store-studio.js): the studies (searched), the
// chosen study's name, chapters and buttons, the chosen chapter in the editor slot, the undo of a delete, the
// notice, and the Publish dialog. What this view keeps of its last render is in the DOM itself (`data-*`), as the
// Puzzles view: no module state. Record and study text is set with textContent or `value`, never as HTML.
import { notationOf } from '../derive.js';
import { searchStudies } from '../studio/library.js';
import { studioChoice } from '../studio/store-studio.js';
import { fileName, lessonSnippet, lessonSrcSnippet, puzzleSnippet } from '../studio/embed.js';
import { clip, tr } from '../text.js';
import { langTag } from '../i18n.js';
import { fitBoard } from './layout.js';

const $ = (id) => document.getElementById(id);

/**
 * `fold`: the traditional → simplified converter once loaded (studio/controller.js), for the search; `puzzleOf(chapter)`:
 * the position the editor shows (else the chapter's start) and the line after it (`{ fen, moves }`), for the puzzle
 * snippet.
 */
export function renderStudio(state, theme, { fold = null, puzzleOf = null } = {}) {
  const open = state.mode === 'studio';
  const box = $('studio');
  if (box.hidden === open) {
    box.hidden = !open;
    if (open) document.querySelector('.layout').hidden = true;
    else if (state.mode !== 'puzzles') {
      document.querySelector('.layout').hidden = false;
      requestAnimationFrame(fitBoard); // the board is measured again, now that it shows
    }
  }
  if (!open) {
    if ($('embed-dialog').open) $('embed-dialog').close();
    return;
  }
  const s = state.studio;
  if ($('studio-find').placeholder !== tr(state, 'studioFind')) $('studio-find').placeholder = tr(state, 'studioFind');
  if ($('studio-find').value !== s.query && document.activeElement !== $('studio-find')) $('studio-find').value = s.query;

  // the notice
  const notice = s.status === 'loading' ? tr(state, 'studioLoading') : s.notice ? tr(state, s.notice.key, s.notice.vars) : '';
  setText($('studio-notice'), notice);
  $('studio-notice').dataset.tone = s.notice?.tone ?? 'info';

  // the list
  const shown = searchStudies(s.studies, s.query, fold);
  const items = shown.map((st) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.study = st.id;
    if (st.id === s.selected) b.setAttribute('aria-current', 'true');
    const name = document.createElement('span');
    name.className = 'studio-item-name';
    name.textContent = clip(state, st.name, 200);
    const count = document.createElement('span');
    count.className = 'studio-item-count';
    count.textContent = tr(state, 'studioChapterCount', { n: st.chapters.length });
    b.append(name, count);
    li.append(b);
    return li;
  });
  const listKey = JSON.stringify([shown.map((x) => [x.id, x.name, x.chapters.length]), s.selected, state.lang]);
  if ($('studio-list').dataset.key !== listKey) {
    $('studio-list').replaceChildren(...items);
    $('studio-list').dataset.key = listKey;
  }
  const empty = s.status !== 'ready' ? '' : !s.studies.length ? tr(state, 'studioEmpty')
    : !shown.length ? tr(state, 'studioNoMatch', { find: clip(state, s.query, 80) }) : '';
  setText($('studio-empty'), empty);
  $('studio-empty').hidden = !empty;

  // the study
  const { study, chapter } = studioChoice(state);
  $('studio-study').hidden = !study;
  if (study) {
    setText($('studio-study-title'), study.name);
    const nameField = $('studio-name');
    if (nameField.dataset.for !== `${study.id} ${study.revision}`) {
      nameField.value = study.name;
      nameField.dataset.for = `${study.id} ${study.revision}`;
    }
    const chaptersKey = JSON.stringify([study.id, study.revision, s.chapter, state.lang]);
    if ($('studio-chapters').dataset.key !== chaptersKey) {
      const lis = study.chapters.map((c) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.chapter = c.id;
        if (c.id === s.chapter) b.setAttribute('aria-current', 'true');
        b.textContent = clip(state, c.name, 200);
        li.append(b);
        return li;
      });
      if (!lis.length) {
        const li = document.createElement('li');
        li.className = 'about';
        li.textContent = tr(state, 'studioNoChapters');
        lis.push(li);
      }
      $('studio-chapters').replaceChildren(...lis);
      $('studio-chapters').dataset.key = chaptersKey;
    }
  }
  $('studio-chapter').hidden = !chapter;
  if (chapter) {
    const field = $('studio-chapter-name');
    if (field.dataset.for !== `${chapter.id} ${study.revision}`) {
      field.value = chapter.name;
      field.dataset.for = `${chapter.id} ${study.revision}`;
    }
  }
  renderSlot(state, chapter, theme);

  // the undo
  $('studio-undo').hidden = !s.undo;
  setText($('studio-undo-text'), s.undo ? tr(state, 'studioDeleted', { name: clip(state, s.undo.name, 80) }) : '');

  renderEmbed(state, chapter, theme, puzzleOf);
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * The editor slot: the chosen chapter as a `<xiangqi-lesson>` preview (keyed by chapter and text, so an unchanged
 * chapter is not drawn again). The `<xiangqi-editor>` goes here instead once defined: studio/controller.js
 * (`mountEditor`) owns that.
 */
function renderSlot(state, chapter, theme) {
  const slot = $('studio-editor-slot');
  if (customElements.get('xiangqi-editor')) return; // the editor's: studio/controller.js mounts it
  if (!chapter) {
    if (slot.firstChild) slot.replaceChildren();
    delete slot.dataset.key;
    return;
  }
  const key = `${chapter.id} ${hash(chapter.pgn)} ${state.lang}`;
  if (slot.dataset.key !== key) {
    slot.replaceChildren(lesson(chapter.pgn, state, theme));
    slot.dataset.key = key;
  }
  const el = slot.querySelector('xiangqi-lesson');
  if (el && el.getAttribute('theme') !== theme) el.setAttribute('theme', theme);
}

/** A `<xiangqi-lesson>` of `pgn` (its script child's text set as text). */
function lesson(pgn, state, theme) {
  const el = document.createElement('xiangqi-lesson');
  el.setAttribute('lang', langTag(state.lang));
  el.setAttribute('notation', notationOf(state));
  el.setAttribute('theme', theme);
  const script = document.createElement('script');
  script.type = 'application/x-chess-pgn';
  script.textContent = pgn;
  el.append(script);
  return el;
}

/** A short hash of text (a render key, not security). */
function hash(text) {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return `${text.length}:${h}`;
}

/** The Publish dialog: the choice, the live preview, the snippet. */
function renderEmbed(state, chapter, theme, puzzleOf) {
  const dialog = $('embed-dialog');
  const e = state.studio.embed;
  if (!e || !chapter) {
    if (dialog.open) dialog.close();
    return;
  }
  const lang = langTag(state.lang);
  const notation = notationOf(state);
  for (const r of dialog.querySelectorAll('input[name="embed-kind"]')) r.checked = r.value === e.kind;
  $('embed-goal-field').hidden = e.kind !== 'puzzle';
  $('embed-goal').value = e.goal;
  $('embed-download').hidden = e.kind !== 'file';
  const file = fileName(chapter.name);
  let snippet;
  let preview;
  let fen = '';
  let moves = [];
  if (e.kind === 'puzzle') {
    ({ fen, moves } = puzzleOf ? puzzleOf(chapter) : { fen: '', moves: [] });
    snippet = puzzleSnippet({ fen, goal: e.goal, solution: moves, lang, notation });
    preview = document.createElement('xiangqi-puzzle');
    preview.setAttribute('fen', fen);
    preview.setAttribute('goal', e.goal);
    if (e.goal === 'line' && moves.length) preview.setAttribute('solution', moves.join(' '));
    preview.setAttribute('lang', lang);
    preview.setAttribute('notation', notation);
    preview.setAttribute('theme', theme);
  } else {
    snippet = e.kind === 'file' ? lessonSrcSnippet({ file, lang, notation }) : lessonSnippet({ pgn: chapter.pgn, lang, notation });
    preview = lesson(chapter.pgn, state, theme);
  }
  const key = `${chapter.id} ${hash(chapter.pgn)} ${e.kind} ${e.goal} ${state.lang} ${fen} ${moves.join(' ')}`;
  const box = $('embed-preview');
  if (box.dataset.key !== key) {
    box.replaceChildren(preview);
    box.dataset.key = key;
    $('embed-snippet').value = snippet;
  }
  $('embed-download').dataset.file = file;
  if (!dialog.open) dialog.showModal();
}
