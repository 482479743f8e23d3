// The notification-centre notice for what the trigger engine did to an order (filled, take profit,
// stop loss, liquidated, expired, refused): sentence templates with named parts, so the web app
// can say them in the user's language.
import { displaySymbol } from '@td/contracts/constants';
import type { TOrder } from '@td/contracts/trading';
import type { TriggerAction } from './trigger-books';

const KIND: Record<TriggerAction, string> = {
  fill: 'order_filled',
  take_profit: 'take_profit',
  stop_loss: 'stop_loss',
  liquidation: 'liquidation',
  stop_fill: 'order_filled',
  stop_trigger: 'stop_triggered',
  expire: 'order_expired',
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
  stop_fill: 'Stop order filled: {side} {pair} {amount} USD at {price}',
  stop_fillDemo: 'Stop order filled: {side} {pair} {amount} USD (demo) at {price}',
  stop_trigger: 'Stop-limit triggered: {side} {pair} {amount} USD, now a limit order at {price}',
  stop_triggerDemo: 'Stop-limit triggered: {side} {pair} {amount} USD (demo), now a limit order at {price}',
  expire: 'Order expired: {side} {pair} {amount} USD',
  expireDemo: 'Order expired: {side} {pair} {amount} USD (demo)',
  /** A pending Real order its pair's exposure limit refused as it would have opened. */
  refused: 'Order refused: {side} {pair} {amount} USD, the broker takes no more of this pair now',
} as const;

/** The sides as the notices name them. */
export const SIDE_TEXT = { buy: 'Buy', sell: 'Sell' } as const;

/** The notification of what the trigger engine did to an order, as the centre shows it. */
export function fillNotice(order: TOrder, action: TriggerAction) {
  const isRefused = order.status === 'rvt';
  const key: keyof typeof FILL_NOTICE_TEXT = isRefused
    ? 'refused'
    : order.account === 'demo'
      ? `${action}Demo`
      : action;
  const template: string = FILL_NOTICE_TEXT[key];
  const at =
    action === 'fill' || action === 'stop_fill' || action === 'stop_trigger' ? order.price : order.closePrice;
  const parts: Record<string, string> = {
    side: SIDE_TEXT[order.side],
    pair: displaySymbol(order.symbol),
    amount: order.amount,
    price: at ?? '—',
    pnl: order.pnl === null ? '—' : `${order.pnl.startsWith('-') ? '' : '+'}${order.pnl}`,
  };
  return {
    kind: isRefused ? 'order_refused' : KIND[action],
    payload: {
      message: template.replace(/\{(\w+)\}/g, (whole: string, name: string) => parts[name] ?? whole),
      orderId: order.id,
      symbol: order.symbol,
      account: order.account,
    },
  };
}
