import { describe, expect, it } from 'vitest';
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
