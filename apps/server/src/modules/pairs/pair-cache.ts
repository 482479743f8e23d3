import { z } from 'zod';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import type { PairRow, PairsRepository } from './pairs.repository';

/** Announced when an administrator changes a pair: every process drops its copy of it. */
/** A pair's settings changed (an administrator's edit): caches drop it. */
export const PAIRS_CHANGED_CHANNEL = defineChannel('pairs.changed', z.object({ symbol: z.string() }));

/** How long a cached pair may be trusted without hearing of a change (a lost bus message heals). */
const PAIR_CACHE_TTL_MS = 60_000;

/**
 * The pairs as the repository has them, each `find` answered from memory after the first: every
 * order reads its pair. A change announced on PAIRS_CHANGED_CHANNEL (by this process or another)
 * drops the pair, so an administrator's edit applies to the next order.
 */
export function cachedPairs(repo: PairsRepository, bus: Bus): PairsRepository & { close(): Promise<void> } {
  const cache = new Map<string, { row: Promise<PairRow | undefined>; atMs: number }>();
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
