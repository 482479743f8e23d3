import type { TPair } from '@td/contracts/market';
import type { TOrder } from '@td/contracts/trading';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { formatMoney } from '../../../lib/format';
import { displaySymbol } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { loweredLeverage } from '../trading-math';
import type { TLiveQuote } from '../use-live-quote';
import styles from './order-dialogs.module.css';
import { SideTag } from './side-tag';

/** What the order dialogs share: their frame, the order as their subtitle, a summary of figures. */

/** The dialogs a position or pending order opens from its row. */
export type TOrderDialogKind = 'exits' | 'margin' | 'partial' | 'close';

export interface TOrderDialogProps {
  order: TOrder;
  /** The order's pair (precision, minimum amount); undefined while the pairs load. */
  pair: TPair | undefined;
  quote: TLiveQuote | undefined;
  onClose: () => void;
}

/** The decimals of the pair's prices: 2 or 4 (the pair's own precision); 2 until the pair is known. */
export const precisionOf = (pair: TPair | undefined) => pair?.pricePrecision ?? 2;

/** The figures a dialog shows beside its fields, a label and a value a row. */
export function Summary({ rows }: { rows: readonly [string, ReactNode][] }) {
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
export function OrderDialog({
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
