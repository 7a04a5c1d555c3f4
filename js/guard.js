// The package's layer over the bindings wasm-bindgen generates (xiangqi_wasm_bindgen.js, xiangqi_rules_bindgen.js):
// typed errors for freed and busy objects, for every class and function the bindings export, found by looking at
// the module's exports at run time, never at the generated text.
//
// wasm-bindgen's own checks throw plain Errors: a method of a freed object ("null pointer passed to rust"), a method
// called while the same object is busy, e.g. engine.search inside its own onProgress ("recursive use of an object
// detected ..."), free() while busy ("attempted to take ownership ..."). Here they become XiangqiErrors with the
// codes ERR_FREED and ERR_BUSY (docs/js-api.md, "Errors"):
//
//   - every method of a freed object throws ERR_FREED before reaching the wasm;
//   - a call that fails with a freed object among its arguments (a method, a static function, a constructor, a
//     module function) throws ERR_FREED; nothing is added to a call that succeeds but a counter;
//   - free() / [Symbol.dispose]() twice does nothing; during a call on the same object (inside onProgress) it is
//     deferred: the object counts as freed at once and its memory is released when the call returns;
//   - validateFen, which never throws, reports a freed argument in its answer.
//
// `guard(bindings)` patches the classes' prototypes and static functions in place (objects the wasm returns, such
// as `game.clone()`, are built on those prototypes) and returns the module's exports with each class behind a
// Proxy that translates its constructor's errors and each function wrapped the same way. The entries
// (xiangqi_wasm.js, rules.js: written by scripts/pkg-postprocess.mjs) export what it returns.

const BUSY = Symbol('xiangqi busy');
/**
 * Set on an object freed through `free()` / `[Symbol.dispose]()` (or whose free() is deferred until its call
 * returns). A property, not a WeakSet: an object's own slot costs nothing to the garbage collector.
 */
const FREED = Symbol('xiangqi freed');
const isFreed = (obj) => obj[FREED] === true;
/**
 * The exported name of each class, by prototype: a bundler that renames a class (two `Game` bindings in one
 * scope) changes its `name`, not the name it is exported by.
 */
const classNames = new WeakMap();
/** The guarded functions and constructors (tests/js/boundary.test.mjs checks that every export is one). */
export const GUARDED = Symbol.for('xiangqi-wasm guarded');
/** Exports that are not guarded: loaders, and functions that cannot fail on an object. */
const UNGUARDED = new Set(['default', 'initSync', 'isXiangqiError', 'startFen']);
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

function xqError(code, message) {
  return Object.assign(new Error(message), { name: 'XiangqiError', code });
}

const FREED_HINT = 'has been freed (free() or [Symbol.dispose]())';

/** The exported name of the package's class `obj` belongs to (through subclasses too), or undefined. */
function classOf(obj) {
  for (let p = Object.getPrototypeOf(obj), depth = 0; p !== null && depth < 16; p = Object.getPrototypeOf(p), depth++) {
    const name = classNames.get(p);
    if (name) return name;
  }
  return undefined;
}

/**
 * Whether an argument is one of the package's freed objects. Arguments are anything a caller passed, hostile
 * proxies and throwing getters included: only an object built on one of the classes' prototypes is read.
 */
function isFreedArgument(a) {
  if (a === null || typeof a !== 'object') return false;
  try {
    return classOf(a) !== undefined && isFreed(a);
  } catch {
    return false;
  }
}

/** The first argument that is one of the package's freed objects. */
const freedArgument = (args) => args.find(isFreedArgument);

/**
 * Only on the error path: a call that failed with a freed object among its arguments failed because of it
 * (wasm-bindgen's null pointer, or a typed error of the Rust code reading it); wasm-bindgen's plain errors for
 * freed and busy objects become XiangqiErrors; anything else is the call's own error.
 */
function translate(e, where, args) {
  const arg = freedArgument(args);
  if (arg) return xqError('ERR_FREED', `${where}: the ${classOf(arg)} passed to it ${FREED_HINT}`);
  if (!(e instanceof Error) || e.name === 'XiangqiError' || typeof e.message !== 'string') return e;
  if (e.message.startsWith('null pointer passed to rust')) {
    return xqError('ERR_FREED', `${where}: an object passed to it ${FREED_HINT}`);
  }
  if (e.message.startsWith('recursive use of an object') || e.message.startsWith('attempted to take ownership')) {
    return xqError('ERR_BUSY', `${where}: the object is busy (called from inside one of its own calls, e.g. from `
      + 'onProgress); call it after that call returns');
  }
  // A class-typed parameter (engine.start(game), engine.analyse(game)) given something else.
  const expected = /^expected instance of (\w+)/.exec(e.message);
  if (expected) return xqError('ERR_ARGUMENT', `${where}: expected a ${expected[1]}`);
  return e;
}

/** Functions that answer instead of throwing: how a freed argument is reported in the answer. */
const ANSWERS = {
  validateFen(result, args) {
    const arg = result?.ok === false && freedArgument(args);
    if (!arg) return result;
    return { ok: false, errors: [{ code: 'ERR_FREED', message: `validateFen: the ${classOf(arg)} passed to it ${FREED_HINT}` }] };
  },
};

