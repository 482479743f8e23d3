import { formatScaled } from '@td/contracts/decimal';
import { type TExposureLimitEvent, ZExposureLimitEvent } from '@td/contracts/risk';
import { mayDo } from '@td/contracts/staff';
import { ORDER_CODE, ROLES } from '@td/contracts/statuses';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BoundedMap } from '../../platform/bounded';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import type { Database, Tx } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { users } from '../auth/auth.schema';
import type { Notify } from '../notifications/notifications.service';
import { pairs } from '../pairs/pairs.schema';
import { orders } from '../trading/orders.schema';
import type { QuoteSource } from '../trading/quotes';
import { exceedsLimit, exposureByPair } from './exposure';

/** A Real order refused for its pair's exposure limit, for the staff on the stream's `admin:risk`. */
export const EXPOSURE_LIMIT_CHANNEL = defineChannel('risk.exposure-limit', ZExposureLimitEvent);

/**
 * The Real clients' net exposure of a pair at the current quote, read with the pair's exposure
 * lock held: every Real order of the pair that would open now waits on that lock until the one
 * before it committed, so the net it reads includes every position opened before it.
 */
export async function lockedRealNet(tx: Tx, symbol: string, quotes: QuoteSource): Promise<bigint> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`exposure:${symbol}`}))`);
  const positions = await tx
    .select({
      symbol: orders.symbol,
      side: orders.side,
      amountCents: orders.amountCents,
      price: orders.price,
      swapCents: orders.swapCents,
    })
    .from(orders)
    .where(and(eq(orders.symbol, symbol), eq(orders.book, 'real'), eq(orders.status, ORDER_CODE.active)));
  return exposureByPair(positions, (of) => quotes.quote(of)).get(symbol)?.netCents ?? 0n;
}

/** What placing tells of a refusal; the alert adds the rest. */
export type ExposureRefusal = Omit<TExposureLimitEvent, 'at'>;

/**
 * A pending Real order about to open (its limit or stop reached): the refusal its pair's exposure
 * limit gives it, read with the pair's lock held until the caller's transaction ends, or undefined
 * when it may open. A pending order is checked when it opens, as a market order is when placed.
 */
export type ExposureAtFill = (
  tx: Tx,
  order: {
    id: string;
    userId: string;
    book: string;
    symbol: string;
    side: 'buy' | 'sell';
    amountCents: bigint;
  },
) => Promise<ExposureRefusal | undefined>;

export function exposureAtFill(quotes: QuoteSource): ExposureAtFill {
  return async (tx, order) => {
    if (order.book !== 'real') return undefined;
    // Read in the fill's own transaction (the embedded database runs nothing beside it).
    const [pair] = await tx
      .select({ limitCents: pairs.maxNetExposureCents })
      .from(pairs)
      .where(eq(pairs.symbol, order.symbol))
      .limit(1);
    const limitCents = pair?.limitCents ?? null;
    if (limitCents === null) return undefined;
    const net = await lockedRealNet(tx, order.symbol, quotes);
    if (!exceedsLimit(net, order.side, order.amountCents, limitCents)) return undefined;
    return {
      symbol: order.symbol,
      side: order.side,
      amount: formatScaled(order.amountCents, 2),
      net: formatScaled(net, 2),
      maxNetExposure: formatScaled(limitCents, 2),
      orderId: order.id,
      userId: order.userId,
    };
  };
}

/** Staff are notified of a pair's refusals at most this often (the stream shows every one). */
const NOTIFY_EVERY_MS = 5 * 60_000;
const PAIRS_REMEMBERED_MAX = 10_000;

/**
 * The dealer's alert when a Real order is refused for its pair's exposure limit: an `exposureLimit`
 * event on the stream's `admin:risk` channel each time, and a notification to every member of
 * staff whose role holds `risk`, at most once per pair every few minutes.
 */
export function createExposureAlerts(deps: { db: Database; bus: Bus; notify: Notify; logger: Logger }) {
  const notifiedAtMs = new BoundedMap<string, number>(PAIRS_REMEMBERED_MAX);
  const riskRoles = ROLES.filter((role) => mayDo(role, 'risk'));
  const staff = async () =>
    deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, riskRoles), isNull(users.deletedAt)));

  const alert = async (refusal: ExposureRefusal) => {
    const event: TExposureLimitEvent = { ...refusal, at: new Date().toISOString() };
    await deps.bus.publish(EXPOSURE_LIMIT_CHANNEL, event);
    const nowMs = Date.now();
    const last = notifiedAtMs.get(event.symbol);
    if (last !== undefined && nowMs - last < NOTIFY_EVERY_MS) return;
    notifiedAtMs.set(event.symbol, nowMs);
    const message = `${event.symbol}: an order of ${event.amount} USD was refused, net exposure ${event.net} USD against a limit of ${event.maxNetExposure} USD`;
    for (const member of await staff()) {
      await deps.notify(member.id, 'exposure_limit', {
        message,
        symbol: event.symbol,
        net: event.net,
        maxNetExposure: event.maxNetExposure,
      });
    }
  };

  return (refusal: ExposureRefusal): void => {
    alert(refusal).catch((error: unknown) => deps.logger.warn({ err: error }, 'an exposure alert failed'));
  };
}
export type ExposureAlert = ReturnType<typeof createExposureAlerts>;

export const usdText = (cents: bigint) => formatScaled(cents, 2);

/**
 * What a process that fills pending orders (the market role) needs to hold them to their pair's
 * exposure limit: the check made as each opens, and the dealer's alert of a refusal.
 */
export function fillExposureGuard(deps: {
  db: Database;
  bus: Bus;
  notify: Notify;
  logger: Logger;
  quotes: QuoteSource;
}) {
  return {
    exposureAtFill: exposureAtFill(deps.quotes),
    onExposureLimit: createExposureAlerts(deps),
  };
}
