import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../testing/accounts';
import { checkMoney } from '../../testing/money-checker';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { ETH_WITHDRAWAL, walletHelpers } from '../../testing/wallet';
import { users } from '../auth/auth.schema';

/**
 * Balance operations end to end: applied at once up to the approval threshold, pending above it
 * until a second member of staff decides, every one audited, in the user's History and
 * notifications; a bonus counts for margin but is not withdrawable; a negative correction never
 * takes the cash below zero.
 */
describe('balance operations', () => {
  const desk = useTradingDesk();
  const w = walletHelpers(desk);
  // Two members of staff holding `balance` (administrators: every staff role is admitted to /admin
  // routes by its permission, which holds for accountants too).
  let accountant: TestUser;
  let admin: TestUser;

  const staff = async (role: 'accountant' | 'admin') => {
    const user = await createUser(desk.t.app, desk.mailbox, { tfa: true });
    await desk.t.deps.db.db.update(users).set({ role }).where(sql`${users.id} = ${user.id}`);
    return user;
  };
  const operate = (by: TestUser, user: TestUser, body: Record<string, unknown>) =>
    desk.call(by, 'POST', `/admin/users/${user.id}/balance-operations`, {
      account: 'real',
      reason: 'Goodwill after a support ticket',
      ...body,
    });
  const auditOf = (id: string) =>
    desk.rows<{ action: string; actor_id: string }>(
      sql`select action, actor_id from admin_audit where target_id = ${id} order by created_at`,
    );

  beforeAll(async () => {
    [accountant, admin] = await Promise.all([staff('admin'), staff('admin')]);
    await desk.setQuote('ETH_USDT', 3000, 3000, 'crp', 2);
  });

  it('credits at once up to the threshold: ledger, audit, History and a notification', async () => {
    const user = await desk.newUser();
    const answer = await operate(accountant, user, { kind: 'credit', amount: '250.50' });
    expect(answer.statusCode, answer.body).toBe(200);
    const operation = answer.json().data;
    expect(operation).toMatchObject({
      status: 'applied',
      amount: '250.50',
      kind: 'credit',
      account: 'real',
      requestedBy: { id: accountant.id },
      decidedBy: null,
    });
    expect(await w.realCash(user)).toBe('250.50');
    expect(await auditOf(operation.id)).toEqual([{ action: 'balance.apply', actor_id: accountant.id }]);
    const history = (await desk.call(user, 'GET', '/balance-operations?account=real')).json().data;
    expect(history.items).toEqual([
      expect.objectContaining({
        id: operation.id,
        kind: 'credit',
        amount: '250.50',
        reason: 'Goodwill after a support ticket',
      }),
    ]);
    const notices = (await desk.call(user, 'GET', '/notifications')).json().data.items;
    expect(notices).toContainEqual(
      expect.objectContaining({
        kind: 'balance_operation',
        message: 'A credit of 250.50 USD on your Real account',
      }),
    );
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field, and staff without the permission', async () => {
    const user = await desk.newUser();
    for (const [body, field] of [
      [{ kind: 'credit', amount: '0' }, 'body.amount'],
      [{ kind: 'bonus', amount: '-5' }, 'body.amount'],
      [{ kind: 'credit', amount: '1e5' }, 'body.amount'],
      [{ kind: 'credit', amount: '99999999' }, 'body.amount'],
      [{ kind: 'credit', amount: '1.001' }, 'body.amount'],
      [{ kind: 'gift', amount: '5' }, 'body.kind'],
      [{ kind: 'credit', amount: '5', reason: '' }, 'body.reason'],
      [{ kind: 'credit', amount: '5', reason: 'x'.repeat(301) }, 'body.reason'],
      [{ kind: 'credit', amount: '5', reason: 'bad\u0000text' }, 'body.reason'],
      [{ kind: 'credit', amount: '5', account: 'gold' }, 'body.account'],
    ] as const) {
      const answer = await operate(accountant, user, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().details.map((issue: { field: string }) => issue.field)).toContain(field);
    }
    const own = await operate(accountant, accountant, { kind: 'credit', amount: '5' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot operate on your own account');
    expect((await desk.call(user, 'GET', '/admin/balance-operations')).statusCode).toBe(403);
  });

  it('keeps a bonus for margin but not for withdrawal', async () => {
    const user = await desk.newUser();
    await w.fund(user, '300');
    const bonus = await operate(accountant, user, { kind: 'bonus', amount: '200' });
    expect(bonus.statusCode, bonus.body).toBe(200);
    expect(await w.realCash(user)).toBe('500.00');
    const withdrawable = (
      await desk.call(user, 'GET', '/balance-operations/withdrawable?account=real')
    ).json().data;
    expect(withdrawable).toEqual({
      account: 'real',
      cash: '500.00',
      bonus: '200.00',
      withdrawable: '300.00',
    });
    // Step 1 already says so; the locked check at the hold says it again.
    const tooMuch = await desk.call(user, 'POST', '/wallet/withdrawals', {
      ...ETH_WITHDRAWAL,
      amount: '350',
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    expect(tooMuch.json().details[0].field).toBe('body.amount');
    expect(tooMuch.json().message).toBe('Not enough free balance: 300.00 USD available');
    const fine = await w.withdraw(user, { ...ETH_WITHDRAWAL, amount: '300' });
    expect(fine.confirmed?.statusCode, fine.confirmed?.body).toBe(200);
    expect(await w.realCash(user)).toBe('200.00');
    // The bonus still trades: an order's margin may use it.
    const order = await desk.order(user, {
      account: 'real',
      symbol: 'ETH_USDT',
      side: 'buy',
      type: 'market',
      amount: '150',
      leverage: 1,
    });
    expect(order.json().data.status, order.body).toBe('act');
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });

  it('refuses a withdrawal held over the bonus even when step 1 passed', async () => {
    const user = await desk.newUser();
    await w.fund(user, '300');
    const { id } = await w.quoteWithdrawal(user, { ...ETH_WITHDRAWAL, amount: '250' });
    // The bonus lands between the quote and the codes: the held amount is checked again, locked.
    expect((await operate(accountant, user, { kind: 'bonus', amount: '100' })).statusCode).toBe(200);
    expect((await operate(accountant, user, { kind: 'correction', amount: '-100' })).statusCode).toBe(200);
    const code = await w.withdrawalCode(user, id);
    const confirmed = await desk.call(user, 'POST', `/wallet/withdrawals/${id}/confirm`, { emailCode: code });
    expect(confirmed.statusCode, confirmed.body).toBe(400);
    expect(confirmed.json().message).toMatch(/bonus of 100.00 USD is not withdrawable/);
    expect(await w.realCash(user)).toBe('300.00');
  });

  it('corrects downwards but never below zero (409, nothing written)', async () => {
    const user = await desk.newUser();
    await w.fund(user, '100');
    const down = await operate(accountant, user, { kind: 'correction', amount: '-40' });
    expect(down.statusCode, down.body).toBe(200);
    expect(await w.realCash(user)).toBe('60.00');
    const tooFar = await operate(accountant, user, { kind: 'correction', amount: '-60.01' });
    expect(tooFar.statusCode).toBe(409);
    expect(tooFar.json().message).toBe('This correction would take the cash below zero: 60.00 USD available');
    expect(await w.realCash(user)).toBe('60.00');
    expect(
      await desk.rows(
        sql`select id from balance_operations where user_id = ${user.id} and amount_cents = -6001`,
      ),
    ).toEqual([]);
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });

  it('waits above the threshold for a second member of staff, never the requester', async () => {
    const user = await desk.newUser();
    const threshold = await desk.call(admin, 'PUT', '/admin/settings/admin', { approvalThreshold: '500' });
    expect(threshold.statusCode, threshold.body).toBe(200);
    const refused = await desk.call(admin, 'PUT', '/admin/settings/admin', { approvalThreshold: '-1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('body.approvalThreshold');
    expect((await desk.t.app.inject({ method: 'GET', url: '/settings/admin' })).statusCode).toBe(400);

    const asked = await operate(accountant, user, { kind: 'fee_refund', amount: '500.01' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe('Balance operation waits for approval');
    const operation = asked.json().data;
    expect(operation.status).toBe('pending');
    expect(await w.realCash(user)).toBe('0.00');
    expect((await desk.call(user, 'GET', '/balance-operations')).json().data.items).toEqual([]);

    const pending = await desk.call(
      admin,
      'GET',
      `/admin/balance-operations?status=pending&userId=${user.id}`,
    );
    expect(pending.json().data).toMatchObject({ total: 1, items: [{ id: operation.id, status: 'pending' }] });

    const own = await desk.call(accountant, 'POST', `/admin/balance-operations/${operation.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Another member of staff must approve an operation you requested',
    });
    const approved = await desk.call(admin, 'POST', `/admin/balance-operations/${operation.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe('Balance operation approved');
    expect(approved.json().data).toMatchObject({
      status: 'applied',
      requestedBy: { id: accountant.id },
      decidedBy: { id: admin.id },
    });
    expect(await w.realCash(user)).toBe('500.01');
    expect(await auditOf(operation.id)).toEqual([
      { action: 'balance.request', actor_id: accountant.id },
      { action: 'balance.approve', actor_id: admin.id },
    ]);
    const again = await desk.call(admin, 'POST', `/admin/balance-operations/${operation.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect((await desk.call(user, 'GET', '/balance-operations')).json().data.items).toEqual([
      expect.objectContaining({ id: operation.id, kind: 'fee_refund' }),
    ]);
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });

  it('rejects a pending operation with a reason, and no money moves', async () => {
    const user = await desk.newUser();
    await desk.call(admin, 'PUT', '/admin/settings/admin', { approvalThreshold: '500' });
    const asked = await operate(admin, user, { kind: 'bonus', amount: '900' });
    const id = asked.json().data.id;
    expect(
      (await desk.call(admin, 'POST', `/admin/balance-operations/${id}/reject`, { reason: 'Mine to reject' }))
        .statusCode,
    ).toBe(403);
    const noReason = await desk.call(accountant, 'POST', `/admin/balance-operations/${id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details[0].field).toBe('body.reason');
    const rejected = await desk.call(accountant, 'POST', `/admin/balance-operations/${id}/reject`, {
      reason: 'Not agreed with the client',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      rejectReason: 'Not agreed with the client',
      decidedBy: { id: accountant.id },
    });
    expect((await desk.call(accountant, 'POST', `/admin/balance-operations/${id}/approve`)).statusCode).toBe(
      409,
    );
    expect(await w.realCash(user)).toBe('0.00');
    expect((await auditOf(id)).map((row) => row.action)).toEqual(['balance.request', 'balance.reject']);
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });

  it('refuses at approval a pending negative correction the cash no longer covers (409, stays pending)', async () => {
    const user = await desk.newUser();
    await desk.call(admin, 'PUT', '/admin/settings/admin', { approvalThreshold: '500' });
    await w.fund(user, '800');
    const asked = await operate(accountant, user, { kind: 'correction', amount: '-700' });
    expect(asked.json().data.status).toBe('pending');
    await operate(accountant, user, { kind: 'correction', amount: '-200' });
    const approved = await desk.call(
      admin,
      'POST',
      `/admin/balance-operations/${asked.json().data.id}/approve`,
    );
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(
      'This correction would take the cash below zero: 600.00 USD available',
    );
    const list = await desk.call(admin, 'GET', `/admin/balance-operations?userId=${user.id}&status=pending`);
    expect(list.json().data.total).toBe(1);
    expect(await w.realCash(user)).toBe('600.00');
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });
});
