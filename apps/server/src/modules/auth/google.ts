import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { AppError } from '../../platform/errors';

const HTTP_TIMEOUT_MS = 5_000;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

const ZDiscovery = z.object({
  issuer: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string(),
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
  /** Token flow: the web app got an access token; we ask the provider who it belongs to. */
  identityFromAccessToken(accessToken: string): Promise<GoogleIdentity>;
  /** Code flow: we exchange the code and verify the ID token against the provider's keys. */
  identityFromCode(code: string, redirectUri: string): Promise<GoogleIdentity>;
}

const signInFailed = () => new AppError('UNAUTHENTICATED', 'Google sign-in failed, please try again');

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

  return {
    async identityFromAccessToken(accessToken) {
      const { userinfo_endpoint } = await discover();
      return toIdentity(
        await fetchJson(userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}` } }),
      );
    },
    async identityFromCode(code, redirectUri) {
      const { token_endpoint, issuer } = await discover();
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: options.clientId,
        client_secret: options.clientSecret,
      });
      const tokens = z
        .object({ id_token: z.string() })
        .safeParse(await fetchJson(token_endpoint, { method: 'POST', body }));
      if (!tokens.success || !jwks) throw signInFailed();
      try {
        const { payload } = await jwtVerify(tokens.data.id_token, jwks, {
          issuer,
          audience: options.clientId,
        });
        return toIdentity(payload);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw signInFailed();
      }
    },
  };
}
