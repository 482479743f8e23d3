import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from './modules/ledger/ledger';
import { openDatabase } from './platform/db/client';
import { backupCommand } from './testing/backup-command';
import { migratedDataDir } from './testing/migrated-data-dir';
import { checkMoney } from './testing/money-checker';
import { callProcess, placeOrderOnProcess, signUpOnProcess } from './testing/process-user';
import { killServers, type ServerProcess, spawnServer } from './testing/spawn-server';
import { MIGRATIONS_DIR } from './testing/test-database';
import { startTestMailbox, type TestMailbox } from './testing/test-mailbox';

const STARTUP_MS = 90_000;

describe('backup and restore of the embedded database', () => {
  let mailbox: TestMailbox;
  const servers: ServerProcess[] = [];
  const start = async (dataDir: string) => {
    const server = await spawnServer({ DATA_DIR: dataDir, SMTP_URL: mailbox.url, LOG_LEVEL: 'warn' });
    servers.push(server);
    await server.waitUntilHealthy(STARTUP_MS);
    return server;
  };
  const stop = async (server: ServerProcess) => {
    server.child.kill('SIGTERM');
    await server.exited;
  };

  beforeAll(async () => {
    mailbox = await startTestMailbox();
  });
  afterAll(async () => {
    await killServers(servers);
    await mailbox?.close();
  });

  it(
    'backs up a stopped server’s data and restores it into a new directory, refusing while a server runs',
    async () => {
      // A database that exists already (not a first start): the backup is of a server's own data.
      const original = await migratedDataDir();
      const copy = mkdtempSync(join(tmpdir(), 'td-restore-'));
      const file = join(mkdtempSync(join(tmpdir(), 'td-file-')), 'desk.tar.gz');
      const first = await start(original);
      const user = await signUpOnProcess(first.url, mailbox);
      const order = await placeOrderOnProcess<{ data: { status: string } }>(first.url, user.token, {
        account: 'demo',
        symbol: 'EUR_USD',
        side: 'buy',
        type: 'limit',
        price: '0.5',
        amount: '100',
        leverage: 5,
      });
      expect(order.status).toBe(201);
      // Some trading before the backup: positions opened, some closed, one half-closed.
      const acknowledged: string[] = [];
      for (let i = 0; i < 6; i++) {
        const placed = await placeOrderOnProcess(first.url, user.token, {
          account: 'demo',
          symbol: 'BTC_USDT',
          side: i % 2 ? 'sell' : 'buy',
          type: 'market',
          amount: '200',
          leverage: 5,
        });
        expect(placed.status).toBe(201);
        acknowledged.push(placed.body.data.id);
      }
      for (const id of acknowledged.slice(0, 3))
        await callProcess(first.url, `/orders/${id}/close`, { method: 'POST', token: user.token });
      await callProcess(first.url, `/orders/${acknowledged[3]}/partial-close`, {
        method: 'POST',
        token: user.token,
        body: { amount: '100' },
      });
      // The account's money and positions; what open positions are worth moves with the price.
      const portfolio = async (url: string, token: string) => {
        const { data } = (
          await callProcess<{
            data: {
              balance: string;
              marginUsed: string;
              realizedPnl: string;
              positions: Array<{ id: string }>;
            };
          }>(url, '/portfolio?account=demo', { token })
        ).body;
        return {
          balance: data.balance,
          marginUsed: data.marginUsed,
          realizedPnl: data.realizedPnl,
          positions: data.positions.map((position) => position.id).sort(),
        };
      };
      const before = await portfolio(first.url, user.token);

      const refused = backupCommand('backup', file, { DATA_DIR: original });
      expect(refused.status).toBe(1);
      expect(refused.output).toContain('Refusing to back up: a Trading Desk server is running');
      await stop(first);

      expect(backupCommand('backup', file, { DATA_DIR: original })).toMatchObject({ status: 0 });
      expect(existsSync(file)).toBe(true);
      expect(backupCommand('restore', file, { DATA_DIR: copy })).toMatchObject({ status: 0 });
      const again = backupCommand('restore', file, { DATA_DIR: copy });
      expect(again.status).toBe(1);
      expect(again.output).toContain('it is not empty');

      // The restored directory is the same desk: the same secrets (the session still signs in),
      // the same account and money.
      const second = await start(copy);
      const signin = await callProcess<{ data: { token: string } }>(second.url, '/auth/signin', {
        method: 'POST',
        body: { email: user.email, password: user.password },
      });
      expect(signin.status).toBe(200);
      expect(await portfolio(second.url, user.token)).toEqual(before);
      const running = backupCommand('restore', file, { DATA_DIR: copy });
      expect(running.status).toBe(1);
      expect(running.output).toContain('Refusing to restore: a Trading Desk server is running');

      // The restored money adds up, every acknowledged order included.
      await stop(second);
      const restored = await openDatabase(
        { kind: 'pglite', dir: join(copy, 'db') },
        { migrationsDir: MIGRATIONS_DIR, logger: pino({ level: 'silent' }) },
      );
      try {
        expect(
          await checkMoney(restored.db as unknown as Executor, { acknowledgedOrderIds: acknowledged }),
        ).toEqual([]);
      } finally {
        await restored.close();
      }
    },
    4 * STARTUP_MS,
  );
});
