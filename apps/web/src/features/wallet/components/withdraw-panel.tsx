// A withdrawal in three steps: details (coin, network, address, amount), a review of the quote,
// then the e-mailed code (and the authenticator's when two-factor is on). Funds are held only at
// the last step; a quote whose rate expired is priced again and shown for review anew.
import {
  DEFAULT_ERROR_MESSAGE,
  NETWORKS_BY_COIN,
  type TNetwork,
  type TWithdrawCoin,
  WITHDRAW_COINS,
} from '@td/contracts/constants';
import {
  FAMILY_OF_NETWORK,
  QUOTE_EXPIRED_MESSAGE,
  type TWalletTransaction,
  type TWithdrawalQuote,
  ZWithdrawRequest,
} from '@td/contracts/wallet';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { OtpField } from '../../../components/otp-field';
import { Stepper } from '../../../components/stepper';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { zodFieldErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/format';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useAddressBook } from '../api/get-address-book';
import { useCoins } from '../api/get-coins';
import {
  useCancelWithdrawal,
  useConfirmWithdrawal,
  useCreateWithdrawal,
  useRequestWithdrawalCode,
} from '../api/withdrawals';
import { formatSecondsLeft, useSecondsUntil } from '../hooks/use-seconds-until';
import { CoinNetworkPickers } from './coin-network-pickers';
import styles from './wallet-screen.module.css';
import { WithdrawResult, WithdrawReview } from './withdraw-summary';

type TFields = 'address' | 'amount' | 'emailCode' | 'tfaCode';
const messageOf = (error: unknown) =>
  translateServerMessage(error instanceof ApiError ? error.message : DEFAULT_ERROR_MESSAGE);
/** The server's answer to a code asked for, or a confirmation, after the quote's rate stopped holding. */
const isQuoteExpired = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message === QUOTE_EXPIRED_MESSAGE;

/**
 * The three steps of a withdrawal: Withdraw (coin, network, address, amount) → Review Details (fee,
 * what arrives, rate) → Verification Code (the e-mailed code, plus the authenticator's when
 * two-factor is on). The funds are held only at the last step. A quote's rate holds until its
 * expiry (a countdown on the review): past it, the server refuses the code or the confirmation, and
 * the panel prices the same withdrawal again and shows the fresh review, nothing to type again.
 */
export function WithdrawPanel({ available }: { available: string | undefined }) {
  const t = useT();
  const [step, setStep] = useState(0);
  const [coin, setCoin] = useState<TWithdrawCoin>('usdt');
  const [network, setNetwork] = useState<TNetwork>(NETWORKS_BY_COIN.usdt[0]);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [tfaCode, setTfaCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<TFields, string>>>({});
  const [formError, setFormError] = useState<string>();
  /** Why the review shows a new quote (the previous one expired). */
  const [requoteNotice, setRequoteNotice] = useState<string>();
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
  const quoteSecondsLeft = useSecondsUntil(result ? undefined : quote?.expiresAt);

  const reset = () => {
    setStep(0);
    setQuote(undefined);
    setResult(undefined);
    setEmailCode('');
    setTfaCode('');
    setErrors({});
    setFormError(undefined);
    setRequoteNotice(undefined);
  };

  const onFailure = (error: unknown) => {
    const fields = serverFieldErrors<TFields>(error);
    setErrors(fields);
    setFormError(Object.keys(fields).length > 0 ? undefined : messageOf(error));
  };

  const submitDetails = (event: FormEvent) => {
    event.preventDefault();
    // The contract the server checks, so the form says the same before asking (which checks again).
    const parsed = ZWithdrawRequest.safeParse({ coin, network, address, amount: amount.trim() });
    setErrors(parsed.success ? {} : zodFieldErrors<TFields>(parsed.error));
    setFormError(undefined);
    if (!parsed.success) return;
    create.mutate(
      { coin, network, address: parsed.data.address, amount: amount.trim() },
      {
        onSuccess: ({ data }) => {
          setQuote(data);
          setStep(1);
        },
        onError: onFailure,
      },
    );
  };

  /** The same withdrawal priced again (its rate expired): back to Review Details with the new quote. */
  const requote = (notice: string) => {
    create.mutate(
      { coin, network, address: address.trim(), amount: amount.trim() },
      {
        onSuccess: ({ data }) => {
          setQuote(data);
          setStep(1);
          setEmailCode('');
          setTfaCode('');
          setErrors({});
          setFormError(undefined);
          setRequoteNotice(notice);
        },
        // No longer possible as it was (the balance or the limits changed): the form says why.
        onError: (error) => {
          setStep(0);
          setQuote(undefined);
          setRequoteNotice(undefined);
          onFailure(error);
        },
      },
    );
  };

  const onStepFailure = (error: unknown) => {
    if (isQuoteExpired(error)) requote(messageOf(error));
    else onFailure(error);
  };

  const sendCode = (isResend: boolean) => {
    if (!quote) return;
    requestCode.mutate(quote.id, {
      onSuccess: ({ message }) => {
        toast.success(message);
        // A new code replaces the old one: the field starts empty again.
        setEmailCode('');
        setFormError(undefined);
        setRequoteNotice(undefined);
        if (!isResend) setStep(2);
      },
      onError: onStepFailure,
    });
  };

  const rateHolds =
    quoteSecondsLeft === undefined ? null : (
      <p className={styles.muted} data-testid="quote-countdown" aria-live="off">
        {quoteSecondsLeft > 0
          ? t('wallet.withdraw.rateHolds', { time: formatSecondsLeft(quoteSecondsLeft) })
          : t('wallet.withdraw.rateExpired')}
      </p>
    );

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!quote) return;
    const next: Partial<Record<TFields, string>> = {};
    if (emailCode.length !== 6) next.emailCode = t('wallet.withdraw.emailCodeRequired');
    if (quote.isTfaRequired && tfaCode.length !== 6) next.tfaCode = t('wallet.withdraw.tfaCodeRequired');
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
        onError: onStepFailure,
      },
    );
  };

  if (result) {
    return (
      <WithdrawResult
        result={result}
        isCancelling={cancel.isPending}
        onCancel={() =>
          cancel.mutate(result.id, {
            onSuccess: ({ data, message }) => {
              toast.success(message);
              setResult(data);
            },
          })
        }
        onNew={reset}
      />
    );
  }

  return (
    <Card title={t('wallet.withdraw.title')}>
      <Stepper
        steps={[
          t('wallet.withdraw.step.details'),
          t('wallet.withdraw.step.review'),
          t('wallet.withdraw.step.code'),
        ]}
        current={step}
      />
      {formError ? (
        <Callout tone="danger" role="alert" className={styles.formError}>
          {formError}
        </Callout>
      ) : null}

      {step === 0 ? (
        <form className={styles.form} onSubmit={submitDetails} noValidate>
          <CoinNetworkPickers
            coins={WITHDRAW_COINS}
            coin={coin}
            network={network}
            onCoinChange={(next) => {
              setCoin(next);
              setNetwork(NETWORKS_BY_COIN[next][0]);
            }}
            onNetworkChange={setNetwork}
          />
          <TextField
            label={t('wallet.withdraw.address')}
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
              <span className={styles.label}>{t('wallet.withdraw.recent')}</span>
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
            label={t('wallet.withdraw.amount')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
            hint={
              info
                ? t('wallet.withdraw.amountHint', {
                    available: formatMoney(available, 2),
                    min: formatMoney(info.minWithdraw, 2),
                    max: formatMoney(info.maxWithdraw, 2),
                    fee: formatMoney(info.fee, 2),
                  })
                : undefined
            }
          />
          {info && !info.withdrawEnabled ? (
            <Callout tone="warning" title={t('wallet.withdraw.paused')} role="status">
              {t('wallet.withdraw.pausedText')}
            </Callout>
          ) : null}
          <Button
            type="submit"
            variant="primary"
            size="lg"
            isLoading={create.isPending}
            disabled={info?.withdrawEnabled === false}
          >
            {t('wallet.withdraw.continue')}
          </Button>
        </form>
      ) : null}

      {step === 1 && quote ? (
        <div className={styles.form}>
          {requoteNotice ? (
            <Callout tone="warning" role="status" title={requoteNotice}>
              {t('wallet.withdraw.requoted')}
            </Callout>
          ) : null}
          <WithdrawReview quote={quote} />
          {rateHolds}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={reset}>
              {t('common.back')}
            </Button>
            {/* Past the countdown too: the server decides (this clock may be off) and re-quotes. */}
            <Button
              variant="primary"
              isLoading={requestCode.isPending || create.isPending}
              onClick={() => sendCode(false)}
            >
              {t('common.confirm')}
            </Button>
          </div>
        </div>
      ) : null}

      {step === 2 && quote ? (
        <form className={styles.form} onSubmit={submitCode} noValidate>
          <p className={styles.muted}>{t('wallet.withdraw.codeSent')}</p>
          {rateHolds}
          <OtpField
            label={t('wallet.withdraw.emailCode')}
            value={emailCode}
            onChange={setEmailCode}
            error={errors.emailCode}
            autoFocus
          />
          {quote.isTfaRequired ? (
            <OtpField
              label={t('wallet.withdraw.tfaCode')}
              value={tfaCode}
              onChange={setTfaCode}
              error={errors.tfaCode}
              autoComplete="off"
            />
          ) : null}
          <div className={styles.actions}>
            <Button variant="ghost" isLoading={requestCode.isPending} onClick={() => sendCode(true)}>
              {t('verify.resend')}
            </Button>
            <Button type="submit" variant="primary" isLoading={confirm.isPending || create.isPending}>
              {t('wallet.withdraw.submit')}
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
