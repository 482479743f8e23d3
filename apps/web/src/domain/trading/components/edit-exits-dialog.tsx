import { ORDER_CODE } from '@td/contracts/statuses';
import { formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { priceError, stopPriceError } from '../order-form';
import { useUpdateOrder } from '../order-mutations';
import { closeSidePrice, exitProblem } from '../trading-math';
import { useCheckedSubmit } from '../use-checked-submit';
import { useDecimalField } from '../use-decimal-field';
import { DecimalField } from './decimal-field';
import { OrderDialog, precisionOf, Summary, type TOrderDialogProps } from './order-dialog-frame';
import styles from './order-dialogs.module.css';

/** Edit take-profit and stop-loss (and the limit price of a pending order): PUT /orders/{id}. */
export function EditExitsDialog({ order, pair, quote, onClose }: TOrderDialogProps) {
  const t = useT();
  const precision = precisionOf(pair);
  const isPending = order.status === ORDER_CODE.pending;
  // A waiting stop has a trigger (and a stop-limit a limit too); a trailing stop has a distance.
  const hasLimit = isPending && order.price !== null;
  const isWaitingStop =
    isPending && order.stopPrice !== null && (order.type === 'stop' || !order.triggeredAt);
  const isTrailing = order.trailingStop !== null;
  const price = useDecimalField(hasLimit ? (order.price ?? '') : '');
  const stopPrice = useDecimalField(isWaitingStop ? (order.stopPrice ?? '') : '');
  const trailingStop = useDecimalField(order.trailingStop ?? '');
  const takeProfit = useDecimalField(order.takeProfit ?? '');
  const stopLoss = useDecimalField(order.stopLoss ?? '');
  const update = useUpdateOrder();

  // The server checks the sides against the live price for a position, the limit for an order.
  const reference = isPending
    ? hasLimit
      ? price.value
      : stopPrice.value
    : quote
      ? closeSidePrice(order.side, quote)
      : null;
  const sides = exitProblem(
    order.side,
    reference,
    { takeProfit: takeProfit.value, stopLoss: isTrailing ? '' : stopLoss.value },
    precision,
  );
  const errors = {
    price: hasLimit ? priceError(price.value, precision, true) : undefined,
    stopPrice: isWaitingStop ? stopPriceError(order.side, stopPrice.value, quote, precision) : undefined,
    takeProfit: priceError(takeProfit.value, precision) ?? sides.takeProfit,
    stopLoss: isTrailing ? undefined : (priceError(stopLoss.value, precision) ?? sides.stopLoss),
    trailingStop:
      isTrailing && trailingStop.value !== '' ? priceError(trailingStop.value, precision) : undefined,
  };
  const hasErrors = Object.values(errors).some(Boolean);

  const changes: {
    takeProfit?: string | null;
    stopLoss?: string | null;
    price?: string;
    stopPrice?: string;
    trailingStop?: string | null;
  } = {};
  if (takeProfit.value !== (order.takeProfit ?? '')) changes.takeProfit = takeProfit.value || null;
  if (!isTrailing && stopLoss.value !== (order.stopLoss ?? '')) changes.stopLoss = stopLoss.value || null;
  if (isTrailing && trailingStop.value !== (order.trailingStop ?? ''))
    changes.trailingStop = trailingStop.value || null;
  if (hasLimit && price.value !== (order.price ?? '')) changes.price = price.value;
  if (isWaitingStop && stopPrice.value !== (order.stopPrice ?? '')) changes.stopPrice = stopPrice.value;
  const hasChanges = Object.keys(changes).length > 0;

  const { shown, submit } = useCheckedSubmit(hasErrors || !hasChanges, () =>
    update.mutate({ order, changes }, { onSuccess: onClose }),
  );
  return (
    <OrderDialog
      order={order}
      title={isPending ? t('orders.dialog.editTitle') : t('orders.dialog.exitsTitle')}
      testId="edit-exits-dialog"
      onClose={onClose}
      onSubmit={submit}
      action={{
        label: t('common.save'),
        variant: 'primary',
        isPending: update.isPending,
        isDisabled: !hasChanges,
      }}
    >
      <Summary
        rows={[
          [t('orders.col.entry'), formatPrice(order.price, precision)],
          [
            t('orders.dialog.currentPrice'),
            formatPrice(quote ? closeSidePrice(order.side, quote) : null, precision),
          ],
        ]}
      />
      {isWaitingStop ? (
        <DecimalField field={stopPrice} label={t('orders.col.stopPrice')} error={shown(errors.stopPrice)} />
      ) : null}
      {hasLimit ? (
        <DecimalField field={price} label={t('orders.col.limit')} error={shown(errors.price)} />
      ) : null}
      <div className={styles.pair}>
        <DecimalField
          field={takeProfit}
          label={t('orders.dialog.takeProfit')}
          placeholder={t('orders.dialog.none')}
          error={shown(errors.takeProfit)}
          hint={order.side === 'buy' ? t('orders.dialog.above') : t('orders.dialog.below')}
        />
        {isTrailing ? (
          <DecimalField
            field={trailingStop}
            label={t('orders.dialog.trailingStop')}
            placeholder={t('orders.dialog.none')}
            error={shown(errors.trailingStop)}
          />
        ) : (
          <DecimalField
            field={stopLoss}
            label={t('orders.dialog.stopLoss')}
            placeholder={t('orders.dialog.none')}
            error={shown(errors.stopLoss)}
            hint={order.side === 'buy' ? t('orders.dialog.below') : t('orders.dialog.above')}
          />
        )}
      </div>
      <p className={styles.note}>{t('orders.dialog.emptyRemoves')}</p>
    </OrderDialog>
  );
}
