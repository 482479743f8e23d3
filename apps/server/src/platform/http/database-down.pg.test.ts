import { describe, expect, it } from 'vitest';
import { callProcess, signUpOnProcess } from '../../testing/process-user';
import { useServerBehindProxy } from '../../testing/server-behind-proxy';
import { usePostgresWorld } from '../../testing/use-postgres-world';

const STARTUP_MS = 90_000;
/** An answer, not a hang: far below a client's patience, above the pool's connect timeout. */
const ANSWER_WITHIN_MS = 8_000;
const RESUME_WITHIN_MS = 30_000;

/**
 * The database goes away under a running server (its connections cut, new ones refused) and comes
 * back: meanwhile every request is answered at once with a 503 in the error body, `/health` names
 * the database as the part that is down, and service resumes by itself, with no restart.
 */
describe('a server whose database goes away', () => {
  const world = usePostgresWorld();
  const { proxy, server } = useServerBehindProxy(
    () => {
      const direct = new URL(world.database.url ?? '');
      return { host: direct.hostname, port: Number(direct.port || 5432) };
    },
    (proxyPort) => {
      const throughProxy = new URL(world.database.url ?? '');
      throughProxy.port = String(proxyPort);
      return {
        DATABASE_URL: throughProxy.toString(),
        SMTP_URL: world.mailbox.url,
        JWT_SECRET: 'd'.repeat(48),
        ROLES: 'api,stream',
        LOG_LEVEL: 'warn',
      };
    },
    STARTUP_MS,
  );

  it(
    'answers 503 with the error body while it is down, says so on /health, and resumes on its own',
    async () => {
      const user = await signUpOnProcess(server.url, world.mailbox);
      const profile = () =>
        callProcess(server.url, '/profile', { token: user.token, timeoutMs: ANSWER_WITHIN_MS });
      expect((await profile()).status).toBe(200);

      await proxy.cut();
      // Every request during the outage is answered, quickly, with the envelope and a retry hint.
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        const answer = await profile();
        expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ message: expect.any(String), code: 'UNAVAILABLE' });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      const health = await server.health();
      expect(health?.status).toBe(503);
      expect(health?.body).toMatchObject({ code: 'UNAVAILABLE', details: { db: 'down' } });

      await proxy.mend();
      await server.waitUntil(
        async () => (await profile().catch(() => undefined))?.status === 200,
        RESUME_WITHIN_MS,
        'the profile again',
      );
      expect((await server.health())?.status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/"level":50[^\n]*request failed"/);
    },
    STARTUP_MS,
  );
});
