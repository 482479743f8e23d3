import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZLineshot } from '@td/contracts/market';
import { z } from 'zod/mini';
import { api } from '../../lib/api-client';

/** The server rebuilds the 24-hour sparklines at most once a minute; asking more often is waste. */
const LINESHOT_REFRESH_MS = 60_000;

const ZLineshotPoints = z.array(z.tuple([z.number(), z.number()]));

/** Pair key → the closing prices of the last 24 hours, one an hour, oldest first. */
export type TLineshots = Record<string, number[]>;

/**
 * Each value of /public/lineshot is a JSON string of `[[tMs, price], …]`. A value that does not
 * parse is left out (that pair shows no sparkline) instead of failing the whole list. The prices
 * become numbers here because they are only ever drawn, never computed with.
 */
export function parseLineshots(raw: Record<string, string>): TLineshots {
  const parsed: TLineshots = {};
  for (const [key, text] of Object.entries(raw)) {
    try {
      const points = ZLineshotPoints.safeParse(JSON.parse(text));
      if (points.success) parsed[key] = points.data.map(([, price]) => price);
    } catch {
      // Malformed JSON: no sparkline for this pair.
    }
  }
  return parsed;
}

/** GET /public/lineshot?pairList=<key>,<key> → 24-hour sparkline points per pair key. */
export async function getLineshots(keys: readonly string[]): Promise<TLineshots> {
  const { data } = await api.get('/public/lineshot', {
    params: { pairList: keys.join(',') },
    schema: ZLineshot,
    // A missing sparkline is decoration, not an error worth a toast.
    silent: true,
  });
  return parseLineshots(data);
}

export function lineshotsQueryOptions(keys: readonly string[]) {
  const sorted = [...keys].sort();
  return queryOptions({
    queryKey: ['market', 'lineshot', sorted.join(',')] as const,
    queryFn: () => getLineshots(sorted),
    enabled: sorted.length > 0,
    staleTime: LINESHOT_REFRESH_MS,
    refetchInterval: LINESHOT_REFRESH_MS,
    // A filter that changes the keys keeps the old lines on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useLineshots(keys: readonly string[]) {
  return useQuery(lineshotsQueryOptions(keys));
}
