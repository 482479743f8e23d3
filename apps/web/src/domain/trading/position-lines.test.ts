import { openPosition } from '@td/contracts/testing/orders';
import { describe, expect, it } from 'vitest';
import { positionPriceLines } from './position-lines';

describe('price lines of open positions', () => {
  it('draws entry and liquidation, and the exits that are set', () => {
    expect(
      positionPriceLines([openPosition({ takeProfit: '52000.00', stopLoss: '49000.00' })], 'BTC_USDT'),
    ).toEqual([
      { price: '50000.00', title: 'Buy entry', kind: 'entry', orderId: 'o1' },
      { price: '52000.00', title: 'TP', kind: 'takeProfit', orderId: 'o1', isDraggable: true },
      { price: '49000.00', title: 'SL', kind: 'stopLoss', orderId: 'o1', isDraggable: true },
      { price: '46000.00', title: 'Liq.', kind: 'liquidation', orderId: 'o1' },
    ]);
  });

  it("draws a pending limit order's price, which can be dragged", () => {
    const limit = openPosition({ id: 'o2', type: 'limit', status: 'pnd', side: 'sell', price: '55000.00' });
    expect(positionPriceLines([], 'BTC_USDT', [limit])).toEqual([
      { price: '55000.00', title: 'Limit sell', kind: 'limit', orderId: 'o2', isDraggable: true },
    ]);
  });

  it("draws a pending order's take-profit and stop-loss, named after it, draggable and fainter", () => {
    const limit = openPosition({
      id: 'o5',
      type: 'limit',
      status: 'pnd',
      price: '48000.00',
      takeProfit: '53000.00',
      stopLoss: '47000.00',
    });
    const stop = openPosition({
      id: 'o6',
      type: 'stop',
      status: 'pnd',
      side: 'sell',
      price: null,
      stopPrice: '49000.00',
      takeProfit: '45000.00',
    });
    const exits = { orderId: 'o5', isDraggable: true, isPending: true };
    expect(positionPriceLines([], 'BTC_USDT', [limit, stop])).toEqual([
      { price: '48000.00', title: 'Limit buy', kind: 'limit', orderId: 'o5', isDraggable: true },
      { price: '53000.00', title: 'Limit buy TP', kind: 'takeProfit', ...exits },
      { price: '47000.00', title: 'Limit buy SL', kind: 'stopLoss', ...exits },
      { price: '49000.00', title: 'Stop sell', kind: 'stop', orderId: 'o6', isDraggable: true },
      { price: '45000.00', title: 'Stop sell TP', kind: 'takeProfit', ...exits, orderId: 'o6' },
    ]);
  });

  it("draws a pending stop's trigger (draggable) and a stop-limit's limit once triggered", () => {
    const stop = openPosition({ id: 'o3', type: 'stop', status: 'pnd', price: null, stopPrice: '51000.00' });
    const stopLimit = openPosition({
      id: 'o4',
      type: 'stop_limit',
      status: 'pnd',
      side: 'sell',
      price: '48500.00',
      stopPrice: '49000.00',
    });
    expect(positionPriceLines([], 'BTC_USDT', [stop, stopLimit])).toEqual([
      { price: '51000.00', title: 'Stop buy', kind: 'stop', orderId: 'o3', isDraggable: true },
      { price: '49000.00', title: 'Stop sell', kind: 'stop', orderId: 'o4', isDraggable: true },
      { price: '48500.00', title: 'Limit sell', kind: 'limit', orderId: 'o4', isDraggable: true },
    ]);
    const triggered = { ...stopLimit, triggeredAt: '2026-01-01T00:01:00.000Z' };
    expect(positionPriceLines([], 'BTC_USDT', [triggered]).map((line) => line.kind)).toEqual(['limit']);
  });

  it("draws a trailing stop's current level, which the server moves and a drag does not", () => {
    const lines = positionPriceLines(
      [openPosition({ stopLoss: '49800.00', trailingStop: '200.00' })],
      'BTC_USDT',
    );
    expect(lines).toContainEqual({
      price: '49800.00',
      title: 'Trailing SL',
      kind: 'stopLoss',
      orderId: 'o1',
      isDraggable: false,
    });
  });

  it("draws only the chart's pair", () => {
    expect(positionPriceLines([openPosition({ symbol: 'ETH_USDT' })], 'BTC_USDT')).toEqual([]);
    expect(positionPriceLines(undefined, 'BTC_USDT')).toEqual([]);
  });
});
