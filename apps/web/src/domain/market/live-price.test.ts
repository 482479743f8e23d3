import { describe, expect, it } from 'vitest';
import { newerPrice } from './live-price';

const tick = (price: string, ts: number) => ({ price, bid: price, ask: price, ts });

describe('newerPrice', () => {
  it('takes the later of the stream and the poll', () => {
    expect(newerPrice(tick('101', 2000), tick('100', 1000))?.price).toBe('101');
    expect(newerPrice(tick('101', 1000), tick('100', 2000))?.price).toBe('100');
  });

  it('prefers the stream on the same tick', () => {
    expect(newerPrice(tick('101', 1000), tick('100', 1000))?.price).toBe('101');
  });

  it('falls back to whichever is there', () => {
    expect(newerPrice(undefined, tick('100', 1000))?.price).toBe('100');
    expect(newerPrice(tick('101', 1000), undefined)?.price).toBe('101');
    expect(newerPrice(undefined, undefined)).toBeUndefined();
  });
});
