// Type-checked alone with tsconfig.types.json: `"types": ["xiangqi-wasm/jsx"]` instead of the import.
export const board = <xiangqi-board fen="4k4/9/9/9/9/9/9/9/9/4K4 w" interactive onmove={(e) => e.detail.move} />;
// @ts-expect-error: not an orientation
export const wrong = <xiangqi-board orientation="blue" />;
export const puzzle = (
  <xiangqi-puzzle fen="3k5/4a4/9/9/9/9/9/9/9/4K4 w" goal="mate" moves={2} lang="zh"
    onsolved={(e) => e.detail.attempts} onwrong={(e) => e.detail.move} />
);
// @ts-expect-error: not a goal
export const wrongGoal = <xiangqi-puzzle goal="draw" />;
