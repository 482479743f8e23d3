import { mayDo, type TStaffRole } from '@td/contracts/staff';
import { ROLES, type TRole } from '@td/contracts/statuses';
import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../modules/auth/auth.schema';
import { signIn } from '../../testing/accounts';
import { buildTestApp } from '../../testing/build-test-app';
import { ROUTE_FIXTURES, type RouteFixture, requestOf, routeKey } from '../../testing/route-fixtures';
import { buildRouteWorld, type RouteWorld } from '../../testing/route-world';
import { openSessions } from '../../testing/sessions';
import { useTradingDesk } from '../../testing/use-trading-desk';
import type { DeclaredRoute, TRouteAccess } from './access';

/** Everyone a route may be called by. */
const PRINCIPALS = [
  'anonymous',
  'email',
  'tfa',
  'owner',
  'other',
  'suspended',
  'revoked',
  'expired',
  'admin',
] as const;
type Principal = (typeof PRINCIPALS)[number];
/** Who may not be let in by any guard but `public`'s (and `signed`'s, which asks no token). */
const SIGNED_OUT: readonly Principal[] = ['anonymous', 'email', 'tfa', 'revoked', 'expired'];

interface Outcome {
  /** The statuses allowed; `undefined`: what the route is meant to answer (its fixture's, or a 2xx). */
  statuses: readonly number[] | undefined;
  why: string;
}

/**
 * What a principal gets from a route, from its declared access alone: the authorisation rules
 * written once, for every route.
 */
function outcomeOf(access: TRouteAccess, principal: Principal, fixture: RouteFixture): Outcome {
  const meant = { statuses: undefined, why: 'the route is meant for them' };
  switch (access) {
    case 'public':
    case 'signed':
      return meant;
    case 'email':
    case 'tfa':
      return principal === access ? meant : { statuses: [401], why: `only a pending ${access} sign-in` };
    case 'user':
      if (SIGNED_OUT.includes(principal)) return { statuses: [401], why: 'not signed in' };
      if (principal === 'suspended') return { statuses: [403], why: 'suspended' };
      if (principal !== 'owner' && fixture.isOwned)
        return { statuses: fixture.refusedToOthers ?? [404], why: "another user's object" };
      return meant;
    case 'admin':
      if (SIGNED_OUT.includes(principal)) return { statuses: [401], why: 'not signed in' };
      return principal === 'admin' ? meant : { statuses: [403], why: 'not an administrator' };
  }
}

const isMeant = (status: number, fixture: RouteFixture) =>
  fixture.expected ? fixture.expected.includes(status) : status >= 200 && status < 300;

