// Type-checked alone with tsconfig.types.json: `"types": ["xiangqi-wasm/jsx"]` instead of the import.
export const board = <xiangqi-board fen="4k4/9/9/9/9/9/9/9/9/4K4 w" interactive onmove={(e) => e.detail.move} />;
// @ts-expect-error: not an orientation
export const wrong = <xiangqi-board orientation="blue" />;
