import { describe, expect, it } from 'vitest';
import { AlertBooks } from './alert-books';

const alert = (id: string, direction: 'above' | 'below', priceMinor: bigint, symbol = 'BTC_USDT') => ({
  id,
  symbol,
  direction,
  priceMinor,
});

describe('AlertBooks', () => {
  it('fires an above alert when the price reaches it, and only once', () => {
    const books = new AlertBooks();
    books.add(alert('a', 'above', 5_000_000n));
    expect(books.cross('BTC_USDT', 4_999_999n)).toEqual([]);
    expect(books.cross('BTC_USDT', 5_000_000n).map((hit) => hit.id)).toEqual(['a']);
    expect(books.cross('BTC_USDT', 6_000_000n)).toEqual([]);
    expect(books.size).toBe(0);
  });

  it('fires below alerts from the highest down, leaving the others', () => {
    const books = new AlertBooks();
    books.add(alert('low', 'below', 4_000_000n));
    books.add(alert('high', 'below', 4_500_000n));
    books.add(alert('up', 'above', 5_500_000n));
    expect(books.cross('BTC_USDT', 4_400_000n).map((hit) => hit.id)).toEqual(['high']);
    expect(books.cross('BTC_USDT', 3_000_000n).map((hit) => hit.id)).toEqual(['low']);
    expect(books.size).toBe(1);
  });

  it('keeps pairs apart and skips removed alerts', () => {
    const books = new AlertBooks();
    books.add(alert('eth', 'above', 300_000n, 'ETH_USDT'));
    books.add(alert('gone', 'above', 100n));
    books.remove('gone');
    expect(books.cross('BTC_USDT', 1_000_000n)).toEqual([]);
    expect(books.cross('ETH_USDT', 300_001n).map((hit) => hit.id)).toEqual(['eth']);
  });

  it('adds the same alert once', () => {
    const books = new AlertBooks();
    books.add(alert('a', 'above', 10n));
    books.add(alert('a', 'above', 10n));
    expect(books.cross('BTC_USDT', 10n)).toHaveLength(1);
  });
});
