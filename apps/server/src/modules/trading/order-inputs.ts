import { formatScaled, parseScaled } from '@td/contracts/decimal';
import { badRequest, notFound } from '../../platform/errors';
import type { PairRow, PairsRepository } from '../pairs/pairs.repository';

/** The pair an order names, or a 404. */
export async function pairOf(pairs: Pick<PairsRepository, 'find'>, symbol: string): Promise<PairRow> {
  const pair = await pairs.find(symbol);
  if (!pair) throw notFound(`There is no pair ${symbol}`);
  return pair;
}

/**
 * A price a client typed for `pair` (a limit, a take-profit, a stop-loss), in minor units: positive
 * and within the pair's decimals. `null` (removed) and `undefined` (not given) pass through.
 */
export function priceInput(pair: PairRow, text: string | null | undefined, label: string) {
  if (text == null) return text === null ? null : undefined;
  try {
    const value = parseScaled(text, pair.pricePrecision);
    if (value <= 0n) throw new RangeError('not positive');
    return value;
  } catch {
    throw badRequest(`${label} must be a positive price with at most ${pair.pricePrecision} decimals`);
  }
}

/**
 * A part to close is at least the pair's minimum and leaves a position of at least that minimum
 * open (closing all of it is a close): a 400 naming the amount otherwise.
 */
export function checkPart(amountCents: bigint, part: { amountCents: bigint; minCents: bigint }) {
  const refuse = (message: string) => badRequest(message, [{ field: 'body.amount', message }]);
  if (part.amountCents <= 0n || part.amountCents >= amountCents)
    throw refuse('The amount to close must be more than 0 and less than the position');
  if (part.amountCents < part.minCents)
    throw refuse(`The amount to close must be at least ${formatScaled(part.minCents, 2)}`);
  if (amountCents - part.amountCents < part.minCents) {
    throw refuse(
      `What remains must be at least ${formatScaled(part.minCents, 2)}; close the whole position instead`,
    );
  }
}
