import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { TRON_TO, TRON_WITHDRAWAL, walletHelpers } from '../../testing/wallet';

/** Each case runs a few times: on PostgreSQL each is a real race with a different winner. */
const ROUNDS = 3;

/**
 * A withdrawal decided by the user and an administrator at the same moment. Each decision locks
 * the row in the statuses it starts from, so exactly one of two excluding decisions wins and the
 * funds come back at most once, whatever the order on PostgreSQL.
 */
describe('one withdrawal decided by several parties at once', () => {
  const desk = useTradingDesk();
  const w = walletHelpers(desk);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await w.anAdmin();
    await desk.setQuote('TRX_USDT', 1200, 1200, 'crp', 4);
  });

  const refunds = async (id: string) =>
    (
      await desk.rows<{ n: number }>(
        sql`select count(*)::int as n from ledger_transactions where kind = 'withdrawal_refund' and ref_id = ${id}`,
      )
    )[0]?.n;
  const statusOf = async (id: string) =>
    (await desk.rows<{ status: string }>(sql`select status from wallet_transactions where id = ${id}`))[0]
      ?.status;

  /** A fresh user with $300 and a $100 withdrawal held: under review, or approved (`prc`) with `known`. */
  const held = async (options: { known?: boolean } = {}) => {
    const user = await desk.newUser();
    if (options.known) {
      // A withdrawal that went out to the address two days ago makes it known: the next one goes
      // straight on. It takes $20 of the user's $320.
      await w.fund(user, '320');
      await w.knownAddress(user, { coin: 'tron', network: 'tron', address: TRON_TO });
    } else await w.fund(user, '300');
    // Tron has no sender here: an administrator marks the withdrawal sent.
    const { confirmed, id } = await w.withdraw(user, TRON_WITHDRAWAL);
    expect(confirmed?.statusCode, confirmed?.body).toBe(200);
    expect(confirmed?.json().data.status).toBe(options.known ? 'prc' : 'suspicous');
    expect(await w.realCash(user)).toBe('200.00');
    return { user, id: id as string };
  };
  const cancel = (user: TestUser, id: string) => desk.call(user, 'POST', `/wallet/withdrawals/${id}/cancel`);

  it('takes either the user’s cancel or the administrator’s rejection, and returns the funds once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { user, id } = await held();
      const [cancelled, rejected] = await Promise.all([
        cancel(user, id),
        desk.call(admin, 'POST', `/admin/withdrawals/${id}/reject`, { reason: 'Not you' }),
      ]);
      expect([cancelled.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
      expect(await statusOf(id)).toBe(cancelled.statusCode === 200 ? 'cnc' : 'rjt');
      expect(await refunds(id)).toBe(1);
      expect(await w.realCash(user)).toBe('300.00');
    }
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('returns the funds once when the same cancel is sent several times at once', async () => {
    const { user, id } = await held();
    const answers = await Promise.all(Array.from({ length: 4 }, () => cancel(user, id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await refunds(id)).toBe(1);
    expect(await w.realCash(user)).toBe('300.00');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('ends cancelled with the funds back once when an approval meets the user’s cancel', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { user, id } = await held();
      const [cancelled, approved] = await Promise.all([
        cancel(user, id),
        desk.call(admin, 'POST', `/admin/withdrawals/${id}/approve`),
      ]);
      // Approved first, it is still the user's to cancel until it is sent; cancelled first, there
      // is nothing left to approve.
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect([200, 409]).toContain(approved.statusCode);
      expect(await statusOf(id)).toBe('cnc');
      expect(await refunds(id)).toBe(1);
      expect(await w.realCash(user)).toBe('300.00');
    }
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('either marks a withdrawal sent or cancels it, never both', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { user, id } = await held({ known: true });
      const [cancelled, marked] = await Promise.all([
        cancel(user, id),
        desk.call(admin, 'POST', `/admin/withdrawals/${id}/mark-sent`, { txHash: 'b'.repeat(64) }),
      ]);
      expect([cancelled.statusCode, marked.statusCode].sort()).toEqual([200, 409]);
      if (marked.statusCode === 200) {
        expect(await statusOf(id)).toBe('cnf');
        expect(await refunds(id)).toBe(0);
        expect(await w.realCash(user)).toBe('200.00');
      } else {
        expect(await statusOf(id)).toBe('cnc');
        expect(await refunds(id)).toBe(1);
        expect(await w.realCash(user)).toBe('300.00');
      }
    }
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
