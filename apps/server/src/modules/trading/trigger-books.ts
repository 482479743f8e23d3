import { markupQuote } from '@td/contracts/group-terms';
import { ORDER_CODE } from '@td/contracts/statuses';
import type { TSide } from '@td/contracts/trading-math';
import { Heap } from './heap';
import { TrailingBook } from './trailing-book';

/** `stop_fill`: a stop order fills; `stop_trigger`: a stop-limit becomes a limit; `expire`: its time is up. */
export type TriggerAction =
  | 'fill'
  | 'take_profit'
  | 'stop_loss'
  | 'liquidation'
  | 'stop_fill'
  | 'stop_trigger'
  | 'expire';

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
  // Stop orders, trailing stops and expiry (absent: none).
  type?: string;
  stopPrice?: bigint | null;
  triggeredAt?: Date | null;
  trailingStop?: bigint | null;
  expiresAt?: Date | null;
  /** Its client group's spread markup: it triggers on the quote so widened (absent: none). */
  spreadMarkupBp?: number;
}

export interface Fired {
  orderId: string;
  action: TriggerAction;
  /** The tick's price on the order's side (widened by its markup): where it fills or closes. */
  price: bigint;
  /** With a markup: the market's own price there (the difference is spread income). */
  marketPrice?: bigint;
  /** A trailing stop's stop-loss as it stood when it fired, and the distance it trailed at. */
  level?: bigint;
  trailingStop?: bigint;
}

/** A trailing stop-loss the books moved: to be saved on its order. */
export interface MovedStop {
  orderId: string;
  /** The distance it trails at (saved only while the order still has it). */
  distance: bigint;
  stopLoss: bigint;
}

interface Expiry {
  orderId: string;
  atMs: number;
  version: number;
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
  /** Buy stops fire when the ask rises to their trigger: lowest first. */
  readonly buyStops = new Heap<Entry>(lowFirst);
  /** Sell stops fire when the bid falls to their trigger: highest first. */
  readonly sellStops = new Heap<Entry>(highFirst);
  /** Trailing stop-losses of longs (on the bid) and of shorts (on the ask, negated). */
  readonly longTrailing = new TrailingBook();
  readonly shortTrailing = new TrailingBook();
}

/**
 * The books of every live order, per pair and, within a pair, per spread markup: a client group's
 * orders trigger on the pair's quote widened by their markup, so each markup in use has its own
 * books, crossed by the quote as that group sees it (a handful per pair: one per distinct markup).
 */
export class TriggerBooks {
  private readonly pairs = new Map<string, Map<number, PairBooks>>();
  private readonly versions = new Map<string, number>();
  private nextVersion = 1;
  /** Pending orders with an end, soonest first. */
  private readonly expiries = new Heap<Expiry>((a, b) => a.atMs < b.atMs);
  private readonly isLive = (orderId: string, version: number) => this.versions.get(orderId) === version;

  get liveOrders(): number {
    return this.versions.size;
  }

  private books(symbol: string, markupBp: number): PairBooks {
    let byMarkup = this.pairs.get(symbol);
    if (!byMarkup) {
      byMarkup = new Map();
      this.pairs.set(symbol, byMarkup);
    }
    let books = byMarkup.get(markupBp);
    if (!books) {
      books = new PairBooks();
      byMarkup.set(markupBp, books);
    }
    return books;
  }

  /** Adds an order, or replaces what the books held for it. */
  upsert(order: TriggerOrder): void {
    const version = this.nextVersion++;
    this.versions.set(order.id, version);
    const books = this.books(order.symbol, order.spreadMarkupBp ?? 0);
    const add = (heap: Heap<Entry>, price: bigint | null, action: TriggerAction) => {
      if (price !== null) heap.push({ orderId: order.id, price, action, version });
    };
    const isBuy = order.side === 'buy';
    if (order.status === ORDER_CODE.pending) {
      if (order.expiresAt)
        this.expiries.push({ orderId: order.id, atMs: order.expiresAt.getTime(), version });
      const isStop = order.type === 'stop' || (order.type === 'stop_limit' && !order.triggeredAt);
      if (isStop) {
        const action = order.type === 'stop' ? 'stop_fill' : 'stop_trigger';
        add(isBuy ? books.buyStops : books.sellStops, order.stopPrice ?? null, action);
      } else add(isBuy ? books.buyLimits : books.sellLimits, order.price, 'fill');
      return;
    }
    add(isBuy ? books.longUp : books.shortDown, order.takeProfit, 'take_profit');
    if (order.trailingStop != null && order.stopLoss !== null) {
      if (isBuy) books.longTrailing.add(order.id, order.trailingStop, order.stopLoss, version);
      else books.shortTrailing.add(order.id, order.trailingStop, -order.stopLoss, version);
    } else add(isBuy ? books.longDown : books.shortUp, order.stopLoss, 'stop_loss');
    add(isBuy ? books.longDown : books.shortUp, order.liquidationPrice, 'liquidation');
  }

