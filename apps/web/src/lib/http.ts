// The API client's transport: one request to the app's own origin through fetch (XMLHttpRequest
// when the caller follows an upload's progress, which fetch cannot report), with the cookies, the
// anti-CSRF header and the body encoded as the server expects. A few hundred bytes where a general
// HTTP library was some 14 KB of the login page's JavaScript.
import { XSRF_COOKIE, XSRF_HEADER } from '@td/contracts/constants';
import { requestKey } from './prefetch';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How far an upload has gone: bytes sent, and the total when the browser knows it. */
export interface TUploadProgress {
  loaded: number;
  total?: number;
}

export interface THttpRequest {
  method: THttpMethod;
  /** A path of the app's origin ('/profile'); `params` are added as its query string. */
  url: string;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** JSON-encoded, except FormData (sent as multipart with the browser's boundary). */
  body?: unknown;
  /** 'json' (default): the body parsed as JSON when it is JSON, else its text; 'text': the text. */
  responseType?: 'json' | 'text';
  signal?: AbortSignal;
  onUploadProgress?: (progress: TUploadProgress) => void;
}

export interface THttpResponse {
  status: number;
  /** Header names in lower case ('content-disposition'). */
  headers: Record<string, string>;
  /** '' for an empty body. */
  data: unknown;
}

/** No response at all: offline, DNS, a refused connection. */
export class HttpNetworkError extends Error {
  override readonly name = 'HttpNetworkError';
}

/** The value of a cookie of this page, or undefined. */
function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const pair of document.cookie.split('; ')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator) === name)
      return decodeURIComponent(pair.slice(separator + 1));
  }
  return undefined;
}

/** The headers a request goes with: JSON both ways, the anti-CSRF token echoed from its cookie. */
function headersOf(request: THttpRequest, isForm: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // No Content-Type without a body: the server refuses an empty body announced as JSON.
  if (request.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    // A form's Content-Type is the browser's own (it carries the boundary).
    if (isForm && name.toLowerCase() === 'content-type') continue;
    headers[name] = value;
  }
  return headers;
}

function parseBody(text: string, responseType: 'json' | 'text' | undefined): unknown {
  if (responseType === 'text' || text === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's error page or a plain-text answer: kept as its text.
    return text;
  }
}

function viaFetch(
  request: THttpRequest,
  url: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
) {
  return fetch(url, {
    method: request.method,
    headers,
    body,
    credentials: 'include',
    ...(request.signal ? { signal: request.signal } : {}),
  }).then(
    async (response) => {
      const text = await response.text();
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        responseHeaders[name.toLowerCase()] = value;
      });
      return { status: response.status, headers: responseHeaders, text };
    },
    (error: unknown) => {
      // An abort stays an abort (a query that unmounted); anything else is the network's failure.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new HttpNetworkError('Network error', { cause: error });
    },
  );
}

function viaXhr(
  request: THttpRequest,
  url: string,
  headers: Record<string, string>,
  body: XMLHttpRequestBodyInit | undefined,
  onUploadProgress: (progress: TUploadProgress) => void,
) {
  return new Promise<{ status: number; headers: Record<string, string>; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      onUploadProgress({ loaded: event.loaded, ...(event.lengthComputable ? { total: event.total } : {}) });
    xhr.onload = () => {
      const responseHeaders: Record<string, string> = {};
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const separator = line.indexOf(':');
        if (separator > 0)
          responseHeaders[line.slice(0, separator).trim().toLowerCase()] = line.slice(separator + 1).trim();
      }
      resolve({ status: xhr.status, headers: responseHeaders, text: xhr.responseText });
    };
    xhr.onerror = () => reject(new HttpNetworkError('Network error'));
    xhr.onabort = () => reject(new DOMException('The request was aborted', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body ?? null);
  });
}

/**
 * Sends one request and resolves with whatever status came back (the caller decides what is a
 * failure); rejects with HttpNetworkError when nothing came back, or the AbortError of `signal`.
 */
export async function send(request: THttpRequest): Promise<THttpResponse> {
  const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
  const headers = headersOf(request, isForm);
  const url = requestKey(request.url, request.params);
  const body =
    request.body === undefined
      ? undefined
      : isForm
        ? (request.body as FormData)
        : JSON.stringify(request.body);
  const raw = request.onUploadProgress
    ? await viaXhr(request, url, headers, body, request.onUploadProgress)
    : await viaFetch(request, url, headers, body);
  return {
    status: raw.status,
    headers: raw.headers,
    data: parseBody(raw.text, request.responseType),
  };
}
