// The demo app and the lesson embed, built by Vite from www/ into www/dist/ (`node scripts/build.mjs`; `npm run
// dev` serves it with hot reload). Every page (www/*.html) is an entry. The package is imported by its public
// names — `xiangqi-wasm`, `xiangqi-wasm/board`, `xiangqi-wasm/worker` — resolved through node_modules/xiangqi-wasm
// (a link to the built pkg/, made by scripts/build.mjs), exactly as an app that installed it from npm.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = dirname(fileURLToPath(import.meta.url));
const pages = Object.fromEntries(readdirSync(here).filter((f) => f.endsWith('.html'))
  .map((f) => [f.slice(0, -5), join(here, f)]));
/**
 * The lesson embed (embed.html) is built on its own, first, when XIANGQI_WWW_PART=embed (scripts/build.mjs runs the
 * two builds into www/dist/): it stands for a teaching site's page, which only has `xiangqi-wasm/lesson` and so runs
 * on the package's light wasm. Bundled with the app, the bundler splits the modules the two pages share by which page
 * imports what (the embed's board imports the main entry only dynamically), and the app's first load then fetches
 * five chunks where it fetched two: app ready on the phone profile 829 against 749 ms (`npm run bench:page`, the
 * same rounds); built apart, 0.99 and 0.95 of the app before the light build in two runs. The app's build comes
 * second, leaves the embed's files in place and precaches them with its own.
 */
const EMBED_PAGES = ['embed'];
const part = process.env.XIANGQI_WWW_PART === 'embed' ? 'embed' : 'app';
const input = Object.fromEntries(Object.entries(pages).filter(([name]) => EMBED_PAGES.includes(name) === (part === 'embed')));

// The app's colours: the page background (app.css's --bg, light theme) for the splash screen, and its accent for
// the title bar of the installed app.
const BACKGROUND = '#f6f1e7';
const THEME = '#a3271d';

