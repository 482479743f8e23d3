// HTTP routes of the account system: sign-up, sign-in, e-mail verification, password reset, the
// second-factor step, Google sign-in (nonce and code flow, proven by short-lived cookies), logout,
// the live stream's ticket, and turning two-factor on and off.
import {
  GOOGLE_NONCE_TTL_S,
  ZForgotPasswordRequest,
  ZGoogleCallbackRequest,
  ZGoogleNonceData,
  ZResetPasswordRequest,
  ZSigninRequest,
  ZSignupRequest,
  ZStreamTicketData,
  ZTfaActivateData,
  ZTfaActivateRequest,
  ZTfaDeactivateRequest,
  ZTfaGenerateData,
  ZTfaVerifyRequest,
  ZTokenData,
  ZVerifyEmailLinkData,
  ZVerifyEmailLinkQuery,
  ZVerifyEmailRequest,
} from '@td/contracts/auth';
import { successEnvelope } from '@td/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { clearCookie, setCookie } from '../../platform/http/cookies';
import { ok } from '../../platform/http/reply';
import { userRoute } from '../../platform/http/route-options';
import type { AuthService } from './auth.service';
import type { ClientContext } from './auth-rules';
import { authOf, clientOf, pendingClaimsOf } from './authenticate';
import { commonPasswordList } from './common-passwords';
import { GOOGLE_FLOW_COOKIE } from './google-flow';
import type { SessionClaims, TokenService } from './tokens';
import type { TwoFactorService } from './two-factor.service';

const ZToken = successEnvelope(ZTokenData);
const ZNoData = successEnvelope(z.null());
const CHECK_EMAIL = 'Please check your email for the verification code';
/** The browser's proof of its Google nonce: HttpOnly, sent only to the Google routes, same site only. */
const GOOGLE_NONCE_COOKIE = 'td_google_nonce';
const GOOGLE_COOKIE_PATH = '/auth/google';
/** Where a code flow that could not start sends the browser: the login screen says so. */
const GOOGLE_FAILED_PATH = '/authentication/login?google=failed';

/**
 * The route of a pending sign-in's step (`access`: the `email` or `tfa` token it holds) that checks
 * the code in the body with `verify` and answers the signed-in session's token under `message`.
 */
function codeStep(
  access: 'email' | 'tfa',
  body: z.core.$ZodType<{ code: string }>,
  message: string,
  verify: (claims: SessionClaims, code: string, client: ClientContext) => Promise<string>,
) {
  return {
    config: { access },
    schema: { body, response: { 200: ZToken } },
    handler: async (request: FastifyRequest<{ Body: { code: string } }>) =>
      ok(message, { token: await verify(pendingClaimsOf(request), request.body.code, clientOf(request)) }),
  };
}

