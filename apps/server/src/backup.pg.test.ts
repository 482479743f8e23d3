import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from './modules/ledger/ledger';
import { backupCommand } from './testing/backup-command';
import { checkMoney } from './testing/money-checker';
import { callProcess, signUpOnProcess } from './testing/process-user';
import { killServers, type ServerProcess, spawnServer } from './testing/spawn-server';
import { createTestDatabase, type TestDatabase } from './testing/test-database';
import { startTestMailbox, type TestMailbox } from './testing/test-mailbox';

const STARTUP_MS = 90_000;
const ORDERS = 40;

/** What the money looks like: every user account's balance, in a stable order. */
async function balances(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ line: string }>(
      `select user_id || ':' || book || ':' || kind || '=' || balance_cents as line from ledger_accounts
       where user_id is not null order by user_id, book, kind`,
    );
    return rows.rows.map((row) => row.line);
  } finally {
    await client.end();
  }
}

async function violationsIn(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await checkMoney(drizzle(client) as unknown as Executor);
  } finally {
    await client.end();
  }
}

describe('backup and restore on PostgreSQL', () => {
  let mailbox: TestMailbox;
  const databases: TestDatabase[] = [];
  const servers: ServerProcess[] = [];
  /** A new database: migrated (as a server's), or `isEmpty` (to restore into). */
  const database = async (isEmpty = false) => {
    const created = await createTestDatabase('postgres', { isEmpty });
    databases.push(created);
    return created.url ?? '';
  };
  const start = async (url: string) => {
    const server = await spawnServer({
      DATABASE_URL: url,
      SMTP_URL: mailbox.url,
      JWT_SECRET: 'b'.repeat(48),
      LOG_LEVEL: 'warn',
    });
    servers.push(server);
    await server.waitUntilHealthy(STARTUP_MS);
    return server;
  };

  beforeAll(async () => {
    mailbox = await startTestMailbox();
  });
  afterAll(async () => {
    await killServers(servers);
    await mailbox?.close();
    for (const created of databases) await created.drop();
  });

  it(
    'backs up under load a snapshot whose money adds up, and restores only into an empty, unused database',
    async () => {
      const source = await database();
      const server = await start(source);
      const user = await signUpOnProcess(server.url, mailbox);
      const files = mkdtempSync(join(tmpdir(), 'td-pgdump-'));
      const during = join(files, 'during.dump');
      const after = join(files, 'after.dump');

      // Orders open and close while the backup runs.
      const load = Promise.all(
        Array.from({ length: ORDERS }, (_, i) =>
          new Promise((r) => setTimeout(r, i * 25)).then(async () => {
            const placed = await callProcess<{ data: { id: string } }>(server.url, '/orders', {
              method: 'POST',
              token: user.token,
              body: {
                account: 'demo',
                symbol: 'BTC_USDT',
                side: i % 2 ? 'sell' : 'buy',
                type: 'market',
                amount: '20',
                leverage: 5,
              },
            });
            if (placed.status === 201 && i % 3 === 0)
              await callProcess(server.url, `/orders/${placed.body.data.id}/close`, {
                method: 'POST',
                token: user.token,
              });
          }),
        ),
      );
      await new Promise((r) => setTimeout(r, (ORDERS * 25) / 3));
      expect(backupCommand('backup', during, { DATABASE_URL: source })).toMatchObject({ status: 0 });
      await load;
      expect(backupCommand('backup', after, { DATABASE_URL: source })).toMatchObject({ status: 0 });

      // The snapshot taken under load is whole: the checker finds nothing.
      const snapshot = await database(true);
      expect(backupCommand('restore', during, { DATABASE_URL: snapshot })).toMatchObject({ status: 0 });
      expect(await violationsIn(snapshot)).toEqual([]);

      // The one taken after the load has the very balances of the source.
      const copy = await database(true);
      expect(backupCommand('restore', after, { DATABASE_URL: copy })).toMatchObject({ status: 0 });
      expect(await balances(copy)).toEqual(await balances(source));
      expect(await violationsIn(copy)).toEqual([]);

      // Never over a database in use or with tables.
      const inUse = backupCommand('restore', after, { DATABASE_URL: source });
      expect(inUse.status).toBe(1);
      expect(inUse.output).toMatch(/Refusing to restore: \d+ Trading Desk connection\(s\) are open/);
      const full = backupCommand('restore', after, { DATABASE_URL: copy });
      expect(full.status).toBe(1);
      expect(full.output).toContain('Refusing to restore into a database that has tables');
    },
    4 * STARTUP_MS,
  );
});
