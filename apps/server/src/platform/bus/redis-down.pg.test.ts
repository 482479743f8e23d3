import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { demoBtcBuy } from '../../testing/order-bodies';
import { callProcess, placeOrderOnProcess, signUpOnProcess } from '../../testing/process-user';
import { useServerBehindProxy } from '../../testing/server-behind-proxy';
import { TEST_REDIS_URL } from '../../testing/test-database';
import { usePostgresWorld } from '../../testing/use-postgres-world';

const STARTUP_MS = 90_000;
const REDIS = new URL(TEST_REDIS_URL);

/**
 * Redis goes away under a running server and comes back. Orders are still taken meanwhile (the
 * bus carries news, never the only copy of anything), `/health` names the bus as the part that is
 * down, and once it is back every open stream is told to read its orders again, since the events
 * published in between are lost.
 */
describe('a server whose Redis goes away', () => {
  const world = usePostgresWorld();
  const { proxy, server } = useServerBehindProxy(
    () => ({ host: REDIS.hostname, port: Number(REDIS.port || 6379) }),
    (proxyPort) => ({
      DATABASE_URL: world.database.url ?? '',
      REDIS_URL: `redis://127.0.0.1:${proxyPort}`,
      SMTP_URL: world.mailbox.url,
      JWT_SECRET: 'r'.repeat(48),
      ROLES: 'api,stream,market',
      LOG_LEVEL: 'warn',
    }),
    STARTUP_MS,
  );
  let socket: Socket | undefined;

  afterAll(() => {
    socket?.disconnect();
  });

  it(
    'takes orders while it is down, says so on /health, and tells open streams to read again when it is back',
    async () => {
      const user = await signUpOnProcess(server.url, world.mailbox);
      const ticket = await callProcess<{ data: { token: string } }>(server.url, '/auth/wss/signin', {
        token: user.token,
      });
      socket = io(server.url, {
        auth: { token: ticket.body.data.token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      const healthText = async () => JSON.stringify((await server.health())?.body ?? {});
      let resyncs = 0;
      socket.on('resync', () => {
        resyncs += 1;
      });
      await new Promise<void>((resolve, reject) => {
        socket?.once('connect', () => resolve());
        socket?.once('connect_error', reject);
      });
      await server.waitUntil(
        async () => {
          const prices = await callProcess<{ data: Record<string, unknown> }>(server.url, '/public/prices');
          return prices.body?.data?.['CRP:BTC_USDT'] !== undefined;
        },
        STARTUP_MS,
        'a BTC price',
      );

      const cutAtMs = Date.now();
      await proxy.cut();
      await server.waitUntil(
        async () => (await healthText()).includes('"bus":"down"'),
        15_000,
        '/health naming the bus as down',
      );
      // The process runs the market itself: its prices keep moving without the bus, past the age at
      // which a price counts as delayed (5 s), and an order is taken at the first try.
      await server.waitUntil(
        async () => {
          const prices = await callProcess<{ data: Record<string, { ts: number }> }>(
            server.url,
            '/public/prices',
          );
          return (prices.body?.data?.['CRP:BTC_USDT']?.ts ?? 0) > cutAtMs + 6_000;
        },
        30_000,
        'a BTC price newer than the cut by more than the delay limit',
      );
      const placed = await placeOrderOnProcess<{ data: { status: string } }>(
        server.url,
        user.token,
        demoBtcBuy(),
        0,
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(placed.body.data.status).toBe('act');
      expect(resyncs).toBe(0);

      await proxy.mend();
      await server.waitUntil(async () => resyncs > 0, 30_000, 'a resync on the open stream');
      expect(socket.connected).toBe(true);
      await server.waitUntil(
        async () => (await healthText()).includes('"status":"ok","db":"ok","bus":"ok"'),
        15_000,
        '/health with the bus back',
      );
      expect(server.child.exitCode).toBeNull();
    },
    STARTUP_MS * 2,
  );
});
