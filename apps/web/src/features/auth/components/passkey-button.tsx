import type { Ref } from 'react';
import { Button } from '../../../components/button';
import { IconKey } from '../../../components/icons';
import { useBrowserValue } from '../../../lib/browser-value';
import { translateServerMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/toasts';
import { isWebAuthnRefusal } from '../../../lib/webauthn';

/** What the browser says when the user closes its passkey dialog or has no passkey for this site. */
export const PASSKEY_CANCELLED_MESSAGE = 'No passkey was used. Try again, or sign in another way.';

/** The browser's own refusals (cancelled, timed out, none here) read as one calm message. */
export function onPasskeyError(error: unknown) {
  if (isWebAuthnRefusal(error)) {
    notify.error(translateServerMessage(PASSKEY_CANCELLED_MESSAGE), { id: 'passkey-cancelled' });
  }
}

/** Whether this browser can use a passkey at all (WebAuthn is there). */
export function canUsePasskeys(): boolean {
  return typeof window !== 'undefined' && 'PublicKeyCredential' in window;
}

/** A button that signs in (or finishes a sign-in) with a passkey; hidden where WebAuthn is missing. */
export function PasskeyButton({
  label,
  onClick,
  isLoading,
  variant = 'secondary',
  ref,
}: {
  label: string;
  onClick: () => void;
  isLoading: boolean;
  variant?: 'primary' | 'secondary';
  ref?: Ref<HTMLButtonElement>;
}) {
  // A page drawn at build time shows the button (as nearly every browser can); a browser without
  // WebAuthn drops it once it has taken the page over.
  const isSupported = useBrowserValue(canUsePasskeys, true);
  if (!isSupported) return null;
  return (
    <Button
      ref={ref}
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
