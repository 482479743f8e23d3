/** A binary heap: `before(a, b)` true when a belongs above b. O(log n) push and pop, O(1) peek. */
export class Heap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  /** Every item, in no particular order (read only). */
  values(): readonly T[] {
    return this.items;
  }

  /** Empties it. */
  clear(): void {
    this.items.length = 0;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(items[index] as T, items[parent] as T)) break;
      [items[index], items[parent]] = [items[parent] as T, items[index] as T];
      index = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let best = index;
      if (left < items.length && this.before(items[left] as T, items[best] as T)) best = left;
      if (right < items.length && this.before(items[right] as T, items[best] as T)) best = right;
      if (best === index) break;
      [items[index], items[best]] = [items[best] as T, items[index] as T];
      index = best;
    }
    return top;
  }
}
