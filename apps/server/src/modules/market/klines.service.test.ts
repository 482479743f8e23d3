import { describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/client';
import type { PairRow, PairsRepository } from '../pairs/pairs.repository';
import type { Candle } from './candle-builder';
import type { CandlesRepository } from './candles.repository';
import { createKlinesService } from './klines.service';
import type { PriceBoard } from './price-board';

const MINUTE_MS = 60_000;
const candle = (t: number, c: number): Candle => ({ t, o: c, h: c, l: c, c, v: 1 });

/** Minutes stored up to `storedUntil` (exclusive); the board holds the closed and the open one. */
function service(stored: Candle[], board: { closed?: Candle; live?: Candle }) {
  return createKlinesService({
    handle: {} as DatabaseHandle,
    candles: {
      range: async (_symbol: string, _resolution: string, fromMs: number, toMs: number) =>
        stored.filter((row) => row.t >= fromMs && row.t < toMs),
    } as unknown as CandlesRepository,
    pairs: {} as PairsRepository,
    board: {
      closedCandle: () => board.closed,
      liveCandle: () => board.live,
    } as unknown as PriceBoard,
  });
}

const pair = { symbol: 'BTC_USDT', pricePrecision: 2 } as PairRow;

describe('klines from storage and the live board', () => {
  const now = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
  /** The board: the minute that just closed, and the open one. */
  const board = { closed: candle(now - MINUTE_MS, 102), live: candle(now, 103) };
  /** [time, close] of each minute kline served from `stored` and the board, up to `to` when given. */
  const closes = async (stored: Candle[], to?: number) => {
    const range = to === undefined ? {} : { to };
    const klines = await service(stored, board).klines(pair, { interval: '1', limit: 10, ...range });
    return klines.map((k) => [k.t, k.c]);
  };

  it('includes the candle that just closed before storage has it, then the open one', async () => {
    const stored = [candle(now - 3 * MINUTE_MS, 100), candle(now - 2 * MINUTE_MS, 101)];
    expect(await closes(stored)).toEqual([
      [now - 3 * MINUTE_MS, '1.00'],
      [now - 2 * MINUTE_MS, '1.01'],
      [now - MINUTE_MS, '1.02'],
      [now, '1.03'],
    ]);
  });

  it('prefers the closed candle to a partly stored copy of the same minute, and never repeats it', async () => {
    const stored = [candle(now - 2 * MINUTE_MS, 101), { ...candle(now - MINUTE_MS, 99), v: 0 }];
    expect(await closes(stored)).toEqual([
      [now - 2 * MINUTE_MS, '1.01'],
      [now - MINUTE_MS, '1.02'],
      [now, '1.03'],
    ]);
  });

  it('leaves out what lies outside the range asked for', async () => {
    const stored = [candle(now - 5 * MINUTE_MS, 100)];
    expect(await closes(stored, now - 4 * MINUTE_MS)).toEqual([[now - 5 * MINUTE_MS, '1.00']]);
  });
});

describe('the sparklines', () => {
  const HOUR_MS = 3_600_000;
  const pairs = [{ symbol: 'BTC_USDT', pairType: 'crp', pricePrecision: 2 }] as PairRow[];

  /** The service over a database whose reads answer only when the test lets them, counted. */
  function sparklines() {
    const reads: Array<{ release: (rows: Array<{ symbol: string; t: number; c: number }>) => void }> = [];
    const klines = createKlinesService({
      handle: {
        query: () =>
          new Promise((resolve) => {
            reads.push({ release: resolve as (rows: unknown) => void });
          }),
      } as unknown as DatabaseHandle,
      candles: {} as CandlesRepository,
      pairs: { all: async () => pairs } as unknown as PairsRepository,
      board: { get: () => undefined } as unknown as PriceBoard,
    });
    return { klines, reads };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('are read once at first, then rebuilt each minute while the copy in hand answers', async () => {
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    try {
      const { klines, reads } = sparklines();
      // The first request waits for the first read; a second one at the same time shares it.
      const first = klines.lineshotBody('CRP:BTC_USDT');
      const second = klines.lineshotBody('CRP:BTC_USDT');
      await settle();
      expect(reads).toHaveLength(1);
      reads[0]?.release([{ symbol: 'BTC_USDT', t: start - HOUR_MS, c: 10_000 }]);
      const body = await first;
      expect(await second).toBe(body);
      expect(JSON.parse(body.bytes.toString()).data).toEqual({
        'CRP:BTC_USDT': `[[${start - HOUR_MS},100]]`,
      });

      // A minute on: a rebuild starts, and the copy in hand answers at once, without waiting for it.
      clock.mockReturnValue(start + 61_000);
      expect(await klines.lineshotBody('CRP:BTC_USDT')).toBe(body);
      await settle();
      expect(reads).toHaveLength(2);
      expect(await klines.lineshotBody('CRP:BTC_USDT')).toBe(body);
      expect(reads).toHaveLength(2);
      reads[1]?.release([{ symbol: 'BTC_USDT', t: start, c: 10_100 }]);
      await settle();
      const rebuilt = await klines.lineshotBody('CRP:BTC_USDT');
      expect(rebuilt).not.toBe(body);
      expect(JSON.parse(rebuilt.bytes.toString()).data).toEqual({ 'CRP:BTC_USDT': `[[${start},101]]` });
    } finally {
      clock.mockRestore();
    }
  });
});
