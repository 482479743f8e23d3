import type { TAccount } from '@td/contracts/constants';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { ratePercent, type TSide } from '../../../domain/trading/trading-math';
import { formatMoney } from '../../../lib/format';
import styles from './order-ticket.module.css';

/**
 * Asks before an order above `share` of the account's balance is sent: what it is, against what
 * balance, and what it puts at stake; Cancel sends nothing.
 */
export function LargeOrderDialog(props: {
  isOpen: boolean;
  side: TSide;
  /** The position size in USD, as typed. */
  amount: string;
  /** The pair as shown ('BTC/USD'). */
  label: string;
  account: TAccount;
  balance: string | undefined;
  share: string;
  /** Margin and fee, when the preview has them. */
  cost: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { side, amount, label, account, balance, share, cost } = props;
  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title="Confirm a large order"
      description={
        <>
          This {side === 'buy' ? 'buy' : 'sell'} of {formatMoney(amount, 2)} USD of {label} is more than{' '}
          {ratePercent(share)} of your {account === 'demo' ? 'demo' : 'real'} balance
          {balance === undefined ? '' : ` (${formatMoney(balance, 2)} USD)`}. It puts{' '}
          {cost ? `${formatMoney(cost, 2)} USD` : 'its margin and fee'} at stake.
        </>
      }
      onSubmit={props.onConfirm}
      testId="confirm-large-order"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" className={`${styles.submit} ${styles[side]}`}>
            {side === 'buy' ? 'Buy' : 'Sell'} {formatMoney(amount, 2)} USD
          </Button>
        </>
      }
    />
  );
}
