import { TriggerBooks } from '@td/server/bench';

// What the trigger benchmarks share: the waiting triggers they load, the quotes they tick with,
// and the timed loop that runs the ticks.

export type BenchQuote = { bid: bigint; ask: bigint };

/** Quotes a timed loop goes through in one round, again and again. */
const ROUND = 1024;

/**
 * `size` waiting triggers on `symbol`: limit orders, take profits, stop losses and liquidations
 * spread on both sides, none near `mid` (the trigger engine's flat case).
 */
export function waitingTriggers(size: number, mid: bigint, symbol: string): TriggerBooks {
  const books = new TriggerBooks();
  for (let i = 0; i < size; i++) {
    const far = BigInt(100_000 + ((i * 7919) % 1_000_000));
    const side = i % 2 === 0 ? 'buy' : 'sell';
    const pending = i % 3 === 0;
    books.upsert({
      id: `o${i}`,
      symbol,
      side,
      status: pending ? 'pnd' : 'act',
      price: pending ? (side === 'buy' ? mid - far : mid + far) : mid,
      takeProfit: side === 'buy' ? mid + far : mid - far,
      stopLoss: side === 'buy' ? mid - far : mid + far,
      liquidationPrice: side === 'buy' ? mid - 2n * far : mid + 2n * far,
    });
  }
  return books;
}

/** One round of quotes climbing and falling back within ±0.2 % of `mid` (bid + 500 the ask). */
export function swingingQuotes(mid: bigint): BenchQuote[] {
  return Array.from({ length: ROUND }, (_, i) => {
    const bid = mid + BigInt(Math.round(Math.sin(i / 40) * 9_000));
    return { bid, ask: bid + 500n };
  });
}

/**
 * Runs `tick` on each of a round of `quotes`, round after round (then `afterRound`), for
 * `budgetMs`: the ticks per second, the nanoseconds per tick and the seconds it ran.
 */
export function timeTicks(
  budgetMs: number,
  quotes: BenchQuote[],
  tick: (quote: BenchQuote) => void,
  afterRound?: () => void,
): { ticksPerSecond: number; nsPerTick: number; elapsedS: number } {
  let ticks = 0;
  const started = performance.now();
  while (performance.now() - started < budgetMs) {
    for (let i = 0; i < ROUND; i++) tick(quotes[i] as BenchQuote);
    afterRound?.();
    ticks += ROUND;
  }
  const elapsedS = (performance.now() - started) / 1000;
  return {
    ticksPerSecond: Math.round(ticks / elapsedS),
    nsPerTick: Math.round((elapsedS * 1e9) / ticks),
    elapsedS,
  };
}
