// useTestApp: a test app whose mail goes to a local mailbox, for one `describe` block.
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { startTestMailbox, type TestMailbox } from './test-mailbox';

/**
 * A test app sending its mail to a local mailbox: started before the enclosing `describe` block's
 * first test and closed after its last. Read `world.t` and `world.mailbox` inside tests or later
 * hooks; `env` adds configuration, `options` what else `buildTestApp` takes.
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: Omit<NonNullable<Parameters<typeof buildTestApp>[0]>, 'env'> = {},
): { t: TestApp; mailbox: TestMailbox } {
  const world = {} as { t: TestApp; mailbox: TestMailbox };
  beforeAll(async () => {
    world.mailbox = await startTestMailbox();
    world.t = await buildTestApp({ ...options, env: { SMTP_URL: world.mailbox.url, ...env } });
  });
  afterAll(async () => {
    await world.t?.close();
    await world.mailbox?.close();
  });
  return world;
}
