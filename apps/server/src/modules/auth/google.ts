// The OpenID Connect client behind "Sign in with Google": checks Google's signed ID tokens (issuer,
// audience, algorithm, age) and runs the code flow with PKCE, giving back the person's identity
// only when Google has verified their e-mail. Any OIDC provider works, so tests run a local one.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { AppError } from '../../platform/errors';

const HTTP_TIMEOUT_MS = 5_000;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Google's ID tokens live an hour; an older one is refused even if its `exp` says otherwise. */
const ID_TOKEN_AGE_MAX_S = 60 * 60;
/** Clocks drift: this much leeway on `iat`, `nbf` and `exp`. */
const CLOCK_TOLERANCE_S = 30;
/** The signing algorithm of Google's ID tokens; any other (`none`, HS256 with a public key) is refused. */
const ID_TOKEN_ALGORITHMS = ['RS256'];
/** Google writes its issuer with and without the scheme in ID tokens; both are Google. */
const GOOGLE_ISSUER = 'https://accounts.google.com';
const GOOGLE_ISSUER_ALIAS = 'accounts.google.com';

const ZDiscovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
});

/** What we take from Google about a person; `email` only when Google has verified it. */
const ZIdentity = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

export interface GoogleIdentity {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface GoogleClient {
  /**
   * ID-token flow (Google Identity Services): the web app got a signed ID token; we verify it
   * against the provider's keys, for our client id, from the provider, unexpired. An access token
   * is never accepted: it says nothing about which application it was issued to.
   */
  identityFromIdToken(
    idToken: string,
  ): Promise<{ identity: GoogleIdentity; nonce: string | undefined; expiresAt: Date }>;
  /**
   * Code flow, step 1: where the browser is sent to sign in at the provider (its authorization
   * endpoint), with our client id, the redirect URI, state, nonce and the PKCE challenge (S256).
   */
  authorizationUrl(request: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string;
  }): Promise<string>;
  /**
   * Code flow, step 2: we exchange the code (with the client secret, the same redirect URI and
   * the PKCE verifier) and verify the ID token against the provider's keys.
   */
  identityFromCode(
    code: string,
    redirectUri: string,
    codeVerifier: string,
  ): Promise<{ identity: GoogleIdentity; nonce: string | undefined }>;
}

export const googleSignInFailed = () =>
  new AppError('UNAUTHENTICATED', 'Google sign-in failed, please try again');
const signInFailed = googleSignInFailed;

async function fetchJson(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  if (!response.ok) throw signInFailed();
  return response.json();
}

function toIdentity(raw: unknown): GoogleIdentity {
  const parsed = ZIdentity.safeParse(raw);
  if (!parsed.success) throw signInFailed();
  const claims = parsed.data;
  const isVerified = claims.email_verified === true || claims.email_verified === 'true';
  if (!claims.email || !isVerified) {
    throw new AppError('FORBIDDEN', 'Your Google account has no verified e-mail address');
  }
  const [first, ...rest] = (claims.name ?? '').split(' ');
  return {
    sub: claims.sub,
    email: claims.email,
    firstName: claims.given_name ?? first ?? '',
    lastName: claims.family_name ?? rest.join(' '),
  };
}

/** An OpenID Connect client of GOOGLE_ISSUER (any OIDC provider: tests run a local one). */
export function createGoogleClient(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
}): GoogleClient {
  let discovery: { value: z.infer<typeof ZDiscovery>; at: number } | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  const discover = async () => {
    if (discovery && Date.now() - discovery.at < DISCOVERY_TTL_MS) return discovery.value;
    const url = `${options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const value = ZDiscovery.parse(await fetchJson(url).catch(() => Promise.reject(signInFailed())));
    discovery = { value, at: Date.now() };
    jwks = createRemoteJWKSet(new URL(value.jwks_uri), { timeoutDuration: HTTP_TIMEOUT_MS });
    return value;
  };

  /** The claims of an ID token signed by the provider for our client id, still fresh. */
  const verifyIdToken = async (idToken: string) => {
    const { issuer } = await discover();
    if (!jwks) throw signInFailed();
    const issuers = issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, GOOGLE_ISSUER_ALIAS] : [issuer];
    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: issuers,
        audience: options.clientId,
        algorithms: ID_TOKEN_ALGORITHMS,
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: ID_TOKEN_AGE_MAX_S,
        clockTolerance: CLOCK_TOLERANCE_S,
      });
      return payload;
    } catch {
      throw signInFailed();
    }
  };

  return {
    async identityFromIdToken(idToken) {
      const payload = await verifyIdToken(idToken);
      return {
        identity: toIdentity(payload),
        nonce: typeof payload.nonce === 'string' ? payload.nonce : undefined,
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      };
    },
    async authorizationUrl(request) {
      const { authorization_endpoint } = await discover();
      const url = new URL(authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: request.redirectUri,
        scope: 'openid email profile',
        state: request.state,
        nonce: request.nonce,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
        prompt: 'select_account',
      }).toString();
      return url.toString();
    },
    async identityFromCode(code, redirectUri, codeVerifier) {
      const { token_endpoint } = await discover();
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: options.clientId,
        client_secret: options.clientSecret,
        code_verifier: codeVerifier,
      });
      const tokens = z
        .object({ id_token: z.string() })
        .safeParse(await fetchJson(token_endpoint, { method: 'POST', body }).catch(() => undefined));
      if (!tokens.success) throw signInFailed();
      const payload = await verifyIdToken(tokens.data.id_token);
      return {
        identity: toIdentity(payload),
        nonce: typeof payload.nonce === 'string' ? payload.nonce : undefined,
      };
    },
  };
}
