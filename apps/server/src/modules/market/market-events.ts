// The bus message that carries each pair's state after a tick (prices, 24-hour figures, open and
// finished candles) from the process running the market to every process's price board.
import { z } from 'zod';
import { defineChannel } from '../../platform/bus/bus';

const ZCandleInts = z.object({
  t: z.number(),
  o: z.number(),
  h: z.number(),
  l: z.number(),
  c: z.number(),
  v: z.number(),
});
const ZIntervalCandle = z.object({ interval: z.string(), candle: ZCandleInts });

/**
 * One pair's state after a tick (or a periodic refresh while its market is closed). Prices are
 * integers in minor units; consumers format them with `precision`.
 */
export const ZMarketTick = z.object({
  symbol: z.string(),
  pairType: z.enum(['crp', 'forex', 'stocks']),
  key: z.string(),
  precision: z.number().int(),
  tMs: z.number(),
  price: z.number(),
  bid: z.number(),
  ask: z.number(),
  open24h: z.number(),
  high24h: z.number(),
  low24h: z.number(),
  volume24h: z.number(),
  /** The open candle of every interval after this tick. */
  candles: z.array(ZIntervalCandle),
  /** Candles this tick finished. */
  closed: z.array(ZIntervalCandle),
  /**
   * The publishing process's board: it took the tick in process already, and skips the copy the bus
   * brings back.
   */
  origin: z.string().max(64).optional(),
});
export type TMarketTick = z.infer<typeof ZMarketTick>;

/** Every pair's state after each tick, from the market role to every process's price board. */
export const MARKET_TICK_CHANNEL = defineChannel('market.tick', ZMarketTick);
