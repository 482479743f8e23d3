import { z } from 'zod/mini';
import { ZProof } from './auth';
import { ZSafeText } from './text';

/** Passkeys a user may hold at once. */
export const PASSKEYS_PER_USER_MAX = 10;
export const PASSKEY_NAME_MAX = 64;

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const ZBase64Url = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .check(z.maxLength(max, `${label} is too long`), z.regex(BASE64URL, `${label} must be base64url`));

const ZTransports = z.optional(
  z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).check(z.maxLength(8)),
);

/** The credential id the browser gives, in both its fields. */
const ZCredentialId = () => ZBase64Url('The credential id', 1024).check(z.minLength(1));

/**
 * A public-key credential as @simplewebauthn/browser writes it: the id, the authenticator's
 * `response` (which differs between creating a passkey and signing in with one) and the extras.
 */
const publicKeyCredential = <R extends z.core.$ZodLooseShape>(response: R) =>
  z.object({
    id: ZCredentialId(),
    rawId: ZCredentialId(),
    type: z.literal('public-key'),
    response: z.object(response),
    authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
    clientExtensionResults: z._default(z.record(z.string().check(z.maxLength(64)), z.unknown()), {}),
  });

/** What the browser's `navigator.credentials.create()` gives. */
export const ZPasskeyRegistration = publicKeyCredential({
  clientDataJSON: ZBase64Url('clientDataJSON', 4096).check(z.minLength(1)),
  attestationObject: ZBase64Url('attestationObject', 32_768).check(z.minLength(1)),
  authenticatorData: z.optional(ZBase64Url('authenticatorData', 8192)),
  publicKey: z.optional(ZBase64Url('publicKey', 4096)),
  publicKeyAlgorithm: z.optional(z.number().check(z.int(), z.minimum(-65_536), z.maximum(65_536))),
  transports: ZTransports,
});

/** What the browser's `navigator.credentials.get()` gives. */
export const ZPasskeyAssertion = publicKeyCredential({
  clientDataJSON: ZBase64Url('clientDataJSON', 4096).check(z.minLength(1)),
  authenticatorData: ZBase64Url('authenticatorData', 8192).check(z.minLength(1)),
  signature: ZBase64Url('signature', 2048).check(z.minLength(1)),
  userHandle: z.optional(ZBase64Url('userHandle', 256)),
});

/** Adding a way in asks for the proof beyond the session (see `ZProof`). */
export const ZPasskeyOptionsRequest = ZProof;

export const ZAddPasskeyRequest = z.object({
  name: ZSafeText('Name', { min: 1, max: PASSKEY_NAME_MAX, minMessage: 'Name the passkey' }),
  response: ZPasskeyRegistration,
});

export const ZPasskeyAssertionRequest = z.object({ response: ZPasskeyAssertion });

/** Options for the browser, passed to @simplewebauthn/browser as they are. */
export const ZPasskeyOptions = z.looseObject({ challenge: z.string() });
export type TPasskeyOptions = z.infer<typeof ZPasskeyOptions>;

export const ZPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** Synced between the user's devices by their platform (iCloud Keychain, Google Password Manager). */
  isSynced: z.boolean(),
});
export type TPasskey = z.infer<typeof ZPasskey>;

/**
 * Every way a sign-in waiting for its second factor can be finished (`GET /auth/2fa/methods`, with
 * the token the right password earned): the authenticator app's code, a recovery code (the app on
 * and one left unused), a passkey. The sign-in screen offers one first and the others as "another way".
 */
export const ZSecondFactorMethods = z.object({
  authenticatorApp: z.boolean(),
  recoveryCode: z.boolean(),
  passkey: z.boolean(),
});
export type TSecondFactorMethods = z.infer<typeof ZSecondFactorMethods>;
