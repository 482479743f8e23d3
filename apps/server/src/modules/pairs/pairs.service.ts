// Pairs as traders see them: the contract's shape of a pair, the catalogue's seeding, favourites.
import { formatScaled } from '@td/contracts/decimal';
import { PAIR_PAUSED_TEXT, type TPair } from '@td/contracts/market';
import { PAIR_CODE } from '@td/contracts/statuses';
import { notFound } from '../../platform/errors';
import type { PreparedBody } from '../../platform/http/precompressed';
import { marketState, nextOpenMs } from '../market/market-hours';
import type { PricePolicy } from '../market/price-sources';
import {
  AMOUNT_MAX_CENTS,
  AMOUNT_MIN_CENTS,
  CATALOGUE,
  DEFAULT_MAX_LEVERAGE,
  DEFAULT_SPREAD_PPM,
  DEFAULT_SWAP,
  pairKey,
} from './catalogue';
import type { PairRow, PairsRepository } from './pairs.repository';
import type { PairsBodies, PairsFilter } from './pairs-body';

const PPM_SCALE = 6;

/** A decimal without the zeros its column pads it with ("-2.5000" → "-2.5", "10.0000" → "10"). */
export const trimDecimal = (text: string) =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;

export function toPairDto(row: PairRow, favorite: boolean, prices: PricePolicy, nowMs = Date.now()): TPair {
  const market = marketState(row.pairType, nowMs);
  const isPaused = row.status !== PAIR_CODE.active;
  return {
    symbol: row.symbol,
    base: row.base,
    quote: row.quote,
    pairType: row.pairType,
    status: row.status,
    pricePrecision: row.pricePrecision,
    amountPrecision: row.amountPrecision,
    minAmount: formatScaled(row.minAmountCents, 2),
    maxAmount: formatScaled(row.maxAmountCents, 2),
    maxLeverage: row.maxLeverage,
    spread: formatScaled(row.spreadPpm, PPM_SCALE).replace(/0+$/, '').replace(/\.$/, ''),
    favorite,
    marketOpen: row.status === PAIR_CODE.active && market.isOpen,
    marketClosedReason: isPaused ? PAIR_PAUSED_TEXT : market.isOpen ? null : market.why,
    marketOpensAt: isPaused || market.isOpen ? null : new Date(nextOpenMs(row.pairType, nowMs)).toISOString(),
    key: pairKey(row.pairType, row.symbol),
    priceSource: prices.sourceOf(row.pairType),
    realTrading: prices.isRealTradable(row.pairType),
    swapLong: trimDecimal(row.swapLong),
    swapShort: trimDecimal(row.swapShort),
  };
}

/** Seeds the catalogue (idempotent): run at every start, it only adds pairs that are missing. */
export function seedPairs(repo: PairsRepository): Promise<number> {
  return repo.seed(
    CATALOGUE.map((pair, index) => ({
      symbol: pair.symbol,
      base: pair.base,
      quote: pair.quote,
      pairType: pair.pairType,
      pricePrecision: pair.pricePrecision,
      amountPrecision: 2,
      minAmountCents: AMOUNT_MIN_CENTS,
      maxAmountCents: AMOUNT_MAX_CENTS,
      maxLeverage: DEFAULT_MAX_LEVERAGE[pair.pairType],
      spreadPpm: DEFAULT_SPREAD_PPM[pair.pairType],
      ...DEFAULT_SWAP[pair.pairType],
      sortOrder: index,
    })),
  );
}

/** What traders do with pairs: the list (as prepared bytes) and their favourites. */
export function createPairsService(deps: { repo: PairsRepository; bodies: PairsBodies }) {
  return {
    /**
     * `GET /pairs` for this user and filter, as the bytes of the whole answer: at once when all it
     * is made of is kept, else once it is read.
     */
    list(userId: string, filter: PairsFilter): PreparedBody | Promise<PreparedBody> {
      return deps.bodies.body(userId, filter);
    },
    async setFavorite(userId: string, symbol: string, isFavorite: boolean): Promise<void> {
      if (!(await deps.repo.find(symbol))) throw notFound(`There is no pair ${symbol}`);
      await deps.bodies.setFavorite(userId, symbol, isFavorite);
    },
  };
}
export type PairsService = ReturnType<typeof createPairsService>;
