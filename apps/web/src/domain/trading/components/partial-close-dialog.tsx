import { formatScaled } from '@td/contracts/decimal';
import { Button } from '../../../components/button';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { amountError } from '../order-form';
import { usePartialClose } from '../order-mutations';
import { livePnl, MONEY_SCALE, toScaled } from '../trading-math';
import { useCheckedSubmit } from '../use-checked-submit';
import { useDecimalField } from '../use-decimal-field';
import { DecimalField } from './decimal-field';
import { OrderDialog, precisionOf, Summary, type TOrderDialogProps } from './order-dialog-frame';
import styles from './order-dialogs.module.css';
import { SignedMoney } from './signed-money';

/** Close part of a position: POST /orders/{id}/partial-close; the part becomes its own order. */
export function PartialCloseDialog({ order, pair, quote, onClose }: TOrderDialogProps) {
  const t = useT();
  const precision = precisionOf(pair);
  const amount = useDecimalField();
  const partialClose = usePartialClose();

  const size = toScaled(order.amount, MONEY_SCALE) ?? 0n;
  const minimum = toScaled(pair?.minAmount ?? '0', MONEY_SCALE) ?? 0n;
  // What stays open must still be a valid position of the pair.
  const maxPart = size - minimum;
  const part = toScaled(amount.value, MONEY_SCALE);
  const money = (cents: bigint) => formatMoney(formatScaled(cents, 2), 2);
  // The part, too, must be at least the pair's minimum: the server refuses a smaller one.
  const isTooSmall = maxPart < minimum;
  let error = amountError(amount.value, {}, t('orders.dialog.amount'));
  if (!error && part !== null && part >= size) error = t('orders.dialog.partialWhole');
  else if (!error && part !== null && part > maxPart)
    error = isTooSmall
      ? t('orders.dialog.partialTooSmall', { min: money(minimum) })
      : t('orders.dialog.partialMax', { max: money(maxPart), min: money(minimum) });
  else if (!error && part !== null && part < minimum)
    error = t('orders.dialog.partialMin', { min: money(minimum) });
  // Said once the pair (and so its minimum) is known.
  const hint = !pair
    ? undefined
    : isTooSmall
      ? t('orders.dialog.partialTooSmall', { min: money(minimum) })
      : t('orders.dialog.partialRange', { min: money(minimum), max: money(maxPart) });
  const estimate =
    part !== null && part > 0n ? livePnl({ ...order, amount: amount.value }, quote, precision) : null;

  const setShare = (percent: bigint) => {
    const value = (size * percent) / 100n;
    const capped = value < maxPart ? value : maxPart;
    amount.setValue(formatScaled(capped > minimum ? capped : minimum, 2));
  };

  const { shown, submit } = useCheckedSubmit(Boolean(error), () =>
    partialClose.mutate({ order, amount: amount.value }, { onSuccess: onClose }),
  );

  return (
    <OrderDialog
      order={order}
      title={t('orders.dialog.partialTitle')}
      testId="partial-close-dialog"
      onClose={onClose}
      onSubmit={submit}
      action={{
        label: t('orders.dialog.partialAction'),
        variant: 'danger',
        isPending: partialClose.isPending,
      }}
    >
      <DecimalField
        field={amount}
        label={t('orders.dialog.partialAmount')}
        autoFocus
        hint={hint}
        error={shown(error)}
      />
      <div className={styles.shares}>
        {[25n, 50n, 75n].map((percent) => (
          <Button key={String(percent)} size="sm" variant="secondary" onClick={() => setShare(percent)}>
            {String(percent)}%
          </Button>
        ))}
      </div>
      <Summary
        rows={[[t('orders.dialog.estimatedPnl'), <SignedMoney key="pnl" value={estimate} suffix="USD" />]]}
      />
    </OrderDialog>
  );
}
