// Splits the amount in open positions between crypto, forex and stocks for the portfolio's
// allocation, with shares rounded so that they always add up to exactly 100.0 %.
import { formatScaled } from '@td/contracts/decimal';
import type { TPairType } from '@td/contracts/statuses';
import { MONEY_SCALE, toScaled } from './trading-math';

export interface TAllocationSlice {
  pairType: TPairType;
  /** USD of open positions in this market, 2 decimals. */
  amount: string;
  /** Share of all open positions in percent, one decimal ('62.5'). */
  percent: string;
  /** The same share in tenths of a percent (625), for drawing. */
  permille: number;
}

const PAIR_TYPES: readonly TPairType[] = ['crp', 'forex', 'stocks'];

/**
 * How the open position amount splits between crypto, forex and stocks. Shares are rounded to a
 * tenth of a percent by the largest remainder, so they always add up to exactly 100.0.
 */
export function allocationByPairType(
  positions: readonly { symbol: string; amount: string }[],
  pairTypeOf: (symbol: string) => TPairType | undefined,
): TAllocationSlice[] {
  const totals = new Map<TPairType, bigint>(PAIR_TYPES.map((type) => [type, 0n]));
  for (const position of positions) {
    const type = pairTypeOf(position.symbol);
    const cents = toScaled(position.amount, MONEY_SCALE);
    if (!type || cents === null) continue;
    totals.set(type, (totals.get(type) ?? 0n) + cents);
  }
  const sum = [...totals.values()].reduce((total, value) => total + value, 0n);
  if (sum === 0n) return [];
  const shares = PAIR_TYPES.map((type) => {
    const cents = totals.get(type) ?? 0n;
    const exact = cents * 1000n;
    return { type, cents, permille: exact / sum, remainder: exact % sum };
  });
  let left = 1000n - shares.reduce((total, share) => total + share.permille, 0n);
  for (const share of [...shares].sort((a, b) =>
    b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : 0,
  )) {
    if (left <= 0n) break;
    if (share.cents === 0n) continue;
    share.permille += 1n;
    left -= 1n;
  }
  return shares
    .filter((share) => share.cents > 0n)
    .map((share) => ({
      pairType: share.type,
      amount: formatScaled(share.cents, MONEY_SCALE),
      percent: formatScaled(share.permille, 1),
      permille: Number(share.permille),
    }));
}
