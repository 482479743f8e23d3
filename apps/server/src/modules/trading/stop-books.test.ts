import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TrailingBook } from './trailing-book';
import { TriggerBooks, type TriggerOrder } from './trigger-books';

const order = (overrides: Partial<TriggerOrder> & { id: string }): TriggerOrder => ({
  symbol: 'BTC_USDT',
  side: 'buy',
  status: 'pnd',
  price: null,
  takeProfit: null,
  stopLoss: null,
  liquidationPrice: null,
  ...overrides,
});

describe('TriggerBooks: stop orders', () => {
  it('fires a buy stop when the ask rises to it, at the ask, once', () => {
    const books = new TriggerBooks();
    books.upsert(order({ id: 'b', type: 'stop', stopPrice: 10_100n }));
    expect(books.cross('BTC_USDT', { bid: 10_080n, ask: 10_099n })).toEqual([]);
    expect(books.cross('BTC_USDT', { bid: 10_140n, ask: 10_150n })).toEqual([
      { orderId: 'b', action: 'stop_fill', price: 10_150n },
    ]);
    expect(books.cross('BTC_USDT', { bid: 10_240n, ask: 10_250n })).toEqual([]);
  });

  it('fires a sell stop-limit when the bid falls to it; once triggered it waits as a limit', () => {
    const books = new TriggerBooks();
    const stopLimit = order({ id: 's', side: 'sell', type: 'stop_limit', stopPrice: 9_900n, price: 9_950n });
    books.upsert(stopLimit);
    // Above the limit but not at the trigger: nothing (a limit alone would fill here).
    expect(books.cross('BTC_USDT', { bid: 9_960n, ask: 9_970n })).toEqual([]);
    expect(books.cross('BTC_USDT', { bid: 9_890n, ask: 9_900n })).toEqual([
      { orderId: 's', action: 'stop_trigger', price: 9_890n },
    ]);
    books.upsert({ ...stopLimit, triggeredAt: new Date() });
    expect(books.cross('BTC_USDT', { bid: 9_950n, ask: 9_960n })).toEqual([
      { orderId: 's', action: 'fill', price: 9_950n },
    ]);
  });

  it('forgets a changed or removed stop', () => {
    const books = new TriggerBooks();
    books.upsert(order({ id: 'a', type: 'stop', stopPrice: 10_100n }));
    books.upsert(order({ id: 'a', type: 'stop', stopPrice: 10_300n }));
    books.upsert(order({ id: 'c', side: 'sell', type: 'stop', stopPrice: 9_000n }));
    books.remove('c');
    expect(books.cross('BTC_USDT', { bid: 8_000n, ask: 10_200n })).toEqual([]);
    expect(books.cross('BTC_USDT', { bid: 10_290n, ask: 10_300n })).toEqual([
      { orderId: 'a', action: 'stop_fill', price: 10_300n },
    ]);
  });
});

describe('TriggerBooks: expiry', () => {
  it('expires pending orders whose end has come, soonest first, once', () => {
    const books = new TriggerBooks();
    books.upsert(order({ id: 'late', price: 9_000n, expiresAt: new Date(3_000) }));
    books.upsert(order({ id: 'soon', type: 'stop', stopPrice: 11_000n, expiresAt: new Date(1_000) }));
    books.upsert(order({ id: 'never', price: 9_000n }));
    expect(books.expired(999)).toEqual([]);
    expect(books.expired(2_000)).toEqual([{ orderId: 'soon', action: 'expire', price: 0n }]);
    expect(books.expired(5_000)).toEqual([{ orderId: 'late', action: 'expire', price: 0n }]);
    expect(books.expired(9_000)).toEqual([]);
    // An expired order left the books: its stop no longer fires.
    expect(books.cross('BTC_USDT', { bid: 11_990n, ask: 12_000n })).toEqual([]);
  });

  it('does not expire an order once it filled', () => {
    const books = new TriggerBooks();
    const pending = order({ id: 'a', price: 9_000n, expiresAt: new Date(1_000) });
    books.upsert(pending);
    books.upsert({ ...pending, status: 'act', price: 9_000n });
    expect(books.expired(2_000)).toEqual([]);
  });
});

