import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReadCache } from './read-cache';

describe('a read cache', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one read between callers until it is older than its time to live', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = createReadCache<string, number>({ ttlMs: 1_000, max: 10 });
    const load = vi.fn(async () => 7);
    expect(await cache.get('a', load)).toBe(7);
    vi.setSystemTime(999);
    expect(await cache.get('a', load)).toBe(7);
    expect(load).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_000);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps neither a failed read nor a value it is told not to keep', async () => {
    const cache = createReadCache<string, number | undefined>({
      ttlMs: 60_000,
      max: 10,
      keep: (value) => value !== undefined,
    });
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 1)).toBe(1);
    expect(await cache.get('b', async () => undefined)).toBeUndefined();
    expect(await cache.get('b', async () => 2)).toBe(2);
    // A kept value stays.
    expect(await cache.get('a', async () => 3)).toBe(1);
  });

  it('reads again after a key is dropped or everything is cleared', async () => {
    const cache = createReadCache<string, number>({ ttlMs: 60_000, max: 10 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 1);
    cache.delete('a');
    expect(await cache.get('a', async () => 2)).toBe(2);
    cache.clear();
    expect(await cache.get('b', async () => 3)).toBe(3);
  });

  it('does not keep a read that was out when everything was cleared', async () => {
    const cache = createReadCache<string, number>({ ttlMs: 60_000, max: 10 });
    let answer: (value: number) => void = () => undefined;
    const early = cache.get('a', () => new Promise<number>((resolve) => (answer = resolve)));
    cache.clear();
    answer(1);
    expect(await early).toBe(1);
    expect(await cache.get('a', async () => 2)).toBe(2);
  });

  it('does not let an older failed read drop a newer one', async () => {
    const cache = createReadCache<string, number>({ ttlMs: 60_000, max: 10 });
    let fail: (error: Error) => void = () => undefined;
    const first = cache.get('a', () => new Promise<number>((_, reject) => (fail = reject)));
    cache.delete('a');
    expect(await cache.get('a', async () => 5)).toBe(5);
    fail(new Error('late'));
    await expect(first).rejects.toThrow('late');
    expect(await cache.get('a', async () => 6)).toBe(5);
  });

  it('shows a kept value without waiting once its read has answered, and nothing else', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = createReadCache<string, number | undefined>({
      ttlMs: 1_000,
      max: 10,
      keep: (value) => value !== undefined,
    });
    let answer: (value: number) => void = () => undefined;
    const read = cache.get('a', () => new Promise<number>((resolve) => (answer = resolve)));
    expect(cache.peek('a')).toBeUndefined();
    answer(1);
    await read;
    expect(cache.peek('a')).toBe(1);
    // Not a value it does not keep, nor a failed read, nor one dropped, nor one past its time.
    await cache.get('b', async () => undefined);
    expect(cache.peek('b')).toBeUndefined();
    await expect(cache.get('c', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.peek('c')).toBeUndefined();
    cache.delete('a');
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', async () => 2);
    vi.setSystemTime(1_000);
    expect(cache.peek('a')).toBeUndefined();
  });

  it('shows nothing of a read that was out when everything was cleared', async () => {
    const cache = createReadCache<string, number>({ ttlMs: 60_000, max: 10 });
    let answer: (value: number) => void = () => undefined;
    const early = cache.get('a', () => new Promise<number>((resolve) => (answer = resolve)));
    cache.clear();
    answer(1);
    await early;
    expect(cache.peek('a')).toBeUndefined();
  });
});
