"use client";
// xiangqi-wasm/react: the package's elements as React components (React 18 or 19), for apps that render on the server
// (Next.js, React Router, Astro islands) as well as in the browser. Types and docs in react.d.ts and
// docs/frameworks.md.
//
// Why components and not the bare tags: React 19 does not attach a custom element's event props (`onmove`) to an
// element it hydrates from server HTML, and React 18 never does. Each component here listens with addEventListener
// in an effect, which runs after hydration as after a client render, and calls the latest callback with the event's
// `detail`. Effects never run on a server, so the element's module (which needs a DOM) is imported there, in the
// browser, and only for the elements the page renders: `<XiangqiBoard>` loads `xiangqi-wasm/board`, not the lesson.
// On the server the component renders the tag with its attributes, so the page's HTML already has the element.
import { createElement, forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

/** The element modules, imported in the browser when a component of theirs is first mounted. */
const MODULES = {
  'xiangqi-board': () => import('./board.js'),
  'xiangqi-lesson': () => import('./lesson.js'),
  'xiangqi-puzzle': () => import('./puzzle.js'),
  'xiangqi-editor': () => import('./editor.js'),
};

/**
 * One component: `tag`, its attributes (prop name -> attribute name) and its events (prop name -> event name).
 * Attribute values are written as the HTML would have them (`true` -> present and empty, `false` / `null` /
 * `undefined` -> absent, numbers as text), so the server's HTML and the hydrated element agree in React 18 and 19.
 */
function define(tag, displayName, attributes, events) {
  const component = forwardRef(function XiangqiElement(props, ref) {
    const element = useRef(null);
    useImperativeHandle(ref, () => element.current, []);
    // The latest callbacks, read when an event fires: no listener is re-attached when a callback changes.
    const handlers = useRef(props);
    handlers.current = props;
    useEffect(() => {
      const el = element.current;
      let live = true;
      MODULES[tag]().catch((error) => {
        if (live) console.error(`xiangqi-wasm/react: loading <${tag}> failed`, error);
      });
      const listeners = Object.entries(events).map(([prop, type]) => {
        const listener = (event) => handlers.current[prop]?.(event.detail, event);
        el.addEventListener(type, listener);
        return [type, listener];
      });
      return () => {
        live = false;
        for (const [type, listener] of listeners) el.removeEventListener(type, listener);
      };
    }, []);
    const out = { ref: element };
    for (const [key, value] of Object.entries(props)) {
      if (key in events) continue;
      const name = attributes[key];
      if (name === undefined) {
        out[key] = value; // className, style, id, aria-*, data-*, children, ...
      } else if (value === true) {
        out[name] = '';
      } else if (value !== false && value !== null && value !== undefined) {
        out[name] = String(value);
      }
    }
    return createElement(tag, out);
  });
  component.displayName = displayName;
  return component;
}

const common = { orientation: 'orientation', pieceSet: 'piece-set', theme: 'theme', lang: 'lang', fen: 'fen' };
const record = { ...common, pgn: 'pgn', src: 'src', notation: 'notation' };

export const XiangqiBoard = define('xiangqi-board', 'XiangqiBoard', {
  ...common, movable: 'movable', coordinates: 'coordinates', lastMove: 'last-move', check: 'check', label: 'label',
  interactive: 'interactive',
}, { onMove: 'move' });

export const XiangqiLesson = define('xiangqi-lesson', 'XiangqiLesson', { ...record, game: 'game' },
  { onNavigate: 'navigate', onLoad: 'load', onError: 'error' });

export const XiangqiPuzzle = define('xiangqi-puzzle', 'XiangqiPuzzle', {
  ...record, solution: 'solution', goal: 'goal', moves: 'moves',
}, {
  onLoad: 'load', onCorrect: 'correct', onWrong: 'wrong', onSolved: 'solved', onHint: 'hint', onReveal: 'reveal',
  onProgress: 'progress', onError: 'error',
});

export const XiangqiEditor = define('xiangqi-editor', 'XiangqiEditor', record,
  { onChange: 'change', onLoad: 'load', onError: 'error' });