/** The web app manifest (written by vite-plugin-pwa as manifest.webmanifest and linked from every page). */
const manifest = {
  id: './',
  name: 'Xiangqi 象棋',
  short_name: 'Xiangqi',
  description: 'Play xiangqi (Chinese chess) against the computer, also offline. 与电脑下中国象棋，离线也能玩。',
  lang: 'en',
  dir: 'ltr',
  categories: ['games'],
  // Relative to the manifest's URL: the app works from any folder of a static host.
  start_url: './',
  scope: './',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME,
  background_color: BACKGROUND,
  icons: [
    { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * Adds the favicon, the Apple touch icon and the theme colour to the head of every page that does not have them
 * already (the icons are in www/public/, drawn by scripts/make-icons.mjs). No inline script or style: CSP.
 */
function headLinks() {
  const tags = [
    ['link', { rel: 'icon', href: './favicon.ico', sizes: '32x32' }, /rel=["']?icon["'\s>]/],
    ['link', { rel: 'icon', href: './icon-192.png', type: 'image/png', sizes: '192x192' }, /rel=["']?icon["'\s>]/],
    ['link', { rel: 'apple-touch-icon', href: './apple-touch-icon.png' }, /rel=["']?apple-touch-icon/],
    ['meta', { name: 'theme-color', content: THEME }, /name=["']?theme-color/],
  ];
  return {
    name: 'xiangqi-head-links',
    transformIndexHtml(html, ctx) {
      const links = tags.filter(([, , present]) => !present.test(html))
        .map(([tag, attrs]) => ({ tag, attrs, injectTo: 'head' }));
      // The wasm is what the board waits for. Without a hint its download starts only once the page's script
      // has run (wasm-bindgen's init fetches it); preloading it from the HTML starts it beside the script
      // (about 100 ms earlier on a cold load: scripts/bench/app-bench.mjs). Same credentials mode as that fetch.
      // Only the build the page runs on: the full one where the page's scripts import `xiangqi-wasm` itself (the
      // app), else the light one of the board and the lesson (the package's board.js chooses the same way).
      const file = pageWasm(ctx);
      if (file) {
        links.push({ tag: 'link', injectTo: 'head',
          attrs: { rel: 'preload', href: `./${file}`, as: 'fetch', type: 'application/wasm', crossorigin: '' } });
      }
      return links;
    },
  };
}

/**
 * The .wasm a built page downloads (its file in the bundle), or null: `xiangqi_wasm_bg` when the package's main entry
 * (`xiangqi_wasm.js`) is among the modules the page's entry loads statically, else `xiangqi_view_bg`, the light build
 * its board runs on.
 */
function pageWasm(ctx) {
  const bundle = ctx.bundle ?? {};
  if (!ctx.chunk) return null;
  const seen = new Set();
  const walk = (chunk) => {
    if (!chunk || seen.has(chunk.fileName)) return false;
    seen.add(chunk.fileName);
    return chunk.moduleIds.some((id) => /[\\/]xiangqi_wasm\.js$/.test(id)) || chunk.imports.some((f) => walk(bundle[f]));
  };
  const wanted = walk(ctx.chunk) ? /(^|\/)xiangqi_wasm_bg[^/]*\.wasm$/ : /(^|\/)xiangqi_view_bg[^/]*\.wasm$/;
  return Object.keys(bundle).find((f) => wanted.test(f)) ?? null;
}

export default defineConfig({
  root: here,
  // Relative URLs: the build works from any folder of a static host.
  base: './',
  build: {
    outDir: 'dist',
    // (the embed's build first empties dist/; the app's keeps what it finds there)
    emptyOutDir: part === 'embed',
    target: 'es2022',
    rollupOptions: {
      input,
      // xiangqi-wasm/board imports the bindings and the two modules they import dynamically (so that, unbundled, it
      // asks for the .wasm before they arrive: docs/board.md, "Loading it fast"); the app imports them statically
      // too, so the bundler notes that those dynamic imports split nothing off. That is expected: not reported.
      onwarn(warning, warn) {
        if (warning.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && /is dynamically imported by \S*board\.js/.test(warning.message)) return;
        warn(warning);
      },
    },
  },
  // The engine worker (the package's engine-worker.js) is an ES module worker that imports the wasm glue.
  worker: { format: 'es' },
  plugins: part === 'embed' ? [headLinks()] : [
    headLinks(),
    VitePWA({
      // The app registers the service worker itself (src/pwa.js) so that no inline script is needed (CSP) and
      // a new build is offered to the user instead of taking over silently.
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      includeManifestIcons: false,
      workbox: {
        // Every file of the build is precached: the pages, the scripts (the engine worker and the record worker
        // too), the styles, the wasm, the icons and the manifest. Files whose names carry Vite's content hash
        // are precached under their name; the others (the pages, the icons, the manifest) with a Workbox
        // revision, the MD5 of their content. A new build changes sw.js, which the browser finds as an update.
        // (The manifest itself is added by vite-plugin-pwa, with its revision; the icons come from the glob.)
        // JSON: the Puzzles section's set (public/puzzles.json), so the section works offline. NNUE: the engine's
        // neural net (xiangqi-wasm/network.nnue, 46 KB gzipped), fetched when the search worker starts.
        globPatterns: ['**/*.{html,js,css,wasm,png,svg,ico,woff2,json,nnue}'],
        // Except the opening explorer's data (xiangqi-wasm/openings-data.json, 260 KB gzipped): not downloaded with
        // the app but when the explorer is first opened, then kept for offline use by the runtime cache below.
        // And the light wasm of the lesson embed (embed.html; 203 KB gzipped), which the app itself never loads:
        // cached when the embed page first uses it, like the explorer's data.
        globIgnores: ['**/openings-data*.json', '**/xiangqi_view_bg*.wasm'],
        runtimeCaching: [{
          urlPattern: ({ url }) => /\/openings-data[^/]*\.json$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'xiangqi-openings', expiration: { maxEntries: 2 } },
        }, {
          urlPattern: ({ url }) => /\/xiangqi_view_bg[^/]*\.wasm$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'xiangqi-embed-wasm', expiration: { maxEntries: 2 } },
        }],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
