import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { ADULT_DETAILS, idCardSubmission } from '@td/server/testing';
import { expect } from 'vitest';
import type { TMailbox } from './mailbox';
import type { TRunningServer } from './server';
import { freshTotpCode } from './totp';

// Seed helpers: users made through the public API (as the web app would, minus the browser), so a
// journey starts where it is interesting. Overrides pick what matters to the test.

export const VERIFY_EMAIL_SUBJECT = /verify your email/i;
export const RESET_PASSWORD_SUBJECT = /password reset/i;
export const DEFAULT_PASSWORD = 'Str0ng!Passw0rd';

export interface TFactoryContext {
  server: TRunningServer;
  mailbox: TMailbox;
  /**
   * Where a server is shared by several journeys: a new loopback address for each user the
   * factories sign up, so that the server's per-address sign-up limit counts each user alone.
   * Without it they sign up from 127.0.0.1, as the journeys' browsers do.
   */
  nextClientAddress?: (() => string) | undefined;
}

export interface TCreateUserOverrides {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  /** Turn two-factor on (the secret and recovery codes are returned). */
  tfa?: boolean;
}

export interface TCreatedUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** A `normal` session token, ready for the TOKEN key in localStorage. */
  token: string;
  /** With `tfa`: the base32 secret, to compute codes with totpCode(). */
  tfaSecret?: string;
  recoveryCodes?: string[];
  /** TOTP codes the server has already accepted (each works once). */
  usedTotpCodes: Set<string>;
}

interface TEnvelope<T> {
  message: string;
  data: T;
}

