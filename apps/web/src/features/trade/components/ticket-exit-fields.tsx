import { Checkbox } from '../../../components/checkbox';
import { DecimalField } from '../../../domain/trading/components/decimal-field';
import type { TDecimalField } from '../../../domain/trading/use-decimal-field';
import { useT } from '../../../lib/i18n';
import styles from './order-ticket.module.css';

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
        <DecimalField
          field={takeProfit}
          label={t('trade.ticket.takeProfit')}
          placeholder={t('trade.ticket.optional')}
          error={errors.takeProfit}
        />
        {isTrailing ? (
          <DecimalField
            field={trailingStop}
            label={t('trade.ticket.trailingStop')}
            placeholder={t('trade.ticket.distance')}
            error={errors.trailingStop}
            data-testid="trailing-stop"
          />
        ) : (
          <DecimalField
            field={stopLoss}
            label={t('trade.ticket.stopLoss')}
            placeholder={t('trade.ticket.optional')}
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
