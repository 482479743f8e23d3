import type { TAccount } from '@td/contracts/constants';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { ratePercent, type TSide } from '../../../domain/trading/trading-math';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import styles from './order-ticket.module.css';

/**
 * Asks before an order that puts more than `share` of the account's free margin at stake is sent:
 * what it is, what it puts at stake (margin and fee), out of what; Cancel sends nothing.
 */
export function LargeOrderDialog(props: {
  isOpen: boolean;
  side: TSide;
  /** The position size in USD, as typed. */
  amount: string;
  /** The pair as shown ('BTC/USD'). */
  label: string;
  account: TAccount;
  /** The free margin it comes out of. */
  free: string;
  share: string;
  /** Margin and fee. */
  cost: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { side, amount, label, account, free, share, cost } = props;
  const t = useT();
  const order = {
    side: t(side === 'buy' ? 'trade.largeOrder.buy' : 'trade.largeOrder.sell'),
    amount: formatMoney(amount, 2),
    pair: label,
    share: ratePercent(share),
    account: t(account === 'demo' ? 'trade.largeOrder.demo' : 'trade.largeOrder.real'),
    cost: formatMoney(cost, 2),
    free: formatMoney(free, 2),
  };
  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title={t('trade.largeOrder.title')}
      description={t('trade.largeOrder.text', order)}
      onSubmit={props.onConfirm}
      testId="confirm-large-order"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" className={`${styles.submit} ${styles[side]}`}>
            {t(side === 'buy' ? 'trade.largeOrder.confirmBuy' : 'trade.largeOrder.confirmSell', {
              amount: formatMoney(amount, 2),
            })}
          </Button>
        </>
      }
    />
  );
}
