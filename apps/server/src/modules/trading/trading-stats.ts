import { formatScaled } from '@td/contracts/decimal';
import type { TStatsPeriod, TTradingStats } from '@td/contracts/financing';
import { mulDivRound } from '@td/contracts/money-math';

/** One closed trade (a position closed, or the part of it): what it made, paid and settled. */
export interface ClosedTrade {
  symbol: string;
  /** The realised result: the price's move and the swaps settled. */
  pnlCents: bigint;
  feeCents: bigint;
  swapCents: bigint;
}

export const STATS_PERIOD_DAYS: Record<TStatsPeriod, number | undefined> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
  all: undefined,
};

const usd = (cents: bigint) => formatScaled(cents, 2);
/** a ÷ b with 2 decimals, rounded half away from zero. */
const ratio = (a: bigint, b: bigint, times = 1n) => formatScaled(mulDivRound(a * times, 100n, b), 2);

/**
 * The deepest fall of an equity curve from a running peak to a later trough: in cents, and in
 * percent of that peak. Zero on a curve that never fell; undefined on an empty one.
 */
export function maxDrawdown(equity: readonly bigint[]): { cents: bigint; percent: string } | undefined {
  if (equity.length === 0) return undefined;
  let peak = equity[0] ?? 0n;
  let worst = 0n;
  let worstPeak = peak;
  for (const point of equity) {
    if (point > peak) peak = point;
    if (peak - point > worst) {
      worst = peak - point;
      worstPeak = peak;
    }
  }
  return { cents: worst, percent: worstPeak > 0n ? ratio(worst, worstPeak, 100n) : '0.00' };
}

/**
 * An account's trading statistics over a period, from its closed trades and its equity curve. A
 * trade's result is what it made net of its opening fee (a position closed in parts carries its
 * fee on the last part); a result of zero counts as neither a win nor a loss.
 */
export function tradingStats(
  period: TStatsPeriod,
  trades: readonly ClosedTrade[],
  equity: readonly bigint[],
): TTradingStats {
  const results = trades.map((trade) => trade.pnlCents - trade.feeCents);
  const wins = results.filter((result) => result > 0n);
  const losses = results.filter((result) => result < 0n);
  const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);
  const grossProfit = sum(wins);
  const grossLoss = -sum(losses);
  const net = sum(results);
  const count = BigInt(results.length);

  const byPair = new Map<string, bigint>();
  for (const [index, trade] of trades.entries())
    byPair.set(trade.symbol, (byPair.get(trade.symbol) ?? 0n) + (results[index] ?? 0n));
  const ranked = [...byPair.entries()].sort(([a, x], [b, y]) =>
    x === y ? a.localeCompare(b) : x > y ? -1 : 1,
  );
  const best = ranked[0];
  const worst = ranked.at(-1);
  const drawdown = maxDrawdown(equity);

  return {
    period,
    closedTrades: results.length,
    wins: wins.length,
    losses: losses.length,
    winRate: count > 0n ? ratio(BigInt(wins.length), count, 100n) : null,
    profitFactor: grossLoss > 0n ? ratio(grossProfit, grossLoss) : null,
    expectancy: count > 0n ? usd(mulDivRound(net, 1n, count)) : null,
    averageWin: wins.length > 0 ? usd(mulDivRound(grossProfit, 1n, BigInt(wins.length))) : null,
    averageLoss: losses.length > 0 ? usd(-mulDivRound(grossLoss, 1n, BigInt(losses.length))) : null,
    largestWin: wins.length > 0 ? usd(wins.reduce((a, b) => (b > a ? b : a))) : null,
    largestLoss: losses.length > 0 ? usd(losses.reduce((a, b) => (b < a ? b : a))) : null,
    netResult: usd(net),
    maxDrawdown: drawdown ? usd(drawdown.cents) : null,
    maxDrawdownPercent: drawdown ? drawdown.percent : null,
    swapsPaid: usd(-sum(trades.map((trade) => trade.swapCents))),
    feesPaid: usd(sum(trades.map((trade) => trade.feeCents))),
    bestPair: best ? { symbol: best[0], result: usd(best[1]) } : null,
    worstPair: worst ? { symbol: worst[0], result: usd(worst[1]) } : null,
  };
}
