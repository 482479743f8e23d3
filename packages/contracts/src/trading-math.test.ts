import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkExits,
  crossedExit,
  exitFiresAt,
  feeFor,
  limitFills,
  liquidationPrice,
  marginFor,
  partPnl,
  pnlAt,
  type TSide,
} from './trading-math';

describe('trading arithmetic (cents and minor units)', () => {
  it('holds amount ÷ leverage as margin, rounded up', () => {
    expect(marginFor(100_000n, 10)).toBe(10_000n);
    expect(marginFor(100_001n, 10)).toBe(10_001n);
    expect(marginFor(1_000n, 1)).toBe(1_000n);
  });

  it('charges 0.05 % as the opening fee', () => {
    expect(feeFor(100_000n, 500n)).toBe(50n);
    expect(feeFor(1_000n, 500n)).toBe(1n);
    expect(feeFor(999n, 500n)).toBe(0n);
  });

  it('values a buy and a sell to the cent', () => {
    // $1,000 of BTC bought at 50,000.00, now 51,000.00: +2 % = +$20.00.
    expect(pnlAt('buy', 100_000n, 5_000_000n, 5_100_000n)).toBe(2_000n);
    expect(pnlAt('sell', 100_000n, 5_000_000n, 5_100_000n)).toBe(-2_000n);
    // A fraction of a cent is never the trader's: a profit rounds toward zero, a loss away from it.
    expect(pnlAt('buy', 100n, 300n, 301n)).toBe(0n);
    expect(pnlAt('buy', 150n, 300n, 301n)).toBe(0n);
    expect(pnlAt('buy', 299n, 300n, 301n)).toBe(0n);
    expect(pnlAt('sell', 100n, 300n, 301n)).toBe(-1n);
    expect(pnlAt('sell', 300n, 300n, 301n)).toBe(-1n);
  });

  it('liquidates when equity is down to 20 % of the margin', () => {
    // 10× buy of $1,000 at 100.00: margin $100, liquidation at a loss of $80 → 8 % lower = 92.00.
    expect(liquidationPrice('buy', 100_000n, 10_000n, 10_000n)).toBe(9_200n);
    expect(liquidationPrice('sell', 100_000n, 10_000n, 10_000n)).toBe(10_800n);
    // More margin moves it further away.
    expect(liquidationPrice('buy', 100_000n, 20_000n, 10_000n)).toBe(8_400n);
    // 1× buy: only a fall to 20 % of the entry liquidates.
    expect(liquidationPrice('buy', 100_000n, 100_000n, 10_000n)).toBe(2_000n);
  });

  it('at the liquidation price the loss is at least 80 % of the margin', () => {
    for (const [amount, leverage, entry] of [
      [100_000n, 10, 10_000n],
      [123_456n, 7, 6_543_210n],
      [1_000n, 20, 5_432n],
    ] as const) {
      const margin = marginFor(amount, leverage);
      const buyLiq = liquidationPrice('buy', amount, margin, entry);
      expect(-pnlAt('buy', amount, entry, buyLiq) * 100n).toBeGreaterThanOrEqual(80n * margin - 100n);
      const sellLiq = liquidationPrice('sell', amount, margin, entry);
      expect(-pnlAt('sell', amount, entry, sellLiq) * 100n).toBeGreaterThanOrEqual(80n * margin - 100n);
    }
  });

  it('checks take-profit and stop-loss sides', () => {
    expect(checkExits('buy', 100n, { takeProfit: 110n, stopLoss: 90n })).toBeUndefined();
    expect(checkExits('buy', 100n, { takeProfit: 100n })).toMatch(/above/);
    expect(checkExits('buy', 100n, { stopLoss: 101n })).toMatch(/below/);
    expect(checkExits('sell', 100n, { takeProfit: 90n, stopLoss: 110n })).toBeUndefined();
    expect(checkExits('sell', 100n, { takeProfit: 101n })).toMatch(/below/);
    expect(checkExits('sell', 100n, { stopLoss: 99n })).toMatch(/above/);
  });

  it('finds the exit a quote crosses, liquidation first', () => {
    const buy = { side: 'buy' as const, takeProfit: 110n, stopLoss: 95n, liquidationPrice: 92n };
    expect(crossedExit(buy, { bid: 100n, ask: 101n })).toBeUndefined();
    expect(crossedExit(buy, { bid: 110n, ask: 111n })).toBe('take_profit');
    expect(crossedExit(buy, { bid: 95n, ask: 96n })).toBe('stop_loss');
    expect(crossedExit(buy, { bid: 90n, ask: 91n })).toBe('liquidation');
    const sell = { side: 'sell' as const, takeProfit: 90n, stopLoss: null, liquidationPrice: 108n };
    expect(crossedExit(sell, { bid: 89n, ask: 90n })).toBe('take_profit');
    expect(crossedExit(sell, { bid: 107n, ask: 108n })).toBe('liquidation');
  });

  it('tells whether one exit fires at a close-side price, on either side', () => {
    const buy = { side: 'buy' as const, takeProfit: 110n, stopLoss: 95n, liquidationPrice: 90n };
    expect(exitFiresAt(buy, 'take_profit', 110n)).toBe(true);
    expect(exitFiresAt(buy, 'take_profit', 109n)).toBe(false);
    expect(exitFiresAt(buy, 'stop_loss', 95n)).toBe(true);
    expect(exitFiresAt(buy, 'stop_loss', 96n)).toBe(false);
    expect(exitFiresAt(buy, 'liquidation', 91n)).toBe(false);
    const sell = { side: 'sell' as const, takeProfit: 90n, stopLoss: null, liquidationPrice: 108n };
    expect(exitFiresAt(sell, 'take_profit', 90n)).toBe(true);
    expect(exitFiresAt(sell, 'take_profit', 91n)).toBe(false);
    expect(exitFiresAt(sell, 'liquidation', 108n)).toBe(true);
    expect(exitFiresAt(sell, 'liquidation', 107n)).toBe(false);
    // An exit the position does not have never fires.
    expect(exitFiresAt(sell, 'stop_loss', 1_000n)).toBe(false);
  });

  it('fills a buy limit when the ask falls to it and a sell limit when the bid rises to it', () => {
    expect(limitFills('buy', 100n, { bid: 99n, ask: 100n })).toBe(true);
    expect(limitFills('buy', 100n, { bid: 100n, ask: 101n })).toBe(false);
    expect(limitFills('sell', 100n, { bid: 100n, ask: 101n })).toBe(true);
    expect(limitFills('sell', 100n, { bid: 99n, ask: 100n })).toBe(false);
  });
});

