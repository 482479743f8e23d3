import type { TOrderType } from '@td/contracts/trading';
import { t } from '../../lib/i18n';

/** Why the server closed a position, for the toast: 'take profit hit', 'liquidated'. */
export function exitReasonText(reason: string | null | undefined): string {
  switch (reason) {
    case 'take_profit':
      return t('orders.exit.takeProfit');
    case 'stop_loss':
      return t('orders.exit.stopLoss');
    case 'liquidation':
      return t('orders.exit.liquidation');
    case 'stop_out':
      return t('orders.exit.stopOut');
    default:
      return t('orders.exit.closed');
  }
}

/** 'buy' → 'Buy': the side of an order or position (a noun where the language tells them apart). */
export const sideLabel = (side: 'buy' | 'sell') => t(side === 'buy' ? 'orders.side.buy' : 'orders.side.sell');
const TYPE_KEYS = {
  market: 'orders.type.market',
  limit: 'orders.type.limit',
  stop: 'orders.type.stop',
  stop_limit: 'orders.type.stopLimit',
} as const;
/** 'limit' → 'Limit', 'stop_limit' → 'Stop limit'. */
export const orderTypeLabel = (type: TOrderType) => t(TYPE_KEYS[type]);
