// A read kept in memory for a while, by key: every caller shares one promise of the value until it
// is older than `ttlMs` (a lost announcement of a change heals by then) or the owner drops it (an
// announced change). A failed read is never kept, nor a value `keep` refuses. Bounded, as every
// map a process keeps for its life.
import { BoundedMap } from './bounded';

export interface ReadCache<K, V> {
  /** The kept value of `key`, or `load()`'s, kept from now. */
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** The kept value of `key` once its read has answered (and is kept), without waiting: else undefined. */
  peek(key: K): V | undefined;
  delete(key: K): void;
  clear(): void;
}

interface Entry<V> {
  value: Promise<V>;
  atMs: number;
  /** Set once the read answered with a value that is kept. */
  answered?: { value: V };
}

export function createReadCache<K, V>(options: {
  ttlMs: number;
  max: number;
  /** Whether a loaded value is kept (an unknown key's `undefined` need not be). */
  keep?: (value: V) => boolean;
}): ReadCache<K, V> {
  const entries = new BoundedMap<K, Entry<V>>(options.max);
  return {
    get(key, load) {
      const nowMs = Date.now();
      const hit = entries.get(key);
      if (hit && nowMs - hit.atMs < options.ttlMs) return hit.value;
      const entry: Entry<V> = { value: load(), atMs: nowMs };
      entries.set(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      entry.value.then((value) => {
        if (options.keep && !options.keep(value)) forget();
        else entry.answered = { value };
      }, forget);
      return entry.value;
    },
    peek(key) {
      const hit = entries.get(key);
      return hit?.answered && Date.now() - hit.atMs < options.ttlMs ? hit.answered.value : undefined;
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
