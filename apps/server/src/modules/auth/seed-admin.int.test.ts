import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../platform/bus/memory-bus';
import { openTestDatabase } from '../../testing/test-database';
import { createAuthRepository } from './auth.repository';
import { hashPassword, verifyPassword } from './passwords';
import { seedAdmin } from './seed-admin';
import { createSessionEnder } from './sessions';

describe('seeding the administrator', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  const logger = pino({ level: 'silent' });
  /** A start with ADMIN_EMAIL `email` and ADMIN_PASSWORD `password`, on `repo`. */
  const seed = (repo: ReturnType<typeof createAuthRepository>, email: string, password: string) =>
    seedAdmin(
      repo,
      { email, password },
      logger,
      createSessionEnder({ repo, bus: createMemoryBus(logger), logger }),
    );

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('creates a verified administrator with the given password, under the normalised address', async () => {
    const repo = createAuthRepository(db.handle.db);
    await seed(repo, 'The.Boss@Gmail.com', 'Adm1n#Secure!');
    const admin = await repo.findUserByEmail('theboss@gmail.com');
    expect(admin).toMatchObject({ role: 'admin', status: 'act' });
    expect(admin?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(admin?.passwordHash ?? '', 'Adm1n#Secure!')).toBe(true);
  });

  it('leaves a verified administrator as it is at the next start, with its own password', async () => {
    const repo = createAuthRepository(db.handle.db);
    await seed(repo, 'theboss@gmail.com', 'Another#Pass1');
    const admin = await repo.findUserByEmail('theboss@gmail.com');
    expect(await verifyPassword(admin?.passwordHash ?? '', 'Adm1n#Secure!')).toBe(true);
    expect(admin?.role).toBe('admin');
  });

  it('promotes an existing unverified account only with ADMIN_PASSWORD, ending its sessions', async () => {
    const repo = createAuthRepository(db.handle.db);
    // Someone registered the address first, with a password of their own, and never verified it.
    const squatter = await repo.insertUser({
      email: 'ops@gmail.com',
      passwordHash: await hashPassword('Squatter#Pass9'),
      firstName: 'Mallory',
      lastName: 'M',
      referralCode: 'SQUAT001',
    });
    const session = await repo.insertSession({
      userId: squatter?.id ?? '',
      stage: 'email',
      ip: '198.51.100.7',
      userAgent: 'test',
      expiresAt: new Date(Date.now() + 60_000),
    });
    await seed(repo, 'ops@gmail.com', 'Adm1n#Secure!');
    const admin = await repo.findUserByEmail('ops@gmail.com');
    expect(admin).toMatchObject({ id: squatter?.id, role: 'admin' });
    expect(admin?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(admin?.passwordHash ?? '', 'Squatter#Pass9')).toBe(false);
    expect(await verifyPassword(admin?.passwordHash ?? '', 'Adm1n#Secure!')).toBe(true);
    expect((await repo.findSessionWithUser(session.id))?.session.revokedAt).toBeInstanceOf(Date);
  });

  it('promotes a demoted administrator again with ADMIN_PASSWORD', async () => {
    const repo = createAuthRepository(db.handle.db);
    const admin = await repo.findUserByEmail('theboss@gmail.com');
    await repo.updateUser(admin?.id ?? '', { role: 'user' });
    await seed(repo, 'theboss@gmail.com', 'Another#Pass1');
    const again = await repo.findUserByEmail('theboss@gmail.com');
    expect(again?.role).toBe('admin');
    expect(await verifyPassword(again?.passwordHash ?? '', 'Another#Pass1')).toBe(true);
  });
});
