import { crossedExit, limitFills } from '@td/contracts/trading-math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Heap } from './heap';
import { TriggerBooks, type TriggerOrder } from './trigger-books';

const order = (overrides: Partial<TriggerOrder> & { id: string }): TriggerOrder => ({
  symbol: 'BTC_USDT',
  side: 'buy',
  status: 'act',
  price: 10_000n,
  takeProfit: null,
  stopLoss: null,
  liquidationPrice: null,
  ...overrides,
});

describe('Heap', () => {
  it('pops in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (values) => {
        const heap = new Heap<number>((a, b) => a < b);
        for (const value of values) heap.push(value);
        const out: number[] = [];
        for (let value = heap.pop(); value !== undefined; value = heap.pop()) out.push(value);
        expect(out).toEqual([...values].sort((a, b) => a - b));
      }),
    );
  });
});

describe('TriggerBooks', () => {
  it('fires a long take-profit at the bid, once', () => {
    const books = new TriggerBooks();
    books.upsert(order({ id: 'a', takeProfit: 11_000n }));
    expect(books.cross('BTC_USDT', { bid: 10_999n, ask: 11_001n })).toEqual([]);
    expect(books.cross('BTC_USDT', { bid: 11_000n, ask: 11_002n })).toEqual([
      { orderId: 'a', action: 'take_profit', price: 11_000n },
    ]);
    expect(books.cross('BTC_USDT', { bid: 12_000n, ask: 12_002n })).toEqual([]);
  });

  it('fires stop-loss or liquidation, whichever the price reaches, and forgets the other', () => {
    const books = new TriggerBooks();
    books.upsert(order({ id: 'a', stopLoss: 9_500n, liquidationPrice: 9_200n, takeProfit: 12_000n }));
    expect(books.cross('BTC_USDT', { bid: 9_000n, ask: 9_010n })).toEqual([
      { orderId: 'a', action: 'stop_loss', price: 9_000n },
    ]);
    expect(books.cross('BTC_USDT', { bid: 13_000n, ask: 13_010n })).toEqual([]);
    expect(books.liveOrders).toBe(0);
  });

  it('fires shorts at the ask and pending limits when crossed', () => {
    const books = new TriggerBooks();
    books.upsert(order({ id: 's', side: 'sell', takeProfit: 9_000n, liquidationPrice: 10_800n }));
    books.upsert(order({ id: 'b', status: 'pnd', price: 9_500n }));
    books.upsert(order({ id: 'l', status: 'pnd', side: 'sell', price: 10_500n }));
    expect(books.cross('BTC_USDT', { bid: 10_490n, ask: 10_510n })).toEqual([]);
    expect(books.cross('BTC_USDT', { bid: 10_500n, ask: 10_520n })).toEqual([
      { orderId: 'l', action: 'fill', price: 10_500n },
    ]);
    expect(books.cross('BTC_USDT', { bid: 9_490n, ask: 9_500n })).toEqual([
      { orderId: 'b', action: 'fill', price: 9_500n },
    ]);
    expect(books.cross('BTC_USDT', { bid: 8_990n, ask: 9_000n })).toEqual([
      { orderId: 's', action: 'take_profit', price: 9_000n },
    ]);
  });

  it("fires a client group's orders on the quote widened by their markup, telling the market's price", () => {
    const books = new TriggerBooks();
    // Spread 20; a 100 % markup widens it by 10 on each side.
    books.upsert(order({ id: 'plain', status: 'pnd', price: 9_500n }));
    books.upsert(order({ id: 'marked', status: 'pnd', price: 9_500n, spreadMarkupBp: 10_000 }));
    books.upsert(order({ id: 'tp', takeProfit: 11_000n, spreadMarkupBp: 10_000 }));
    expect(books.cross('BTC_USDT', { bid: 9_480n, ask: 9_500n })).toEqual([
      { orderId: 'plain', action: 'fill', price: 9_500n },
    ]);
    expect(books.cross('BTC_USDT', { bid: 9_470n, ask: 9_490n })).toEqual([
      { orderId: 'marked', action: 'fill', price: 9_500n, marketPrice: 9_490n },
    ]);
    expect(books.cross('BTC_USDT', { bid: 11_000n, ask: 11_020n })).toEqual([]);
    expect(books.cross('BTC_USDT', { bid: 11_010n, ask: 11_030n })).toEqual([
      { orderId: 'tp', action: 'take_profit', price: 11_000n, marketPrice: 11_010n },
    ]);
  });

  it('uses the latest version of an order and nothing of a removed one', () => {
    const books = new TriggerBooks();
    books.upsert(order({ id: 'a', takeProfit: 11_000n }));
    books.upsert(order({ id: 'a', takeProfit: 12_000n }));
    books.upsert(order({ id: 'gone', takeProfit: 10_500n }));
    books.remove('gone');
    expect(books.cross('BTC_USDT', { bid: 11_500n, ask: 11_510n })).toEqual([]);
    expect(books.cross('BTC_USDT', { bid: 12_000n, ask: 12_010n })).toEqual([
      { orderId: 'a', action: 'take_profit', price: 12_000n },
    ]);
  });

  it('agrees with checking every order one by one, for any orders and quotes', () => {
    const arbOrder = fc.record({
      side: fc.constantFrom('buy' as const, 'sell' as const),
      status: fc.constantFrom('pnd' as const, 'act' as const),
      price: fc.bigInt(9_000n, 11_000n),
      takeProfit: fc.option(fc.bigInt(8_000n, 12_000n), { nil: null }),
      stopLoss: fc.option(fc.bigInt(8_000n, 12_000n), { nil: null }),
      liquidationPrice: fc.option(fc.bigInt(8_000n, 12_000n), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(arbOrder, { maxLength: 30 }),
        fc.array(fc.bigInt(8_000n, 12_000n), { minLength: 1, maxLength: 20 }),
        (specs, mids) => {
          const books = new TriggerBooks();
          const live = new Map<string, TriggerOrder>();
          specs.forEach((spec, index) => {
            const o = order({ id: String(index), ...spec });
            books.upsert(o);
            live.set(o.id, o);
          });
          for (const mid of mids) {
            const quote = { bid: mid - 5n, ask: mid + 5n };
            const fired = new Set(books.cross('BTC_USDT', quote).map((f) => f.orderId));
            const expected = new Set(
              [...live.values()]
                .filter((o) =>
                  o.status === 'pnd'
                    ? o.price !== null && limitFills(o.side, o.price, quote)
                    : crossedExit(o, quote) !== undefined,
                )
                .map((o) => o.id),
            );
            expect(fired).toEqual(expected);
            for (const id of fired) live.delete(id);
          }
        },
      ),
    );
  });
});
