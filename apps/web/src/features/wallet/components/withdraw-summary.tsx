import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { TWalletTransaction, TWithdrawalQuote } from '@td/contracts/wallet';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { coinAmountUnit, coinName, networkName } from '../../../domain/wallet/components/coin-labels';
import { PaymentStatusBadge } from '../../../domain/wallet/components/payment-status-badge';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import styles from './wallet-screen.module.css';

/** Review Details: what is taken, the fee, the rate and what arrives, as the server quoted it. */
export function WithdrawReview({ quote }: { quote: TWithdrawalQuote }) {
  const t = useT();
  return (
    <dl className={styles.review} data-testid="withdraw-review">
      <div>
        <dt>{t('wallet.coin')}</dt>
        <dd>
          {t('wallet.coinOnNetwork', { coin: coinName(quote.coin), network: networkName(quote.network) })}
        </dd>
      </div>
      <div>
        <dt>{t('wallet.review.to')}</dt>
        <dd className={styles.address}>{quote.address}</dd>
      </div>
      <div>
        <dt>{t('wallet.review.amount')}</dt>
        <dd className="tabular">{formatMoney(quote.amount, 2)} USD</dd>
      </div>
      <div>
        <dt>{t('wallet.review.fee')}</dt>
        <dd className="tabular">{formatMoney(quote.fee, 2)} USD</dd>
      </div>
      <div>
        <dt>{t('wallet.review.rate')}</dt>
        <dd className="tabular">
          1 {coinName(quote.coin)} = {quote.rate} USD
        </dd>
      </div>
      <div className={styles.total}>
        <dt>{t('wallet.review.receive')}</dt>
        <dd className="tabular">
          {quote.receive} {coinAmountUnit(quote.coin)}
        </dd>
      </div>
    </dl>
  );
}

/** The withdrawal as submitted: its status, and whether it can still be cancelled. */
export function WithdrawResult({
  result,
  isCancelling,
  onCancel,
  onNew,
}: {
  result: TWalletTransaction;
  isCancelling: boolean;
  onCancel: () => void;
  onNew: () => void;
}) {
  const t = useT();
  const isCancellable =
    result.status === PAYMENT_CODE.underReview || result.status === PAYMENT_CODE.processing;
  return (
    <Card title={t('wallet.result.title')}>
      <div className={styles.form} data-testid="withdraw-result">
        <div className={styles.resultRow}>
          <PaymentStatusBadge status={result.status} />
          <span className="tabular">
            {formatMoney(result.amount, 2)} USD → {result.coinAmount} {coinAmountUnit(result.coin)}
          </span>
        </div>
        <p className={styles.muted}>
          {result.status === PAYMENT_CODE.underReview
            ? t('wallet.result.underReview', { reason: result.reason ?? t('wallet.result.securityCheck') })
            : t('wallet.result.sending')}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" isLoading={isCancelling} onClick={onCancel} disabled={!isCancellable}>
            {t('wallet.result.cancel')}
          </Button>
          <Button variant="primary" onClick={onNew}>
            {t('wallet.result.new')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
