/**
 * Collections a process keeps for its whole life (caches, "seen lately" sets) hold at most `max`
 * entries: adding one more forgets the oldest added. Any map or set that lives as long as the
 * process is one of these, or holds a fixed set of keys (the pairs, the intervals, the setting
 * groups); `caches-bounded.test.ts` reads the sources and fails on one that is neither.
 */
function checkedBound(max: number): number {
  if (!Number.isInteger(max) || max < 1)
    throw new RangeError(`a bound must be a positive integer, not ${max}`);
  return max;
}

export class BoundedMap<K, V> extends Map<K, V> {
  readonly max: number;

  constructor(max: number) {
    super();
    this.max = checkedBound(max);
  }

  override set(key: K, value: V): this {
    // Replacing moves the key to the newest end, so the oldest is the one least lately written.
    if (this.has(key)) this.delete(key);
    else if (this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}

export class BoundedSet<T> extends Set<T> {
  readonly max: number;

  constructor(max: number) {
    super();
    this.max = checkedBound(max);
  }

  override add(value: T): this {
    if (this.has(value)) return this;
    if (this.size >= this.max) this.delete(this.values().next().value as T);
    return super.add(value);
  }
}
