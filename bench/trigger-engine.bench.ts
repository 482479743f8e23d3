import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plotCurve } from './support/plot';
import type { BenchReport } from './support/report';
import { type BenchQuote, timeTicks, waitingTriggers } from './support/ticks';

/**
 * The trigger engine's per-tick cost with 10k, 100k and 1M waiting triggers (limit orders, take
 * profits, stop losses and liquidations spread on both sides, none near the price), as ticks per
 * second and the ratio of the 1M cost to the 10k cost measured in the same run. Target: flat
 * (ratio ≤ 2) and at least 200,000 ticks per second with nothing firing.
 */
export function triggerEngineBench(seconds: number) {
  const sizes = [10_000, 100_000, 1_000_000];
  const mid = 5_000_000n;
  const results = sizes.map((size) => {
    const books = waitingTriggers(size, mid, 'BTC_USDT');
    // Quotes wander within ±0.1 % of the mid: nothing fires, every tick still checks every book.
    const quotes: BenchQuote[] = Array.from({ length: 1024 }, (_, i) => {
      const bid = mid + BigInt((i * 37) % 9_000) - 4_500n;
      return { bid, ask: bid + 500n };
    });
    let fired = 0;
    const budgetMs = Math.max(500, (seconds * 1000) / sizes.length);
    const { ticksPerSecond, nsPerTick } = timeTicks(budgetMs, quotes, (quote) => {
      fired += books.cross('BTC_USDT', quote).length;
    });
    return { size, ticksPerSecond, nsPerTick, fired };
  });
  const first = results[0];
  const last = results.at(-1);
  return {
    name: 'Trigger engine per tick',
    results,
    ratio: first && last ? Number((last.nsPerTick / first.nsPerTick).toFixed(2)) : Number.NaN,
    target: 'ratio (1M ÷ 10k cost) ≤ 2; ≥ 200,000 ticks/s',
  };
}

// Run on its own: `node --import tsx bench/trigger-engine.bench.ts`
if (import.meta.url === `file://${process.argv[1]}`) {
  const report = triggerEngineBench(Number(process.argv[2] ?? 6));
  console.log(JSON.stringify(report, null, 2));
}

/** The runner's form: one table, the target judged from the numbers. */
export async function triggerEngineReport(seconds: number): Promise<BenchReport> {
  const report = triggerEngineBench(seconds);
  plotCurve(resolve(fileURLToPath(new URL('.', import.meta.url)), '..', 'docs', 'bench-triggers.svg'), {
    title: 'Trigger engine: cost per tick as waiting triggers grow',
    xLabel: 'waiting triggers',
    yLabel: 'ns per tick',
    xs: report.results.map((r) => r.size),
    series: [{ name: 'ns / tick', values: report.results.map((r) => r.nsPerTick) }],
  });
  const slowest = Math.min(...report.results.map((r) => r.ticksPerSecond));
  return {
    title: 'Trigger engine: cost per tick with n waiting triggers',
    target: 'flat (1M ÷ 10k cost ≤ 2) and ≥ 200,000 ticks/s with nothing firing',
    met: report.ratio <= 2 && slowest >= 200_000,
    columns: ['waiting triggers', 'ticks / s', 'ns / tick', 'fired'],
    rows: report.results.map((r) => [
      r.size.toLocaleString('en'),
      r.ticksPerSecond.toLocaleString('en'),
      r.nsPerTick,
      r.fired,
    ]),
    notes: [
      `Cost ratio 1M ÷ 10k: ${report.ratio}. Six sorted books per pair; a tick peeks at each top and pops only what fires. Plot: docs/bench-triggers.svg.`,
    ],
  };
}
