import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../testing/accounts';
import { realBtcBuy } from '../../testing/order-bodies';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.schema';

describe('referral commission on real-account opening fees', () => {
  const desk = useTradingDesk();
  let referrer: TestUser;
  let friend: TestUser;

  beforeAll(async () => {
    ({ referrer, friend } = await desk.referredPair({ firstName: 'Grace' }));
    await desk.fundReal(friend, 1_000_000n);
  });

  /** The friend's real buy limit of $2,000 at 10× below the market (49,000): it waits. */
  const placeRealLimit = () =>
    desk.order(friend, {
      account: 'real',
      side: 'buy',
      type: 'limit',
      amount: '2000',
      leverage: 10,
      price: '49000',
    });

  const commissionEntries = async (orderId: string) => {
    const db = desk.t.deps.db.db;
    return db
      .select({
        amount: ledgerEntries.amountCents,
        userId: ledgerAccounts.userId,
        book: ledgerAccounts.book,
        kind: ledgerAccounts.kind,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerTransactions.kind, 'referral_commission'), eq(ledgerTransactions.refId, orderId)));
  };

  it('links a signup through the code to the referrer', async () => {
    const data = (await desk.call(referrer, 'GET', '/profile/referrals')).json().data;
    expect(data).toMatchObject({ count: 1, earned: '0.00', commissionRate: '0.2' });
    expect(data.link).toMatch(new RegExp(`/authentication/signup\\?ref=${data.code}$`));
    expect(data.items).toEqual([
      { name: 'G**** L.', joinedAt: expect.any(String), volume: '0.00', commission: '0.00' },
    ]);
  });

  it('credits the referrer 20 % of the fee of a real market order, through the ledger, in the same transaction', async () => {
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    // $1,000 at 10×: fee 0.05 % = $0.50; commission 20 % = $0.10.
    const placed = await desk.order(friend, realBtcBuy());
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data;
    expect(order.fee).toBe('0.50');
    const entries = await commissionEntries(order.id);
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        { amount: 10n, userId: referrer.id, book: 'real', kind: 'cash' },
        { amount: -10n, userId: null, book: 'house', kind: 'commissions' },
      ]),
    );
    expect((await desk.portfolio(referrer, 'real')).balance).toBe('0.10');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('pays nothing on demo orders', async () => {
    const placed = await desk.order(friend, { ...realBtcBuy(), account: 'demo' });
    expect(placed.statusCode).toBe(201);
    expect(await commissionEntries(placed.json().data.id)).toEqual([]);
  });

  it('pays at the rate in force and when a pending real order fills', async () => {
    const admin = await desk.newAdmin();
    const changed = await desk.call(admin, 'PUT', '/admin/settings/referral', { commissionRate: '0.5' });
    expect(changed.statusCode).toBe(200);
    // A buy limit below the market waits; its fee ($1.00 on $2,000) is charged when it fills.
    const placed = await placeRealLimit();
    expect(placed.json().data.status).toBe('pnd');
    expect(await commissionEntries(placed.json().data.id)).toEqual([]);
    await desk.setQuote('BTC_USDT', 4_890_000, 4_900_000);
    await expect.poll(async () => (await commissionEntries(placed.json().data.id)).length).toBe(2);
    const data = (await desk.call(referrer, 'GET', '/profile/referrals')).json().data;
    // $0.10 + 50 % of $1.00.
    expect(data.earned).toBe('0.60');
    expect(data.items[0]).toMatchObject({ volume: '3000.00', commission: '0.60' });
    expect(data.series).toHaveLength(1);
    expect(data.series[0].earned).toBe('0.60');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('pays once for a pending real order that fills twice at once and is cancelled meanwhile, or not at all', async () => {
    for (let round = 0; round < 3; round++) {
      await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
      const id: string = (await placeRealLimit()).json().data.id;
      // Two market processes during a hand-over may both fire the fill; the user cancels too.
      const [first, second, cancelled] = await Promise.all([
        desk.marketOrders.fill(id, 4_899_500n),
        desk.marketOrders.fill(id, 4_899_500n),
        desk.call(friend, 'DELETE', `/orders/${id}`),
      ]);
      const fills = [first, second].filter(Boolean).length;
      expect(fills + (cancelled.statusCode === 200 ? 1 : 0)).toBe(1);
      // 50 % of the $1.00 fee to the referrer when it filled; nothing when it was cancelled.
      const entries = await commissionEntries(id);
      expect(entries).toHaveLength(fills === 1 ? 2 : 0);
      if (fills === 1)
        expect(entries.find((entry) => entry.userId === referrer.id)).toMatchObject({
          amount: 50n,
          book: 'real',
        });
    }
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('refuses an unknown referral code at signup', async () => {
    await expect(createUser(desk.t.app, desk.mailbox, { referralCode: 'NOPE1234' })).rejects.toThrow(
      /referral code/,
    );
  });
});
