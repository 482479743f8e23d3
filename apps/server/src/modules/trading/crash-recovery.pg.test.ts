import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../../testing/accounts';
import { type ServerProcess, spawnServer } from '../../testing/spawn-server';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { codeIn, startTestMailbox, type TestMailbox } from '../../testing/test-mailbox';

const STARTUP_MS = 90_000;
const BURST_ORDERS = 60;

describe('a crash in the middle of trading', () => {
  let database: TestDatabase;
  let mailbox: TestMailbox;
  const servers: ServerProcess[] = [];

  const start = async () => {
    const server = await spawnServer({
      DATABASE_URL: database.url ?? '',
      SMTP_URL: mailbox.url,
      JWT_SECRET: 'c'.repeat(48),
      LOG_LEVEL: 'warn',
    });
    servers.push(server);
    await server.waitUntil(async () => (await server.health())?.status === 200, STARTUP_MS, '/health');
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

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    mailbox = await startTestMailbox();
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await mailbox?.close();
    await database?.drop();
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
          body: { code: codeIn(await mailbox.waitFor(email, /Verify/)) },
        })
      ).json()) as Body;
      const token: string = verify.data.token;
      expect(decodeJwt(token).type).toBe('normal');

      const prices = (await (await api(first, '/public/prices')).json()) as {
        data: Record<string, { price: string }>;
      };
      const mid = Number(prices.data['CRP:BTC_USDT']?.price);
      // Tight exits (±0.03 %) so that the simulator's moves fire triggers during the burst.
      const acknowledged: string[] = [];
      const burst = Array.from({ length: BURST_ORDERS }, (_, i) =>
        new Promise((r) => setTimeout(r, i * 40)).then(async () => {
          const side = i % 2 === 0 ? 'buy' : 'sell';
          const up = (mid * 1.0003).toFixed(2);
          const down = (mid * 0.9997).toFixed(2);
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
          }
        }),
      );
      // Kill it hard in the middle of the burst.
      await new Promise((r) => setTimeout(r, (BURST_ORDERS * 40) / 2));
      first.child.kill('SIGKILL');
      await Promise.all(burst);
      await first.exited;
      expect(acknowledged.length).toBeGreaterThan(5);

      await start();
      // Give the restarted trigger engine time to act on what crossed while it was down.
      await new Promise((r) => setTimeout(r, 3_000));

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const found = await client.query<{ id: string }>('select id from orders where id = any($1::uuid[])', [
          acknowledged,
        ]);
        expect(found.rowCount).toBe(acknowledged.length);
        const total = await client.query<{ total: string }>(
          'select coalesce(sum(amount_cents), 0)::text as total from ledger_entries',
        );
        expect(total.rows[0]?.total).toBe('0');
        const drift = await client.query(`
          select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
          where a.user_id is not null
          group by a.id, a.balance_cents having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`);
        expect(drift.rowCount).toBe(0);
        const twice = await client.query(`
          select ref_id, kind, count(*) from ledger_transactions
          where kind in ('open', 'close', 'fee') group by ref_id, kind having count(*) > 1`);
        expect(twice.rows).toEqual([]);
        const closedWithoutMoney = await client.query(`
          select o.id from orders o
          where o.status in ('exc', 'mcl') and not exists (select 1 from ledger_transactions t where t.kind = 'close' and t.ref_id = o.id::text)`);
        expect(closedWithoutMoney.rows).toEqual([]);
        const openWithoutMoney = await client.query(`
          select o.id from orders o
          where o.status in ('act', 'exc', 'mcl') and o.parent_id is null
            and not exists (select 1 from ledger_transactions t where t.kind = 'open' and t.ref_id = o.id::text)`);
        expect(openWithoutMoney.rows).toEqual([]);
      } finally {
        await client.end();
      }
    },
    4 * STARTUP_MS,
  );
});
