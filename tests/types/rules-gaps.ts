// Type-checked with usage.ts (tsconfig.json): the arbiter's tools of Game (claimableDraw, overrideIdle,
// idleOverrides, repetitionViolations).
import { Game, type ClaimableDraw, type RepetitionViolation } from '../../pkg/xiangqi_wasm.js';

export function arbiter(game: Game): void {
  const claim: ClaimableDraw | null = game.claimableDraw();
  if (claim !== null) {
    const code: 'loneCannonAgainstDefenders' = claim;
  }
  const changed: boolean = game.overrideIdle(3);
  const plies: number[] = game.idleOverrides();
  const violations: RepetitionViolation[] = game.repetitionViolations();
  const third: RepetitionViolation | undefined = violations.find((v) => v.number === 3);
  if (third) {
    const loser: 'red' | 'black' = third.offender;
    const at: number = third.ply;
  }
  // @ts-expect-error the ply is a number
  game.overrideIdle('3');
  // @ts-expect-error no other claim codes
  const other: ClaimableDraw = 'twoCannons';
}
