// The JS boundary's own failures: a freed object, an object used from inside one of its own calls, free() during
// a search. Each is a XiangqiError with a documented code (ERR_FREED, ERR_BUSY), never wasm-bindgen's plain Error,
// and an object that was not freed stays usable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as pkg from '../../pkg/node.mjs';
import { Game, Engine, Clock, BoardView, RecordReader, RecordEditor, MateProver } from '../../pkg/node.mjs';
import { throwsCode } from '../support/assert.mjs';

/** The package's classes: the exported constructors (guarded Proxies of wasm-bindgen's classes), which have free(). */
const isClass = (v) => typeof v === 'function' && typeof v.prototype?.free === 'function';

/** Every method a freed object must refuse, with arguments that are valid for a live object. */
const CALLS = {
  Game: {
    make: () => new Game(),
    calls: [
      ['fen', []], ['play', ['h2e2']], ['legalMoves', []], ['undo', []], ['outcome', []], ['history', []],
      ['toString', []], ['pgn', []], ['hint', [{ depth: 1 }]],
    ],
  },
  Engine: {
    make: () => new Engine({ hashMb: 1 }),
    calls: [['search', [null, [], { depth: 1 }]], ['newGame', []]],
  },
  Clock: {
    make: () => new Clock('cxa-6.1'),
    calls: [['press', [100]], ['check', [100]], ['turn', []], ['remaining', ['red']], ['flag', []]],
  },
  RecordReader: {
    make: () => new RecordReader('[Red "A"]\n1. h2e2 *'),
    calls: [['format', []], ['next', []], ['read', [0]], ['game', [0]], ['done', []]],
  },
  RecordEditor: {
    make: () => new RecordEditor(),
    calls: [['play', ['h2e2']], ['go', [0]], ['record', []], ['node', [0]], ['setTag', ['Red', 'A']], ['undo', []]],
  },
  MateProver: {
    make: () => new MateProver(),
    calls: [['mateIn', ['3k5/9/9/9/9/9/9/9/9/R3K4 w', 1]], ['matingMoves', ['3k5/9/9/9/9/9/9/9/9/R3K4 w', 1]],
      ['nodes', []]],
  },
};

for (const [name, { make, calls }] of Object.entries(CALLS)) {
  for (const how of ['free()', '[Symbol.dispose]()']) {
    test(`${name}: every method after ${how} throws ERR_FREED`, () => {
      const live = make();
      // The arguments are good: a live object accepts every call.
      for (const [m, args] of calls) make()[m](...args);
      const obj = make();
      if (how === 'free()') obj.free();
      else obj[Symbol.dispose]();
      for (const [m, args] of calls) {
        throwsCode(() => obj[m](...args), 'ERR_FREED', new RegExp(`^${name}\\.${m}: this ${name} has been freed`));
      }
      // Freeing again does nothing; another object of the class is untouched.
      obj.free();
      obj[Symbol.dispose]();
      assert.doesNotThrow(() => live[calls[0][0]](...calls[0][1]));
      live.free();
    });
  }
}

test('a freed Game passed to another object is ERR_FREED, and that object stays usable', () => {
  const engine = new Engine({ hashMb: 1 });
  const game = new Game();
  game.free();
  throwsCode(() => engine.search(game, { depth: 1 }), 'ERR_FREED', /^Engine\.search: the Game passed to it has been freed/);
  const live = new Game();
  assert.equal(typeof engine.search(live, { depth: 1 }).move, 'string');
});

test('engine.search inside its own onProgress throws ERR_BUSY; the engine still searches afterwards', () => {
  const engine = new Engine({ hashMb: 1 });
  const game = new Game();
  let inner;
  let reports = 0;
  const r = engine.search(game, { depth: 3 }, () => {
    reports++;
    try {
      engine.search(game, { depth: 1 });
    } catch (e) {
      inner ??= e;
    }
    // The other methods are refused the same way while the search runs.
    throwsCode(() => engine.newGame(), 'ERR_BUSY');
  });
  assert.ok(reports > 0);
  assert.ok(inner, 'the nested search did not throw');
  assert.equal(inner.name, 'XiangqiError');
  assert.equal(inner.code, 'ERR_BUSY');
  assert.match(inner.message, /^Engine\.search: the object is busy/);
  // The outer search was not disturbed, and the engine works after it.
  assert.equal(typeof r.move, 'string');
  assert.equal(r.depth, 3);
  const again = engine.search(game, { depth: 2 });
  assert.equal(typeof again.move, 'string');
  // Uncaught in the callback, ERR_BUSY stops the search and is rethrown by it; the engine still works.
  throwsCode(() => engine.search(game, { depth: 3 }, () => engine.search(game, { depth: 1 })), 'ERR_BUSY');
  assert.equal(typeof engine.search(game, { depth: 1 }).move, 'string');
});

