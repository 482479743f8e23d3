import { drizzle } from 'drizzle-orm/node-postgres';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../../testing/accounts';
import { checkMoney } from '../../testing/money-checker';
import { placeOrderOnProcess } from '../../testing/process-user';
import { killServers, type ServerProcess, spawnServer } from '../../testing/spawn-server';
import { codeIn } from '../../testing/test-mailbox';
import { usePostgresWorld } from '../../testing/use-postgres-world';
import type { Executor } from '../ledger/ledger';

const STARTUP_MS = 90_000;
const BURST_ORDERS = 60;

describe('a crash in the middle of trading', () => {
  const world = usePostgresWorld();
  const servers: ServerProcess[] = [];

  const start = async () => {
    const server = await spawnServer({
      DATABASE_URL: world.database.url ?? '',
      SMTP_URL: world.mailbox.url,
      JWT_SECRET: 'c'.repeat(48),
      LOG_LEVEL: 'warn',
    });
    servers.push(server);
    await server.waitUntilHealthy(STARTUP_MS);
    await server.waitUntil(
      async () => {
        const response = await fetch(`${server.url}/public/prices`).catch(() => undefined);
        const body = (await response?.json().catch(() => undefined)) as
          | { data?: Record<string, unknown> }
          | undefined;
        // Every pair's history written: the burst then races only the orders, not the backfill.
        return Object.keys(body?.data ?? {}).length >= 40;
      },
      STARTUP_MS,
      'live prices for every pair',
    );
    return server;
  };

  afterAll(async () => {
    await killServers(servers);
  });

  it(
    'loses no acknowledged order and fires no trigger twice',
    async () => {
      const first = await start();
      const api = (
        server: ServerProcess,
        path: string,
        init: { method?: string; body?: unknown; token?: string } = {},
      ) =>
        fetch(`${server.url}${path}`, {
          method: init.method ?? 'GET',
          headers: {
            'content-type': 'application/json',
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
      const email = uniqueEmail('crash');
      type Body = { data: { token: string } };
      const signup = (await (
        await api(first, '/auth/signup', {
          method: 'POST',
          body: { email, password: GOOD_PASSWORD, firstName: 'C', lastName: 'R' },
        })
      ).json()) as Body;
      const verify = (await (
        await api(first, '/auth/verify-email', {
          method: 'POST',
          token: signup.data.token,
          body: { code: codeIn(await world.mailbox.waitFor(email, /Verify/)) },
        })
      ).json()) as Body;
      const token: string = verify.data.token;
      expect(decodeJwt(token).type).toBe('normal');

      // A process just started holds market orders until its prices are fresh: the first order asks
      // again while they are delayed, so the burst meets a trading process.
      const warmUp = await placeOrderOnProcess(first.url, token, {
        account: 'demo',
        symbol: 'BTC_USDT',
        side: 'buy',
        type: 'market',
        amount: '50',
        leverage: 10,
        clientOrderId: 'warm-up',
      });
      expect(warmUp.status).toBe(201);
      const midNow = async () => {
        const prices = (await (await api(first, '/public/prices')).json()) as {
          data: Record<string, { price: string }>;
        };
        return Number(prices.data['CRP:BTC_USDT']?.price);
      };
      // Tight exits (±0.05 % of the price just read, outside the spread) so that the simulator's
      // moves fire triggers during the burst; read for each order, as the price walks on meanwhile
      // (exits around one price read before the burst were refused once the price had moved).
      const acknowledged: string[] = [warmUp.body.data.id];
      const refusals: string[] = [];
      const burst = Array.from({ length: BURST_ORDERS }, (_, i) =>
        new Promise((r) => setTimeout(r, i * 40)).then(async () => {
          const side = i % 2 === 0 ? 'buy' : 'sell';
          const mid = await midNow().catch(() => Number.NaN);
          if (!Number.isFinite(mid)) return;
          const up = (mid * 1.0005).toFixed(2);
          const down = (mid * 0.9995).toFixed(2);
          const response = await api(first, '/orders', {
            method: 'POST',
            token,
            body: {
              account: 'demo',
              symbol: 'BTC_USDT',
              side,
              type: 'market',
              amount: '50',
              leverage: 10,
              clientOrderId: `burst-${i}`,
              ...(side === 'buy' ? { takeProfit: up, stopLoss: down } : { takeProfit: down, stopLoss: up }),
            },
          }).catch(() => undefined);
          if (response?.status === 201 || response?.status === 200) {
            const body = (await response.json().catch(() => undefined)) as
              | { data?: { id?: string } }
              | undefined;
            if (body?.data?.id) acknowledged.push(body.data.id);
          } else if (response) {
            const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
            refusals.push(`${response.status} ${body?.message ?? ''}`);
          }
        }),
      );
      // Kill it hard in the middle of the burst.
      await new Promise((r) => setTimeout(r, (BURST_ORDERS * 40) / 2));
      first.child.kill('SIGKILL');
      await Promise.all(burst);
      await first.exited;
      expect(acknowledged.length, `refused with ${refusals.join(', ')}`).toBeGreaterThan(5);

      await start();
      // Give the restarted trigger engine time to act on what crossed while it was down.
      await new Promise((r) => setTimeout(r, 3_000));

      // Everything the API acknowledged is there, and the money adds up: nothing opened, charged,
      // settled or notified twice, every result as its recomputation says.
      const client = new pg.Client({ connectionString: world.database.url });
      await client.connect();
      try {
        const violations = await checkMoney(drizzle(client) as unknown as Executor, {
          acknowledgedOrderIds: acknowledged,
        });
        // The figures docs/RELIABILITY.md reports.
        console.info(
          `crash: 1 fault (SIGKILL mid-burst), ${BURST_ORDERS} requests, ${acknowledged.length} acknowledged, ${violations.length} violations`,
        );
        expect(violations).toEqual([]);
      } finally {
        await client.end();
      }
    },
    4 * STARTUP_MS,
  );
});
