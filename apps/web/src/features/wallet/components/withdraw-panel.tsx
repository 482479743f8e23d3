import { NETWORKS_BY_COIN, type TNetwork, type TWithdrawCoin, WITHDRAW_COINS } from '@td/contracts/constants';
import { FAMILY_OF_NETWORK, type TWalletTransaction, type TWithdrawalQuote } from '@td/contracts/wallet';
import { isEvmAddressShape } from '@td/contracts/wallet-address';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { OtpField } from '../../../components/otp-field';
import { SelectField } from '../../../components/select-field';
import { Stepper } from '../../../components/stepper';
import { TextField } from '../../../components/text-field';
import { coinAmountUnit, coinName, networkName } from '../../../components/wallet/coin-labels';
import { PaymentStatusBadge } from '../../../components/wallet/payment-status-badge';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/format';
import { useAddressBook } from '../api/get-address-book';
import { useCoins } from '../api/get-coins';
import {
  useCancelWithdrawal,
  useConfirmWithdrawal,
  useCreateWithdrawal,
  useRequestWithdrawalCode,
} from '../api/withdrawals';
import styles from './wallet-screen.module.css';

export const WITHDRAW_STEPS = ['Withdraw', 'Review Details', 'Verification Code'] as const;
const COIN_OPTIONS = WITHDRAW_COINS.map((coin) => ({ value: coin, label: coinName(coin) }));

type TFields = 'address' | 'amount' | 'emailCode' | 'tfaCode';
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong');

/** What the form checks before asking the server (which checks everything again). */
function checkAddress(network: TNetwork, address: string): string | undefined {
  if (!address.trim()) return 'Enter the address to send to';
  const family = FAMILY_OF_NETWORK[network];
  if (family === 'evm' && !isEvmAddressShape(address.trim()))
    return 'Enter a valid address: 0x followed by 40 hexadecimal characters';
  if (family === 'tron' && !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address.trim()))
    return 'Enter a valid Tron address: it starts with T and has 34 characters';
  return undefined;
}

/**
 * The three steps of a withdrawal: Withdraw (coin, network, address, amount) → Review Details (fee,
 * what arrives, rate) → Verification Code (the e-mailed code, plus the authenticator's when
 * two-factor is on). The funds are held only at the last step.
 */
