import { describe, expect, it } from 'vitest';
import { exceedsLimit, exposureByPair, netAfter, positionValue } from './exposure';

const quote = { bid: 11_000n, ask: 11_010n };
const quoteOf = (symbol: string) => (symbol === 'BTC_USDT' ? quote : undefined);

describe('exposure per pair', () => {
  it('values each position at its close-side price: a buy at the bid, a sell at the ask', () => {
    const exposure = exposureByPair(
      [
        { symbol: 'BTC_USDT', side: 'buy', amountCents: 100_000n, price: 10_000n, swapCents: -50n },
        { symbol: 'BTC_USDT', side: 'sell', amountCents: 30_000n, price: 10_000n, swapCents: 0n },
      ],
      quoteOf,
    ).get('BTC_USDT');
    // 1,000.00 × 11,000 ÷ 10,000 = 1,100.00; 300.00 × 11,010 ÷ 10,000 = 330.30.
    expect(exposure).toEqual({
      longCents: 110_000n,
      shortCents: 33_030n,
      netCents: 76_970n,
      positions: 2,
      // +100.00 − 0.50 of swaps on the buy, −30.30 on the sell.
      pnlCents: 10_000n - 50n - 3_030n,
    });
  });

  it('values a pair without a quote at entry, with no result', () => {
    const exposure = exposureByPair(
      [{ symbol: 'EUR_USD', side: 'sell', amountCents: 5_000n, price: 108_000n, swapCents: 0n }],
      quoteOf,
    ).get('EUR_USD');
    expect(exposure).toMatchObject({ longCents: 0n, shortCents: 5_000n, netCents: -5_000n, pnlCents: 0n });
  });

  it('rounds a value toward zero and is the amount at entry', () => {
    expect(positionValue(1_000n, 3n, 4n)).toBe(1_333n);
    expect(positionValue(1_000n, 7n, 7n)).toBe(1_000n);
  });
});

describe('the exposure limit', () => {
  it.each([
    ['accepts anything without a limit', 10n ** 15n, 'buy', 10n ** 12n, null, false],
    ['refuses a buy that takes the net beyond the limit', 90_000n, 'buy', 20_000n, 100_000n, true],
    ['refuses a sell that takes the net beyond the limit', -90_000n, 'sell', 20_000n, 100_000n, true],
    [
      'refuses an order across zero and beyond the limit on the other side: further from zero than before',
      50_000n,
      'sell',
      200_000n,
      100_000n,
      true,
    ],
    ['accepts a buy that ends at the limit exactly', 90_000n, 'buy', 10_000n, 100_000n, false],
    ['accepts a sell that ends at the limit exactly', 0n, 'sell', 100_000n, 100_000n, false],
    [
      'accepts a sell that reduces the net, though it stays beyond the limit',
      150_000n,
      'sell',
      20_000n,
      100_000n,
      false,
    ],
    [
      'accepts a buy that reduces the net, though it stays beyond the limit',
      -150_000n,
      'buy',
      20_000n,
      100_000n,
      false,
    ],
    [
      'accepts an order across zero, closer to it than before, though past the limit on the other side',
      150_000n,
      'sell',
      260_000n,
      100_000n,
      false,
    ],
    ['refuses one that grows a net already beyond the limit', 150_000n, 'buy', 1n, 100_000n, true],
  ] as const)('%s', (_label, net, side, size, limit, refused) => {
    expect(exceedsLimit(net, side, size, limit)).toBe(refused);
  });

  it('moves the net by the order: + for a buy, − for a sell', () => {
    expect(netAfter(10n, 'buy', 5n)).toBe(15n);
    expect(netAfter(10n, 'sell', 15n)).toBe(-5n);
  });
});
