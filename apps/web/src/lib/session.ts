import { TOKEN_STORAGE_KEY } from '@td/contracts/constants';

// The session token lives in localStorage under TOKEN. Storage can throw
// (private mode, blocked cookies), so every access is guarded: a broken storage means "signed out".

// Screens that depend on being signed in (the profile query) listen for changes: a logout in this
// tab (setToken/clearToken) or in another one (the storage event).
const tokenListeners = new Set<() => void>();

function notifyTokenChange(): void {
  for (const listener of tokenListeners) listener();
}

/** Calls `listener` whenever the token is set or cleared, here or in another tab. */
export function subscribeToToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function getToken(): string | null {
  try {
    const token = globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY);
    return token ? token : null;
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Nothing to do: without storage the session lasts only as long as this page.
  }
  notifyTokenChange();
}

export function clearToken(): void {
  try {
    globalThis.localStorage?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Same as above.
  }
  notifyTokenChange();
}

export function hasToken(): boolean {
  return getToken() !== null;
}

/**
 * Whether a refusal means the session of this tab is over: a 401 to a request that went with the
 * stored session token (revoked in Profile → Active sessions, by a password change or two-factor
 * turned off elsewhere, or expired). A 401 to a request without it is no news about the session:
 * the sign-in steps answer so for a wrong password, and their pending tokens are sent by hand; a
 * request made before another account signed in here speaks of a session already gone.
 */
export function endsSession(
  status: number | undefined,
  sentAuthorization: unknown,
  storedToken: string | null,
) {
  return status === 401 && storedToken !== null && sentAuthorization === `Bearer ${storedToken}`;
}

const sessionEndedListeners = new Set<() => void>();

/**
 * Calls `listener` when the server has refused this tab's session (see endsSession): the app's
 * frame answers by logging out here and showing the login screen with the reason.
 */
export function subscribeToSessionEnd(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/**
 * The server refused the stored session. The listeners log out (and clear the token, so the
 * requests still on their way, refused in turn, are no longer the session's and end nothing
 * twice); with none, the token is cleared here so nothing asks with it again.
 */
export function reportSessionEnded(): void {
  const token = getToken();
  if (!token) return;
  endedToken = token;
  for (const listener of sessionEndedListeners) listener();
  if (hasToken()) clearToken();
}

/** The session the server refused last: the answers still on their way for it are no news. */
let endedToken: string | null = null;

/**
 * Whether a request went with the session this tab has just ended (it left before the refusal
 * came): its own refusal needs no word, the login screen already says why.
 */
export function wasSentWithEndedSession(sentAuthorization: unknown): boolean {
  return endedToken !== null && sentAuthorization === `Bearer ${endedToken}`;
}

export type TTokenType = 'normal' | 'email' | 'tfa';

export interface TTokenClaims {
  type: TTokenType | undefined;
  status: string | undefined;
  expMs: number | undefined;
}

/**
 * Reads the claims of a JWT without verifying it: the server verifies; the client only needs the
 * token type (normal, email, tfa) to decide where to go after sign-in. Returns null when the
 * token is not a readable JWT.
 */
export function readTokenClaims(token: string): TTokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const json: unknown = JSON.parse(atob(padded));
    if (typeof json !== 'object' || json === null) return null;
    const claims = json as Record<string, unknown>;
    const type = claims.type;
    return {
      type: type === 'normal' || type === 'email' || type === 'tfa' ? type : undefined,
      status: typeof claims.status === 'string' ? claims.status : undefined,
      expMs: typeof claims.exp === 'number' ? claims.exp * 1000 : undefined,
    };
  } catch {
    return null;
  }
}
