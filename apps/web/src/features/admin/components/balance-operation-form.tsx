// The balance-operation form on a user's back-office page: account, kind, amount and reason,
// checked with the request's own rules, then a confirmation that says whether the operation
// applies at once or, above the approval threshold, waits for another member of staff.
import {
  BALANCE_OPERATION_KINDS,
  type TBalanceOperationKind,
  ZBalanceOperationRequest,
} from '@td/contracts/balance-operations';
import { ACCOUNTS, type TAccount } from '@td/contracts/constants';
import { parseScaled } from '@td/contracts/decimal';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { FormDialog } from '../../../components/dialog';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { zodFieldErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { balanceKindText } from '../../../lib/labels';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import {
  createBalanceOperation,
  useBalanceOperationMutation,
  useBalanceOperationRules,
} from '../api/admin-balance-operations';
import styles from './admin.module.css';

type TField = 'account' | 'kind' | 'amount' | 'reason';

/**
 * A balance operation on the user's page: account, kind, amount (negative for a correction that
 * takes money out) and reason; a confirmation says what will happen, and whether it waits for a
 * second member of staff (above the approval threshold).
 */
export function BalanceOperationForm({ userId, email }: { userId: string; email: string }) {
  const t = useT();
  const rules = useBalanceOperationRules();
  const create = useBalanceOperationMutation(createBalanceOperation);
  const [account, setAccount] = useState<TAccount>('real');
  const [kind, setKind] = useState<TBalanceOperationKind>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const request = { account, kind, amount: amount.trim(), reason };

  const needsApproval = (() => {
    if (!rules.data || !isConfirming) return false;
    const cents = parseScaled(request.amount, 2);
    return (cents < 0n ? -cents : cents) > parseScaled(rules.data.approvalThreshold, 2);
  })();

  const review = () => {
    const parsed = ZBalanceOperationRequest.safeParse(request);
    if (!parsed.success) {
      setErrors(zodFieldErrors<TField>(parsed.error));
      return;
    }
    setErrors({});
    setIsConfirming(true);
  };

  const send = async () => {
    try {
      const result = await create.mutateAsync({ userId, ...request });
      toast.success(
        t(result.data.status === 'pending' ? 'admin.balance.sentForApproval' : 'admin.balance.applied'),
      );
      setIsConfirming(false);
      setAmount('');
      setReason('');
    } catch (error) {
      setErrors(serverFieldErrors<TField>(error));
      setIsConfirming(false);
    }
  };

  return (
    <Card title={t('admin.balance.title')}>
      <form
        className={styles.form}
        data-testid="balance-operation-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <div className={styles.formGrid}>
          <SelectField
            label={t('admin.balance.account')}
            name="account"
            value={account}
            options={ACCOUNTS.map((value) => ({
              value,
              label: t(value === 'real' ? 'admin.balance.accountReal' : 'admin.balance.accountDemo'),
            }))}
            onChange={(event) => setAccount(event.target.value === 'demo' ? 'demo' : 'real')}
          />
          <SelectField
            label={t('admin.balance.kind')}
            name="kind"
            value={kind}
            options={BALANCE_OPERATION_KINDS.map((value) => ({ value, label: balanceKindText(value) }))}
            onChange={(event) =>
              setKind(BALANCE_OPERATION_KINDS.find((value) => value === event.target.value) ?? 'credit')
            }
          />
          <TextField
            label={t('admin.balance.amount')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={errors.amount}
            hint={
              kind === 'correction' ? t('admin.balance.amountHintCorrection') : t('admin.balance.amountHint')
            }
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <TextField
          label={t('admin.balance.reason')}
          name="reason"
          autoComplete="off"
          maxLength={300}
          value={reason}
          error={errors.reason}
          hint={t('admin.balance.reasonHint')}
          onChange={(event) => setReason(event.target.value)}
        />
        {rules.data ? (
          <p className={styles.sub}>
            {t('admin.balance.thresholdNote', { threshold: formatMoney(rules.data.approvalThreshold, 2) })}
          </p>
        ) : null}
        <div className={styles.formActions}>
          <Button type="submit" variant="primary">
            {t('admin.balance.review')}
          </Button>
        </div>
      </form>
      <FormDialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={t('admin.balance.confirmTitle')}
        description={t('admin.balance.confirmText', {
          kind: balanceKindText(kind),
          amount: isConfirming ? formatMoney(request.amount, 2) : '',
          account: t(account === 'real' ? 'admin.balance.accountReal' : 'admin.balance.accountDemo'),
          email,
        })}
        onSubmit={() => void send()}
        testId="balance-operation-dialog"
        submitLabel={needsApproval ? t('admin.balance.sendForApproval') : t('admin.balance.applyNow')}
        isPending={create.isPending}
      >
        <Callout tone={needsApproval ? 'warning' : 'info'} role="status">
          {needsApproval ? t('admin.balance.needsApproval') : t('admin.balance.appliesNow')}
        </Callout>
        <p className={styles.sub}>{reason.trim()}</p>
      </FormDialog>
    </Card>
  );
}
