// Driving the built app (www/dist) as a user does, for the PWA and CSP tests and scripts/bench/app-bench.mjs. Relies
// only on the app's contract: `#board` is its <xiangqi-board> (`.board.pointOf(square)`, `.fen`),
// `document.body.dataset.ready === 'true'` once ready, `dataset.thinking === 'true'` while the computer thinks; in
// a new game the human plays Red and the computer answers as Black.

/** The board's FEN. */
export function fenOf(page) {
  return page.evaluate(() => document.getElementById('board').fen);
}

/** Clicks `square` on the board (through pointOf, in client coordinates, scrolled into view first). */
export async function clickSquare(page, square) {
  await page.evaluate(() => document.getElementById('board').scrollIntoView({ block: 'center' }));
  const p = await page.evaluate((s) => document.getElementById('board').board.pointOf(s), square);
  if (!p) throw new Error(`pointOf(${square}) is null`);
  await page.mouse.click(p.x, p.y);
}

/**
 * Plays `from`→`to` for Red by two clicks and waits until the computer replied (Red to move again, nothing
 * thinking). Resolves to { before, after, ms } — the FENs around the exchange and the time from the second click
 * until the reply was on the board (as seen by polling once per animation frame).
 */
export async function playAgainstComputer(page, { from = 'h2', to = 'e2', timeout = 30000 } = {}) {
  await page.waitForFunction(() => document.body.dataset.thinking !== 'true'
    && document.getElementById('board').fen.split(' ')[1] === 'w', null, { timeout });
  const before = await fenOf(page);
  await clickSquare(page, from);
  const t0 = Date.now();
  await clickSquare(page, to);
  await page.waitForFunction((b) => {
    const fen = document.getElementById('board').fen;
    return fen !== b && fen.split(' ')[1] === 'w' && document.body.dataset.thinking !== 'true';
  }, before, { timeout, polling: 'raf' }).catch(async (e) => {
    throw new Error(`the computer did not reply to ${from}${to} within ${timeout} ms (board: ${await fenOf(page)}): ${e.message}`);
  });
  const ms = Date.now() - t0;
  return { before, after: await fenOf(page), ms };
}

/** The piece letter on `square` of a FEN ('' for empty): files a–i left to right, rank 9 the first row. */
export function pieceAt(fen, square) {
  const rows = fen.split(' ')[0].split('/');
  const row = rows[9 - Number(square[1])].replace(/\d/g, (n) => '.'.repeat(Number(n)));
  const c = row['abcdefghi'.indexOf(square[0])];
  return c === '.' ? '' : c;
}
