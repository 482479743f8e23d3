import { ROLES } from '@td/contracts/statuses';
import { and, eq, notInArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAccounts, useTradingDesk } from '../../testing/use-trading-desk';
import { passkeys, users } from '../auth/auth.schema';
import { createUsersAdminRepository } from '../profile/users-admin.repository';

// Staff roles beyond the route table (access-matrix.any-db.test.ts walks every route × every role):
// the second-factor rule and how staff turn one on, role changes and their audit entries, and the
// last administrator.

describe('staff roles', () => {
  const desk = useTradingDesk();
  const { admin, dealer } = useAccounts(desk, { admin: 'admin', dealer: 'dealer' });

  const auditOf = async (action: string) =>
    (await desk.call(admin, 'GET', `/admin/audit?action=${action}`)).json().data.items;

  it('refuses staff without a second factor with SECOND_FACTOR_REQUIRED, until they turn one on', async () => {
    const newcomer = await desk.newUser();
    await desk.makeStaff(newcomer, 'support', { secondFactor: false });
    const refused = await desk.call(newcomer, 'GET', '/admin/tickets');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      message: expect.stringMatching(/two-factor|passkey/i),
    });
    // The profile tells the web app the role, and the security routes stay open to turn one on.
    const profile = (await desk.call(newcomer, 'GET', '/profile')).json().data;
    expect(profile).toMatchObject({ role: 'support', tfaEnabled: false });
    expect((await desk.call(newcomer, 'GET', '/auth/2fa/generate')).statusCode).toBe(200);

    await desk.makeStaff(newcomer, 'support');
    expect((await desk.call(newcomer, 'GET', '/admin/tickets')).statusCode).toBe(200);
    // Outside the role: a plain 403, whatever the second factor.
    const outside = await desk.call(newcomer, 'GET', '/admin/pairs');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe('FORBIDDEN');

    // A passkey removed: refused again at once (the check is on every request).
    await desk.t.deps.db.db.delete(passkeys).where(eq(passkeys.userId, newcomer.id));
    expect((await desk.call(newcomer, 'GET', '/admin/tickets')).json().code).toBe('SECOND_FACTOR_REQUIRED');
  });

  it('lets only an administrator change a role, to any role, each change audited with the role before and after and who made it', async () => {
    const person = await desk.newUser();
    const byDealer = await desk.call(dealer, 'PUT', `/admin/users/${person.id}/role`, { role: 'dealer' });
    expect(byDealer.statusCode).toBe(403);

    let previous = 'user';
    for (const role of [...ROLES.filter((role) => role !== 'user'), 'user'] as const) {
      const changed = await desk.call(admin, 'PUT', `/admin/users/${person.id}/role`, { role });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data.role).toBe(role);
      const [entry] = await auditOf('user.role');
      expect(entry).toMatchObject({
        actor: { id: admin.id, email: admin.email, role: 'admin' },
        targetId: person.id,
        before: { role: previous },
        after: { role },
      });
      previous = role;
    }
    const nonsense = await desk.call(admin, 'PUT', `/admin/users/${person.id}/role`, { role: 'owner' });
    expect(nonsense.statusCode).toBe(400);
  });

  it("records each actor's role with their action", async () => {
    const groups = (await desk.call(dealer, 'GET', '/admin/groups')).json().data;
    const group = groups.find((g: { isDefault: boolean }) => g.isDefault);
    const updated = await desk.call(dealer, 'PUT', `/admin/groups/${group.id}`, { swapFree: group.swapFree });
    expect(updated.statusCode, updated.body).toBe(200);
    const [entry] = await auditOf('group.update');
    expect(entry.actor).toEqual({ id: dealer.id, email: dealer.email, role: 'dealer' });
  });

  it('keeps the last active administrator an administrator, even when two demote each other at once', async () => {
    const db = desk.t.deps.db.db;
    const [first, second] = [await desk.newAdmin(), await desk.newAdmin()];
    // Only these two are administrators now.
    await db
      .update(users)
      .set({ role: 'accountant' })
      .where(and(eq(users.role, 'admin'), notInArray(users.id, [first.id, second.id])));
    const answers = await Promise.all([
      desk.call(first, 'PUT', `/admin/users/${second.id}/role`, { role: 'dealer' }),
      desk.call(second, 'PUT', `/admin/users/${first.id}/role`, { role: 'dealer' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    // One wins; the other is refused: the last administrator (409), or no longer one (403).
    expect(
      statuses.filter((status) => status === 200),
      answers.map((a) => a.body).join(' '),
    ).toHaveLength(1);
    expect(statuses.every((status) => [200, 403, 409].includes(status))).toBe(true);
    const left = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(left).toHaveLength(1);
    expect(await createUsersAdminRepository(db).setRole(left[0]?.id ?? '', 'support')).toBe('last-admin');
  });
});
