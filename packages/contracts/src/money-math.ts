/**
 * Integer money arithmetic. Amounts are bigint minor units (cents); rates and prices are scaled
 * integers. Every division says how it rounds.
 */

/** a × b ÷ c, rounded half away from zero. */
export function mulDivRound(a: bigint, b: bigint, c: bigint): bigint {
  if (c === 0n) throw new RangeError('division by zero');
  const numerator = a * b;
  const isNegative = numerator < 0n !== c < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = c < 0n ? -c : c;
  const quotient = (n + d / 2n) / d;
  return isNegative ? -quotient : quotient;
}

/** a × b ÷ c, rounded toward negative infinity (never more than exact). */
export function mulDivFloor(a: bigint, b: bigint, c: bigint): bigint {
  if (c === 0n) throw new RangeError('division by zero');
  const numerator = a * b;
  const quotient = numerator / c;
  return numerator % c !== 0n && numerator < 0n !== c < 0n ? quotient - 1n : quotient;
}

/** a × b ÷ c, rounded toward positive infinity (never less than exact). */
export function mulDivCeil(a: bigint, b: bigint, c: bigint): bigint {
  return -mulDivFloor(-a, b, c);
}

export const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);
export const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
