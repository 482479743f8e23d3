import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, randomIp, type TestUser } from '../../testing/accounts';
import { useAccounts, useTradingDesk } from '../../testing/use-trading-desk';
import { apiKeys } from '../api-keys/api-keys.schema';
import { users } from '../auth/auth.schema';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Every administrator route, with a body that would be valid: the role check must come first. */
const ADMIN_ROUTES: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object]> = [
  ['GET', '/admin/users'],
  ['GET', `/admin/users/${SOME_ID}`],
  ['PUT', `/admin/users/${SOME_ID}/status`, { status: 'sus' }],
  ['PUT', `/admin/users/${SOME_ID}/role`, { role: 'admin' }],
  ['DELETE', `/admin/users/${SOME_ID}`],
  ['GET', '/admin/tickets'],
  ['GET', `/admin/tickets/${SOME_ID}`],
  ['POST', `/admin/tickets/${SOME_ID}/messages`, { message: 'hi' }],
  ['PUT', `/admin/tickets/${SOME_ID}/status`, { status: 'cls' }],
  ['GET', '/admin/orders'],
  ['GET', `/admin/orders/${SOME_ID}`],
  ['PUT', `/admin/orders/${SOME_ID}`, { takeProfit: '1' }],
  ['GET', '/admin/pairs'],
  ['PUT', '/admin/pairs/BTC_USDT', { status: 'dis' }],
  ['GET', '/admin/settings'],
  ['PUT', '/admin/settings/general', { maintenanceNotice: 'x' }],
  ['GET', '/admin/audit'],
  ['GET', '/admin/withdrawals'],
  ['POST', `/admin/withdrawals/${SOME_ID}/approve`],
  ['POST', `/admin/withdrawals/${SOME_ID}/reject`, { reason: 'Not the owner' }],
  ['POST', `/admin/withdrawals/${SOME_ID}/mark-sent`, { txHash: 'a'.repeat(64) }],
  ['GET', '/admin/groups'],
  ['POST', '/admin/groups', { name: 'Professional', marginMode: 'cross' }],
  ['PUT', `/admin/groups/${SOME_ID}`, { swapFree: true }],
  ['PUT', `/admin/users/${SOME_ID}/group`, { groupId: SOME_ID }],
  ['GET', '/admin/write-offs'],
];