test('engine.free() inside onProgress is deferred: the search finishes, then the engine is freed', () => {
  const engine = new Engine({ hashMb: 1 });
  const game = new Game();
  let afterFree;
  let reportsAfterFree = 0;
  let freed = false;
  const r = engine.search(game, { depth: 3 }, () => {
    if (freed) {
      reportsAfterFree++;
      return;
    }
    engine.free();
    freed = true;
    // From now on the engine counts as freed, also inside the running search.
    try {
      engine.newGame();
    } catch (e) {
      afterFree = e;
    }
  });
  assert.equal(typeof r.move, 'string', 'the search that was running returns its result');
  assert.equal(r.depth, 3);
  assert.ok(reportsAfterFree > 0, 'the search went on after free()');
  assert.equal(afterFree?.code, 'ERR_FREED');
  assert.equal(engine.__wbg_ptr, 0, 'the engine is released once the search returned');
  throwsCode(() => engine.search(game, { depth: 1 }), 'ERR_FREED');
  // The game it searched is unharmed, and a new engine works.
  assert.equal(game.history().length, 0);
  assert.equal(typeof new Engine({ hashMb: 1 }).search(game, { depth: 1 }).move, 'string');
  // [Symbol.dispose]() (a `using` block ending inside the callback) is the same.
  const e2 = new Engine({ hashMb: 1 });
  assert.equal(typeof e2.search(game, { depth: 2 }, () => e2[Symbol.dispose]()).move, 'string');
  throwsCode(() => e2.newGame(), 'ERR_FREED');
});

test('BoardView: its methods are guarded too (it cannot be built in Node: no canvas)', () => {
  // Constructing needs HTMLCanvasElement objects; in Node the constructor refuses anything else with a typed error.
  throwsCode(() => new BoardView({}, {}, {}), 'ERR_ARGUMENT');
  // A method called on an object that was never a live BoardView is ERR_FREED, not wasm-bindgen's plain Error.
  const fake = Object.create(BoardView.prototype);
  const method = Object.getOwnPropertyNames(BoardView.prototype).find((k) => !['constructor', 'free'].includes(k)
    && !k.startsWith('__') && typeof BoardView.prototype[k] === 'function');
  throwsCode(() => fake[method](), 'ERR_FREED');
});

test('the panic hook is installed at module start', () => {
  // A panic is a bug (bad input is a typed error), so none can be triggered from the package's API. Checked here on
  // the package itself: the wasm has a start function, the glue runs it when it initialises the module, and the
  // hook's imports (console.error with the message, Error().stack for the place) are wired. A real panic, in a
  // build with the test-only feature `panic-probe`, is tests/panic/panic-hook.test.mjs (npm test step "panic hook").
  const wasm = new WebAssembly.Module(readFileSync(new URL('../../pkg/xiangqi_wasm_bg.wasm', import.meta.url)));
  assert.ok(WebAssembly.Module.exports(wasm).some((e) => e.name === '__wbindgen_start'), 'no start function');
  const glue = readFileSync(new URL('../../pkg/xiangqi_wasm_bindgen.js', import.meta.url), 'utf8');
  assert.match(glue, /\.__wbindgen_start\(\)/);
  const imports = WebAssembly.Module.imports(wasm).map((i) => i.name);
  for (const want of [/^__wbg_error_/, /^__wbg_stack_/]) {
    const name = imports.find((n) => want.test(n));
    assert.ok(name, `no import ${want}`);
  }
  const errorImport = imports.find((n) => /^__wbg_error_/.test(n));
  assert.match(glue, new RegExp(`${errorImport}:\\s*function\\s*\\([^)]*\\)\\s*\\{[^}]*console\\.error\\(`));
});

