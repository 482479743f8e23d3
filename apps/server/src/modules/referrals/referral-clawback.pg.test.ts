import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkMoney } from '../../testing/money-checker';
import { useReferralDesk } from '../../testing/referrals';
import { TRON_WITHDRAWAL } from '../../testing/wallet';

/** Each round is a real race on PostgreSQL: either side may win it. */
const ROUNDS = 3;

/**
 * A clawback and the referrer's withdrawal of everything at the same moment: both lock the
 * referrer's cash, so the money goes out once, by one or the other, and no balance goes negative.
 */
describe('a commission clawed back while the referrer withdraws it', () => {
  const { desk, w, verifiedPair, trade, referralsOf } = useReferralDesk();

  beforeAll(async () => {
    await desk.setQuote('TRX_USDT', 1200, 1200, 'crp', 4);
  });

  it('spends the commission once: by the withdrawal (the rest owed) or by the clawback (the withdrawal refused)', async () => {
    const admin = await w.anAdmin();
    for (let round = 0; round < ROUNDS; round++) {
      const { referrer, friend } = await verifiedPair();
      // $1,000 at 10×: a $0.50 fee, $0.10 to the referrer, who has $100 more of their own.
      await trade(friend);
      await w.fund(referrer, '100');
      expect(await w.realCash(referrer)).toBe('100.10');
      const [commission] = (await referralsOf(referrer)).commissions as Array<{ id: string }>;

      // Everything out: the quote and its code first, then the confirmation races the clawback.
      const { id } = await w.quoteWithdrawal(referrer, { ...TRON_WITHDRAWAL, amount: '100.10' });
      const emailCode = await w.withdrawalCode(referrer, id);
      const [confirmed, clawed] = await Promise.all([
        desk.call(referrer, 'POST', `/wallet/withdrawals/${id}/confirm`, { emailCode }),
        desk.call(admin, 'POST', `/admin/referrals/commissions/${commission?.id}/clawback`, {
          reason: 'Self-referral',
        }),
      ]);
      expect(clawed.statusCode, clawed.body).toBe(200);
      const taken = clawed.json().data as { clawedBack: string; owed: string };
      if (confirmed.statusCode === 200) {
        // The withdrawal took everything first: nothing left to take back, all of it owed.
        expect(taken).toMatchObject({ clawedBack: '0.00', owed: '0.10' });
        expect(await w.realCash(referrer)).toBe('0.00');
      } else {
        // Refused for want of balance, naming the amount.
        expect(confirmed.statusCode, confirmed.body).toBe(400);
        expect(confirmed.body).toContain('Not enough free balance');
        expect(taken).toMatchObject({ clawedBack: '0.10', owed: '0.00' });
        expect(await w.realCash(referrer)).toBe('100.00');
      }
      const [out] = await desk.rows<{ cents: string }>(
        sql`select coalesce(sum(-e.amount_cents), 0)::text as cents from ledger_entries e
            join ledger_accounts a on a.id = e.account_id
            where a.user_id = ${referrer.id} and e.amount_cents < 0`,
      );
      // What left the referrer's cash is at most what came in: $100.10.
      expect(BigInt(out?.cents ?? '0')).toBeLessThanOrEqual(10_010n);
    }
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });
});
