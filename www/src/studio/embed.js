// Publish: the snippets that put a study's chapter on another page (docs/app.md, "Studio"). Pure text: the view
// shows them in a read-only text area (set as `value`, never as HTML) and in a live preview.
//
//   inline   <xiangqi-lesson> with the record in a <script type="application/x-chess-pgn"> child: the HTML parser
//            keeps that text raw, except that `</script` ends it and `<!--` can start a state in which the real
//            `</script>` does not: both are written with a backslash (`<\/script`, `<\!--`) — the only change,
//            shown as typed in the lesson; the hosted file keeps the text exact.
//   file     <xiangqi-lesson src="…"> and the .pgn to host beside the page.
//   puzzle   <xiangqi-puzzle fen="…" goal="…"> from the chapter's start position (`line`: its main line as the
//            solution).

/** The lesson and puzzle modules from the CDN, as docs/lesson.md's snippet. */
export const LESSON_MODULE = 'https://unpkg.com/xiangqi-wasm/lesson.js';
export const PUZZLE_MODULE = 'https://unpkg.com/xiangqi-wasm/puzzle.js';
export const GOALS = ['mate', 'win', 'line'];

/** `text` safe as the content of a non-JavaScript <script> element. */
export function scriptSafe(text) {
  return String(text).replace(/<(\/script|!--)/gi, (m, rest) => `<\\${rest}`);
}

/** `text` safe in a double-quoted attribute value. */
export function attr(text) {
  return String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A file name for `name` (a study's or chapter's): ASCII letters, digits and dashes, else `chapter`. */
export function fileName(name, ext = 'pgn') {
  const base = String(name).normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).toLowerCase();
  return `${base || 'chapter'}.${ext}`;
}

const common = ({ lang, notation }) => ` notation="${attr(notation)}" lang="${attr(lang)}"`;

/** The lesson with the record inline. */
export function lessonSnippet({ pgn, lang = 'en', notation = 'chinese', module = LESSON_MODULE }) {
  return `<script type="module" src="${attr(module)}"></script>\n<xiangqi-lesson${common({ lang, notation })}>\n`
    + `<script type="application/x-chess-pgn">\n${scriptSafe(pgn.trimEnd())}\n</script>\n</xiangqi-lesson>\n`;
}

/** The lesson reading a hosted file. */
export function lessonSrcSnippet({ file, lang = 'en', notation = 'chinese', module = LESSON_MODULE }) {
  return `<script type="module" src="${attr(module)}"></script>\n<xiangqi-lesson src="${attr(file)}"${common({ lang, notation })}></xiangqi-lesson>\n`;
}

/** An exercise from position `fen`: `goal` mate, win or line (`solution`: ICCS moves, for line). */
export function puzzleSnippet({ fen, goal = 'mate', solution = [], lang = 'en', notation = 'chinese', module = PUZZLE_MODULE }) {
  const sol = goal === 'line' && solution.length ? ` solution="${attr(solution.join(' '))}"` : '';
  return `<script type="module" src="${attr(module)}"></script>\n<xiangqi-puzzle fen="${attr(fen)}" goal="${attr(goal)}"${sol}${common({ lang, notation })}></xiangqi-puzzle>\n`;
}
