import type { TRiskPair } from '@td/contracts/risk';
import type { TOrder } from '@td/contracts/trading';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { useTradingDesk } from '../../testing/use-trading-desk';

/** Cents of a decimal string with at most 2 decimals ("-12.5" → -1250n). */
const cents = (text: string) => {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -value : value;
};
const usd = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/**
 * The dealing desk's risk against sums the test makes itself from the clients' own orders: Real
 * and Demo apart, each position valued at its close-side price of the quote the server holds.
 */
describe('GET /admin/risk and the exposure limit', () => {
  const desk = useTradingDesk();
  let dealer: TestUser;
  const traders: TestUser[] = [];
  let demoTrader: TestUser;
  // 50,000.00 bid / 50,010.00 ask once the positions are open: BTC_USDT at precision 2.
  const BID = 5_000_000n;
  const ASK = 5_001_000n;

  const openOrders = async (user: TestUser, account: 'real' | 'demo') =>
    (
      (await desk.call(user, 'GET', `/orders?account=${account}&limit=100`)).json().data.items as TOrder[]
    ).filter((order) => order.status === 'act' && order.symbol === 'BTC_USDT');
  /** What the test expects of the pair's line, from the users' own positions. */
  const expected = (positions: TOrder[]) => {
    let long = 0n;
    let short = 0n;
    let pnl = 0n;
    for (const order of positions) {
      const entry = cents(order.price ?? '0');
      const amount = cents(order.amount);
      const close = order.side === 'buy' ? BID : ASK;
      const value = (amount * close) / entry;
      if (order.side === 'buy') long += value;
      else short += value;
      const made = order.side === 'buy' ? amount * (close - entry) : amount * (entry - close);
      // Rounded down (toward −∞), as a position's result is.
      pnl += made >= 0n ? made / entry : -((-made + entry - 1n) / entry);
    }
    return {
      long: usd(long),
      short: usd(short),
      net: usd(long - short),
      positions: positions.length,
      clientsPnl: usd(pnl),
      housePnl: usd(-pnl),
    };
  };
  const risk = async () => {
    const response = await desk.call(dealer, 'GET', '/admin/risk');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const btc = (book: { pairs: TRiskPair[] }) => {
    const line = book.pairs.find((pair) => pair.symbol === 'BTC_USDT');
    if (!line) throw new Error('no BTC_USDT line');
    return line;
  };

  beforeAll(async () => {
    dealer = await desk.newAdmin();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const plan = [
      { side: 'buy', amount: '1000', leverage: 10 },
      { side: 'sell', amount: '400', leverage: 20 },
      { side: 'buy', amount: '250.50', leverage: 5 },
    ] as const;
    for (const body of plan) {
      const user = await desk.newUser();
      await desk.fundReal(user, 100_000n);
      const placed = await desk.order(user, { account: 'real', type: 'market', ...body });
      expect(placed.statusCode, placed.body).toBe(201);
      traders.push(user);
    }
    demoTrader = await desk.newUser();
    const demo = await desk.order(demoTrader, { side: 'sell', type: 'market', amount: '700', leverage: 10 });
    expect(demo.statusCode, demo.body).toBe(201);
    await desk.setQuote('BTC_USDT', Number(BID), Number(ASK));
  });

  it('sums the Real positions per pair at the live quote, and the Demo ones apart', async () => {
    const data = await risk();
    const real = (await Promise.all(traders.map((user) => openOrders(user, 'real')))).flat();
    expect(btc(data.real)).toMatchObject(expected(real));
    expect(btc(data.real).maxNetExposure).toBeNull();
    expect(btc(data.demo)).toMatchObject(expected(await openOrders(demoTrader, 'demo')));
    // The accounts near stop-out: the Real traders, each once, none of the demo one's.
    const realIds = data.real.accounts.map((account: { userId: string }) => account.userId);
    expect(new Set(realIds)).toEqual(new Set(traders.map((user) => user.id)));
    expect(data.demo.accounts.map((account: { userId: string }) => account.userId)).toEqual([demoTrader.id]);
    // Sorted by the distance to stop-out, nearest first (all in the default isolated group here).
    const levels = data.real.accounts.map((account: { marginLevel: string }) => Number(account.marginLevel));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    // Today's fees: what the Real orders paid, and nothing of the demo one.
    const fees = real.reduce((sum, order) => sum + cents(order.fee), 0n);
    const today = data.real.results.find((result: { period: string }) => result.period === 'today');
    expect(today.fees).toBe(usd(fees));
    // The day's chart ends at the net at entry of the open positions.
    const series = data.real.history.find((line: { symbol: string }) => line.symbol === 'BTC_USDT');
    const signed = real.reduce(
      (sum, order) => sum + (order.side === 'buy' ? 1n : -1n) * cents(order.amount),
      0n,
    );
    expect(series.points.at(-1).net).toBe(usd(signed));
  });

  it('books a closed position in the house result: client result + spread is what the client lost', async () => {
    const [first] = traders;
    if (!first) throw new Error('no trader');
    const [position] = await openOrders(first, 'real');
    if (!position) throw new Error('no position');
    const closed = await desk.call(first, 'POST', `/orders/${position.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    const pnl = cents(closed.json().data.pnl);
    const today = (await risk()).real.results.find((result: { period: string }) => result.period === 'today');
    expect(cents(today.clientResults) + cents(today.spread)).toBe(-pnl);
    const parts = ['spread', 'fees', 'swaps', 'clientResults', 'writeOffs', 'commissions'] as const;
    expect(usd(parts.reduce((sum, part) => sum + cents(today[part]), 0n))).toBe(today.total);
  });

  it('refuses a Real order that takes the net beyond the limit, and accepts one that reduces it', async () => {
    const before = cents(btc((await risk()).real).net);
    // A limit $100 beyond today's net: a $500 order on the side of the net breaks it.
    const limit = (before < 0n ? -before : before) + 10_000n;
    const set = await desk.call(dealer, 'PUT', '/admin/pairs/BTC_USDT', { maxNetExposure: usd(limit) });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.maxNetExposure).toBe(usd(limit));
    expect(btc((await risk()).real).maxNetExposure).toBe(usd(limit));

    const user = await desk.newUser();
    await desk.fundReal(user, 100_000n);
    const growing = before >= 0n ? 'buy' : 'sell';
    const reducing = before >= 0n ? 'sell' : 'buy';
    const refused = await desk.order(user, {
      account: 'real',
      side: growing,
      type: 'market',
      amount: '500',
      leverage: 10,
    });
    expect(refused.statusCode, refused.body).toBe(201);
    expect(refused.json().data).toMatchObject({ status: 'rvt', reason: 'exposure_limit' });
    // Demo is not limited.
    const demo = await desk.order(user, { side: growing, type: 'market', amount: '500', leverage: 10 });
    expect(demo.json().data.status).toBe('act');
    const accepted = await desk.order(user, {
      account: 'real',
      side: reducing,
      type: 'market',
      amount: '100',
      leverage: 10,
    });
    expect(accepted.json().data).toMatchObject({ status: 'act', reason: null });
    // Closer to zero by about $100 (the new position is valued at its close-side price).
    const after = cents(btc((await risk()).real).net);
    const moved = reducing === 'buy' ? after - before : before - after;
    expect(moved > 9_900n && moved <= 10_000n, `${before} → ${after}`).toBe(true);

    // The dealer (an administrator holds `risk`) is told.
    const notifications = (await desk.call(dealer, 'GET', '/notifications')).json().data.items as Array<{
      kind: string;
    }>;
    expect(notifications.map((item) => item.kind)).toContain('exposure_limit');

    const removed = await desk.call(dealer, 'PUT', '/admin/pairs/BTC_USDT', { maxNetExposure: null });
    expect(removed.json().data.maxNetExposure).toBeNull();
    const again = await desk.order(user, {
      account: 'real',
      side: growing,
      type: 'market',
      amount: '500',
      leverage: 10,
    });
    expect(again.json().data.status).toBe('act');
  });

  it('refuses a pending Real order its limit would take past the limit as it opens, and gives its reserve back', async () => {
    const before = cents(btc((await risk()).real).net);
    const limit = (before < 0n ? -before : before) + 10_000n;
    const set = await desk.call(dealer, 'PUT', '/admin/pairs/BTC_USDT', { maxNetExposure: usd(limit) });
    expect(set.statusCode, set.body).toBe(200);
    const user = await desk.newUser();
    await desk.fundReal(user, 100_000n);
    const cashOf = async () => {
      const portfolio = (await desk.call(user, 'GET', '/portfolio?account=real')).json().data;
      return portfolio.balance.available as string;
    };
    const funded = await cashOf();
    const growing = before >= 0n ? 'buy' : 'sell';
    // A limit a little past the market on the side that grows the net: pending when placed.
    const price = growing === 'buy' ? '49900' : '50110';
    const placed = await desk.order(user, {
      account: 'real',
      side: growing,
      type: 'limit',
      price,
      amount: '500',
      leverage: 10,
    });
    expect(placed.json().data.status, placed.body).toBe('pnd');
    // The market reaches it: it would open, and the limit refuses it there.
    if (growing === 'buy') await desk.setQuote('BTC_USDT', 4_989_000, 4_990_000);
    else await desk.setQuote('BTC_USDT', 5_011_000, 5_012_000);
    const listed = (await desk.call(user, 'GET', '/orders?account=real')).json().data.items as Array<{
      id: string;
    }>;
    const order = listed.find((item) => item.id === placed.json().data.id);
    expect(order).toMatchObject({ status: 'rvt', reason: 'exposure_limit' });
    expect(await cashOf()).toBe(funded);
    const notifications = (await desk.call(user, 'GET', '/notifications')).json().data.items as Array<{
      kind: string;
    }>;
    expect(notifications.map((item) => item.kind)).toContain('order_refused');

    await desk.call(dealer, 'PUT', '/admin/pairs/BTC_USDT', { maxNetExposure: null });
    await desk.setQuote('BTC_USDT', Number(BID), Number(ASK));
  });

  it('answers 400 naming the field for an absurd limit', async () => {
    for (const maxNetExposure of ['-1', 'lots', '1.001', '10000000000000']) {
      const response = await desk.call(dealer, 'PUT', '/admin/pairs/BTC_USDT', { maxNetExposure });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain('maxNetExposure');
    }
  });

  it('is for staff only', async () => {
    const response = await desk.call(traders[1] as TestUser, 'GET', '/admin/risk');
    expect(response.statusCode).toBe(403);
  });
});
