// The order ticket's summary before sending: the entry price, and the margin, fee and liquidation
// price as the server will compute them, with the free margin the order draws on.
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/skeleton';
import { ratePercent, type TOrderPreview } from '../../../domain/trading/trading-math';
import { formatMoney } from '../../../lib/format';
import { formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import styles from './order-ticket.module.css';

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd className="tabular" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** What the order will hold, as the server will compute it, and the free margin it draws on. */
export function OrderPreview(props: {
  preview: TOrderPreview | null;
  entryLabel: string;
  entryPrice: string | null;
  precision: number;
  feeRate: string;
  freeMargin: string | undefined;
}) {
  const { preview, precision, freeMargin } = props;
  const t = useT();
  return (
    <dl className={styles.preview} aria-live="polite">
      <Row label={props.entryLabel}>{formatPrice(props.entryPrice, precision)}</Row>
      <Row label={t('trade.preview.margin')} testId="preview-margin">
        {preview ? `${formatMoney(preview.margin, 2)} USD` : '—'}
      </Row>
      <Row label={t('trade.preview.fee', { rate: ratePercent(props.feeRate) })} testId="preview-fee">
        {preview ? `${formatMoney(preview.fee, 2)} USD` : '—'}
      </Row>
      <Row label={t('trade.preview.liquidation')} testId="preview-liquidation">
        {formatPrice(preview?.liquidationPrice, precision)}
      </Row>
      <Row label={t('trade.preview.freeMargin')} testId="preview-free-margin">
        {freeMargin === undefined ? <Skeleton width={72} height={12} /> : `${formatMoney(freeMargin, 2)} USD`}
      </Row>
    </dl>
  );
}
