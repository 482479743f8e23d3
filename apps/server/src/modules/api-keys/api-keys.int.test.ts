import { API_KEY_REQUESTS_PER_MINUTE, API_KEYS_PER_USER_MAX } from '@td/contracts/api-keys';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { type SigningKey, signedRequest } from '../../testing/api-keys';
import { demoBtcBuy } from '../../testing/order-bodies';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { API_KEY_FAILURES_PER_ADDRESS } from './api-key-auth';

describe('API keys', () => {
  const desk = useTradingDesk();
  let user: TestUser;
  let reader: SigningKey & { id: string };
  let trader: SigningKey & { id: string };

  const createKey = async (owner: TestUser, body: Record<string, unknown>) =>
    desk.call(owner, 'POST', '/profile/api-keys', { currentPassword: owner.password, ...body });
  const keyOf = async (owner: TestUser, body: Record<string, unknown>) => {
    const response = await createKey(owner, body);
    expect(response.statusCode, response.body).toBe(201);
    const { id, keyId, secret } = response.json().data;
    return { id, keyId, secret } as SigningKey & { id: string };
  };
  const send = (key: SigningKey, request: Parameters<typeof signedRequest>[1]) =>
    desk.t.app.inject(signedRequest(key, request));

  beforeAll(async () => {
    user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 5_000_000, 5_000_100);
    reader = await keyOf(user, { label: 'Reporting', scopes: ['read'] });
    trader = await keyOf(user, { label: 'Bot', scopes: ['read', 'trade'] });
  });

  it('shows the secret once, on creation, and lists keys without it', async () => {
    const response = await createKey(user, { label: ' Spare ', scopes: ['read'], allowedIps: [] });
    expect(response.headers['cache-control']).toBe('no-store');
    const created = response.json().data;
    expect(created).toMatchObject({ label: 'Spare', scopes: ['read'], allowedIps: [], lastUsedAt: null });
    expect(created.keyId).toMatch(/^tdk_[\w-]{32}$/);
    expect(created.secret).toMatch(/^[\w-]{43}$/);
    const listed = (await desk.call(user, 'GET', '/profile/api-keys')).json().data;
    expect(listed.map((key: { label: string }) => key.label)).toEqual(['Spare', 'Bot', 'Reporting']);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(listed[0]).not.toHaveProperty('secret');
    expect((await desk.call(user, 'DELETE', `/profile/api-keys/${created.id}`)).statusCode).toBe(200);
    // The owner is told, in the app and by e-mail.
    const notices = (await desk.call(user, 'GET', '/notifications')).json().data.items;
    expect(notices.map((notice: { message: string }) => notice.message)).toContain(
      'API key "Spare" created (read)',
    );
    await desk.mailbox.waitFor(user.email, /An API key was created for your account/);
  });

  it('reads orders, the portfolio and the profile with a signed request, and records its use', async () => {
    const placed = await desk.order(user, demoBtcBuy());
    expect(placed.statusCode, placed.body).toBe(201);
    const orders = await send(reader, { method: 'GET', url: '/orders?account=demo&limit=5' });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().data.items.map((order: { id: string }) => order.id)).toContain(
      placed.json().data.id,
    );
    const portfolio = await send(reader, { method: 'GET', url: '/portfolio?account=demo' });
    expect(portfolio.statusCode, portfolio.body).toBe(200);
    const profile = await send(reader, { method: 'GET', url: '/profile', remoteAddress: '203.0.113.77' });
    expect(profile.json().data.email).toBe(user.email);
    const listed = (await desk.call(user, 'GET', '/profile/api-keys')).json().data;
    const used = listed.find((key: { id: string }) => key.id === reader.id);
    expect(used.lastUsedAt).not.toBeNull();
    expect(typeof used.lastUsedIp).toBe('string');
  });

  it('places, changes and closes an order with a trade key, and refuses a read key', async () => {
    const refused = await send(reader, { method: 'POST', url: '/orders', body: demoBtcBuy() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API key does not have the trade scope');

    const placed = await send(trader, { method: 'POST', url: '/orders', body: demoBtcBuy() });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().data.id;
    const changed = await send(trader, {
      method: 'PUT',
      url: `/orders/${id}`,
      body: { takeProfit: '60000', stopLoss: null },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.takeProfit).toBe('60000.00');
    const closed = await send(trader, { method: 'POST', url: `/orders/${id}/close` });
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('refuses a wrong signature, a changed body, an old or future timestamp, and a bad window', async () => {
    const wrong = signedRequest(
      { keyId: reader.keyId, secret: 'not-the-secret' },
      { method: 'GET', url: '/orders' },
    );
    expect((await desk.t.app.inject(wrong)).json().message).toBe('The request’s signature does not match');

    const tampered = signedRequest(trader, { method: 'POST', url: '/orders', body: demoBtcBuy() });
    tampered.payload = JSON.stringify({ ...demoBtcBuy(), amount: '900' });
    const tamperedAnswer = await desk.t.app.inject(tampered);
    expect(tamperedAnswer.statusCode).toBe(401);

    const otherQuery = signedRequest(reader, { method: 'GET', url: '/orders?account=demo' });
    otherQuery.url = '/orders?account=real';
    expect((await desk.t.app.inject(otherQuery)).statusCode).toBe(401);

    const old = await send(reader, { method: 'GET', url: '/orders', timestampMs: Date.now() - 6_000 });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('The request’s timestamp is outside its receive window');
    const widened = await send(reader, {
      method: 'GET',
      url: '/orders',
      timestampMs: Date.now() - 6_000,
      recvWindowMs: 10_000,
    });
    expect(widened.statusCode, widened.body).toBe(200);
    const ahead = await send(reader, { method: 'GET', url: '/orders', timestampMs: Date.now() + 30_000 });
    expect(ahead.json().message).toBe('X-API-TIMESTAMP is ahead of the server’s clock');
    const tooWide = await send(reader, { method: 'GET', url: '/orders', recvWindowMs: 600_000 });
    expect(tooWide.statusCode).toBe(401);

    const garbled = signedRequest(reader, { method: 'GET', url: '/orders' });
    (garbled.headers as Record<string, string>)['x-api-signature'] = 'XYZ\u0000';
    expect((await desk.t.app.inject(garbled)).statusCode).toBe(401);
    const unknown = await send(
      { keyId: `tdk_${'A'.repeat(32)}`, secret: reader.secret },
      { method: 'GET', url: '/orders' },
    );
    expect(unknown.json().message).toBe('Unknown or revoked API key');
  });

  it('refuses a replayed request, also when both copies arrive together', async () => {
    const request = signedRequest(trader, { method: 'POST', url: '/orders', body: demoBtcBuy() });
    expect((await desk.t.app.inject(request)).statusCode).toBe(201);
    const again = await desk.t.app.inject(request);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This signed request was already used');

    const twin = signedRequest(trader, { method: 'POST', url: '/orders', body: demoBtcBuy() });
    const answers = await Promise.all([1, 2, 3, 4].map(() => desk.t.app.inject(twin)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 401, 401, 401]);
  });

  it('keeps keys away from their own management, the wallet and the back-office', async () => {
    for (const [method, url] of [
      ['GET', '/profile/api-keys'],
      ['GET', '/wallet/transactions'],
      ['GET', '/profile/sessions'],
    ] as const) {
      const answer = await send(trader, { method, url });
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().message).toBe('API keys cannot be used here');
    }
    expect((await send(trader, { method: 'GET', url: '/admin/users' })).statusCode).toBe(401);
  });

  it('is refused by every route that does not declare an API scope, before its input is read', async () => {
    const table = desk.t.app.routeTable().filter((route) => route.method !== 'HEAD');
    const scoped = table.filter((route) => route.apiScope).map((route) => `${route.method} ${route.url}`);
    expect(scoped.sort()).toEqual(
      [
        'DELETE /orders/:id',
        'GET /orders',
        'GET /orders/export',
        'GET /portfolio',
        'GET /portfolio/stats',
        'GET /profile',
        'POST /orders',
        'POST /orders/:id/close',
        'POST /orders/:id/margin',
        'POST /orders/:id/partial-close',
        'PUT /orders/:id',
      ].sort(),
    );
    for (const route of table) {
      if (route.apiScope || route.access === 'public' || route.access === 'signed') continue;
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const answer = await send(trader, { method, url: route.url });
      const expected = route.access === 'user' ? 403 : 401;
      expect(answer.statusCode, `${route.method} ${route.url}`).toBe(expected);
    }
  });

  it('checks the signature on every route that declares an API scope, a body’s too', async () => {
    const scoped = desk.t.app.routeTable().filter((route) => route.apiScope && route.method !== 'HEAD');
    const forged = { keyId: trader.keyId, secret: 'not-the-secret' };
    for (const route of scoped) {
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const url = route.url.replace(':id', '00000000-0000-4000-8000-000000000000');
      const body = method === 'GET' ? undefined : { takeProfit: '60000' };
      // From an address of its own: refusals count against the address.
      const answer = await send(forged, {
        method,
        url,
        remoteAddress: '203.0.113.77',
        ...(body ? { body } : {}),
      });
      expect(answer.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(answer.json().message, `${route.method} ${route.url}`).toBe(
        'The request’s signature does not match',
      );
    }
  });

  it('takes a key only from its allowed addresses and networks', async () => {
    const limited = await keyOf(user, {
      label: 'Office',
      scopes: ['read'],
      allowedIps: ['203.0.113.0/24', '2001:db8::1'],
    });
    const from = (remoteAddress: string) => send(limited, { method: 'GET', url: '/profile', remoteAddress });
    expect((await from('203.0.113.9')).statusCode).toBe(200);
    expect((await from('::ffff:203.0.113.10')).statusCode).toBe(200);
    expect((await from('2001:db8::1')).statusCode).toBe(200);
    const outside = await from('198.51.100.7');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe('This API key may not be used from this address');
    await desk.call(user, 'DELETE', `/profile/api-keys/${limited.id}`);
  });

  it('stops a revoked key at once', async () => {
    const doomed = await keyOf(user, { label: 'Doomed', scopes: ['read'] });
    expect((await send(doomed, { method: 'GET', url: '/profile' })).statusCode).toBe(200);
    expect((await desk.call(user, 'DELETE', `/profile/api-keys/${doomed.id}`)).statusCode).toBe(200);
    const after = await send(doomed, { method: 'GET', url: '/profile' });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Unknown or revoked API key');
    expect((await desk.call(user, 'DELETE', `/profile/api-keys/${doomed.id}`)).statusCode).toBe(404);
    // Another user cannot revoke someone's key.
    const other = await desk.newUser();
    expect((await desk.call(other, 'DELETE', `/profile/api-keys/${reader.id}`)).statusCode).toBe(404);
  });

  it('turns away an address after many refused requests', async () => {
    const address = '192.0.2.55';
    for (let i = 0; i < API_KEY_FAILURES_PER_ADDRESS.max; i++) {
      await desk.t.deps.limiter.consume(API_KEY_FAILURES_PER_ADDRESS, address);
    }
    const forged = { keyId: reader.keyId, secret: 'a guess' };
    const answer = await send(forged, { method: 'GET', url: '/profile', remoteAddress: address });
    expect(answer.statusCode).toBe(429);
    // Another address is not held back, and the key itself still works.
    expect(
      (await send(forged, { method: 'GET', url: '/profile', remoteAddress: '192.0.2.56' })).statusCode,
    ).toBe(401);
    expect((await send(reader, { method: 'GET', url: '/profile', remoteAddress: address })).statusCode).toBe(
      200,
    );
  });

  it('limits each key to its own rate', async () => {
    const busy = await keyOf(user, { label: 'Busy', scopes: ['read'] });
    const rule = { name: 'api-key', max: API_KEY_REQUESTS_PER_MINUTE, windowMs: 60_000 };
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) await desk.t.deps.limiter.consume(rule, busy.id);
    const refused = await send(busy, { method: 'GET', url: '/profile' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same user keeps its own count.
    expect((await send(reader, { method: 'GET', url: '/profile' })).statusCode).toBe(200);
    await desk.call(user, 'DELETE', `/profile/api-keys/${busy.id}`);
  });

  it('bounds what a key is made of, and how many a user holds, also when asked for all at once', async () => {
    for (const body of [
      { label: 'x\u0000', scopes: ['read'] },
      { label: 'x'.repeat(65), scopes: ['read'] },
      { label: 'ok', scopes: [] },
      { label: 'ok', scopes: ['withdraw'] },
      { label: 'ok', scopes: ['read', 'read'] },
      { label: 'ok', scopes: ['read'], allowedIps: ['localhost'] },
      { label: 'ok', scopes: ['read'], allowedIps: Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`) },
    ]) {
      const answer = await createKey(user, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code).toBe('VALIDATION');
    }
    const crowd = await desk.newUser();
    const answers = await Promise.all(
      Array.from({ length: API_KEYS_PER_USER_MAX + 3 }, (_, i) =>
        createKey(crowd, { label: `k${i}`, scopes: ['read'] }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(API_KEYS_PER_USER_MAX);
    expect(codes.filter((code) => code === 409)).toHaveLength(3);
    expect((await desk.call(crowd, 'GET', '/profile/api-keys')).json().data).toHaveLength(
      API_KEYS_PER_USER_MAX,
    );
  });
});
