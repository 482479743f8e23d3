import { z } from 'zod';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import { createReadCache } from '../../platform/read-cache';
import type { PairRow, PairsRepository } from './pairs.repository';

/** Announced when an administrator changes a pair: every process drops its copy of it. */
/** A pair's settings changed (an administrator's edit): caches drop it. */
export const PAIRS_CHANGED_CHANNEL = defineChannel('pairs.changed', z.object({ symbol: z.string() }));

/** How long a cached pair may be trusted without hearing of a change (a lost bus message heals). */
const PAIR_CACHE_TTL_MS = 60_000;
/** Far above any catalogue: only a flood of unknown symbols in flight at once could reach it. */
const PAIRS_CACHED_MAX = 2_000;

/**
 * The pairs as the repository has them, each `find` answered from memory after the first: every
 * order reads its pair. A change announced on PAIRS_CHANGED_CHANNEL (by this process or another)
 * drops the pair, so an administrator's edit applies to the next order.
 */
export function cachedPairs(repo: PairsRepository, bus: Bus): PairsRepository & { close(): Promise<void> } {
  // Neither a failed read nor an unknown symbol is kept.
  const cache = createReadCache<string, PairRow | undefined>({
    ttlMs: PAIR_CACHE_TTL_MS,
    max: PAIRS_CACHED_MAX,
    keep: (row) => row !== undefined,
  });
  const offChanges = bus.subscribe(PAIRS_CHANGED_CHANNEL, ({ symbol }) => {
    cache.delete(symbol);
  });
  return {
    ...repo,
    find(symbol) {
      return cache.get(symbol, () => repo.find(symbol));
    },
    async close() {
      await (await offChanges)();
    },
  };
}
