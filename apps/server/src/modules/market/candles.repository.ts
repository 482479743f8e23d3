// Storage of price candles (1-minute, hourly and daily) for the charts: bulk inserts or
// replacements many rows per statement, the latest candle of a pair, and candles in a time range.
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { DatabaseHandle } from '../../platform/db/client';
import type { Candle } from './candle-builder';
import { candles } from './candles.schema';

export type StoredResolution = '1' | '60' | '1D';
export interface CandleRow extends Candle {
  symbol: string;
  resolution: StoredResolution;
}

/** Rows per statement of a bulk insert: large enough to be fast, small enough for any driver. */
const BULK_ROWS_MAX = 5_000;

const UPSERT = `
  insert into candles (symbol, resolution, t, o, h, l, c, v)
  select * from unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[])
  on conflict (symbol, resolution, t) do update
    set o = excluded.o, h = excluded.h, l = excluded.l, c = excluded.c, v = excluded.v`;

export function createCandlesRepository(handle: DatabaseHandle) {
  const { db } = handle;
  return {
    /** Inserts or replaces candles, many per statement (arrays unnested by the server). */
    async upsert(rows: CandleRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += BULK_ROWS_MAX) {
        const chunk = rows.slice(start, start + BULK_ROWS_MAX);
        await handle.query(UPSERT, [
          chunk.map((row) => row.symbol),
          chunk.map((row) => row.resolution),
          chunk.map((row) => row.t),
          chunk.map((row) => row.o),
          chunk.map((row) => row.h),
          chunk.map((row) => row.l),
          chunk.map((row) => row.c),
          chunk.map((row) => row.v),
        ]);
      }
    },
    async latest(symbol: string, resolution: StoredResolution): Promise<Candle | undefined> {
      const [row] = await db
        .select({ t: candles.t, o: candles.o, h: candles.h, l: candles.l, c: candles.c, v: candles.v })
        .from(candles)
        .where(and(eq(candles.symbol, symbol), eq(candles.resolution, resolution)))
        .orderBy(desc(candles.t))
        .limit(1);
      return row;
    },
    /** Candles with fromMs <= t < toMs, oldest first; the newest `limitMax` when there are more. */
    async range(
      symbol: string,
      resolution: StoredResolution,
      fromMs: number,
      toMs: number,
      limitMax?: number,
    ) {
      const where = and(
        eq(candles.symbol, symbol),
        eq(candles.resolution, resolution),
        gte(candles.t, fromMs),
        lt(candles.t, toMs),
      );
      const columns = { t: candles.t, o: candles.o, h: candles.h, l: candles.l, c: candles.c, v: candles.v };
      if (limitMax === undefined)
        return db.select(columns).from(candles).where(where).orderBy(asc(candles.t));
      const newest = await db
        .select(columns)
        .from(candles)
        .where(where)
        .orderBy(desc(candles.t))
        .limit(limitMax);
      return newest.reverse();
    },
  };
}
export type CandlesRepository = ReturnType<typeof createCandlesRepository>;
