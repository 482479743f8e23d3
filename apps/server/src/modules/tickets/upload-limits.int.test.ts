import { describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { multipart, png, pngDeclaring, postForm } from '../../testing/multipart';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { TICKET_POSTS_PER_USER } from './tickets.routes';
import { UNSENT_ATTACHMENTS_MAX } from './tickets.service';

// Image uploads and tickets are limited per user: a rate for every image upload (profile image,
// ticket attachments, identity documents), a quota of ticket images not yet sent, a lower pixel
// limit for attachments, and a rate for new tickets and messages.
describe('upload and ticket limits', () => {
  const desk = useTradingDesk();

  const send = (who: TestUser, url: string, body: ReturnType<typeof multipart>) =>
    postForm(desk.t.app, url, who.token, body);
  const image = async () => multipart('image', 'screen.png', 'image/png', await png(64));
  const attach = async (who: TestUser) => send(who, '/tickets/attachments', await image());
  const avatar = async (who: TestUser) => send(who, '/profile/image', await image());
  const unsentOf = async (who: TestUser) =>
    (
      await desk.t.deps.db.query<{ n: number }>(
        'select count(*)::int as n from ticket_attachments where user_id = $1 and message_id is null',
        [who.id],
      )
    )[0]?.n;

  it('refuses the 31st image upload in ten minutes on every upload route, with Retry-After', async () => {
    const user = await desk.newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await avatar(user)).statusCode);
    for (let i = 0; i < 5; i++) statuses.push((await attach(user)).statusCode);
    expect(statuses).toEqual(
      Array<number>(30)
        .fill(statuses[0] === 200 ? 200 : -1)
        .fill(201, 25),
    );

    for (const over of [await avatar(user), await attach(user), await send(user, '/kyc', await image())]) {
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/images/) });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another user is not held back.
    expect((await avatar(await desk.newUser())).statusCode).toBe(200);
  });

  it('holds at most 10 unsent ticket images per user; sending some frees the quota', async () => {
    const user = await desk.newUser();
    const ids: string[] = [];
    for (let i = 0; i < UNSENT_ATTACHMENTS_MAX; i++) {
      const uploaded = await attach(user);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      ids.push(uploaded.json().data.id);
    }
    const over = await attach(user);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/not yet sent/),
    });
    expect(await unsentOf(user)).toBe(UNSENT_ATTACHMENTS_MAX);

    const sent = await desk.call(user, 'POST', '/tickets', {
      type: 'bug',
      subject: 'Screens',
      message: 'See the images',
      attachments: ids.slice(0, 3),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await attach(user)).statusCode).toBe(201);
  });

  it('lets parallel uploads past the quota only up to it', async () => {
    const user = await desk.newUser();
    for (let i = 0; i < UNSENT_ATTACHMENTS_MAX - 2; i++) expect((await attach(user)).statusCode).toBe(201);
    const bodies = await Promise.all(Array.from({ length: 8 }, () => image()));
    const statuses = await Promise.all(bodies.map((body) => send(user, '/tickets/attachments', body)));
    const codes = statuses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(2);
    expect(codes.every((code) => code === 201 || code === 429)).toBe(true);
    expect(await unsentOf(user)).toBe(UNSENT_ATTACHMENTS_MAX);
  });

  it('refuses an attachment over 16 megapixels with a 400 naming the field', async () => {
    const user = await desk.newUser();
    // 5000 × 4000: 20 megapixels, within the 40 of profile images, over the attachments' 16.
    const large = multipart('image', 'large.png', 'image/png', await pngDeclaring(5_000, 4_000));
    const response = await send(user, '/tickets/attachments', large);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'The image has too many pixels (5000 × 4000): at most 16 megapixels',
      details: [{ field: 'body.image', message: expect.stringMatching(/16 megapixels/) }],
    });
    expect(await unsentOf(user)).toBe(0);
  });

  it('refuses the 21st new ticket or message in ten minutes', async () => {
    const user = await desk.newUser();
    const ticket = await desk.call(user, 'POST', '/tickets', {
      type: 'bug',
      subject: 'One',
      message: 'First',
    });
    expect(ticket.statusCode).toBe(201);
    const id = ticket.json().data.id;
    const statuses: number[] = [];
    for (let i = 1; i < TICKET_POSTS_PER_USER.max; i++)
      statuses.push(
        (await desk.call(user, 'POST', `/tickets/${id}/messages`, { message: `More ${i}` })).statusCode,
      );
    expect(statuses.every((status) => status === 200)).toBe(true);
    const reply = await desk.call(user, 'POST', `/tickets/${id}/messages`, { message: 'Again' });
    const another = await desk.call(user, 'POST', '/tickets', {
      type: 'bug',
      subject: 'Second ticket',
      message: 'Hi',
    });
    for (const over of [reply, another]) {
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('RATE_LIMITED');
    }
    expect(
      (
        await desk.call(await desk.newUser(), 'POST', '/tickets', {
          type: 'bug',
          subject: 'Another user',
          message: 'Hello',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('lets a browser cache an attachment no longer than its link lives, privately', async () => {
    const user = await desk.newUser();
    const { url } = (await attach(user)).json().data;
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    const maxAgeOf = (response: { headers: Record<string, unknown> }) => {
      const header = String(response.headers['cache-control']);
      expect(header).toMatch(/^private, max-age=\d+$/);
      return Number(header.split('=')[1]);
    };
    const served = await desk.t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const maxAge = maxAgeOf(served);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(exp - Math.floor(Date.now() / 1000) + 1);
    // Ten seconds before the link's end, the browser may keep it ten seconds at most.
    vi.useFakeTimers({ now: (exp - 10) * 1000, toFake: ['Date'] });
    try {
      const late = await desk.t.app.inject({ method: 'GET', url });
      expect(late.statusCode).toBe(200);
      expect(maxAgeOf(late)).toBe(10);
    } finally {
      vi.useRealTimers();
    }
  });
});
