// The trading arithmetic the server books by and the web app previews with, in integer cents:
// margin, fees, profit and loss, liquidation prices, and when take-profit, stop-loss or a limit
// order fires.
import { mulDivCeil, mulDivFloor, mulDivRound } from './money-math';

export type TSide = 'buy' | 'sell';

/**
 * Liquidation when a position's equity falls to this share of its margin: the position closes
 * before it can cost more than its margin.
 */
export const LIQUIDATION_EQUITY_PERCENT = 20n;
const PPM = 1_000_000n;

/** Margin held for a position: amount ÷ leverage, rounded up (the house never under-collateralises). */
export function marginFor(amountCents: bigint, leverage: number): bigint {
  return mulDivCeil(amountCents, 1n, BigInt(leverage));
}

/** The opening fee: a rate in parts per million of the amount, rounded half up. */
export function feeFor(amountCents: bigint, feePpm: bigint): bigint {
  return mulDivRound(amountCents, feePpm, PPM);
}

/**
 * Profit (or loss) of a position of `amountCents` USD opened at `entry`, valued at `price`:
 * amount × (price − entry) ÷ entry for a buy, the opposite for a sell; rounded down (toward
 * negative infinity), so a fraction of a cent is never the trader's: a profit rounds toward zero,
 * a loss away from it.
 */
export function pnlAt(side: TSide, amountCents: bigint, entry: bigint, price: bigint): bigint {
  return partPnl(side, amountCents, entry, price, 0n).pnlCents;
}

/** What one part of a position closed in parts books, and what it carries to the next part. */
export interface PartPnl {
  pnlCents: bigint;
  /** What the parts closed so far made beyond what they booked, in cents × entry: 0 ≤ carry < entry. */
  carry: bigint;
}

/**
 * The result booked for one part of a position that closes in parts (every part at the position's
 * `entry`, each at its own `price`). After every part, what the parts have booked together is what
 * they made together rounded down, so a part books that total minus what the earlier parts booked:
 * many small parts book, to the cent, what one close of the same amount at the same prices would,
 * and the sub-cent remainders of the parts never add up in the trader's favour. `carry` is what the
 * earlier parts made beyond what they booked (0 for the first part, or a close in one go).
 */
export function partPnl(
  side: TSide,
  amountCents: bigint,
  entry: bigint,
  price: bigint,
  carry: bigint,
): PartPnl {
  const move = side === 'buy' ? price - entry : entry - price;
  const made = carry + amountCents * move;
  const pnlCents = mulDivFloor(made, 1n, entry);
  return { pnlCents, carry: made - pnlCents * entry };
}

/**
 * The price at which equity (margin + PnL) reaches 20 % of the margin (or the stop-out level of the
 * account's group, `equityPercent`), i.e. PnL = −80 % of it.
 * Buy: entry × (1 − 0.8·margin/amount), rounded down; sell: entry × (1 + 0.8·margin/amount), rounded
 * up, so the trigger never fires before the threshold is truly reached.
 */
export function liquidationPrice(
  side: TSide,
  amountCents: bigint,
  marginCents: bigint,
  entry: bigint,
  equityPercent: bigint = LIQUIDATION_EQUITY_PERCENT,
): bigint {
  const lossShare = (100n - equityPercent) * marginCents;
  if (side === 'buy') {
    const price = mulDivFloor(entry, 100n * amountCents - lossShare, 100n * amountCents);
    return price > 0n ? price : 0n;
  }
  return mulDivCeil(entry, 100n * amountCents + lossShare, 100n * amountCents);
}

/** The price a position closes at: a buy sells at the bid, a sell buys back at the ask. */
export const closeSidePrice = (side: TSide, quote: { bid: bigint; ask: bigint }) =>
  side === 'buy' ? quote.bid : quote.ask;
/** The price a market order opens at: a buy at the ask, a sell at the bid. */
export const openSidePrice = (side: TSide, quote: { bid: bigint; ask: bigint }) =>
  side === 'buy' ? quote.ask : quote.bid;

/**
 * Why a take-profit or stop-loss is refused, or undefined when it is fine: for a buy the
 * take-profit lies above the current price and the stop-loss below; the reverse for a sell.
 */
export function checkExits(
  side: TSide,
  current: bigint,
  exits: { takeProfit?: bigint | null; stopLoss?: bigint | null },
): string | undefined {
  const { takeProfit, stopLoss } = exits;
  if (side === 'buy') {
    if (takeProfit != null && takeProfit <= current)
      return 'Take profit must be above the current price for a buy';
    if (stopLoss != null && stopLoss >= current) return 'Stop loss must be below the current price for a buy';
  } else {
    if (takeProfit != null && takeProfit >= current)
      return 'Take profit must be below the current price for a sell';
    if (stopLoss != null && stopLoss <= current)
      return 'Stop loss must be above the current price for a sell';
  }
  return undefined;
}

export type TExit = 'liquidation' | 'stop_loss' | 'take_profit';

interface ExitLevels {
  side: TSide;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
  liquidationPrice: bigint | null;
}

/**
 * Whether one exit of a position fires at `price` (its close-side price): a take-profit as the
 * price moves the position's way, a stop-loss or liquidation as it moves against it.
 */
export function exitFiresAt(position: ExitLevels, exit: TExit, price: bigint): boolean {
  const level =
    exit === 'take_profit'
      ? position.takeProfit
      : exit === 'stop_loss'
        ? position.stopLoss
        : position.liquidationPrice;
  if (level == null) return false;
  const isRise = (position.side === 'buy') === (exit === 'take_profit');
  return isRise ? price >= level : price <= level;
}

/** Which trigger a price crosses for an open position, if any (liquidation first). */
export function crossedExit(position: ExitLevels, quote: { bid: bigint; ask: bigint }): TExit | undefined {
  const price = closeSidePrice(position.side, quote);
  const exits: TExit[] = ['liquidation', 'stop_loss', 'take_profit'];
  return exits.find((exit) => exitFiresAt(position, exit, price));
}

/** Whether a pending limit order fills at this quote: a buy when the ask falls to its price. */
export function limitFills(side: TSide, limit: bigint, quote: { bid: bigint; ask: bigint }): boolean {
  return side === 'buy' ? quote.ask <= limit : quote.bid >= limit;
}
