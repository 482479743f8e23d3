/** Cancel and the submit button: the footer of a dialog's form, or the end of a form in a card. */
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { Button, type TButtonVariant } from './button';

interface TFormActionsProps {
  onCancel: () => void;
  /** The words of the submit button ("Save", "Revoke key"). */
  submitLabel: ReactNode;
  /** While the action is under way the submit button spins. */
  isPending: boolean;
  /** The submit button's colour: primary, or danger for what cannot be undone. */
  variant?: TButtonVariant;
  /** Cancel waits too while the action runs, for an action that cannot be stopped halfway. */
  isCancelHeld?: boolean;
}

/** Two buttons in the order every form of the app ends with: Cancel (ghost), then the action. */
export function FormActions({
  onCancel,
  submitLabel,
  isPending,
  variant = 'primary',
  isCancelHeld = false,
}: TFormActionsProps) {
  const t = useT();
  return (
    <>
      <Button variant="ghost" onClick={onCancel} disabled={isCancelHeld && isPending}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" variant={variant} isLoading={isPending}>
        {submitLabel}
      </Button>
    </>
  );
}
