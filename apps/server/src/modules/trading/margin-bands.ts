import { Heap } from './heap';

/**
 * Margin bands: where a quote must go before an account's margin level can cross a line.
 *
 * An account (or an `isolated` position) is safe by `slack` cents: its equity may fall by that much
 * before it reaches its margin-call or stop-out line. The slack is shared out over the pairs it
 * holds, and each pair gets a band of bid and ask inside which the PnL of its positions there
 * cannot move by more than its share. While every quote stays inside its bands, the level cannot
 * have crossed: a tick looks at the top of four sorted books per pair (O(1)) and hands over only
 * the accounts whose band it left, to be recomputed exactly and filed again. An account too close
 * to its line for any band is "hot": looked at on every tick of its pairs, as before.
 */

/** A pair's positions in an account, as the band needs them. */
export interface PairExposure {
  /** Σ amount of its positions (USD cents): the PnL moves by amount × move ÷ entry. */
  amountCents: bigint;
  /** The lowest entry price among them: amount ÷ entry is at most Σ amount ÷ this. */
  minEntry: bigint;
  /** The widest spread markup among them (basis points of the spread), 0 for the raw quote. */
  markupBp: bigint;
  /** How many positions: each PnL may round by a cent. */
  count: bigint;
}

const MARKUP_SCALE = 10_000n;

/**
 * How far bid and ask may each move before the positions' PnL can move by more than `slack`
 * cents, or undefined when no move at all is safe (the account is hot on the pair).
 *
 * A position's PnL at a marked price moves by at most amount × δ ÷ entry + 1 cent for a move δ of
 * that price. The marked price (the quote widened by the markup, markupQuote) sits at most
 * spread × bp ÷ 10,000 + 1 outside the quote; with bid and ask each within d of where they were,
 * the spread is at most the old spread + 2d. So δ ≤ d + (spread + 2d) × bp ÷ 10,000 + 1, and
 * d = ((w − 1) × 10,000 − spread × bp) ÷ (10,000 + 2 bp), where w is the move the slack is worth.
 */
export function bandDistance(slack: bigint, exposure: PairExposure, spread: bigint): bigint | undefined {
  const usable = slack - exposure.count;
  if (usable < 0n || exposure.amountCents <= 0n || exposure.minEntry <= 0n) return undefined;
  const worth = (usable * exposure.minEntry) / exposure.amountCents;
  const bp = exposure.markupBp;
  const numerator = (worth - 1n) * MARKUP_SCALE - (spread > 0n ? spread : 0n) * bp;
  if (numerator < 0n) return undefined;
  return numerator / (MARKUP_SCALE + 2n * bp);
}

/** One pair's band: undefined sides have no limit. */
export interface Band {
  bidLow?: bigint;
  bidHigh?: bigint;
  askLow?: bigint;
  askHigh?: bigint;
}

interface Entry<U> {
  price: bigint;
  unit: U;
  version: number;
}

const lowFirst = <U>(a: Entry<U>, b: Entry<U>) => a.price < b.price;
const highFirst = <U>(a: Entry<U>, b: Entry<U>) => a.price > b.price;

class PairBands<U> {
  /** Bands left when the bid falls below their low: highest first. */
  readonly bidLow = new Heap<Entry<U>>(highFirst);
  /** Left when the bid rises above their high: lowest first. */
  readonly bidHigh = new Heap<Entry<U>>(lowFirst);
  readonly askLow = new Heap<Entry<U>>(highFirst);
  readonly askHigh = new Heap<Entry<U>>(lowFirst);
  /** Units looked at on every tick of the pair. */
  readonly hot = new Set<U>();
  /** Entries in the heaps, and how many of them are still live. */
  entries = 0;
  live = 0;
}

interface Filing {
  version: number;
  /** The pairs it has live entries in, and how many in each. */
  entries: Map<string, number>;
  hot: string[];
}

const NONE: never[] = [];

/** Re-sorts a pair's books once more than this many of their entries are stale (and most are). */
const COMPACT_AFTER = 1_024;

/** The bands of every watched unit (a `cross` account, an `isolated` position), per pair. */
export class MarginBands<U> {
  private readonly pairs = new Map<string, PairBands<U>>();
  private readonly filings = new Map<U, Filing>();
  private nextVersion = 1;

  private pair(symbol: string): PairBands<U> {
    let bands = this.pairs.get(symbol);
    if (!bands) {
      bands = new PairBands<U>();
      this.pairs.set(symbol, bands);
    }
    return bands;
  }

  /** Whether a unit is filed (tests). */
  has(unit: U): boolean {
    return this.filings.has(unit);
  }

  /** How many entries the books hold, live and stale (tests: they stay bounded). */
  get size(): number {
    let total = 0;
    for (const bands of this.pairs.values()) total += bands.entries + bands.hot.size;
    return total;
  }

  /** Files a unit: `'hot'` on a pair looks at it on every tick there. Replaces its earlier filing. */
  file(unit: U, bands: ReadonlyMap<string, Band | 'hot'>): void {
    this.drop(unit);
    const version = this.nextVersion++;
    const filing: Filing = { version, entries: new Map(), hot: [] };
    for (const [symbol, band] of bands) {
      const books = this.pair(symbol);
      if (band === 'hot') {
        books.hot.add(unit);
        filing.hot.push(symbol);
        continue;
      }
      let count = 0;
      const add = (heap: Heap<Entry<U>>, price: bigint | undefined) => {
        if (price === undefined) return;
        heap.push({ price, unit, version });
        count += 1;
      };
      add(books.bidLow, band.bidLow);
      add(books.bidHigh, band.bidHigh);
      add(books.askLow, band.askLow);
      add(books.askHigh, band.askHigh);
      books.entries += count;
      books.live += count;
      if (count > 0) filing.entries.set(symbol, count);
    }
    this.filings.set(unit, filing);
  }

