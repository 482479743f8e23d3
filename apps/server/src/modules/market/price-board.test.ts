import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../platform/bus/memory-bus';
import { MARKET_TICK_CHANNEL, type TMarketTick } from './market-events';
import { createPriceBoard } from './price-board';

const logger = pino({ level: 'silent' });

const tickOf = (price: number, tMs: number): TMarketTick => ({
  symbol: 'BTC_USDT',
  pairType: 'crp',
  key: 'CRP:BTC_USDT',
  precision: 2,
  tMs,
  price,
  bid: price - 1,
  ask: price + 1,
  open24h: price,
  high24h: price,
  low24h: price,
  volume24h: 1,
  candles: [],
  closed: [],
});

/** Lets the memory bus deliver what was published (it delivers on a later microtask). */
const delivered = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the price board', () => {
  it('takes its own engine’s ticks directly, once, and other processes’ off the bus', async () => {
    const bus = createMemoryBus(logger);
    const board = createPriceBoard(bus);
    await board.start();
    const seen: number[] = [];
    board.onTick((tick) => seen.push(tick.price));

    // The engine of this process: taken at once, without the bus; its copy on the bus is skipped.
    const own = { ...tickOf(100, 1), origin: board.origin };
    board.accept(own);
    expect(board.get('BTC_USDT')?.price).toBe(100);
    await bus.publish(MARKET_TICK_CHANNEL, own);
    await delivered();
    expect(seen).toEqual([100]);

    // Another process's engine (another board's origin, or none): taken off the bus.
    await bus.publish(MARKET_TICK_CHANNEL, { ...tickOf(101, 2), origin: 'another-process' });
    await delivered();
    expect(board.get('BTC_USDT')?.price).toBe(101);
    expect(seen).toEqual([100, 101]);
    await board.stop();
    await bus.close();
  });

  it('stays current from its own engine while the bus carries nothing', async () => {
    const bus = createMemoryBus(logger);
    const board = createPriceBoard(bus);
    await board.start();
    await bus.close();
    board.accept({ ...tickOf(102, 3), origin: board.origin });
    expect(board.get('BTC_USDT')).toMatchObject({ price: 102, tMs: 3 });
    expect(JSON.parse(board.pricesBody(10_000).bytes.toString()).data['CRP:BTC_USDT'].price).toBe('1.02');
    await board.stop();
  });
});
