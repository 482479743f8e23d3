import { formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { useCloseOrder } from '../order-mutations';
import { closeSidePrice, livePnl, withSwap } from '../trading-math';
import { OrderDialog, precisionOf, Summary, type TOrderDialogProps } from './order-dialog-frame';
import styles from './order-dialogs.module.css';
import { SignedMoney } from './signed-money';

/** Close a whole position at the market: POST /orders/{id}/close (status Manual Close). */
export function ClosePositionDialog({ order, pair, quote, onClose }: TOrderDialogProps) {
  const t = useT();
  const precision = precisionOf(pair);
  const close = useCloseOrder();
  const pnl = withSwap(livePnl(order, quote, precision), order.swap);
  return (
    <OrderDialog
      order={order}
      title={t('orders.dialog.closeTitle')}
      testId="close-position-dialog"
      onClose={onClose}
      onSubmit={() => close.mutate({ order }, { onSuccess: onClose })}
      action={{
        label: t('orders.dialog.closeTitle'),
        variant: 'danger',
        isPending: close.isPending,
        cancelLabel: t('orders.dialog.keepOpen'),
        hasFocus: true,
      }}
    >
      <Summary
        rows={[
          [t('orders.col.entry'), formatPrice(order.price, precision)],
          [
            t('orders.dialog.closePrice'),
            formatPrice(quote ? closeSidePrice(order.side, quote) : null, precision),
          ],
          [t('orders.dialog.estimatedPnl'), <SignedMoney key="pnl" value={pnl} suffix="USD" />],
        ]}
      />
      <p className={styles.note}>{t('orders.dialog.closeNote')}</p>
    </OrderDialog>
  );
}
