import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import type { PairRow } from '../pairs/pairs.repository';
import {
  type ConditionsInput,
  checkAgainstQuote,
  conditionChanges,
  orderConditions,
} from './order-conditions';

const crypto = { symbol: 'BTC_USDT', pairType: 'crp', pricePrecision: 2 } as PairRow;
const forex = { symbol: 'EUR_USD', pairType: 'forex', pricePrecision: 4 } as PairRow;
const NOW = Date.parse('2026-11-25T15:00:00Z');
const quote = { bid: 4_999_000n, ask: 5_000_000n };

/** The body field a refusal names. */
function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return (error.details as { field: string }[] | undefined)?.[0]?.field;
  }
  return undefined;
}

const input = (overrides: Partial<ConditionsInput>): ConditionsInput => ({
  side: 'buy',
  type: 'limit',
  price: '49000',
  ...overrides,
});

describe('orderConditions', () => {
  it('reads a stop order, a trailing stop and a good-till-date end in minor units', () => {
    expect(
      orderConditions(
        crypto,
        input({
          type: 'stop',
          price: undefined,
          stopPrice: '51000.5',
          timeInForce: 'gtd',
          expiresAt: '2026-11-26T00:00:00Z',
        }),
        NOW,
      ),
    ).toEqual({
      stopPrice: 5_100_050n,
      trailingStop: null,
      timeInForce: 'gtd',
      expiresAt: new Date('2026-11-26T00:00:00Z'),
    });
    expect(orderConditions(crypto, input({ type: 'market', trailingStop: '150' }), NOW)).toMatchObject({
      trailingStop: 15_000n,
      timeInForce: 'gtc',
      expiresAt: null,
    });
  });

  it("ends a day order with the pair's trading day", () => {
    expect(orderConditions(crypto, input({ timeInForce: 'day' }), NOW).expiresAt?.toISOString()).toBe(
      '2026-11-26T00:00:00.000Z',
    );
    expect(
      orderConditions(forex, input({ price: '1.05', timeInForce: 'day' }), NOW).expiresAt?.toISOString(),
    ).toBe('2026-11-25T22:00:00.000Z');
  });

  it('names the field of each refusal', () => {
    const refused = (overrides: Partial<ConditionsInput>) =>
      fieldOf(() => orderConditions(crypto, input(overrides), NOW));
    expect(refused({ type: 'stop', price: undefined })).toBe('body.stopPrice');
    expect(refused({ type: 'stop_limit', price: undefined, stopPrice: '51000' })).toBe('body.price');
    expect(refused({ stopPrice: '51000' })).toBe('body.stopPrice');
    expect(refused({ type: 'stop', stopPrice: '51000.001' })).toBe('body.stopPrice');
    expect(refused({ trailingStop: '100', stopLoss: '48000' })).toBe('body.trailingStop');
    expect(refused({ trailingStop: '0' })).toBe('body.trailingStop');
    expect(refused({ type: 'market', timeInForce: 'day' })).toBe('body.timeInForce');
    expect(refused({ timeInForce: 'gtd' })).toBe('body.expiresAt');
    expect(refused({ timeInForce: 'gtd', expiresAt: '2026-11-25T15:00:30Z' })).toBe('body.expiresAt');
    expect(refused({ timeInForce: 'gtd', expiresAt: '2027-12-25T15:00:00Z' })).toBe('body.expiresAt');
    expect(refused({ timeInForce: 'day', expiresAt: '2026-11-26T00:00:00Z' })).toBe('body.expiresAt');
    expect(refused({ timeInForce: 'gtd', expiresAt: '2026-11-25T15:01:00Z' })).toBeUndefined();
  });
});

describe('checkAgainstQuote', () => {
  it('wants a buy stop above the ask, a sell stop below the bid, a trailing stop below the price', () => {
    const check = (side: 'buy' | 'sell', stopPrice: bigint | null, trailingStop: bigint | null = null) =>
      fieldOf(() => checkAgainstQuote(side, { stopPrice, trailingStop }, quote));
    expect(check('buy', 5_000_001n)).toBeUndefined();
    expect(check('buy', 5_000_000n)).toBe('body.stopPrice');
    expect(check('sell', 4_998_999n)).toBeUndefined();
    expect(check('sell', 4_999_000n)).toBe('body.stopPrice');
    expect(check('buy', null, 5_000_000n)).toBe('body.trailingStop');
    expect(check('buy', null, 4_999_999n)).toBeUndefined();
  });
});

describe('conditionChanges', () => {
  const position = {
    side: 'buy',
    type: 'market',
    status: 'act',
    triggeredAt: null,
    trailingStop: 10_000n,
    stopLoss: 4_990_000n,
  } as const;

  it('trails a new distance from the price now, and keeps the better level when the distance is removed', () => {
    expect(conditionChanges(crypto, position, { trailingStop: '50' }, quote)).toEqual({
      trailingStop: 5_000n,
      stopLoss: 4_994_000n,
    });
    // Removed: the saved level stays when it is the better one (the bid now gives 49890)…
    expect(conditionChanges(crypto, position, { trailingStop: null }, quote)).toEqual({ trailingStop: null });
    // …and the price now gives the better one when the engine had not saved its move yet.
    const higher = { bid: 5_010_000n, ask: 5_011_000n };
    expect(conditionChanges(crypto, position, { trailingStop: null }, higher)).toEqual({
      trailingStop: null,
      stopLoss: 5_000_000n,
    });
  });

  it('refuses a stop price once the stop no longer waits for it', () => {
    expect(fieldOf(() => conditionChanges(crypto, position, { stopPrice: '51000' }, quote))).toBe(
      'body.stopPrice',
    );
    const waiting = { ...position, type: 'stop', status: 'pnd', trailingStop: null } as const;
    expect(conditionChanges(crypto, waiting, { stopPrice: '51000' }, quote)).toEqual({
      stopPrice: 5_100_000n,
    });
  });
});
