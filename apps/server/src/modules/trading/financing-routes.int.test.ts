import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../testing/use-trading-desk';

/** A pair's specification, an account's trading statistics, and the one-click trading preference. */
describe('financing and specifications', () => {
  const desk = useTradingDesk();

  it('describes a pair: spread, limits, leverage, margin, swaps, sessions, holiday and price source', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_500, 5_000_500);
    const answer = await desk.call(user, 'GET', '/pairs/btc_usdt/spec');
    expect(answer.statusCode, answer.body).toBe(200);
    const spec = answer.json().data;
    expect(spec).toMatchObject({
      symbol: 'BTC_USDT',
      pairType: 'crp',
      spread: '10.00',
      typicalSpread: '20.00',
      spreadRate: '0.0004',
      minAmount: '10.00',
      amountStep: '0.01',
      maxLeverage: 20,
      marginRate: '0.05',
      swapLong: '-10',
      swapShort: '-5',
      tripleSwapDay: null,
      swapDaysPerYear: 365,
      nextHoliday: null,
      priceSource: 'simulated',
    });
    // Crypto never closes: one session over the coming week.
    expect(spec.sessions).toHaveLength(1);
    expect(Date.parse(spec.sessions[0].closesAt) - Date.parse(spec.sessions[0].opensAt)).toBe(7 * 86_400_000);

    const stock = (await desk.call(user, 'GET', '/pairs/AAPL_USD/spec')).json().data;
    expect(stock).toMatchObject({
      tripleSwapDay: 'friday',
      swapDaysPerYear: 360,
      spread: null,
      typicalSpread: null,
    });
    expect(stock.sessions.length).toBeGreaterThanOrEqual(3);
    expect(stock.nextHoliday).toMatchObject({ kind: expect.stringMatching(/closed|early-close/) });
    const forex = (await desk.call(user, 'GET', '/pairs/EUR_USD/spec')).json().data;
    expect(forex).toMatchObject({ tripleSwapDay: 'wednesday', marginRate: '0.01' });

    expect((await desk.call(user, 'GET', '/pairs/NOPE_USD/spec')).statusCode).toBe(404);
    expect((await desk.call(user, 'GET', '/pairs/not-a-pair/spec')).statusCode).toBe(400);
  });

  it('sums up the trades an account closed over a period', async () => {
    const user = await desk.newUser();
    const empty = await desk.call(user, 'GET', '/portfolio/stats?account=demo&period=7d');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toMatchObject({
      closedTrades: 0,
      winRate: null,
      profitFactor: null,
      bestPair: null,
    });

    const trade = async (side: 'buy' | 'sell', closeMid: number) => {
      await desk.setQuote('BTC_USDT', 4_999_500, 5_000_500);
      const opened = await desk.order(user, { side, type: 'market', amount: '1000', leverage: 10 });
      expect(opened.statusCode, opened.body).toBe(201);
      await desk.setQuote('BTC_USDT', closeMid - 500, closeMid + 500);
      const closed = await desk.call(user, 'POST', `/orders/${opened.json().data.id}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
    };
    await trade('buy', 5_100_000);
    await trade('buy', 5_050_000);
    await trade('sell', 5_100_000);

    const answer = await desk.call(user, 'GET', '/portfolio/stats?account=demo&period=all');
    expect(answer.statusCode, answer.body).toBe(200);
    const stats = answer.json().data;
    expect(stats).toMatchObject({ period: 'all', closedTrades: 3, wins: 2, losses: 1, winRate: '66.67' });
    expect(Number(stats.largestWin)).toBeGreaterThan(Number(stats.averageWin) - 0.01);
    expect(Number(stats.largestLoss)).toBeLessThan(0);
    expect(Number(stats.profitFactor)).toBeGreaterThan(1);
    expect(stats.bestPair.symbol).toBe('BTC_USDT');
    expect(Number(stats.feesPaid)).toBeGreaterThanOrEqual(0);
    expect(stats.swapsPaid).toBe('0.00');
    expect(Number(stats.maxDrawdown)).toBeGreaterThanOrEqual(0);

    for (const query of ['period=2w', 'period=', 'account=gold', 'period=30d&account=demo&period=7d'])
      expect((await desk.call(user, 'GET', `/portfolio/stats?${query}`)).statusCode, query).toBe(400);
    // Another user's trades are not counted.
    const other = await desk.newUser();
    expect(
      (await desk.call(other, 'GET', '/portfolio/stats?account=demo&period=all')).json().data.closedTrades,
    ).toBe(0);
  });

  it('finds no drawdown on a demo account whose equity never fell, read before its first use', async () => {
    const user = await desk.newUser();
    // Two days closed at the demo start, as today stands: a flat curve. Nothing has opened the demo
    // book yet (no order, no Portfolio read): its practice money is still to be granted.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    for (const dayMs of [today - 2 * 86_400_000, today - 86_400_000])
      await desk.t.deps.db.query(
        `insert into equity_snapshots (user_id, book, day_ms, equity_cents) values ($1, 'demo', $2, 1000000)`,
        [user.id, dayMs],
      );
    const stats = (await desk.call(user, 'GET', '/portfolio/stats?account=demo&period=all')).json().data;
    expect(stats).toMatchObject({ maxDrawdown: '0.00', maxDrawdownPercent: '0.00' });
  });

  it('turns one-click trading on only with the risk notice accepted', async () => {
    const user = await desk.newUser();
    const read = async () => (await desk.call(user, 'GET', '/profile/one-click-trading')).json().data;
    expect(await read()).toEqual({ enabled: false });
    const refused = await desk.call(user, 'PUT', '/profile/one-click-trading', { enabled: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('riskAccepted');
    const declined = await desk.call(user, 'PUT', '/profile/one-click-trading', {
      enabled: true,
      riskAccepted: false,
    });
    expect(declined.statusCode).toBe(400);
    expect(await read()).toEqual({ enabled: false });
    const on = await desk.call(user, 'PUT', '/profile/one-click-trading', {
      enabled: true,
      riskAccepted: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await read()).toEqual({ enabled: true });
    // The chart settings are untouched by it, and it by them.
    expect((await desk.call(user, 'GET', '/profile/chart-settings')).statusCode).toBe(200);
    const off = await desk.call(user, 'PUT', '/profile/one-click-trading', { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(await read()).toEqual({ enabled: false });
    expect((await desk.call(user, 'PUT', '/profile/one-click-trading', { enabled: 'yes' })).statusCode).toBe(
      400,
    );
  });
});
