import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, DAY_MS, HOUR_MS, MINUTE_MS } from '../../testing/candles';
import { openTestDatabase } from '../../testing/test-database';
import { CATALOGUE_BY_SYMBOL } from '../pairs/catalogue';
import { aggregate, type Candle } from './candle-builder';
import { createCandlesRepository } from './candles.repository';
import { type PairMarket, preparePair } from './history';

// A pair's history across starts: the first start writes it, a restart fills the minutes it
// missed and re-aggregates what they touch, and each start resumes the open candles and the last
// 24 hours from what is stored.

const PAIR = CATALOGUE_BY_SYMBOL.get('BTC_USDT');
const FIRST_START = at('2026-03-04T10:17:30Z');
/** 125 minutes later (12:22:30): two hours ended meanwhile. */
const RESTART = FIRST_START + 125 * MINUTE_MS;

describe('a pair prepared at each start', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let repo: ReturnType<typeof createCandlesRepository>;
  const logger = pino({ level: 'silent' });
  const prepare = (nowMs: number) => {
    if (!PAIR) throw new Error('BTC_USDT is not in the catalogue');
    return preparePair(PAIR, repo, { marketSeed: 7, nowMs, logger });
  };
  const minuteOf = (ms: number) => ms - (ms % MINUTE_MS);
  const storedMinutes = (fromMs: number, toMs: number) => repo.range('BTC_USDT', '1', fromMs, toMs);

  /** Every closed minute that began in the 24 hours before `nowMs`, as stored (not the current one). */
  const expectDay = async (market: PairMarket, nowMs: number) => {
    const day = await storedMinutes(nowMs - DAY_MS, minuteOf(nowMs));
    expect(market.day).toEqual(day);
    // The clock is half a minute past: the minute 24 hours before its own began 30 s too early.
    expect(day.length).toBe(1_439);
    expect(market.day.at(-1)?.t).toBe(minuteOf(nowMs) - MINUTE_MS);
  };

  /** The open hour and day candles: what the stored minutes of the hour and of the day make. */
  const expectOpenCandles = async (market: PairMarket, nowMs: number) => {
    const hour = nowMs - (nowMs % HOUR_MS);
    const day = nowMs - (nowMs % DAY_MS);
    const [openHour] = aggregate(await storedMinutes(hour, nowMs + 1), '60');
    const [openDay] = aggregate(await storedMinutes(day, nowMs + 1), '1D');
    expect(market.builder.current('60')).toEqual(openHour);
    expect(market.builder.current('1D')).toEqual(openDay);
  };

  beforeAll(async () => {
    db = await openTestDatabase();
    repo = createCandlesRepository(db.handle);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('writes the history on the first start and returns its last 24 hours and open candles', async () => {
    const market = await prepare(FIRST_START);
    await expectDay(market, FIRST_START);
    await expectOpenCandles(market, FIRST_START);
  });

  it('fills the minutes a restart missed, re-aggregates their hours, and resumes from them', async () => {
    const market = await prepare(RESTART);
    const missed = await storedMinutes(minuteOf(FIRST_START), minuteOf(RESTART));
    expect(missed.map((candle: Candle) => candle.t)).toEqual(
      Array.from({ length: 125 }, (_, i) => minuteOf(FIRST_START) + i * MINUTE_MS),
    );
    // The hours that closed meanwhile (10:00, open at the first start, and 11:00) are their minutes.
    for (const hour of [at('2026-03-04T10:00:00Z'), at('2026-03-04T11:00:00Z')]) {
      const [stored] = await repo.range('BTC_USDT', '60', hour, hour + 1);
      expect(stored).toEqual(aggregate(await storedMinutes(hour, hour + HOUR_MS), '60')[0]);
    }
    await expectDay(market, RESTART);
    await expectOpenCandles(market, RESTART);
  });

  it('writes nothing on a restart within the same minute, and resumes the same day', async () => {
    const before = await storedMinutes(RESTART - 2 * DAY_MS, RESTART + DAY_MS);
    const market = await prepare(RESTART + 20_000);
    expect(await storedMinutes(RESTART - 2 * DAY_MS, RESTART + DAY_MS)).toEqual(before);
    await expectDay(market, RESTART + 20_000);
    await expectOpenCandles(market, RESTART + 20_000);
  });
});
