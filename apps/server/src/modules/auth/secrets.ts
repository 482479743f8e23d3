// Loads the key that signs session tokens: JWT_SECRET when set, else one generated at first start
// and kept in the data directory. Processes sharing a database must share the same secret.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECRET_BYTES = 48;

/**
 * The session signing key: JWT_SECRET, or one generated at first start and kept in DATA_DIR
 * (readable by the owner only). Processes that share a database must share JWT_SECRET.
 */
export function loadJwtSecret(config: { JWT_SECRET?: string | undefined; dataDir: string }): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const path = join(config.dataDir, 'jwt-secret');
  try {
    return new TextEncoder().encode(readFileSync(path, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
  return new TextEncoder().encode(secret);
}
