// The API client over its fetch transport: what a call sends (token, anti-CSRF header, query,
// body) and how each answer comes back (the envelope, ApiError, the end of a refused session).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError, api, apiClient } from './api-client';
import { prefetch } from './prefetch';
import { subscribeToSessionEnd } from './session';

interface TSent {
  url: string;
  init: RequestInit;
}

let sent: TSent[] = [];

/** fetch answers each call with `answer`; every call is kept in `sent`. */
function answerWith(answer: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return answer();
    }),
  );
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const headersOf = (call: TSent | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

beforeEach(() => {
  sent = [];
  const storage = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=x%2By' });
  vi.stubGlobal('navigator', { onLine: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('sends the session token, the anti-CSRF cookie as a header and the query, and parses the data', async () => {
    localStorage.setItem('TOKEN', 'session-1');
    answerWith(() => json(200, { message: 'ok', data: { count: 2 } }));
    const result = await api.get('/orders', {
      params: { page: 2, status: 'opn,pnd', symbol: undefined },
      schema: z.object({ count: z.number() }),
    });
    expect(result).toEqual({ message: 'ok', data: { count: 2 } });
    expect(sent[0]?.url).toBe('/orders?page=2&status=opn%2Cpnd');
    expect(sent[0]?.init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect(headersOf(sent[0])).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer session-1',
      'X-XSRF-TOKEN': 'x+y',
    });
  });

  it('checks the data with a contract it loads when the call returns, and fails as an ApiError when it cannot load', async () => {
    answerWith(() => json(200, { message: 'ok', data: { count: 'two' } }));
    const load = vi.fn(async () => z.object({ count: z.number() }));
    const refused = await api.get('/orders', { schema: load, silent: true }).catch((error: unknown) => error);
    expect(load).toHaveBeenCalledTimes(1);
    expect(refused).toBeInstanceOf(ApiError);
    answerWith(() => json(200, { message: 'ok', data: { count: 2 } }));
    await expect(api.get('/orders', { schema: load })).resolves.toEqual({
      message: 'ok',
      data: { count: 2 },
    });
    const unloaded = await api
      .get('/orders', {
        schema: async () => {
          throw new TypeError('Failed to fetch dynamically imported module');
        },
        silent: true,
      })
      .catch((error: unknown) => error);
    expect(unloaded).toBeInstanceOf(ApiError);
    expect(unloaded).toMatchObject({ status: 200, message: 'Something went wrong' });
  });

  it('sends a JSON body with its type, keeps a caller’s own token, and no type without a body', async () => {
    localStorage.setItem('TOKEN', 'session-1');
    answerWith(() => json(200, { message: 'ok', data: {} }));
    await api.post('/auth/2fa/verify', { code: '123456' }, { headers: { Authorization: 'Bearer temp' } });
    await api.post('/auth/verify-email/resend');
    expect(sent[0]?.init.body).toBe('{"code":"123456"}');
    expect(headersOf(sent[0])).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer temp',
    });
    expect(headersOf(sent[1])['Content-Type']).toBeUndefined();
  });

  it('sends a form as multipart, leaving its type (and boundary) to the browser', async () => {
    answerWith(() => json(200, { message: 'ok', data: {} }));
    const form = new FormData();
    form.append('image', new Blob(['x']), 'a.png');
    await api.post('/tickets/attachments', form, { headers: { 'Content-Type': 'multipart/form-data' } });
    expect(sent[0]?.init.body).toBe(form);
    expect(headersOf(sent[0])['Content-Type']).toBeUndefined();
  });

  it('rejects a refusal as an ApiError with the server’s message, code and details', async () => {
    answerWith(() => json(400, { message: 'password is too short', code: 'VALIDATION', details: [1] }));
    const error = await api.post('/auth/signup', {}, { silent: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Password is too short',
      status: 400,
      code: 'VALIDATION',
      details: [1],
    });
  });

  it('says the request’s own words when the answer is empty or not the server’s', async () => {
    answerWith(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(
      api.get('/pairs', { silent: true, fallbackErrorMessage: 'Could not load' }),
    ).rejects.toMatchObject({ message: 'Could not load', status: 502 });
    answerWith(() => new Response('', { status: 200 }));
    await expect(api.get('/pairs', { silent: true })).rejects.toMatchObject({ status: 200 });
  });

  it('ends the session when the stored token is refused, not when another token is', async () => {
    localStorage.setItem('TOKEN', 'session-2');
    const ended = vi.fn();
    const unsubscribe = subscribeToSessionEnd(ended);
    answerWith(() => json(401, { message: 'Unauthorized', code: 'UNAUTHENTICATED' }));
    await api
      .post('/auth/2fa/verify', {}, { silent: true, headers: { Authorization: 'Bearer temp' } })
      .catch(() => {});
    expect(ended).not.toHaveBeenCalled();
    await api.get('/profile', { silent: true }).catch(() => {});
    expect(ended).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('does not ask again, without a session, for what was asked for early with one that has ended since', async () => {
    localStorage.setItem('TOKEN', 'session-3');
    answerWith(() => json(401, { message: 'Unauthorized', code: 'UNAUTHENTICATED' }));
    prefetch('/orders');
    // Another request's refusal ended the session before the screen asked.
    localStorage.removeItem('TOKEN');
    await expect(api.get('/orders', { silent: true })).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
    });
    expect(sent.map((call) => call.url)).toEqual(['/orders']);
    // With the session still stored, the screen asks again itself (and its refusal ends the session).
    localStorage.setItem('TOKEN', 'session-4');
    prefetch('/portfolio');
    await api.get('/portfolio', { silent: true }).catch(() => {});
    expect(sent.map((call) => call.url)).toEqual(['/orders', '/portfolio', '/portfolio']);
  });

  it('turns no answer at all into a network error, and lets an abort through as it is', async () => {
    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await api.get('/pairs', { silent: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    answerWith(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(api.get('/pairs', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('apiClient.get', () => {
  it('gives a file’s text and headers as they came', async () => {
    answerWith(
      () =>
        new Response('a,b\n1,2\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'Content-Disposition': 'attachment; filename="x.csv"' },
        }),
    );
    const response = await apiClient.get<string>('/orders/export', {
      params: { account: 'demo' },
      responseType: 'text',
      headers: { Accept: 'text/csv' },
    });
    expect(response.data).toBe('a,b\n1,2\n');
    expect(response.headers['content-disposition']).toBe('attachment; filename="x.csv"');
    expect(headersOf(sent[0]).Accept).toBe('text/csv');
  });
});
