// The overnight swap job of the `market` role: after each rollover, charges or pays every position
// held through it its pair's swap rate (nothing for swap-free groups), one conditional statement
// per position so each rollover is charged once. At start it catches up on missed rollovers.
import { type TPairType, ZPairType } from '@td/contracts/statuses';
import type { TSide } from '@td/contracts/trading-math';
import type { DatabaseHandle } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { repeatRuns } from '../../platform/repeat';
import { DAY_MS } from '../../platform/time-units';
import { nextRollover, type Rollover, rolloversBetween, swapChargeSql, swapRateUnits } from './rollover';

const PAIR_TYPES = ZPairType.options;
/** Rollovers missed while the role was down are charged back this far, no further. */
export const CATCH_UP_MS = 30 * DAY_MS;
/** The job runs this long after each rollover (the clock of another process may be behind). */
const AFTER_ROLLOVER_MS = 1_000;
/** And at least this often, whatever the schedule says (a clock that jumped, a missed timer). */
const RUN_EVERY_MAX_MS = 60 * 60_000;

/**
 * Adds one rollover's swap to one position, computed from the position as the statement finds it
 * (the amount a partial close committed first left), and marks the rollover charged: a position
 * already charged for it, opened after it, or closed is left alone, so a second run, or a second
 * job, charges nothing.
 */
const CHARGE = `
  update orders set
    swap = swap + floor(amount_cents::numeric * $2::numeric * $3::numeric / $4::numeric)::bigint,
    swap_through = $5::timestamptz
  where id = $1::uuid and status = 'act' and opened_at < $5::timestamptz
    and (swap_through is null or swap_through < $5::timestamptz)
  returning id`;

/** The open positions of a pair type not yet charged for a rollover, with their pair's rates. */
const DUE = `
  select o.id, o.user_id, o.side, p.swap_long::text as swap_long, p.swap_short::text as swap_short
  from orders o join pairs p on p.symbol = o.symbol
  where o.status = 'act' and p.pair_type = $1 and o.opened_at < $2::timestamptz
    and (o.swap_through is null or o.swap_through < $2::timestamptz)`;

/** The oldest instant an open position of a pair type was last charged through (or opened at). */
const OLDEST = `
  select (extract(epoch from min(coalesce(o.swap_through, o.opened_at))) * 1000)::float8 as ms
  from orders o join pairs p on p.symbol = o.symbol
  where o.status = 'act' and p.pair_type = $1`;

/**
 * Overnight swaps: at each rollover (rollover.ts) every position open through it is charged (or
 * paid) its pair's swap, one conditional statement per position, so each rollover is charged once
 * per position however many times the job runs. At start it charges the rollovers missed while
 * the role was down, oldest first. Runs in the `market` role.
 */
export function createSwapJob(deps: {
  db: DatabaseHandle;
  logger: Logger;
  /** Users whose client group is swap-free: their positions are marked charged with nothing. */
  swapFreeUserIds?: () => Promise<Set<string>>;
}) {
  const swapFree = deps.swapFreeUserIds ?? (async () => new Set<string>());

  /** Charges one rollover of a pair type; answers how many positions it charged. */
  const chargeRollover = async (pairType: TPairType, rollover: Rollover, free: Set<string>) => {
    const at = new Date(rollover.atMs).toISOString();
    const due = await deps.db.query<{
      id: string;
      user_id: string;
      side: TSide;
      swap_long: string;
      swap_short: string;
    }>(DUE, [pairType, at]);
    const { divisor } = swapChargeSql(pairType);
    let charged = 0;
    for (const position of due) {
      const rate = free.has(position.user_id)
        ? 0n
        : swapRateUnits(position.side === 'buy' ? position.swap_long : position.swap_short);
      const rows = await deps.db.query(CHARGE, [
        position.id,
        rate.toString(),
        String(rollover.days),
        divisor,
        at,
      ]);
      charged += rows.length;
    }
    return charged;
  };

  /** Charges every rollover up to `nowMs` that an open position was open through and not charged for. */
  const chargeDue = async (nowMs = Date.now()): Promise<number> => {
    const free = await swapFree();
    let charged = 0;
    for (const pairType of PAIR_TYPES) {
      const [oldest] = await deps.db.query<{ ms: number | null }>(OLDEST, [pairType]);
      if (oldest?.ms === null || oldest?.ms === undefined) continue;
      const fromMs = Math.max(Number(oldest.ms), nowMs - CATCH_UP_MS);
      for (const rollover of rolloversBetween(pairType, fromMs, nowMs))
        charged += await chargeRollover(pairType, rollover, free);
    }
    return charged;
  };

  return {
    chargeDue,
    /** Runs at start (the catch-up), then after each rollover, until stopped. */
    async start(): Promise<() => Promise<void>> {
      return repeatRuns({
        name: 'swaps',
        run: async () => {
          const count = await chargeDue();
          if (count > 0) deps.logger.info({ count }, 'swaps charged');
        },
        logger: deps.logger,
        failure: 'charging swaps failed',
        nextDelayMs: () => {
          const nowMs = Date.now();
          const next = Math.min(...PAIR_TYPES.map((pairType) => nextRollover(pairType, nowMs).atMs));
          return Math.min(Math.max(0, next - nowMs) + AFTER_ROLLOVER_MS, RUN_EVERY_MAX_MS);
        },
      });
    },
  };
}
