import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-database';
import { createAuthRepository } from './auth.repository';
import { verifyPassword } from './passwords';
import { seedAdmin } from './seed-admin';

describe('seeding the administrator', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('creates a verified administrator with the given password, under the normalised address', async () => {
    const repo = createAuthRepository(db.handle.db);
    await seedAdmin(repo, { email: 'The.Boss@Gmail.com', password: 'Adm1n#Secure!' }, logger);
    const admin = await repo.findUserByEmail('theboss@gmail.com');
    expect(admin).toMatchObject({ role: 'admin', status: 'act' });
    expect(admin?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(admin?.passwordHash ?? '', 'Adm1n#Secure!')).toBe(true);
  });

  it('promotes an existing account but keeps its own password', async () => {
    const repo = createAuthRepository(db.handle.db);
    await seedAdmin(repo, { email: 'theboss@gmail.com', password: 'Another#Pass1' }, logger);
    const admin = await repo.findUserByEmail('theboss@gmail.com');
    expect(await verifyPassword(admin?.passwordHash ?? '', 'Adm1n#Secure!')).toBe(true);
    await repo.updateUser(admin?.id ?? '', { role: 'user' });
    await seedAdmin(repo, { email: 'theboss@gmail.com', password: 'Another#Pass1' }, logger);
    expect((await repo.findUserByEmail('theboss@gmail.com'))?.role).toBe('admin');
  });
});
