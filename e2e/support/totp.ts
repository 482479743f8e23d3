// Authenticator-app codes for the browser journeys' two-factor steps, handing out only codes the
// server has not taken yet, since it accepts each 30-second step once.
import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;

function totpOf(secret: string): TOTP {
  return new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_MS / 1000,
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
  });
}

/** The authenticator app's code for a base32 secret (as shown on the Security screen) at a time. */
export function totpCode(secret: string, timestampMs = Date.now()): string {
  return totpOf(secret).generate({ timestamp: timestampMs });
}

/**
 * A code the server has not accepted yet. It takes each 30-second step once, and forgives one step
 * of clock drift either way, so after the current step's code was used the next step's code still
 * works at once; only a third code within one step waits for the clock.
 */
export async function freshTotpCode(secret: string, usedCodes: Set<string>): Promise<string> {
  for (;;) {
    const now = Date.now();
    for (const offsetSteps of [0, 1]) {
      const code = totpCode(secret, now + offsetSteps * PERIOD_MS);
      if (usedCodes.has(code)) continue;
      usedCodes.add(code);
      return code;
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, PERIOD_MS - (now % PERIOD_MS) + 50));
  }
}
