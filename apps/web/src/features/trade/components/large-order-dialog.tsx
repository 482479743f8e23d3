import type { TAccount } from '@td/contracts/constants';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { ratePercent, type TSide } from '../../../domain/trading/trading-math';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
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
  const t = useT();
  const order = {
    side: t(side === 'buy' ? 'trade.largeOrder.buy' : 'trade.largeOrder.sell'),
    amount: formatMoney(amount, 2),
    pair: label,
    share: ratePercent(share),
    account: t(account === 'demo' ? 'trade.largeOrder.demo' : 'trade.largeOrder.real'),
  };
  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title={t('trade.largeOrder.title')}
      description={
        <>
          {balance === undefined
            ? t('trade.largeOrder.text', order)
            : t('trade.largeOrder.textWithBalance', { ...order, balance: formatMoney(balance, 2) })}{' '}
          {cost
            ? t('trade.largeOrder.stake', { cost: formatMoney(cost, 2) })
            : t('trade.largeOrder.stakeUnknown')}
        </>
      }
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
