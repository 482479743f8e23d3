/**
 * The server's parts the benchmarks drive directly (the package's `@td/server/bench` entry): the
 * market engine and its tick, the pair catalogue, the price board's formatting, the trigger books,
 * the margin monitor and the in-process bus. Nothing else of the server is importable from outside it.
 */
export { createMarketEngine } from './modules/market/market-engine';
export { MARKET_TICK_CHANNEL, type TMarketTick } from './modules/market/market-events';
export { isMarketOpen } from './modules/market/market-hours';
export { formatCandle, toTicker } from './modules/market/price-board';
export { CATALOGUE, pairKey, streamSymbol } from './modules/pairs/catalogue';
export { createMarginMonitor } from './modules/trading/margin-monitor';
export type { OrderRow } from './modules/trading/orders.repository';
export { TriggerBooks } from './modules/trading/trigger-books';
export type { Bus } from './platform/bus/bus';
export { createMemoryBus } from './platform/bus/memory-bus';
export type { Database } from './platform/db/client';
export type { Logger } from './platform/logger';
