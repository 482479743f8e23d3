import { describe, expect, it } from 'vitest';
import {
  amountError,
  clampLeverage,
  cleanDecimalInput,
  createClientOrderIds,
  expiryError,
  leverageError,
  priceError,
  stopPriceError,
  trailingStopError,
} from './order-form';

describe('amount field', () => {
  it('accepts an amount within the pair limits', () => {
    expect(amountError('1000', { min: '10.00', max: '100000000.00' })).toBeUndefined();
    expect(amountError('10.55', { min: '10' })).toBeUndefined();
  });

  it('refuses an empty, zero, over-precise or out-of-range amount', () => {
    expect(amountError('')).toBe('Enter an amount');
    expect(amountError('0')).toBe('Amount must be more than 0');
    expect(amountError('10.123')).toBe('Amount can have at most 2 decimals');
    expect(amountError('9.99', { min: '10.00' })).toBe('Minimum is 10.00 USD');
    expect(amountError('100000000.01')).toBe('Maximum is 100,000,000.00 USD');
  });

  it('never allows more than the product maximum of 100,000,000 whatever the pair says', () => {
    expect(amountError('200000000', { max: '500000000' })).toBe('Maximum is 100,000,000.00 USD');
  });
});

describe('price field', () => {
  it('is optional unless required, and keeps the pair precision', () => {
    expect(priceError('', 2)).toBeUndefined();
    expect(priceError('', 2, true)).toBe('Enter a price');
    expect(priceError('1.08505', 4)).toBe('At most 4 decimals for this pair');
    expect(priceError('1.0850', 4)).toBeUndefined();
    expect(priceError('0', 2)).toBe('Must be a price above 0');
  });
});

describe('leverage', () => {
  it('is a whole number from 1 to the pair maximum', () => {
    expect(leverageError(20, 20)).toBeUndefined();
    expect(leverageError(21, 20)).toBe('At most 20× for this pair');
    expect(leverageError(0, 20)).toBe('Leverage is a whole number from 1');
    expect(clampLeverage(250, 100)).toBe(100);
    expect(clampLeverage(0, 100)).toBe(1);
    expect(clampLeverage(Number.NaN, 100)).toBe(1);
  });
});

describe('typing', () => {
  it('cleans pasted thousands separators and refuses letters', () => {
    expect(cleanDecimalInput('1,000.50')).toBe('1000.50');
    expect(cleanDecimalInput('12a')).toBeNull();
  });
});

describe('client order ids', () => {
  it('sends a fresh id for each new order and the same one for a retry of the same request', () => {
    let counter = 0;
    const ids = createClientOrderIds(() => `id-${++counter}`);
    expect(ids.idFor('a')).toBe('id-1');
    expect(ids.idFor('a')).toBe('id-1');
    ids.settle();
    expect(ids.idFor('a')).toBe('id-2');
    expect(ids.idFor('b')).toBe('id-3');
  });
});

describe('stop orders, trailing stops and expiry', () => {
  const quote = { bid: '49990.00', ask: '50000.00' };

  it('wants a buy stop above the ask and a sell stop below the bid', () => {
    expect(stopPriceError('buy', '50100', quote, 2)).toBeUndefined();
    expect(stopPriceError('buy', '50000', quote, 2)).toBe('A buy stop must lie above the ask (50000.00)');
    expect(stopPriceError('sell', '49000', quote, 2)).toBeUndefined();
    expect(stopPriceError('sell', '49990', quote, 2)).toBe('A sell stop must lie below the bid (49990.00)');
    expect(stopPriceError('buy', '', quote, 2)).toBe('Enter a price');
    expect(stopPriceError('buy', '50100.123', quote, 2)).toBeDefined();
    // Without a quote only the price itself is checked.
    expect(stopPriceError('buy', '1', undefined, 2)).toBeUndefined();
  });

  it('wants a trailing distance above 0 and below the price', () => {
    expect(trailingStopError('200', 2, '50000')).toBeUndefined();
    expect(trailingStopError('0', 2, '50000')).toBeDefined();
    expect(trailingStopError('50000', 2, '50000')).toBe('The distance must be less than the price');
  });

  it('wants a good-till-date end between a minute and a year ahead', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(expiryError('', now)).toBe('Choose when the order expires');
    expect(expiryError('2026-11-27T10:00:30Z', now)).toBe('Between a minute and a year from now');
    expect(expiryError('2026-11-27T12:00:00Z', now)).toBeUndefined();
    expect(expiryError('2028-01-01T00:00:00Z', now)).toBe('Between a minute and a year from now');
    expect(expiryError('soon', now)).toBe('Between a minute and a year from now');
  });
});
