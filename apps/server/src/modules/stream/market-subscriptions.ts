/**
 * The stream's market data: a socket subscribes to a pair's candles of one interval (`liveKline`)
 * and gets that pair's ticker too; the board's ticks go to those rooms, coalesced per room.
 */
import {
  LIVE_KLINE_THROTTLE_MS,
  type TLiveKlineEvent,
  type TTickerEvent,
  ZLiveKlineRequest,
} from '@td/contracts/market';
import type { TPairType } from '@td/contracts/statuses';
import { BoundedMap } from '../../platform/bounded';
import type { Logger } from '../../platform/logger';
import type { KlinesService } from '../market/klines.service';
import { formatCandle, type PriceBoard, toTicker } from '../market/price-board';
import { streamSymbol } from '../pairs/catalogue';
import type { PairRow, PairsRepository } from '../pairs/pairs.repository';
import { createCoalescer, NODE_SCHEDULER } from './coalescer';
import {
  klineRoom,
  type Refuse,
  type RoomAudience,
  type StreamServer,
  type StreamSocket,
  tickerRoom,
} from './stream-rooms';

/** Rooms a socket may join at once: every pair in every interval is far below this. */
const SUBSCRIPTIONS_MAX = 200;
const PAIRS_REFRESH_MS = 60_000;
const STORED_CANDLE_TTL_MS = 5_000;
/** One per pair and interval of a closed market: far above any catalogue. */
const STORED_CANDLES_MAX = 5_000;

/** What the stream coalesces: a room's candle or its pair's ticker. */
type StreamUpdate = { name: 'liveKline'; event: TLiveKlineEvent } | { name: 'ticker'; event: TTickerEvent };

/**
 * Market data reaches every stream process through the bus, so each one emits it to its own
 * sockets only (`io.local`); updates are coalesced per room and sent at most every
 * LIVE_KLINE_THROTTLE_MS, encoded once per room.
 */
export function createMarketSubscriptions(deps: {
  io: StreamServer;
  board: PriceBoard;
  pairs: PairsRepository;
  klines: KlinesService;
  audience: RoomAudience;
  log: Logger;
}) {
  const { io, audience, log } = deps;
  const { hasListeners, sent } = audience;

  // Pairs by their stream symbol (`BTC_USDT`, `forex:EUR_USD`), refreshed now and then.
  let pairsBySymbol = new Map<string, PairRow>();
  let pairsLoadedAtMs = 0;
  const findPair = async (symbol: string) => {
    if (Date.now() - pairsLoadedAtMs > PAIRS_REFRESH_MS) {
      const rows = await deps.pairs.all();
      pairsBySymbol = new Map(rows.map((row) => [streamSymbol(row.pairType, row.symbol), row]));
      pairsLoadedAtMs = Date.now();
    }
    return pairsBySymbol.get(symbol);
  };

  // A closed market's last candle, read once per pair and interval every few seconds however many
  // clients subscribe (a reconnecting crowd at the weekend would otherwise read it once each).
  const storedCandles = new BoundedMap<
    string,
    { atMs: number; candle: Promise<TLiveKlineEvent['candle'] | undefined> }
  >(STORED_CANDLES_MAX);
  const lastStoredCandle = (pair: PairRow, interval: TLiveKlineEvent['interval']) => {
    const key = `${pair.symbol}:${interval}`;
    const cached = storedCandles.get(key);
    if (cached && Date.now() - cached.atMs < STORED_CANDLE_TTL_MS) return cached.candle;
    const candle = deps.klines.klines(pair, { interval, from: 0, limit: 1 }).then((rows) => rows.at(-1));
    // A failed read is not remembered.
    candle.catch(() => storedCandles.delete(key));
    storedCandles.set(key, { atMs: Date.now(), candle });
    return candle;
  };

  /** Answers the socket's `liveKline` and `unLiveKline`. */
  const listen = (socket: StreamSocket, refuse: Refuse) => {
    socket.on('liveKline', (payload) => {
      const parsed = ZLiveKlineRequest.safeParse(payload);
      if (!parsed.success) return refuse('liveKline', 'Send { symbol, interval } with a known interval');
      const { symbol, interval } = parsed.data;
      if (socket.rooms.size >= SUBSCRIPTIONS_MAX) return refuse('liveKline', 'Too many subscriptions');
      findPair(symbol)
        .then(async (pair) => {
          if (!pair) return refuse('liveKline', `Unknown pair ${symbol}`);
          await socket.join([klineRoom(symbol, interval), tickerRoom(symbol)]);
          const live = deps.board.liveCandle(pair.symbol, interval);
          const candle = live
            ? formatCandle(live, pair.pricePrecision)
            : // A closed market: its last candle, however long ago it traded.
              await lastStoredCandle(pair, interval);
          if (candle)
            socket.emit('liveKline', { symbol, type: pair.pairType, interval, candle, closed: false });
          const latest = deps.board.get(pair.symbol);
          if (latest) socket.emit('ticker', toTicker(latest));
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'subscription failed');
          refuse('liveKline', 'Subscription failed, please retry');
        });
    });

    socket.on('unLiveKline', (payload) => {
      const parsed = ZLiveKlineRequest.safeParse(payload);
      if (!parsed.success) return refuse('unLiveKline', 'Send { symbol, interval } with a known interval');
      const { symbol, interval } = parsed.data;
      void socket.leave(klineRoom(symbol, interval));
      const stillWatched = [...socket.rooms].some((room) => room.startsWith(`kline:${symbol}:`));
      if (!stillWatched) void socket.leave(tickerRoom(symbol));
    });
  };

  // Coalescing: the latest candle per room and ticker per pair, at most once per throttle period.
  const outbox = createCoalescer<StreamUpdate>({
    throttleMs: LIVE_KLINE_THROTTLE_MS,
    now: Date.now,
    scheduler: NODE_SCHEDULER,
    send: (room, update) =>
      update.name === 'ticker'
        ? sent('ticker', room) && io.local.to(room).emit('ticker', update.event)
        : sent('liveKline', room) && io.local.to(room).emit('liveKline', update.event),
  });

  const offTick = deps.board.onTick((tick) => {
    const symbol = streamSymbol(tick.pairType as TPairType, tick.symbol);
    const kline = (interval: string, candle: (typeof tick.candles)[number]['candle'], closed: boolean) => ({
      name: 'liveKline' as const,
      event: {
        symbol,
        type: tick.pairType,
        interval: interval as TLiveKlineEvent['interval'],
        candle: formatCandle(candle, tick.precision),
        closed,
      },
    });
    for (const { interval, candle } of tick.closed) {
      const room = klineRoom(symbol, interval);
      if (hasListeners(room)) outbox.final(room, kline(interval, candle, true));
    }
    for (const { interval, candle } of tick.candles) {
      const room = klineRoom(symbol, interval);
      if (hasListeners(room)) outbox.update(room, kline(interval, candle, false));
    }
    const room = tickerRoom(symbol);
    if (hasListeners(room)) outbox.update(room, { name: 'ticker', event: toTicker(tick) });
  });

  return {
    listen,
    close() {
      outbox.close();
      offTick();
    },
  };
}
