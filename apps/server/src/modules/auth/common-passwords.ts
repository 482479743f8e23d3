// The list of common passwords that sign-up and password changes refuse, also served to the web
// forms so their strength meter refuses the same ones. Kept apart from password hashing so the
// configuration can check the administrator's password against it at start.
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
