import { formatScaled } from '@td/contracts/decimal';
import { parsePairList, type TCandle, type TKlineInterval } from '@td/contracts/market';
import { BoundedMap } from '../../platform/bounded';
import type { DatabaseHandle } from '../../platform/db/client';
import { type PreparedBody, preparedBody } from '../../platform/http/precompressed';
import { pairKey } from '../pairs/catalogue';
import type { PairRow, PairsRepository } from '../pairs/pairs.repository';
import { aggregate } from './candle-builder';
import type { CandlesRepository } from './candles.repository';
import { bucketStart, finerSource, INTERVAL_MS } from './intervals';
import { formatCandle, type PriceBoard } from './price-board';

/** The most stored rows one klines request may read (a thousand 30-minute candles from minutes). */
const SOURCE_ROWS_MAX = 50_000;
/** Sparklines are recomputed at most this often. */
const LINESHOT_TTL_MS = 60_000;
const LINESHOT_WINDOW_MS = 24 * 3600 * 1000;
/** Distinct pair lists whose prepared answer is kept (the web app asks for a handful). */
const LINESHOT_BODIES_MAX = 500;

/** Each pair's sparkline (a JSON string of points) by pair key, and when it was built. */
interface Lineshots {
  byKey: Map<string, string>;
  builtAtMs: number;
}

export function createKlinesService(deps: {
  handle: DatabaseHandle;
  candles: CandlesRepository;
  pairs: PairsRepository;
  board: PriceBoard;
}) {
  let lineshots: Lineshots | undefined;
  let building: Promise<Lineshots> | undefined;
  const bodies = new BoundedMap<string, { body: PreparedBody; builtAtMs: number }>(LINESHOT_BODIES_MAX);

  const buildLineshots = async (nowMs: number) => {
    const pairs = await deps.pairs.all();
    const rows = await deps.handle.query<{ symbol: string; t: string | number; c: string | number }>(
      `select symbol, t, c from candles where resolution = '60' and t >= $1 order by symbol, t`,
      [bucketStart('60', nowMs - LINESHOT_WINDOW_MS)],
    );
    const points = new Map<string, Array<[number, number]>>();
    const precisionOf = new Map(pairs.map((pair) => [pair.symbol, pair.pricePrecision]));
    for (const row of rows) {
      const precision = precisionOf.get(row.symbol);
      if (precision === undefined) continue;
      const list = points.get(row.symbol) ?? [];
      list.push([Number(row.t), Number(formatScaled(Number(row.c), precision))]);
      points.set(row.symbol, list);
    }
    const byKey = new Map<string, string>();
    for (const pair of pairs) {
      const list = points.get(pair.symbol) ?? [];
      const latest = deps.board.get(pair.symbol);
      if (latest) list.push([latest.tMs, Number(formatScaled(latest.price, pair.pricePrecision))]);
      byKey.set(pairKey(pair.pairType, pair.symbol), JSON.stringify(list));
    }
    lineshots = { byKey, builtAtMs: nowMs };
    return lineshots;
  };

  /**
   * The sparklines as they are: built the first time they are asked for (that request waits), then
   * rebuilt once older than LINESHOT_TTL_MS while the copy in hand answers meanwhile, so that no
   * visitor waits on the rebuild's read of a day of candles. A failed rebuild leaves the copy in
   * hand, and the next request after it tries again.
   */
  const currentLineshots = (): Lineshots | Promise<Lineshots> => {
    const nowMs = Date.now();
    if (lineshots && nowMs - lineshots.builtAtMs <= LINESHOT_TTL_MS) return lineshots;
    if (!building) {
      building = buildLineshots(nowMs).finally(() => {
        building = undefined;
      });
      // Awaited only by a first build; a rebuild's failure is the next request's to retry.
      building.catch(() => undefined);
    }
    return lineshots ?? building;
  };

  /** `{ key: "[[tMs, price], …]" }` for the keys asked that are known. */
  const answerOf = ({ byKey }: Lineshots, keys: string[]): Record<string, string> => {
    const answer: Record<string, string> = {};
    for (const key of keys) {
      const value = byKey.get(key);
      if (value !== undefined) answer[key] = value;
    }
    return answer;
  };

  /** `{ key: "[[tMs, price], …]" }` for the last 24 hours, one point an hour, from memory. */
  const lineshot = async (keys: string[]): Promise<Record<string, string>> =>
    answerOf(await currentLineshots(), keys);

  return {
    /** Candles of `interval`, oldest first, aggregated from the stored resolution beneath it. */
    async klines(
      pair: PairRow,
      query: { interval: TKlineInterval; from?: number | undefined; to?: number | undefined; limit: number },
    ): Promise<TCandle[]> {
      const nowMs = Date.now();
      const { interval, limit } = query;
      const source = finerSource(interval);
      const toMs = Math.min(query.to ?? nowMs + 1, nowMs + 1);
      // Twice the span asked for, so that gaps (a closed market) still leave `limit` candles.
      const fromMs = bucketStart(interval, query.from ?? toMs - 2 * limit * INTERVAL_MS[interval]);
      const ratio = Math.ceil(INTERVAL_MS[interval] / INTERVAL_MS[source]);
      const rows = await deps.candles.range(
        pair.symbol,
        source,
        fromMs,
        toMs,
        Math.min(SOURCE_ROWS_MAX, (limit + 1) * ratio * 2),
      );
      const candles = aggregate(rows, interval);
      // What storage may not have yet: the candle that just closed (written a moment after its
      // close) and the open one. Each replaces its stored bucket or follows the stored ones.
      for (const recent of [
        deps.board.closedCandle(pair.symbol, interval),
        deps.board.liveCandle(pair.symbol, interval),
      ]) {
        if (!recent || recent.t < fromMs || recent.t >= toMs) continue;
        const last = candles.at(-1);
        if (last?.t === recent.t) candles[candles.length - 1] = recent;
        else if (!last || last.t < recent.t) candles.push(recent);
      }
      return candles.slice(-limit).map((candle) => formatCandle(candle, pair.pricePrecision));
    },

    /**
     * The whole `/public/lineshot` body for a list of keys, as prepared bytes: built once per list
     * each time the sparklines refresh, so a request costs a map lookup.
     */
    async lineshotBody(pairList: string): Promise<PreparedBody> {
      const current = currentLineshots();
      const shots = current instanceof Promise ? await current : current;
      const { builtAtMs } = shots;
      const cached = bodies.get(pairList);
      if (cached?.builtAtMs === builtAtMs) return cached.body;
      const answer = answerOf(shots, parsePairList(pairList));
      const body = preparedBody(
        Buffer.from(JSON.stringify({ message: 'Lineshot fetched successfully', data: answer })),
      );
      bodies.set(pairList, { body, builtAtMs });
      return body;
    },

    lineshot,
  };
}
export type KlinesService = ReturnType<typeof createKlinesService>;
