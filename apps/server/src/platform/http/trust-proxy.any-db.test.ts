import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

// Which address a request comes from, behind a proxy: TRUST_PROXY says whose X-Forwarded-For to
// believe. The per-IP limits and the sign-in history depend on it.

const PROXY = '10.20.30.40';

/**
 * A test app configured with `env`, with a route answering the address it sees: started before the
 * enclosing `describe` block's first test and closed after its last. Read `server.t` inside tests.
 */
function useAppWith(env: Record<string, string>): { t: TestApp } {
  const server = {} as { t: TestApp };
  beforeAll(async () => {
    server.t = await buildTestApp({
      env,
      extend: (app) => {
        app.get('/test/client-ip', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
      },
    });
  });
  afterAll(async () => server.t?.close());
  return server;
}

const ipSeenBy = async (t: TestApp, remoteAddress: string, forwardedFor?: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/test/client-ip',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return response.json().ip as string;
};

/** 31 sign-ins through the proxy, each from another client: with the client's address, no per-IP limit is met. */
const signinsThroughProxy = async (t: TestApp) => {
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: uniqueEmail('proxied'), password: 'Wrong#Pass99' },
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
};

describe('TRUST_PROXY', () => {
  describe('by default (loopback only)', () => {
    const server = useAppWith({});

    it('believes a proxy on this machine, and no one else', async () => {
      expect(await ipSeenBy(server.t, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
      expect(await ipSeenBy(server.t, PROXY, '203.0.113.9')).toBe(PROXY);
    });

    it('so clients behind a proxy on another host share its address and its limit', async () => {
      expect((await signinsThroughProxy(server.t)).at(-1)).toBe(429);
    });
  });

  describe('as a list of addresses and networks', () => {
    const server = useAppWith({ TRUST_PROXY: '10.0.0.0/8,loopback' });

    it("believes the listed proxies' X-Forwarded-For, and still no one else's", async () => {
      expect(await ipSeenBy(server.t, PROXY, '203.0.113.9')).toBe('203.0.113.9');
      expect(await ipSeenBy(server.t, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
      expect(await ipSeenBy(server.t, '198.51.100.3', '203.0.113.9')).toBe('198.51.100.3');
      // A client cannot pass itself off as another by adding its own X-Forwarded-For entry.
      expect(await ipSeenBy(server.t, PROXY, '192.0.2.66, 203.0.113.9')).toBe('203.0.113.9');
    });

    it('gives each client behind the proxy its own limit', async () => {
      expect((await signinsThroughProxy(server.t)).every((status) => status === 401)).toBe(true);
    });
  });

  describe('as a hop count', () => {
    const server = useAppWith({ TRUST_PROXY: '1' });

    it('believes exactly that many hops in front of the server', async () => {
      expect(await ipSeenBy(server.t, PROXY, '203.0.113.9')).toBe('203.0.113.9');
      expect(await ipSeenBy(server.t, PROXY, '192.0.2.66, 203.0.113.9')).toBe('203.0.113.9');
      expect(await ipSeenBy(server.t, PROXY)).toBe(PROXY);
    });
  });

  describe('as zero hops', () => {
    const server = useAppWith({ TRUST_PROXY: '0' });

    it('believes no proxy, not even on this machine', async () => {
      expect(await ipSeenBy(server.t, '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
    });
  });
});
