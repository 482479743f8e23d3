import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../platform/bus/memory-bus';
import { openTestDatabase } from '../../testing/test-database';
import { createPairsRepository } from '../pairs/pairs.repository';
import { seedPairs } from '../pairs/pairs.service';
import { createMarketEngine, TICK_MS } from './market-engine';
import { MARKET_TICK_CHANNEL, type TMarketTick } from './market-events';

// The live simulator replays: the same seed and the same clock give the same ticks, price by price.
const SYMBOLS = ['BTC_USDT', 'EUR_USD'];
/** A Wednesday at noon (UTC): every market of the two pairs is open. */
const START_MS = Date.UTC(2026, 0, 7, 12, 0, 0);
const TICKS = 40;
const logger = pino({ level: 'silent' });

describe('the live market simulator', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  /** An engine on its own database and bus, on a clock the test moves; its ticks, per pair. */
  async function run(seed: number) {
    const database = await openTestDatabase();
    closers.push(() => database.close());
    await seedPairs(createPairsRepository(database.handle.db));
    const bus = createMemoryBus(logger);
    closers.push(() => bus.close());
    const published: TMarketTick[] = [];
    await bus.subscribe(MARKET_TICK_CHANNEL, (tick) => published.push(tick));
    let nowMs = START_MS;
    const engine = createMarketEngine({
      db: database.handle,
      bus,
      logger,
      marketSeed: seed,
      symbols: SYMBOLS,
      now: () => nowMs,
      // No timer of its own: the test moves the clock and ticks.
      every: () => () => undefined,
    });
    const stop = await engine.start();
    closers.push(stop);
    await engine.ready();
    for (let i = 0; i < TICKS; i++) {
      nowMs += TICK_MS;
      engine.tick();
    }
    // The bus delivers on a later turn: every tick published so far has arrived after this one.
    await expect.poll(() => published.length).toBeGreaterThan(0);
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    const bySymbol = (symbol: string) =>
      published
        .filter((tick) => tick.symbol === symbol)
        .map(({ tMs, price, bid, ask }) => ({ tMs, price, bid, ask }));
    return Object.fromEntries(SYMBOLS.map((symbol) => [symbol, bySymbol(symbol)]));
  }

  it('gives the same ticks for the same seed and clock, and others for another seed', async () => {
    const first = await run(42);
    const again = await run(42);
    const other = await run(43);
    for (const symbol of SYMBOLS) {
      // Most ticks trade (a quiet one publishes nothing): enough to compare.
      expect(first[symbol]?.length).toBeGreaterThan(TICKS / 2);
      expect(again[symbol]).toEqual(first[symbol]);
      expect(other[symbol]).not.toEqual(first[symbol]);
    }
    // Three engines, each on a database of its own migrated from nothing: most of the time is that.
  }, 90_000);
});
