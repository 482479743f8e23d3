import { AMOUNT_MAX } from '@td/contracts/constants';
import { EXPIRY_AHEAD_MAX_MS, EXPIRY_AHEAD_MIN_MS } from '@td/contracts/trading';
import { formatMoney, readDecimalInput } from '../../lib/format';
import { t } from '../../lib/i18n';
import { MONEY_SCALE, toScaled } from './trading-math';

// Validation of the order ticket's and the dialogs' inputs, in the words shown under the fields.
// Every check works on scaled integers: '0.1' + '0.2' is never a float here.

/**
 * What was typed or pasted, in the language's way of writing numbers ('1 234,5', '42.842,50'), as
 * a value the field accepts ('1234.5': digits and at most one point), or null for a keystroke that
 * would not make a number.
 */
export const cleanDecimalInput = readDecimalInput;

const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

/** An amount in USD: required, at most 2 decimals, between `min` and `max` (both decimal strings). */
export function amountError(
  text: string,
  limits: { min?: string; max?: string } = {},
  label = t('trade.form.amount'),
): string | undefined {
  if (text.trim() === '') return t('trade.form.enterAmount');
  if (decimalsOf(text) > MONEY_SCALE) return t('trade.form.amountDecimals', { label, decimals: MONEY_SCALE });
  const cents = toScaled(text, MONEY_SCALE);
  if (cents === null || cents <= 0n) return t('trade.form.amountPositive', { label });
  const min = limits.min === undefined ? null : toScaled(limits.min, MONEY_SCALE);
  const maxLimit = toScaled(limits.max ?? String(AMOUNT_MAX), MONEY_SCALE);
  const productMax = BigInt(AMOUNT_MAX) * 100n;
  const max = maxLimit === null || maxLimit > productMax ? productMax : maxLimit;
  if (min !== null && cents < min)
    return t('trade.form.minimum', { amount: formatMoney(limits.min, MONEY_SCALE) });
  if (cents > max) return t('trade.form.maximum', { amount: formatMoney(String(max / 100n), MONEY_SCALE) });
  return undefined;
}

/** A price of the pair: optional unless `isRequired`, above 0, at most the pair's decimals. */
export function priceError(text: string, precision: number, isRequired = false): string | undefined {
  if (text.trim() === '') return isRequired ? t('trade.form.enterPrice') : undefined;
  if (decimalsOf(text) > precision) return t('trade.form.priceDecimals', { decimals: precision });
  const scaled = toScaled(text, precision);
  if (scaled === null || scaled <= 0n) return t('trade.form.pricePositive');
  return undefined;
}

/** Leverage: a whole number from 1 to the pair's maximum. */
export function leverageError(value: number, maxLeverage: number): string | undefined {
  if (!Number.isInteger(value) || value < 1) return t('trade.form.leverageWhole');
  if (value > maxLeverage) return t('trade.form.leverageMax', { max: maxLeverage });
  return undefined;
}

/** Keeps leverage typed or slid within 1…max. */
export function clampLeverage(value: number, maxLeverage: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.round(value)), Math.max(1, maxLeverage));
}

/**
 * The client order id of a submit: a fresh one for every new order, the same one when the very
 * same request is sent again after its answer was lost (so the server places it once).
 */
export function createClientOrderIds(newId: () => string = () => crypto.randomUUID()) {
  let pending: { key: string; id: string } | null = null;
  return {
    /** The id to send for a request of this content. */
    idFor(key: string): string {
      if (pending?.key !== key) pending = { key, id: newId() };
      return pending.id;
    },
    /** The server answered (placed or refused): the next submit is a new order. */
    settle(): void {
      pending = null;
    },
  };
}

// --- Stop orders, trailing stops and expiry ---

/**
 * A stop order's trigger: required, a price of the pair, and for a buy above the ask, for a sell
 * below the bid (at or past it, it would fire at once); the server refuses it otherwise.
 */
export function stopPriceError(
  side: 'buy' | 'sell',
  text: string,
  quote: { bid: string; ask: string } | null | undefined,
  precision: number,
): string | undefined {
  const problem = priceError(text, precision, true);
  if (problem || !quote) return problem;
  const stop = toScaled(text, precision);
  const bid = toScaled(quote.bid, precision);
  const ask = toScaled(quote.ask, precision);
  if (stop === null || bid === null || ask === null) return undefined;
  if (side === 'buy' && stop <= ask) return t('trade.form.buyStopAboveAsk', { price: quote.ask });
  if (side === 'sell' && stop >= bid) return t('trade.form.sellStopBelowBid', { price: quote.bid });
  return undefined;
}

/** A trailing stop's distance: a price of the pair above 0, and below the price itself. */
export function trailingStopError(text: string, precision: number, price: string | null | undefined) {
  const problem = priceError(text, precision, true);
  if (problem) return problem;
  const distance = toScaled(text, precision);
  const reference = toScaled(price ?? null, precision);
  if (distance !== null && reference !== null && distance >= reference)
    return t('trade.form.trailingBelowPrice');
  return undefined;
}

/** A good-till-date end as typed (a local date and time): required, a minute to a year ahead. */
export function expiryError(text: string, nowMs: number): string | undefined {
  if (text.trim() === '') return t('trade.form.enterExpiry');
  const atMs = Date.parse(text);
  if (!Number.isFinite(atMs) || atMs < nowMs + EXPIRY_AHEAD_MIN_MS || atMs > nowMs + EXPIRY_AHEAD_MAX_MS)
    return t('trade.form.expiryRange');
  return undefined;
}
