import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedMap, BoundedSet } from './bounded';

describe('BoundedMap', () => {
  it('never holds more than its bound, and keeps the latest written keys', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.integer({ min: 0, max: 40 })), (max, keys) => {
        const map = new BoundedMap<number, number>(max);
        const model: number[] = [];
        for (const [i, key] of keys.entries()) {
          map.set(key, i);
          const at = model.indexOf(key);
          if (at >= 0) model.splice(at, 1);
          model.push(key);
          if (model.length > max) model.shift();
          expect(map.size).toBeLessThanOrEqual(max);
        }
        expect([...map.keys()]).toEqual(model);
        for (const key of model) expect(map.get(key)).toBe(keys.lastIndexOf(key));
      }),
    );
  });

  it('refuses a bound that is no bound', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => new BoundedMap(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('BoundedSet', () => {
  it('never holds more than its bound, forgetting the oldest added first', () => {
    const set = new BoundedSet<string>(3);
    for (const value of ['a', 'b', 'c', 'a', 'd']) set.add(value);
    expect([...set]).toEqual(['b', 'c', 'd']);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.array(fc.string()), (max, values) => {
        const bounded = new BoundedSet<string>(max);
        for (const value of values) bounded.add(value);
        expect(bounded.size).toBeLessThanOrEqual(max);
        if (values.length > 0) expect(bounded.has(values.at(-1) as string)).toBe(true);
      }),
    );
  });
});
