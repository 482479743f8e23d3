/** Rows found by one query for many keys; keys not found are missing from the map. */
export type FindMany<K, V> = (keys: K[]) => Promise<Map<K, V>>;

/** Keys read by one query at most. */
const BATCH_MAX = 500;

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * One key's row, for many callers at once: while one query is out, the keys asked for meanwhile
 * wait and go together in the next (as a database's group commit does). A lone caller waits for
 * one query of its own and reads what is current when it asks; a crowd of ten thousand costs a few
 * dozen queries instead of ten thousand.
 */
export function createBatchedLookup<K, V>(findMany: FindMany<K, V>, batchMax = BATCH_MAX) {
  const waiting = new Map<K, Array<Waiter<V>>>();
  let isRunning = false;

  const run = async () => {
    isRunning = true;
    try {
      while (waiting.size > 0) {
        const batch = new Map<K, Array<Waiter<V>>>();
        for (const [key, waiters] of waiting) {
          if (batch.size >= batchMax) break;
          batch.set(key, waiters);
          waiting.delete(key);
        }
        try {
          const found = await findMany([...batch.keys()]);
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
        } catch (error) {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        }
      }
    } finally {
      isRunning = false;
    }
  };

  return (key: K): Promise<V | undefined> =>
    new Promise((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!isRunning) void run();
    });
}
