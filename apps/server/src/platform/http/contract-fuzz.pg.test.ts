import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ERROR_HTTP_STATUS, ZErrorBody } from '@td/contracts/envelope';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { AUTH_LIMITS } from '../../modules/auth/auth-rules';
import { signIn } from '../../testing/accounts';
import { createDocumentSamples, type DocumentSample } from '../../testing/document-samples';
import { createConformance } from '../../testing/openapi-conformance';
import {
  asCaller,
  buildRouteCallers,
  type Caller,
  callersOf,
  type RouteCallers,
  renewKey,
} from '../../testing/route-callers';
import { ROUTE_FIXTURES, type RouteFixture, requestOf, routeKey } from '../../testing/route-fixtures';
import { injectOf, jsonOf, paramsIn, type Sample, samplesOf, textOf } from '../../testing/route-samples';
import { buildRouteWorld, type RouteWorld } from '../../testing/route-world';
import { startTradingDesk, type TradingDesk } from '../../testing/trading';
import { SERVER_ROOT } from '../paths';
import type { DeclaredRoute } from './access';

/**
 * Contract fuzzing: every route is sent requests generated from its own zod schemas (valid, at
 * their bounds, and mutated: wrong types, huge and unicode strings, NUL and control characters,
 * deep JSON, prototype keys). Never a 5xx; every refusal in the error envelope; and a refused
 * request writes nothing (rows inserted or deleted in every table, before and after; failed
 * sign-ins are the one write a refusal makes, to the login history). Every answer is as the served
 * OpenAPI document says: a status it lists, a content type it names, a body valid against its
 * schema (ajv). A valid request (the fixture's, or a part regenerated from its schema) is never
 * refused by the schema (a 400 whose details are the schema's): what the document describes, the
 * server takes. Each route is also sent requests made from the served document's own schemas
 * (DOCUMENT_RUNS of them, one part of the fixture's request regenerated, or broken in one way the
 * document states): one the document describes is never refused by the schema, one it does not
 * describe is never taken (a 400 in the envelope, or a refusal made before the body is read). Rules that depend on state (the market's price, the account,
 * today's date) are the routes' own, refused with messages of their own, not the schema's.
 *
 * The requests are sent in turn by each caller the route has: the one it is meant for (a user's
 * session, an administrator), the owner's API key with the route's scope (signed requests), a
 * member of staff of another role holding the route's permission; and now and then by one whose
 * role does not hold it, refused every time. Each caller that may call the route gets past the
 * access check at least once.
 *
 * It runs on the PostgreSQL server, once (the embedded database speaks the same SQL and types).
 * FUZZ_RUNS sets the requests per route (50 here, 1,000 with `npm run fuzz`), FUZZ_SEED the seed
 * (printed, so a failure can be replayed): a fixed one in the test suite, so every run of it asks
 * the same, and `random` (what `npm run fuzz` uses) for a new one each run, to explore.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
/** Requests per route made from the served document's schemas (a quarter of RUNS, 10 at least). */
const DOCUMENT_RUNS = Math.max(10, Math.round(RUNS / 4));
const FIXED_SEED = 31337;
const SEED =
  process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? FIXED_SEED);
/**
 * Where the fuzzing user signs in from: one address, a known device after the first sign-in, so
 * signing in again notifies nobody and meets no limit on new addresses. The per-address limit,
 * which counts every sign-in, is reset before each (the fuzzing signs in far more often than a
 * person would).
 */
const FUZZ_IP = '198.51.100.1';
/** Where the run's answers per route by status are written (test-output/ is not committed). */
const COUNTS_FILE = join(SERVER_ROOT, '..', '..', 'test-output', 'contract-fuzz.txt');
/** Writes a request makes after it is answered (a notice) are awaited this long at most. */
const SETTLE_MS_MAX = 2_000;
const SETTLE_POLL_MS = 10;
/** A request not answered within this is a hang: reported, and the route's run ends. */
const ANSWER_MS_MAX = 10_000;
/**
 * Tables a refused request may be seen to write: the login history records failed sign-ins; a
 * decoy is what an address without an account gets instead of a code, written after the answer
 * (as a real code is), so it may land while the next request is counted.
 */
