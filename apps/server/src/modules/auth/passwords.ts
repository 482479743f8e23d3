import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from '../../platform/semaphore';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Hashes at once (one per core) and hashes waiting; more waiting than this is refused with a 503. */
const HASHES_RUNNING_MAX = 2;
const HASHES_WAITING_MAX = 64;

const hashing = new Semaphore(HASHES_RUNNING_MAX, HASHES_WAITING_MAX);

/** argon2's own functions, called through this object: a test watches the hash work a request does. */
export const argon2 = { hash, verify };

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => argon2.hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return hashing.run(async () => {
    try {
      return await argon2.verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/**
 * A fixed argon2id hash (same parameters as every stored one) of a password nobody knows: verified
 * when the address has no account or no password, so that an unknown address costs the same hash
 * work as a wrong password, from the very first request.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$HzNTFoUOz7NOtxzgzEAFnw$p0lj2g4joMeEahjemDdr9FJziMC84pgQafvakrmJGfY';

export async function verifyDecoy(password: string): Promise<false> {
  await verifyPassword(DUMMY_PASSWORD_HASH, password);
  return false;
}
