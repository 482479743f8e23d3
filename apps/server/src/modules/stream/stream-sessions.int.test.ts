import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisBus } from '../../platform/bus/redis-bus';
import { bearer, createUser, randomIp, type TestUser } from '../../testing/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { makeStaff } from '../../testing/staff';
import {
  type StreamClient as Client,
  listenLocally,
  streamTicket,
  useStreamClients,
} from '../../testing/stream-clients';
import { TEST_REDIS_URL } from '../../testing/test-database';
import { codeIn, startTestMailbox, type TestMailbox } from '../../testing/test-mailbox';
import { sessions } from '../auth/auth.schema';
import { createTokenService } from '../auth/tokens';

/** A socket must be closed this soon after the request that ended its session has been answered. */
const CLOSE_WITHIN_MS = 1_000;
const NEW_PASSWORD = 'Tq8$wNz3!pLk';
/** The stream's recheck where a test needs it: short, so a session ended behind its back shows quickly. */
const RECHECK_MS = 200;

/** Why each socket closed, as its client heard it. */
const closeReasons = new WeakMap<Client, string>();

/** Sockets against one listening app, each heard closing; every socket opened is closed after each test. */
function streamClients(urlOf: () => string) {
  const clients = useStreamClients(urlOf, {
    onOpen: (client) => client.on('disconnect', (reason) => closeReasons.set(client, reason)),
  });
  return {
    ...clients,
    /** A new user of `app` and a socket connected with the stream ticket its session was issued. */
    async signedIn(app: TestApp['app'], mailbox: TestMailbox) {
      const user = await createUser(app, mailbox);
      return { user, socket: await clients.connect(await streamTicket(app, user.token)) };
    },
  };
}

/** A test app listening on a free port, with the mailbox its e-mails go to. */
async function listeningApp(options: { sessionRecheckMs?: number } = {}) {
  const mailbox = await startTestMailbox();
  const t = await buildTestApp({ env: { SMTP_URL: mailbox.url }, ...options });
  return { t, mailbox, url: await listenLocally(t.app) };
}

