// `xiangqi-wasm/jsx`, `xiangqi-wasm/vue` and `xiangqi-wasm/svelte` are types-only entries (jsx.d.ts, vue.d.ts,
// svelte.d.ts: the package's custom elements for React's JSX, Vue templates, Svelte). This module is empty, so that
// `import "xiangqi-wasm/jsx"` (or /vue, /svelte) also works at run time.
export {};
