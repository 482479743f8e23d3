import { displaySymbol } from '@td/contracts/constants';
import type { TOrder } from '@td/contracts/trading';
import type { TriggerAction } from './trigger-books';

const WHAT: Record<TriggerAction, { kind: string; title: string }> = {
  fill: { kind: 'order_filled', title: 'Limit order filled' },
  take_profit: { kind: 'take_profit', title: 'Take profit hit' },
  stop_loss: { kind: 'stop_loss', title: 'Stop loss hit' },
  liquidation: { kind: 'liquidation', title: 'Position liquidated' },
};

/** The notification of what the trigger engine did to an order, as the centre shows it. */
export function fillNotice(order: TOrder, action: TriggerAction) {
  const { kind, title } = WHAT[action];
  const side = order.side === 'buy' ? 'Buy' : 'Sell';
  const account = order.account === 'demo' ? ' (demo)' : '';
  const at = action === 'fill' ? order.price : order.closePrice;
  const pnl =
    action === 'fill' || order.pnl === null
      ? ''
      : `, PnL ${order.pnl.startsWith('-') ? '' : '+'}${order.pnl} USD`;
  return {
    kind,
    payload: {
      message: `${title}: ${side} ${displaySymbol(order.symbol)} ${order.amount} USD${account} at ${at ?? '—'}${pnl}`,
      orderId: order.id,
      symbol: order.symbol,
      account: order.account,
    },
  };
}
