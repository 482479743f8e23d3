import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n';
import type { TTimeInForce } from '../hooks/use-send-order';
import styles from './order-ticket.module.css';

/** How long a pending order waits: until cancelled, the day, or a date and time to pick. */
export function TicketTimeInForce({
  timeInForce,
  onTimeInForceChange,
  expiresAt,
  onExpiresAtChange,
  expiresAtError,
}: {
  timeInForce: TTimeInForce;
  onTimeInForceChange: (timeInForce: TTimeInForce) => void;
  /** A `datetime-local` value. */
  expiresAt: string;
  onExpiresAtChange: (expiresAt: string) => void;
  expiresAtError: string | undefined;
}) {
  const t = useT();
  return (
    <div className={styles.exits}>
      <SelectField
        label={t('trade.ticket.timeInForce')}
        value={timeInForce}
        onChange={(event) => onTimeInForceChange(event.target.value as TTimeInForce)}
        options={[
          { value: 'gtc', label: t('trade.ticket.tif.gtc') },
          { value: 'day', label: t('trade.ticket.tif.day') },
          { value: 'gtd', label: t('trade.ticket.tif.gtd') },
        ]}
        data-testid="time-in-force"
      />
      {timeInForce === 'gtd' ? (
        <TextField
          label={t('trade.ticket.expiresAt')}
          type="datetime-local"
          value={expiresAt}
          onChange={(event) => onExpiresAtChange(event.target.value)}
          error={expiresAtError}
          data-testid="expires-at"
        />
      ) : null}
    </div>
  );
}
