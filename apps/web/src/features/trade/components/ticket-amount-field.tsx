// The order ticket's amount in USD: what the order puts at stake beside its label and, under it,
// the smallest and largest size it may take (a button fills in the largest the free margin pays
// for), or how to fund an empty Real account.
import { AMOUNT_MAX } from '@td/contracts/constants';
import type { TPair } from '@td/contracts/market';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { DecimalField } from '../../../domain/trading/components/decimal-field';
import { compareMoney, maxAffordableAmount } from '../../../domain/trading/trading-math';
import type { TDecimalField } from '../../../domain/trading/use-decimal-field';
import { formatMoney } from '../../../lib/format';
import { tRich, useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import styles from './order-ticket.module.css';

interface TTicketAmountFieldProps {
  ref: Ref<HTMLInputElement>;
  amount: TDecimalField;
  pair: TPair;
  /** The account's free margin; undefined while it loads. */
  freeMargin: string | undefined;
  leverage: number;
  feeRate: string;
  /** What the order puts at stake (margin and fee), once it can be computed. */
  cost: string | undefined;
  /** A Real account with nothing in it: told how to fund it instead of the sizes. */
  isUnfunded: boolean;
  error: string | undefined;
}

/**
 * The ticket's amount in USD, with what it puts at stake beside its label and, under it, the
 * sizes it may take (the most a button that fills it in), or how to fund an empty Real account.
 */
export function TicketAmountField({
  ref,
  amount,
  pair,
  freeMargin,
  leverage,
  feeRate,
  cost,
  isUnfunded,
  error,
}: TTicketAmountFieldProps) {
  const t = useT();
  // The most the ticket can open: the pair's and the product's limits, and what the free margin pays for.
  const limitMax = compareMoney(pair.maxAmount, String(AMOUNT_MAX)) < 0 ? pair.maxAmount : String(AMOUNT_MAX);
  const affordable =
    freeMargin === undefined ? undefined : maxAffordableAmount(freeMargin, leverage, feeRate);
  const shownMax = affordable !== undefined && compareMoney(affordable, limitMax) < 0 ? affordable : limitMax;
  return (
    <DecimalField
      field={amount}
      ref={ref}
      label={t('trade.ticket.amount')}
      error={error}
      labelAside={
        <span className={`${styles.atStake} tabular`} data-testid="preview-at-stake">
          {t('trade.ticket.atStake', { value: cost !== undefined ? `${formatMoney(cost, 2)} USD` : '—' })}
        </span>
      }
      hint={
        isUnfunded ? (
          <span data-testid="fund-real">
            {tRich('trade.ticket.fundReal', {}, { wallet: (text) => <Link to={PATHS.wallet}>{text}</Link> })}
          </span>
        ) : (
          tRich(
            'trade.ticket.sizeHint',
            { min: formatMoney(pair.minAmount, 2), max: formatMoney(shownMax, 2) },
            {
              max: (text) => (
                <button
                  type="button"
                  className={`${styles.maxButton} tabular`}
                  onClick={() => amount.setValue(shownMax)}
                  aria-label={t('trade.ticket.useMax', { amount: formatMoney(shownMax, 2) })}
                  data-testid="amount-max"
                >
                  {text}
                </button>
              ),
            },
          )
        )
      }
    />
  );
}
