// webpack 5 with no configuration: its defaults (entry src/index.js, output dist/main.js) emit the .wasm and the
// search worker from the package's `new URL(..., import.meta.url)` by themselves. Same as `npx webpack` (webpack-cli).
import webpack from 'webpack';

webpack({ mode: 'production', context: import.meta.dirname }, (err, stats) => {
  if (err || stats.hasErrors()) {
    console.error(err ?? stats.toString('errors-only'));
    process.exit(1);
  }
});
