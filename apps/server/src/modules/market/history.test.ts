import { describe, expect, it } from 'vitest';
import { CATALOGUE_BY_SYMBOL } from '../pairs/catalogue';
import { aggregate } from './candle-builder';
import { generateHistory, HISTORY_DAYS } from './history';
import { bucketStart } from './intervals';
import { isMarketOpen } from './market-hours';

const pair = (symbol: string) => {
  const found = CATALOGUE_BY_SYMBOL.get(symbol);
  if (!found) throw new Error(symbol);
  return found;
};
// A Wednesday afternoon in New York, so every market has an open session in the last day.
const NOW = Date.UTC(2026, 10, 18, 18, 42, 17);
const DAY_MS = 86_400_000;

describe('generateHistory', () => {
  const btc = generateHistory(pair('BTC_USDT'), 42, NOW);

  it('covers a year of days, 90 days of hours and 7 days of minutes, up to the current minute', () => {
    const today = bucketStart('1D', NOW);
    expect(btc.days[0]?.t).toBe(today - HISTORY_DAYS.days * DAY_MS);
    expect(btc.days.at(-1)?.t).toBe(today - DAY_MS);
    expect(btc.hours[0]?.t).toBe(today - HISTORY_DAYS.hours * DAY_MS);
    expect(btc.hours.at(-1)?.t).toBe(bucketStart('60', NOW) - 3_600_000);
    expect(btc.minutes[0]?.t).toBe(today - HISTORY_DAYS.minutes * DAY_MS);
    expect(btc.minutes.at(-1)?.t).toBe(bucketStart('1', NOW) - 60_000);
    expect(btc.minutes).toHaveLength(HISTORY_DAYS.minutes * 1440 + (bucketStart('1', NOW) - today) / 60_000);
  });

  it('is one continuous path: each candle opens where the previous closed', () => {
    for (const list of [btc.days.slice(0, 275), btc.minutes]) {
      for (let i = 1; i < list.length; i++) expect(list[i]?.o).toBe(list[i - 1]?.c);
    }
  });

  it('makes every stored hour exactly its minutes, and every day exactly its hours', () => {
    const firstMinute = btc.minutes[0]?.t ?? 0;
    const hoursFromMinutes = aggregate(btc.minutes, '60').filter((c) => c.t < bucketStart('60', NOW));
    expect(btc.hours.filter((c) => c.t >= firstMinute)).toEqual(hoursFromMinutes);
    const firstHour = btc.hours[0]?.t ?? 0;
    const allHours = [
      ...btc.hours,
      ...aggregate(btc.minutes, '60').filter((c) => c.t >= bucketStart('60', NOW)),
    ];
    const daysFromHours = aggregate(allHours, '1D').filter((c) => c.t < bucketStart('1D', NOW));
    expect(btc.days.filter((c) => c.t >= firstHour)).toEqual(daysFromHours);
  });

  it('is deterministic for a seed, and another seed gives other prices', () => {
    const again = generateHistory(pair('BTC_USDT'), 42, NOW);
    expect(again.minutes.slice(-50)).toEqual(btc.minutes.slice(-50));
    expect(again.path.scaledPrice).toBe(btc.path.scaledPrice);
    const other = generateHistory(pair('BTC_USDT'), 43, NOW);
    expect(other.minutes.at(-1)?.c).not.toBe(btc.minutes.at(-1)?.c);
  });

  it('keeps prices positive, sane and in the pair’s minor units', () => {
    const prices = btc.days.map((c) => c.c);
    expect(Math.min(...prices)).toBeGreaterThan(65_000 * 100 * 0.2);
    expect(Math.max(...prices)).toBeLessThan(65_000 * 100 * 5);
    for (const c of btc.minutes) {
      expect(Number.isInteger(c.o) && c.h >= Math.max(c.o, c.c) && c.l <= Math.min(c.o, c.c) && c.l > 0).toBe(
        true,
      );
    }
  });

  it('leaves forex silent at the weekend and stocks outside their session', () => {
    const eur = generateHistory(pair('EUR_USD'), 42, NOW);
    const aapl = generateHistory(pair('AAPL_USD'), 42, NOW);
    expect(eur.minutes.every((c) => isMarketOpen('forex', c.t) || isMarketOpen('forex', c.t + 59_999))).toBe(
      true,
    );
    expect(
      aapl.minutes.every((c) => isMarketOpen('stocks', c.t) || isMarketOpen('stocks', c.t + 59_999)),
    ).toBe(true);
    // A weekday session of 6.5 hours: 390 minutes a day at most.
    expect(aapl.minutes.length).toBeLessThanOrEqual(390 * 6);
    expect(aapl.days.length).toBeGreaterThan(240);
    expect(aapl.days.length).toBeLessThan(270);
  });
});
