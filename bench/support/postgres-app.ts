import { buildTestApp, type TestApp } from '@td/server/testing';

/**
 * `buildTestApp` on a fresh PostgreSQL database of its own, whatever the run's TEST_DB: the loads
 * a deployment of this size would put on PostgreSQL are measured there.
 */
export async function buildTestAppOnPostgres(options: Parameters<typeof buildTestApp>[0]): Promise<TestApp> {
  const before = process.env.TEST_DB;
  process.env.TEST_DB = 'postgres';
  try {
    return await buildTestApp(options);
  } finally {
    if (before === undefined) delete process.env.TEST_DB;
    else process.env.TEST_DB = before;
  }
}
