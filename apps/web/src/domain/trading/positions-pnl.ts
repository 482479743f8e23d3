import { livePnl, sumMoney, type TQuote, withSwap } from './trading-math';

/** An open position as its row values it. */
export interface TValuedPosition {
  side: 'buy' | 'sell';
  amount: string;
  price: string | null;
  swap?: string | undefined;
  /** The server's figure, shown until a quote arrives. */
  pnl: string | null;
}

/**
 * A position's unrealised PnL as its row shows it: at the live quote with its swaps, to the cent,
 * else the server's figure.
 */
export function positionPnl(
  position: TValuedPosition,
  quote: TQuote | undefined,
  pricePrecision: number,
): string | null {
  return withSwap(livePnl(position, quote, pricePrecision), position.swap) ?? position.pnl;
}

/**
 * The unrealised PnL of the book: the sum of the rows' own figures (each already rounded to the
 * cent), so the total always equals what the rows add up to.
 */
export function positionsPnlTotal(
  rows: ReadonlyArray<{ position: TValuedPosition; quote: TQuote | undefined; pricePrecision: number }>,
): string {
  return sumMoney(rows.map((row) => positionPnl(row.position, row.quote, row.pricePrecision)));
}
