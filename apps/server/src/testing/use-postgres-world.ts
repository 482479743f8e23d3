import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTestMailbox, type TestMailbox } from './test-mailbox';

/**
 * A fresh PostgreSQL database and a mailbox for the server processes a `describe` block starts:
 * made before its first test, and (its own hooks having stopped the processes) closed and dropped
 * after its last. Read the fields inside a test or a later hook.
 */
export function usePostgresWorld(): { readonly database: TestDatabase; readonly mailbox: TestMailbox } {
  let database: TestDatabase | undefined;
  let mailbox: TestMailbox | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    mailbox = await startTestMailbox();
  });
  afterAll(async () => {
    await mailbox?.close();
    await database?.drop();
  });
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the ${name} is made before the first test: use it inside one`);
    return value;
  };
  return {
    get database() {
      return ready(database, 'database');
    },
    get mailbox() {
      return ready(mailbox, 'mailbox');
    },
  };
}
