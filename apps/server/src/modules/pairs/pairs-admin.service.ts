// The back-office's work on trading pairs: the list, and changes to a pair's status, spread,
// leverage, swaps and net-exposure limit, each audited and announced on the bus so every
// process's cached pairs drop the old values.
import type { TAdminPair } from '@td/contracts/admin';
import { formatScaled, parseScaled } from '@td/contracts/decimal';
import type { Bus } from '../../platform/bus/bus';
import { notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { AuditActor, AuditLog } from '../admin/audit';
import type { PricePolicy } from '../market/price-sources';
import { PAIRS_CHANGED_CHANNEL } from './pair-cache';
import type { PairRow, PairsRepository } from './pairs.repository';
import { toPairDto } from './pairs.service';

const toAdminPair = (row: PairRow, prices: PricePolicy): TAdminPair => {
  const {
    favorite: _f,
    marketOpen: _o,
    marketClosedReason: _r,
    marketOpensAt: _a,
    ...pair
  } = toPairDto(row, false, prices);
  return {
    ...pair,
    spreadPpm: row.spreadPpm,
    maxNetExposure: row.maxNetExposureCents === null ? null : formatScaled(row.maxNetExposureCents, 2),
  };
};

/** What an administrator may change of a pair, as the audit log keeps it. */
const auditPair = (row: PairRow) => ({
  status: row.status,
  spreadPpm: row.spreadPpm,
  maxLeverage: row.maxLeverage,
  swapLong: row.swapLong,
  swapShort: row.swapShort,
  maxNetExposureCents: row.maxNetExposureCents?.toString() ?? null,
});

/** The back-office's operations on pairs: the list, and a pair's status, spread and leverage (audited). */
export function createPairsAdmin(deps: {
  pairs: PairsRepository;
  audit: AuditLog;
  /** Pair changes are announced on it, so every process's cached pairs drop the old values. */
  bus: Bus;
  logger: Logger;
  prices: PricePolicy;
}) {
  return {
    async list(): Promise<TAdminPair[]> {
      return (await deps.pairs.all()).map((row) => toAdminPair(row, deps.prices));
    },

    async update(
      actor: AuditActor,
      symbol: string,
      input: {
        status?: 'act' | 'dis' | undefined;
        spreadPpm?: number | undefined;
        maxLeverage?: number | undefined;
        swapLong?: string | undefined;
        swapShort?: string | undefined;
        /** USD; null removes the limit. */
        maxNetExposure?: string | null | undefined;
      },
    ): Promise<TAdminPair> {
      const before = await deps.pairs.find(symbol.toUpperCase());
      if (!before) throw notFound(`There is no pair ${symbol}`);
      const { maxNetExposure, ...rest } = input;
      const values: Record<string, unknown> = Object.fromEntries(
        Object.entries(rest).filter(([, value]) => value !== undefined),
      );
      if (maxNetExposure !== undefined)
        values.maxNetExposureCents = maxNetExposure === null ? null : parseScaled(maxNetExposure, 2);
      const after = Object.keys(values).length > 0 ? await deps.pairs.update(before.symbol, values) : before;
      if (!after) throw notFound(`There is no pair ${symbol}`);
      // Stored already: a lost announcement only delays the change until the caches expire.
      await deps.bus
        .publish(PAIRS_CHANGED_CHANNEL, { symbol: after.symbol })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'announcing a pair change failed'));
      await deps.audit.record(actor, {
        action: 'pair.update',
        targetType: 'pair',
        targetId: before.symbol,
        before: auditPair(before),
        after: auditPair(after),
      });
      return toAdminPair(after, deps.prices);
    },
  };
}
export type PairsAdmin = ReturnType<typeof createPairsAdmin>;
