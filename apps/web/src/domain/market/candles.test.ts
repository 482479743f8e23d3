import type { TCandle } from '@td/contracts/market';
import { describe, expect, it } from 'vitest';
import { applyLiveCandle, liveCandleAction, mergeCandles } from './candles';

const candle = (t: number, c = '1.00'): TCandle => ({ t, o: '1.00', h: '1.00', l: '1.00', c, v: '0' });

describe('mergeCandles', () => {
  it('puts a page of older history before what is loaded, oldest first', () => {
    const merged = mergeCandles([candle(1), candle(2)], [candle(3), candle(4)]);
    expect(merged.map((item) => item.t)).toEqual([1, 2, 3, 4]);
  });

  it('keeps one candle per time, the newer list winning', () => {
    const merged = mergeCandles([candle(2, 'old'), candle(3, 'old')], [candle(3, 'new'), candle(4, 'new')]);
    expect(merged.map((item) => [item.t, item.c])).toEqual([
      [2, 'old'],
      [3, 'new'],
      [4, 'new'],
    ]);
  });

  it('sorts lists that arrive out of order', () => {
    expect(mergeCandles([candle(5), candle(1)], [candle(3)]).map((item) => item.t)).toEqual([1, 3, 5]);
  });
});

describe('live candles', () => {
  it('replaces the last candle when the time is the same', () => {
    const candles = [candle(1), candle(2, '1.00')];
    expect(applyLiveCandle(candles, candle(2, '1.50'))).toBe('replace');
    expect(candles.map((item) => item.c)).toEqual(['1.00', '1.50']);
  });

  it('appends a candle of a later time', () => {
    const candles = [candle(1), candle(2)];
    expect(applyLiveCandle(candles, candle(3))).toBe('append');
    expect(candles.map((item) => item.t)).toEqual([1, 2, 3]);
  });

  it('ignores a late message for an earlier candle', () => {
    const candles = [candle(1), candle(2, '2.00')];
    expect(applyLiveCandle(candles, candle(1, '9.99'))).toBe('ignore');
    expect(candles.map((item) => item.c)).toEqual(['1.00', '2.00']);
  });

  it('appends to an empty list', () => {
    expect(liveCandleAction([], candle(1))).toBe('append');
  });
});
