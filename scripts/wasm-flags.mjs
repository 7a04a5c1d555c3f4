// The flags of the release wasm build, in one place: scripts/build.mjs builds the package with them and
// scripts/size.mjs builds its variants the same way. Measured with scripts/size.mjs (docs/js-api.md, "Size").
// Override with XIANGQI_WASM_OPT_LEVEL / XIANGQI_WASM_OPT to compare.

import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** rustc's opt-level for the wasm build only (the native release profile stays at 3 for perft speed). */
export const WASM_OPT_LEVEL = process.env.XIANGQI_WASM_OPT_LEVEL ?? 's';

/**
 * wasm-opt's arguments, before the file names. `--converge` repeats -Oz until the module stops shrinking;
 * `--low-memory-unused` lets it fold constant offsets into loads and stores, which is sound here: Rust's wasm puts
 * the stack first, so a valid pointer never wraps past 2^32, the one case the folding changes. Together 2.1 KB
 * gzipped off the wasm (measured when the workspace split had grown it by 1.4 KB: std's panic-location strings are
 * copied per crate). `--one-caller-inline-max-function-size=10`: a function called from one place is inlined there
 * only when it is tiny (wasm-opt's default inlines it whatever its size): the module is 2 % larger raw but compresses
 * far better — measured 2026-12-02, the main wasm 246.6 -> 233.5 KB gzipped, the rules wasm 144.1 -> 136.7 KB, with
 * no difference in the search's speed beyond the noise (`npm run bench:search`, two interleaved pairs: 73 / 79 and
 * 73 / 81 % of native in Node / Chromium with it, 81 / 76 and 67 / 70 % without). 'none' skips wasm-opt.
 */
export const WASM_OPT = (process.env.XIANGQI_WASM_OPT ?? '-Oz --converge --low-memory-unused --one-caller-inline-max-function-size=10').split(' ')
  .filter(Boolean);

/**
 * The wasm features the package may use, for wasm-opt: what every browser the package supports has (docs/js-api.md,
 * "Browsers"). `simd128` (Chrome 91, Firefox 89, Safari 16.4, Node 16.4) is the newest of them.
 */
export const WASM_FEATURES = ['--enable-simd', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue'];

/**
 * The three wasm builds of the package: `xiangqi-wasm` (every default feature of the crate: rules, notation and
 * records, the hint engine, the board painter), `xiangqi-wasm/rules` (rules, adjudication, notation and records:
 * no search, no board) and the light build of the board and the elements (below), each with its rustc opt-level. `outName` names the files (`<outName>_bg.wasm`).
 * The rules build is made for size ("z"; measured in docs/js-api.md, "Size"): what it is for — validating moves
 * and reading records on a server or in a form — does not need the search's speed.
 */
// `--package xiangqi-wasm` (wasm-pack would take `-p` for the crate's path): wasm-pack binds the last artifact cargo
// reports, and a `cargo build` at the workspace's top builds every default member; when nothing needs rebuilding,
// cargo may report another member (the search or the view crate) last, and wasm-pack fails with "Expected exactly
// one .wasm file in the compiler artifact".
//
// The full build is compiled with `simd128` (`rustflags`): the rules' 128-bit bitboards then use one v128 register
// instead of two i64s, and the search ran at 74 / 77 % of native nodes/s (Node / Chromium, medians of three
// `npm run bench:search` runs interleaved with the build without it: 69 / 72 %), 1.9 KB gzipped smaller. The rules
// build gains nothing from it (its size is the same; its users do not search) and stays without. Each build has its
// own cargo target directory: the flags are part of what cargo compiles, and the clippy and test steps build
// without them.
// Both builds map the paths rustc writes into panic messages (the location of every bounds check and `expect`) to
// machine-independent ones: the crates.io sources under `crates.io/`, this repository under `.`. Without it the
// shipped wasm names the build machine's home folder (`/root/.cargo/registry/src/...`). An array, passed to cargo as
// CARGO_ENCODED_RUSTFLAGS (a path may have spaces).
const cargoHome = process.env.CARGO_HOME ?? join(homedir(), '.cargo');
const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const REMAP_PATHS = [`--remap-path-prefix=${join(cargoHome, 'registry', 'src')}=crates.io`, `--remap-path-prefix=${repo}=.`];

export const WASM_BUILDS = [
  { name: 'full', outName: 'xiangqi_wasm', cargoArgs: ['--package', 'xiangqi-wasm'], optLevel: WASM_OPT_LEVEL,
    rustflags: ['-C', 'target-feature=+simd128', ...REMAP_PATHS], targetDir: 'target/wasm-full' },
  // Its own cargo target directory: the crate's cdylib has the same file name whatever its features, so two builds
  // in one directory would each rebuild it every time (its dependencies differ anyway: another opt-level).
  { name: 'rules', outName: 'xiangqi_rules', cargoArgs: ['--package', 'xiangqi-wasm', '--no-default-features', '--features', 'wasm-notation,wasm-small'],
    optLevel: process.env.XIANGQI_RULES_OPT_LEVEL ?? 'z', rustflags: REMAP_PATHS, targetDir: 'target/wasm-rules' },
  // The light build of the board and the record elements (js/board.js: a page that does not use `xiangqi-wasm`
  // itself downloads this one): rules, notation and records, the board painter; no search. Made for size like the
  // rules build (opt-level "z", the rules crate's `small`, talc): measured 2026-12-05, 210 KB gzipped against the
  // full build's 288 KB; at opt-level "s" 239 KB, without `small` 224 KB (XIANGQI_VIEW_OPT_LEVEL and
  // XIANGQI_VIEW_FEATURES override them to compare). The first paint is as fast as on the full build (16.4 against
  // 14.5 ms, medians of 8 loads in Chromium, within the noise). No simd128: the painter has no use for it, and a
  // browser without it can still show a board.
  { name: 'view', outName: 'xiangqi_view', cargoArgs: ['--package', 'xiangqi-wasm', '--no-default-features', '--features', process.env.XIANGQI_VIEW_FEATURES ?? 'wasm-notation,wasm-board,wasm-small'],
    optLevel: process.env.XIANGQI_VIEW_OPT_LEVEL ?? 'z', rustflags: REMAP_PATHS, targetDir: 'target/wasm-view' },
];
