import { formatScaled, parseScaled } from '@td/contracts/decimal';
import { feeFor, liquidationPrice, marginFor, pnlAt, type TSide } from '@td/contracts/trading-math';
import { formatMoney } from '../../lib/format';
import { changeDirection } from '../../lib/format-market';
import { t } from '../../lib/i18n';

// The order ticket's preview and the live PnL of open positions, computed by the server's own
// rules (`@td/contracts/trading-math`: integers of cents and of the pair's price precision, each
// division rounded the same way), so the preview shows the very cents the order will hold. This
// file only adapts the form's decimal strings to them and back; nothing here is ever a float.

export type { TSide };

/** Fee rates are read in parts per million ('0.0005' → 500). */
const FEE_RATE_SCALE = 6;
/** Money is in cents on the wire. */
export const MONEY_SCALE = 2;

/** A decimal string as an integer at `scale`, or null when it is not a plain number of at most `scale` decimals. */
export function toScaled(text: string | null | undefined, scale: number): bigint | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    return parseScaled(text, scale);
  } catch {
    return null;
  }
}

/** Like toScaled, but rounds extra decimals half up (a price of another precision, a fee rate). */
function toScaledRounded(text: string | null | undefined, scale: number): bigint | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    return parseScaled(text, scale, 'half-up');
  } catch {
    return null;
  }
}

/** Margin held for a position: amount ÷ leverage, rounded up to the cent. */
export const marginCentsFor = marginFor;

/** The opening fee: `rate` ('0.0005' = 0.05 %) of the amount, rounded half up to the cent. */
export function feeCentsFor(amountCents: bigint, rate: string): bigint {
  return feeFor(amountCents, toScaledRounded(rate, FEE_RATE_SCALE) ?? 0n);
}

/** The liquidation price at the pair's precision (see `liquidationPrice`). */
export const liquidationScaled = liquidationPrice;

/** Profit or loss in cents of `amountCents` opened at `entry` and valued at `price`. */
export const pnlCentsAt = pnlAt;

export interface TQuote {
  bid: string;
  ask: string;
}

/** A market order opens at the ask (buy) or the bid (sell). */
export const openSidePrice = (side: TSide, quote: TQuote) => (side === 'buy' ? quote.ask : quote.bid);
/** A position closes, and is valued, at the bid (buy) or the ask (sell). */
export const closeSidePrice = (side: TSide, quote: TQuote) => (side === 'buy' ? quote.bid : quote.ask);

export interface TOrderPreviewInput {
  side: TSide;
  /** USD, as typed ('1000', '1000.5'). */
  amount: string;
  leverage: number;
  /** The entry price: the ask or bid for a market order, the limit price for a limit order. */
  entryPrice: string | null | undefined;
  pricePrecision: number;
  /** The opening fee rate of `GET /settings/trading` ('0.0005'). */
  feeRate: string;
  /**
   * The account's group rule (from its balance): an isolated position is liquidated at the
   * stop-out level; a cross one has no liquidation price of its own. Today's 20 % when unknown.
   */
  risk?: { marginMode: 'isolated' | 'cross'; stopOutLevel: number } | undefined;
}

export interface TOrderPreview {
  /** Decimal strings with 2 decimals. */
  margin: string;
  fee: string;
  /** Margin plus fee: what leaves the free balance. */
  cost: string;
  /** At the pair's precision; null without an entry price. */
  liquidationPrice: string | null;
  marginCents: bigint;
  feeCents: bigint;
}