export function authRoutes(deps: {
  auth: AuthService;
  twoFactor: TwoFactorService;
  tokens: TokenService;
  streamUrl: string;
  /** Cookies only over HTTPS when the product is served over HTTPS. */
  secureCookies: boolean;
}): FastifyPluginAsyncZod {
  const { auth, twoFactor } = deps;
  return async (app) => {
    app.post(
      '/auth/signup',
      { config: { access: 'public' }, schema: { body: ZSignupRequest, response: { 201: ZToken } } },
      async (request, reply) => {
        const token = await auth.signup(request.body, clientOf(request));
        return reply.status(201).send(ok('Signup successful', { token }));
      },
    );

    // The passwords refused as too common, for the forms' strength meter; the same for everyone.
    app.get('/public/common-passwords', { config: { access: 'public' } }, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .type('text/plain; charset=utf-8')
        .send(commonPasswordList()),
    );

    app.post(
      '/auth/signin',
      { config: { access: 'public' }, schema: { body: ZSigninRequest, response: { 200: ZToken } } },
      async (request) =>
        ok('Login successful', { token: await auth.signin(request.body, clientOf(request)) }),
    );

    app.get(
      '/auth/verify-email',
      {
        config: { access: 'public' },
        schema: {
          querystring: ZVerifyEmailLinkQuery,
          response: { 200: successEnvelope(ZVerifyEmailLinkData) },
        },
      },
      async (request) => {
        // The browser's own pending sign-in (`email` token), if it sends one: see verifyEmailLink.
        const bearer = request.headers.authorization?.match(/^Bearer (\S+)$/)?.[1];
        const claims = bearer ? await deps.tokens.verify(bearer) : undefined;
        const signin = claims?.type === 'email' ? claims : undefined;
        return ok('Email verified', {
          token: await auth.verifyEmailLink(request.query.token, signin, clientOf(request)),
        });
      },
    );

    app.post(
      '/auth/verify-email',
      codeStep('email', ZVerifyEmailRequest, 'Email verified', auth.verifyEmailCode),
    );

    app.post(
      '/auth/verify-email/resend',
      { config: { access: 'email' }, schema: { response: { 200: ZNoData } } },
      async (request) => {
        await auth.resendVerification(pendingClaimsOf(request), clientOf(request));
        return ok('Email sent successfully', null);
      },
    );

    app.post(
      '/auth/forgot-password',
      { config: { access: 'public' }, schema: { body: ZForgotPasswordRequest, response: { 200: ZNoData } } },
      async (request) => {
        await auth.forgotPassword(request.body.email, clientOf(request));
        return ok(CHECK_EMAIL, null);
      },
    );

    app.post(
      '/auth/reset-password',
      { config: { access: 'public' }, schema: { body: ZResetPasswordRequest, response: { 200: ZNoData } } },
      async (request) => {
        await auth.resetPassword(request.body, clientOf(request));
        return ok('Password reset successful', null);
      },
    );

    app.post('/auth/2fa/verify', codeStep('tfa', ZTfaVerifyRequest, 'Login successful', auth.verifyTfa));

    app.get(
      '/auth/google/nonce',
      { config: { access: 'public' }, schema: { response: { 200: successEnvelope(ZGoogleNonceData) } } },
      async (_request, reply) => {
        const { nonce, proof } = auth.issueGoogleNonce();
        setCookie(reply, GOOGLE_NONCE_COOKIE, proof, {
          path: GOOGLE_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'strict',
          secure: deps.secureCookies,
          maxAge: GOOGLE_NONCE_TTL_S,
        });
        reply.header('cache-control', 'no-store');
        return ok('Nonce issued', { nonce });
      },
    );

    // Google's code flow: the browser comes here, gets the flow's cookie and goes on to Google,
    // which sends it back to the web app's callback screen with a code and the state.
    app.get(
      '/auth/google/start',
      { config: { access: 'public' }, schema: { querystring: z.object({}) } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        let started: { url: string; cookie: string };
        try {
          started = await auth.startGoogleSignin();
        } catch (error) {
          // Google sign-in off: as every Google route. Google unreachable: this is a navigation,
          // not a call, so back to the login screen, which says that it failed.
          if (error instanceof AppError && error.code === 'NOT_FOUND') throw error;
          return reply.redirect(GOOGLE_FAILED_PATH, 303);
        }
        setCookie(reply, GOOGLE_FLOW_COOKIE, started.cookie, {
          path: GOOGLE_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.secureCookies,
          maxAge: GOOGLE_NONCE_TTL_S,
        });
        return reply.redirect(started.url, 303);
      },
    );

    app.post(
      '/auth/google/callback',
      { config: { access: 'public' }, schema: { body: ZGoogleCallbackRequest, response: { 200: ZToken } } },
      async (request, reply) => {
        const proofs = {
          nonce: request.cookies[GOOGLE_NONCE_COOKIE],
          flow: request.cookies[GOOGLE_FLOW_COOKIE],
        };
        // A nonce, or a code flow, serves one attempt, whatever its outcome.
        clearCookie(reply, GOOGLE_NONCE_COOKIE, { path: GOOGLE_COOKIE_PATH });
        clearCookie(reply, GOOGLE_FLOW_COOKIE, { path: GOOGLE_COOKIE_PATH });
        return ok('Login successful', {
          token: await auth.signinWithGoogle(request.body, proofs, clientOf(request)),
        });
      },
    );

    app.post('/auth/logout', userRoute({ response: { 200: ZNoData } }), async (request) => {
      await auth.logout(authOf(request).claims);
      return ok('Logout successful', null);
    });

    app.get(
      '/auth/wss/signin',
      userRoute({ response: { 200: successEnvelope(ZStreamTicketData) } }),
      async (request) => {
        const { user, claims } = authOf(request);
        return ok('Stream ticket issued', {
          payload: { server: deps.streamUrl, status: 'act' as const },
          token: await deps.tokens.signStreamTicket(user.id, claims.sid),
        });
      },
    );

    app.get(
      '/auth/2fa/generate',
      userRoute({ response: { 200: successEnvelope(ZTfaGenerateData) } }),
      async (request) =>
        ok(
          'Scan the QR code with your authenticator app',
          await twoFactor.generate(authOf(request).user, authOf(request).claims.sid),
        ),
    );

    app.post(
      '/auth/2fa/activate',
      userRoute({ body: ZTfaActivateRequest, response: { 200: successEnvelope(ZTfaActivateData) } }),
      async (request) => {
        const { user, claims } = authOf(request);
        return ok('Two-factor enabled', {
          recoveryCodes: await twoFactor.activate(user, claims.sid, request.body, clientOf(request)),
        });
      },
    );

    app.post(
      '/auth/2fa/deactivate',
      userRoute({ body: ZTfaDeactivateRequest, response: { 200: ZNoData } }),
      async (request) => {
        const { user, claims } = authOf(request);
        await twoFactor.deactivate(user, claims.sid, request.body, clientOf(request));
        return ok('Two-factor disabled', null);
      },
    );
  };
}
