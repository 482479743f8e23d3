// A pair's specification as a trader reads it before trading: spread, order limits, leverage and
// margin, swaps, the coming week's sessions, the next holiday and the price source. Spread and
// leverage are the reader's own: widened and capped by their client group.
import { formatScaled } from '@td/contracts/decimal';
import type { TPairSpec } from '@td/contracts/financing';
import { leverageCap, markupQuote } from '@td/contracts/group-terms';
import { mulDivCeil, mulDivRound } from '@td/contracts/money-math';
import type { Database } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { DAY_MS } from '../../platform/time-units';
import { groupLeverageFor, markupFor, termsOf } from '../groups/group-terms';
import type { PricePolicy } from '../market/price-sources';
import { nextHoliday, tradingSessions } from '../market/trading-sessions';
import type { QuoteSource } from '../trading/quotes';
import { SWAP_DAYS_PER_YEAR, TRIPLE_SWAP_DAY } from '../trading/rollover';
import type { PairsRepository } from './pairs.repository';
import { trimDecimal } from './pairs.service';

const PPM = 1_000_000n;
const RATE_SCALE = 6;
/** The sessions a specification lists: the coming week. */
const SESSION_DAYS = 7;

/**
 * A pair's specification, as a trader reads it before trading: spread, order limits, leverage and
 * margin, swaps, the coming week's sessions and the next holiday, and where the prices come from.
 * Spreads and leverage are the reader's: widened by their client group's markup, capped by its
 * leverage for the pair's class.
 */
export function createPairSpecs(deps: {
  db: Database;
  pairs: PairsRepository;
  prices: PricePolicy;
  quotes: QuoteSource;
}) {
  return {
    async spec(userId: string, symbol: string, nowMs = Date.now()): Promise<TPairSpec> {
      const pair = await deps.pairs.find(symbol);
      if (!pair) throw notFound(`There is no pair ${symbol}`);
      const terms = await termsOf(deps.db, userId);
      const markupBp = markupFor(terms, pair.pairType);
      const market = deps.quotes.quote(pair.symbol);
      const quote = market && markupQuote(market, markupBp);
      const price = (value: bigint) => formatScaled(value, pair.pricePrecision);
      const mid = market ? (market.bid + market.ask) / 2n : undefined;
      // The typical spread at today's price, widened as a quote with it would be.
      const typical = (at: bigint) => {
        const spread = mulDivRound(at, BigInt(pair.spreadPpm), PPM);
        const seen = markupQuote({ bid: at, ask: at + spread }, markupBp);
        return seen.ask - seen.bid;
      };
      const maxLeverage = leverageCap(groupLeverageFor(terms, pair.pairType), pair.maxLeverage);
      const holiday = nextHoliday(pair.pairType, nowMs);
      return {
        symbol: pair.symbol,
        pairType: pair.pairType,
        pricePrecision: pair.pricePrecision,
        spread: quote ? price(quote.ask - quote.bid) : null,
        typicalSpread: mid === undefined ? null : price(typical(mid)),
        spreadRate: trimDecimal(formatScaled(pair.spreadPpm, RATE_SCALE)),
        minAmount: formatScaled(pair.minAmountCents, 2),
        maxAmount: formatScaled(pair.maxAmountCents, 2),
        amountStep: formatScaled(1n, pair.amountPrecision),
        // The pair's own within the platform's caps, lowered by the reader's group's cap.
        maxLeverage,
        marginRate: trimDecimal(formatScaled(mulDivCeil(PPM, 1n, BigInt(maxLeverage)), RATE_SCALE)),
        swapLong: trimDecimal(pair.swapLong),
        swapShort: trimDecimal(pair.swapShort),
        tripleSwapDay: TRIPLE_SWAP_DAY[pair.pairType],
        swapDaysPerYear: SWAP_DAYS_PER_YEAR[pair.pairType],
        sessions: tradingSessions(pair.pairType, nowMs, nowMs + SESSION_DAYS * DAY_MS).map((session) => ({
          opensAt: new Date(session.opensAtMs).toISOString(),
          closesAt: new Date(session.closesAtMs).toISOString(),
        })),
        nextHoliday: holiday ?? null,
        priceSource: deps.prices.sourceOf(pair.pairType),
      };
    },
  };
}
export type PairSpecs = ReturnType<typeof createPairSpecs>;
