import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from '../../platform/semaphore';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Hashes at once (one per core) and hashes waiting; more waiting than this is refused with a 503. */
const HASHES_RUNNING_MAX = 2;
const HASHES_WAITING_MAX = 64;

const hashing = new Semaphore(HASHES_RUNNING_MAX, HASHES_WAITING_MAX);

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return hashing.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

// A hash of nothing anyone knows, verified when an account does not exist, so that a wrong address
// and a wrong password take the same time.
let decoyHash: Promise<string> | undefined;
export async function verifyDecoy(password: string): Promise<false> {
  decoyHash ??= hash(`decoy-${Math.random()}`, ARGON2_OPTIONS);
  await verifyPassword(await decoyHash, password);
  return false;
}
