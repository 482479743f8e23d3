import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { TWalletTransaction, TWithdrawalQuote } from '@td/contracts/wallet';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { coinAmountUnit, coinName, networkName } from '../../../domain/wallet/components/coin-labels';
import { PaymentStatusBadge } from '../../../domain/wallet/components/payment-status-badge';
import { formatMoney } from '../../../lib/format';
import styles from './wallet-screen.module.css';

/** Review Details: what is taken, the fee, the rate and what arrives, as the server quoted it. */
export function WithdrawReview({ quote }: { quote: TWithdrawalQuote }) {
  return (
    <dl className={styles.review} data-testid="withdraw-review">
      <div>
        <dt>Coin</dt>
        <dd>
          {coinName(quote.coin)} on {networkName(quote.network)}
        </dd>
      </div>
      <div>
        <dt>To</dt>
        <dd className={styles.address}>{quote.address}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd className="tabular">{formatMoney(quote.amount, 2)} USD</dd>
      </div>
      <div>
        <dt>Fee</dt>
        <dd className="tabular">{formatMoney(quote.fee, 2)} USD</dd>
      </div>
      <div>
        <dt>Rate</dt>
        <dd className="tabular">
          1 {coinName(quote.coin)} = {quote.rate} USD
        </dd>
      </div>
      <div className={styles.total}>
        <dt>You receive</dt>
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
  const isCancellable =
    result.status === PAYMENT_CODE.underReview || result.status === PAYMENT_CODE.processing;
  return (
    <Card title="Withdrawal submitted">
      <div className={styles.form} data-testid="withdraw-result">
        <div className={styles.resultRow}>
          <PaymentStatusBadge status={result.status} />
          <span className="tabular">
            {formatMoney(result.amount, 2)} USD → {result.coinAmount} {coinAmountUnit(result.coin)}
          </span>
        </div>
        <p className={styles.muted}>
          {result.status === PAYMENT_CODE.underReview
            ? `An administrator reviews this withdrawal before it is sent (${result.reason ?? 'security check'}). The funds are held meanwhile.`
            : 'It is being sent; follow its progress in the list of withdrawals.'}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" isLoading={isCancelling} onClick={onCancel} disabled={!isCancellable}>
            Cancel withdrawal
          </Button>
          <Button variant="primary" onClick={onNew}>
            New withdrawal
          </Button>
        </div>
      </div>
    </Card>
  );
}
