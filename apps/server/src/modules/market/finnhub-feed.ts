import type { TPairType } from '@td/contracts/statuses';
import { z } from 'zod';
import type { Logger } from '../../platform/logger';
import type { FeedEvent } from './binance-feed';
import { socketFeed } from './feed-socket';

/** Finnhub's trade stream: `wss://ws.finnhub.io?token=<key>`. */
export const FINNHUB_WS_URL = 'wss://ws.finnhub.io';
/** Finnhub's free tier streams at most 50 symbols per connection. */
const SYMBOLS_PER_CONNECTION_MAX = 50;

// https://finnhub.io/docs/api/websocket-trades: {"type":"trade","data":[{"s","p","t","v"}]}
const ZTrade = z.object({
  s: z.string().min(1).max(40),
  p: z.number().positive().finite(),
  t: z.number().int().positive(),
  v: z.number().nonnegative().finite(),
});
const ZTradesMessage = z.object({ type: z.literal('trade'), data: z.array(z.unknown()).max(1000) });

/** Our symbol as Finnhub names it: stocks by ticker (`AAPL`), forex through OANDA (`OANDA:EUR_USD`). */
export function finnhubName(symbol: string, pairType: TPairType): string {
  return pairType === 'stocks' ? (symbol.split('_')[0] ?? symbol) : `OANDA:${symbol}`;
}

/**
 * Turns Finnhub's trade stream into our trades, for the forex and stock pairs. Subscribes each
 * pair after every (re)connection, reconnects with backoff, and drops what is malformed or not
 * ours (a bad trade in a batch costs that trade only). The key travels in the URL, so it is never
 * logged: errors are logged by message with the key cut out (`feed-socket.ts`).
 */
export function createFinnhubFeed(options: {
  url: string;
  token: string;
  pairs: ReadonlyArray<{ symbol: string; pairType: TPairType }>;
  logger: Logger;
}) {
  const log = options.logger.child({ module: 'finnhub-feed' });
  const pairs = options.pairs.slice(0, SYMBOLS_PER_CONNECTION_MAX);
  const byName = new Map(pairs.map((pair) => [finnhubName(pair.symbol, pair.pairType), pair.symbol]));

  const parse = (raw: string): FeedEvent[] => {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return [];
    }
    const message = ZTradesMessage.safeParse(json);
    if (!message.success) return [];
    return message.data.data.flatMap((item): FeedEvent[] => {
      const trade = ZTrade.safeParse(item);
      const symbol = trade.success ? byName.get(trade.data.s) : undefined;
      if (!trade.success || !symbol) return [];
      const { p, t, v } = trade.data;
      return [{ kind: 'trade', symbol, tMs: t, price: String(p), quoteVolume: p * v }];
    });
  };

  return socketFeed(parse, (onEvent: (event: FeedEvent) => void) => ({
    name: 'Finnhub',
    url: `${options.url.replace(/\/+$/, '')}?token=${encodeURIComponent(options.token)}`,
    logger: log,
    onOpen: (send) => {
      for (const name of byName.keys()) send({ type: 'subscribe', symbol: name });
    },
    onMessage: (raw) => {
      for (const event of parse(raw)) onEvent(event);
    },
    redact: (text) => text.split(options.token).join('***'),
  }));
}
export type FinnhubFeed = ReturnType<typeof createFinnhubFeed>;
