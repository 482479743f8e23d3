/** Why the server closed a position, for the toast: 'take profit hit', 'liquidated'. */
export function exitReasonText(reason: string | null | undefined): string {
  switch (reason) {
    case 'take_profit':
      return 'take profit reached';
    case 'stop_loss':
      return 'stop loss reached';
    case 'liquidation':
      return 'liquidated';
    default:
      return 'closed';
  }
}

/** 'buy' → 'Buy'. */
export const sideLabel = (side: 'buy' | 'sell') => (side === 'buy' ? 'Buy' : 'Sell');
/** 'limit' → 'Limit'. */
export const orderTypeLabel = (type: 'market' | 'limit') => (type === 'market' ? 'Market' : 'Limit');
