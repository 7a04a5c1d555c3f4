// The board as large as the viewport allows, the main controls still in view (docs/app.md, "Every screen").
// CSS lays the page out (app.css: the board beside the panel when the window is wider than tall, above it
// otherwise); this measures what CSS cannot know — the board's proportions, the heights of the players' rows,
// the title bar, the status line and the controls — and sets the board's width as `--board-w` on the root.
//
//   side by side:  board height = viewport height − padding − players' rows
//                  board width ≤ viewport width − panel's least width − gaps
//   stacked:       board height = viewport height − title bar − players' rows − status − controls − gaps
//                  board width ≤ viewport width − padding
//   stacked, in review: board height = viewport height − title bar − players' rows − the review's share of the
//                  height (REVIEW_PANEL, or 30 % of it), the panel scrolling under the board (app.css)
const $ = (id) => document.getElementById(id);
const height = (node) => (node && !node.hidden ? node.getBoundingClientRect().height : 0);
/** The panel's least width beside the board (px), as app.css's grid. */
const PANEL_MIN = 288;
const BOARD_MIN = 200;
/** The least height (px) the review's panel keeps under the board on a screen taller than wide: the move shown,
 * its note, Previous / Next mistake and a few rows of the marked list. */
const REVIEW_PANEL = 320;

/** Whether the page puts the board beside the panel (as app.css's media query). */
export function sideBySide() {
  return matchMedia('(min-aspect-ratio: 1/1) and (min-width: 600px)').matches;
}

export function fitBoard() {
  const root = document.documentElement;
  const board = $('board');
  const rect = board.getBoundingClientRect();
  const ratio = rect.width > 0 ? rect.height / rect.width : 1.1;
  const style = getComputedStyle(document.body);
  const pad = parseFloat(style.getPropertyValue('--pad')) || 8;
  const gap = parseFloat(style.getPropertyValue('--gap')) || 8;
  const vw = root.clientWidth;
  const vh = window.innerHeight;
  // (the players' rows are as tall as they are drawn, with the board area's own gap: compact on a phone on its side)
  const rowGap = parseFloat(getComputedStyle(document.querySelector('.board-area')).rowGap) || 0;
  const players = height($('player-top')) + height($('player-bottom')) + 2 * rowGap;
  let w;
  if (sideBySide()) {
    w = Math.min((vh - 2 * pad - players) / ratio, vw - 2 * pad - gap - PANEL_MIN);
  } else if (document.body.dataset.mode === 'review') {
    const panel = Math.max(REVIEW_PANEL, 0.3 * vh);
    w = Math.min((vh - height(document.querySelector('.topbar')) - players - panel - 2 * pad - gap) / ratio, vw - 2 * pad);
  } else {
    // under the board: the gap, the panel's border and padding, the status, the touch-move note and the controls
    // with the panel's gaps between them, the page's padding
    const ps = getComputedStyle(document.querySelector('.panel'));
    const panelGap = parseFloat(ps.rowGap) || 0;
    const panelTop = (parseFloat(ps.paddingTop) || 0) + (parseFloat(ps.borderTopWidth) || 0);
    const below = gap + panelTop + height($('status')) + panelGap + (height($('touch-note')) ? height($('touch-note')) + panelGap : 0)
      + height($('controls')) + 2 * pad;
    w = Math.min((vh - height(document.querySelector('.topbar')) - players - below) / ratio, vw - 2 * pad);
  }
  w = Math.floor(Math.max(BOARD_MIN, w));
  if (root.style.getPropertyValue('--board-w') !== `${w}px`) root.style.setProperty('--board-w', `${w}px`);
}

/**
 * The frame of `<xiangqi-puzzle>` as its stylesheet lays it out (js/element-base.js): beside each other (a wide
 * enough container), the board takes 3/5 of the width less the 12 px gap, at most 560 px; else the board is over
 * the exercise's text, 12 px apart. Its padding and border are measured (app.css narrows them on a phone on its side).
 */
const PUZZLE_GAP = 12;
const PUZZLE_BOARD_SHARE = 0.6;
const PUZZLE_BOARD_MAX = 560;

/**
 * The Puzzles section: the element's width (`--puzzle-w`) such that its board is as large as the screen allows
 * with the exercise's text and buttons in view — beside the board on a screen wider than tall, under it otherwise
 * (app.css) — and the note under the element (or beside it, on a phone on its side) in view.
 */
export function fitPuzzle() {
  const el = $('puzzle');
  if (!el?.board || $('puzzles').hidden) return; // (the element's board exists once its module has defined it)
  const root = document.documentElement;
  const b = el.board.getBoundingClientRect();
  const e = el.getBoundingClientRect();
  if (!b.width || !e.width) return;
  const ratio = b.height / b.width;
  const frame = b.top - e.top; // padding and border above the board: the same on each side
  const pad = parseFloat(getComputedStyle(document.body).getPropertyValue('--pad')) || 8;
  const vw = root.clientWidth;
  const vh = window.innerHeight;
  const note = $('puzzle-note');
  const noteBelow = note.getBoundingClientRect().top >= e.bottom - 1;
  const reserve = pad + (noteBelow ? note.getBoundingClientRect().height + 8 : 0);
  const avail = vh - (e.top + window.scrollY) - reserve; // the element's height at most
  const hostW = $('puzzles-host').clientWidth;
  let w;
  if (sideBySide()) {
    const boardW = Math.min(PUZZLE_BOARD_MAX, (avail - 2 * frame) / ratio);
    w = boardW / PUZZLE_BOARD_SHARE + PUZZLE_GAP + 2 * frame;
    if (!noteBelow) w = Math.min(w, vw - 2 * pad - 200); // (the section's text beside it keeps 200 px)
  } else {
    const side = e.height - 2 * frame - b.height - PUZZLE_GAP; // the exercise's text and buttons under the board
    const most = Math.min(PUZZLE_BOARD_MAX, hostW - 2 * frame);
    const boardW = Math.max(0.85 * most, Math.min(most, (avail - 2 * frame - PUZZLE_GAP - side) / ratio));
    w = boardW + 2 * frame;
  }
  w = Math.floor(Math.max(BOARD_MIN, Math.min(w, noteBelow ? hostW : w)));
  if (Math.abs((parseFloat(root.style.getPropertyValue('--puzzle-w')) || 0) - w) >= 1) root.style.setProperty('--puzzle-w', `${w}px`);
}

/** Fits the board now and whenever the window, the title bar or the controls change size (and the puzzle's). */
export function bindLayout() {
  fitBoard();
  const fit = () => {
    fitBoard();
    fitPuzzle();
  };
  const observer = new ResizeObserver(() => requestAnimationFrame(fit));
  for (const node of [document.documentElement, $('controls'), $('status'), document.querySelector('.topbar'), $('puzzles')]) {
    observer.observe(node);
  }
  window.addEventListener('resize', fit);
}
