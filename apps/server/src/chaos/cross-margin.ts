import pg from 'pg';
import type { Rng } from '../modules/market/rng';
import type { Cluster } from './cluster';
import type { PriceWatch } from './price-watch';
import { ADMIN_IP, asUser, type SimulatedUser } from './simulated-users';
import type { BalancedApi, Tally } from './traffic';

/**
 * The chaos run's `cross` accounts: a client group in `cross` mode (margin call at 105 %,
 * stop-out at 100 %, no opening fee), whose users hold nearly all their cash as the margin of one
 * position at the pair's highest leverage (a level of 101–103 %: called at once), so that the
 * price's wandering (about 0.1 % at 20×) takes them to the stop-out, again and again, while they
 * close and add margin themselves (racing it).
 */
export const CROSS_GROUP = { marginCallLevel: 105, stopOutLevel: 100 } as const;
const SYMBOLS = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT'] as const;

/** Creates the group and moves `users` into it; the group's id. */
export async function createCrossGroup(
  api: BalancedApi,
  adminToken: string,
  users: SimulatedUser[],
  seed: number,
): Promise<string> {
  const created = await api<{ data: { id: string } }>('/admin/groups', {
    method: 'POST',
    token: adminToken,
    ip: ADMIN_IP,
    body: {
      name: `Chaos cross ${seed}`,
      marginMode: 'cross',
      ...CROSS_GROUP,
      openingFeeRate: '0',
    },
  });
  if (created?.status !== 200 && created?.status !== 201)
    throw new Error(`cross group: ${created?.status} ${JSON.stringify(created?.body)}`);
  const groupId = created.body.data.id;
  for (const user of users) {
    const me = await asUser(api, user)<{ data: { id: string } }>('/profile', { token: user.token });
    const moved = await api(`/admin/users/${me?.body.data.id}/group`, {
      method: 'PUT',
      token: adminToken,
      ip: ADMIN_IP,
      body: { groupId },
    });
    if (moved?.status !== 200) throw new Error(`moving a user into the cross group: ${moved?.status}`);
  }
  return groupId;
}

type Balance = { marginUsed: string; freeMargin: string; marginLevel: string | null };
type OrderAnswer = { data: { id: string; status: string } };

/**
 * One `cross` user until `running()` turns false: with nothing open, a position whose margin is
 * 97–99 % of the free margin at the pair's highest leverage (a level of 101–103 %, a tenth of a
 * percent of price from the stop-out at 20×); with positions open, now and then a close or added margin, which
 * race the stop-out; otherwise it waits for the price.
 */
export async function actAsCrossUser(input: {
  user: SimulatedUser;
  api: BalancedApi;
  rng: Rng;
  tally: Tally;
  prices: PriceWatch;
  running: () => boolean;
  errors: string[];
}) {
  const { user, rng, tally, prices } = input;
  const api = asUser(input.api, user);
  const specOf = new Map<string, { leverage: number; maxAmount: number }>();
  let serial = 0;
  while (input.running()) {
    await new Promise((r) => setTimeout(r, 1_500 + rng.int(2_000)));
    try {
      const balance = await api<{ data: Balance }>('/portfolio?account=demo', { token: user.token });
      if (balance?.status !== 200) continue;
      const open = await api<{ data: { items: Array<{ id: string }> } }>(
        '/orders?account=demo&status=act&limit=100',
        { token: user.token },
      );
      const positions = open?.body.data.items ?? [];
      if (positions.length === 0 && Number(balance.body.data.marginUsed) === 0) {
        const symbol = SYMBOLS[rng.int(SYMBOLS.length)] as string;
        if (!prices.priceOf(symbol)) continue;
        let spec = specOf.get(symbol);
        if (spec === undefined) {
          const answer = await api<{ data: { maxLeverage: number; maxAmount: string } }>(
            `/pairs/${symbol}/spec`,
            { token: user.token },
          );
          if (answer?.status !== 200) continue;
          spec = {
            leverage: Math.min(500, answer.body.data.maxLeverage),
            maxAmount: Number(answer.body.data.maxAmount),
          };
          specOf.set(symbol, spec);
        }
        const { leverage } = spec;
        const margin = Math.min(
          Math.floor((Number(balance.body.data.freeMargin) * 100) / (101 + rng.next() * 2)),
          Math.floor(spec.maxAmount / leverage),
        );
        if (margin < 1) continue;
        serial += 1;
        const placed = await api<OrderAnswer>('/orders', {
          method: 'POST',
          token: user.token,
          body: {
            account: 'demo',
            symbol,
            side: rng.next() < 0.5 ? 'buy' : 'sell',
            type: 'market',
            amount: String(margin * leverage),
            leverage,
            clientOrderId: `${user.ip}-cross-${serial}`,
          },
        });
        if (placed && (placed.status === 201 || placed.status === 200) && placed.body?.data?.id)
          tally.acknowledgedOrderIds.add(placed.body.data.id);
        continue;
      }
      // Margin in use and no position listed: a close or a stop-out in between; ask again later.
      if (positions.length === 0) continue;
      const position = positions[rng.int(positions.length)];
      if (!position) continue;
      const roll = rng.next();
      if (roll < 0.08) await api(`/orders/${position.id}/close`, { method: 'POST', token: user.token });
      else if (roll < 0.16)
        await api(`/orders/${position.id}/margin`, {
          method: 'POST',
          token: user.token,
          body: { amount: '10' },
        });
    } catch (error) {
      input.errors.push(`${user.email} (cross): ${(error as Error).message}`);
    }
  }
}

/**
 * A rollover in the middle of the run, without waiting for the real one: every open position's
 * opening (and last charged rollover) moves a day back, so the last rollover falls within it,
 * and the process leading the market role is killed, so the one taking it over charges that
 * rollover as a missed one at its start (the swap job's catch-up), once per position. PostgreSQL
 * runs only: the embedded database is its process's alone. Answers how many positions it moved.
 */
export async function rolloverNow(
  databaseUrl: string,
  cluster: Cluster,
  say: (line: string) => void,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let moved = 0;
  try {
    const result = await client.query(
      `update orders set opened_at = opened_at - interval '1 day',
         swap_through = swap_through - interval '1 day' where status = 'act'`,
    );
    moved = result.rowCount ?? 0;
  } finally {
    await client.end();
  }
  for (const member of cluster.byRole('market')) {
    const health = await member.current?.health();
    const roles = (health?.body as { data?: { roles?: Record<string, string> } } | undefined)?.data?.roles;
    if (roles?.market !== 'active') continue;
    say(`rollover: ${moved} open positions a day older; SIGKILL ${member.name}, which leads the market role`);
    await cluster.kill(member);
    await new Promise((r) => setTimeout(r, 2_000));
    await cluster.restart(member);
    return moved;
  }
  say(`rollover: ${moved} open positions a day older; no process led the market role`);
  return moved;
}
