import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killServers, type ServerProcess, spawnServer } from '../testing/spawn-server';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

const STARTUP_MS = 60_000;
const TAKEOVER_MS = 5_000;

type Roles = Record<string, string>;

async function rolesOf(server: ServerProcess): Promise<Roles | undefined> {
  const health = await server.health();
  return (health?.body as { data?: { roles?: Roles } } | undefined)?.data?.roles;
}

describe('singleton roles on one PostgreSQL database', () => {
  let database: TestDatabase;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });

  afterEach(async () => {
    await killServers(running.splice(0));
  });

  afterAll(async () => {
    await database?.drop();
  });

  it(
    'runs market and chain in exactly one process, and a standby takes over within 5 s when it is killed',
    async () => {
      const env = { DATABASE_URL: database.url ?? '', ROLES: 'api,market,chain' };
      const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
      running.push(a, b);
      for (const server of [a, b]) {
        await server.waitUntil(async () => (await rolesOf(server)) !== undefined, STARTUP_MS, '/health');
      }
      // Let a standby's retries run a few times: it must stay standby while the leader lives.
      await new Promise((r) => setTimeout(r, 2_500));
      const [rolesA, rolesB] = [await rolesOf(a), await rolesOf(b)];
      // Each singleton runs in exactly one process (two starting together may split them).
      expect([rolesA?.market, rolesB?.market].filter((state) => state === 'active')).toHaveLength(1);
      expect([rolesA?.chain, rolesB?.chain].filter((state) => state === 'active')).toHaveLength(1);
      const [leader, standby] = rolesA?.market === 'active' ? [a, b] : [b, a];
      expect(await rolesOf(standby)).toMatchObject({ api: 'active', market: 'standby' });

      leader.child.kill('SIGKILL');
      await leader.exited;
      const killedAt = Date.now();
      await standby.waitUntil(
        async () => {
          const roles = await rolesOf(standby);
          return roles?.market === 'active' && roles.chain === 'active';
        },
        TAKEOVER_MS,
        'the standby to take over',
      );
      expect(Date.now() - killedAt).toBeLessThan(TAKEOVER_MS);
    },
    STARTUP_MS + 30_000,
  );
});