test('sweep: every method of a freed Game, Engine, Clock, RecordReader throws ERR_FREED, whatever the arguments', () => {
  const values = [undefined, null, 0, 'h2e2', { depth: 1 }, [], 'red', () => 1];
  let n = 0;
  for (const [name, { make }] of Object.entries(CALLS)) {
    const obj = make();
    obj.free();
    const proto = Object.getPrototypeOf(obj);
    const methods = Object.getOwnPropertyNames(proto).filter((k) => k !== 'constructor' && k !== 'free'
      && !k.startsWith('__') && typeof proto[k] === 'function');
    assert.ok(methods.length >= 2, `${name}: ${methods}`);
    for (const m of methods) {
      for (const v of values) {
        throwsCode(() => obj[m](v, v), 'ERR_FREED', new RegExp(`^${name}\\.${m}:`));
        n++;
      }
    }
  }
  assert.ok(n > 100, `${n}`);
});

test('sweep: a freed object as an argument: every call that fails on it is ERR_FREED and changes nothing', () => {
  // The guard adds nothing to a call that succeeds: a method that ignores an argument (undo(x)) ignores a freed
  // one too. A call that fails because of it (wasm-bindgen's null pointer, or the Rust code reading it) throws
  // ERR_FREED, and its object is unchanged.
  const freed = [new Game(), new Engine({ hashMb: 1 }), new Clock('cxa-6.1'), new RecordReader('1. h2e2 *')];
  for (const o of freed) o.free();
  const fresh = {
    RecordReader: () => {
      const r = new RecordReader('[Red "A"]\n1. h2e2 *\n[Red "B"]\n1. h0g2 *');
      r.next(1);
      return [r, () => JSON.stringify([r.format(), r.encoding(), r.done()])];
    },
    Game: () => {
      const g = new Game();
      g.play('h2e2');
      return [g, () => JSON.stringify([g.fen(), g.history(), g.outcome(), g.options(), g.drawOffer()])];
    },
    Engine: () => [new Engine({ hashMb: 1 }), () => ''],
    Clock: () => {
      const c = new Clock('cxa-6.1');
      return [c, () => JSON.stringify([c.turn(), c.remaining('red'), c.remaining('black'), c.flag()])];
    },
  };
  let failed = 0;
  let n = 0;
  for (const v of freed) {
    for (const [name, cls] of [['Game', Game], ['Engine', Engine], ['Clock', Clock], ['RecordReader', RecordReader]]) {
      for (const m of Object.getOwnPropertyNames(cls.prototype)) {
        if (m === 'constructor' || m === 'free' || m.startsWith('__') || typeof cls.prototype[m] !== 'function') continue;
        for (const args of [[v], ['h2e2', v]]) {
          const [obj, state] = fresh[name]();
          const before = state();
          let err;
          try {
            obj[m](...args);
          } catch (e) {
            err = e;
          }
          n++;
          if (!err) continue;
          failed++;
          assert.equal(err.name, 'XiangqiError', `${name}.${m}: ${err}`);
          assert.equal(err.code, 'ERR_FREED', `${name}.${m}: ${err.message}`);
          assert.match(err.message, new RegExp(`^${name}\\.${m}: the ${v.constructor.name} passed to it has been freed`));
          assert.equal(state(), before, `${name}.${m}`);
        }
      }
    }
    for (const f of ['fromFen', 'fromPgn', 'fromDhtmlxq', 'fromXqf', 'fromRecord']) throwsCode(() => Game[f](v), 'ERR_FREED');
  }
  assert.ok(failed > 50 && n > failed, `${failed} of ${n}`);
  // The calls that read the argument: the engine's search of a freed game.
  const engine = new Engine({ hashMb: 1 });
  throwsCode(() => engine.search(freed[0], { depth: 1 }), 'ERR_FREED');
  assert.equal(typeof engine.search(new Game(), { depth: 1 }).move, 'string');
});

/** A freed object of each class that Node can build. */
function freedObjects() {
  const freed = [new Game(), new Engine({ hashMb: 1 }), new Clock('cxa-6.1'), new RecordReader('1. h2e2 *')];
  for (const o of freed) o.free();
  return freed;
}

/** Argument lists with the freed object `v` in each place, the other places holding good arguments. */
const argLists = (v, good) => [[v], [v, v], [v, v, v], ...good.map((_, i) => good.map((g, j) => (i === j ? v : g)))];

