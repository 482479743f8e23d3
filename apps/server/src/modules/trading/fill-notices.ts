import { displaySymbol } from '@td/contracts/constants';
import type { TOrder } from '@td/contracts/trading';
import type { TriggerAction } from './trigger-books';

const KIND: Record<TriggerAction, string> = {
  fill: 'order_filled',
  take_profit: 'take_profit',
  stop_loss: 'stop_loss',
  liquidation: 'liquidation',
};

/**
 * The centre's words for each action, on the Real and on the Demo account: whole sentences with
 * named parts, so the web app can say them in its language (the parts keep their figures).
 */
export const FILL_NOTICE_TEXT = {
  fill: 'Limit order filled: {side} {pair} {amount} USD at {price}',
  fillDemo: 'Limit order filled: {side} {pair} {amount} USD (demo) at {price}',
  take_profit: 'Take profit hit: {side} {pair} {amount} USD at {price}, PnL {pnl} USD',
  take_profitDemo: 'Take profit hit: {side} {pair} {amount} USD (demo) at {price}, PnL {pnl} USD',
  stop_loss: 'Stop loss hit: {side} {pair} {amount} USD at {price}, PnL {pnl} USD',
  stop_lossDemo: 'Stop loss hit: {side} {pair} {amount} USD (demo) at {price}, PnL {pnl} USD',
  liquidation: 'Position liquidated: {side} {pair} {amount} USD at {price}, PnL {pnl} USD',
  liquidationDemo: 'Position liquidated: {side} {pair} {amount} USD (demo) at {price}, PnL {pnl} USD',
} as const;

/** The sides as the notices name them. */
export const SIDE_TEXT = { buy: 'Buy', sell: 'Sell' } as const;

/** The notification of what the trigger engine did to an order, as the centre shows it. */
export function fillNotice(order: TOrder, action: TriggerAction) {
  const key: keyof typeof FILL_NOTICE_TEXT = order.account === 'demo' ? `${action}Demo` : action;
  const template: string = FILL_NOTICE_TEXT[key];
  const at = action === 'fill' ? order.price : order.closePrice;
  const parts: Record<string, string> = {
    side: SIDE_TEXT[order.side],
    pair: displaySymbol(order.symbol),
    amount: order.amount,
    price: at ?? '—',
    pnl: order.pnl === null ? '—' : `${order.pnl.startsWith('-') ? '' : '+'}${order.pnl}`,
  };
  return {
    kind: KIND[action],
    payload: {
      message: template.replace(/\{(\w+)\}/g, (whole: string, name: string) => parts[name] ?? whole),
      orderId: order.id,
      symbol: order.symbol,
      account: order.account,
    },
  };
}