/** A new address each call, in the shape signup accepts (gmail, letters and digits only). */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}@gmail.com`;
}

/**
 * Calls the API like a client without cookies (so no CSRF token is needed), from the loopback
 * address `from` when given. Throws on a non-2xx.
 */
export async function callApi<T>(
  server: TRunningServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; token?: string; from?: string | undefined } = {},
): Promise<TEnvelope<T>> {
  // The user agent Node's fetch sends: the sessions' device names stay what they were.
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'node' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(
      `${server.url}${path}`,
      { method, headers, ...(options.from ? { localAddress: options.from } : {}) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
  if (status < 200 || status > 299) throw new Error(`${method} ${path} → ${status}: ${text}`);
  return JSON.parse(text) as TEnvelope<T>;
}

/** POST /auth/signin; resolves to the token (its type depends on the account). */
export async function signInByApi(server: TRunningServer, email: string, password: string): Promise<string> {
  const { data } = await callApi<{ token: string }>(server, 'POST', '/auth/signin', {
    body: { email, password },
  });
  return data.token;
}

/** How long a fresh server may take before its first quote: an order waits for a price. */
const FIRST_QUOTE_TIMEOUT_MS = 20_000;

/**
 * Opens a market position through the API (BTC/USD by default, around the clock in the
 * simulator), retrying while the just-started market has no quote yet; resolves to the order.
 */
export async function openPositionByApi(
  server: TRunningServer,
  token: string,
  body: { account: 'demo' | 'real'; amount: string; leverage: number; symbol?: string },
): Promise<{ id: string; status: string; fee: string; price: string | null }> {
  const deadline = Date.now() + FIRST_QUOTE_TIMEOUT_MS;
  for (;;) {
    const { data } = await callApi<{ id: string; status: string; fee: string; price: string | null }>(
      server,
      'POST',
      '/orders',
      { body: { symbol: 'BTC_USDT', side: 'buy', type: 'market', ...body }, token },
    );
    if (data.status === 'act' || Date.now() > deadline) return data;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** A position opened as `openPositionByApi` does, expected to be active (filled): the order. */
export async function openActivePositionByApi(
  server: TRunningServer,
  token: string,
  body: Parameters<typeof openPositionByApi>[2],
): Promise<Awaited<ReturnType<typeof openPositionByApi>>> {
  const order = await openPositionByApi(server, token, body);
  expect(order.status).toBe('act');
  return order;
}

/** The id of the user signed in as `token` (from their profile). */
export async function userIdByApi(server: TRunningServer, token: string): Promise<string> {
  return (await callApi<{ id: string }>(server, 'GET', '/profile', { token })).data.id;
}

/** A client group the administrator signed in as `adminToken` makes with `terms`, with the user `userId` moved into it. */
export async function groupUserByApi(
  server: TRunningServer,
  adminToken: string,
  userId: string,
  terms: Record<string, unknown>,
): Promise<void> {
  const { data: group } = await callApi<{ id: string }>(server, 'POST', '/admin/groups', {
    token: adminToken,
    body: terms,
  });
  await callApi(server, 'PUT', `/admin/users/${userId}/group`, {
    token: adminToken,
    body: { groupId: group.id },
  });
}

/** A sign-up through the API whose address is not verified yet. */
export interface TPendingSignup {
  email: string;
  /** The sign-up's session token, which the verification screens hold as the app's TEMP_TOKEN. */
  token: string;
}

/**
 * Signs up a new address (`uniqueEmail(prefix)`) through the API with the default password, as the
 * signup screen would, and stops there: the verification mail waits in the mailbox.
 */
export async function signUpByApi(
  server: TRunningServer,
  prefix: string,
  name: { firstName: string; lastName: string },
  from?: string,
): Promise<TPendingSignup> {
  const email = uniqueEmail(prefix);
  const { data } = await callApi<{ token: string }>(server, 'POST', '/auth/signup', {
    body: { email, password: DEFAULT_PASSWORD, ...name },
    from,
  });
  return { email, token: data.token };
}

/**
 * A verified user: signup, the code from the mailbox, verification; with `tfa`, two-factor is
 * generated and activated with a computed code too.
 */
export async function createUser(
  { server, mailbox, nextClientAddress }: TFactoryContext,
  overrides: TCreateUserOverrides = {},
): Promise<TCreatedUser> {
  const from = nextClientAddress?.();
  const user = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? DEFAULT_PASSWORD,
    firstName: overrides.firstName ?? 'Ada',
    lastName: overrides.lastName ?? 'Lovelace',
  };
  const signup = await callApi<{ token: string }>(server, 'POST', '/auth/signup', { body: user, from });
  const mail = await mailbox.waitForMail(user.email, VERIFY_EMAIL_SUBJECT);
  const verified = await callApi<{ token: string }>(server, 'POST', '/auth/verify-email', {
    body: { code: mail.code() },
    token: signup.data.token,
    from,
  });
  const created: TCreatedUser = { ...user, token: verified.data.token, usedTotpCodes: new Set() };
  if (!overrides.tfa) return created;
  return turnOnTwoFactor(server, created);
}

/**
 * Turns two-factor on for a user, as Security does it (a new secret, then its code and the
 * password): the user with the secret and the recovery codes. Their session stays valid.
 */
export async function turnOnTwoFactor(server: TRunningServer, user: TCreatedUser): Promise<TCreatedUser> {
  const { data: setup } = await callApi<{ secret: string }>(server, 'GET', '/auth/2fa/generate', {
    token: user.token,
  });
  const code = await freshTotpCode(setup.secret, user.usedTotpCodes);
  const { data: activated } = await callApi<{ recoveryCodes: string[] }>(
    server,
    'POST',
    '/auth/2fa/activate',
    {
      body: { code, currentPassword: user.password },
      token: user.token,
    },
  );
  return { ...user, tfaSecret: setup.secret, recoveryCodes: activated.recoveryCodes };
}

/**
 * Identity verification through the API, as the Verification screen does it: the personal details
 * (level 1) and, for level 2, an ID card's photos approved by the administrator signed in as
 * `adminToken` (a server started with ADMIN_EMAIL).
 */
export async function verifyIdentityByApi(
  server: TRunningServer,
  token: string,
  options: { level: 1 } | { level: 2; adminToken: string },
): Promise<void> {
  if (options.level === 1) {
    await callApi(server, 'PUT', '/kyc/details', { body: ADULT_DETAILS, token });
    return;
  }
  const submissionId = await sendIdentityDocumentsByApi(server, token, options.adminToken);
  await callApi(server, 'POST', `/admin/kyc/${submissionId}/approve`, { token: options.adminToken });
}

/**
 * The personal details and an ID card's photos sent through the API, left for review: the id of the
 * submission in the back-office's queue (read as the administrator signed in as `adminToken`).
 */
export async function sendIdentityDocumentsByApi(
  server: TRunningServer,
  token: string,
  adminToken: string,
): Promise<string> {
  await callApi(server, 'PUT', '/kyc/details', { body: ADULT_DETAILS, token });
  const form = await idCardSubmission();
  const sent = await fetch(`${server.url}/kyc`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(form.payload),
  });
  if (!sent.ok) throw new Error(`POST /kyc → ${sent.status}: ${await sent.text()}`);
  const userId = await userIdByApi(server, token);
  const { data: queue } = await callApi<{ items: { id: string; userId: string }[] }>(
    server,
    'GET',
    '/admin/kyc?status=pending&limit=100',
    { token: adminToken },
  );
  const mine = queue.items.find((item) => item.userId === userId);
  if (!mine) throw new Error('the submission is not in the review queue');
  return mine.id;
}