/** What an order will hold, or null while the amount or leverage is not a valid number. */
export function previewOrder(input: TOrderPreviewInput): TOrderPreview | null {
  const amountCents = toScaled(input.amount, MONEY_SCALE);
  if (amountCents === null || amountCents <= 0n) return null;
  if (!Number.isInteger(input.leverage) || input.leverage < 1) return null;
  const marginCents = marginCentsFor(amountCents, input.leverage);
  const feeCents = feeCentsFor(amountCents, input.feeRate);
  const entry = toScaledRounded(input.entryPrice, input.pricePrecision);
  const liquidation =
    entry !== null && entry > 0n && input.risk?.marginMode !== 'cross'
      ? liquidationScaled(
          input.side,
          amountCents,
          marginCents,
          entry,
          input.risk ? BigInt(input.risk.stopOutLevel) : undefined,
        )
      : null;
  return {
    margin: formatScaled(marginCents, MONEY_SCALE),
    fee: formatScaled(feeCents, MONEY_SCALE),
    cost: formatScaled(marginCents + feeCents, MONEY_SCALE),
    liquidationPrice: liquidation === null ? null : formatScaled(liquidation, input.pricePrecision),
    marginCents,
    feeCents,
  };
}

/**
 * The unrealised PnL of an open position at a live quote, as a decimal string with 2 decimals, or
 * null when a figure is missing. Matches the server's valuation of the same quote to the cent.
 */
export function livePnl(
  position: { side: TSide; amount: string; price: string | null },
  quote: TQuote | undefined,
  pricePrecision: number,
): string | null {
  if (!quote || !position.price) return null;
  const amountCents = toScaled(position.amount, MONEY_SCALE);
  const entry = toScaledRounded(position.price, pricePrecision);
  const price = toScaledRounded(closeSidePrice(position.side, quote), pricePrecision);
  if (amountCents === null || entry === null || price === null || entry === 0n) return null;
  return formatScaled(pnlCentsAt(position.side, amountCents, entry, price), MONEY_SCALE);
}

/** A PnL with the position's accumulated swaps added (the server counts them in it); null stays null. */
export function withSwap(pnl: string | null, swap: string | undefined): string | null {
  if (pnl === null || !swap) return pnl;
  const pnlCents = toScaled(pnl, MONEY_SCALE);
  const swapCents = toScaled(swap, MONEY_SCALE);
  if (pnlCents === null || swapCents === null) return pnl;
  return formatScaled(pnlCents + swapCents, MONEY_SCALE);
}

/**
 * Why a take-profit or stop-loss would be refused, or undefined: for a buy the take-profit lies
 * above the reference price and the stop-loss below; the reverse for a sell (the server's rule).
 */
export function exitProblem(
  side: TSide,
  reference: string | null | undefined,
  exits: { takeProfit?: string | null; stopLoss?: string | null },
  pricePrecision: number,
): { takeProfit?: string; stopLoss?: string } {
  const current = toScaledRounded(reference, pricePrecision);
  if (current === null) return {};
  const takeProfit = toScaledRounded(exits.takeProfit, pricePrecision);
  const stopLoss = toScaledRounded(exits.stopLoss, pricePrecision);
  const problems: { takeProfit?: string; stopLoss?: string } = {};
  const isBuy = side === 'buy';
  if (takeProfit !== null && (isBuy ? takeProfit <= current : takeProfit >= current)) {
    problems.takeProfit = t(isBuy ? 'orders.exits.takeProfitBuy' : 'orders.exits.takeProfitSell');
  }
  if (stopLoss !== null && (isBuy ? stopLoss >= current : stopLoss <= current)) {
    problems.stopLoss = t(isBuy ? 'orders.exits.stopLossBuy' : 'orders.exits.stopLossSell');
  }
  return problems;
}

/**
 * The largest position, in USD with 2 decimals, whose margin and fee fit in `freeMargin` at this
 * leverage: the most the ticket can open. '0.00' when nothing fits or a figure is unreadable.
 */
export function maxAffordableAmount(freeMargin: string, leverage: number, feeRate: string): string {
  const free = toScaledRounded(freeMargin, MONEY_SCALE);
  const ppm = toScaledRounded(feeRate, FEE_RATE_SCALE);
  if (free === null || free <= 0n || ppm === null || !Number.isInteger(leverage) || leverage < 1) {
    return formatScaled(0n, MONEY_SCALE);
  }
  const cost = (amount: bigint) => marginCentsFor(amount, leverage) + feeFor(amount, ppm);
  const lever = BigInt(leverage);
  const perMillion = 10n ** BigInt(FEE_RATE_SCALE);
  // The exact bound ignoring rounding (free × L ÷ (1 + L × rate)); rounding moves it by a few cents.
  let amount = (free * lever * perMillion) / (perMillion + lever * ppm);
  while (amount > 0n && cost(amount) > free) amount -= 1n;
  while (cost(amount + 1n) <= free) amount += 1n;
  return formatScaled(amount, MONEY_SCALE);
}

