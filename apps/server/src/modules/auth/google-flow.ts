import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { GOOGLE_NONCE_TTL_S } from '@td/contracts/auth';
import type { CodeHasher } from './codes';

/**
 * The browser's half of a Google code flow: HttpOnly, same site, sent only to the Google routes.
 * It holds the flow's state, PKCE verifier and nonce, signed with our key, for one attempt.
 */
export const GOOGLE_FLOW_COOKIE = 'td_google_flow';
/** Where Google sends the browser back: a screen of the web app, fixed by our address, never asked. */
export const GOOGLE_CALLBACK_PATH = '/authentication/googleCallback';
/** Keeps the signature of a flow's cookie, and its used states, apart from other keyed hashes. */
const FLOW_DOMAIN = 'google-flow:';
const RANDOM_BYTES = 32;

export interface GoogleFlow {
  /** Echoed by Google to the callback: ties the code to the browser that started the flow. */
  state: string;
  /** PKCE: only its S256 hash went to Google; the code is redeemed with it. */
  verifier: string;
  /** Google writes it into the ID token it signs for this flow. */
  nonce: string;
  expiresAtMs: number;
}

const random = () => randomBytes(RANDOM_BYTES).toString('base64url');
const sign = (codes: CodeHasher, payload: string) => codes.hash(FLOW_DOMAIN + payload);

/** A new flow, its signed cookie value, and the PKCE challenge for Google. */
export function startGoogleFlow(codes: CodeHasher, now = Date.now()) {
  const flow: GoogleFlow = {
    state: random(),
    verifier: random(),
    nonce: random(),
    expiresAtMs: now + GOOGLE_NONCE_TTL_S * 1000,
  };
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return {
    flow,
    cookie: `${payload}.${sign(codes, payload)}`,
    codeChallenge: createHash('sha256').update(flow.verifier).digest('base64url'),
  };
}

/** The flow of a cookie we signed and that has not expired; undefined for anything else. */
export function readGoogleFlow(
  codes: CodeHasher,
  cookie: string | undefined,
  now = Date.now(),
): GoogleFlow | undefined {
  const [payload, signature, ...rest] = (cookie ?? '').split('.');
  if (!payload || !signature || rest.length > 0 || !codes.matches(FLOW_DOMAIN + payload, signature)) {
    return undefined;
  }
  try {
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as GoogleFlow;
    const isWellFormed =
      typeof flow.state === 'string' &&
      typeof flow.verifier === 'string' &&
      typeof flow.nonce === 'string' &&
      typeof flow.expiresAtMs === 'number';
    return isWellFormed && flow.expiresAtMs > now ? flow : undefined;
  } catch {
    return undefined;
  }
}

/** The keyed hash a flow's state is recorded under once used (see `used_nonces`). */
export const usedFlowKey = (codes: CodeHasher, flow: GoogleFlow) => sign(codes, `used:${flow.state}`);

/** Equal strings, compared in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