describe('the authorisation matrix: every route, every principal', () => {
  const desk = useTradingDesk();
  let world: RouteWorld;
  let routes: DeclaredRoute[];
  const tokens = new Map<Principal, string | undefined>();

  /** Every row of the owner's, in every table that names a user, and what hangs off them. */
  const ownerSnapshot = async () => {
    const db = desk.t.deps.db.db;
    const owner = world.owner.id;
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Array<{ row: string }> }).rows
        .map((r) => r.row)
        .sort();
    const tables = (
      (await db.execute(sql`
        select table_name as name from information_schema.columns
        where table_schema = 'public' and column_name = 'user_id' order by table_name`)) as unknown as {
        rows: Array<{ name: string }>;
      }
    ).rows.map((r) => r.name);
    const snapshot: Record<string, string[]> = {};
    for (const table of tables) {
      snapshot[table] = await rowsOf(
        sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t where t.user_id = ${owner}`,
      );
    }
    snapshot.users = await rowsOf(sql`select to_jsonb(u)::text as row from ${users} u where u.id = ${owner}`);
    snapshot.ledger_entries = await rowsOf(sql`
      select to_jsonb(e)::text as row from ledger_entries e
      join ledger_accounts a on a.id = e.account_id where a.user_id = ${owner}`);
    snapshot.ticket_messages = await rowsOf(sql`
      select to_jsonb(m)::text as row from ticket_messages m
      join tickets k on k.id = m.ticket_id where k.user_id = ${owner}`);
    return snapshot;
  };

  /** The principal's token; a route that signs its caller out gets a session of its own. */
  const tokenOf = async (principal: Principal, fixture: RouteFixture) => {
    if (fixture.endsSession) {
      // Staff sign in with a second factor: the administrator's new session is written directly.
      if (principal === 'admin') return (await openSessions(desk.t, world.admin.id, 1))[0];
      const person = { owner: world.owner, other: world.other }[principal as 'owner'];
      if (person) return signIn(desk.t.app, person);
    }
    return tokens.get(principal);
  };

  const call = async (route: DeclaredRoute, principal: Principal) => {
    const fixture = ROUTE_FIXTURES[routeKey(route)] ?? {};
    const response = await desk.t.app.inject(
      await requestOf(route, fixture, world, await tokenOf(principal, fixture)),
    );
    return { status: response.statusCode, body: response.body, fixture };
  };

  /** Calls every route of `access` as each principal and checks each answer; returns what went wrong. */
  const pass = async (principals: readonly Principal[], accesses: readonly TRouteAccess[]) => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => accesses.includes(r.access))) {
      let publicStatus: number | undefined;
      for (const principal of principals) {
        const { status, body, fixture } = await call(route, principal);
        const outcome = outcomeOf(route.access, principal, fixture);
        const isRight = outcome.statuses ? outcome.statuses.includes(status) : isMeant(status, fixture);
        // A public route answers everyone alike: the token must not matter.
        publicStatus ??= status;
        const isAlike = route.access !== 'public' || publicStatus === status;
        if (!isRight || !isAlike || status >= 500) {
          wrong.push(
            `${routeKey(route)} as ${principal}: ${status} (${outcome.why}: ${outcome.statuses ?? fixture.expected ?? '2xx'}) ${body.slice(0, 160)}`,
          );
        }
      }
    }
    return wrong;
  };

  beforeAll(async () => {
    world = await buildRouteWorld(desk);
    routes = desk.t.app.routeTable().filter((route) => route.method !== 'HEAD');
    const { app } = desk.t;

    const suspended = await desk.newUser();
    // Suspended while their session lives (an administrator's suspension also ends the sessions).
    await desk.t.deps.db.db.execute(sql`update users set status = 'sus' where id = ${suspended.id}`);
    const revoked = await signIn(app, world.owner);
    await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { authorization: `Bearer ${revoked}` },
    });
    // The owner's live session, in a token whose time is up.
    const claims = decodeJwt(world.owner.token);
    const expired = await new SignJWT({ sid: claims.sid, type: 'normal', status: 'act' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(world.owner.id)
      .setIssuer('trading-desk')
      .setAudience('api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(desk.t.deps.jwtSecret);

    tokens.set('anonymous', undefined);
    tokens.set('email', world.email.token);
    tokens.set('tfa', world.tfa.token);
    tokens.set('owner', world.owner.token);
    tokens.set('other', world.other.token);
    tokens.set('suspended', suspended.token);
    tokens.set('revoked', revoked);
    tokens.set('expired', expired);
    tokens.set('admin', world.admin.token);
  }, 120_000);

  it('has a declared access and a fixture for every route, HEAD as its GET', () => {
    const all = desk.t.app.routeTable();
    const missing = all
      .filter((route) => route.method !== 'HEAD' && !ROUTE_FIXTURES[routeKey(route)])
      .map(routeKey);
    expect(missing, 'routes without a fixture in testing/route-fixtures.ts').toEqual([]);
    const stale = Object.keys(ROUTE_FIXTURES).filter((key) => !all.some((route) => routeKey(route) === key));
    expect(stale, 'fixtures of routes that no longer exist').toEqual([]);
    for (const head of all.filter((route) => route.method === 'HEAD')) {
      expect(all.find((route) => route.method === 'GET' && route.url === head.url)?.access).toBe(head.access);
    }
  });

  it('refuses to start an app with a route that declares no access', async () => {
    await expect(
      buildTestApp({
        extend(app) {
          app.get('/test/undeclared', async () => ({ message: 'OK', data: null }));
        },
      }),
    ).rejects.toThrow(/GET \/test\/undeclared declares no access/);
  });

  it("answers everyone but the owner as the route's access says, and leaves the owner's objects as they were", async () => {
    const before = await ownerSnapshot();
    const others = PRINCIPALS.filter((principal) => principal !== 'owner');
    const wrong = [
      ...(await pass(PRINCIPALS, ['public'])),
      ...(await pass(others, ['email', 'tfa', 'user'])),
      ...(await pass(
        others.filter((principal) => principal !== 'admin'),
        ['admin'],
      )),
    ];
    expect(wrong).toEqual([]);
    expect(await ownerSnapshot()).toEqual(before);
  }, 300_000);

  it('answers the owner on every user route, and refuses them the pending sign-ins and the back-office', async () => {
    expect(await pass(['owner'], ['email', 'tfa', 'user', 'admin'])).toEqual([]);
  }, 120_000);

  it('answers the administrator on every back-office route', async () => {
    expect(await pass(['admin'], ['admin'])).toEqual([]);
  }, 120_000);

  it('refuses to start an app with a back-office route that declares no permission', async () => {
    await expect(
      buildTestApp({
        extend(app) {
          app.get('/admin/undeclared', { config: { access: 'admin' } }, async () => ({
            message: 'OK',
            data: null,
          }));
        },
      }),
    ).rejects.toThrow(/GET \/admin\/undeclared declares no permission/);
  });

  it('lets each staff role through exactly the back-office routes its permissions open, and staff without a second factor through none', async () => {
    const staff = new Map<TRole | 'no second factor', string>([['user', world.owner.token]]);
    for (const role of ROLES.filter((role): role is TStaffRole => role !== 'user')) {
      const member = await desk.newUser();
      await desk.makeStaff(member, role);
      staff.set(role, member.token);
    }
    // An administrator, even, is kept out until they turn a second factor on.
    const unguarded = await desk.newUser();
    await desk.makeStaff(unguarded, 'admin', { secondFactor: false });
    staff.set('no second factor', unguarded.token);

    const backOffice = routes.filter((route) => route.access === 'admin');
    expect(backOffice.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of backOffice) {
      const fixture = ROUTE_FIXTURES[routeKey(route)] ?? {};
      for (const [who, token] of staff) {
        const response = await desk.t.app.inject(await requestOf(route, fixture, world, token));
        const { code } = response.statusCode === 403 ? response.json() : { code: undefined };
        const expected =
          who === 'no second factor'
            ? 'SECOND_FACTOR_REQUIRED'
            : route.permission && mayDo(who, route.permission)
              ? 'let in'
              : 'FORBIDDEN';
        const got =
          response.statusCode === 403 ? code : response.statusCode === 401 ? 'UNAUTHENTICATED' : 'let in';
        if (got !== expected || response.statusCode >= 500) {
          wrong.push(
            `${routeKey(route)} (${route.permission}) as ${who}: ${response.statusCode} ${got}, expected ${expected} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('opens a signed link to anyone, and nothing to anyone without its signature', async () => {
    const signed = routes.filter((route) => route.access === 'signed');
    expect(signed.length).toBeGreaterThan(0);
    for (const route of signed) {
      for (const principal of PRINCIPALS) {
        const fixture = ROUTE_FIXTURES[routeKey(route)] ?? {};
        const token = tokens.get(principal);
        const request = await requestOf(route, fixture, world, token);
        expect((await desk.t.app.inject(request)).statusCode, `${routeKey(route)} as ${principal}`).toBe(200);
        const [path = '', query = ''] = String(request.url).split('?');
        const tampered = new URLSearchParams(query);
        tampered.set('exp', String(Number(tampered.get('exp')) + 3600));
        for (const url of [path, `${path}?${tampered}`]) {
          const refused = await desk.t.app.inject({ ...request, url });
          expect(refused.statusCode, `${url} as ${principal}`).toBe(404);
        }
      }
    }
  });
});
