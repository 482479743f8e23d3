import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { IconKey } from '../../../components/icons';
import { translateServerMessage } from '../../../lib/i18n';
import { isWebAuthnRefusal } from '../../../lib/webauthn';

/** What the browser says when the user closes its passkey dialog or has no passkey for this site. */
export const PASSKEY_CANCELLED_MESSAGE = 'No passkey was used. Try again, or sign in another way.';

/** The browser's own refusals (cancelled, timed out, none here) read as one calm message. */
export function onPasskeyError(error: unknown) {
  if (isWebAuthnRefusal(error)) {
    toast.error(translateServerMessage(PASSKEY_CANCELLED_MESSAGE), { id: 'passkey-cancelled' });
  }
}

/** A button that signs in (or finishes a sign-in) with a passkey; hidden where WebAuthn is missing. */
export function PasskeyButton({
  label,
  onClick,
  isLoading,
  variant = 'secondary',
}: {
  label: string;
  onClick: () => void;
  isLoading: boolean;
  variant?: 'primary' | 'secondary';
}) {
  if (typeof window === 'undefined' || !('PublicKeyCredential' in window)) return null;
  return (
    <Button
      type="button"
      variant={variant}
      size="lg"
      isFullWidth
      icon={<IconKey size={18} />}
      isLoading={isLoading}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