/** `share` ('0.5') of a money amount, rounded down to the cent; '0.00' when unreadable. */
export function shareOf(money: string, share: string): string {
  const cents = toScaledRounded(money, MONEY_SCALE) ?? 0n;
  const ppm = toScaledRounded(share, FEE_RATE_SCALE) ?? 0n;
  const scaled = cents * ppm;
  const perMillion = 10n ** BigInt(FEE_RATE_SCALE);
  return formatScaled(
    scaled >= 0n ? scaled / perMillion : -((-scaled + perMillion - 1n) / perMillion),
    MONEY_SCALE,
  );
}

/**
 * Whether an order is large enough to confirm first: what it puts at stake (its margin and fee)
 * is more than `share` of the money it comes out of (the account's free margin), whatever its
 * leveraged size. Unknown until both are known.
 */
export function isLargeOrder(
  atStake: string | undefined,
  available: string | undefined,
  share: string,
): boolean {
  if (atStake === undefined || available === undefined) return false;
  return compareMoney(atStake, shareOf(available, share)) > 0;
}

/** Sum of decimal strings with 2 decimals; unreadable values count as zero. */
export function sumMoney(values: readonly (string | null | undefined)[]): string {
  let total = 0n;
  for (const value of values) total += toScaledRounded(value, MONEY_SCALE) ?? 0n;
  return formatScaled(total, MONEY_SCALE);
}

/** Compares two money strings: negative, zero or positive like a sort comparator. */
export function compareMoney(a: string, b: string): number {
  const left = toScaledRounded(a, MONEY_SCALE) ?? 0n;
  const right = toScaledRounded(b, MONEY_SCALE) ?? 0n;
  return left === right ? 0 : left < right ? -1 : 1;
}

/** A rate as a percentage for labels: '0.0005' → '0.05 %', '0.001' → '0.1 %'. */
export function ratePercent(rate: string): string {
  const ppm = toScaledRounded(rate, FEE_RATE_SCALE) ?? 0n;
  // Parts per million are percent with four decimals.
  const text = formatScaled(ppm, 4).replace(/\.?0+$/, '');
  return `${formatMoney(text, text.split('.')[1]?.length ?? 0)} %`;
}

/**
 * The leverage a position really runs at: its size ÷ the margin it holds, as a decimal string with
 * one decimal rounded half up ('1000' on '160' → '6.3'); null when a figure is missing or the
 * margin is zero. Added margin lowers it below the leverage the position was opened at.
 */
export function effectiveLeverage(amount: string, margin: string): string | null {
  const amountCents = toScaled(amount, MONEY_SCALE);
  const marginCents = toScaled(margin, MONEY_SCALE);
  if (amountCents === null || marginCents === null || amountCents <= 0n || marginCents <= 0n) return null;
  // Tenths, rounded half up: (amount × 10 + margin ÷ 2) ÷ margin.
  const tenths = (amountCents * 10n * 2n + marginCents) / (marginCents * 2n);
  return formatScaled(tenths, 1);
}

/**
 * The effective leverage when added margin has lowered it below `leverage` (opened at), else null:
 * the margin of an untouched position rounds up to the cent, which must not read as a change.
 */
export function loweredLeverage(position: {
  amount: string;
  margin: string;
  leverage: number;
}): string | null {
  const effective = effectiveLeverage(position.amount, position.margin);
  const tenths = toScaled(effective, 1);
  if (tenths === null) return null;
  return tenths < BigInt(position.leverage) * 10n ? effective : null;
}

/** '+12.34 USD', '-3.10 USD', '0.00 USD': a realised result, signed, in the language shown. */
export function formatResult(pnl: string | null): string {
  return `${changeDirection(pnl) === 'up' ? '+' : ''}${formatMoney(pnl, 2)} USD`;
}
