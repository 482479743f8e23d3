// The app's one way to call the API: the envelope `{ message, data }`, errors as ApiError with the
// server's message toasted, the session's bearer token, a 401 that ends the session. Over the
// small transport in ./http (fetch), not a general HTTP library.
import { DEFAULT_ERROR_MESSAGE } from '@td/contracts/constants';
import type { z } from 'zod/mini';
import { capitalize } from './format';
import { HttpNetworkError, send, type THttpMethod, type THttpResponse, type TUploadProgress } from './http';
import { translateServerMessage } from './i18n';
import { takePrefetched } from './prefetch';
import { endsSession, getToken, reportSessionEnded, wasSentWithEndedSession } from './session';
import { notify } from './toasts';

/** Shown when there is no response at all (offline, DNS, connection refused). */
export const NETWORK_ERROR_MESSAGE = 'Network error';
/** A request not sent because the session it was asked for has ended in this tab. */
const SESSION_GONE_MESSAGE = 'Your session has expired. Please log in again';

/** Every rejection of the API helpers is an ApiError, so callers handle one shape. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; undefined for a network error. */
  readonly status: number | undefined;
  /** The server's error code ('VALIDATION', 'UNAUTHENTICATED', ...), when it sent one. */
  readonly code: string | undefined;
  readonly details: unknown;

  constructor(
    message: string,
    options: { status?: number; code?: string; details?: unknown; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
  }

  get isNetworkError(): boolean {
    return this.status === undefined;
  }
}

/** The success body of every endpoint: `{ message, data }`. */
export interface TEnvelope<T> {
  message: string;
  data: T;
}

/** What a call may say besides its method, address and body. */
export interface TCallOptions {
  /** The query string, by name; undefined and null values are left out. */
  params?: Record<string, unknown>;
  /** Sent as given; an `Authorization` here wins over the session's token (a sign-in step's token). */
  headers?: Record<string, string>;
  /** Skip the error toast (e.g. background polling, or a screen that shows the error inline). */
  silent?: boolean;
  /**
   * What to say when a request fails without a message of the server's (a proxy's error page,
   * an empty body): the product's own text for that action, e.g. 'Signup failed'.
   */
  fallbackErrorMessage?: string;
  /** Cancels the request; the promise then rejects with the signal's AbortError, and no toast. */
  signal?: AbortSignal;
  /** Follows an upload as its bytes leave (sent through XMLHttpRequest, which reports it). */
  onUploadProgress?: (progress: TUploadProgress) => void;
  /** 'text' for a file (a CSV); JSON otherwise. */
  responseType?: 'json' | 'text';
}

function showErrorToast(message: string, options: TCallOptions | undefined): void {
  if (options?.silent) return;
  // One toast per distinct message: a failing poll must not stack twenty copies.
  notify.error(translateServerMessage(message), { id: `api-error:${message}` });
}

function isEmptyBody(data: unknown): boolean {
  return data === undefined || data === null || data === '';
}

/** The server's message, if the body carries one; otherwise the request's fallback or the default text. */
async function messageOf(
  data: unknown,
  fallback: string = DEFAULT_ERROR_MESSAGE,
): Promise<{ message: string; code?: string; details?: unknown }> {
  // Loaded with the first failure: the login page carries no validation code until it needs it.
  // (A file that cannot load, say after a release replaced it, leaves the plain reading below.)
  const parsed = await import('@td/contracts/envelope').then(
    ({ ZErrorBody }) => ZErrorBody.safeParse(data),
    () => undefined,
  );
  if (parsed?.success && parsed.data.message) {
    return { message: capitalize(parsed.data.message), code: parsed.data.code, details: parsed.data.details };
  }
  // Bodies from outside our handlers (a proxy, Fastify's own 404) may still hold a message.
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim()) return { message: capitalize(message) };
  }
  return { message: fallback };
}

/**
 * One call to the API: the session's token added, a 2xx with a body resolved, anything else
 * rejected as an ApiError (toasted unless `silent`, or ending the session on a refused token).
 */
