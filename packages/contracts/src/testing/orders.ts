/**
 * Orders as the API answers them, for the server's and the web app's tests: an open BTC/USDT buy
 * position, changed field by field by each test.
 */
import type { TOrder } from '../trading';

/** A 1,000 USD BTC/USDT buy at 50,000 with 10× leverage, open on the demo account. */
export const openPosition = (overrides: Partial<TOrder> = {}): TOrder => ({
  id: 'o1',
  account: 'demo',
  symbol: 'BTC_USDT',
  side: 'buy',
  type: 'market',
  amount: '1000.00',
  leverage: 10,
  price: '50000.00',
  margin: '100.00',
  fee: '0.50',
  takeProfit: null,
  stopLoss: null,
  liquidationPrice: '46000.00',
  closePrice: null,
  stopPrice: null,
  trailingStop: null,
  timeInForce: 'gtc',
  expiresAt: null,
  triggeredAt: null,
  status: 'act',
  reason: null,
  pnl: null,
  swap: '0.00',
  clientOrderId: null,
  parentId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  openedAt: '2026-01-01T00:00:00.000Z',
  closedAt: null,
  ...overrides,
});
