// The answer of `GET /pairs` as prepared bytes: each pair serialised once (as a favourite and
// not), the whole body kept per set of favourites (with its compressed forms), until the pairs,
// the trading settings or a market's state change.
import { successEnvelope } from '@td/contracts/envelope';
import { type TPair, ZPair } from '@td/contracts/market';
import type { TTradingSettings } from '@td/contracts/settings';
import type { TPairType } from '@td/contracts/statuses';
import { z } from 'zod/mini';
import { BoundedMap } from '../../platform/bounded';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import { type PreparedBody, preparedBody } from '../../platform/http/precompressed';
import { createReadCache } from '../../platform/read-cache';
import { marketStateBlock } from '../market/market-hours';
import type { PricePolicy } from '../market/price-sources';
import { PAIRS_CHANGED_CHANNEL } from './pair-cache';
import { withTradingLimits } from './pair-limits';
import type { PairRow, PairsRepository } from './pairs.repository';
import { toPairDto } from './pairs.service';

/** A user's favourites changed (in any process): every process drops its copy of them. */
export const FAVORITES_CHANGED_CHANNEL = defineChannel('pairs.favorites', z.object({ userId: z.string() }));

export const PAIRS_MESSAGE = 'Pairs fetched successfully';
/** The response schema of `GET /pairs`, for the OpenAPI document and for checking each pair once. */
export const ZPairsAnswer = successEnvelope(z.array(ZPair));

/** How long a cached copy is trusted without hearing of a change (a lost bus message heals). */
const CACHE_TTL_MS = 60_000;
/** Users whose favourites are kept; beyond it the least lately read are read again. */
const FAVORITES_CACHED_MAX = 20_000;
/** Whole bodies kept per set of favourites (~25 KB each); most users share the empty set's. */
const BODIES_CACHED_MAX = 100;

interface Favorites {
  symbols: ReadonlySet<string>;
  /** The sorted symbols: the key of the body this set of favourites gets. */
  key: string;
}

interface Prepared {
  rows: PairRow[];
  settings: TTradingSettings;
  block: number;
  pairs: Array<{ row: PairRow; plain: string; favorite: string }>;
  bodies: BoundedMap<string, PreparedBody>;
}

export interface PairsFilter {
  type?: TPairType | undefined;
  favorites?: boolean | undefined;
  q?: string | undefined;
}

const HEAD = `{"message":${JSON.stringify(PAIRS_MESSAGE)},"data":[`;
const TAIL = ']}';

/** Bytes of one pair exactly as the response schema's serializer would write them. */
const serialised = (pair: TPair) => JSON.stringify(z.encode(ZPair, pair));

/**
 * `GET /pairs` for a user as bytes. The pair rows are read once and dropped when an administrator
 * changes a pair (PAIRS_CHANGED_CHANNEL, announced to every process); the trading settings are the
 * settings service's own cached copy, dropped on its announcement, and a new copy rebuilds the
 * pairs; a market opening or closing is a new 30-minute block. A user's favourites are read once
 * and dropped on FAVORITES_CHANGED_CHANNEL. After the bus reconnects, everything is read again.
 */
