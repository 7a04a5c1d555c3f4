// The position editor's FEN arithmetic: put or remove a piece, move one, set the side to move. Pure (the
// position's legality is the package's `validateFen`): unit-tested in tests/js/app-editor.test.mjs.

/** The pieces of the palette, FEN letters: Red's upper case, Black's lower case. */
export const PIECES = ['K', 'A', 'B', 'N', 'R', 'C', 'P', 'k', 'a', 'b', 'n', 'r', 'c', 'p'];
export const EMPTY_FEN = '9/9/9/9/9/9/9/9/9/9 w - - 0 1';

/** The placement of `fen` as 10 rows (rank 9 first) of 9 cells: a FEN letter or ''. */
export function grid(fen) {
  return fen.split(/\s+/)[0].split('/').map((row) => {
    const cells = [];
    for (const ch of row) {
      if (/\d/.test(ch)) for (let i = 0; i < Number(ch); i++) cells.push('');
      else cells.push(ch);
    }
    return cells;
  });
}

/** A FEN from rows of cells and the side to move ('w' Red, 'b' Black). */
export function fenOf(rows, turn = 'w') {
  const placement = rows.map((cells) => {
    let out = '';
    let gap = 0;
    for (const c of cells) {
      if (!c) gap++;
      else {
        if (gap) out += gap;
        gap = 0;
        out += c;
      }
    }
    return gap ? out + gap : out;
  }).join('/');
  return `${placement} ${turn} - - 0 1`;
}

const at = (square) => ({ file: square.charCodeAt(0) - 97, row: 9 - Number(square[1]) });
const turnOf = (fen) => (fen.split(/\s+/)[1] === 'b' ? 'b' : 'w');

/** `fen` with `piece` (a FEN letter, or null to empty it) on `square` ("e0"). */
export function put(fen, square, piece) {
  const rows = grid(fen);
  const { file, row } = at(square);
  rows[row][file] = piece ?? '';
  return fenOf(rows, turnOf(fen));
}

/** `fen` with the piece on `from` moved to `to` (whatever was there goes). */
export function move(fen, from, to) {
  const rows = grid(fen);
  const a = at(from);
  const b = at(to);
  const piece = rows[a.row][a.file];
  if (!piece || from === to) return fen;
  rows[a.row][a.file] = '';
  rows[b.row][b.file] = piece;
  return fenOf(rows, turnOf(fen));
}

/** `fen` with `color` ('red' | 'black') to move. */
export function withTurn(fen, color) {
  return fenOf(grid(fen), color === 'black' ? 'b' : 'w');
}
