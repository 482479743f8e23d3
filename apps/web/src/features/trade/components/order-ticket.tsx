import { AMOUNT_MAX, type TAccount } from '@td/contracts/constants';
import type { TPair } from '@td/contracts/market';
import { pricesDelayedText, realNeedsLivePricesText } from '@td/contracts/market';
import { ORDER_CODE } from '@td/contracts/statuses';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { FilterTabs } from '../../../components/filter-tabs';
import { Skeleton } from '../../../components/skeleton';
import { TextField } from '../../../components/text-field';
import { useKyc } from '../../../domain/identity/get-kyc';
import { IdentityRequired } from '../../../domain/identity/identity-required';
import {
  amountError,
  clampLeverage,
  createClientOrderIds,
  leverageError,
  priceError,
} from '../../../domain/trading/order-form';
import { usePlaceOrder } from '../../../domain/trading/order-mutations';
import {
  closeSidePrice,
  compareMoney,
  exitProblem,
  openSidePrice,
  previewOrder,
  ratePercent,
  type TSide,
} from '../../../domain/trading/trading-math';
import { useDecimalField } from '../../../domain/trading/use-decimal-field';
import { useIsDelayed, useLiveQuote } from '../../../domain/trading/use-live-quote';
import { ApiError } from '../../../lib/api-client';
import { formatDayTime, formatMoney } from '../../../lib/format';
import { displayPair, formatPrice } from '../../../lib/format-market';
import { useSettings } from '../../../lib/settings';
import styles from './order-ticket.module.css';

type TOrderType = 'market' | 'limit';

interface TOrderTicketProps {
  pair: TPair | undefined;
  account: TAccount;
  /** The account's free margin (equity − margin in use); undefined while it loads. */
  freeMargin: string | undefined;
}

const ORDER_TYPE_TABS = [
  { value: 'market', label: 'Market' },
  { value: 'limit', label: 'Limit' },
] as const;

/** A leverage to start from: 10× or the pair's maximum when that is lower. */
const DEFAULT_LEVERAGE = 10;
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

/**
 * The order ticket: side, market or limit, amount in USD, leverage, optional take-profit and
 * stop-loss, and before sending what the order will hold, computed exactly as the server does:
 * margin, fee, liquidation price, and the free margin it comes out of.
 */
