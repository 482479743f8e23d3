import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../testing/accounts';
import { checkMoney } from '../../testing/money-checker';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { ETH_WITHDRAWAL, walletHelpers } from '../../testing/wallet';
import { users } from '../auth/auth.schema';

/** Each case runs a few times: on PostgreSQL each is a real race with a different winner. */
const ROUNDS = 3;

/**
 * Balance operations racing each other and the user's own money. On PostgreSQL the requests truly
 * run in parallel: a pending operation is decided once (its row locked, moved only from
 * `pending`), and a negative correction racing a withdrawal or an order spends the money once,
 * the cash never below zero.
 */
describe('balance operations in parallel', () => {
  const desk = useTradingDesk({ tradingLimit: { name: 'trading-user', max: 1_000, windowMs: 60_000 } });
  const w = walletHelpers(desk);
  let requester: TestUser;
  let approvers: TestUser[];

  const movements = async (id: string) =>
    (
      await desk.rows<{ n: number }>(
        sql`select count(*)::int as n from ledger_transactions where ref_type = 'balance_operation' and ref_id = ${id}`,
      )
    )[0]?.n;
  const operate = (user: TestUser, body: Record<string, unknown>) =>
    desk.call(requester, 'POST', `/admin/users/${user.id}/balance-operations`, {
      account: 'real',
      reason: 'Reconciliation of a booking error',
      ...body,
    });

  beforeAll(async () => {
    const staff = await Promise.all(
      Array.from({ length: 4 }, () => createUser(desk.t.app, desk.mailbox, { tfa: true })),
    );
    for (const member of staff)
      await desk.t.deps.db.db.update(users).set({ role: 'admin' }).where(sql`${users.id} = ${member.id}`);
    [requester, ...approvers] = staff as [TestUser, ...TestUser[]];
    const threshold = await desk.call(requester, 'PUT', '/admin/settings/admin', {
      approvalThreshold: '1000',
    });
    expect(threshold.statusCode).toBe(200);
    await desk.setQuote('ETH_USDT', 300_000, 300_000, 'crp', 2);
  });

  it('applies a pending operation once when several staff approve (and reject) it at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await desk.newUser();
      const asked = await operate(user, { kind: 'credit', amount: '1500' });
      expect(asked.json().data.status).toBe('pending');
      const id = asked.json().data.id as string;
      const answers = await Promise.all([
        ...approvers.map((approver) =>
          desk.call(approver, 'POST', `/admin/balance-operations/${id}/approve`),
        ),
        desk.call(approvers[0] as TestUser, 'POST', `/admin/balance-operations/${id}/reject`, {
          reason: 'Not agreed with the client',
        }),
      ]);
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(answers.length - 1);
      const winner = answers.find((answer) => answer.statusCode === 200)?.json().data;
      expect(await movements(id)).toBe(winner.status === 'applied' ? 1 : 0);
      expect(await w.realCash(user)).toBe(winner.status === 'applied' ? '1500.00' : '0.00');
      const decisions = await desk.rows<{ action: string }>(
        sql`select action from admin_audit where target_id = ${id} and action <> 'balance.request'`,
      );
      expect(decisions).toHaveLength(1);
    }
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });

  it('spends the money once when a negative correction races a withdrawal', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await desk.newUser();
      await w.fund(user, '300');
      const { id } = await w.quoteWithdrawal(user, { ...ETH_WITHDRAWAL, amount: '200' });
      const code = await w.withdrawalCode(user, id);
      const [confirmed, corrected] = await Promise.all([
        desk.call(user, 'POST', `/wallet/withdrawals/${id}/confirm`, { emailCode: code }),
        operate(user, { kind: 'correction', amount: '-200' }),
      ]);
      // Together they would take 400 of 300: exactly one goes through.
      expect([confirmed.statusCode, corrected.statusCode].sort()).toEqual(
        confirmed.statusCode === 200 ? [200, 409] : [200, 400],
      );
      expect(await w.realCash(user)).toBe('100.00');
    }
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });

  it('spends the money once when an approved correction races a withdrawal', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await desk.newUser();
      await w.fund(user, '2000');
      const asked = await operate(user, { kind: 'correction', amount: '-1500' });
      expect(asked.json().data.status).toBe('pending');
      const { id } = await w.quoteWithdrawal(user, { ...ETH_WITHDRAWAL, amount: '1000' });
      const code = await w.withdrawalCode(user, id);
      const [confirmed, approved] = await Promise.all([
        desk.call(user, 'POST', `/wallet/withdrawals/${id}/confirm`, { emailCode: code }),
        desk.call(
          approvers[1] as TestUser,
          'POST',
          `/admin/balance-operations/${asked.json().data.id}/approve`,
        ),
      ]);
      const isWithdrawn = confirmed.statusCode === 200;
      expect(approved.statusCode).toBe(isWithdrawn ? 409 : 200);
      expect(confirmed.statusCode).toBe(isWithdrawn ? 200 : 400);
      expect(await w.realCash(user)).toBe(isWithdrawn ? '1000.00' : '500.00');
    }
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });

  it('spends the money once when a negative correction races an order', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await desk.newUser();
      await w.fund(user, '300');
      const [order, corrected] = await Promise.all([
        desk.order(user, {
          account: 'real',
          symbol: 'ETH_USDT',
          side: 'buy',
          type: 'market',
          amount: '250',
          leverage: 1,
        }),
        operate(user, { kind: 'correction', amount: '-200' }),
      ]);
      const isOpen = order.json().data?.status === 'act';
      expect(corrected.statusCode, corrected.body).toBe(isOpen ? 409 : 200);
      const cash = await desk.rows<{ balance: string }>(
        sql`select balance_cents::text as balance from ledger_accounts
            where user_id = ${user.id} and book = 'real' and kind = 'cash'`,
      );
      expect(BigInt(cash[0]?.balance ?? '0') >= 0n).toBe(true);
    }
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });
});
