// The in-memory books of price alerts waiting to fire, two heaps per pair, so each tick finds the
// alerts its price crossed without scanning them all. Each alert fires once.
import { Heap } from '../trading/heap';

export interface AlertEntry {
  id: string;
  symbol: string;
  direction: 'above' | 'below';
  /** In the pair's price precision, as its quotes are. */
  priceMinor: bigint;
}

/**
 * Price alerts waiting to fire, two heaps per pair: "above" alerts lowest first, "below" alerts
 * highest first. A tick looks at the two tops and pops only what fired: O(log n + k) per tick, as
 * the trigger books. A removed alert is skipped when it reaches the top.
 */
export class AlertBooks {
  private readonly above = new Map<string, Heap<AlertEntry>>();
  private readonly below = new Map<string, Heap<AlertEntry>>();
  private readonly live = new Set<string>();

  get size(): number {
    return this.live.size;
  }

  add(alert: AlertEntry): void {
    if (this.live.has(alert.id)) return;
    this.live.add(alert.id);
    const books = alert.direction === 'above' ? this.above : this.below;
    let heap = books.get(alert.symbol);
    if (!heap) {
      heap =
        alert.direction === 'above'
          ? new Heap<AlertEntry>((a, b) => a.priceMinor < b.priceMinor)
          : new Heap<AlertEntry>((a, b) => a.priceMinor > b.priceMinor);
      books.set(alert.symbol, heap);
    }
    heap.push(alert);
  }

  remove(id: string): void {
    this.live.delete(id);
  }

  /** The alerts the price crossed, each once; they leave the books. */
  cross(symbol: string, priceMinor: bigint): AlertEntry[] {
    const fired: AlertEntry[] = [];
    const drain = (heap: Heap<AlertEntry> | undefined, hasCrossed: (alert: AlertEntry) => boolean) => {
      for (let top = heap?.peek(); heap && top; top = heap.peek()) {
        if (!this.live.has(top.id)) {
          heap.pop();
          continue;
        }
        if (!hasCrossed(top)) break;
        heap.pop();
        this.live.delete(top.id);
        fired.push(top);
      }
    };
    drain(this.above.get(symbol), (alert) => priceMinor >= alert.priceMinor);
    drain(this.below.get(symbol), (alert) => priceMinor <= alert.priceMinor);
    return fired;
  }
}
