import { formatScaled } from '@td/contracts/decimal';
import { formatMoney } from '../../../lib/format';
import { formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { usePortfolio } from '../get-portfolio';
import { amountError } from '../order-form';
import { useAddMargin } from '../order-mutations';
import { liquidationScaled, MONEY_SCALE, toScaled } from '../trading-math';
import { useCheckedSubmit } from '../use-checked-submit';
import { useDecimalField } from '../use-decimal-field';
import { DecimalField } from './decimal-field';
import { OrderDialog, precisionOf, Summary, type TOrderDialogProps } from './order-dialog-frame';

/** Add margin to an open position: POST /orders/{id}/margin; the liquidation price moves away. */
export function AddMarginDialog({ order, pair, onClose }: TOrderDialogProps) {
  const t = useT();
  const precision = precisionOf(pair);
  const amount = useDecimalField();
  const addMargin = useAddMargin();
  const freeMargin = usePortfolio(order.account).data?.freeMargin;
  const error = amountError(amount.value, { max: freeMargin }, t('orders.col.margin'));

  const extra = toScaled(amount.value, MONEY_SCALE);
  const margin = toScaled(order.margin, MONEY_SCALE);
  const size = toScaled(order.amount, MONEY_SCALE);
  const entry = toScaled(order.price, precision);
  const newMargin = extra !== null && margin !== null && extra > 0n ? margin + extra : null;
  const newLiquidation =
    newMargin !== null && size !== null && entry !== null
      ? formatScaled(liquidationScaled(order.side, size, newMargin, entry), precision)
      : null;

  const { shown, submit } = useCheckedSubmit(Boolean(error), () =>
    addMargin.mutate({ order, amount: amount.value }, { onSuccess: onClose }),
  );

  return (
    <OrderDialog
      order={order}
      title={t('orders.dialog.marginTitle')}
      testId="add-margin-dialog"
      onClose={onClose}
      onSubmit={submit}
      action={{ label: t('orders.dialog.marginTitle'), variant: 'primary', isPending: addMargin.isPending }}
    >
      <DecimalField
        field={amount}
        label={t('orders.col.amount')}
        autoFocus
        error={shown(error)}
        hint={
          freeMargin === undefined
            ? undefined
            : t('orders.dialog.freeMargin', { amount: formatMoney(freeMargin, 2) })
        }
      />
      <Summary
        rows={[
          [
            t('orders.col.margin'),
            `${formatMoney(order.margin, 2)} → ${newMargin === null ? '—' : formatScaled(newMargin, 2)}`,
          ],
          [
            t('orders.dialog.liquidationPrice'),
            `${formatPrice(order.liquidationPrice, precision)} → ${formatPrice(newLiquidation, precision)}`,
          ],
        ]}
      />
    </OrderDialog>
  );
}
