import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leverageCap, markupIncome, markupQuote } from './group-terms';

const quoteArb = fc
  .tuple(fc.bigInt(1n, 10n ** 12n), fc.bigInt(0n, 10n ** 6n))
  .map(([bid, spread]) => ({ bid, ask: bid + spread }));
const markupArb = fc.integer({ min: 0, max: 100_000 });

describe('a group’s spread markup', () => {
  it.each([
    // bid, ask, markup (hundredths of a percent), bid seen, ask seen
    [100n, 110n, 0, 100n, 110n],
    [100n, 110n, 10_000, 95n, 115n],
    [100n, 110n, 2_500, 99n, 112n],
    [100n, 110n, 5_000, 98n, 113n],
    [100n, 101n, 2_500, 100n, 101n],
    [100n, 101n, 5_000, 100n, 102n],
    [100n, 100n, 10_000, 100n, 100n],
    [3n, 13n, 100_000, 1n, 63n],
  ])('%i/%i with %i bp reads %i/%i', (bid, ask, bp, seenBid, seenAsk) => {
    expect(markupQuote({ bid, ask }, bp)).toEqual({ bid: seenBid, ask: seenAsk });
  });

  it('keeps whatever else the quote carries', () => {
    expect(markupQuote({ bid: 100n, ask: 110n, tMs: 7 }, 10_000)).toEqual({ bid: 95n, ask: 115n, tMs: 7 });
  });

  it('only ever widens: the bid no higher, the ask no lower, by the markup rounded, half each side', () => {
    fc.assert(
      fc.property(quoteArb, markupArb, (quote, bp) => {
        const seen = markupQuote(quote, bp);
        const spread = quote.ask - quote.bid;
        const extra = (spread * BigInt(bp) * 2n + 10_000n) / 20_000n;
        expect(seen.bid).toBeLessThanOrEqual(quote.bid);
        expect(seen.ask).toBeGreaterThanOrEqual(quote.ask);
        expect(seen.bid).toBeGreaterThanOrEqual(1n);
        // The ask takes the odd unit: the two sides differ by at most one.
        const below = quote.bid - seen.bid;
        const above = seen.ask - quote.ask;
        if (seen.bid > 1n) {
          expect(below + above).toBe(extra);
          expect(above - below === 0n || above - below === 1n).toBe(true);
        }
      }),
    );
  });

  it('widens more with a larger markup, and not at all without one', () => {
    fc.assert(
      fc.property(quoteArb, markupArb, markupArb, (quote, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const narrow = markupQuote(quote, low);
        const wide = markupQuote(quote, high);
        expect(wide.ask - wide.bid).toBeGreaterThanOrEqual(narrow.ask - narrow.bid);
        expect(markupQuote(quote, 0)).toEqual(quote);
      }),
    );
  });
});

describe('the leverage cap', () => {
  it('is the lower of the group’s and the pair’s, at least 1', () => {
    expect(leverageCap(50, 100)).toBe(50);
    expect(leverageCap(1000, 20)).toBe(20);
    expect(leverageCap(0, 20)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (group, pair) => {
        const cap = leverageCap(group, pair);
        expect(cap).toBeLessThanOrEqual(Math.min(group, pair));
        expect([group, pair]).toContain(cap);
      }),
    );
  });
});

describe('the income of a markup', () => {
  it('is the amount × the price difference ÷ the price, rounded down', () => {
    expect(markupIncome(100_000n, 101n, 100n)).toBe(990n);
    expect(markupIncome(100_000n, 99n, 100n)).toBe(1010n);
    expect(markupIncome(100_000n, 100n, 100n)).toBe(0n);
  });

  it('is never negative and never more than the amount moved by the difference', () => {
    fc.assert(
      fc.property(
        fc.bigInt(1n, 10n ** 10n),
        fc.bigInt(1n, 10n ** 9n),
        fc.bigInt(1n, 10n ** 9n),
        (amount, price, raw) => {
          const income = markupIncome(amount, price, raw);
          expect(income).toBeGreaterThanOrEqual(0n);
          const move = price > raw ? price - raw : raw - price;
          expect(income * price).toBeLessThanOrEqual(amount * move);
          expect((income + 1n) * price).toBeGreaterThan(amount * move);
        },
      ),
    );
  });
});