test('sweep: every constructor given a freed object throws ERR_FREED, in every argument place', () => {
  // Good arguments for each constructor (BoardView needs canvases, which Node has not: any argument fails there).
  const CONSTRUCTORS = [
    [Game, [null, { rules: 'cxa' }]],
    [Engine, [{ hashMb: 1 }]],
    [Clock, ['cxa-6.1', 'red']],
    [BoardView, [{}, {}, {}]],
    [RecordReader, ['1. h2e2 *', { format: 'pgn' }]],
    [RecordEditor, [null]],
    [MateProver, [{ nodeLimit: 1000 }]],
  ];
  // Every class the package exports is here.
  const classes = Object.entries(pkg).filter(([, v]) => isClass(v));
  assert.deepEqual(classes.map(([k]) => k).sort(), CONSTRUCTORS.map(([c]) => c.name).sort());
  let n = 0;
  for (const v of freedObjects()) {
    for (const [cls, good] of CONSTRUCTORS) {
      for (const args of argLists(v, good)) {
        throwsCode(() => new cls(...args), 'ERR_FREED',
          new RegExp(`^new ${cls.name}: the ${v.constructor.name} passed to it has been freed`));
        n++;
      }
    }
  }
  assert.ok(n >= 3 * (4 * 3 + 8), `${n}`);
  // With live objects in the same places, the error is the type error it always was, not ERR_FREED.
  throwsCode(() => new Engine(new Game()), 'ERR_OPTIONS');
  throwsCode(() => new Game(new Clock('cxa-6.1')), 'ERR_ARGUMENT');
});

test('sweep: every module function given a freed object throws ERR_FREED, or ignores it as documented', () => {
  const startFen = pkg.startFen();
  const FUNCTIONS = {
    parsePgn: ['1. h2e2 *'],
    readRecord: ['1. h2e2 *', { index: 0 }],
    readRecords: ['1. h2e2 *', { format: 'pgn' }],
    writeRecord: [{ headers: { Red: 'A' } }, { format: 'pgn' }],
    perft: [startFen, 1],
    validateFen: ['4k4/9/9/9/9/9/9/9/9/3K5 w'],
    // These never throw: they take no argument (startFen, names), or say whether the value is one of the package's
    // errors.
    isXiangqiError: [new Error('x')],
    startFen: [],
    names: [],
  };
  // init() and initSync() load the module (a second call returns the loaded one); every other function is here.
  const functions = Object.entries(pkg).filter(([k, v]) => typeof v === 'function' && !isClass(v)
    && !['default', 'initSync'].includes(k));
  assert.deepEqual(functions.map(([k]) => k).sort(), Object.keys(FUNCTIONS).sort());
  let freedErrors = 0;
  for (const v of freedObjects()) {
    const message = (where) => new RegExp(`^${where}: the ${v.constructor.name} passed to it has been freed`);
    for (const [name, good] of Object.entries(FUNCTIONS)) {
      const f = pkg[name];
      for (const args of argLists(v, good)) {
        if (name === 'isXiangqiError') {
          assert.equal(f(...args), false);
        } else if (name === 'startFen') {
          assert.equal(f(...args), startFen);
        } else if (name === 'names') {
          assert.deepEqual(f(...args), pkg.names());
        } else if (name === 'validateFen') {
          // validateFen never throws: the freed object is the answer's one problem.
          const r = f(...args);
          assert.equal(r.ok, false);
          assert.equal(r.errors.length, 1);
          assert.equal(r.errors[0].code, 'ERR_FREED');
          assert.match(r.errors[0].message, message('validateFen'));
          freedErrors++;
        } else {
          throwsCode(() => f(...args), 'ERR_FREED', message(name));
          freedErrors++;
        }
      }
    }
  }
  assert.ok(freedErrors >= 3 * (4 + 5 + 4), `${freedErrors}`);
  // The answers for good and for other bad arguments are what they were.
  assert.equal(pkg.perft(startFen, 1), 44);
  assert.deepEqual(pkg.validateFen(startFen), { ok: true, errors: [] });
  assert.equal(pkg.validateFen(new Game()).errors[0].code, 'ERR_ARGUMENT');
  throwsCode(() => pkg.parsePgn(new Game()), 'ERR_ARGUMENT');
});
