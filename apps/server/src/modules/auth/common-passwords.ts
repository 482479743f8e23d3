import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSETS_DIR } from '../../platform/paths';

let commonPasswords: Set<string> | undefined;
let listText: string | undefined;

/**
 * The list itself, one password a line, as the sign-up and password forms read it: their strength
 * meter refuses what the server would, instead of praising a password it then turns down.
 */
export function commonPasswordList(): string {
  listText ??= readFileSync(join(ASSETS_DIR, 'common-passwords.txt'), 'utf8');
  return listText;
}

/**
 * The 20,000 most common passwords of 8+ characters (assets/README.md). Apart from the hashing, so
 * the configuration can check ADMIN_PASSWORD against it at start.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(commonPasswordList().split('\n').filter(Boolean));
  return commonPasswords.has(password.toLowerCase());
}