export function OrderTicket({ pair, account, freeMargin }: TOrderTicketProps) {
  const [side, setSide] = useState<TSide>('buy');
  const [type, setType] = useState<TOrderType>('market');
  const amount = useDecimalField('1000');
  const limitPrice = useDecimalField();
  const takeProfit = useDecimalField();
  const stopLoss = useDecimalField();
  const [leverage, setLeverage] = useState(DEFAULT_LEVERAGE);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const clientOrderIds = useRef(createClientOrderIds()).current;
  const placeOrder = usePlaceOrder();
  const feeRate = useSettings('trading').openingFeeRate;
  const quote = useLiveQuote(pair);
  const isQuoteDelayed = useIsDelayed(quote, pair?.marketOpen ?? false);
  const leverageId = useId();
  const shortId = useId();

  // Real orders need the personal details of verification level 1.
  const kyc = useKyc();

  if (!pair) return <OrderTicketSkeleton />;

  const precision = pair.pricePrecision;
  const maxLeverage = Math.max(1, pair.maxLeverage);
  const usedLeverage = clampLeverage(leverage, maxLeverage);
  const label = displayPair(pair.base, pair.quote);
  const entryPrice = type === 'market' ? (quote ? openSidePrice(side, quote) : null) : limitPrice.value;
  const preview = previewOrder({
    side,
    amount: amount.value,
    leverage: usedLeverage,
    entryPrice,
    pricePrecision: precision,
    feeRate,
  });
  // The server checks the exits against the price the position would be valued at now.
  const exitReference = type === 'market' ? (quote ? closeSidePrice(side, quote) : null) : limitPrice.value;
  const sides = exitProblem(
    side,
    exitReference,
    { takeProfit: takeProfit.value, stopLoss: stopLoss.value },
    precision,
  );
  const errors = {
    amount: amountError(amount.value, { min: pair.minAmount, max: pair.maxAmount }),
    leverage: leverageError(usedLeverage, maxLeverage),
    price: type === 'limit' ? priceError(limitPrice.value, precision, true) : undefined,
    takeProfit: priceError(takeProfit.value, precision) ?? sides.takeProfit,
    stopLoss: priceError(stopLoss.value, precision) ?? sides.stopLoss,
  };
  const hasErrors = Object.values(errors).some(Boolean);
  const isShort = preview !== null && freeMargin !== undefined && compareMoney(preview.cost, freeMargin) > 0;
  const shown = (error: string | undefined) => (isSubmitted ? error : undefined);

  // Real accounts trade live prices only: a pair the simulator prices is for the Demo account.
  const isDemoOnly = account === 'real' && !pair.realTrading;
  // A market order needs a fresh price; a limit order may wait for one.
  const isDelayed = isQuoteDelayed && type === 'market';
  const needsIdentity = account === 'real' && kyc.data !== undefined && kyc.data.level < 1;
  const isTakingOrders = pair.marketOpen && !isDemoOnly && !isDelayed && !needsIdentity;
  // What the server would refuse is said at once, beside the field, and the order is not sent.
  const amountProblem = amount.value === '' ? undefined : errors.amount;
  const canSubmit = isTakingOrders && !isShort && !amountProblem;

  const submit = () => {
    setIsSubmitted(true);
    if (hasErrors || !canSubmit) return;
    const request = {
      account,
      symbol: pair.symbol,
      side,
      type,
      amount: amount.value,
      leverage: usedLeverage,
      ...(type === 'limit' ? { price: limitPrice.value } : {}),
      ...(takeProfit.value ? { takeProfit: takeProfit.value } : {}),
      ...(stopLoss.value ? { stopLoss: stopLoss.value } : {}),
    };
    // The same request sent again after a lost answer keeps its id, so the server places it once.
    const clientOrderId = clientOrderIds.idFor(JSON.stringify(request));
    placeOrder.mutate(
      { ...request, clientOrderId },
      {
        onSuccess: ({ data }) => {
          clientOrderIds.settle();
          setIsSubmitted(false);
          if (data.status !== ORDER_CODE.rejected) {
            takeProfit.setValue('');
            stopLoss.setValue('');
          }
        },
        onError: (error) => {
          // Only a request that never got an answer may be the same order; anything else is settled.
          if (!(error instanceof ApiError && error.isNetworkError)) clientOrderIds.settle();
        },
      },
    );
  };

  const sideButton = (value: TSide, price: string | undefined) => (
    <button
      type="button"
      className={`${styles.side} ${styles[value]}`}
      aria-pressed={side === value}
      onClick={() => setSide(value)}
    >
      <span className={styles.sideLabel}>{value === 'buy' ? 'Buy' : 'Sell'}</span>
      <span className={`${styles.sidePrice} tabular`}>{price ? formatPrice(price, precision) : '—'}</span>
    </button>
  );

  return (
    <section className={styles.ticket} aria-label="Order ticket" data-testid="order-ticket">
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className={styles.sides}>
          <legend className="visually-hidden">Side</legend>
          {sideButton('sell', quote?.bid)}
          {sideButton('buy', quote?.ask)}
        </fieldset>

        <FilterTabs
          label="Order type"
          tabs={ORDER_TYPE_TABS}
          value={type}
          onChange={setType}
          size="sm"
          className={styles.typeTabs}
        />

        {type === 'limit' ? (
          <TextField
            label="Limit price"
            inputMode="decimal"
            autoComplete="off"
            placeholder={quote ? formatPrice(openSidePrice(side, quote), precision).replaceAll(',', '') : ''}
            value={limitPrice.value}
            onChange={limitPrice.onChange}
            error={shown(errors.price)}
          />
        ) : null}

        <TextField
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          value={amount.value}
          onChange={amount.onChange}
          error={amountProblem ?? shown(errors.amount)}
          hint={`Min ${formatMoney(pair.minAmount, 2)} · max ${formatMoney(
            compareMoney(pair.maxAmount, String(AMOUNT_MAX)) < 0 ? pair.maxAmount : String(AMOUNT_MAX),
            2,
          )}`}
        />

        <div className={styles.leverage}>
          <div className={styles.leverageHead}>
            <label htmlFor={leverageId} className={styles.fieldLabel}>
              Leverage
            </label>
            <span className={styles.leverageInput}>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={maxLeverage}
                step={1}
                value={usedLeverage}
                onChange={(event) => setLeverage(clampLeverage(event.target.valueAsNumber, maxLeverage))}
                aria-label="Leverage (number)"
                className="tabular"
              />
              ×
            </span>
          </div>
          <input
            id={leverageId}
            type="range"
            min={1}
            max={maxLeverage}
            step={1}
            value={usedLeverage}
            onChange={(event) => setLeverage(Number(event.target.value))}
            className={styles.slider}
            aria-valuetext={`${usedLeverage} times`}
          />
          <div className={`${styles.scale} tabular`} aria-hidden="true">
            <span>1×</span>
            <span>{Math.round(maxLeverage / 2)}×</span>
            <span>{maxLeverage}×</span>
          </div>
        </div>

        <div className={styles.exits}>
          <TextField
            label="Take profit"
            inputMode="decimal"
            autoComplete="off"
            placeholder="Optional"
            value={takeProfit.value}
            onChange={takeProfit.onChange}
            error={shown(errors.takeProfit)}
          />
          <TextField
            label="Stop loss"
            inputMode="decimal"
            autoComplete="off"
            placeholder="Optional"
            value={stopLoss.value}
            onChange={stopLoss.onChange}
            error={shown(errors.stopLoss)}
          />
        </div>

        <dl className={styles.preview} aria-live="polite">
          <Row label={type === 'market' ? 'Entry price (est.)' : 'Entry price'}>
            {formatPrice(entryPrice, precision)}
          </Row>
          <Row label="Margin" testId="preview-margin">
            {preview ? `${formatMoney(preview.margin, 2)} USD` : '—'}
          </Row>
          <Row label={`Fee (${ratePercent(feeRate)})`} testId="preview-fee">
            {preview ? `${formatMoney(preview.fee, 2)} USD` : '—'}
          </Row>
          <Row label="Liquidation price" testId="preview-liquidation">
            {formatPrice(preview?.liquidationPrice, precision)}
          </Row>
          <Row label="Free margin" testId="preview-free-margin">
            {freeMargin === undefined ? (
              <Skeleton width={72} height={12} />
            ) : (
              `${formatMoney(freeMargin, 2)} USD`
            )}
          </Row>
        </dl>

        {isShort && !isDemoOnly ? (
          <p className={styles.warning} role="status" id={shortId}>
            Margin and fee exceed your free margin: lower the amount or the leverage
            {account === 'real' ? ', or deposit funds in Wallet' : ''}.
          </p>
        ) : null}
        {!pair.marketOpen ? (
          <p className={styles.warning} role="status">
            {pair.marketClosedReason ?? 'The market is closed'}: orders open again{' '}
            {pair.marketOpensAt ? `on ${formatDayTime(pair.marketOpensAt)}` : 'when it does'}.
          </p>
        ) : null}
        {isDelayed ? (
          <p className={styles.warning} role="status" data-testid="prices-delayed">
            {pricesDelayedText(pair.symbol)}: market orders wait for a fresh price.
          </p>
        ) : null}
        {isDemoOnly ? (
          <p className={styles.warning} role="status" data-testid="demo-only">
            {realNeedsLivePricesText(pair.symbol)}.
          </p>
        ) : null}
        {needsIdentity && !isDemoOnly && kyc.data ? <IdentityRequired kyc={kyc.data} need={1} /> : null}

        <Button
          type="submit"
          size="lg"
          isFullWidth
          isLoading={placeOrder.isPending}
          disabled={!canSubmit}
          aria-describedby={isShort && !isDemoOnly ? shortId : undefined}
          className={`${styles.submit} ${styles[side]}`}
        >
          {side === 'buy' ? 'Buy' : 'Sell'} {label}
          {account === 'demo' ? <span className={styles.demoTag}>Demo</span> : null}
        </Button>
      </form>
    </section>
  );
}

/** The ticket's shape while the pairs load. */
export function OrderTicketSkeleton() {
  return (
    <section className={styles.ticket} aria-busy="true" aria-label="Order ticket">
      <div className={styles.form}>
        <div className={styles.sides}>
          <Skeleton height={52} shape="block" />
          <Skeleton height={52} shape="block" />
        </div>
        <Skeleton width={140} height={30} shape="block" />
        {['amount', 'leverage', 'exits'].map((key) => (
          <div key={key} className={styles.skeletonField}>
            <Skeleton width={80} height={12} />
            <Skeleton height={36} shape="block" />
          </div>
        ))}
        <Skeleton height={132} shape="block" />
        <Skeleton height={44} shape="block" />
      </div>
    </section>
  );
}
