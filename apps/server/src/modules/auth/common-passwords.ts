import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSETS_DIR } from '../../platform/paths';

let commonPasswords: Set<string> | undefined;
/**
 * The 20,000 most common passwords of 8+ characters (assets/README.md). Apart from the hashing, so
 * the configuration can check ADMIN_PASSWORD against it at start.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(join(ASSETS_DIR, 'common-passwords.txt'), 'utf8').split('\n').filter(Boolean),
  );
  return commonPasswords.has(password.toLowerCase());
}
