// Text from records on the page, for <xiangqi-lesson> and <xiangqi-puzzle>: only ever as text nodes, inside an
// element that isolates bidirectional text and wraps anywhere, with any bidi control the text leaves open closed
// right after it. No record text is parsed as HTML.

/** An element with a class and, optionally, text (always as text). */
export function h(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text != null) el.textContent = text;
  return el;
}

const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * What closes the bidi embeddings (LRE, RLE, LRO, RLO) and isolates (LRI, RLI, FSI) that `s` opens and leaves
 * open. Isolation alone is not enough: the browser isolates an element by wrapping its text in isolate controls,
 * and an unmatched LRI / RLI / FSI inside would take the closing one, so the text after the element would be
 * reordered with the record's (the "Red won" after a player's name shown before it). Extra closers are harmless.
 */
export function bidiClosers(s) {
  if (!BIDI_CONTROL.test(s)) return '';
  const stack = [];
  for (const ch of s) {
    if (ch === '\u202A' || ch === '\u202B' || ch === '\u202D' || ch === '\u202E') stack.push('\u202C');
    else if (ch === '\u2066' || ch === '\u2067' || ch === '\u2068') stack.push('\u2069');
    else if (ch === '\u202C' && stack.at(-1) === '\u202C') stack.pop();
    else if (ch === '\u2069' && stack.includes('\u2069')) stack.length = stack.lastIndexOf('\u2069');
  }
  return stack.reverse().join('');
}

/**
 * Record text as a node: an isolated, wrapping element (`dir="auto"`) whose first child is the text itself (as a
 * text node, never markup), followed by a text node that closes any bidi control it leaves open.
 */
export function recordText(tag, className, text, max = Infinity) {
  const el = h(tag, `${className ?? ''} text`.trim());
  el.dir = 'auto';
  let s = String(text);
  if (s.length > max) {
    el.title = s.slice(0, 4096) + bidiClosers(s.slice(0, 4096));
    s = `${s.slice(0, max)}…`;
  }
  el.append(s);
  const closers = bidiClosers(s);
  if (closers) el.append(closers);
  return el;
}
