import { createPostgresTemplate, POSTGRES_TEMPLATE_ENV } from './test-database';

/**
 * Runs once before the PostgreSQL tier: one database migrated for the whole run, which every test
 * file's database is copied from (its name reaches the workers in their environment). Dropped
 * after the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const template = await createPostgresTemplate();
  process.env[POSTGRES_TEMPLATE_ENV] = template.name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await template.drop();
  };
}
