import { formatScaled } from './decimal';
import { mulDivFloor } from './money-math';

/**
 * An account's margin level: equity ÷ margin used × 100, as a decimal string with 2 decimals
 * (rounded down: a level is never shown safer than it is), or null with no margin in use.
 */
export function marginLevel(equityCents: bigint, marginCents: bigint): string | null {
  if (marginCents <= 0n) return null;
  return formatScaled(mulDivFloor(equityCents, 10_000n, marginCents), 2);
}

/** Whether equity ÷ margin × 100 is at or below `levelPercent` (exact; never with no margin). */
export function isAtOrBelow(equityCents: bigint, marginCents: bigint, levelPercent: number): boolean {
  return marginCents > 0n && equityCents * 100n <= BigInt(levelPercent) * marginCents;
}

/** Where a margin level stands against its group's levels, for colours and warnings. */
export type TMarginZone = 'none' | 'safe' | 'near' | 'call' | 'stop';

/**
 * `near` within half the gap above the margin call (at most 50 points), `call` at or below the
 * margin-call level, `stop` at or below stop-out; `none` without a level.
 */
export function marginZone(
  level: string | null,
  levels: { marginCallLevel: number; stopOutLevel: number },
): TMarginZone {
  if (level === null) return 'none';
  const value = Number(level);
  if (value <= levels.stopOutLevel) return 'stop';
  if (value <= levels.marginCallLevel) return 'call';
  const near = Math.min(50, (levels.marginCallLevel - levels.stopOutLevel) / 2);
  return value <= levels.marginCallLevel + near ? 'near' : 'safe';
}
