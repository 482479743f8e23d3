import { TriggerBooks } from '@td/server/bench';
import type { BenchReport } from './support/report';
import { swingingQuotes, timeTicks } from './support/ticks';

/**
 * The trigger engine's per-tick cost with stop orders and trailing stops: 10k, 100k and 1M
 * waiting buy and sell stops (none near the price) with 100k trailing stop-losses of open
 * positions riding the price (each new high of the bid or low of the ask moves them all), and the
 * moved levels gathered for saving once per 1,024 ticks, as the engine saves them about once a
 * second. Baseline, in the same run: the same ticks on 10k stops alone. Target: the 1M book with
 * trailing stops within 2× the baseline's cost per tick, and at least 200,000 ticks per second.
 */
export function stopTriggersBench(seconds: number) {
  const mid = 5_000_000n;
  const build = (stops: number, trailing: number) => {
    const books = new TriggerBooks();
    for (let i = 0; i < stops; i++) {
      const far = BigInt(100_000 + ((i * 7919) % 1_000_000));
      const side = i % 2 === 0 ? 'buy' : 'sell';
      books.upsert({
        id: `s${i}`,
        symbol: 'BTC_USDT',
        side,
        status: 'pnd',
        type: i % 4 < 2 ? 'stop' : 'stop_limit',
        stopPrice: side === 'buy' ? mid + far : mid - far,
        price: side === 'buy' ? mid + far + 1_000n : mid - far - 1_000n,
        takeProfit: null,
        stopLoss: null,
        liquidationPrice: null,
      });
    }
    for (let i = 0; i < trailing; i++) {
      const distance = BigInt(20_000 + ((i * 104_729) % 200_000));
      const side = i % 2 === 0 ? 'buy' : 'sell';
      books.upsert({
        id: `t${i}`,
        symbol: 'BTC_USDT',
        side,
        status: 'act',
        price: mid,
        takeProfit: null,
        stopLoss: side === 'buy' ? mid - distance : mid + distance,
        trailingStop: distance,
        liquidationPrice: side === 'buy' ? mid / 2n : mid * 2n,
      });
    }
    return books;
  };
  // The price climbs and falls back within ±0.2 %: new highs and lows move the trailing stops,
  // none reaches a stop order or a trailing stop-loss.
  const quotes = swingingQuotes(mid);
  const cases = [
    { name: 'baseline: 10k stops', stops: 10_000, trailing: 0 },
    { name: '10k stops + 100k trailing', stops: 10_000, trailing: 100_000 },
    { name: '100k stops + 100k trailing', stops: 100_000, trailing: 100_000 },
    { name: '1M stops + 100k trailing', stops: 1_000_000, trailing: 100_000 },
  ];
  const results = cases.map(({ name, stops, trailing }) => {
    const books = build(stops, trailing);
    let fired = 0;
    let saved = 0;
    const budgetMs = Math.max(500, (seconds * 1000) / cases.length);
    const { elapsedS, ...rate } = timeTicks(
      budgetMs,
      quotes,
      (quote) => {
        fired += books.cross('BTC_USDT', quote).length;
      },
      () => {
        saved += books.movedStops().length;
      },
    );
    return { name, ...rate, fired, savedPerSecond: Math.round(saved / elapsedS) };
  });
  const baseline = results[0];
  const last = results.at(-1);
  return {
    results,
    ratio: baseline && last ? Number((last.nsPerTick / baseline.nsPerTick).toFixed(2)) : Number.NaN,
  };
}

// Run on its own: `node --import tsx bench/stop-triggers.bench.ts`
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(stopTriggersBench(Number(process.argv[2] ?? 6)), null, 2));
}

/** The runner's form: one table, the target judged from the numbers. */
export async function stopTriggersReport(seconds: number): Promise<BenchReport> {
  const report = stopTriggersBench(seconds);
  const slowest = Math.min(...report.results.map((r) => r.ticksPerSecond));
  return {
    title: 'Trigger engine: stop orders and trailing stops, cost per tick',
    target: '1M stops + 100k trailing within 2× the cost of 10k stops alone, and ≥ 200,000 ticks/s',
    met: report.ratio <= 2 && slowest >= 200_000,
    columns: ['books', 'ticks / s', 'ns / tick', 'fired', 'trailing levels saved / s'],
    rows: report.results.map((r) => [
      r.name,
      r.ticksPerSecond.toLocaleString('en'),
      r.nsPerTick,
      r.fired,
      r.savedPerSecond.toLocaleString('en'),
    ]),
    notes: [
      `Cost ratio (1M stops + 100k trailing) ÷ (10k stops): ${report.ratio}. Stops sit in two sorted books per pair; trailing stops that reached the same best price share one group, so a new high moves them all at once, and only the saving touches each.`,
    ],
  };
}
