// Words for the server's order reason codes. The codes are the API's (orders.service.ts); the
// server writes the same sentences into rejection messages and the CSV export.
// TODO(contracts): move REASON_TEXT into packages/contracts so neither side spells it twice.

const REASON_TEXT: Record<string, string> = {
  market_closed: 'The market is closed',
  insufficient_margin: 'Not enough free margin',
  pair_inactive: 'This pair is not available for trading',
  amount_out_of_range: 'The amount is outside the limits of this pair',
  leverage_out_of_range: 'The leverage is above the maximum for this pair',
  no_price: 'No live price for this pair right now',
  take_profit: 'Take profit',
  stop_loss: 'Stop loss',
  liquidation: 'Liquidation',
  partial_close: 'Partial close',
  demo_reset: 'Demo reset',
};

/** A reason code as a sentence ('insufficient_margin' → 'Not enough free margin'); '' for none. */
export function reasonText(reason: string | null | undefined): string {
  if (!reason) return '';
  return REASON_TEXT[reason] ?? reason.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());
}

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