const isClass = (v) => typeof v === 'function' && typeof v.prototype?.free === 'function';

function guardFunction(name, f) {
  const answer = ANSWERS[name];
  const g = { [name](...args) {
    let result;
    try {
      result = f.apply(this, args);
    } catch (e) {
      throw translate(e, name, args);
    }
    return answer ? answer(result, args) : result;
  } }[name];
  g[GUARDED] = true;
  return g;
}

function guardClass(name, cls) {
  const proto = cls.prototype;
  const rawFree = proto.free;
  classNames.set(proto, name);
  for (const key of Object.getOwnPropertyNames(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, key);
    if (key === 'constructor' || key === 'free' || key.startsWith('__') || typeof d.value !== 'function') continue;
    const f = d.value;
    const where = `${name}.${key}`;
    proto[key] = { [key](...args) {
      if (isFreed(this)) throw xqError('ERR_FREED', `${where}: this ${name} ${FREED_HINT}`);
      this[BUSY] = (this[BUSY] ?? 0) + 1;
      try {
        return f.apply(this, args);
      } catch (e) {
        throw translate(e, where, args);
      } finally {
        if (--this[BUSY] === 0 && isFreed(this)) rawFree.call(this);
      }
    } }[key];
  }
  for (const key of Object.getOwnPropertyNames(cls)) {
    const f = cls[key];
    if (typeof f !== 'function' || key.startsWith('__') || ['length', 'name', 'prototype'].includes(key)) continue;
    const where = `${name}.${key}`;
    cls[key] = { [key](...args) {
      try {
        return f.apply(this, args);
      } catch (e) {
        throw translate(e, where, args);
      }
    } }[key];
  }
  // free() twice, or on a freed object, does nothing; during a call on the same object it is deferred.
  proto.free = function free() {
    if (isFreed(this)) return;
    this[FREED] = true;
    if (!this[BUSY]) rawFree.call(this);
  };
  if (Symbol.dispose) proto[Symbol.dispose] = proto.free;
  // What console.log shows in Node, Deno and Bun (browsers ignore it): the object's own description.
  if (typeof proto.toString === 'function' && proto.toString !== Object.prototype.toString) {
    proto[INSPECT] = function inspect() {
      return isFreed(this) ? `${name} (freed)` : this.toString();
    };
  }
  const guarded = new Proxy(cls, {
    construct(target, args, newTarget) {
      try {
        // `new Game()`: constructed as the class itself (the fast path); a subclass of the export keeps its own.
        return Reflect.construct(target, args, newTarget === guarded ? target : newTarget);
      } catch (e) {
        throw translate(e, `new ${name}`, args);
      }
    },
    get(target, key, receiver) {
      if (key === GUARDED) return true;
      if (key === 'name') return name;
      return Reflect.get(target, key, receiver);
    },
  });
  // `game.constructor === Game` holds for the exported class.
  Object.defineProperty(proto, 'constructor', { value: guarded, writable: true, configurable: true, enumerable: false });
  return guarded;
}

/** The bindings' exports, guarded: classes behind a Proxy (prototypes patched in place), functions wrapped. */
export function guard(bindings) {
  const out = {};
  for (const [name, value] of Object.entries(bindings)) {
    if (isClass(value)) out[name] = guardClass(name, value);
    else if (typeof value === 'function' && !UNGUARDED.has(name)) out[name] = guardFunction(name, value);
    else out[name] = value;
  }
  return out;
}

/**
 * `init` (the bindings' loader) that, called without an argument, first looks for a compilation of its .wasm already
 * under way: `xiangqi-wasm/board` starts one as soon as it runs (board.js, `warm`), before these bindings have even
 * arrived, and leaves it under the .wasm's URL in a registry on `globalThis` keyed by
 * `Symbol.for("xiangqi-wasm.compiling")`. Found, it is what `init` instantiates, so the page downloads the .wasm once
 * whoever calls `init()` first. Not found (no board yet, a Worker, Node, a bundle whose .wasm lives elsewhere),
 * `init()` fetches the .wasm itself as usual, and marks the URL taken so that a board imported later does not fetch
 * it again. An argument (a URL, bytes, a module) always wins. `wasmUrl()` is the .wasm's default URL, as the
 * bindings compute it.
 */
export function withEarlyModule(init, wasmUrl) {
  return function init_(source) {
    if (source !== undefined) return init(source);
    const href = wasmUrl().href;
    const registry = globalThis[Symbol.for('xiangqi-wasm.compiling')] ??= new Map();
    const compiling = registry.get(href);
    // Should that compilation fail, the bindings load the .wasm themselves and report what goes wrong then.
    if (compiling) return init({ module_or_path: compiling }).catch(() => init());
    if (!registry.has(href)) registry.set(href, null); // (fetched by init() itself: taken)
    return init().catch((e) => {
      if (registry.get(href) === null) registry.delete(href);
      throw e;
    });
  };
}
