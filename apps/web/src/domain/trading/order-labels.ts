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
    default:
      return t('orders.exit.closed');
  }
}

/** 'buy' → 'Buy': the side of an order or position (a noun where the language tells them apart). */
export const sideLabel = (side: 'buy' | 'sell') => t(side === 'buy' ? 'orders.side.buy' : 'orders.side.sell');
/** 'limit' → 'Limit'. */
export const orderTypeLabel = (type: 'market' | 'limit') =>
  type === 'market' ? t('orders.type.market') : t('orders.type.limit');
