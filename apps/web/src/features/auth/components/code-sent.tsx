// What the screens waiting for a code share: the subtitle naming the address it went to, and the
// button that asks for another one after a wait.
import toast from 'react-hot-toast';
import { type TMessageKey, tRich, useT } from '../../../lib/i18n';
import { formatCooldown, RESEND_COOLDOWN_S, useCooldown } from '../hooks/use-cooldown';
import styles from './auth-form.module.css';

/** The message `key` with its `{email}` in bold (the address a code went to, the account's own). */
export function withAddress(key: TMessageKey, email: string) {
  return tRich(key, { email }, { strong: (text) => <span className={styles.recipient}>{text}</span> });
}

interface TResendCodeButtonProps<TVariables> {
  /** The call that sends another code; its success message is toasted. */
  resend: {
    mutate: (variables: TVariables, options: { onSuccess: (answer: { message: string }) => void }) => void;
    isPending: boolean;
  };
  variables: TVariables;
  /** A code was sent just before the screen opened: the wait starts at once. */
  isRunningAtStart: boolean;
  /** Screen readers follow its words as they change (the time left, then the offer again). */
  isAnnounced?: boolean;
}

/** "Resend code", or the time left before another code may be asked for (after each code sent). */
export function ResendCodeButton<TVariables>({
  resend,
  variables,
  isRunningAtStart,
  isAnnounced = false,
}: TResendCodeButtonProps<TVariables>) {
  const t = useT();
  const cooldown = useCooldown(RESEND_COOLDOWN_S, { isRunningAtStart });
  return (
    <button
      type="button"
      className={styles.linkButton}
      onClick={() =>
        resend.mutate(variables, {
          onSuccess: ({ message }) => {
            toast.success(message);
            cooldown.start();
          },
        })
      }
      disabled={cooldown.isCoolingDown || resend.isPending}
      aria-live={isAnnounced ? 'polite' : undefined}
    >
      {cooldown.isCoolingDown
        ? t('verify.resendIn', { time: formatCooldown(cooldown.secondsLeft) })
        : t('verify.resend')}
    </button>
  );
}
