// Type-checked with usage.ts (tsconfig.json): the arbiter's tools of Game (claimableDraw, overrideIdle,
// idleOverrides).
import { Game, type ClaimableDraw } from '../../pkg/xiangqi_wasm.js';

export function arbiter(game: Game): void {
  const claim: ClaimableDraw | null = game.claimableDraw();
  if (claim !== null) {
    const code: 'loneCannonAgainstDefenders' = claim;
  }
  const changed: boolean = game.overrideIdle(3);
  const plies: number[] = game.idleOverrides();
  // @ts-expect-error the ply is a number
  game.overrideIdle('3');
  // @ts-expect-error no other claim codes
  const other: ClaimableDraw = 'twoCannons';
}
