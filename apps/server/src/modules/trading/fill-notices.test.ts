import type { TOrder } from '@td/contracts/trading';
import { describe, expect, it } from 'vitest';
import { fillNotice } from './fill-notices';

const order = {
  id: 'o1',
  account: 'real',
  symbol: 'BTC_USDT',
  side: 'buy',
  amount: '1000.00',
  price: '50000.00',
  closePrice: '51000.00',
  pnl: '20.00',
} as TOrder;

describe('fillNotice', () => {
  it('tells a take-profit with its price and PnL', () => {
    expect(fillNotice(order, 'take_profit')).toEqual({
      kind: 'take_profit',
      payload: {
        message: 'Take profit hit: Buy BTC/USD 1000.00 USD at 51000.00, PnL +20.00 USD',
        orderId: 'o1',
        symbol: 'BTC_USDT',
        account: 'real',
      },
    });
  });

  it('tells a limit fill at its entry price, and marks the demo account', () => {
    const notice = fillNotice({ ...order, account: 'demo', side: 'sell' }, 'fill');
    expect(notice.kind).toBe('order_filled');
    expect(notice.payload.message).toBe('Limit order filled: Sell BTC/USD 1000.00 USD (demo) at 50000.00');
  });

  it('tells a liquidation with its loss', () => {
    expect(fillNotice({ ...order, pnl: '-80.00' }, 'liquidation').payload.message).toBe(
      'Position liquidated: Buy BTC/USD 1000.00 USD at 51000.00, PnL -80.00 USD',
    );
  });
});
