import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { balanceMovesSince } from '../ledger/ledger';
import { createEquitySnapshots, DAY_MS, dayOf } from './equity-snapshots';

describe('daily equity snapshots', () => {
  const desk = useTradingDesk();

  it("writes every account's equity at the live prices once per day, and the Portfolio curve shows it", async () => {
    const trader = await desk.newUser();
    const idle = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    await desk.order(trader, { side: 'buy', type: 'market', amount: '1000', leverage: 10 });
    // A limit order far from the price: the idle user's demo book exists but holds no position.
    await desk.order(idle, { side: 'buy', type: 'limit', price: '1000', amount: '100', leverage: 1 });
    const quotes = { bid: 5_099_000n, ask: 5_100_000n, tMs: Date.now() };
    const snapshots = createEquitySnapshots({
      db: desk.t.deps.db,
      quotes: { quote: (symbol) => (symbol === 'BTC_USDT' ? quotes : undefined) },
      logger: desk.t.deps.logger,
    });
    const yesterday = Date.now() - DAY_MS;

    expect(await snapshots.snapshotAll(yesterday)).toBeGreaterThanOrEqual(2);
    // The same day again replaces its figure instead of adding a second one.
    await snapshots.snapshotAll(yesterday);
    const rows = await desk.t.deps.db.query<{ user_id: string; day_ms: string; equity_cents: string }>(
      'select user_id, day_ms::text, equity_cents::text from equity_snapshots where user_id = any($1::uuid[]) order by user_id',
      [[trader.id, idle.id]],
    );
    expect(rows).toHaveLength(2);
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    // 10,000 − the 0.50 fee, and the position (1,000 bought at the 50,000 ask) is worth
    // 990 / 50,000 more at the 50,990 bid: +19.80.
    expect(byUser.get(trader.id)).toMatchObject({
      day_ms: String(dayOf(yesterday)),
      equity_cents: '1001930',
    });
    // A pending order's margin and fee are only held: the balance is still whole.
    expect(byUser.get(idle.id)?.equity_cents).toBe('1000000');

    const portfolio = await desk.portfolio(trader);
    expect(portfolio.series[0]).toEqual({ t: dayOf(yesterday), equity: '10019.30' });
    expect(portfolio.series.at(-1)?.equity).toBe(portfolio.equity);
  });

  it("reads the day's movements of a new account's balance, so its curve starts with its first trade", async () => {
    const newcomer = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const since = dayOf(Date.now());
    await desk.order(newcomer, { side: 'buy', type: 'market', amount: '1000', leverage: 10 });
    const moves = await balanceMovesSince(desk.t.deps.db.db, newcomer.id, 'demo', since);
    // The practice money, then the opening fee; the margin only moves between the user's accounts.
    expect(moves.map((move) => [move.kind, move.netCents])).toEqual([
      ['demo_grant', 1_000_000n],
      [expect.any(String), -50n],
    ]);
    expect(await balanceMovesSince(desk.t.deps.db.db, newcomer.id, 'real', since)).toEqual([]);
    const portfolio = await desk.portfolio(newcomer);
    expect(portfolio.series.at(-1)?.equity).toBe(portfolio.equity);
    expect(portfolio.series.every((point: { t: number }) => point.t >= since)).toBe(true);
  });
});
