import { DEFAULT_ERROR_MESSAGE, XSRF_COOKIE, XSRF_HEADER } from '@td/contracts/constants';
import { ZErrorBody } from '@td/contracts/envelope';
import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { capitalize } from './format';
import { translateServerMessage } from './i18n';
import { takePrefetched } from './prefetch';
import { endsSession, getToken, reportSessionEnded, wasSentWithEndedSession } from './session';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the error toast (e.g. background polling, or a screen that shows the error inline). */
    silent?: boolean;
    /**
     * What to say when a request fails without a message of the server's (a proxy's error page,
     * an empty body): the product's own text for that action, e.g. 'Signup failed'.
     */
    fallbackErrorMessage?: string;
  }
}

/** Shown when there is no response at all (offline, DNS, connection refused). */
export const NETWORK_ERROR_MESSAGE = 'Network error';

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

export const apiClient = axios.create({
  baseURL: '/',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  withCredentials: true,
  withXSRFToken: true,
  xsrfCookieName: XSRF_COOKIE,
  xsrfHeaderName: XSRF_HEADER,
  validateStatus: (status) => status >= 200 && status < 300,
  // No client-side timeout: a slow order must not be abandoned half-way.
  timeout: 0,
});

apiClient.interceptors.request.use((config) => {
  const token = getToken();
  // A caller may send another token on purpose (the e-mail or two-factor token during sign-in).
  if (token && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

function showErrorToast(message: string, config: AxiosRequestConfig | undefined): void {
  if (config?.silent) return;
  // One toast per distinct message: a failing poll must not stack twenty copies.
  toast.error(translateServerMessage(message), { id: `api-error:${message}` });
}

function isEmptyBody(data: unknown): boolean {
  return data === undefined || data === null || data === '';
}

/** The server's message, if the body carries one; otherwise the request's fallback or the default text. */
function messageOf(
  data: unknown,
  fallback: string = DEFAULT_ERROR_MESSAGE,
): { message: string; code?: string; details?: unknown } {
  const parsed = ZErrorBody.safeParse(data);
  if (parsed.success && parsed.data.message) {
    return { message: capitalize(parsed.data.message), code: parsed.data.code, details: parsed.data.details };
  }
  // Bodies from outside our handlers (a proxy, Fastify's own 404) may still hold a message.
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim()) return { message: capitalize(message) };
  }
  return { message: fallback };
}

function onFulfilled(response: AxiosResponse): AxiosResponse {
  if (isEmptyBody(response.data)) {
    const message = response.config.fallbackErrorMessage ?? DEFAULT_ERROR_MESSAGE;
    showErrorToast(message, response.config);
    throw new ApiError(message, { status: response.status });
  }
  return response;
}

function onRejected(error: unknown): Promise<never> {
  // A cancelled request (a query that unmounted) is not a failure the user needs to hear about.
  if (axios.isCancel(error)) return Promise.reject(error);
  if (!axios.isAxiosError(error)) return Promise.reject(error);
  const axiosError = error as AxiosError;

  if (!axiosError.response) {
    // Offline, the app's own notice already says so: no toast for every request that cannot go.
    if (navigator.onLine) showErrorToast(NETWORK_ERROR_MESSAGE, axiosError.config);
    return Promise.reject(new ApiError(NETWORK_ERROR_MESSAGE, { cause: error }));
  }

  const { message, code, details } = messageOf(
    axiosError.response.data,
    axiosError.config?.fallbackErrorMessage,
  );
  const { status } = axiosError.response;
  const sentAuthorization = axiosError.config?.headers?.Authorization;
  if (endsSession(status, sentAuthorization, getToken())) {
    // The session was revoked or expired: this tab logs out and the login screen says why, once,
    // instead of a toast for each of the requests that are refused alike.
    reportSessionEnded();
  } else if (!wasSentWithEndedSession(sentAuthorization)) {
    showErrorToast(message, axiosError.config);
  }
  return Promise.reject(new ApiError(message, { status, code, details, cause: error }));
}

apiClient.interceptors.response.use(onFulfilled, onRejected);

export interface TRequestOptions<T> extends Omit<AxiosRequestConfig, 'url' | 'method' | 'data'> {
  /** When given, `data` is parsed with it: types check nothing at run time. */
  schema?: z.ZodType<T>;
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
  options: TRequestOptions<T> = {},
): Promise<TEnvelope<T>> {
  const { schema, ...config } = options;
  // A GET a route asked for while its code loaded is read from there, once, and checked alike.
  const prefetched = method === 'GET' ? await takePrefetched(url, config.params) : undefined;
  const response =
    prefetched !== undefined && !isEmptyBody(prefetched)
      ? { data: prefetched as TEnvelope<T>, status: 200 }
      : await apiClient.request<TEnvelope<T>>({ ...config, method, url, data: body });
  if (!schema) return response.data;
  const parsed = schema.safeParse(response.data.data);
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
