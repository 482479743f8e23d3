/**
 * Google sign-in: by an ID token whose nonce is bound to this browser (the nonce and its proof
 * issued here), or by Google's code flow that this browser started (its state, PKCE verifier and
 * nonce in a signed cookie).
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors';
import { enforce } from '../../platform/rate-limit';
import { AUTH_LIMITS, type ClientContext, GOOGLE_NONCE_BYTES, GOOGLE_NONCE_DOMAIN } from './auth-rules';
import type { AuthServiceDeps, AuthSteps } from './auth-steps';
import { googleSignInFailed } from './google';
import {
  GOOGLE_CALLBACK_PATH,
  readGoogleFlow,
  sameSecret,
  startGoogleFlow,
  usedFlowKey,
} from './google-flow';

export function createGoogleSignin(deps: AuthServiceDeps, steps: AuthSteps) {
  const { repo, codes, limiter } = deps;
  /** Google's code flow returns the browser here, and only here: fixed by our public address. */
  const googleRedirectUri = `${deps.publicUrl}${GOOGLE_CALLBACK_PATH}`;

  return {
    /**
     * A nonce for Google's ID token, and its proof for the browser's cookie: a keyed hash, so the
     * proof of a nonce cannot be made without our key, and a token read elsewhere cannot be
     * replayed from another browser.
     */
    issueGoogleNonce(): { nonce: string; proof: string } {
      if (!deps.google) throw new AppError('NOT_FOUND', 'Google sign-in is not available');
      const nonce = randomBytes(GOOGLE_NONCE_BYTES).toString('base64url');
      return { nonce, proof: codes.hash(GOOGLE_NONCE_DOMAIN + nonce) };
    },

    /**
     * The start of Google's code flow for this browser: where to send it (Google's authorization
     * endpoint) and the signed cookie that binds the flow's state, PKCE verifier and nonce to it.
     */
    async startGoogleSignin(): Promise<{ url: string; cookie: string }> {
      if (!deps.google) throw new AppError('NOT_FOUND', 'Google sign-in is not available');
      const started = startGoogleFlow(codes);
      const url = await deps.google.authorizationUrl({
        redirectUri: googleRedirectUri,
        state: started.flow.state,
        nonce: started.flow.nonce,
        codeChallenge: started.codeChallenge,
      });
      return { url, cookie: started.cookie };
    },

    /**
     * Google sign-in by an ID token made for our client id (checked by the Google client: key,
     * issuer, audience, expiry) whose nonce is the one bound to this browser, used once; or by the
     * code flow this browser started: its state matches the cookie's, used once, the code is
     * redeemed with the cookie's PKCE verifier and our own redirect URI, and the ID token carries
     * the cookie's nonce. A code read elsewhere is worth nothing without this browser's cookie.
     */
    async signinWithGoogle(
      input: { credential: string } | { code: string; state: string; redirectUri?: string | undefined },
      proofs: { nonce: string | undefined; flow: string | undefined },
      client: ClientContext,
    ): Promise<string> {
      if (!deps.google) throw new AppError('NOT_FOUND', 'Google sign-in is not available');
      await enforce(limiter, AUTH_LIMITS.signinPerIp, client.limitKey);
      if ('code' in input) {
        const flow = readGoogleFlow(codes, proofs.flow);
        if (!flow || !sameSecret(flow.state, input.state)) throw googleSignInFailed();
        if (input.redirectUri !== undefined && input.redirectUri !== googleRedirectUri) {
          throw googleSignInFailed();
        }
        if (!(await repo.claimNonce(usedFlowKey(codes, flow), new Date(flow.expiresAtMs)))) {
          throw googleSignInFailed();
        }
        const { identity, nonce } = await deps.google.identityFromCode(
          input.code,
          googleRedirectUri,
          flow.verifier,
        );
        if (!nonce || !sameSecret(nonce, flow.nonce)) throw googleSignInFailed();
        return steps.signInWithGoogle(identity, client);
      }
      const nonceProof = proofs.nonce;
      const { identity, nonce, expiresAt } = await deps.google.identityFromIdToken(input.credential);
      if (!nonceProof || !nonce || !codes.matches(GOOGLE_NONCE_DOMAIN + nonce, nonceProof)) {
        throw googleSignInFailed();
      }
      if (!(await repo.claimNonce(nonceProof, expiresAt))) throw googleSignInFailed();
      return steps.signInWithGoogle(identity, client);
    },
  };
}
