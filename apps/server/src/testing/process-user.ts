import { pricesDelayedText } from '@td/contracts/market';
import { GOOD_PASSWORD, uniqueEmail } from './accounts';
import { codeIn, type TestMailbox } from './test-mailbox';

/** Calls a server process's API as a client would: JSON in, JSON out, the bearer token if given. */
export async function callProcess<T = { data: unknown }>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    ...(init.timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(init.timeoutMs) }),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => undefined)) as T,
    headers: response.headers,
  };
}

/** A verified account on a server process: signup, the mailed code, verification; its session token. */
export async function signUpOnProcess(
  baseUrl: string,
  mailbox: TestMailbox,
): Promise<{ email: string; password: string; token: string }> {
  const email = uniqueEmail('proc');
  const signup = await callProcess<{ data: { token: string } }>(baseUrl, '/auth/signup', {
    method: 'POST',
    body: { email, password: GOOD_PASSWORD, firstName: 'Pat', lastName: 'Process' },
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status}`);
  const verify = await callProcess<{ data: { token: string } }>(baseUrl, '/auth/verify-email', {
    method: 'POST',
    token: signup.body.data.token,
    body: { code: codeIn(await mailbox.waitFor(email, /verify/i)) },
  });
  if (verify.status !== 200) throw new Error(`verification failed: ${verify.status}`);
  return { email, password: GOOD_PASSWORD, token: verify.body.data.token };
}

/**
 * Places an order on a server process, asking again while its prices are delayed: a process that
 * has just started, on a busy machine, may not have priced the pair within the quote's maximum age.
 * Any other answer, or a delay lasting past `withinMs`, is returned as it is.
 */
export async function placeOrderOnProcess<T = { data: { id: string } }>(
  baseUrl: string,
  token: string,
  order: Record<string, unknown>,
  withinMs = 30_000,
): Promise<{ status: number; body: T; headers: Headers }> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const placed = await callProcess<T>(baseUrl, '/orders', { method: 'POST', token, body: order });
    const message = (placed.body as { message?: string } | undefined)?.message;
    const delayed = placed.status === 409 && message === pricesDelayedText(String(order.symbol));
    if (!delayed || Date.now() > deadline) return placed;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Waits until every pair a trader sees (`GET /pairs`) is quoted on `/public/prices`: on a first
 * start each pair joins the market once its history is written, which keeps the database's thread
 * busy for half a minute. Measurements of the product at rest start after it.
 */
export async function waitForMarketHistory(
  baseUrl: string,
  token: string,
  withinMs = 180_000,
): Promise<void> {
  const pairs = await callProcess<{ data: unknown[] }>(baseUrl, '/pairs', { token });
  if (pairs.status !== 200) throw new Error(`GET /pairs answered ${pairs.status}`);
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const prices = await callProcess<{ data: Record<string, unknown> }>(baseUrl, '/public/prices');
    if (Object.keys(prices.body?.data ?? {}).length >= pairs.body.data.length) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the market history was not written within ${withinMs / 1000} s`);
}