describe('the admin back-office', () => {
  const desk = useTradingDesk();
  const { admin, user } = useAccounts(desk, { admin: 'admin', user: 'user' });

  const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
    desk.call(who, method, url, body);
  const lastAudit = async (action: string) =>
    (await call(admin, 'GET', `/admin/audit?action=${action}`)).json().data.items[0];

  it.each(ADMIN_ROUTES)(
    'refuses %s %s to a user who is not an administrator (403), and to no one (401)',
    async (method, url, body) => {
      const asUser = await call(user, method, url, body);
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json()).toMatchObject({ code: 'FORBIDDEN' });
      const anonymous = await desk.t.app.inject({ method, url, payload: body, remoteAddress: randomIp() });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  it('lists and searches users, and shows one with balances, orders and sign-ins', async () => {
    const list = await call(admin, 'GET', `/admin/users?q=${encodeURIComponent(user.email)}`);
    expect(list.json()).toMatchObject({ message: 'All users fetched successfully', data: { total: 1 } });
    expect(list.json().data.items[0]).toMatchObject({ id: user.id, email: user.email, role: 'user' });
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    await desk.order(user, { side: 'buy', type: 'market', amount: '100', leverage: 2 });
    const one = await call(admin, 'GET', `/admin/users/${user.id}`);
    expect(one.json().message).toBe('User fetched');
    expect(one.json().data).toMatchObject({
      user: { id: user.id },
      balances: { demo: { margin: '50.00' }, real: { cash: '0.00' } },
      orders: [{ symbol: 'BTC_USDT', status: 'act' }],
      logins: [{ outcome: 'success' }],
    });
    expect((await call(admin, 'GET', `/admin/users/${SOME_ID}`)).statusCode).toBe(404);
  });

  it('shows a user’s deposits and withdrawals, newest first', async () => {
    const payer = await desk.newUser();
    expect((await call(admin, 'GET', `/admin/users/${payer.id}`)).json().data.transactions).toEqual([]);
    await desk.fundReal(payer, 5_000n);
    const withdrawal = await call(payer, 'POST', '/wallet/withdrawals', {
      coin: 'usdt',
      network: 'tron',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount: '20',
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const one = await call(admin, 'GET', `/admin/users/${payer.id}`);
    expect(one.json().data.transactions).toEqual([
      expect.objectContaining({
        id: withdrawal.json().data.id,
        kind: 'withdrawal',
        coin: 'usdt',
        network: 'tron',
        status: 'pnd',
        amount: '20.00',
      }),
    ]);
    // Another user's detail does not show them.
    expect((await call(admin, 'GET', `/admin/users/${user.id}`)).json().data.transactions).toEqual([]);
  });

  it('suspends (signing the user out) and reactivates, each in the audit log', async () => {
    const suspended = await call(admin, 'PUT', `/admin/users/${user.id}/status`, { status: 'sus' });
    expect(suspended.json().data.status).toBe('sus');
    expect((await call(user, 'GET', '/profile')).statusCode).toBe(401);
    expect(await lastAudit('user.suspend')).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      targetType: 'user',
      targetId: user.id,
      before: { status: 'act' },
      after: { status: 'sus' },
    });
    await call(admin, 'PUT', `/admin/users/${user.id}/status`, { status: 'act' });
    expect(await lastAudit('user.reactivate')).toMatchObject({
      before: { status: 'sus' },
      after: { status: 'act' },
    });
    user.token = (
      await desk.t.app.inject({
        method: 'POST',
        url: '/auth/signin',
        remoteAddress: randomIp(),
        payload: { email: user.email, password: GOOD_PASSWORD },
      })
    ).json().data.token;
    expect((await call(user, 'GET', '/profile')).statusCode).toBe(200);
  });

  it('changes a role, and refuses to change the administrator’s own', async () => {
    const promoted = await call(admin, 'PUT', `/admin/users/${user.id}/role`, { role: 'admin' });
    expect(promoted.json().data.role).toBe('admin');
    expect(await lastAudit('user.role')).toMatchObject({
      before: { role: 'user' },
      after: { role: 'admin' },
    });
    await call(admin, 'PUT', `/admin/users/${user.id}/role`, { role: 'user' });
    expect((await call(admin, 'PUT', `/admin/users/${admin.id}/role`, { role: 'user' })).statusCode).toBe(
      409,
    );
  });

  it('searches orders and updates a position’s TP/SL', async () => {
    const list = (await call(admin, 'GET', `/admin/orders?q=${encodeURIComponent(user.email)}`)).json().data;
    expect(list.total).toBe(1);
    const order = list.items[0];
    expect(order).toMatchObject({ userId: user.id, userEmail: user.email });
    const updated = await call(admin, 'PUT', `/admin/orders/${order.id}`, {
      takeProfit: '60000',
      stopLoss: '40000',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Order updated successfully',
      data: { takeProfit: '60000.00', stopLoss: '40000.00' },
    });
    expect(await lastAudit('order.update')).toMatchObject({
      targetId: order.id,
      before: { takeProfit: null, stopLoss: null },
      after: { takeProfit: '60000.00', stopLoss: '40000.00' },
    });
    const wrongSide = await call(admin, 'PUT', `/admin/orders/${order.id}`, { takeProfit: '1000' });
    expect(wrongSide.statusCode).toBe(400);
  });

  it('disables a pair and changes its spread and leverage', async () => {
    await desk.setQuote('ETH_USDT', 300_000, 300_100);
    const eth = { symbol: 'ETH_USDT', side: 'buy', type: 'market', amount: '100', leverage: 10 };
    // The pair is read (and remembered) by an order first: the change must still apply at once.
    const held = await desk.placed(user, eth);
    expect(held).toMatchObject({ status: 'act' });
    const updated = await call(admin, 'PUT', '/admin/pairs/ETH_USDT', {
      status: 'dis',
      spreadPpm: 800,
      maxLeverage: 5,
    });
    expect(updated.json().data).toMatchObject({
      symbol: 'ETH_USDT',
      status: 'dis',
      spreadPpm: 800,
      maxLeverage: 5,
    });
    expect(await lastAudit('pair.update')).toMatchObject({
      targetId: 'ETH_USDT',
      before: { status: 'act', maxLeverage: 20 },
      after: { status: 'dis', spreadPpm: 800, maxLeverage: 5 },
    });
    const pairs = (await call(admin, 'GET', '/admin/pairs')).json().data;
    expect(pairs.find((pair: { symbol: string }) => pair.symbol === 'ETH_USDT').status).toBe('dis');
    expect(await desk.placed(user, eth)).toMatchObject({
      status: 'rvt',
      reason: 'pair_inactive',
    });
    // Traders are told why it takes no orders (not that its market is closed), and can still
    // close what they hold on it.
    const listed = (await call(user, 'GET', '/pairs')).json().data;
    expect(listed.find((pair: { symbol: string }) => pair.symbol === 'ETH_USDT')).toMatchObject({
      status: 'dis',
      marketOpen: false,
      marketClosedReason: 'Paused by the broker',
      marketOpensAt: null,
    });
    expect((await call(user, 'POST', `/orders/${held.id}/close`)).statusCode).toBe(200);
    await call(admin, 'PUT', '/admin/pairs/ETH_USDT', { status: 'act' });
    expect(await desk.placed(user, eth)).toMatchObject({
      status: 'rvt',
      reason: 'leverage_out_of_range',
    });
    await call(admin, 'PUT', '/admin/pairs/ETH_USDT', { status: 'act', spreadPpm: 400, maxLeverage: 20 });
    expect(await desk.placed(user, eth)).toMatchObject({ status: 'act' });
    expect((await call(admin, 'PUT', '/admin/pairs/NOPE_USD', { status: 'dis' })).statusCode).toBe(404);
  });

  it('edits settings with before and after in the audit log', async () => {
    await call(admin, 'PUT', '/admin/settings/wallet', { reviewAbove: '5000' });
    expect(await lastAudit('settings.update')).toMatchObject({
      targetId: 'wallet',
      before: { reviewAbove: '10000' },
      after: { reviewAbove: '5000' },
    });
    expect((await call(admin, 'GET', '/admin/settings')).json().data.wallet.reviewAbove).toBe('5000');
  });

  it('deletes a user by anonymising them, keeping the ledger and history', async () => {
    const victim = await desk.newUser();
    await desk.order(victim, { side: 'buy', type: 'market', amount: '100', leverage: 2 });
    expect(
      (
        await call(victim, 'POST', '/profile/api-keys', {
          label: 'Bot',
          scopes: ['read'],
          currentPassword: victim.password,
        })
      ).statusCode,
    ).toBe(201);
    const deleted = await call(admin, 'DELETE', `/admin/users/${victim.id}`);
    expect(deleted.json()).toEqual({ message: 'User deleted successfully', data: null });
    const [row] = await desk.t.deps.db.db.select().from(users).where(eq(users.id, victim.id));
    expect(row).toMatchObject({ firstName: 'Deleted', lastName: 'User', passwordHash: null, status: 'sus' });
    expect(row?.email).not.toBe(victim.email);
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // Its API keys are revoked and their secrets forgotten.
    const keys = await desk.t.deps.db.db.select().from(apiKeys).where(eq(apiKeys.userId, victim.id));
    expect(keys.map((key) => [key.revokedAt instanceof Date, key.secretSealed])).toEqual([[true, '']]);
    const detail = (await call(admin, 'GET', `/admin/users/${victim.id}`)).json().data;
    expect(detail.orders).toHaveLength(1);
    expect(detail.balances.demo.margin).toBe('50.00');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    expect(await lastAudit('user.delete')).toMatchObject({
      targetId: victim.id,
      before: { email: victim.email },
    });
    expect((await call(victim, 'GET', '/profile')).statusCode).toBe(401);

    const again = await call(admin, 'DELETE', `/admin/users/${victim.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('User delete failed');
    expect((await call(admin, 'DELETE', `/admin/users/${admin.id}`)).json().message).toBe(
      'User delete failed',
    );
  });

  it('keeps the ticket queue, its replies and status changes in the audit log', async () => {
    const id = (
      await call(user, 'POST', '/tickets', { type: 'bug', subject: 'Chart is blank', message: 'On Safari' })
    ).json().data.id;
    const queue = (await call(admin, 'GET', '/admin/tickets?status=opn')).json().data;
    expect(queue.items.map((item: { id: string }) => item.id)).toContain(id);
    expect(queue.items[0]).toHaveProperty('userEmail');
    await call(admin, 'POST', `/admin/tickets/${id}/messages`, { message: 'Fixed in the next release' });
    expect(await lastAudit('ticket.reply')).toMatchObject({
      targetId: id,
      before: { status: 'opn' },
      after: { status: 'pnd' },
    });
    await call(admin, 'PUT', `/admin/tickets/${id}/status`, { status: 'cls' });
    expect(await lastAudit('ticket.status')).toMatchObject({
      before: { status: 'pnd' },
      after: { status: 'cls' },
    });
    expect((await call(admin, 'GET', `/admin/tickets/${id}`)).json().data.messages).toHaveLength(2);
  });

  it('answers the audit log newest first, with who, what, before, after and when', async () => {
    const log = (await call(admin, 'GET', '/admin/audit?limit=100')).json().data;
    // This administrator's changes, beside the identity approvals of the funded test accounts.
    const mine = log.items.filter((entry: { actor: { id: string } }) => entry.actor.id === admin.id);
    expect(mine.length).toBeGreaterThanOrEqual(9);
    for (const entry of mine) {
      expect(entry).toEqual({
        id: expect.any(String),
        actor: { id: admin.id, email: admin.email, role: 'admin' },
        action: expect.any(String),
        targetType: expect.any(String),
        targetId: expect.any(String),
        before: expect.anything(),
        after: expect.anything(),
        createdAt: expect.any(String),
      });
    }
    const times = log.items.map((entry: { createdAt: string }) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('tells bearer and validation problems apart for administrators', async () => {
    expect((await call(admin, 'PUT', `/admin/users/${user.id}/status`, { status: 'zzz' })).statusCode).toBe(
      400,
    );
    expect((await call(admin, 'GET', '/admin/users/not-a-uuid')).statusCode).toBe(400);
  });
});
