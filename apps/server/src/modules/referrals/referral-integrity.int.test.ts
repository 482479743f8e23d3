import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, type TestUser } from '../../testing/accounts';
import { ADULT_DETAILS, GRACE_DETAILS } from '../../testing/kyc';
import { checkMoney } from '../../testing/money-checker';
import { useReferralDesk } from '../../testing/referrals';
import { cash, house, post } from '../ledger/ledger';
import { ledgerTransactions } from '../ledger/ledger.schema';
import { walletTransactions } from '../wallet/wallet.schema';

/**
 * Commission is earned only through a referred user verified at level 2 whose identity is not the
 * referrer's; staff see what links a referrer to a referred user, and can take a commission back.
 */
describe('referral commission: verified, distinct people only; clusters flagged; clawback', () => {
  const { desk, w, pair, verifiedPair, trade, referralsOf } = useReferralDesk();

  /** Real cash as a deposit would put it, without any identity step. */
  const credit = (user: TestUser, cents: bigint) => desk.creditReal(user, cents, 'test_funding');
  const commissionsOf = async (orderId: string) =>
    desk.t.deps.db.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'referral_commission'), eq(ledgerTransactions.refId, orderId)));

  it('pays nothing for a referred user verified at level 1 only', async () => {
    const { referrer, friend } = await pair();
    await desk.verifyIdentity(friend, 1, GRACE_DETAILS);
    await credit(friend, 100_000n);
    expect(await commissionsOf(await trade(friend))).toEqual([]);
    expect((await desk.call(referrer, 'GET', '/profile/referrals')).json().data.earned).toBe('0.00');
  });

  it('pays nothing when the referred user’s verified identity is the referrer’s', async () => {
    const { referrer, friend } = await verifiedPair({
      referrer: ADULT_DETAILS,
      // The same person, the name written another way.
      friend: { ...ADULT_DETAILS, legalFirstName: 'ADA', legalLastName: 'lovelace ' },
    });
    expect(await commissionsOf(await trade(friend))).toEqual([]);
    expect((await referralsOf(referrer)).referees[0].flags).toContain('identity');
  });

  it('pays for a referred user verified at level 2 as someone else', async () => {
    const { referrer, friend } = await verifiedPair({ referrer: ADULT_DETAILS });
    expect(await commissionsOf(await trade(friend))).toHaveLength(1);
    expect(await w.realCash(referrer)).toBe('0.10');
    const seen = await referralsOf(referrer);
    expect(seen.referees).toEqual([{ userId: friend.id, email: friend.email, kycLevel: 2, flags: [] }]);
    expect(seen.commissions).toEqual([
      expect.objectContaining({ referredId: friend.id, commission: '0.10', fee: '0.50', clawedBackAt: null }),
    ]);
    expect((await referralsOf(friend)).referrer).toMatchObject({ userId: referrer.id, flags: [] });
  });

  it('flags to staff a referrer and a referred user who sign in from one address and device', async () => {
    const { referrer, friend } = await pair();
    await signIn(desk.t.app, referrer, { ip: '203.0.113.77' });
    await signIn(desk.t.app, friend, { ip: '203.0.113.77' });
    const [referee] = (await referralsOf(referrer)).referees;
    expect(referee).toMatchObject({ userId: friend.id, kycLevel: 0, flags: ['ip', 'device'] });
    expect((await referralsOf(friend)).referrer).toMatchObject({
      userId: referrer.id,
      flags: ['ip', 'device'],
    });
  });

  it('flags a referrer and a referred user who withdrew to the same address', async () => {
    const { referrer, friend } = await pair();
    const withdrawal = (user: TestUser) => ({
      userId: user.id,
      kind: 'withdrawal' as const,
      coin: 'usdt',
      network: 'tron',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      coinUnits: '1000000',
      coinDecimals: 6,
      status: 'cnf',
    });
    await desk.t.deps.db.db.insert(walletTransactions).values([withdrawal(referrer), withdrawal(friend)]);
    expect((await referralsOf(referrer)).referees[0].flags).toEqual(['payout_address']);
  });

  it('claws a commission back once, by a reverse transaction the referrer’s cash covers, audited and shown to them', async () => {
    const admin = await w.anAdmin();
    const { referrer, friend } = await verifiedPair();
    await trade(friend);
    await trade(friend);
    expect(await w.realCash(referrer)).toBe('0.20');
    const [second, first] = (await referralsOf(referrer)).commissions as Array<{ id: string }>;
    const clawback = (id: string | undefined, reason = 'A second account of the referrer') =>
      desk.call(admin, 'POST', `/admin/referrals/commissions/${id}/clawback`, { reason });

    const one = await clawback(first?.id);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({
      clawedBack: '0.10',
      owed: '0.00',
      clawbackReason: 'A second account of the referrer',
    });
    // The referrer spends $0.05 of the $0.10 left: the second clawback finds $0.05, $0.05 stays owed.
    await desk.t.deps.db.db.transaction((tx) =>
      post(tx, {
        kind: 'test_spending',
        postings: [
          { account: cash(referrer.id, 'real'), amountCents: -5n },
          { account: house('deposits'), amountCents: 5n },
        ],
      }),
    );
    const two = await clawback(second?.id);
    expect(two.json().data).toMatchObject({ clawedBack: '0.05', owed: '0.05' });
    expect(await w.realCash(referrer)).toBe('0.00');
    // Once only; bad input is refused, naming the field; a normal user may not.
    expect((await clawback(first?.id)).statusCode).toBe(409);
    const blank = await clawback(first?.id, ' ');
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('reason');
    expect(
      (
        await desk.call(referrer, 'POST', `/admin/referrals/commissions/${first?.id}/clawback`, {
          reason: 'Mine',
        })
      ).statusCode,
    ).toBe(403);

    const reverse = await desk.t.deps.db.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.kind, 'referral_clawback'), eq(ledgerTransactions.refId, first?.id ?? '')),
      );
    expect(reverse).toHaveLength(1);
    const audit = (await desk.call(admin, 'GET', `/admin/audit?targetId=${first?.id}`)).json().data.items;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'referral.clawback',
        actor: { id: admin.id, email: admin.email, role: 'admin' },
      }),
    ]);
    // The referrer's history: the commissions no longer count, and the notification says why.
    const mine = (await desk.call(referrer, 'GET', '/profile/referrals')).json().data;
    expect(mine.earned).toBe('0.00');
    expect(mine.items[0].commission).toBe('0.00');
    const centre = (await desk.call(referrer, 'GET', '/notifications')).json().data.items;
    expect(centre.filter((item: { kind: string }) => item.kind === 'referral_clawback')).toHaveLength(2);
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