describe('a position closed in parts', () => {
  /** Books `parts` (amount, close price) one after another, threading the carry, as the server does. */
  const book = (side: TSide, entry: bigint, parts: ReadonlyArray<readonly [bigint, bigint]>) => {
    let carry = 0n;
    return parts.map(([amount, price]) => {
      const part = partPnl(side, amount, entry, price, carry);
      carry = part.carry;
      return part;
    });
  };
  /** The exact result of the parts, in cents × entry (an integer: every part shares the entry). */
  const exactTimesEntry = (side: TSide, entry: bigint, parts: ReadonlyArray<readonly [bigint, bigint]>) =>
    parts.reduce(
      (sum, [amount, price]) => sum + amount * (side === 'buy' ? price - entry : entry - price),
      0n,
    );
  const floorDiv = (a: bigint, b: bigint) => (a % b !== 0n && a < 0n ? a / b - 1n : a / b);

  it('books the loss of 40 parts of $6.25 that each lose a quarter of a cent', () => {
    // Bought at 25,000.00, now 24,990.00: −0.04 %, a quarter of a cent on $6.25, ten cents on $250.
    const parts = Array.from({ length: 40 }, () => [625n, 2_499_000n] as const);
    const booked = book('buy', 2_500_000n, parts);
    expect(booked.reduce((sum, part) => sum + part.pnlCents, 0n)).toBe(-10n);
    expect(pnlAt('buy', 25_000n, 2_500_000n, 2_499_000n)).toBe(-10n);
    // Every fourth cent is booked as it is lost: never later than the loss.
    expect(booked.slice(0, 4).map((part) => part.pnlCents)).toEqual([-1n, 0n, 0n, 0n]);
  });

  const side = fc.constantFrom<TSide>('buy', 'sell');
  const entry = fc.bigInt({ min: 1n, max: 10_000_000_000n });
  const parts = (entryPrice: bigint) =>
    fc.array(
      fc.tuple(fc.bigInt({ min: 1n, max: 100_000_000n }), fc.bigInt({ min: 1n, max: entryPrice * 3n })),
      { minLength: 1, maxLength: 40 },
    );
  const run = fc.tuple(side, entry).chain(([s, e]) => fc.tuple(fc.constant(s), fc.constant(e), parts(e)));

  it('books in total, after every part, the result so far rounded down', () => {
    fc.assert(
      fc.property(run, ([s, e, closes]) => {
        const booked = book(s, e, closes);
        let total = 0n;
        booked.forEach((part, index) => {
          total += part.pnlCents;
          const exact = exactTimesEntry(s, e, closes.slice(0, index + 1));
          // The sum of the parts so far is the rounding of their whole result, to the cent.
          expect(total).toBe(floorDiv(exact, e));
          // Never in the trader's favour: at most what was made, and less than a cent below it.
          expect(total * e).toBeLessThanOrEqual(exact);
          expect(exact - total * e).toBeLessThan(e);
          expect(part.carry).toBe(exact - total * e);
          // Each part books its own result to within a cent.
          const own = exactTimesEntry(s, e, [closes[index] as readonly [bigint, bigint]]);
          expect(part.pnlCents * e - own).toBeLessThan(e);
          expect(own - part.pnlCents * e).toBeLessThan(e);
        });
      }),
    );
  });

  it('books for parts at one price what one close of their sum books', () => {
    fc.assert(
      fc.property(
        side,
        entry,
        fc.array(fc.bigInt({ min: 1n, max: 100_000_000n }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: -999, max: 2_000 }),
        (s, e, amounts, permille) => {
          const price = (e * BigInt(1_000 + permille)) / 1_000n || 1n;
          const booked = book(
            s,
            e,
            amounts.map((amount) => [amount, price] as const),
          );
          const whole = amounts.reduce((sum, amount) => sum + amount, 0n);
          expect(booked.reduce((sum, part) => sum + part.pnlCents, 0n)).toBe(pnlAt(s, whole, e, price));
        },
      ),
    );
  });
});
