/**
 * Whether a passkey ceremony ended because the browser or the user declined it (the dialog closed,
 * it timed out, no passkey for this site, one already made here): said calmly, not as a failure.
 */
export function isWebAuthnRefusal(error: unknown): boolean {
  return (
    error instanceof Error && ['NotAllowedError', 'AbortError', 'InvalidStateError'].includes(error.name)
  );
}