export function createPairsBodies(deps: {
  repo: PairsRepository;
  tradingSettings: () => Promise<TTradingSettings>;
  /** The trading settings' kept copy when it is at hand, without waiting (else undefined). */
  tradingSettingsNow: () => TTradingSettings | undefined;
  prices: PricePolicy;
  bus: Bus;
}) {
  // One entry: the pair rows, under the key `all`.
  const rows = createReadCache<'all', PairRow[]>({ ttlMs: CACHE_TTL_MS, max: 1 });
  let prepared: Prepared | undefined;
  const favorites = createReadCache<string, Favorites>({ ttlMs: CACHE_TTL_MS, max: FAVORITES_CACHED_MAX });

  const dropAll = () => {
    rows.clear();
    favorites.clear();
  };
  const offPairs = deps.bus.subscribe(PAIRS_CHANGED_CHANNEL, () => {
    rows.clear();
  });
  const offFavorites = deps.bus.subscribe(FAVORITES_CHANGED_CHANNEL, ({ userId }) => {
    favorites.delete(userId);
  });
  const offRecovered = deps.bus.onRecovered(dropAll);

  const favoritesOf = (userId: string) =>
    favorites.get(userId, () =>
      deps.repo.favoritesOf(userId).then((symbols) => ({
        symbols: new Set(symbols),
        key: [...symbols].sort().join(','),
      })),
    );

  const prepare = (pairRows: PairRow[], settings: TTradingSettings, block: number, nowMs: number) => {
    const pairs = pairRows.map((stored) => {
      const row = withTradingLimits(stored, settings);
      const pair = toPairDto(row, false, deps.prices, nowMs);
      return { row, plain: serialised(pair), favorite: serialised({ ...pair, favorite: true }) };
    });
    return {
      rows: pairRows,
      settings,
      block,
      pairs,
      bodies: new BoundedMap<string, PreparedBody>(BODIES_CACHED_MAX),
    };
  };

  const bodyOf = (ready: Prepared, mine: Favorites, filter: PairsFilter) => {
    const q = filter.q?.replace(/[%_\\]/g, '').toLowerCase();
    const parts: string[] = [];
    for (const { row, plain, favorite } of ready.pairs) {
      const isFavorite = mine.symbols.has(row.symbol);
      if (filter.type && row.pairType !== filter.type) continue;
      if (filter.favorites && !isFavorite) continue;
      if (q && !row.symbol.toLowerCase().includes(q) && !row.base.toLowerCase().includes(q)) continue;
      parts.push(isFavorite ? favorite : plain);
    }
    return Buffer.from(`${HEAD}${parts.join(',')}${TAIL}`);
  };

  /** The answer from what is read, the pairs prepared again when any of it is new. */
  const answer = (
    pairRows: PairRow[],
    settings: TTradingSettings,
    mine: Favorites,
    filter: PairsFilter,
    nowMs: number,
  ): PreparedBody => {
    const block = marketStateBlock(nowMs);
    if (!prepared || prepared.rows !== pairRows || prepared.settings !== settings || prepared.block !== block)
      prepared = prepare(pairRows, settings, block, nowMs);
    const isFiltered = Boolean(filter.type || filter.favorites || filter.q);
    if (isFiltered) return preparedBody(bodyOf(prepared, mine, filter), 'once');
    let body = prepared.bodies.get(mine.key);
    if (!body) {
      body = preparedBody(bodyOf(prepared, mine, filter));
      prepared.bodies.set(mine.key, body);
    }
    return body;
  };

  return {
    /**
     * The answer's bytes for this user and filter (the unfiltered list's kept, compressed once): at
     * once when the pairs, the settings and the user's favourites are all kept (nearly always: no
     * promise on the way), else once what is missing is read.
     */
    body(userId: string, filter: PairsFilter): PreparedBody | Promise<PreparedBody> {
      const nowMs = Date.now();
      const pairRows = rows.peek('all');
      const settings = pairRows && deps.tradingSettingsNow();
      const mine = settings && favorites.peek(userId);
      if (pairRows && settings && mine) return answer(pairRows, settings, mine, filter, nowMs);
      return Promise.all([
        rows.get('all', () => deps.repo.all()),
        deps.tradingSettings(),
        favoritesOf(userId),
      ]).then(([readRows, readSettings, readMine]) =>
        answer(readRows, readSettings, readMine, filter, nowMs),
      );
    },

    /** Marks or unmarks a favourite, and tells every process to read the user's favourites again. */
    async setFavorite(userId: string, symbol: string, isFavorite: boolean): Promise<void> {
      if (isFavorite) await deps.repo.addFavorite(userId, symbol);
      else await deps.repo.removeFavorite(userId, symbol);
      favorites.delete(userId);
      await deps.bus.publish(FAVORITES_CHANGED_CHANNEL, { userId });
    },

    async close() {
      offRecovered();
      await Promise.all([(await offPairs)(), (await offFavorites)()]);
    },
  };
}
export type PairsBodies = ReturnType<typeof createPairsBodies>;