/** Resolves with the reason once the socket has closed (maybe already); fails after `ms`. */
function closedWithin(client: Client, ms: number): Promise<string> {
  const reason = closeReasons.get(client);
  if (reason) return Promise.resolve(reason);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the socket is still open after ${ms} ms`)), ms);
    client.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

const sessionIdOf = (token: string) => decodeJwt(token).sid as string;

/** The server still serves the socket: a request on it is answered (after anything sent before). */
function answers(client: Client, ms = 2_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    client.once('disconnect', (reason) => {
      clearTimeout(timer);
      reject(new Error(`closed (${reason})`));
    });
    client.once('streamError', () => {
      clearTimeout(timer);
      resolve();
    });
    client.emit('liveKline', 'probe' as never);
  });
}

describe('stream sockets end with their session', () => {
  let t: TestApp;
  let mailbox: TestMailbox;
  let url: string;
  const clients = streamClients(() => url);

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({ method, url: path, payload, headers: bearer(token), remoteAddress: randomIp() });
  const ticket = async (token: string) => {
    const response = await call(token, 'GET', '/auth/wss/signin');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.token as string;
  };
  /** Another sign-in of the same user: another session, with its own token. */
  const signIn = async (user: TestUser) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      remoteAddress: randomIp(),
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.token as string;
  };
  const socketOf = async (token: string) => clients.connect(await ticket(token));
  const newAdmin = async () => {
    const admin = await createUser(t.app, mailbox);
    await makeStaff(t.deps.db.db, admin.id);
    return admin;
  };

  beforeAll(async () => {
    // The recheck keeps its production period here: what closes these sockets is the announcement.
    ({ t, mailbox, url } = await listeningApp());
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  it('closes the socket of a session at logout, and not the socket of another session', async () => {
    const user = await createUser(t.app, mailbox);
    const other = await socketOf(await signIn(user));
    const socket = await socketOf(user.token);
    expect((await call(user.token, 'POST', '/auth/logout')).statusCode).toBe(200);
    expect(await closedWithin(socket, CLOSE_WITHIN_MS)).toBe('io server disconnect');
    await answers(other);
  });

  it('closes the sockets of every other session when the password changes, and keeps this one', async () => {
    const user = await createUser(t.app, mailbox);
    const elsewhere = await socketOf(await signIn(user));
    const here = await socketOf(user.token);
    const changed = await call(user.token, 'PUT', '/profile/password', {
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await closedWithin(elsewhere, CLOSE_WITHIN_MS)).toBe('io server disconnect');
    await answers(here);
  });

  it('closes every socket of the user when the password is reset', async () => {
    const user = await createUser(t.app, mailbox);
    const sockets = [await socketOf(user.token), await socketOf(await signIn(user))];
    await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      remoteAddress: randomIp(),
      payload: { email: user.email },
    });
    const code = codeIn(await mailbox.waitFor(user.email, /password reset/i));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      remoteAddress: randomIp(),
      payload: { email: user.email, code, password: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const socket of sockets)
      expect(await closedWithin(socket, CLOSE_WITHIN_MS)).toBe('io server disconnect');
  });

  it('closes the socket of a session revoked from another one, and only that one', async () => {
    const user = await createUser(t.app, mailbox);
    const otherToken = await signIn(user);
    const revoked = await socketOf(otherToken);
    const here = await socketOf(user.token);
    const response = await call(user.token, 'DELETE', `/profile/sessions/${sessionIdOf(otherToken)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await closedWithin(revoked, CLOSE_WITHIN_MS)).toBe('io server disconnect');
    await answers(here);
  });

  it('closes the sockets of every other session on "sign out everywhere else"', async () => {
    const user = await createUser(t.app, mailbox);
    const others = [await socketOf(await signIn(user)), await socketOf(await signIn(user))];
    const here = await socketOf(user.token);
    const response = await call(user.token, 'DELETE', '/profile/sessions');
    expect(response.json().data).toEqual({ revoked: 2 });
    for (const socket of others)
      expect(await closedWithin(socket, CLOSE_WITHIN_MS)).toBe('io server disconnect');
    await answers(here);
  });

  it('closes every socket of a user an administrator suspends', async () => {
    const [admin, user] = [await newAdmin(), await createUser(t.app, mailbox)];
    const bystander = await createUser(t.app, mailbox);
    const theirs = await socketOf(bystander.token);
    const socket = await socketOf(user.token);
    const response = await call(admin.token, 'PUT', `/admin/users/${user.id}/status`, { status: 'sus' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await closedWithin(socket, CLOSE_WITHIN_MS)).toBe('io server disconnect');
    await answers(theirs);
  });

  it('closes every socket of a user an administrator deletes', async () => {
    const [admin, user] = [await newAdmin(), await createUser(t.app, mailbox)];
    const socket = await socketOf(user.token);
    const response = await call(admin.token, 'DELETE', `/admin/users/${user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await closedWithin(socket, CLOSE_WITHIN_MS)).toBe('io server disconnect');
  });

  it('refuses a ticket whose session has ended since it was issued, and a ticket without a session', async () => {
    const user = await createUser(t.app, mailbox);
    const issued = await ticket(user.token);
    expect((await call(user.token, 'POST', '/auth/logout')).statusCode).toBe(200);
    await expect(clients.connected(clients.open(issued))).rejects.toThrow(/Unauthorized/);

    const someone = await createUser(t.app, mailbox);
    // Signed with the deployment's key, but for no session there is.
    const sessionless = await createTokenService(t.deps.jwtSecret).signStreamTicket(someone.id, 'no-session');
    await expect(clients.connected(clients.open(sessionless))).rejects.toThrow(/Unauthorized/);
  });
});

describe('the stream rechecks the sessions of its sockets', () => {
  let t: TestApp;
  let mailbox: TestMailbox;
  let url: string;
  const clients = streamClients(() => url);

  beforeAll(async () => {
    ({ t, mailbox, url } = await listeningApp({ sessionRecheckMs: RECHECK_MS }));
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  it('closes a socket whose session ended without a word on the bus, at the next recheck', async () => {
    const { user, socket } = await clients.signedIn(t.app, mailbox);
    // As a lost announcement would leave it: revoked in the database only.
    await t.deps.db.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sessionIdOf(user.token)));
    expect(await closedWithin(socket, RECHECK_MS + CLOSE_WITHIN_MS)).toBe('io server disconnect');
  });
});

describe('stream sockets end with their session across processes', () => {
  let api: TestApp;
  let stream: TestApp;
  let mailbox: TestMailbox;
  let streamUrl: string;
  const clients = streamClients(() => streamUrl);

  beforeAll(async () => {
    mailbox = await startTestMailbox();
    const logger = pino({ level: 'silent' });
    // One deployment: an API process and a stream process on one database and one Redis, sharing
    // the signing key, as two servers with ROLES=api and ROLES=stream would.
    const shared = {
      SMTP_URL: mailbox.url,
      REDIS_URL: TEST_REDIS_URL,
      JWT_SECRET: 'a'.repeat(16) + crypto.randomUUID(),
    };
    api = await buildTestApp({
      env: { ...shared, ROLES: 'api' },
      bus: await createRedisBus(TEST_REDIS_URL, logger),
    });
    stream = await buildTestApp({
      env: { ...shared, ROLES: 'stream' },
      bus: await createRedisBus(TEST_REDIS_URL, logger),
      database: api.deps.db,
    });
    streamUrl = await listenLocally(stream.app);
  });
  afterAll(async () => {
    await stream?.close();
    await api?.close();
    await mailbox?.close();
  });

  it('closes the socket on the stream process after logout on the API process', async () => {
    const { user, socket } = await clients.signedIn(api.app, mailbox);
    const logout = await api.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(user.token) });
    expect(logout.statusCode).toBe(200);
    expect(await closedWithin(socket, CLOSE_WITHIN_MS)).toBe('io server disconnect');
  });
});
