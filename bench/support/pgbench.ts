import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, type buildTestApp, randomIp, TEST_POSTGRES_URL, type TestUser } from '@td/server/testing';
import Fastify from 'fastify';
import pg from 'pg';
import { endedChildrenCpuMs, postgresCpuMs } from './cpu';

/** The `-h -p -U` arguments of pgbench and the PostgreSQL tools for a server's URL. */
function connectionArgs(url: URL): string[] {
  return ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username) || 'postgres'];
}

/** Runs pgbench with `clients` clients for `seconds` on `database`: its output. */
function runPgbench(server: string[], clients: number, seconds: number, extra: string[], database: string) {
  return execFileSync('pgbench', [
    ...server,
    ...extra,
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(seconds),
    database,
  ]).toString();
}

/** The transactions a second pgbench reports, NaN if it reports none. */
function tpsOf(out: string): number {
  const match = /tps = ([\d.]+)/.exec(out);
  return match ? Number(match[1]) : Number.NaN;
}

/** pgbench's built-in TPC-B-like transaction rate on the same server, in the same run. */
export function pgbenchTps(seconds: number, clients: number): number {
  const name = `bench_${Date.now().toString(36)}`;
  const args = connectionArgs(new URL(TEST_POSTGRES_URL));
  execFileSync('createdb', [...args, name]);
  try {
    execFileSync('pgbench', [...args, '-i', '-q', '-s', '1', name], { stdio: 'ignore' });
    return tpsOf(runPgbench(args, clients, seconds, [], name));
  } finally {
    execFileSync('dropdb', [...args, '--if-exists', name]);
  }
}

/** A parameter as an SQL literal: the statement pgbench runs is the product's, with its values in. */
function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** The placing statement as the server sent it for one order, and the server's answer to it. */
export interface PlacingStatement {
  text: string;
  params: unknown[];
  /** The values in `params` that belong to that one order and user. */
  orderId: string;
  userId: string;
  answer: string;
  url: string;
}

/**
 * A bare Fastify server doing only what the database needs for an order: `POST /orders` parses
 * the JSON body and runs the product's placing statement (prepared, a pool of the product's
 * size) for the user named by the `authorization` header, with a fresh order id, the body's side
 * and client order id, and answers the product's own answer with the new id. No sign-in, no
 * checks, no hooks, no bus: the most Node, Fastify and pg take on this machine for the same
 * statement, the floor under the product's rate.
 */
export async function bareStatementServer(
  placing: PlacingStatement,
): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: placing.url, max: 20 });
  const app = Fastify();
  const [before, after] = placing.answer.split(placing.orderId);
  app.post('/orders', async (request, reply) => {
    const body = request.body as { side: string; clientOrderId: string };
    const orderId = randomUUID();
    const values = placing.params.map((value) => {
      if (value === placing.orderId) return orderId;
      if (value === placing.userId) return request.headers.authorization;
      if (value === 'pgbench-capture') return body.clientOrderId;
      if (value === 'buy') return body.side;
      return value;
    });
    await pool.query({ name: 'bare_placing', text: placing.text, values });
    return reply.code(201).type('application/json; charset=utf-8').send(`${before}${orderId}${after}`);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

export async function placingStatementTps(
  t: Awaited<ReturnType<typeof buildTestApp>>,
  users: TestUser[],
  base: string,
  seconds: number,
  postmaster: number,
  /** How many pgbench clients, each on the account of one of the first `clients` users. */
  clients: number,
): Promise<{ tps: number; postgresMs: number; pgbenchMs: number; placing: PlacingStatement }> {
  const handle = t.deps.db;
  const url = handle.url;
  if (!url) throw new Error('the placing statement needs a PostgreSQL server');
  const placeOrder = (user: TestUser, clientOrderId: string) =>
    fetch(`${base}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(user.token), 'x-forwarded-for': randomIp() },
      body: JSON.stringify({
        account: 'demo',
        symbol: 'BTC_USDT',
        side: 'buy',
        type: 'market',
        amount: '10',
        leverage: 1,
        clientOrderId,
      }),
    });
  // A user's first order opens their accounts (the statement needs them), as in the product's run.
  for (const user of users) {
    const opened = await placeOrder(user, 'pgbench-open');
    if (opened.status !== 201) throw new Error(`opening an account: ${opened.status} ${await opened.text()}`);
  }
  const original = handle.query.bind(handle);
  let captured: { text: string; params: unknown[] } | undefined;
  handle.query = (async (text: string, params: unknown[], name?: string) => {
    if (!captured && text.includes('insert into orders') && text.includes('with posting'))
      captured = { text, params: [...params] };
    return original(text, params, name);
  }) as typeof handle.query;
  const [first] = users;
  if (!first) throw new Error('the placing statement needs a user');
  let placed: { id: string; clientOrderId: string | null } | undefined;
  let answerText = '';
  try {
    const answer = await placeOrder(first, 'pgbench-capture');
    answerText = await answer.text();
    placed = (JSON.parse(answerText) as { data: { id: string; clientOrderId: string | null } }).data;
  } finally {
    handle.query = original;
  }
  if (!captured || !placed) throw new Error('the placing statement was not seen');
  const statement = captured;
  const orderId = placed.id;
  const dir = mkdtempSync(join(tmpdir(), 'td-pgbench-'));
  try {
    const branches = users.slice(0, clients).map((user, index) => {
      const sql = statement.text.replace(/\$(\d+)/g, (_, position: string) => {
        const value = statement.params[Number(position) - 1];
        if (value === orderId) return 'gen_random_uuid()';
        if (value === 'pgbench-capture') return "'pgbench-' || gen_random_uuid()";
        if (value === first.id) return sqlLiteral(user.id);
        return sqlLiteral(value);
      });
      return `${index === 0 ? '\\if' : '\\elif'} :client_id = ${index}\n${sql.replace(/\s+/g, ' ').trim()};\n`;
    });
    const script = join(dir, 'placing.sql');
    writeFileSync(script, `${branches.join('')}\\endif\n`);
    const target = new URL(url);
    const postgresBefore = postgresCpuMs(postmaster);
    const pgbenchBefore = endedChildrenCpuMs();
    const out = runPgbench(
      connectionArgs(target),
      clients,
      seconds,
      ['-n', '-M', 'prepared', '-f', script],
      target.pathname.slice(1),
    );
    const transactions = /number of transactions actually processed: (\d+)/.exec(out);
    const count = transactions ? Number(transactions[1]) : Number.NaN;
    return {
      tps: tpsOf(out),
      postgresMs: (postgresCpuMs(postmaster) - postgresBefore) / count,
      pgbenchMs: (endedChildrenCpuMs() - pgbenchBefore) / count,
      placing: { ...statement, orderId, userId: first.id, answer: answerText, url },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
