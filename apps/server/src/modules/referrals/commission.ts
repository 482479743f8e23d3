// The sums and wording of the referral programme: a referrer's share of an opening fee (rounded
// down, so the house never pays more than the rate) and referred users' names masked for display.
import { parseScaled } from '@td/contracts/decimal';
import { mulDivFloor } from '@td/contracts/money-math';

const PPM = 1_000_000n;

/** A rate written as a decimal fraction ("0.2") in parts per million (200000). */
export const ratePpmOf = (rate: string): bigint => parseScaled(rate, 6, 'down');

/**
 * The referrer's share of an opening fee, in cents: rounded down, so the house never pays more
 * than the rate (a fee of 0.01 at 20 % pays nothing rather than a cent).
 */
export function commissionFor(feeCents: bigint, ratePpm: bigint): bigint {
  if (feeCents <= 0n || ratePpm <= 0n) return 0n;
  return mulDivFloor(feeCents, ratePpm > PPM ? PPM : ratePpm, PPM);
}

/** "Ada Lovelace" → "A** L.": enough to recognise a friend, not to identify a stranger. */
export function maskName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const last = lastName.trim();
  const head = first
    ? `${first[0]?.toUpperCase()}${'*'.repeat(Math.max(2, Math.min(first.length - 1, 5)))}`
    : '***';
  return last ? `${head} ${last[0]?.toUpperCase()}.` : head;
}
