import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatCandle, streamSymbol, type TMarketTick, toTicker } from '@td/server/bench';
import { Redis } from 'ioredis';
import { createBareIo } from './bare-io';

/**
 * The stream-scale benchmark's baseline: a bare Socket.IO server in a process of its own that
 * hears the product's market ticks on Redis, as a stream process does, and sends each pair's
 * ticker and 1-minute candle to the clients who subscribed, with no tickets, sessions, coalescing
 * or checks. It tells its parent its port over IPC, and its memory when asked.
 */
const redisUrl = process.argv[2] ?? 'redis://127.0.0.1:6379';
const http = createServer();
const io = createBareIo(http);
const latest = new Map<string, { kline: unknown; ticker: unknown }>();
io.on('connection', (socket) => {
  socket.on('liveKline', (request: { symbol: string; interval: string }) => {
    void socket.join([`kline:${request.symbol}:1`, `ticker:${request.symbol}`]);
    const last = latest.get(request.symbol);
    if (last) {
      socket.emit('liveKline', last.kline);
      socket.emit('ticker', last.ticker);
    }
  });
});

const subscriber = new Redis(redisUrl);
subscriber.on('message', (_channel: string, raw: string) => {
  const tick = JSON.parse(raw) as TMarketTick;
  const symbol = streamSymbol(tick.pairType, tick.symbol);
  const minute = tick.candles.find((entry) => entry.interval === '1');
  const kline = minute && {
    symbol,
    type: tick.pairType,
    interval: '1',
    candle: formatCandle(minute.candle, tick.precision),
    closed: false,
  };
  const ticker = toTicker(tick);
  latest.set(symbol, { kline, ticker });
  if (kline) io.local.to(`kline:${symbol}:1`).emit('liveKline', kline);
  io.local.to(`ticker:${symbol}`).emit('ticker', ticker);
});
await subscriber.subscribe('td:market.tick');
http.listen(0, '127.0.0.1', () => process.send?.({ port: (http.address() as AddressInfo).port }));
process.on('message', (message: { type: string }) => {
  if (message.type === 'memory')
    process.send?.({ rss: process.memoryUsage().rss, clients: io.engine.clientsCount });
});
process.on('disconnect', () => process.exit(0));
