// The Trade tab's order ticket: side, type (market, limit, stop, stop-limit), amount in USD,
// leverage, exits and expiry, checked as the server checks them, with a preview of what the order
// will hold. Large orders are confirmed first; one-click trading sends market orders at once.
import type { TAccount } from '@td/contracts/constants';
import type { TPair } from '@td/contracts/market';
import { ORDER_CODE } from '@td/contracts/statuses';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { FilterTabs } from '../../../components/filter-tabs';
import { OneClickToggle } from '../../../domain/financing/components/one-click-toggle';
import { useOneClickTrading } from '../../../domain/financing/financing-queries';
import { useKyc } from '../../../domain/identity/get-kyc';
import { IdentityRequired } from '../../../domain/identity/identity-required';
import {
  amountError,
  clampLeverage,
  expiryError,
  leverageError,
  priceError,
  stopPriceError,
  trailingStopError,
} from '../../../domain/trading/order-form';
import {
  closeSidePrice,
  compareMoney,
  exitProblem,
  isLargeOrder,
  openSidePrice,
  previewOrder,
  type TSide,
} from '../../../domain/trading/trading-math';
import { groupMaxLeverage, useTradingTerms } from '../../../domain/trading/trading-terms';
import { useDecimalField } from '../../../domain/trading/use-decimal-field';
import { useIsDelayed, useLiveQuote } from '../../../domain/trading/use-live-quote';
import { displayPair, formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { useSettings } from '../../../lib/settings';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { type TOrderType, type TTimeInForce, useSendOrder } from '../hooks/use-send-order';
import { LargeOrderDialog } from './large-order-dialog';
import { OrderPreview } from './order-preview';
import styles from './order-ticket.module.css';
import { OrderTicketSkeleton } from './order-ticket-skeleton';
import { TicketAmountField } from './ticket-amount-field';
import { TicketExitFields } from './ticket-exit-fields';
import { TicketLeverageField } from './ticket-leverage-field';
import { TicketNotices } from './ticket-notices';
import { TicketPriceFields } from './ticket-price-fields';
import { TicketSideButtons } from './ticket-side-buttons';
import { TicketTimeInForce } from './ticket-time-in-force';
import { TradeBar, useIsInView } from './trade-bar';

interface TOrderTicketProps {
  pair: TPair | undefined;
  account: TAccount;
  /** The account's free margin (equity − margin in use); undefined while it loads. */
  freeMargin: string | undefined;
  /** The account's balance: what an order comes out of while the free margin is unknown. */
  balance: string | undefined;
  /** The account's group rule, for the liquidation price (undefined while it loads). */
  risk?: { marginMode: 'isolated' | 'cross'; stopOutLevel: number } | undefined;
}

/** Leverage starts at 1× (no borrowed exposure); the user raises it. */
const DEFAULT_LEVERAGE = 1;

/**
 * The order ticket: side, market or limit, amount in USD, leverage, optional take-profit and
 * stop-loss, and before sending what the order will hold, computed exactly as the server does:
 * margin, fee, liquidation price, and the free margin it comes out of.
 */
export function OrderTicket({ pair, account, freeMargin, balance, risk }: TOrderTicketProps) {
  const t = useT();
  const [side, setSide] = useState<TSide>('buy');
  const [type, setType] = useState<TOrderType>('market');
  const amount = useDecimalField('1000');
  const limitPrice = useDecimalField();
  const takeProfit = useDecimalField();
  const stopLoss = useDecimalField();
  const stopPrice = useDecimalField();
  const trailingStop = useDecimalField();
  const [isTrailing, setIsTrailing] = useState(false);
  const [timeInForce, setTimeInForce] = useState<TTimeInForce>('gtc');
  const [expiresAt, setExpiresAt] = useState('');
  const [leverage, setLeverage] = useState(DEFAULT_LEVERAGE);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const sendOrder = useSendOrder();
  const isOneClick = useOneClickTrading();
  const { openingFeeRate: platformFeeRate, confirmOrderAboveShare } = useSettings('trading');
  // The user's client group may set its own opening fee and leverage caps.
  const terms = useTradingTerms();
  const feeRate = terms?.openingFeeRate ?? platformFeeRate;
  const quote = useLiveQuote(pair);
  const isQuoteDelayed = useIsDelayed(quote, pair?.marketOpen ?? false);
  const shortId = useId();
  const isMobile = useIsMobile();
  const ticketRef = useRef<HTMLElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  // On a phone the bar of Sell and Buy steps aside while the ticket's amount or its button is on
  // screen: the trader is at the ticket (a tall ticket may not show both at once).
  const isSubmitInView = useIsInView(submitRef, isMobile && pair !== undefined);
  const isAmountInView = useIsInView(amountRef, isMobile && pair !== undefined);

  // Real orders need the personal details of verification level 1.
  const kyc = useKyc();

  if (!pair) return <OrderTicketSkeleton />;

  const precision = pair.pricePrecision;
  const maxLeverage = groupMaxLeverage(pair, terms);
  const usedLeverage = clampLeverage(leverage, maxLeverage);
  const label = displayPair(pair.base, pair.quote);
  const takesLimit = type === 'limit' || type === 'stop_limit';
  const isStop = type === 'stop' || type === 'stop_limit';
  // A pending order waits for its limit, a stop for its trigger: that is where it would open.
  const waitingPrice = takesLimit ? limitPrice.value : stopPrice.value;
  const entryPrice = type === 'market' ? (quote ? openSidePrice(side, quote) : null) : waitingPrice;
  const preview = previewOrder({
    side,
    amount: amount.value,
    leverage: usedLeverage,
    entryPrice,
    pricePrecision: precision,
    feeRate,
    risk,
  });
  // The server checks the exits against the price the position would be valued at now.
  const exitReference = type === 'market' ? (quote ? closeSidePrice(side, quote) : null) : waitingPrice;
  const sides = exitProblem(
    side,
    exitReference,
    { takeProfit: takeProfit.value, stopLoss: isTrailing ? '' : stopLoss.value },
    precision,
  );
  const errors = {
    amount: amountError(amount.value, { min: pair.minAmount, max: pair.maxAmount }),
    leverage: leverageError(usedLeverage, maxLeverage),
    price: takesLimit ? priceError(limitPrice.value, precision, true) : undefined,
    stopPrice: isStop ? stopPriceError(side, stopPrice.value, quote, precision) : undefined,
    takeProfit: priceError(takeProfit.value, precision) ?? sides.takeProfit,
    stopLoss: isTrailing ? undefined : (priceError(stopLoss.value, precision) ?? sides.stopLoss),
    trailingStop:
      isTrailing && trailingStop.value !== ''
        ? trailingStopError(trailingStop.value, precision, exitReference)
        : undefined,
    expiresAt: type !== 'market' && timeInForce === 'gtd' ? expiryError(expiresAt, Date.now()) : undefined,
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
  // A stop on the wrong side of the market is said as soon as it is typed.
  const stopPriceProblem = stopPrice.value === '' ? undefined : errors.stopPrice;
  const canSubmit = isTakingOrders && !isShort && !amountProblem && !stopPriceProblem;
  // An order that puts more than this share of the free margin at stake is confirmed before it is
  // sent: the money at risk counts, not the leveraged size.
  const available = freeMargin ?? balance;
  // A Real account with nothing in it is told how to fund it, not that it can open at most 0.00.
  const isUnfunded = account === 'real' && freeMargin !== undefined && compareMoney(freeMargin, '0') <= 0;
  const needsConfirmation = isLargeOrder(preview?.cost, available, confirmOrderAboveShare);

  // One-click trading: Buy and Sell place a market order at once with the ticket's amount,
  // leverage and exits, unconfirmed (the user accepted that risk when turning it on).
  const submitOneClick = (value: TSide) => {
    setSide(value);
    setType('market');
    const exits = exitProblem(
      value,
      quote ? closeSidePrice(value, quote) : null,
      { takeProfit: takeProfit.value, stopLoss: stopLoss.value },
      precision,
    );
    const problem = errors.amount ?? errors.leverage ?? exits.takeProfit ?? exits.stopLoss;
    const isOpenNow = pair.marketOpen && !isDemoOnly && !isQuoteDelayed && !needsIdentity;
    if (problem || !isOpenNow || isShort) {
      setIsSubmitted(true);
      if (problem) toast.error(problem);
      return;
    }
    send({ side: value, type: 'market' });
  };

  const submit = (isConfirmed = false) => {
    setIsSubmitted(true);
    if (hasErrors || !canSubmit) return;
    if (needsConfirmation && !isConfirmed) {
      setIsConfirming(true);
      return;
    }
    setIsConfirming(false);
    send({ side, type });
  };

  const send = (order: { side: TSide; type: TOrderType }) =>
    sendOrder.send(
      {
        account,
        symbol: pair.symbol,
        ...order,
        amount: amount.value,
        leverage: usedLeverage,
        limitPrice: limitPrice.value,
        stopPrice: stopPrice.value,
        takeProfit: takeProfit.value,
        stopLoss: stopLoss.value,
        trailingStop: trailingStop.value,
        isTrailing,
        timeInForce,
        expiresAt,
      },
      (placed) => {
        setIsSubmitted(false);
        if (placed.status !== ORDER_CODE.rejected) {
          takeProfit.setValue('');
          stopLoss.setValue('');
          trailingStop.setValue('');
        }
      },
    );

  return (
    <section
      ref={ticketRef}
      className={styles.ticket}
      aria-label={t('trade.ticket.label')}
      data-testid="order-ticket"
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TicketSideButtons
          side={side}
          quote={quote}
          precision={precision}
          pairLabel={label}
          isOneClick={isOneClick}
          isSending={sendOrder.isPending}
          onPick={(value) => (isOneClick ? submitOneClick(value) : setSide(value))}
        />
        <OneClickToggle />

        <FilterTabs
          label={t('trade.ticket.orderType')}
          tabs={[
            { value: 'market', label: t('trade.ticket.market') },
            { value: 'limit', label: t('trade.ticket.limit') },
            { value: 'stop', label: t('trade.ticket.stop') },
            { value: 'stop_limit', label: t('trade.ticket.stopLimit') },
          ]}
          value={type}
          onChange={setType}
          size="sm"
          className={styles.typeTabs}
        />

        <TicketPriceFields
          stopPrice={stopPrice}
          limitPrice={limitPrice}
          hasStop={isStop}
          hasLimit={takesLimit}
          placeholder={quote ? formatPrice(openSidePrice(side, quote), precision).replaceAll(',', '') : ''}
          errors={{ stopPrice: stopPriceProblem ?? shown(errors.stopPrice), price: shown(errors.price) }}
        />

        <TicketAmountField
          ref={amountRef}
          amount={amount}
          pair={pair}
          freeMargin={freeMargin}
          leverage={usedLeverage}
          feeRate={feeRate}
          cost={preview?.cost}
          isUnfunded={isUnfunded}
          error={amountProblem ?? shown(errors.amount)}
        />

        <TicketLeverageField value={usedLeverage} max={maxLeverage} onChange={setLeverage} />

        <TicketExitFields
          takeProfit={takeProfit}
          stopLoss={stopLoss}
          trailingStop={trailingStop}
          isTrailing={isTrailing}
          onTrailingChange={setIsTrailing}
          errors={{
            takeProfit: shown(errors.takeProfit),
            stopLoss: shown(errors.stopLoss),
            trailingStop: shown(errors.trailingStop),
          }}
        />

        {type !== 'market' ? (
          <TicketTimeInForce
            timeInForce={timeInForce}
            onTimeInForceChange={setTimeInForce}
            expiresAt={expiresAt}
            onExpiresAtChange={setExpiresAt}
            expiresAtError={shown(errors.expiresAt)}
          />
        ) : null}

        <OrderPreview
          preview={preview}
          entryLabel={t(type === 'market' ? 'trade.ticket.entryEstimate' : 'trade.ticket.entry')}
          entryPrice={entryPrice}
          precision={precision}
          feeRate={feeRate}
          freeMargin={freeMargin}
        />

        <TicketNotices
          pair={pair}
          account={account}
          shortId={isShort && !isDemoOnly ? shortId : undefined}
          isDelayed={isDelayed}
          isDemoOnly={isDemoOnly}
        />
        {needsIdentity && !isDemoOnly && kyc.data ? <IdentityRequired kyc={kyc.data} need={1} /> : null}

        <Button
          type="submit"
          size="lg"
          isFullWidth
          ref={submitRef}
          isLoading={sendOrder.isPending}
          disabled={!canSubmit}
          aria-describedby={isShort && !isDemoOnly ? shortId : undefined}
          className={`${styles.submit} ${styles[side]}`}
        >
          {t(side === 'buy' ? 'trade.ticket.buyPair' : 'trade.ticket.sellPair', { pair: label })}
          {account === 'demo' ? <span className={styles.demoTag}>{t('common.demo')}</span> : null}
        </Button>
      </form>
      {isMobile && !isSubmitInView && !isAmountInView ? (
        <TradeBar
          quote={quote}
          precision={precision}
          onPick={(value) => {
            if (isOneClick) {
              submitOneClick(value);
              return;
            }
            setSide(value);
            ticketRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
            amountRef.current?.focus({ preventScroll: true });
          }}
        />
      ) : null}
      {preview && available !== undefined ? (
        <LargeOrderDialog
          isOpen={isConfirming}
          side={side}
          amount={amount.value}
          label={label}
          account={account}
          free={available}
          share={confirmOrderAboveShare}
          cost={preview.cost}
          onConfirm={() => submit(true)}
          onClose={() => setIsConfirming(false)}
        />
      ) : null}
    </section>
  );
}
