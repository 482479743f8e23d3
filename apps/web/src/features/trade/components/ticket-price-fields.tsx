import { DecimalField } from '../../../domain/trading/components/decimal-field';
import type { TDecimalField } from '../../../domain/trading/use-decimal-field';
import { useT } from '../../../lib/i18n';

/**
 * The prices a pending order waits for: a stop's trigger (stop and stop-limit orders) and a limit
 * (limit and stop-limit orders). Both suggest the price the order would open at now.
 */
export function TicketPriceFields({
  stopPrice,
  limitPrice,
  hasStop,
  hasLimit,
  placeholder,
  errors,
}: {
  stopPrice: TDecimalField;
  limitPrice: TDecimalField;
  hasStop: boolean;
  hasLimit: boolean;
  placeholder: string;
  /** The errors shown under the fields. */
  errors: { stopPrice: string | undefined; price: string | undefined };
}) {
  const t = useT();
  return (
    <>
      {hasStop ? (
        <DecimalField
          field={stopPrice}
          label={t('trade.ticket.stopPrice')}
          placeholder={placeholder}
          error={errors.stopPrice}
          data-testid="stop-price"
        />
      ) : null}

      {hasLimit ? (
        <DecimalField
          field={limitPrice}
          label={t('trade.ticket.limitPrice')}
          placeholder={placeholder}
          error={errors.price}
        />
      ) : null}
    </>
  );
}
