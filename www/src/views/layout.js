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
    w = boardWidth(vh - 2 * pad - players, vw - 2 * pad - gap - PANEL_MIN, ratio);
  } else if (document.body.dataset.mode === 'review') {
    const panel = Math.max(REVIEW_PANEL, 0.3 * vh);
    w = boardWidth(vh - height(document.querySelector('.topbar')) - players - panel - 2 * pad - gap, vw - 2 * pad, ratio);
  } else {
    // under the board: the gap, the panel's border and padding, the status, the touch-move note and the controls
    // with the panel's gaps between them, the page's padding
    const ps = getComputedStyle(document.querySelector('.panel'));
    const panelGap = parseFloat(ps.rowGap) || 0;
    const panelTop = (parseFloat(ps.paddingTop) || 0) + (parseFloat(ps.borderTopWidth) || 0);
    const widest = vw - 2 * pad;
    // The panel is as wide as the board, so the controls' rows depend on the width being chosen: measured with the
    // panel at its widest (the fewest rows), then again at the width found, and the smaller room kept if they wrap
    // more there. (Measured at whatever width the board had, a window turned from landscape kept the rows of its
    // narrow panel: 622 px instead of 662 at 768 × 1024.)
    const below = (boardW) => {
      root.style.setProperty('--board-w', `${boardW}px`);
      return gap + panelTop + height($('status')) + panelGap + (height($('touch-note')) ? height($('touch-note')) + panelGap : 0)
        + height($('controls')) + 2 * pad;
    };
    const fit = (under) => boardWidth(vh - height(document.querySelector('.topbar')) - players - under, widest, ratio);
    const fewest = below(widest);
    w = fit(fewest);
    const there = below(w);
    if (there > fewest) w = fit(there);
  }
  if (root.style.getPropertyValue('--board-w') !== `${w}px`) root.style.setProperty('--board-w', `${w}px`);
}

/** The board's width (px) for at most `height` × `width` of room, as tall as `ratio` times its width. */
function boardWidth(height, width, ratio) {
  return Math.floor(Math.max(BOARD_MIN, Math.min(height / ratio, width)));
}

/** `<xiangqi-puzzle>`'s gap between its board and its side (js/element-base.js), and the side's least width beside
 * the board (the exercise's navigation and buttons). */
const PUZZLE_GAP = 12;
const PUZZLE_SIDE_MIN = 220;

/**
 * The Puzzles section: the board as large as the screen allows, as the game's board (fitBoard), set as the
 * element's `--xiangqi-board-size`. app.css puts the element under the title bar (on a phone on its side: beside
 * it), its side beside the board on a screen wider than tall (the side has the rest of the width) and under it
 * otherwise (the side's height is measured and kept in view). The element's padding and border are measured.
 *
 *   side by side:  board height = viewport height − the element's top − its frame − padding
 *                  board width ≤ the element's width − its frame − gap − the side's least width
 *   stacked:       board height = the same − gap − the side's height
 *                  board width ≤ the element's width − its frame
 */
export function fitPuzzle() {
  const el = $('puzzle');
  if (!el?.board || $('puzzles').hidden) return; // (the element's board exists once its module has defined it)
  const b = el.board.getBoundingClientRect();
  const e = el.getBoundingClientRect();
  if (!b.width || !e.width) return;
  const ratio = b.height / b.width;
  const frame = b.top - e.top; // padding and border above the board: the same on each side
  const pad = parseFloat(getComputedStyle(document.body).getPropertyValue('--pad')) || 8;
  const height = window.innerHeight - (e.top + window.scrollY) - 2 * frame - pad;
  const inner = e.width - 2 * frame;
  const w = sideBySide() ? boardWidth(height, inner - PUZZLE_GAP - PUZZLE_SIDE_MIN, ratio)
    : boardWidth(height - PUZZLE_GAP - (e.height - 2 * frame - b.height - PUZZLE_GAP), inner, ratio);
  const host = $('puzzles-host');
  if (host.style.getPropertyValue('--xiangqi-board-size') !== `${w}px`) host.style.setProperty('--xiangqi-board-size', `${w}px`);
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
