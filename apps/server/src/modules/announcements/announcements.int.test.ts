import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { pollUntil } from '../../testing/poll';
import { useAccounts, useTradingDesk } from '../../testing/use-trading-desk';

/**
 * Announcements: the audience resolved when sent (all clients, a group's members, a pair's
 * holders), each recipient's unread ones until they read them, the e-mails, the audit.
 */
describe('announcements', () => {
  const desk = useTradingDesk();
  const { admin, member, holder, former } = useAccounts(desk, {
    admin: 'admin',
    member: 'user',
    holder: 'user',
    former: 'user',
  });
  let groupId: string;

  beforeAll(async () => {
    const group = await desk.call(admin, 'POST', '/admin/groups', { name: 'Announced', marginMode: 'cross' });
    expect(group.statusCode, group.body).toBe(200);
    groupId = group.json().data.id;
    const moved = await desk.call(admin, 'PUT', `/admin/users/${member.id}/group`, { groupId });
    expect(moved.statusCode, moved.body).toBe(200);
    await desk.setQuote('BTC_USDT', 4_999_500, 5_000_500);
    const held = await desk.order(holder, { side: 'buy', type: 'market', amount: '100', leverage: 2 });
    expect(held.statusCode, held.body).toBe(201);
    // A position closed before the sending: no longer a holder.
    const closed = await desk.order(former, { side: 'buy', type: 'market', amount: '100', leverage: 2 });
    expect(closed.statusCode, closed.body).toBe(201);
    expect((await desk.call(former, 'POST', `/orders/${closed.json().data.id}/close`)).statusCode).toBe(200);
  });

  const send = (body: object) => desk.call(admin, 'POST', '/admin/announcements', body);
  const unread = async (user: TestUser) =>
    (await desk.call(user, 'GET', '/announcements')).json().data as { id: string; title: string }[];
  const sent = async (id: string) =>
    (await desk.call(admin, 'GET', '/admin/announcements?limit=100'))
      .json()
      .data.items.find((item: { id: string }) => item.id === id);

  it("reaches a group's members only, by e-mail too when asked, and is audited", async () => {
    const answer = await send({
      title: 'New terms for your group',
      body: 'From Monday the margin call level is 100 %.\n\nThank you.',
      audience: 'group',
      groupId,
      email: true,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const announcement = answer.json().data;
    expect(announcement).toMatchObject({ audience: 'group', groupId, groupName: 'Announced', recipients: 1 });
    expect((await unread(member)).map((item) => item.id)).toContain(announcement.id);
    for (const other of [holder, former, admin])
      expect((await unread(other)).map((item) => item.id)).not.toContain(announcement.id);

    const mail = await desk.mailbox.waitFor(member.email, /New terms for your group/);
    expect(mail.text).toContain('From Monday the margin call level is 100 %.');
    await pollUntil(async () => (await sent(announcement.id))?.emailed === 1, {
      what: 'the mail marked sent',
    });
    expect(desk.mailbox.mails.filter((item) => /New terms for your group/.test(item.subject))).toHaveLength(
      1,
    );

    const audit = (await desk.call(admin, 'GET', '/admin/audit?action=announcement.send')).json().data.items;
    expect(audit.find((entry: { targetId: string }) => entry.targetId === announcement.id)).toMatchObject({
      actor: { id: admin.id },
      after: { audience: 'group', groupId, recipients: 1, email: true },
    });
  });

  it('reaches the holders of open positions in a pair at sending time, and nobody is mailed unasked', async () => {
    const answer = await send({
      title: 'BTC maintenance',
      body: 'Short pause tonight.',
      audience: 'pair',
      symbol: 'btc_usdt',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { id, recipients, symbol } = answer.json().data;
    expect({ recipients, symbol }).toEqual({ recipients: 1, symbol: 'BTC_USDT' });
    expect((await unread(holder)).map((item) => item.id)).toContain(id);
    expect((await unread(former)).map((item) => item.id)).not.toContain(id);
    expect((await unread(member)).map((item) => item.id)).not.toContain(id);
    expect((await sent(id))?.emailed).toBe(0);
  });

  it('reaches every client but not staff, and stays until read', async () => {
    const answer = await send({ title: 'Holiday hours', body: 'Markets close early.', audience: 'all' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { id, recipients } = answer.json().data;
    expect(recipients).toBeGreaterThanOrEqual(3);
    expect((await unread(admin)).map((item) => item.id)).not.toContain(id);
    expect((await unread(former)).map((item) => item.id)).toContain(id);

    // Another's announcement, or none at all, is not theirs to mark.
    expect((await desk.call(admin, 'POST', `/announcements/${id}/read`)).statusCode).toBe(404);
    const read = await desk.call(former, 'POST', `/announcements/${id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect((await desk.call(former, 'POST', `/announcements/${id}/read`)).statusCode).toBe(200);
    expect((await unread(former)).map((item) => item.id)).not.toContain(id);
    expect((await unread(holder)).map((item) => item.id)).toContain(id);
    expect(await sent(id)).toMatchObject({ recipients, read: 1 });
  });

  it('refuses incomplete or unsafe input with the field named', async () => {
    const cases: [object, string][] = [
      [{ title: 'T', body: 'B', audience: 'group' }, 'body.groupId'],
      [{ title: 'T', body: 'B', audience: 'pair' }, 'body.symbol'],
      [{ title: 'T', body: 'B', audience: 'all', symbol: 'BTC_USDT' }, 'body.symbol'],
      [{ title: 'T', body: 'B', audience: 'pair', symbol: 'NOPE_USDT' }, 'body.symbol'],
      [
        { title: 'T', body: 'B', audience: 'group', groupId: '00000000-0000-4000-8000-000000000000' },
        'body.groupId',
      ],
      [{ title: 'A\u0000B', body: 'B', audience: 'all' }, 'body.title'],
      [{ title: 'T'.repeat(121), body: 'B', audience: 'all' }, 'body.title'],
      [{ title: 'T', body: 'B'.repeat(2001), audience: 'all' }, 'body.body'],
      [{ title: 'T', body: 'B', audience: 'everyone' }, 'body.audience'],
    ];
    for (const [body, field] of cases) {
      const answer = await send(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    const asUser = await desk.call(member, 'POST', '/admin/announcements', {
      title: 'T',
      body: 'B',
      audience: 'all',
    });
    expect(asUser.statusCode).toBe(403);
  });
});
