import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { multipart, png, postForm } from '../../testing/multipart';
import { useAccounts, useTradingDesk } from '../../testing/use-trading-desk';
import { walletHelpers } from '../../testing/wallet';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifications.service';

describe('support tickets', () => {
  const desk = useTradingDesk();
  const { user, stranger, staff } = useAccounts(desk, { user: 'user', stranger: 'user', staff: 'admin' });
  let orderId: string;

  beforeAll(async () => {
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    orderId = (await desk.order(user, { side: 'buy', type: 'market', amount: '100', leverage: 2 })).json()
      .data.id;
  });

  const open = (who: TestUser, body: object) =>
    desk.call(who, 'POST', '/tickets', {
      type: 'trade',
      subject: 'Order closed too early',
      message: 'Why?',
      ...body,
    });

  it('opens a ticket about one of the user’s orders, with its first message', async () => {
    const created = await open(user, { orderId });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      type: 'trade',
      status: 'opn',
      subject: 'Order closed too early',
      link: { kind: 'order', id: orderId, label: expect.stringContaining('Buy BTC/USD') },
      messages: [{ isStaff: false, body: 'Why?', attachments: [] }],
    });
    const list = (await desk.call(user, 'GET', '/tickets')).json().data;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ status: 'opn', lastFrom: 'user' });
  });

  it('refuses an order that is not the user’s, and bad input, with a 400', async () => {
    const foreign = await open(stranger, { orderId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toBe('body.orderId');
    const bad = await desk.call(user, 'POST', '/tickets', { type: 'other', subject: 'x', message: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });

  it('links one of the user’s deposits or withdrawals, with its payment status; another user’s is refused', async () => {
    const withdrawal = await walletHelpers(desk).fundAndRequest(user, '50', {
      coin: 'usdt',
      network: 'tron',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount: '20',
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const transactionId: string = withdrawal.json().data.id;

    const created = await open(user, { subject: 'Where is my withdrawal?', transactionId });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.link).toEqual({
      kind: 'transaction',
      id: transactionId,
      label: expect.stringMatching(
        new RegExp(`^Withdrawal [0-9.]+ USD · Tron · #${transactionId.slice(0, 8)}$`),
      ),
      status: 'pnd',
    });
    const thread = await desk.call(user, 'GET', `/tickets/${created.json().data.id}`);
    expect(thread.json().data.link).toMatchObject({ kind: 'transaction', status: 'pnd' });

    const foreign = await open(stranger, { transactionId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Choose one of your deposits or withdrawals',
      details: [{ field: 'body.transactionId', message: 'Transaction not found' }],
    });
    const both = await open(user, { orderId, transactionId });
    expect(both.statusCode).toBe(400);
    expect(both.json().details[0].field).toBe('body.transactionId');
  });

  it('hides a ticket from every other user: 404 to read, write or close it', async () => {
    const id = (await open(user, {})).json().data.id;
    for (const [method, url, body] of [
      ['GET', `/tickets/${id}`, undefined],
      ['POST', `/tickets/${id}/messages`, { message: 'hi' }],
      ['POST', `/tickets/${id}/close`, undefined],
    ] as const) {
      const response = await desk.call(stranger, method, url, body);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await desk.call(stranger, 'GET', '/tickets')).json().data.total).toBe(0);
  });

  it('moves through the statuses: staff reply → In Progress, user message → Open, close, reopen', async () => {
    const id = (await open(user, { orderId })).json().data.id;
    const events: unknown[] = [];
    const off = await desk.t.deps.bus.subscribe(NOTIFICATIONS_CHANNEL, (message) => events.push(message));

    const reply = await desk.call(staff, 'POST', `/admin/tickets/${id}/messages`, {
      message: 'We are looking into it.',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.status).toBe('pnd');
    // The user hears of it: the stream event (through the bus), the notification centre and a mail.
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({
      userId: user.id,
      event: { kind: 'ticket_reply', payload: { ticketId: id } },
    });
    const centre = (await desk.call(user, 'GET', '/notifications')).json().data;
    expect(centre.unread).toBeGreaterThanOrEqual(1);
    expect(centre.items[0]).toMatchObject({ kind: 'ticket_reply', readAt: null });
    const mail = await desk.mailbox.waitFor(user.email, /Re: Order closed too early/);
    expect(mail.text).toContain('We are looking into it.');
    expect(mail.text).toContain(`/dashboard/support/${id}`);

    const thread = (await desk.call(user, 'GET', `/tickets/${id}`)).json().data;
    expect(thread.messages.map((m: { isStaff: boolean }) => m.isStaff)).toEqual([false, true]);
    expect(thread.lastFrom).toBe('staff');

    const answer = await desk.call(user, 'POST', `/tickets/${id}/messages`, { message: 'Thanks' });
    expect(answer.json().data.status).toBe('opn');
    const closed = await desk.call(user, 'POST', `/tickets/${id}/close`);
    expect(closed.json()).toMatchObject({ message: 'Ticket closed', data: { status: 'cls' } });
    const reopened = await desk.call(user, 'POST', `/tickets/${id}/messages`, {
      message: 'It happened again',
    });
    expect(reopened.json().data.status).toBe('opn');
    const staffClosed = await desk.call(staff, 'PUT', `/admin/tickets/${id}/status`, { status: 'cls' });
    expect(staffClosed.json().data.status).toBe('cls');
    await off();
  });

  it('takes image attachments checked like profile images, and serves them re-encoded', async () => {
    const upload = (who: TestUser, body: ReturnType<typeof multipart>) =>
      postForm(desk.t.app, '/tickets/attachments', who.token, body);
    const uploaded = await upload(user, multipart('image', 'screen.png', 'image/png', await png(200)));
    expect(uploaded.statusCode).toBe(201);
    const { id, url } = uploaded.json().data;
    const image = await desk.t.app.inject({ method: 'GET', url });
    expect(image.headers['content-type']).toBe('image/webp');

    const notImage = await upload(
      user,
      multipart('image', 'x.png', 'image/png', Buffer.from('<html></html>')),
    );
    expect(notImage.statusCode).toBe(415);

    const created = await open(user, { attachments: [id] });
    expect(created.json().data.messages[0].attachments).toEqual([url]);
    // Another user cannot attach it.
    const stolen = await open(stranger, { attachments: [id] });
    expect(stolen.statusCode).toBe(400);

    // The image opens by its signed link only: not by its bare path, another file's signature, an
    // altered expiry, or a link whose time is up.
    const link = new URL(url, 'http://x');
    expect(link.pathname).toBe(`/tickets/attachments/${id}`);
    const exp = Number(link.searchParams.get('exp'));
    const sig = link.searchParams.get('sig');
    expect(exp * 1000).toBeGreaterThan(Date.now() + 3_600_000 - 1);
    const status = async (path: string) => (await desk.t.app.inject({ method: 'GET', url: path })).statusCode;
    expect(await status(link.pathname)).toBe(404);
    expect(await status(`${link.pathname}?exp=${exp + 3600}&sig=${sig}`)).toBe(404);
    const other = (await upload(user, multipart('image', 'b.png', 'image/png', await png(100)))).json().data;
    expect(await status(`/tickets/attachments/${other.id}?exp=${exp}&sig=${sig}`)).toBe(404);
    vi.useFakeTimers({ now: (exp + 1) * 1000, toFake: ['Date'] });
    try {
      expect(await status(url)).toBe(404);
    } finally {
      vi.useRealTimers();
    }
    expect(await status(url)).toBe(200);
  });
});
