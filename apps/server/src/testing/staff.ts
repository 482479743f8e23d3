import { randomBytes } from 'node:crypto';
import type { TStaffRole } from '@td/contracts/staff';
import { eq } from 'drizzle-orm';
import { passkeys, users } from '../modules/auth/auth.schema';
import type { Database } from '../platform/db/client';

/**
 * Makes a user a member of staff, as an administrator's role change would, with the second factor
 * the back-office asks of staff: a passkey on record (a stand-in no authenticator holds; the
 * ceremonies are the browser tests' part). Without `secondFactor`, staff the back-office refuses
 * until they turn one on. The user's sessions stay open: the role is read on every request.
 */
export async function makeStaff(
  db: Database,
  userId: string,
  role: TStaffRole = 'admin',
  options: { secondFactor?: boolean } = {},
): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, userId));
  if (options.secondFactor === false) return;
  const [held] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  if (held) return;
  await db.insert(passkeys).values({
    userId,
    name: 'Staff key',
    credentialId: randomBytes(16).toString('base64url'),
    publicKey: randomBytes(32).toString('base64url'),
  });
}
