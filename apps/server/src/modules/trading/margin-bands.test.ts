import { markupQuote } from '@td/contracts/group-terms';
import { isAtOrBelow } from '@td/contracts/margin-level';
import { closeSidePrice, pnlAt, type TSide } from '@td/contracts/trading-math';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../platform/bus/memory-bus';
import type { Database } from '../../platform/db/client';
import { bandDistance, MarginBands } from './margin-bands';
import { createMarginMonitor } from './margin-monitor';
import type { OrderRow } from './orders.repository';

interface Held {
  side: TSide;
  amountCents: bigint;
  entry: bigint;
  markupBp: number;
}

const pnlOf = (held: Held[], quote: { bid: bigint; ask: bigint }) =>
  held.reduce(
    (sum, p) =>
      sum + pnlAt(p.side, p.amountCents, p.entry, closeSidePrice(p.side, markupQuote(quote, p.markupBp))),
    0n,
  );

const arbHeld = fc.record({
  side: fc.constantFrom<TSide>('buy', 'sell'),
  amountCents: fc.bigInt({ min: 1n, max: 100_000_000n }),
  entry: fc.bigInt({ min: 1_000n, max: 10_000_000n }),
  markupBp: fc.integer({ min: 0, max: 20_000 }),
});

describe('bandDistance', () => {
  it('keeps the PnL of a pair’s positions within the slack while bid and ask stay in the band', () => {
    fc.assert(
      fc.property(
        fc.array(arbHeld, { minLength: 1, maxLength: 6 }),
        fc.bigInt({ min: 1_000n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 50_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (held, bid, spread, slack, bidShare, askShare) => {
          const quote = { bid, ask: bid + spread };
          const exposure = {
            amountCents: held.reduce((sum, p) => sum + p.amountCents, 0n),
            minEntry: held.reduce((min, p) => (p.entry < min ? p.entry : min), held[0]?.entry ?? 1n),
            markupBp: BigInt(Math.max(...held.map((p) => p.markupBp))),
            count: BigInt(held.length),
          };
          const distance = bandDistance(slack, exposure, spread);
          if (distance === undefined) return;
          const move = (share: number) => BigInt(Math.trunc(share * Number(distance)));
          const next = { bid: bid + move(bidShare), ask: bid + spread + move(askShare) };
          if (next.bid < 1n || next.ask < next.bid) return;
          const change = pnlOf(held, next) - pnlOf(held, quote);
          expect(change <= slack && -change <= slack).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('gives no band when the slack does not cover a cent per position', () => {
    const exposure = { amountCents: 100_000n, minEntry: 5_000_000n, markupBp: 0n, count: 3n };
    expect(bandDistance(2n, exposure, 500n)).toBeUndefined();
    expect(bandDistance(10_000n, exposure, 500n)).toBeGreaterThan(0n);
  });
});

describe('MarginBands', () => {
  it('hands over a unit once when a quote leaves its band, and the hot ones on every tick', () => {
    const bands = new MarginBands<string>();
    bands.file('a', new Map([['P', { bidLow: 90n, askHigh: 110n }]]));
    bands.file('b', new Map([['P', { bidHigh: 105n, askLow: 95n }]]));
    bands.file('c', new Map([['P', 'hot' as const]]));
    expect(bands.crossed('P', 100n, 101n)).toEqual(['c']);
    bands.file('c', new Map([['P', 'hot' as const]]));
    expect(bands.crossed('P', 89n, 100n).sort()).toEqual(['a', 'c']);
    expect(bands.crossed('P', 106n, 107n)).toEqual(['b']);
    expect(bands.crossed('P', 80n, 120n)).toEqual([]);
    expect(bands.has('a')).toBe(false);
  });

  it('forgets a unit’s other pairs when it is filed again, and keeps its books bounded', () => {
    const bands = new MarginBands<number>();
    for (let round = 0; round < 50; round++) {
      for (let unit = 0; unit < 200; unit++) {
        bands.file(
          unit,
          new Map([
            ['P', { bidLow: 1_000n - BigInt(round), askHigh: 2_000n + BigInt(round) }],
            ['Q', { bidLow: 10n, bidHigh: 20n, askLow: 10n, askHigh: 20n }],
          ]),
        );
      }
    }
    expect(bands.size).toBeLessThan(200 * 6 * 2 + 2_048);
    expect(bands.crossed('P', 500n, 501n)).toHaveLength(200);
    expect(bands.crossed('Q', 15n, 16n)).toEqual([]);
  });
});

const silent = pino({ level: 'silent' });

/** The user id a query's condition compares with (a parameter `u<n>` in its chunks). */
const userIn = (node: unknown, depth = 0): string | undefined => {
  if (depth > 8 || node === null || typeof node !== 'object') return undefined;
  const value = (node as { value?: unknown }).value;
  if (typeof value === 'string' && /^u\d+$/.test(value)) return value;
  for (const chunk of (node as { queryChunks?: unknown[] }).queryChunks ?? []) {
    const found = userIn(chunk, depth + 1);
    if (found) return found;
  }
  return undefined;
};

/**
 * Answers the monitor's one read of an account: the user's group (call 100 %, stop-out 50 %), the
 * balances, and no swaps (those the positions were tracked with stand).
 */
function standInDatabase(balances: Map<string, { cash: bigint; margin: bigint }>): Database {
  const answer = () => {
    let userId = '';
    const rows = () => {
      const balance = balances.get(userId) ?? { cash: 0n, margin: 0n };
      return [
        {
          // Users of an odd number are in an `isolated` group.
          marginMode: Number(userId.slice(1)) % 2 === 1 ? 'isolated' : 'cross',
          marginCallLevel: 100,
          stopOutLevel: 50,
          cash: balance.cash.toString(),
          margin: balance.margin.toString(),
          swaps: '[]',
        },
      ];
    };
    const chain = {
      from: () => chain,
      leftJoin: () => chain,
      where: (condition: unknown) => {
        userId = userIn(condition) ?? '';
        return chain;
      },
      limit: () => chain,
      // biome-ignore lint/suspicious/noThenProperty: a query builder is awaited as a thenable
      then: (resolve: (value: unknown) => unknown, reject: (error: unknown) => unknown) =>
        Promise.resolve(rows()).then(resolve, reject),
    };
    return chain;
  };
  return { select: answer } as unknown as Database;
}

describe('the margin monitor’s bands', () => {
  it('warns exactly when a full recomputation on every tick would, cross and isolated, over random walks of several pairs', async () => {
    const pairs = ['A_USDT', 'B_USDT', 'C_USDT'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            cash: fc.bigInt({ min: 0n, max: 200_000n }),
            positions: fc.array(
              fc.record({
                pair: fc.integer({ min: 0, max: 2 }),
                held: arbHeld,
                swapCents: fc.bigInt({ min: -20_000n, max: 0n }),
              }),
              {
                minLength: 1,
                maxLength: 4,
              },
            ),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.array(
          fc.record({ pair: fc.integer({ min: 0, max: 2 }), step: fc.integer({ min: -400, max: 400 }) }),
          { minLength: 1, maxLength: 120 },
        ),
        async (accounts, walk) => {
          const balances = new Map<string, { cash: bigint; margin: bigint }>();
          const monitor = createMarginMonitor({
            db: standInDatabase(balances),
            settle: async () => undefined,
            bus: createMemoryBus(silent),
            logger: silent,
            enqueue: () => {},
          });
          const prices = pairs.map(() => 1_000_000n);
          for (const [i, symbol] of pairs.entries()) monitor.onQuote(symbol, prices[i] as bigint, 1_000_200n);
          const book: {
            userId: string;
            cash: bigint;
            margin: bigint;
            held: (Held & { pair: number; swapCents: bigint })[];
          }[] = [];
          for (const [a, account] of accounts.entries()) {
            const userId = `u${a}`;
            const held = account.positions.map(({ pair, held: p, swapCents }) => ({
              ...p,
              entry: 1_000_000n,
              pair,
              swapCents,
            }));
            const margin = held.reduce((sum, p) => sum + p.amountCents / 20n + 1n, 0n);
            balances.set(userId, { cash: account.cash, margin });
            book.push({ userId, cash: account.cash, margin, held });
            for (const [p, position] of held.entries()) {
              const id = `${userId}p${p}`;
              monitor.track(
                {
                  id,
                  userId,
                  book: 'demo',
                  symbol: pairs[position.pair],
                  side: position.side,
                  status: 'act',
                  amountCents: position.amountCents,
                  marginCents: position.amountCents / 20n + 1n,
                  price: position.entry,
                  spreadMarkupBp: position.markupBp,
                  swapCents: position.swapCents,
                } as OrderRow,
                id,
              );
            }
          }
          await monitor.readingsDone();
          for (const { pair, step } of walk) {
            const bid = (prices[pair] as bigint) + BigInt(step * 50);
            prices[pair] = bid > 1_000n ? bid : 1_000n;
            monitor.onQuote(pairs[pair] as string, prices[pair] as bigint, (prices[pair] as bigint) + 200n);
            for (const account of book) {
              const equity =
                account.cash +
                account.margin +
                account.held.reduce(
                  // A cross account's equity counts the swaps its positions accumulated.
                  (sum, p) =>
                    sum +
                    p.swapCents +
                    pnlOf([p], { bid: prices[p.pair] as bigint, ask: (prices[p.pair] as bigint) + 200n }),
                  0n,
                );
              if (Number(account.userId.slice(1)) % 2 === 0) {
                expect(monitor.isWarned(account.userId, 'demo')).toBe(
                  isAtOrBelow(equity, account.margin, 100),
                );
                continue;
              }
              // Isolated: each position on its own margin, at the market's quote.
              for (const [p, position] of account.held.entries()) {
                const bid = prices[position.pair] as bigint;
                const pnl = pnlAt(
                  position.side,
                  position.amountCents,
                  position.entry,
                  closeSidePrice(position.side, { bid, ask: bid + 200n }),
                );
                const margin = position.amountCents / 20n + 1n;
                expect(monitor.isWarned(account.userId, 'demo', `${account.userId}p${p}`)).toBe(
                  isAtOrBelow(margin + pnl, margin, 100),
                );
              }
            }
          }
          monitor.stop();
        },
      ),
      { numRuns: 60 },
    );
  });
});