const WRITTEN_ON_REFUSAL = new Set(['login_events', 'signup_decoys']);
/** A signed request's signature is recorded as used before its input is validated. */
const WRITTEN_BY_SIGNED_REQUESTS = 'used_nonces';
/** Every this-many-th request goes to the caller the route refuses, when it has one. */
const REFUSED_EVERY = 10;

/**
 * Whether a 400 is the schema's refusal: its message is the first detail's field and message, as
 * the error handler writes a validation error (a rule beyond the schema, such as a wrong password,
 * has a message of its own).
 */
function isSchemaRefusal(body: unknown): boolean {
  const { message, details } = (body ?? {}) as { message?: unknown; details?: unknown };
  const [first] = Array.isArray(details) ? (details as Array<{ field?: unknown; message?: unknown }>) : [];
  if (typeof message !== 'string' || typeof first?.field !== 'string') return false;
  const field = first.field.replace(/^(body|querystring|params|headers)\./, '');
  return message === `${field}: ${String(first.message)}`;
}

/**
 * Which caller sends the `index`-th request: in turn, the refused one every REFUSED_EVERY-th
 * (with the path as routed: a broken or overlong path parameter is refused before anyone is asked
 * who they are).
 */
function callerAt(callers: readonly Caller[], index: number, sample: Sample): Caller {
  const refused = callers.find((caller) => caller.kind === 'refused');
  if (refused && index % REFUSED_EVERY === REFUSED_EVERY - 1 && !/params/.test(sample.label)) return refused;
  const allowed = callers.filter((caller) => caller.kind !== 'refused');
  return allowed[index % allowed.length] ?? refused ?? { name: 'anyone', kind: 'session', token: undefined };
}

