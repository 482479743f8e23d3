import { ORDER_CODE } from '@td/contracts/statuses';
import type { TSide } from '@td/contracts/trading-math';
import { Heap } from './heap';

export type TriggerAction = 'fill' | 'take_profit' | 'stop_loss' | 'liquidation';

interface Entry {
  orderId: string;
  price: bigint;
  action: TriggerAction;
  version: number;
}

/** What the books need to know of an order. */
export interface TriggerOrder {
  id: string;
  symbol: string;
  side: TSide;
  status: typeof ORDER_CODE.pending | typeof ORDER_CODE.active;
  price: bigint | null;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
  liquidationPrice: bigint | null;
}

export interface Fired {
  orderId: string;
  action: TriggerAction;
  /** The tick's price on the order's side: where it fills or closes. */
  price: bigint;
}

const lowFirst = (a: Entry, b: Entry) => a.price < b.price;
const highFirst = (a: Entry, b: Entry) => a.price > b.price;

/**
 * Six sorted books per pair, one for each way a price can cross a trigger. A tick looks at the top
 * of each (O(1)) and pops only what fired (O(log n) each): O(log n + k), never a scan of all
 * orders. A changed or removed order leaves stale entries behind, skipped by version when popped.
 */
class PairBooks {
  /** Pending buys fill when the ask falls to their limit: highest limit first. */
  readonly buyLimits = new Heap<Entry>(highFirst);
  /** Pending sells fill when the bid rises to their limit: lowest first. */
  readonly sellLimits = new Heap<Entry>(lowFirst);
  /** Long take-profits fire when the bid rises to them. */
  readonly longUp = new Heap<Entry>(lowFirst);
  /** Long stop-losses and liquidations fire when the bid falls to them. */
  readonly longDown = new Heap<Entry>(highFirst);
  /** Short take-profits fire when the ask falls to them. */
  readonly shortDown = new Heap<Entry>(highFirst);
  /** Short stop-losses and liquidations fire when the ask rises to them. */
  readonly shortUp = new Heap<Entry>(lowFirst);
}

export class TriggerBooks {
  private readonly pairs = new Map<string, PairBooks>();
  private readonly versions = new Map<string, number>();
  private nextVersion = 1;

  get liveOrders(): number {
    return this.versions.size;
  }

  private books(symbol: string): PairBooks {
    let books = this.pairs.get(symbol);
    if (!books) {
      books = new PairBooks();
      this.pairs.set(symbol, books);
    }
    return books;
  }

  /** Adds an order, or replaces what the books held for it. */
  upsert(order: TriggerOrder): void {
    const version = this.nextVersion++;
    this.versions.set(order.id, version);
    const books = this.books(order.symbol);
    const add = (heap: Heap<Entry>, price: bigint | null, action: TriggerAction) => {
      if (price !== null) heap.push({ orderId: order.id, price, action, version });
    };
    const isBuy = order.side === 'buy';
    if (order.status === ORDER_CODE.pending) {
      add(isBuy ? books.buyLimits : books.sellLimits, order.price, 'fill');
      return;
    }
    add(isBuy ? books.longUp : books.shortDown, order.takeProfit, 'take_profit');
    add(isBuy ? books.longDown : books.shortUp, order.stopLoss, 'stop_loss');
    add(isBuy ? books.longDown : books.shortUp, order.liquidationPrice, 'liquidation');
  }

  remove(orderId: string): void {
    this.versions.delete(orderId);
  }

  /** Everything this quote crosses, each order at most once; fired orders leave the books. */
  cross(symbol: string, quote: { bid: bigint; ask: bigint }): Fired[] {
    const books = this.pairs.get(symbol);
    if (!books) return [];
    const fired: Fired[] = [];
    const drain = (heap: Heap<Entry>, crosses: (price: bigint) => boolean, at: bigint) => {
      for (let top = heap.peek(); top && crosses(top.price); top = heap.peek()) {
        heap.pop();
        if (this.versions.get(top.orderId) !== top.version) continue;
        this.versions.delete(top.orderId);
        fired.push({ orderId: top.orderId, action: top.action, price: at });
      }
    };
    const { bid, ask } = quote;
    // Liquidation and stop-loss before take-profit: on a gap, the worse exit is the true one.
    drain(books.longDown, (price) => bid <= price, bid);
    drain(books.shortUp, (price) => ask >= price, ask);
    drain(books.longUp, (price) => bid >= price, bid);
    drain(books.shortDown, (price) => ask <= price, ask);
    drain(books.buyLimits, (price) => ask <= price, ask);
    drain(books.sellLimits, (price) => bid >= price, bid);
    return fired;
  }
}
