import { randomBytes } from 'node:crypto';
import { createSwapJob } from '@td/server/testing';
import pg from 'pg';

/** The PostgreSQL server of this machine and CI (trust auth). */
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TPostgresDatabase {
  url: string;
  /** Credits a user's real account as a confirmed deposit would (the chain watcher's job). */
  fundReal(email: string, cents: bigint): Promise<void>;
  /** Ends the time of every withdrawal quote of a user still waiting, as if a minute had passed; how many. */
  expireWithdrawalQuotes(email: string): Promise<number>;
  /** Takes a user's password away, as an account made by Google sign-in has none. */
  clearPassword(email: string): Promise<void>;
  /** Writes past days' equity of a user's book, as the daily snapshots would have (UTC midnights, cents). */
  addEquitySnapshots(
    email: string,
    book: 'demo' | 'real',
    days: ReadonlyArray<{ dayMs: number; cents: bigint }>,
  ): Promise<void>;
  /**
   * Ages a user's open positions by `days` (as if opened then) and runs the server's swap job, which
   * charges the rollovers they were open through; how many charges it made.
   */
  chargeSwapsSince(email: string, days: number): Promise<number>;
  drop(): Promise<void>;
}

/** Runs `use` on a new connection to `connectionString`, closed again however `use` ends. */
async function withClient<T>(connectionString: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for a journey that needs money on a real account before deposits can be made in
 * the browser: the server migrates it at start, and the test credits users through the ledger's
 * own tables, entries and balance together, as a deposit is booked.
 */
export async function createPostgresDatabase(): Promise<TPostgresDatabase> {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  await withClient(POSTGRES_URL, async (admin) => {
    await admin.query(`create database ${name}`);
  });
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    fundReal(email, cents) {
      return withClient(url.toString(), async (client) => {
        try {
          await client.query('begin');
          const account = async (userId: string | null, book: string, kind: string, change: bigint) => {
            const found = await client.query<{ id: string }>(
              `select id from ledger_accounts where user_id is not distinct from $1 and book = $2 and kind = $3`,
              [userId, book, kind],
            );
            const id =
              found.rows[0]?.id ??
              (
                await client.query<{ id: string }>(
                  `insert into ledger_accounts (user_id, book, kind) values ($1, $2, $3) returning id`,
                  [userId, book, kind],
                )
              ).rows[0]?.id;
            // The house keeps no running balance (its balance is the sum of its entries).
            if (userId !== null)
              await client.query(
                'update ledger_accounts set balance_cents = balance_cents + $1 where id = $2',
                [change.toString(), id],
              );
            return id;
          };
          const user = await client.query<{ id: string }>('select id from users where email = $1', [email]);
          const userId = user.rows[0]?.id;
          if (!userId) throw new Error(`no user ${email}`);
          const cashId = await account(userId, 'real', 'cash', cents);
          const houseId = await account(null, 'house', 'deposits', -cents);
          const tx = await client.query<{ id: string }>(
            `insert into ledger_transactions (kind, ref_type) values ('deposit', 'e2e') returning id`,
          );
          await client.query(
            'insert into ledger_entries (transaction_id, account_id, amount_cents) values ($1, $2, $3), ($1, $4, $5)',
            [tx.rows[0]?.id, cashId, cents.toString(), houseId, (-cents).toString()],
          );
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
      });
    },
    expireWithdrawalQuotes(email) {
      return withClient(url.toString(), async (client) => {
        const result = await client.query(
          `update wallet_transactions set quote_expires_at = now() - interval '1 second'
           where kind = 'withdrawal' and status = 'pnd' and quote_expires_at > now()
             and user_id = (select id from users where email = $1)`,
          [email],
        );
        return result.rowCount ?? 0;
      });
    },
    clearPassword(email) {
      return withClient(url.toString(), async (client) => {
        await client.query('update users set password_hash = null where email = $1', [email]);
      });
    },
    addEquitySnapshots(email, book, days) {
      return withClient(url.toString(), async (client) => {
        for (const day of days)
          await client.query(
            `insert into equity_snapshots (user_id, book, day_ms, equity_cents)
             select id, $2, $3, $4 from users where email = $1`,
            [email, book, day.dayMs, day.cents.toString()],
          );
      });
    },
    chargeSwapsSince(email, days) {
      return withClient(url.toString(), async (client) => {
        await client.query(
          `update orders set opened_at = opened_at - make_interval(days => $2)
           where status = 'act' and user_id = (select id from users where email = $1)`,
          [email, days],
        );
        const quiet = { info() {}, error() {} };
        const job = createSwapJob({
          db: { query: async (text: string, params: unknown[]) => (await client.query(text, params)).rows },
          logger: quiet,
        } as unknown as Parameters<typeof createSwapJob>[0]);
        return await job.chargeDue();
      });
    },
    drop() {
      return withClient(POSTGRES_URL, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}
