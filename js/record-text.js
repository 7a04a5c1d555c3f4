// Records on the page, for <xiangqi-lesson> and <xiangqi-puzzle>: fetched with a size cap, and their text shown only
// ever as text nodes, inside an element that isolates bidirectional text and wraps anywhere, with any bidi control
// the text leaves open closed right after it. No record text is parsed as HTML.

/** The UTF-8 length of `s`; its UTF-16 length when that alone is over `max` (every code unit is at least a byte). */
export function utf8Length(s, max) {
  return s.length > max ? s.length : new TextEncoder().encode(s).length;
}

/**
 * Fetches `url` as bytes, refusing more than `max` without reading the rest. The element's own errors:
 * `errors.fetch(message)` for a request that failed, `errors.tooLarge(size, atLeast)` for a record over `max`
 * (`atLeast`: the body was cut at `size` bytes). An abort is rethrown as it is.
 */
export async function fetchRecord(url, signal, max, errors) {
  let res;
  try {
    res = await fetch(url, { signal, credentials: 'same-origin' });
  } catch (e) {
    if (e?.name === 'AbortError') throw e;
    throw errors.fetch(`fetching ${url}: ${e?.message ?? e}`);
  }
  if (!res.ok) throw errors.fetch(`fetching ${url}: HTTP ${res.status}`);
  const declared = Number(res.headers.get('content-length'));
  if (declared > max) throw errors.tooLarge(declared, false);
  const chunks = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      reader.cancel().catch(() => {});
      throw errors.tooLarge(size, true);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}

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
