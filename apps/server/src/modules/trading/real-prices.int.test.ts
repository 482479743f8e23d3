import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { useTradingDesk } from '../../testing/use-trading-desk';

type Pair = { symbol: string; priceSource: string; realTrading: boolean };

describe('Real orders on live prices only', () => {
  // Crypto pairs priced by Binance's stream; forex and stocks by the simulator.
  const desk = useTradingDesk({
    env: { MARKET_FEED: 'binance', REAL_TRADING_ON_SIMULATED_PRICES: 'false' },
  });
  let user: TestUser;

  beforeAll(async () => {
    user = await desk.newUser();
    await desk.fundReal(user, 100_000n);
    await desk.setQuote('BTC_USDT', 5_000_000, 5_000_100);
    await desk.setQuote('EUR_USD', 10_850, 10_851, 'forex', 4);
  });

  const pairs = async () => (await desk.call(user, 'GET', '/pairs')).json().data as Pair[];
  const real = (symbol: string) =>
    desk.order(user, { account: 'real', symbol, side: 'buy', type: 'market', amount: '100', leverage: 1 });

  it('each pair says where its prices come from and whether Real accounts may trade it', async () => {
    const all = await pairs();
    expect(all.find((pair) => pair.symbol === 'BTC_USDT')).toMatchObject({
      priceSource: 'live',
      realTrading: true,
    });
    expect(all.find((pair) => pair.symbol === 'EUR_USD')).toMatchObject({
      priceSource: 'simulated',
      realTrading: false,
    });
    expect(all.filter((pair) => pair.realTrading).every((pair) => pair.priceSource === 'live')).toBe(true);
  });

  it('refuses a Real order on simulated prices with a clear message, and stores nothing', async () => {
    const res = await real('EUR_USD');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Real trading on EUR/USD needs live prices, and this pair's prices are simulated. Practise it on your Demo account",
    );
    const [stored] = await desk.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE symbol = 'EUR_USD' AND user_id = ${user.id}`,
    );
    expect(stored?.n).toBe(0);
  });

  it('takes the same pair on the Demo account, and a live pair on the Real one', async () => {
    const demo = await desk.order(user, {
      symbol: 'EUR_USD',
      side: 'buy',
      type: 'market',
      amount: '100',
      leverage: 1,
    });
    expect(demo.statusCode, demo.body).toBe(201);
    const live = await real('BTC_USDT');
    expect(live.statusCode, live.body).toBe(201);
    expect(live.json().data.status).toBe('act');
  });
});

describe('a demonstration deployment', () => {
  const desk = useTradingDesk({ env: { REAL_TRADING_ON_SIMULATED_PRICES: 'true' } });

  it('lets Real accounts trade simulated prices, and says they are simulated', async () => {
    const user = await desk.newUser();
    await desk.fundReal(user, 100_000n);
    await desk.setQuote('BTC_USDT', 5_000_000, 5_000_100);
    const pair = ((await desk.call(user, 'GET', '/pairs')).json().data as Pair[]).find(
      (p) => p.symbol === 'BTC_USDT',
    );
    expect(pair).toMatchObject({ priceSource: 'simulated', realTrading: true });
    const res = await desk.order(user, {
      account: 'real',
      side: 'buy',
      type: 'market',
      amount: '100',
      leverage: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
