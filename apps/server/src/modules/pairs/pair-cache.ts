import { z } from 'zod';
import { BoundedMap } from '../../platform/bounded';
import { type Bus, defineChannel } from '../../platform/bus/bus';
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
  const cache = new BoundedMap<string, { row: Promise<PairRow | undefined>; atMs: number }>(PAIRS_CACHED_MAX);
  const offChanges = bus.subscribe(PAIRS_CHANGED_CHANNEL, ({ symbol }) => {
    cache.delete(symbol);
  });
  return {
    ...repo,
    find(symbol) {
      const hit = cache.get(symbol);
      if (hit && Date.now() - hit.atMs < PAIR_CACHE_TTL_MS) return hit.row;
      const row = repo.find(symbol);
      cache.set(symbol, { row, atMs: Date.now() });
      // Neither a failed read nor an unknown symbol is remembered.
      row.then((found) => found ?? cache.delete(symbol)).catch(() => cache.delete(symbol));
      return row;
    },
    async close() {
      await (await offChanges)();
    },
  };
}