/** The response, or undefined when none came within ANSWER_MS_MAX. */
async function answerOf<T>(pending: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ANSWER_MS_MAX);
  });
  try {
    return await Promise.race([pending, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('contract fuzzing: every route, from its schemas', () => {
  let desk: TradingDesk;
  let world: RouteWorld;
  let routes: DeclaredRoute[];
  let tables: string[];
  let conformance: ReturnType<typeof createConformance>;
  let documentSamplesOf: ReturnType<typeof createDocumentSamples>;
  let others: RouteCallers;
  const counts = new Map<string, Map<number, number>>();

  /**
   * Rows inserted or deleted so far, per table: counted by triggers installed on this test's own
   * database, so a refused request's writes show in one cheap read (a count of every table per
   * request would be the slowest part of the run).
   */
  const rowCounts = async (): Promise<Record<string, number>> => {
    const result = (await desk.t.deps.db.db.execute(
      sql`select json_object_agg(name, n) as counts from fuzz_row_changes`,
    )) as unknown as { rows: Array<{ counts: Record<string, number | string> | string }> };
    const value = result.rows[0]?.counts ?? {};
    const changes = typeof value === 'string' ? JSON.parse(value) : value;
    return Object.fromEntries(Object.entries(changes).map(([name, n]) => [name, Number(n)]));
  };

  /**
   * Row changes once the writes a request left behind (a notice sent after the answer) are done:
   * the same changes on consecutive reads. A bounded poll, for at most SETTLE_MS_MAX.
   */
  const settledCounts = async (): Promise<Record<string, number>> => {
    const deadline = Date.now() + SETTLE_MS_MAX;
    let last = await rowCounts();
    let stableReads = 0;
    while (stableReads < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
      const next = await rowCounts();
      stableReads = JSON.stringify(next) === JSON.stringify(last) ? stableReads + 1 : 0;
      last = next;
    }
    return last;
  };

  beforeAll(async () => {
    console.log(`contract fuzzing: seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${RUNS} requests per route`);
    // The trading budget per user is lifted as the sign-in limit is reset: the fuzzing sends each
    // trading route far more requests a second than a person would, and each must reach its handler.
    desk = await startTradingDesk({
      tradingLimit: { name: 'trading-user', max: 1_000_000, windowMs: 60_000 },
    });
    world = await buildRouteWorld(desk);
    others = await buildRouteCallers(world);
    routes = desk.t.app.routeTable().filter((route) => route.method !== 'HEAD');
    const document = (await desk.t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    conformance = createConformance(document, routes);
    documentSamplesOf = createDocumentSamples(document);
    tables = (
      (await desk.t.deps.db.db.execute(sql`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
        rows: Array<{ name: string }>;
      }
    ).rows.map((row) => row.name);
    const db = desk.t.deps.db.db;
    await db.execute(sql`create table fuzz_row_changes (name text primary key, n bigint not null default 0)`);
    await db.execute(sql`
      create function fuzz_row_change() returns trigger language plpgsql as $$
      begin
        update fuzz_row_changes set n = n + 1 where name = tg_table_name;
        return null;
      end $$`);
    for (const table of tables) {
      await db.execute(sql`insert into fuzz_row_changes (name) values (${table})`);
      await db.execute(
        sql`create trigger fuzz_row_change after insert or delete on ${sql.identifier(table)} for each row execute function fuzz_row_change()`,
      );
    }
    // The first sign-in from the fuzzing device is a new device: its notice is written now.
    await signInOwner();
    await settledCounts();
  }, 120_000);

  afterAll(async () => {
    const lines = [...counts].map(
      ([key, byStatus]) =>
        `${key.padEnd(48)} ${[...byStatus.values()].reduce((a, b) => a + b, 0)} requests: ${[...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
    );
    if (lines.length) {
      // The table goes to a file: printed, its line per route would bury the tier's own output.
      mkdirSync(dirname(COUNTS_FILE), { recursive: true });
      writeFileSync(COUNTS_FILE, `contract fuzzing, seed ${SEED}:\n${lines.join('\n')}\n`);
      console.log(`contract fuzzing, seed ${SEED}: the answers per route by status are in ${COUNTS_FILE}`);
    }
    await desk?.close();
  });

  async function signInOwner(): Promise<string> {
    await desk.t.deps.limiter.reset(AUTH_LIMITS.signinPerIp, FUZZ_IP);
    return signIn(desk.t.app, world.owner, { ip: FUZZ_IP });
  }

  /** Who calls the route: the one it is meant for, in a session of its own. */
  const tokenFor = async (route: DeclaredRoute): Promise<string | undefined> => {
    switch (route.access) {
      case 'user':
        return signInOwner();
      case 'admin':
        return world.admin.token;
      case 'email':
        return world.email.token;
      case 'tfa':
        return world.tfa.token;
      default:
        return undefined;
    }
  };

  it('sees a write when one is made', async () => {
    const before = await rowCounts();
    await desk.notify(world.owner.id, 'ticket_reply', { message: 'Counted' });
    const after = await rowCounts();
    expect(after.notifications).toBe((before.notifications ?? 0) + 1);
    expect(Object.keys(after).sort()).toEqual([...tables].sort());
  });

  it.each(Object.keys(ROUTE_FIXTURES))(
    '%s: no 5xx, the error envelope on every refusal, nothing written by a refusal',
    async (key) => {
      const route = routes.find((candidate) => routeKey(candidate) === key);
      if (!route) throw new Error(`${key} is not a route`);
      const fixture: RouteFixture = ROUTE_FIXTURES[key] ?? {};
      const fixed = await requestOf(route, fixture, world, undefined);
      const [, fixedQuery = ''] = String(fixed.url).split('?');
      const base: Sample = {
        label: 'fixture',
        params: fixture.params?.(world) ?? paramsIn(route.url, String(fixed.url)),
        query: fixture.path
          ? fixedQuery
          : Object.fromEntries(new URLSearchParams(fixture.query?.(world) ?? {})),
        body: fixture.isUpload || fixture.form ? undefined : fixture.body?.(world),
      };
      const seed = SEED + key.length * 7919;
      const samples: Array<Sample | DocumentSample> = [
        ...fc.sample(samplesOf(route, base), { numRuns: RUNS, seed }),
        ...fc.sample(documentSamplesOf(route, base), { numRuns: DOCUMENT_RUNS, seed: seed + 1 }),
      ];
      const byStatus = new Map<number, number>();
      counts.set(key, byStatus);
      const problems: string[] = [];
      let token = await tokenFor(route);
      if (route.apiScope && token) await renewKey(world, others, route.apiScope, token);
      let callers = callersOf(route, token, others);
      /** Requests each caller sent, and those that got past the access check. */
      const reach = new Map<string, { sent: number; past: number }>();
      let before = await settledCounts();
      for (const [index, sample] of samples.entries()) {
        const tokenBefore = token;
        const caller = callerAt(callers, index, sample);
        const request = asCaller(caller, injectOf(route, sample, undefined));
        const response = await answerOf(desk.t.app.inject(request));
        if (!response) {
          problems.push(
            `no answer within ${ANSWER_MS_MAX} ms for ${sample.label}: ${String(request.url).slice(0, 120)}`,
          );
          break;
        }
        const status = response.statusCode;
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        const reached = reach.get(caller.name) ?? { sent: 0, past: 0 };
        reach.set(caller.name, {
          sent: reached.sent + 1,
          past: reached.past + (status === 401 || status === 403 ? 0 : 1),
        });
        const after = await rowCounts();
        const where = `${sample.label} as ${caller.name}: ${String(request.url).slice(0, 120)} ${textOf(sample.rawBody ?? sample.body).slice(0, 160)}`;
        if (status >= 500) problems.push(`${status} for ${where}: ${response.body.slice(0, 200)}`);
        if (caller.kind === 'refused' && status !== 403) {
          problems.push(`${status}, not 403, for ${where}: ${response.body.slice(0, 200)}`);
        }
        // What makes the request one the document does not describe, or undefined when it does.
        const documented = () =>
          sample.rawBody === undefined && sample.rawParams === undefined && sample.contentType === undefined
            ? conformance.requestProblemOf(route, {
                params: Object.fromEntries(
                  Object.entries(sample.params).map(([name, value]) => [name, textOf(value)]),
                ),
                url: String(request.url),
                body: sample.body,
              })
            : 'sent raw';
        if (status === 400 && caller.kind !== 'refused' && isSchemaRefusal(jsonOf(response.body))) {
          // Refused by the schema: then the document must not describe it either.
          if (documented() === undefined) {
            problems.push(
              `a request the document describes was refused by the schema, ${where}: ${response.body.slice(0, 200)}`,
            );
          }
        } else if ('made' in sample && sample.made === 'invalid' && caller.kind !== 'refused') {
          // Broken in a way the document states: never taken. (A 400 naming the field, or a refusal
          // that comes before the body is read: a signed link's 404, a body that is not JSON's 415.)
          const problem = documented();
          if (problem !== undefined && status < 400) {
            problems.push(`${status} for a request the document refuses (${problem}), ${where}`);
          }
        }
        const undocumented = conformance.problemOf(route, String(request.url), response);
        if (undocumented) problems.push(`${undocumented} for ${where}`);
        if (status >= 400) {
          const body = z.strictObject(ZErrorBody.shape).safeParse(jsonOf(response.body));
          if (!body.success || ERROR_HTTP_STATUS[body.data.code] !== status) {
            problems.push(
              `${status} without the error envelope for ${where}: ${response.body.slice(0, 200)}`,
            );
          }
          const written = tables.filter(
            (table) =>
              !WRITTEN_ON_REFUSAL.has(table) &&
              !(caller.kind === 'key' && table === WRITTEN_BY_SIGNED_REQUESTS) &&
              before[table] !== after[table],
          );
          if (written.length) problems.push(`${status} wrote ${written.join(', ')} for ${where}`);
        } else {
          if (fixture.endsSession || key === 'PUT /profile/password') {
            // It signed the caller out (or changed the password they sign in with): a new session.
            if (key === 'PUT /profile/password')
              world.owner.password = String((sample.body as { newPassword?: unknown }).newPassword);
            token = await tokenFor(route);
            callers = callersOf(route, token, others);
          }
          // A request that wrote may write more after answering (a notice): that is done before the
          // next request is counted. One that wrote nothing left nothing behind.
          const wrote = tables.some(
            (table) => table !== WRITTEN_BY_SIGNED_REQUESTS && before[table] !== after[table],
          );
          before = wrote || token !== tokenBefore ? await settledCounts() : after;
          continue;
        }
        before = after;
        if (problems.length >= 10) break;
      }
      for (const caller of callers.slice(1)) {
        const reached = reach.get(caller.name);
        if (caller.kind !== 'refused' && reached && reached.sent >= 3 && reached.past === 0) {
          problems.push(`${caller.name} never got past the access check in ${reached.sent} requests`);
        }
      }
      expect(problems).toEqual([]);
    },
    Math.max(60_000, RUNS * 300),
  );
});