async function call(
  method: THttpMethod,
  url: string,
  body: unknown,
  options: TCallOptions = {},
): Promise<THttpResponse> {
  const token = getToken();
  const headers = { ...options.headers };
  // A caller may send another token on purpose (the e-mail or two-factor token during sign-in).
  if (token && !Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) {
    headers.Authorization = `Bearer ${token}`;
  }
  let response: THttpResponse;
  try {
    response = await send({ ...options, method, url, body, headers });
  } catch (error) {
    // A cancelled request (a query that unmounted) is not a failure the user needs to hear about.
    if (!(error instanceof HttpNetworkError)) throw error;
    // Offline, the app's own notice already says so: no toast for every request that cannot go.
    if (navigator.onLine) showErrorToast(NETWORK_ERROR_MESSAGE, options);
    throw new ApiError(NETWORK_ERROR_MESSAGE, { cause: error });
  }
  const { status, data } = response;
  if (status >= 200 && status < 300) {
    if (!isEmptyBody(data)) return response;
    const message = options.fallbackErrorMessage ?? DEFAULT_ERROR_MESSAGE;
    showErrorToast(message, options);
    throw new ApiError(message, { status });
  }
  const { message, code, details } = await messageOf(data, options.fallbackErrorMessage);
  const sentAuthorization = headers.Authorization ?? headers.authorization;
  if (endsSession(status, sentAuthorization, getToken())) {
    // The session was revoked or expired: this tab logs out and the login screen says why, once,
    // instead of a toast for each of the requests that are refused alike.
    reportSessionEnded();
  } else if (!wasSentWithEndedSession(sentAuthorization)) {
    showErrorToast(message, options);
  }
  throw new ApiError(message, { status, code, details });
}

/**
 * The answer as it came, for what is not an envelope (a CSV file): `data` (text with
 * `responseType: 'text'`), `status`, `headers` by lower-case name.
 */
export const apiClient = {
  get: async <T = unknown>(url: string, options?: TCallOptions) =>
    (await call('GET', url, undefined, options)) as THttpResponse & { data: T },
};

/**
 * A response's contract: its schema, or a function that loads it. The sign-in frame's calls load
 * theirs (and the validation library) when they are made, so the login page does not carry them.
 */
export type TSchemaOf<T> = z.ZodMiniType<T> | (() => Promise<z.ZodMiniType<T>>);

export interface TRequestOptions<T> extends Omit<TCallOptions, 'responseType'> {
  /** When given, `data` is parsed with it: types check nothing at run time. */
  schema?: TSchemaOf<T>;
}

async function request<T>(
  method: THttpMethod,
  url: string,
  body: unknown,
  options: TRequestOptions<T> = {},
): Promise<TEnvelope<T>> {
  const { schema, ...config } = options;
  // A GET a route asked for while its code loaded is read from there, once, and checked alike.
  const prefetched = method === 'GET' ? await takePrefetched(url, config.params) : undefined;
  if (
    prefetched &&
    'failedWith' in prefetched &&
    prefetched.failedWith &&
    prefetched.failedWith !== getToken()
  ) {
    // Asked for early with a session this tab has lost since (its refusal ended it): asked again
    // now, it would go without one. The login screen already says why; nothing to add.
    throw new ApiError(SESSION_GONE_MESSAGE, { status: 401 });
  }
  const response =
    prefetched && 'body' in prefetched && !isEmptyBody(prefetched.body)
      ? { data: prefetched.body as TEnvelope<T>, status: 200 }
      : ((await call(method, url, body, config)) as { data: TEnvelope<T>; status: number });
  if (!schema) return response.data;
  let contract: z.ZodMiniType<T>;
  try {
    contract = typeof schema === 'function' ? await schema() : schema;
  } catch (error) {
    // The contract's file could not load (offline, or replaced by a release): nothing is checked.
    console.error(`The contract of ${method} ${url} could not load`, error);
    showErrorToast(DEFAULT_ERROR_MESSAGE, config);
    throw new ApiError(DEFAULT_ERROR_MESSAGE, { status: response.status, cause: error });
  }
  const parsed = contract.safeParse(response.data.data);
  if (!parsed.success) {
    // A contract mismatch is a bug, not something the user can act on: log the detail.
    console.error(`Unexpected response from ${method} ${url}`, parsed.error);
    showErrorToast(DEFAULT_ERROR_MESSAGE, config);
    throw new ApiError(DEFAULT_ERROR_MESSAGE, { status: response.status, details: parsed.error.issues });
  }
  // The server's message, in the language the app is shown in when it has a translation.
  return { message: translateServerMessage(response.data.message), data: parsed.data };
}

/**
 * The typed API helpers. Each resolves to the envelope, so a feature writes
 * `const { data } = await api.get<TUser>('/profile')` (and may read `message` for a success toast).
 */
export const api = {
  get: <T>(url: string, options?: TRequestOptions<T>) => request<T>('GET', url, undefined, options),
  delete: <T>(url: string, options?: TRequestOptions<T>) => request<T>('DELETE', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: TRequestOptions<T>) =>
    request<T>('POST', url, body, options),
  put: <T>(url: string, body?: unknown, options?: TRequestOptions<T>) =>
    request<T>('PUT', url, body, options),
  patch: <T>(url: string, body?: unknown, options?: TRequestOptions<T>) =>
    request<T>('PATCH', url, body, options),
};
