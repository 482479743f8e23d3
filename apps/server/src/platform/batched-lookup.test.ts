import { describe, expect, it } from 'vitest';
import { createBatchedLookup } from './batched-lookup';

/** A session store whose queries answer only when released, recording what each asked for. */
function slowStore(live: Record<string, string>) {
  const queries: string[][] = [];
  const pending: Array<() => void> = [];
  return {
    queries,
    release: () => {
      for (const done of pending.splice(0)) done();
    },
    findMany: (ids: string[]) => {
      queries.push(ids);
      return new Promise<Map<string, string>>((resolve) =>
        pending.push(() =>
          resolve(new Map(ids.filter((id) => id in live).map((id) => [id, live[id] as string]))),
        ),
      );
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a batched lookup', () => {
  it('asks once for a lone caller, then once for everyone who came while it was out', async () => {
    const store = slowStore({ s1: 'u1', s2: 'u2', s3: 'u3' });
    const userOf = createBatchedLookup(store.findMany);
    const first = userOf('s1');
    const others = [userOf('s2'), userOf('s3'), userOf('s2'), userOf('gone')];
    expect(store.queries).toEqual([['s1']]);
    store.release();
    expect(await first).toBe('u1');
    await settle();
    expect(store.queries).toEqual([['s1'], ['s2', 's3', 'gone']]);
    store.release();
    expect(await Promise.all(others)).toEqual(['u2', 'u3', 'u2', undefined]);
  });

  it('splits a crowd into queries of at most the batch size', async () => {
    const live = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`s${i}`, `u${i}`]));
    const store = slowStore(live);
    const userOf = createBatchedLookup(store.findMany, 10);
    const answers = Array.from({ length: 25 }, (_, i) => userOf(`s${i}`));
    for (let round = 0; round < 4; round++) {
      store.release();
      await settle();
    }
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 25 }, (_, i) => `u${i}`));
    expect(store.queries.map((ids) => ids.length)).toEqual([1, 10, 10, 4]);
  });

  it('fails the callers of a batch whose query failed, and serves the next ones', async () => {
    let calls = 0;
    const userOf = createBatchedLookup(async (ids: string[]) => {
      calls++;
      if (calls === 1) throw new Error('database down');
      return new Map(ids.map((id) => [id, 'u']));
    });
    await expect(userOf('s1')).rejects.toThrow('database down');
    expect(await userOf('s2')).toBe('u');
  });
});
