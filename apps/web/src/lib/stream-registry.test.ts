import type { TLiveKlineRequest } from '@td/contracts/market';
import { describe, expect, it } from 'vitest';
import { createKlineRegistry, reconnectDelayMs, type TSubscriptionEvent } from './stream-registry';

function setup() {
  const sent: Array<[TSubscriptionEvent, TLiveKlineRequest]> = [];
  const registry = createKlineRegistry<string>((event, request) => sent.push([event, request]));
  return { registry, sent };
}

const btcHour = { symbol: 'BTC_USDT', interval: '60' } as const;
const eurFive = { symbol: 'forex:EUR_USD', interval: '5' } as const;

describe('kline subscriptions', () => {
  it('subscribes on the server for the first handler only, while connected', () => {
    const { registry, sent } = setup();
    registry.setConnected(true);
    registry.add(btcHour, 'chart');
    registry.add(btcHour, 'ticker-strip');
    expect(sent).toEqual([['liveKline', btcHour]]);
    expect(registry.handlersOf('BTC_USDT', '60')).toEqual(['chart', 'ticker-strip']);
  });

  it('unsubscribes on the server when the last handler goes, not before', () => {
    const { registry, sent } = setup();
    registry.setConnected(true);
    const removeChart = registry.add(btcHour, 'chart');
    const removeStrip = registry.add(btcHour, 'strip');
    removeChart();
    expect(sent).toEqual([['liveKline', btcHour]]);
    removeStrip();
    expect(sent).toEqual([
      ['liveKline', btcHour],
      ['unLiveKline', btcHour],
    ]);
    expect(registry.handlersOf('BTC_USDT', '60')).toEqual([]);
    expect(registry.size).toBe(0);
  });

  it('treats each interval of a pair as its own subscription', () => {
    const { registry, sent } = setup();
    registry.setConnected(true);
    registry.add(btcHour, 'hour');
    registry.add({ symbol: 'BTC_USDT', interval: '1' }, 'minute');
    expect(sent.map(([, request]) => request.interval)).toEqual(['60', '1']);
    expect(registry.handlersOf('BTC_USDT', '1')).toEqual(['minute']);
  });

  it('ignores a second call of the same unsubscribe function', () => {
    const { registry, sent } = setup();
    registry.setConnected(true);
    const remove = registry.add(btcHour, 'chart');
    registry.add(btcHour, 'other');
    remove();
    remove();
    expect(registry.handlersOf('BTC_USDT', '60')).toEqual(['other']);
    expect(registry.size).toBe(1);
    expect(sent).toEqual([['liveKline', btcHour]]);
  });

  it('removes one registration at a time when the same handler is added twice', () => {
    const { registry } = setup();
    const first = registry.add(btcHour, 'same');
    registry.add(btcHour, 'same');
    first();
    expect(registry.handlersOf('BTC_USDT', '60')).toEqual(['same']);
  });

  it('sends nothing while disconnected and subscribes to everything held at the next connect', () => {
    const { registry, sent } = setup();
    registry.add(btcHour, 'chart');
    registry.add(eurFive, 'chart');
    const removed = registry.add({ symbol: 'ETH_USDT', interval: '15' }, 'gone');
    removed();
    expect(sent).toEqual([]);
    registry.setConnected(true);
    expect(sent).toEqual([
      ['liveKline', btcHour],
      ['liveKline', eurFive],
    ]);
  });

  it('subscribes again to every pair it last had after a reconnect', () => {
    const { registry, sent } = setup();
    registry.setConnected(true);
    registry.add(btcHour, 'chart');
    registry.add(eurFive, 'chart');
    sent.length = 0;

    registry.setConnected(false);
    // A screen that unmounts while offline is not subscribed again; one that mounts is.
    registry.add({ symbol: 'stocks:AAPL_USD', interval: '1D' }, 'new');
    const stale = registry.add({ symbol: 'ETH_USDT', interval: '5' }, 'stale');
    stale();
    expect(sent).toEqual([]);

    registry.setConnected(true);
    expect(sent).toEqual([
      ['liveKline', btcHour],
      ['liveKline', eurFive],
      ['liveKline', { symbol: 'stocks:AAPL_USD', interval: '1D' }],
    ]);
  });

  it('does not subscribe twice when told it is connected twice', () => {
    const { registry, sent } = setup();
    registry.add(btcHour, 'chart');
    registry.setConnected(true);
    registry.setConnected(true);
    expect(sent).toEqual([['liveKline', btcHour]]);
  });

  it('lists what it holds, as copies', () => {
    const { registry } = setup();
    registry.add(btcHour, 'a');
    registry.add(btcHour, 'b');
    registry.add(eurFive, 'c');
    const requests = registry.requests();
    expect(requests).toEqual([btcHour, eurFive]);
    requests[0] = { symbol: 'X_Y', interval: '1' };
    expect(registry.requests()).toEqual([btcHour, eurFive]);
    expect(registry.size).toBe(3);
  });
});

describe('reconnectDelayMs', () => {
  const middle = () => 0.5;

  it('starts at 1 s and doubles up to the 5 s ceiling', () => {
    expect(reconnectDelayMs(0, middle)).toBe(1000);
    expect(reconnectDelayMs(1, middle)).toBe(2000);
    expect(reconnectDelayMs(2, middle)).toBe(4000);
    expect(reconnectDelayMs(3, middle)).toBe(5000);
    expect(reconnectDelayMs(50, middle)).toBe(5000);
  });

  it('spreads each delay by up to half of it, never above 5 s', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(0, () => 1)).toBe(1500);
    expect(reconnectDelayMs(2, () => 0)).toBe(2000);
    expect(reconnectDelayMs(2, () => 1)).toBe(5000);
    expect(reconnectDelayMs(5, () => 0)).toBe(2500);
  });

  it('treats a negative attempt as the first', () => {
    expect(reconnectDelayMs(-3, middle)).toBe(1000);
  });
});
