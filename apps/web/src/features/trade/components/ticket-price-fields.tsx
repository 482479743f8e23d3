import { TextField } from '../../../components/text-field';
import type { useDecimalField } from '../../../domain/trading/use-decimal-field';
import { useT } from '../../../lib/i18n';

type TDecimalField = ReturnType<typeof useDecimalField>;

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
        <TextField
          label={t('trade.ticket.stopPrice')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={stopPrice.value}
          onChange={stopPrice.onChange}
          error={errors.stopPrice}
          data-testid="stop-price"
        />
      ) : null}

      {hasLimit ? (
        <TextField
          label={t('trade.ticket.limitPrice')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={limitPrice.value}
          onChange={limitPrice.onChange}
          error={errors.price}
        />
      ) : null}
    </>
  );
}