export function WithdrawPanel({ available }: { available: string | undefined }) {
  const [step, setStep] = useState(0);
  const [coin, setCoin] = useState<TWithdrawCoin>('usdt');
  const [network, setNetwork] = useState<TNetwork>(NETWORKS_BY_COIN.usdt[0]);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [tfaCode, setTfaCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<TFields, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [quote, setQuote] = useState<TWithdrawalQuote>();
  const [result, setResult] = useState<TWalletTransaction>();

  const coins = useCoins();
  const book = useAddressBook();
  const create = useCreateWithdrawal();
  const requestCode = useRequestWithdrawalCode();
  const confirm = useConfirmWithdrawal();
  const cancel = useCancelWithdrawal();
  const info = coins.data?.find((c) => c.coin === coin)?.networks.find((n) => n.network === network);
  const known = (book.data ?? []).filter((entry) => entry.network === network).slice(0, 4);

  const reset = () => {
    setStep(0);
    setQuote(undefined);
    setResult(undefined);
    setEmailCode('');
    setTfaCode('');
    setErrors({});
    setFormError(undefined);
  };

  const onFailure = (error: unknown) => {
    const fields = serverFieldErrors<TFields>(error);
    setErrors(fields);
    setFormError(Object.keys(fields).length > 0 ? undefined : messageOf(error));
  };

  const submitDetails = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<TFields, string>> = {};
    next.address = checkAddress(network, address);
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim())) next.amount = 'Enter an amount in USD, e.g. 150 or 150.50';
    setErrors(next);
    setFormError(undefined);
    if (next.address || next.amount) return;
    create.mutate(
      { coin, network, address: address.trim(), amount: amount.trim() },
      {
        onSuccess: ({ data }) => {
          setQuote(data);
          setStep(1);
        },
        onError: onFailure,
      },
    );
  };

  const sendCode = (isResend: boolean) => {
    if (!quote) return;
    requestCode.mutate(quote.id, {
      onSuccess: ({ message }) => {
        toast.success(message);
        // A new code replaces the old one: the field starts empty again.
        setEmailCode('');
        setFormError(undefined);
        if (!isResend) setStep(2);
      },
      onError: onFailure,
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!quote) return;
    const next: Partial<Record<TFields, string>> = {};
    if (emailCode.length !== 6) next.emailCode = 'Enter the 6-digit code from the email';
    if (quote.isTfaRequired && tfaCode.length !== 6)
      next.tfaCode = 'Enter the code from your authenticator app';
    setErrors(next);
    setFormError(undefined);
    if (next.emailCode || next.tfaCode) return;
    confirm.mutate(
      { id: quote.id, emailCode, ...(quote.isTfaRequired ? { tfaCode } : {}) },
      {
        onSuccess: ({ data, message }) => {
          toast.success(message);
          setResult(data);
        },
        onError: onFailure,
      },
    );
  };

  if (result) {
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
            {result.status === 'suspicous'
              ? `An administrator reviews this withdrawal before it is sent (${result.reason ?? 'security check'}). The funds are held meanwhile.`
              : 'It is being sent; follow its progress in the list of withdrawals.'}
          </p>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              isLoading={cancel.isPending}
              onClick={() =>
                cancel.mutate(result.id, {
                  onSuccess: ({ data, message }) => {
                    toast.success(message);
                    setResult(data);
                  },
                })
              }
              disabled={result.status !== 'suspicous' && result.status !== 'prc'}
            >
              Cancel withdrawal
            </Button>
            <Button variant="primary" onClick={reset}>
              New withdrawal
            </Button>
          </div>
        </div>
      </Card>
    );
  }

  return (
    <Card title="Withdraw crypto">
      <Stepper steps={WITHDRAW_STEPS} current={step} />
      {formError ? (
        <Callout tone="danger" role="alert" className={styles.formError}>
          {formError}
        </Callout>
      ) : null}

      {step === 0 ? (
        <form className={styles.form} onSubmit={submitDetails} noValidate>
          <div className={styles.pickers}>
            <SelectField
              label="Coin"
              options={COIN_OPTIONS}
              value={coin}
              onChange={(event) => {
                const next = event.target.value as TWithdrawCoin;
                setCoin(next);
                setNetwork(NETWORKS_BY_COIN[next][0]);
              }}
            />
            <SelectField
              label="Network"
              options={NETWORKS_BY_COIN[coin].map((value) => ({ value, label: networkName(value) }))}
              value={network}
              onChange={(event) => setNetwork(event.target.value as TNetwork)}
            />
          </div>
          <TextField
            label="Address"
            name="address"
            autoComplete="off"
            spellCheck={false}
            placeholder={FAMILY_OF_NETWORK[network] === 'tron' ? 'T…' : '0x…'}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            error={errors.address}
          />
          {known.length > 0 ? (
            <div className={styles.book}>
              <span className={styles.label}>Recent addresses</span>
              <div className={styles.chips}>
                {known.map((entry) => (
                  <button
                    type="button"
                    key={`${entry.network}:${entry.address}`}
                    className={styles.chip}
                    onClick={() => setAddress(entry.address)}
                    title={entry.address}
                  >
                    {entry.address.slice(0, 8)}…{entry.address.slice(-6)}
                  </button>
                ))}
              </div>
            </div>
          ) : null}
          <TextField
            label="Amount (USD)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
            hint={
              info
                ? `Available ${formatMoney(available, 2)} USD · min ${formatMoney(info.minWithdraw, 2)} · max ${formatMoney(info.maxWithdraw, 2)} · fee ${formatMoney(info.fee, 2)} USD`
                : undefined
            }
          />
          {info && !info.withdrawEnabled ? (
            <Callout tone="warning" title="Withdrawals are paused at the moment" role="status">
              Your balance stays available for trading. Please try again later.
            </Callout>
          ) : null}
          <Button
            type="submit"
            variant="primary"
            size="lg"
            isLoading={create.isPending}
            disabled={info?.withdrawEnabled === false}
          >
            Continue
          </Button>
        </form>
      ) : null}

      {step === 1 && quote ? (
        <div className={styles.form}>
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
          <div className={styles.actions}>
            <Button variant="secondary" onClick={reset}>
              Back
            </Button>
            <Button variant="primary" isLoading={requestCode.isPending} onClick={() => sendCode(false)}>
              Confirm
            </Button>
          </div>
        </div>
      ) : null}

      {step === 2 && quote ? (
        <form className={styles.form} onSubmit={submitCode} noValidate>
          <p className={styles.muted}>We sent a 6-digit code to your email. It expires in 10 minutes.</p>
          <OtpField
            label="Email verification code"
            value={emailCode}
            onChange={setEmailCode}
            error={errors.emailCode}
            autoFocus
          />
          {quote.isTfaRequired ? (
            <OtpField
              label="Authenticator code"
              value={tfaCode}
              onChange={setTfaCode}
              error={errors.tfaCode}
              autoComplete="off"
            />
          ) : null}
          <div className={styles.actions}>
            <Button variant="ghost" isLoading={requestCode.isPending} onClick={() => sendCode(true)}>
              Resend code
            </Button>
            <Button type="submit" variant="primary" isLoading={confirm.isPending}>
              Withdraw
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
