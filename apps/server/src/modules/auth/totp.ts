import { Secret, TOTP } from 'otpauth';
import { lazyModule } from '../../platform/lazy-module';

/** The QR encoder is loaded when a user first sets up two-factor. */
const loadQrCode = lazyModule(async () => (await import('qrcode')).default);

const ISSUER = 'Trading Desk';
const PERIOD_S = 30;
/** One step either side forgives a phone clock 30 s off. */
const WINDOW_STEPS = 1;

function totpFor(secretBase32: string, label = 'account') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export async function totpEnrolment(secretBase32: string, email: string) {
  const otpauthUrl = totpFor(secretBase32, email).toString();
  const qrCode = await (await loadQrCode()).toDataURL(otpauthUrl, {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 240,
  });
  return { secret: secretBase32, otpauthUrl, qrCode };
}

/**
 * The time step a code belongs to, or undefined when it is wrong. The caller refuses a step at or
 * before the last one accepted, so each code works once.
 */
export function matchTotp(secretBase32: string, code: string, nowMs = Date.now()): number | undefined {
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: nowMs, window: WINDOW_STEPS });
  if (delta === null) return undefined;
  return Math.floor(nowMs / 1000 / PERIOD_S) + delta;
}
