import { formatScaled } from '@td/contracts/decimal';
import type { TPair } from '@td/contracts/market';
import { ORDER_CODE } from '@td/contracts/statuses';
import type { TOrder } from '@td/contracts/trading';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/text-field';
import { formatMoney } from '../../../lib/format';
import { displaySymbol, formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { usePortfolio } from '../get-portfolio';
import { amountError, priceError, stopPriceError } from '../order-form';
import { useAddMargin, useCloseOrder, usePartialClose, useUpdateOrder } from '../order-mutations';
import {
  closeSidePrice,
  exitProblem,
  liquidationScaled,
  livePnl,
  loweredLeverage,
  MONEY_SCALE,
  toScaled,
  withSwap,
} from '../trading-math';
import { useDecimalField } from '../use-decimal-field';
import type { TLiveQuote } from '../use-live-quote';
import styles from './order-dialogs.module.css';
import { SideTag } from './side-tag';
import { SignedMoney } from './signed-money';

export type TOrderDialogKind = 'exits' | 'margin' | 'partial' | 'close';

interface TOrderDialogProps {
  order: TOrder;
  /** The order's pair (precision, minimum amount); undefined while the pairs load. */
  pair: TPair | undefined;
  quote: TLiveQuote | undefined;
  onClose: () => void;
}

/** The decimals of the pair's prices: 2 or 4 (the pair's own precision); 2 until the pair is known. */
const precisionOf = (pair: TPair | undefined) => pair?.pricePrecision ?? 2;

function Summary({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className={styles.summary}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.summaryRow}>
          <dt>{label}</dt>
          <dd className="tabular">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderHeading({ order }: { order: TOrder }) {
  return (
    <span className={styles.heading}>
      {displaySymbol(order.symbol)}{' '}
      <SideTag side={order.side} leverage={order.leverage} effectiveLeverage={loweredLeverage(order)} /> ·{' '}
      <span className="tabular">{formatMoney(order.amount, 2)} USD</span>
    </span>
  );
}

/** The frame every order dialog shares: the order as its subtitle, Cancel and one action. */
function OrderDialog({
  order,
  title,
  testId,
  onClose,
  onSubmit,
  action,
  children,
}: {
  order: TOrder;
  title: string;
  testId: string;
  onClose: () => void;
  onSubmit: () => void;
  action: {
    label: string;
    variant: 'primary' | 'danger';
    isPending: boolean;
    isDisabled?: boolean;
    cancelLabel?: string;
    hasFocus?: boolean;
  };
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={title}
      description={<OrderHeading order={order} />}
      onSubmit={onSubmit}
      testId={testId}
      footer={
        <>
          <Button onClick={onClose}>{action.cancelLabel ?? t('common.cancel')}</Button>
          <Button
            type="submit"
            variant={action.variant}
            isLoading={action.isPending}
            disabled={action.isDisabled}
            autoFocus={action.hasFocus}
          >
            {action.label}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

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
  const [isSubmitted, setIsSubmitted] = useState(false);
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

  const submit = () => {
    setIsSubmitted(true);
    if (hasErrors || !hasChanges) return;
    update.mutate({ order, changes }, { onSuccess: onClose });
  };

  const shown = (error: string | undefined) => (isSubmitted ? error : undefined);
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
        <TextField
          label={t('orders.col.stopPrice')}
          inputMode="decimal"
          autoComplete="off"
          {...stopPrice}
          error={shown(errors.stopPrice)}
        />
      ) : null}
      {hasLimit ? (
        <TextField
          label={t('orders.col.limit')}
          inputMode="decimal"
          autoComplete="off"
          {...price}
          error={shown(errors.price)}
        />
      ) : null}
      <div className={styles.pair}>
        <TextField
          label={t('orders.dialog.takeProfit')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('orders.dialog.none')}
          {...takeProfit}
          error={shown(errors.takeProfit)}
          hint={order.side === 'buy' ? t('orders.dialog.above') : t('orders.dialog.below')}
        />
        {isTrailing ? (
          <TextField
            label={t('orders.dialog.trailingStop')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('orders.dialog.none')}
            {...trailingStop}
            error={shown(errors.trailingStop)}
          />
        ) : (
          <TextField
            label={t('orders.dialog.stopLoss')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('orders.dialog.none')}
            {...stopLoss}
            error={shown(errors.stopLoss)}
            hint={order.side === 'buy' ? t('orders.dialog.below') : t('orders.dialog.above')}
          />
        )}
      </div>
      <p className={styles.note}>{t('orders.dialog.emptyRemoves')}</p>
    </OrderDialog>
  );
}

/** Add margin to an open position: POST /orders/{id}/margin; the liquidation price moves away. */
export function AddMarginDialog({ order, pair, onClose }: TOrderDialogProps) {
  const t = useT();
  const precision = precisionOf(pair);
  const amount = useDecimalField();
  const [isSubmitted, setIsSubmitted] = useState(false);
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

  const submit = () => {
    setIsSubmitted(true);
    if (error) return;
    addMargin.mutate({ order, amount: amount.value }, { onSuccess: onClose });
  };

  return (
    <OrderDialog
      order={order}
      title={t('orders.dialog.marginTitle')}
      testId="add-margin-dialog"
      onClose={onClose}
      onSubmit={submit}
      action={{ label: t('orders.dialog.marginTitle'), variant: 'primary', isPending: addMargin.isPending }}
    >
      <TextField
        label={t('orders.col.amount')}
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        {...amount}
        error={isSubmitted ? error : undefined}
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

/** Close part of a position: POST /orders/{id}/partial-close; the part becomes its own order. */
export function PartialCloseDialog({ order, pair, quote, onClose }: TOrderDialogProps) {
  const t = useT();
  const precision = precisionOf(pair);
  const amount = useDecimalField();
  const [isSubmitted, setIsSubmitted] = useState(false);
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

  const submit = () => {
    setIsSubmitted(true);
    if (error) return;
    partialClose.mutate({ order, amount: amount.value }, { onSuccess: onClose });
  };

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
      <TextField
        label={t('orders.dialog.partialAmount')}
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        {...amount}
        hint={hint}
        error={isSubmitted ? error : undefined}
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
