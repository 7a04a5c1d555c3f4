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

export default defineConfig({
  root: here,
  // Relative URLs: the build works from any folder of a static host.
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: { input: pages },
  },
  // The engine worker (the package's engine-worker.js) is an ES module worker that imports the wasm glue.
  worker: { format: 'es' },
  plugins: [
    VitePWA({
      // The app registers the service worker itself (src/pwa.js) so that no inline script is needed (CSP) and
      // a new build is offered to the user instead of taking over silently.
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{html,js,css,wasm,png,svg,webmanifest}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