describe('TriggerBooks: trailing stops', () => {
  const long = (id: string, stopLoss: bigint, trailingStop: bigint) =>
    order({ id, status: 'act', price: 10_000n, stopLoss, trailingStop });

  it('moves a long stop up with the bid, never down, and fires at the level it reached', () => {
    const books = new TriggerBooks();
    books.upsert(long('a', 9_900n, 100n));
    expect(books.cross('BTC_USDT', { bid: 10_050n, ask: 10_060n })).toEqual([]);
    expect(books.trailingLevel('BTC_USDT', 'a')).toBe(9_950n);
    expect(books.cross('BTC_USDT', { bid: 10_000n, ask: 10_010n })).toEqual([]);
    expect(books.trailingLevel('BTC_USDT', 'a')).toBe(9_950n);
    expect(books.movedStops()).toEqual([{ orderId: 'a', distance: 100n, stopLoss: 9_950n }]);
    expect(books.movedStops()).toEqual([]);
    expect(books.cross('BTC_USDT', { bid: 9_940n, ask: 9_950n })).toEqual([
      { orderId: 'a', action: 'stop_loss', price: 9_940n, level: 9_950n, trailingStop: 100n },
    ]);
    expect(books.liveOrders).toBe(0);
  });

  it('moves a short stop down with the ask and fires when the ask rises to it', () => {
    const books = new TriggerBooks();
    books.upsert(
      order({ id: 's', side: 'sell', status: 'act', price: 10_000n, stopLoss: 10_100n, trailingStop: 100n }),
    );
    books.cross('BTC_USDT', { bid: 9_790n, ask: 9_800n });
    expect(books.trailingLevel('BTC_USDT', 's')).toBe(9_900n);
    expect(books.movedStops()).toEqual([{ orderId: 's', distance: 100n, stopLoss: 9_900n }]);
    expect(books.cross('BTC_USDT', { bid: 9_880n, ask: 9_899n })).toEqual([]);
    expect(books.cross('BTC_USDT', { bid: 9_890n, ask: 9_900n })).toEqual([
      { orderId: 's', action: 'stop_loss', price: 9_900n, level: 9_900n, trailingStop: 100n },
    ]);
  });

  it('lets liquidation win over a trailing stop on a gap, and fires each once', () => {
    const books = new TriggerBooks();
    books.upsert({ ...long('a', 9_900n, 100n), liquidationPrice: 9_000n });
    expect(books.cross('BTC_USDT', { bid: 8_000n, ask: 8_010n })).toEqual([
      { orderId: 'a', action: 'liquidation', price: 8_000n },
    ]);
  });
});

describe('TrailingBook', () => {
  it('fires and moves as checking every position on every price would', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ level: fc.integer({ min: 0, max: 200 }), distance: fc.integer({ min: 1, max: 50 }) }),
          {
            maxLength: 30,
          },
        ),
        fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 40 }),
        (positions, prices) => {
          const book = new TrailingBook();
          const model = new Map<string, { level: bigint; distance: bigint }>();
          positions.forEach((position, index) => {
            const id = String(index);
            book.add(id, BigInt(position.distance), BigInt(position.level), 1);
            model.set(id, { level: BigInt(position.level), distance: BigInt(position.distance) });
          });
          const alive = new Set(model.keys());
          const isLive = (id: string) => alive.has(id);
          for (const raw of prices) {
            const p = BigInt(raw);
            const expected: { orderId: string; level: bigint; distance: bigint }[] = [];
            for (const [id, position] of model) {
              if (position.level >= p) {
                expected.push({ orderId: id, level: position.level, distance: position.distance });
                model.delete(id);
              } else if (p - position.distance > position.level) position.level = p - position.distance;
            }
            const fired = book.cross(p, isLive);
            for (const one of fired) alive.delete(one.orderId);
            const byId = (a: { orderId: string }, b: { orderId: string }) =>
              a.orderId.localeCompare(b.orderId);
            expect([...fired].sort(byId)).toEqual(expected.sort(byId));
            for (const [id, position] of model) expect(book.levelOf(id, isLive)).toBe(position.level);
          }
        },
      ),
    );
  });
});
