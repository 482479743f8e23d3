import { Checkbox } from '../../../components/checkbox';
import { TextField } from '../../../components/text-field';
import type { useDecimalField } from '../../../domain/trading/use-decimal-field';
import { useT } from '../../../lib/i18n';
import styles from './order-ticket.module.css';

type TDecimalField = ReturnType<typeof useDecimalField>;

/**
 * The ticket's optional exits: a take-profit, and a stop-loss or (with the box ticked) a trailing
 * stop's distance in its place.
 */
export function TicketExitFields({
  takeProfit,
  stopLoss,
  trailingStop,
  isTrailing,
  onTrailingChange,
  errors,
}: {
  takeProfit: TDecimalField;
  stopLoss: TDecimalField;
  trailingStop: TDecimalField;
  isTrailing: boolean;
  onTrailingChange: (isTrailing: boolean) => void;
  /** The errors shown under the fields (once the ticket was submitted). */
  errors: { takeProfit: string | undefined; stopLoss: string | undefined; trailingStop: string | undefined };
}) {
  const t = useT();
  return (
    <>
      <div className={styles.exits}>
        <TextField
          label={t('trade.ticket.takeProfit')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('trade.ticket.optional')}
          value={takeProfit.value}
          onChange={takeProfit.onChange}
          error={errors.takeProfit}
        />
        {isTrailing ? (
          <TextField
            label={t('trade.ticket.trailingStop')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('trade.ticket.distance')}
            value={trailingStop.value}
            onChange={trailingStop.onChange}
            error={errors.trailingStop}
            data-testid="trailing-stop"
          />
        ) : (
          <TextField
            label={t('trade.ticket.stopLoss')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('trade.ticket.optional')}
            value={stopLoss.value}
            onChange={stopLoss.onChange}
            error={errors.stopLoss}
          />
        )}
      </div>
      <Checkbox checked={isTrailing} onChange={(event) => onTrailingChange(event.target.checked)}>
        {t('trade.ticket.useTrailing')}
      </Checkbox>
    </>
  );
}