  /** Forgets a unit: its entries go stale, skipped when they surface and swept in bulk. */
  drop(unit: U): void {
    const filing = this.filings.get(unit);
    if (!filing) return;
    this.filings.delete(unit);
    for (const symbol of filing.hot) this.pairs.get(symbol)?.hot.delete(unit);
    for (const [symbol, count] of filing.entries) {
      const books = this.pairs.get(symbol);
      if (!books) continue;
      books.live -= count;
      if (books.entries - books.live > COMPACT_AFTER && books.entries > 2 * books.live) this.compact(books);
    }
  }

  /**
   * The units whose band this quote left, and the pair's hot units, each once. A unit handed out
   * here is no longer filed: the caller recomputes it and files it again.
   */
  crossed(symbol: string, bid: bigint, ask: bigint): U[] {
    const books = this.pairs.get(symbol);
    if (!books) return NONE;
    // The common tick: inside every band, nothing hot. Four peeks and no allocation.
    const bidLow = books.bidLow.peek();
    const bidHigh = books.bidHigh.peek();
    const askLow = books.askLow.peek();
    const askHigh = books.askHigh.peek();
    if (
      books.hot.size === 0 &&
      !(bidLow && bid < bidLow.price) &&
      !(bidHigh && bid > bidHigh.price) &&
      !(askLow && ask < askLow.price) &&
      !(askHigh && ask > askHigh.price)
    )
      return NONE;
    const out = new Set<U>(books.hot);
    const drain = (heap: Heap<Entry<U>>, crosses: (price: bigint) => boolean) => {
      for (let top = heap.peek(); top && crosses(top.price); top = heap.peek()) {
        heap.pop();
        books.entries -= 1;
        // A live entry is counted out of `live` when its unit is dropped below.
        if (this.filings.get(top.unit)?.version === top.version) out.add(top.unit);
      }
    };
    drain(books.bidLow, (price) => bid < price);
    drain(books.bidHigh, (price) => bid > price);
    drain(books.askLow, (price) => ask < price);
    drain(books.askHigh, (price) => ask > price);
    for (const unit of out) this.drop(unit);
    return [...out];
  }

  private compact(books: PairBands<U>): void {
    let entries = 0;
    for (const heap of [books.bidLow, books.bidHigh, books.askLow, books.askHigh]) {
      const live = heap.values().filter((entry) => this.filings.get(entry.unit)?.version === entry.version);
      heap.clear();
      for (const entry of live) heap.push(entry);
      entries += live.length;
    }
    books.entries = entries;
    books.live = entries;
  }
}

/** What a band needs of a position. */
export interface BandPosition {
  symbol: string;
  amountCents: bigint;
  entry: bigint;
  spreadMarkupBp: number;
}

/**
 * A unit's bands, from its equity's distance to the lines around it: `down` cents above the
 * line below (null: no line below), `up` cents under the line above (null: none); 'hot' when at
 * a line already. `raw`: valued at the market's quote, not at the positions' marked-up prices.
 */
export function bandsFor(
  held: readonly BandPosition[],
  quoteOf: (symbol: string) => { bid: bigint; ask: bigint } | undefined,
  lines: { down: bigint | null; up: bigint | null } | 'hot',
  raw: boolean,
): Map<string, Band | 'hot'> {
  const exposures = new Map<string, PairExposure>();
  for (const p of held) {
    if (!quoteOf(p.symbol)) continue;
    const markupBp = raw ? 0n : BigInt(p.spreadMarkupBp);
    const seen = exposures.get(p.symbol);
    if (!seen) {
      exposures.set(p.symbol, { amountCents: p.amountCents, minEntry: p.entry, markupBp, count: 1n });
      continue;
    }
    seen.amountCents += p.amountCents;
    if (p.entry < seen.minEntry) seen.minEntry = p.entry;
    if (markupBp > seen.markupBp) seen.markupBp = markupBp;
    seen.count += 1n;
  }
  const shares = BigInt(exposures.size);
  const filed = new Map<string, Band | 'hot'>();
  for (const [symbol, exposure] of exposures) {
    const quote = quoteOf(symbol) as { bid: bigint; ask: bigint };
    if (lines === 'hot') {
      filed.set(symbol, 'hot');
      continue;
    }
    const spread = quote.ask - quote.bid;
    const band: Band = {};
    const down = lines.down === null ? null : bandDistance(lines.down / shares, exposure, spread);
    const up = lines.up === null ? null : bandDistance(lines.up / shares, exposure, spread);
    if (down === undefined || up === undefined) {
      filed.set(symbol, 'hot');
      continue;
    }
    if (down !== null) {
      band.bidLow = quote.bid - down;
      band.askHigh = quote.ask + down;
    }
    if (up !== null) {
      band.bidHigh = quote.bid + up;
      band.askLow = quote.ask - up;
    }
    filed.set(symbol, band);
  }
  return filed;
}
