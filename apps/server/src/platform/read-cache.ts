// A read kept in memory for a while, by key: every caller shares one promise of the value until it
// is older than `ttlMs` (a lost announcement of a change heals by then) or the owner drops it (an
// announced change). A failed read is never kept, nor a value `keep` refuses. Bounded, as every
// map a process keeps for its life.
import { BoundedMap } from './bounded';

export interface ReadCache<K, V> {
  /** The kept value of `key`, or `load()`'s, kept from now. */
  get(key: K, load: () => Promise<V>): Promise<V>;
  delete(key: K): void;
  clear(): void;
}

export function createReadCache<K, V>(options: {
  ttlMs: number;
  max: number;
  /** Whether a loaded value is kept (an unknown key's `undefined` need not be). */
  keep?: (value: V) => boolean;
}): ReadCache<K, V> {
  const entries = new BoundedMap<K, { value: Promise<V>; atMs: number }>(options.max);
  return {
    get(key, load) {
      const nowMs = Date.now();
      const hit = entries.get(key);
      if (hit && nowMs - hit.atMs < options.ttlMs) return hit.value;
      const entry = { value: load(), atMs: nowMs };
      entries.set(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      entry.value.then((value) => {
        if (options.keep && !options.keep(value)) forget();
      }, forget);
      return entry.value;
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