  remove(orderId: string): void {
    this.versions.delete(orderId);
  }

  /** Everything this quote crosses, each order at most once (at its markup); fired orders leave the books. */
  cross(symbol: string, quote: { bid: bigint; ask: bigint }): Fired[] {
    const byMarkup = this.pairs.get(symbol);
    if (!byMarkup) return [];
    const fired: Fired[] = [];
    for (const [markupBp, books] of byMarkup) this.crossBooks(books, quote, markupBp, fired);
    return fired;
  }

  private crossBooks(
    books: PairBooks,
    market: { bid: bigint; ask: bigint },
    markupBp: number,
    fired: Fired[],
  ): void {
    const { bid, ask } = markupQuote(market, markupBp);
    const marked = (marketPrice: bigint) => (markupBp > 0 ? { marketPrice } : {});
    const drain = (
      heap: Heap<Entry>,
      crosses: (price: bigint) => boolean,
      at: bigint,
      marketPrice: bigint,
    ) => {
      for (let top = heap.peek(); top && crosses(top.price); top = heap.peek()) {
        heap.pop();
        if (this.versions.get(top.orderId) !== top.version) continue;
        this.versions.delete(top.orderId);
        fired.push({ orderId: top.orderId, action: top.action, price: at, ...marked(marketPrice) });
      }
    };
    // Liquidation and stop-loss before take-profit: on a gap, the worse exit is the true one.
    drain(books.longDown, (price) => bid <= price, bid, market.bid);
    drain(books.shortUp, (price) => ask >= price, ask, market.ask);
    const trailed = (
      one: { orderId: string; distance: bigint },
      level: bigint,
      at: bigint,
      marketPrice: bigint,
    ) => {
      this.versions.delete(one.orderId);
      fired.push({
        orderId: one.orderId,
        action: 'stop_loss',
        price: at,
        ...marked(marketPrice),
        level,
        trailingStop: one.distance,
      });
    };
    for (const one of books.longTrailing.cross(bid, this.isLive)) trailed(one, one.level, bid, market.bid);
    for (const one of books.shortTrailing.cross(-ask, this.isLive)) trailed(one, -one.level, ask, market.ask);
    drain(books.longUp, (price) => bid >= price, bid, market.bid);
    drain(books.shortDown, (price) => ask <= price, ask, market.ask);
    drain(books.buyLimits, (price) => ask <= price, ask, market.ask);
    drain(books.sellLimits, (price) => bid >= price, bid, market.bid);
    drain(books.buyStops, (price) => ask >= price, ask, market.ask);
    drain(books.sellStops, (price) => bid <= price, bid, market.bid);
  }

  /** The pending orders whose end is at or before `nowMs`, each once; they leave the books. */
  expired(nowMs: number): Fired[] {
    const fired: Fired[] = [];
    for (let top = this.expiries.peek(); top && top.atMs <= nowMs; top = this.expiries.peek()) {
      this.expiries.pop();
      if (!this.isLive(top.orderId, top.version)) continue;
      this.versions.delete(top.orderId);
      fired.push({ orderId: top.orderId, action: 'expire', price: 0n });
    }
    return fired;
  }

  /** The trailing stop-losses that moved since last asked (once each), to be saved. */
  movedStops(): MovedStop[] {
    const moved: MovedStop[] = [];
    for (const books of [...this.pairs.values()].flatMap((byMarkup) => [...byMarkup.values()])) {
      for (const one of books.longTrailing.moved(this.isLive))
        moved.push({ orderId: one.orderId, distance: one.distance, stopLoss: one.level });
      for (const one of books.shortTrailing.moved(this.isLive))
        moved.push({ orderId: one.orderId, distance: one.distance, stopLoss: -one.level });
    }
    return moved;
  }

  /** Where a trailing stop-loss stands now, or undefined (tests, the bench). */
  trailingLevel(symbol: string, orderId: string): bigint | undefined {
    for (const books of this.pairs.get(symbol)?.values() ?? []) {
      const long = books.longTrailing.levelOf(orderId, this.isLive);
      if (long !== undefined) return long;
      const short = books.shortTrailing.levelOf(orderId, this.isLive);
      if (short !== undefined) return -short;
    }
    return undefined;
  }
}
