import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMoney } from '../../testing/money-checker';
import { callProcess, placeOrderOnProcess, signUpOnProcess } from '../../testing/process-user';
import { killServers, type ServerProcess, spawnServer } from '../../testing/spawn-server';
import { usePostgresWorld } from '../../testing/use-postgres-world';
import type { Executor } from '../ledger/ledger';
import { rolloversBetween, swapCharge, swapRateUnits } from './rollover';

const STARTUP_MS = 90_000;
const TAKEOVER_MS = 20_000;
const FIRED_MS = 30_000;

type Roles = Record<string, string>;

/**
 * The market leader killed while stop orders, a stop-limit, a trailing stop, an expiring order and
 * a `cross` account below its stop-out level wait for it, and a rollover is due: the standby that
 * takes the market role over fires each of them once, charges the rollover's swap once, and nothing
 * the leader fired before it died fires again.
 *
 * Each trigger is made due in the database just before the kill, behind the leader's back (its
 * books still hold the old levels), so the standby must fire it as it loads the books; two stops
 * a hair from the price race the kill and fire on either process, or on neither.
 */
describe('the market role failing over with triggers waiting', () => {
  const world = usePostgresWorld();
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await killServers(servers);
  });

  const rolesOf = async (server: ServerProcess) =>
    ((await server.health())?.body as { data?: { roles?: Roles } } | undefined)?.data?.roles;

  it(
    'fires each stop, stop-limit, trailing stop, expiry and stop-out once across the kill',
    async () => {
      const env = {
        DATABASE_URL: world.database.url ?? '',
        SMTP_URL: world.mailbox.url,
        JWT_SECRET: 'f'.repeat(48),
        LOG_LEVEL: 'warn',
        ROLES: 'api,market',
      };
      // One first (it migrates the database), then its standby.
      const a = await spawnServer(env);
      servers.push(a);
      await a.waitUntil(async () => (await rolesOf(a))?.market === 'active', STARTUP_MS, 'the leader');
      const b = await spawnServer(env);
      servers.push(b);
      await b.waitUntil(async () => (await rolesOf(b))?.market === 'standby', STARTUP_MS, 'the standby');
      const [leader, standby] = [a, b];

      const client = new pg.Client({ connectionString: world.database.url });
      await client.connect();
      const query = async <T>(text: string, values: unknown[] = []) =>
        (await client.query(text, values)).rows as T[];
      try {
        const trader = await signUpOnProcess(leader.url, world.mailbox);
        const crossTrader = await signUpOnProcess(leader.url, world.mailbox);
        const place = async (token: string, order: Record<string, unknown>) => {
          const placed = await placeOrderOnProcess(leader.url, token, {
            account: 'demo',
            symbol: 'BTC_USDT',
            leverage: 10,
            ...order,
          });
          expect(placed.status, JSON.stringify(placed.body)).toBe(201);
          return placed.body.data.id;
        };
        /** The trader buys $100 (at 10×) with the order `body` describes. */
        const buy = (body: Record<string, unknown>) =>
          place(trader.token, { side: 'buy', amount: '100', ...body });
        // Fresh prices first: market orders wait for them on a process just started.
        const opened = await buy({ type: 'market' });
        const prices = await callProcess<{ data: Record<string, { price: string }> }>(
          leader.url,
          '/public/prices',
        );
        const mid = Number(prices.body.data['CRP:BTC_USDT']?.price);
        expect(mid).toBeGreaterThan(0);
        const at = (factor: number) => (mid * factor).toFixed(2);

        // Waiting far from the price, as the leader's books hold them.
        const stop = await buy({ type: 'stop', stopPrice: at(1.1) });
        const stopLimit = await buy({ type: 'stop_limit', stopPrice: at(1.1), price: at(1.12) });
        const trailing = await buy({ type: 'market', trailingStop: at(0.05) });
        const expiring = await buy({
          type: 'limit',
          price: at(0.9),
          timeInForce: 'gtd',
          expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
        });
        // $50,000 at 10× holds half of the $10,000 demo balance: a level near 200 %.
        const crossed = await place(crossTrader.token, { side: 'buy', type: 'market', amount: '50000' });
        // A hair from the price now: these race the kill. One the price has already passed is
        // refused (a buy stop must be above the ask), which is fine: the others still race.
        const now = await callProcess<{ data: Record<string, { price: string }> }>(
          leader.url,
          '/public/prices',
        );
        const last = Number(now.body.data['CRP:BTC_USDT']?.price);
        const racing: string[] = [];
        for (const [side, factor] of [
          ['buy', 1.0005],
          ['sell', 0.9995],
        ] as const) {
          const placed = await placeOrderOnProcess(leader.url, trader.token, {
            account: 'demo',
            symbol: 'BTC_USDT',
            leverage: 10,
            side,
            type: 'stop',
            amount: '100',
            stopPrice: (last * factor).toFixed(2),
          });
          if (placed.status === 201) racing.push(placed.body.data.id);
        }

        // Due now, in the database only: the stops' triggers below the ask, the trailing level above
        // the bid, the expiry past, and the cross trader in a group whose stop-out level (999 %)
        // every open account is below.
        await query('update orders set stop_price = stop_price / 2 where id = any($1::uuid[])', [
          [stop, stopLimit],
        ]);
        await query('update orders set stop_loss = price * 2 where id = $1', [trailing]);
        await query(`update orders set expires_at = now() - interval '1 second' where id = $1`, [expiring]);
        const [group] = await query<{ id: string }>(
          `insert into client_groups (name, margin_mode, margin_call_level, stop_out_level)
           values ('Failover cross', 'cross', 1000, 999) returning id`,
        );
        await query('update users set group_id = $1 where id = (select user_id from orders where id = $2)', [
          group?.id,
          crossed,
        ]);

        // A rollover due: the first position opened (and last charged) a day earlier, so the
        // rollover since is one the leader missed; the standby's swap job charges it as it starts.
        await query(
          `update orders set opened_at = opened_at - interval '1 day',
             swap_through = swap_through - interval '1 day' where id = $1`,
          [opened],
        );
        const [held] = await query<{ opened: Date; amount: string; rate: string }>(
          `select o.opened_at as opened, o.amount_cents::text as amount, p.swap_long::text as rate
           from orders o join pairs p on p.symbol = o.symbol where o.id = $1`,
          [opened],
        );
        if (!held) throw new Error('the first position is gone');
        // What every rollover since it opened charges, each once (the module's own arithmetic).
        const swapDue = () =>
          rolloversBetween('crp', held.opened.getTime(), Date.now()).reduce(
            (sum, rollover) =>
              sum + swapCharge('crp', BigInt(held.amount), swapRateUnits(held.rate), rollover.days),
            0n,
          );
        const swapOf = async () =>
          BigInt(
            (
              await query<{ swap: string }>('select swap::text as swap from orders where id = $1', [opened])
            )[0]?.swap ?? '0',
          );

        leader.child.kill('SIGKILL');
        await leader.exited;
        await standby.waitUntil(
          async () => (await rolesOf(standby))?.market === 'active',
          TAKEOVER_MS,
          'the standby to take the market role over',
        );

        type Row = { id: string; status: string; reason: string | null; close: string | null };
        const rowOf = async (id: string) =>
          (
            await query<Row>(
              'select id::text, status, reason, close_price::text as close from orders where id = $1',
              [id],
            )
          )[0];
        const due = [stop, stopLimit, trailing, expiring, crossed];
        const moves = async (id: string, kind: string) =>
          (
            await query<{ n: number }>(
              'select count(*)::int as n from ledger_transactions where ref_id = $1 and kind = $2',
              [id, kind],
            )
          )[0]?.n;
        const notices = async (id: string, kind: string) =>
          (
            await query<{ n: number }>(
              `select count(*)::int as n from notifications where payload->>'orderId' = $1 and kind = $2`,
              [id, kind],
            )
          )[0]?.n;
        const told: Array<[string, string]> = [
          [stop, 'order_filled'],
          [stopLimit, 'stop_triggered'],
          [stopLimit, 'order_filled'],
          [trailing, 'stop_loss'],
          [expiring, 'order_expired'],
          [crossed, 'stop_out'],
        ];
        const allTold = async () => {
          for (const [id, kind] of told) if (((await notices(id, kind)) ?? 0) === 0) return false;
          return true;
        };
        await standby.waitUntil(
          async () => {
            // One connection: one query at a time.
            const rows = [];
            for (const id of due) rows.push(await rowOf(id));
            const [stopped, limited, trailed, expired, stoppedOut] = rows;
            return (
              stopped?.status === 'act' &&
              limited?.status === 'act' &&
              trailed?.close != null &&
              expired?.status === 'cnl' &&
              stoppedOut?.close != null &&
              (await swapOf()) === swapDue() &&
              (await allTold())
            );
          },
          FIRED_MS,
          'every due trigger to fire',
        );

        expect(await rowOf(stop)).toMatchObject({ status: 'act' });
        expect(await rowOf(stopLimit)).toMatchObject({ status: 'act' });
        expect(await rowOf(trailing)).toMatchObject({ status: 'exc', reason: 'stop_loss' });
        expect(await rowOf(expiring)).toMatchObject({ status: 'cnl', reason: 'expired' });
        expect(await rowOf(crossed)).toMatchObject({ status: 'exc', reason: 'stop_out' });
        // The money of each moved once, each told once.
        expect(await moves(stop, 'fee')).toBe(1);
        expect(await notices(stop, 'order_filled')).toBe(1);
        expect(await notices(stopLimit, 'stop_triggered')).toBe(1);
        expect(await notices(stopLimit, 'order_filled')).toBe(1);
        expect(await moves(stopLimit, 'fee')).toBe(1);
        expect(await moves(trailing, 'close')).toBe(1);
        expect(await notices(trailing, 'stop_loss')).toBe(1);
        expect(await moves(expiring, 'release')).toBe(1);
        expect(await notices(expiring, 'order_expired')).toBe(1);
        expect(await moves(crossed, 'close')).toBe(1);
        expect(await notices(crossed, 'stop_out')).toBe(1);
        expect(swapDue()).not.toBe(0n);
        expect(await swapOf()).toBe(swapDue());
        // The racing stops: whichever process fired them, at most once (the checker counts).
        const violations = await checkMoney(drizzle(client) as unknown as Executor, {
          acknowledgedOrderIds: [opened, stop, stopLimit, trailing, expiring, crossed, ...racing],
        });
        expect(violations).toEqual([]);
      } finally {
        await client.end();
      }
    },
    2 * STARTUP_MS + TAKEOVER_MS + FIRED_MS + 30_000,
  );
});
