// `xiangqi-wasm/jsx` is a types-only entry (jsx.d.ts: the package's custom elements for React's JSX). This module
// is empty, so that `import "xiangqi-wasm/jsx"` also works at run time.
export {};
